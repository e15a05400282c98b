/* session.c — the workbook as an interactive session: position, selection, typed input, grading, progress. */
#include "workbook/session.h"
#include "workbook/measure.h"
#include "rcuvis.h"
#include "util/utf8.h"
#include "commands.h"

#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* msg into the panel's message: whole lines only, and a last line that says more were left out
 * (a quiz folder with a handful of broken files was cut mid-line, the rest unmentioned) */
static void panel_message_whole_lines(char *out, size_t cap, const char *msg, bool msg_was_cut)
{
    static const char more[] = "\n… and more: rcuvis check on the quiz files lists every error";
    size_t n = strlen(msg);
    if (n < cap && !msg_was_cut) { memcpy(out, msg, n + 1); return; }
    size_t room = n < cap - sizeof more ? n : cap - sizeof more, keep = room;
    while (keep > 0 && msg[keep] != '\n') keep--; /* back to the end of a whole line */
    if (keep == 0) { /* one line, too long: its start, cut between two UTF-8 characters */
        keep = room;
        while (keep > 0 && ((unsigned char)msg[keep] & 0xC0) == 0x80) keep--;
    }
    memcpy(out, msg, keep);
    memcpy(out + keep, more, sizeof more);
}

int quiz_session_open(quiz_session *s, const char *quiz_dir, const char *progress_path, char *msg, size_t msglen)
{
    memset(s, 0, sizeof *s);
    s->last.status = -2;
    char dir[4096], ppath[4096], err[8192] = "";
    if (!quiz_dir) quiz_dir = rcuvis_data_path("quizzes", dir, sizeof dir);
    struct stat sb;
    bool one_file = stat(quiz_dir, &sb) == 0 && S_ISREG(sb.st_mode); /* a teacher's own file (--quiz) */
    if ((one_file ? quiz_set_add_file(&s->set, quiz_dir, err, sizeof err) : quiz_set_load_dir(&s->set, quiz_dir, err, sizeof err)) != 0 ||
        s->set.n == 0) {
        snprintf(msg, msglen, "no workbook: %s", err[0] ? err : "no quiz files found");
        quiz_set_free(&s->set);
        return -1;
    }
    msg[0] = 0;
    if (err[0]) snprintf(msg, msglen, "%s", err); /* a broken file does not hide the others */
    if (!progress_path) progress_path = progress_default_path(ppath, sizeof ppath);
    char pmsg[4096];
    if (progress_load(&s->prog, progress_path, pmsg, sizeof pmsg) != 0) {
        size_t n = strlen(msg);
        snprintf(msg + n, msglen - n, "%s%s", n ? "\n" : "", pmsg);
    }
    panel_message_whole_lines(s->message, sizeof s->message, msg, strlen(err) >= sizeof err - 1 || strlen(msg) >= msglen - 1);
    s->id_kept = s->prog.student[0] != 0; /* from the file; else drawn on first use (resume) */
    quiz_session_resume(s);
    return 0;
}

static void save(quiz_session *s);
static void add_time(quiz_session *s);

void quiz_session_close(quiz_session *s)
{
    add_time(s);
    bool changed = false;
    for (size_t i = 0; i < s->prog.n; i++) changed = changed || s->prog.e[i].dirty;
    if (changed) save(s); /* the time spent on the last question */
    quiz_set_free(&s->set);
    progress_free(&s->prog);
    free(s->stall_at);
    s->stall_at = NULL;
    s->nstall_at = 0;
    free(s->same_run);
    s->same_run = NULL;
    s->nsame_run = 0;
}

const quiz_file *quiz_session_file(const quiz_session *s) { return s->file < s->set.n ? &s->set.files[s->file] : NULL; }

const quiz_lesson *quiz_session_lesson(const quiz_session *s)
{
    const quiz_file *f = quiz_session_file(s);
    return f && s->lesson < f->nlessons ? &f->lessons[s->lesson] : NULL;
}

const quiz_question *quiz_session_question(const quiz_session *s)
{
    const quiz_lesson *l = quiz_session_lesson(s);
    return l && s->question < l->nquestions ? &l->questions[s->question] : NULL;
}

static void lesson_key(const quiz_session *s, char *buf, size_t n)
{
    quiz_lesson_key(quiz_session_file(s), quiz_session_lesson(s), buf, n);
}

const progress_entry *quiz_session_entry(const quiz_session *s)
{
    const quiz_question *q = quiz_session_question(s);
    if (!q) return NULL;
    char key[128];
    lesson_key(s, key, sizeof key);
    return progress_get((progress *)&s->prog, key, q->id, false);
}

/* The time since the question was opened (or last recorded) goes to its record, saved with the next save. */
static void add_time(quiz_session *s)
{
    const quiz_question *q = quiz_session_question(s);
    if (q && !s->review && s->since > 0) {
        char key[128];
        lesson_key(s, key, sizeof key);
        /* time counts for questions the student did something with (answer, hint, show) */
        if (progress_get(&s->prog, key, q->id, false)) wb_add_time(&s->prog, key, q->id, s->since);
    }
    s->since = wb_now();
}

void quiz_session_goto(quiz_session *s, size_t file, size_t lesson, size_t question)
{
    add_time(s);
    /* a place this set lacks goes to the nearest one it has: the monkey's click on a question dot drawn for
     * lesson 6 (23 dots) landed after a key had opened lesson 8 (4 questions), and the column's next
     * frame read a question that did not exist */
    if (file >= s->set.n) file = s->set.n ? s->set.n - 1 : 0;
    if (file < s->set.n && lesson >= s->set.files[file].nlessons) lesson = s->set.files[file].nlessons ? s->set.files[file].nlessons - 1 : 0;
    if (file < s->set.n && lesson < s->set.files[file].nlessons && question >= s->set.files[file].lessons[lesson].nquestions) {
        size_t n = s->set.files[file].lessons[lesson].nquestions;
        question = n ? n - 1 : 0;
    }
    s->file = file; s->lesson = lesson; s->question = question;
    s->sel = 0; s->cursor = 0; s->input[0] = 0; s->hint_shown = false;
    memset(&s->last, 0, sizeof s->last);
    s->last.status = -2;
    const progress_entry *e = quiz_session_entry(s);
    s->done = e && (e->correct || e->revealed);
    const quiz_question *q = quiz_session_question(s);
    if (!q) return;
    /* the order is fixed for this visit: counted from the answers given before it opened */
    if (s->review) quiz_order_identity(q, &s->order);
    else quiz_order_make(q, progress_student(&s->prog), e ? e->attempts : 0, &s->order);
    /* a question answered right comes back with that answer marked or typed: a student reviewing the
     * night before read a revisited choice with no mark, its options shuffled anew, as a lost answer.
     * Progress keeps the file's letters, marked here at their places in this visit's order */
    if (s->done && e && e->correct && e->last[0] && !s->review) {
        if (q->kind == QUIZ_CHOICE || q->kind == QUIZ_MULTI) {
            for (const char *c = e->last; *c; c++) {
                char shown = quiz_order_letter(&s->order, (size_t)(*c - 'a'));
                if (*c >= 'a' && (size_t)(*c - 'a') < q->nanswers && shown >= 'a') s->sel |= 1u << (shown - 'a');
            }
        } else if (strlen(e->last) < sizeof s->input) memcpy(s->input, e->last, strlen(e->last) + 1);
    }
}

void quiz_session_keep_student(quiz_session *s)
{
    if (s->id_kept) return;
    s->id_kept = true;
    progress_student(&s->prog);
    save(s); /* a no-op without a progress path */
}

void quiz_session_set_review(quiz_session *s, bool on)
{
    s->review = on;
    quiz_session_goto(s, s->file, s->lesson, s->question); /* teacher mode shows the file's order */
}

bool quiz_session_step(quiz_session *s, int dir)
{
    size_t f = s->file, l = s->lesson, q = s->question;
    if (dir > 0) {
        if (++q >= s->set.files[f].lessons[l].nquestions) {
            q = 0;
            if (++l >= s->set.files[f].nlessons) {
                l = 0;
                if (++f >= s->set.n) return false;
            }
        }
    } else {
        if (q-- == 0) {
            if (l-- == 0) {
                if (f-- == 0) return false;
                l = s->set.files[f].nlessons - 1;
            }
            q = s->set.files[f].lessons[l].nquestions - 1;
        }
    }
    quiz_session_goto(s, f, l, q);
    return true;
}

bool quiz_session_step_lesson(quiz_session *s, int dir)
{
    size_t f = s->file, l = s->lesson;
    if (dir > 0) {
        if (++l >= s->set.files[f].nlessons) { l = 0; if (++f >= s->set.n) return false; }
    } else if (l-- == 0) {
        if (f-- == 0) return false;
        l = s->set.files[f].nlessons - 1;
    }
    quiz_session_goto(s, f, l, 0);
    return true;
}

/* A lesson opened by its chip: its first question not done yet, or its first when all are (a student
 * back at lesson 3 after Show me landed on 3.1, not on the 3.9 they had left unfinished). */
void quiz_session_open_lesson(quiz_session *s, size_t f, size_t l)
{
    quiz_session_goto(s, f, l, 0);
    size_t n = s->set.files[s->file].lessons[s->lesson].nquestions;
    for (size_t q = 0; q < n; q++) {
        quiz_session_goto(s, f, l, q);
        if (!s->done) return;
    }
    quiz_session_goto(s, f, l, 0);
}

/* Where the student stopped: the first question not done at or after the lesson they last answered in
 * (wb_last_lesson()), else the first not done from the top. A student who did lessons 5 and 6 in the
 * terminal was put back at question 1.1 and told "Your place is kept". */
void quiz_session_resume(quiz_session *s)
{
    size_t f, l;
    if (wb_last_lesson(&s->prog, &s->set, &f, &l)) {
        quiz_session_goto(s, f, l, 0);
        do {
            if (!s->done) return;
        } while (quiz_session_step(s, +1));
    }
    quiz_session_goto(s, 0, 0, 0);
    do {
        if (!s->done) return;
    } while (quiz_session_step(s, +1));
    quiz_session_goto(s, 0, 0, 0); /* everything done: start over at the top */
}

bool quiz_session_scenario_lesson(const quiz_session *s, const char *scenario, size_t *file, size_t *lesson)
{
    if (!scenario || !*scenario) return false;
    const char *base = strrchr(scenario, '/');
    base = base ? base + 1 : scenario;
    size_t blen = strlen(base);
    if (blen > 5 && !strcmp(base + blen - 5, ".json")) blen -= 5; /* "omap-stall" or "omap-stall.json" */
    size_t best = 0;
    for (size_t f = 0; f < s->set.n; f++)
        for (size_t l = 0; l < s->set.files[f].nlessons; l++) {
            const quiz_lesson *ls = &s->set.files[f].lessons[l];
            size_t n = 0;
            for (size_t i = 0; i < ls->nquestions; i++) {
                const quiz_question *q = &ls->questions[i];
                n += q->has_scenario && strlen(q->scenario) == blen + 5 && !strncmp(q->scenario, base, blen);
            }
            if (n > best) { best = n; *file = f; *lesson = l; }
        }
    return best > 0;
}

int quiz_session_open_for(quiz_session *s, const char *scenario)
{
    size_t f, l;
    if (!quiz_session_scenario_lesson(s, scenario, &f, &l)) return QS_PLACE_NONE;
    /* "their place" is where quiz_session_resume() put them, where `rcuvis quiz` carries on too; it
     * only means something once they have started and while something is left */
    size_t touched = 0, done = 0, total = 0;
    for (size_t fi = 0; fi < s->set.n; fi++)
        for (size_t li = 0; li < s->set.files[fi].nlessons; li++) {
            wb_score sc;
            wb_lesson_score(&s->prog, &s->set.files[fi], &s->set.files[fi].lessons[li], &sc);
            touched += sc.total - sc.n[WB_UNTOUCHED];
            done += wb_score_done(&sc);
            total += sc.total;
        }
    if (touched && done < total) return QS_PLACE_KEPT;
    quiz_session_goto(s, f, l, 0);
    return QS_PLACE_MOVED;
}

void quiz_session_pick(quiz_session *s, int i)
{
    const quiz_question *q = quiz_session_question(s);
    if (!q || i < 0 || (size_t)i >= q->nanswers || q->kind == QUIZ_NUMERIC || q->kind == QUIZ_PREDICT) return;
    s->cursor = i;
    if (q->kind == QUIZ_CHOICE) s->sel = 1u << i;
    else s->sel ^= 1u << i;
}

void quiz_session_type(quiz_session *s, const char *text)
{
    size_t n = strlen(s->input);
    snprintf(s->input + n, sizeof s->input - n, "%s", text);
}

void quiz_session_backspace(quiz_session *s)
{
    utf8_pop(s->input); /* a whole UTF-8 character */
}

static void save(quiz_session *s)
{
    char err[512];
    if (s->prog.path[0] && progress_save(&s->prog, err, sizeof err) != 0) {
        snprintf(s->message, sizeof s->message, "cannot save progress: %s", err);
        fprintf(stderr, "rcuvis: cannot save progress: %s\n", err);
    }
    if (s->prog.note[0]) { /* the file was corrupted by someone else: say so here and on stderr */
        snprintf(s->message, sizeof s->message, "%.1000s", s->prog.note);
        fprintf(stderr, "rcuvis: %s\n", s->prog.note);
        s->prog.note[0] = 0;
    }
}

int quiz_session_submit(quiz_session *s)
{
    const quiz_question *q = quiz_session_question(s);
    if (!q) return -1;
    char typed[64] = "";
    if (q->kind == QUIZ_CHOICE || q->kind == QUIZ_MULTI) {
        for (size_t i = 0; i < q->nanswers; i++)
            if (s->sel & (1u << i)) { size_t n = strlen(typed); typed[n] = (char)('a' + i); typed[n + 1] = 0; }
    } else {
        snprintf(typed, sizeof typed, "%s", s->input);
    }
    quiz_grade_ordered(q, &s->order, typed, &s->last);
    if (s->last.status < 0 || s->review) return s->last.status;
    char key[128];
    lesson_key(s, key, sizeof key);
    progress_record(&s->prog, key, q->id, s->last.normalized, s->last.status == 1, (long long)wb_now());
    add_time(s);
    save(s);
    if (s->last.status == 1) s->done = true;
    return s->last.status;
}

static progress_entry *entry_for_update(quiz_session *s)
{
    const quiz_question *q = quiz_session_question(s);
    if (!q || s->review) return NULL;
    char key[128];
    lesson_key(s, key, sizeof key);
    return progress_get(&s->prog, key, q->id, true);
}

void quiz_session_hint(quiz_session *s)
{
    const quiz_question *q = quiz_session_question(s);
    if (!q || !q->hint) return;
    s->hint_shown = true;
    char key[128];
    if (!entry_for_update(s)) return;
    lesson_key(s, key, sizeof key);
    if (wb_mark_hint(&s->prog, key, q->id)) { add_time(s); save(s); }
}

bool quiz_session_unanswered_prediction(const quiz_session *s)
{
    const quiz_question *q = quiz_session_question(s);
    if (!q || q->kind != QUIZ_PREDICT || s->done || s->review) return false;
    const progress_entry *e = quiz_session_entry(s);
    return !e || (e->attempts == 0 && !e->revealed);
}

void quiz_session_looked(quiz_session *s)
{
    const quiz_question *q = quiz_session_question(s);
    char key[128];
    if (!q || !entry_for_update(s)) return;
    lesson_key(s, key, sizeof key);
    if (wb_mark_hint(&s->prog, key, q->id)) { add_time(s); save(s); }
}

void quiz_session_reveal(quiz_session *s)
{
    s->done = true;
    const quiz_question *q = quiz_session_question(s);
    char key[128];
    if (!q || !entry_for_update(s)) return;
    lesson_key(s, key, sizeof key);
    if (wb_mark_shown(&s->prog, key, q->id)) { add_time(s); save(s); }
}

/* Whether an rcu.mode override names the mode the scenario file has already: a question pins the
 * kernel its answer depends on (5.5's rcu.mode=softirq on omap-stall, which is 3.6), and that changes
 * nothing in the run. */
static bool mode_is_files_own(const quiz_question *q, const char *override)
{
    quiz_question bare = *q;
    bare.overrides = NULL;
    bare.noverrides = 0;
    rv_config cfg;
    char err[512];
    if (quiz_scenario_config(&bare, &cfg, err, sizeof err)) return false;
    bool same = !strcmp(override + strlen("rcu.mode="), rv_mode_name(cfg.rcu.mode));
    rv_config_free(&cfg);
    return same;
}

/* Overrides that only shorten the run (kept short so `rcuvis check` is fast), or that set the mode the
 * file has, do not change what happens before the end, so the question still belongs to the scenario
 * as the window plays it. */
static bool same_run_as_file(const quiz_question *q)
{
    if (q->has_seed) return false;
    for (size_t i = 0; i < q->noverrides; i++) {
        if (!strncmp(q->overrides[i], "duration_s=", 11)) continue;
        if (!strncmp(q->overrides[i], "rcu.mode=", 9) && mode_is_files_own(q, q->overrides[i])) continue;
        return false;
    }
    return true;
}

/* same_run_as_file(), found once per question (it may read the scenario file) */
static bool same_run_cached(quiz_session *s, const quiz_question *q, size_t flat)
{
    if (flat >= s->nsame_run) {
        signed char *n = realloc(s->same_run, flat + 1);
        if (!n) return same_run_as_file(q);
        memset(n + s->nsame_run, 0, flat + 1 - s->nsame_run);
        s->same_run = n;
        s->nsame_run = flat + 1;
    }
    if (!s->same_run[flat]) s->same_run[flat] = same_run_as_file(q) ? 1 : -1;
    return s->same_run[flat] > 0;
}

/* The moment of a question in seconds, or -1 when it has none (or its first stall never comes). */
static double moment_of(quiz_session *s, const quiz_question *q, size_t flat)
{
    if (!q->at_first_stall) return q->at_s;
    if (flat >= s->nstall_at) {
        double *n = realloc(s->stall_at, (flat + 1) * sizeof *n);
        if (!n) return -1;
        for (size_t k = s->nstall_at; k <= flat; k++) n[k] = 0;
        s->stall_at = n;
        s->nstall_at = flat + 1;
    }
    if (s->stall_at[flat] == 0) {
        double at;
        char err[256];
        s->stall_at[flat] = quiz_moment_resolve(q, &at, err, sizeof err) == 0 ? at : -1;
    }
    return s->stall_at[flat];
}

bool quiz_session_moment(quiz_session *s, const char *scenario, double prev_s, double now_s)
{
    const char *base = strrchr(scenario, '/');
    base = base ? base + 1 : scenario;
    size_t flat = 0;
    for (size_t f = 0; f < s->set.n; f++)
        for (size_t l = 0; l < s->set.files[f].nlessons; l++)
            for (size_t i = 0; i < s->set.files[f].lessons[l].nquestions; i++, flat++) {
                const quiz_question *q = &s->set.files[f].lessons[l].questions[i];
                /* other settings or another seed make it a different run from the one on screen */
                if (!q->has_at || strcmp(q->scenario, base) || !same_run_cached(s, q, flat)) continue;
                double at = moment_of(s, q, flat);
                if (at >= 0 && at > prev_s && at <= now_s) { quiz_session_goto(s, f, l, i); return true; }
            }
    return false;
}
