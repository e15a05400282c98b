/* score.c — how each question was answered (first try, after retries, with help), per lesson; spaced review; the clock. */
#include "workbook/score.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static wb_clock_fn g_clock;

static double real_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

void wb_set_clock(wb_clock_fn fn) { g_clock = fn; }
double wb_now(void) { return g_clock ? g_clock() : real_now(); }

void wb_add_time(progress *p, const char *lesson, const char *qid, double since)
{
    double d = wb_now() - since;
    if (d <= 0) return; /* the clock stepped back, or no time passed: nothing to add */
    progress_entry *e = progress_get(p, lesson, qid, true);
    if (e) e->seconds += d < WB_VISIT_CAP_S ? d : WB_VISIT_CAP_S;
}

const char *wb_outcome_name(enum wb_outcome o)
{
    static const char *const names[WB_NOUTCOMES] = {"not answered", "to do", "first try", "after retries", "with help"};
    return o < WB_NOUTCOMES ? names[o] : "?";
}

enum wb_outcome wb_outcome_of(const progress_entry *e)
{
    if (!e || (!e->attempts && !e->revealed)) return WB_UNTOUCHED;
    if (e->correct && e->first_ok) return WB_FIRST_TRY;
    if (e->correct && !e->helped) return WB_RETRIES;
    if (e->correct || e->revealed) return WB_HELPED;
    return WB_OPEN;
}

void wb_lesson_score(const progress *p, const quiz_file *f, const quiz_lesson *l, wb_score *out)
{
    memset(out, 0, sizeof *out);
    char key[128];
    quiz_lesson_key(f, l, key, sizeof key);
    for (size_t i = 0; i < l->nquestions; i++) {
        const progress_entry *e = p ? progress_get((progress *)p, key, l->questions[i].id, false) : NULL;
        enum wb_outcome o = wb_outcome_of(e);
        out->n[o]++;
        out->total++;
        out->hinted_only += o == WB_UNTOUCHED && e && e->hinted;
    }
}

size_t wb_score_done(const wb_score *s) { return s->n[WB_FIRST_TRY] + s->n[WB_RETRIES] + s->n[WB_HELPED]; }

void wb_score_format(const wb_score *s, char *buf, size_t bufsz)
{
    static const enum wb_outcome order[] = {WB_FIRST_TRY, WB_RETRIES, WB_HELPED};
    size_t n = 0;
    buf[0] = 0;
    for (size_t i = 0; i < 3; i++)
        if (s->n[order[i]] && n < bufsz)
            n += (size_t)snprintf(buf + n, bufsz - n, "%s%zu %s", n ? ", " : "", s->n[order[i]], wb_outcome_name(order[i]));
    size_t todo = s->n[WB_OPEN] + s->n[WB_UNTOUCHED];
    /* a lesson never opened is not a verdict ("none of 7 done" read as failing it); quiz --list says the same */
    if (!n && s->n[WB_UNTOUCHED] == s->total && s->hinted_only)
        snprintf(buf, bufsz, "opened, none of %zu answered yet", s->total);
    else if (!n && s->n[WB_UNTOUCHED] == s->total) snprintf(buf, bufsz, "not started (%zu question%s)", s->total, s->total == 1 ? "" : "s");
    else if (!n) snprintf(buf, bufsz, "none of %zu done yet", s->total);
    else if (todo && n < bufsz) snprintf(buf + n, bufsz - n, ", %zu to do", todo);
}

bool wb_mark_hint(progress *p, const char *lesson, const char *qid)
{
    progress_entry *e = progress_get(p, lesson, qid, true);
    if (!e || e->hinted) return false;
    e->hinted = true;
    e->updated = (long long)wb_now();
    return true;
}

bool wb_mark_shown(progress *p, const char *lesson, const char *qid)
{
    progress_entry *e = progress_get(p, lesson, qid, true);
    if (!e || e->revealed || e->correct) return false;
    e->revealed = e->helped = true;
    e->updated = (long long)wb_now();
    if (!e->first_at) e->first_at = e->updated;
    return true;
}

void wb_mark_review(progress *p, const char *lesson, const char *qid, bool first_of_visit, bool right_unhelped)
{
    if (!first_of_visit) return;
    progress_entry *e = progress_get(p, lesson, qid, true);
    if (!e) return;
    e->review_at = (long long)wb_now();
    e->review_ok = right_unhelped;
}

static int by_since(const void *a, const void *b)
{
    const wb_due *x = a, *y = b;
    if (x->since != y->since) return x->since < y->since ? -1 : 1;
    /* equal times keep the workbook's order */
    if (x->file != y->file) return x->file < y->file ? -1 : 1;
    if (x->lesson != y->lesson) return x->lesson < y->lesson ? -1 : 1;
    return x->question < y->question ? -1 : x->question > y->question;
}

void wb_each_question(const quiz_set *set, const progress *p, void (*fn)(void *ctx, const wb_question_ref *q), void *ctx)
{
    for (size_t fi = 0; fi < set->n; fi++)
        for (size_t li = 0; li < set->files[fi].nlessons; li++) {
            const quiz_lesson *l = &set->files[fi].lessons[li];
            char key[128];
            quiz_lesson_key(&set->files[fi], l, key, sizeof key);
            for (size_t qi = 0; qi < l->nquestions; qi++) {
                wb_question_ref q = {fi, li, qi, l, key, progress_get((progress *)p, key, l->questions[qi].id, false)};
                fn(ctx, &q);
            }
        }
}

typedef struct due_walk { const quiz_lesson *only; wb_due *v; size_t n, cap; } due_walk;

static void add_due(void *ctx, const wb_question_ref *q)
{
    due_walk *w = ctx;
    enum wb_outcome o = wb_outcome_of(q->e);
    if ((w->only && q->l != w->only) || o == WB_UNTOUCHED || o == WB_FIRST_TRY || q->e->review_ok) return;
    if (w->n == w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 16;
        wb_due *nd = realloc(w->v, cap * sizeof *nd);
        if (!nd) return;
        w->v = nd;
        w->cap = cap;
    }
    const progress_entry *e = q->e;
    long long since = e->review_at ? e->review_at : e->first_at ? e->first_at : e->updated;
    w->v[w->n++] = (wb_due){q->file, q->lesson, q->question, since};
}

size_t wb_review_queue(const progress *p, const quiz_set *set, const quiz_lesson *only_lesson, wb_due **out)
{
    due_walk w = {only_lesson, NULL, 0, 0};
    wb_each_question(set, p, add_due, &w);
    if (w.n) qsort(w.v, w.n, sizeof *w.v, by_since);
    *out = w.v;
    return w.n;
}

typedef struct last_walk { long long latest; size_t file, lesson; } last_walk;

/* by first_at, the question's first answer (or its answer shown): a review answer or a hint read later
 * moves `updated` too, and one review of 1.3 sent a student who had stopped at 6.3 back to lesson 2 */
static void note_latest(void *ctx, const wb_question_ref *q)
{
    last_walk *w = ctx;
    if (!q->e || !q->e->first_at || q->e->first_at < w->latest) return;
    w->latest = q->e->first_at; /* a tie (one-second clock): the later question in the workbook's order */
    w->file = q->file;
    w->lesson = q->lesson;
}

bool wb_last_lesson(const progress *p, const quiz_set *set, size_t *file, size_t *lesson)
{
    last_walk w = {-1, 0, 0};
    wb_each_question(set, p, note_latest, &w);
    if (w.latest < 0) return false;
    *file = w.file;
    *lesson = w.lesson;
    return true;
}
