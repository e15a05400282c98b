/* term.c — the workbook in a terminal: ask a lesson's questions on a stream, or print it for review. */
#include "workbook/term.h"
#include "workbook/score.h"
#include "paths.h"
#include "workbook/glossary.h"
#include "rcuvis.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/ioctl.h>
#include <unistd.h>

/*
 * Works the same on a terminal and on a pipe (tests drive it that way): one answer per input line,
 * nothing depends on terminal modes, end of input saves and ends cleanly. Progress is saved after
 * every answer, so a dropped SSH session loses nothing.
 */

void quiz_wrap(FILE *out, const char *text, int indent, int width)
{
    int avail = width - indent > 20 ? width - indent : 20;
    const char *p = text;
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t para = eol ? (size_t)(eol - p) : strlen(p);
        /* one paragraph: greedy word wrap counting UTF-8 characters, not bytes */
        size_t i = 0;
        if (para == 0) fprintf(out, "\n");
        while (i < para) {
            while (i < para && p[i] == ' ') i++;
            size_t start = i, last_space = 0, cols = 0, j = i;
            for (; j < para; j++) {
                if (((unsigned char)p[j] & 0xC0) != 0x80) cols++;
                if ((int)cols > avail) break;
                /* break only at a lone space: a run of spaces is content (4.1's answers differ by the
                 * two spaces before "(t=", and a break there printed them alike) */
                bool lone = p[j] == ' ' && !(j > start && p[j - 1] == ' ') && !(j + 1 < para && p[j + 1] == ' ');
                if (lone) last_space = j;
            }
            size_t end = j;
            if (j < para && last_space > start) end = last_space;
            fprintf(out, "%*s%.*s\n", indent, "", (int)(end - start), p + start);
            i = end;
        }
        p += para;
        if (*p == '\n') p++;
    }
}

/* "  a) text that wraps" with the continuation lines hanging under the text, not under "a)" */
static void wrap_hanging(FILE *out, const char *lead, const char *text, int indent, int width)
{
    int hang = indent + (int)strlen(lead);
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem) return;
    quiz_wrap(mem, text, hang, width);
    fclose(mem);
    if (len >= (size_t)hang) fprintf(out, "%*s%s%s", indent, "", lead, buf + hang);
    free(buf);
}

/* A command to copy and paste: broken only between its arguments (an option stays with its value),
 * each broken line ending in " \\" so that the pasted lines are still one command. */
void quiz_wrap_command(FILE *out, const char *lead, const char *const *args, size_t nargs, int indent, int width)
{
    int col = fprintf(out, "%*s%s", indent, "", lead);
    for (size_t i = 0; i < nargs; i++) {
        int len = (int)strlen(args[i]);
        /* room for " ARG", and for " \\" unless it is the last */
        if (i && col + 1 + len + (i + 1 < nargs ? 2 : 0) > width) {
            fprintf(out, " \\\n");
            col = fprintf(out, "%*s", indent + 4, "");
        } else if (i || lead[0]) col += fprintf(out, " ");
        col += fprintf(out, "%s", args[i]);
    }
    fprintf(out, "\n");
}

static long long now_s(void) { return (long long)wb_now(); }

static void save(quiz_term *t)
{
    if (!t->prog) return;
    char err[512];
    if (progress_save(t->prog, err, sizeof err) != 0) {
        if (!t->save_failed) fprintf(stderr, "rcuvis: cannot save progress: %s\n", err);
        t->save_failed = true;
    }
    if (t->prog->note[0]) {
        fprintf(stderr, "rcuvis: %s\n", t->prog->note);
        t->prog->note[0] = 0;
    }
}

void quiz_term_lesson_stats(progress *p, const quiz_file *f, const quiz_lesson *l, size_t *right, size_t *shown)
{
    char key[128];
    quiz_lesson_key(f, l, key, sizeof key);
    *right = *shown = 0;
    for (size_t i = 0; p && i < l->nquestions; i++) {
        const progress_entry *e = progress_get(p, key, l->questions[i].id, false);
        if (e && e->correct) (*right)++;
        else if (e && e->revealed) (*shown)++;
    }
}

static void print_moment_shot(FILE *out, const quiz_question *q, int width);

static void print_scenario(FILE *out, const quiz_question *q, int width)
{
    if (!q->has_scenario) return;
    char line[1024];
    int n = snprintf(line, sizeof line, "Scenario: %s", q->scenario);
    for (size_t i = 0; i < q->noverrides && n < (int)sizeof line; i++)
        n += snprintf(line + n, sizeof line - (size_t)n, "%s%s", i ? ", " : " with ", q->overrides[i]);
    if (q->has_seed && n < (int)sizeof line) n += snprintf(line + n, sizeof line - (size_t)n, ", seed %llu", (unsigned long long)q->seed);
    if (q->has_at && n < (int)sizeof line) {
        if (q->at_first_stall) snprintf(line + n, sizeof line - (size_t)n, ", at the first stall warning");
        else snprintf(line + n, sizeof line - (size_t)n, ", at %g s", q->at_s);
    }
    quiz_wrap(out, line, 2, width);
    /* a prediction's moment would show its answer (a caption, the tree): its picture comes with the
     * answer (print_moment_shot() under "Try it:") */
    if (q->kind != QUIZ_PREDICT) print_moment_shot(out, q, width);
}

/* The window's "show me" moment, in a terminal: the command for a picture of it. */
static void print_moment_shot(FILE *out, const quiz_question *q, int width)
{
    if (q->has_at && !q->at_first_stall && q->noverrides == 0 && !q->has_seed) {
        char scen[2200], at[48], png[64], fl[48];
        quiz_scenario_arg(q, scen, sizeof scen); /* the shipped name where there is one: a path into the source tree works only there */
        snprintf(at, sizeof at, "--at %g", q->at_s);
        snprintf(png, sizeof png, "-o q%s.png", q->id);
        const char *args[6] = {rcuvis_command_name(), "shot", scen, at};
        size_t n = 4;
        /* the flavor the answer is about: the picture shows rcu_sched's tree unless told (1.6's rcu_preempt
         * question drew rcu_sched's, every bit owed, against its answer of none) */
        if (q->kind == QUIZ_PREDICT && q->measure.flavor >= 0 && q->measure.flavor != RV_SCHED) {
            snprintf(fl, sizeof fl, "--flavor %s", rv_flavor_name(q->measure.flavor));
            args[n++] = fl;
        }
        args[n++] = png;
        quiz_wrap_command(out, "That moment as a picture:", args, n, 2, width);
    }
}

/* The glossary terms a question's text and options use that this session has not explained yet. */
typedef struct term_hits { quiz_term *t; const char *found[8]; size_t n; } term_hits;

/* Entries longer than this are shown whole once; met again in a later session, one line of them. */
enum { LONG_ENTRY = 200 };

static void note_term(void *ctx, const char *term, const char *at, size_t len)
{
    term_hits *h = ctx;
    (void)at; (void)len;
    /* terms of the window's own marks, which in a question's prose are plain English ("passed through
     * the idle loop" is not the CPU tile's ◐) */
    if (!strcmp(term, "passed") || !strcmp(term, "branch")) return;
    for (size_t i = 0; i < h->t->nterms_seen; i++) if (!strcmp(h->t->terms_seen[i], term)) return;
    for (size_t i = 0; i < h->n; i++) if (!strcmp(h->found[i], term)) return;
    if (h->n < sizeof h->found / sizeof *h->found) h->found[h->n++] = term;
}

/* Does a glossary line state the number a numeric or predict question asks for? Under 7.2 ("at most
 * how many callbacks ... (blimit)?") blimit's line, "10 by default", answered the question the moment
 * it was asked. Every number in the line is graded as if the student had typed it. */
static bool line_gives_answer(const quiz_question *q, const char *line)
{
    if (q->kind != QUIZ_NUMERIC && q->kind != QUIZ_PREDICT) return false;
    if (q->kind == QUIZ_PREDICT && q->expected.is_bool) return false;
    for (const char *s = line; *s; s++) {
        if (!isdigit((unsigned char)*s) || (s > line && (isalnum((unsigned char)s[-1]) || s[-1] == '_' || s[-1] == '.'))) continue;
        char num[32];
        size_t n = 0;
        while ((isdigit((unsigned char)s[n]) || (s[n] == '.' && isdigit((unsigned char)s[n + 1]))) && n + 1 < sizeof num) {
            num[n] = s[n];
            n++;
        }
        num[n] = 0;
        s += n - 1;
        quiz_result r;
        quiz_grade(q, num, &r);
        if (r.status == 1) return true;
    }
    return false;
}

static bool held_for_after(const quiz_question *q, const char *term)
{
    for (size_t i = 0; i < q->nterms_after; i++)
        if (glossary_term(q->terms_after[i], NULL) == glossary_term(term, NULL)) return true;
    return false;
}

/* Is term held back (terms_after_answer) by a question after q in q's lesson that the student has not
 * answered yet? Then printing its entry after q's answer gives that one away: blimit's entry, shown
 * after 7.3, answered 7.7, which holds it too. Under a question the rule stays per question: an
 * earlier lesson's basic terms ("quiescent state", held by 3.1) are not withheld for later ones. */
static bool held_later(const quiz_term *t, const quiz_question *q, const char *term)
{
    for (size_t l = 0; t->file && l < t->file->nlessons; l++) {
        const quiz_lesson *ls = &t->file->lessons[l];
        if (q < ls->questions || q >= ls->questions + ls->nquestions) continue;
        char key[128];
        quiz_lesson_key(t->file, ls, key, sizeof key);
        for (const quiz_question *o = q + 1; o < ls->questions + ls->nquestions; o++)
            if (held_for_after(o, term) && !(t->prog && progress_get(t->prog, key, o->id, false))) return true;
    }
    return false;
}

/* After the answer, the terms held back from under the question (terms_after_answer): now they only
 * restate what the explanation said. One a later question of the lesson also holds waits for that one. */
static void print_terms_after(quiz_term *t, const quiz_question *q)
{
    bool any = false;
    for (size_t i = 0; i < q->nterms_after; i++) {
        const char *term = glossary_term(q->terms_after[i], NULL), *line = term ? glossary_line(term) : NULL;
        bool seen = false;
        for (size_t k = 0; k < t->nterms_seen && term; k++) seen |= !strcmp(t->terms_seen[k], term);
        if (!line || seen || held_later(t, q, term)) continue;
        if (!any) { fprintf(t->out, "\n"); quiz_wrap(t->out, "Terms:", 2, t->width); any = true; }
        char lead[64];
        snprintf(lead, sizeof lead, "%s: ", term);
        wrap_hanging(t->out, lead, line, 4, t->width);
        if (t->nterms_seen < sizeof t->terms_seen / sizeof *t->terms_seen) t->terms_seen[t->nterms_seen++] = term;
    }
}

/* Does term occur in q's text or options (as glossary_scan() finds it)? */
typedef struct term_probe { const char *term; bool found; } term_probe;
static void probe_hit(void *ctx, const char *term, const char *at, size_t len)
{
    (void)at; (void)len;
    term_probe *p = ctx;
    p->found |= !strcmp(p->term, term);
}
static bool question_uses(const quiz_question *q, const char *term)
{
    term_probe p = {term, false};
    glossary_scan(q->question, NULL, probe_hit, &p);
    for (size_t i = 0; i < q->nanswers && q->kind != QUIZ_NUMERIC && !p.found; i++) glossary_scan(q->answers[i].text, NULL, probe_hit, &p);
    return p.found;
}

/* Did the student meet term's entry before this session: under an earlier question of the file (in
 * its order) that uses the term, not holding it back, and that they answered, hinted or were shown?
 * "quiescent state" took nine lines under the first question of every lesson a student opened in a
 * new session. */
static bool met_before(const quiz_term *t, const quiz_question *q, const char *term)
{
    if (!t->prog || !t->file) return false;
    for (size_t l = 0; l < t->file->nlessons; l++) {
        const quiz_lesson *ls = &t->file->lessons[l];
        char key[128];
        quiz_lesson_key(t->file, ls, key, sizeof key);
        for (size_t i = 0; i < ls->nquestions; i++) {
            const quiz_question *o = &ls->questions[i];
            if (o == q) return false;
            bool held = false;
            for (size_t k = 0; k < o->nterms_after; k++) held |= glossary_term(o->terms_after[k], NULL) == glossary_term(term, NULL);
            if (!held && question_uses(o, term) && progress_get(t->prog, key, o->id, false)) return true;
        }
    }
    return false;
}

/* A long entry's first sentence, cut at a word near max columns: its one line for a student who has
 * read it whole before. */
static void first_sentence(const char *line, char *buf, size_t bufsz, size_t max)
{
    const char *end = strstr(line, ". ");
    size_t n = end ? (size_t)(end - line) + 1 : strlen(line);
    if (n > max) {
        n = max;
        while (n > 0 && line[n] != ' ') n--;
        snprintf(buf, bufsz, "%.*s ...", (int)n, line);
        return;
    }
    snprintf(buf, bufsz, "%.*s", (int)n, line);
}

static void print_terms(quiz_term *t, const quiz_question *q)
{
    term_hits h = {.t = t};
    glossary_scan(q->question, NULL, note_term, &h);
    for (size_t i = 0; i < q->nanswers && q->kind != QUIZ_NUMERIC; i++) glossary_scan(q->answers[i].text, NULL, note_term, &h);
    /* a term whose line would give the answer away stays unexplained here (and unseen, for later): a
     * number the line states, or a term the question names in terms_after_answer (2.8's NR_CPUS line
     * spelled out the trick) */
    size_t kept = 0;
    char later[256] = "";
    for (size_t i = 0; i < h.n; i++) {
        const char *line = glossary_line(h.found[i]);
        bool held = held_for_after(q, h.found[i]);
        if ((!line || !line_gives_answer(q, line)) && !held) h.found[kept++] = h.found[i];
        /* a held term is named, so that a student who does not know it knows it is coming */
        else if (held && strlen(later) + strlen(h.found[i]) + 3 < sizeof later)
            snprintf(later + strlen(later), sizeof later - strlen(later), "%s%s", later[0] ? ", " : "", h.found[i]);
    }
    h.n = kept;
    if (!h.n && !later[0]) return;
    if (q->kind != QUIZ_NUMERIC && q->nanswers) fprintf(t->out, "\n"); /* after the options; a number's prompt has its own */
    if (h.n) quiz_wrap(t->out, "Terms (rcuvis glossary explains them all):", 2, t->width);
    for (size_t i = 0; i < h.n; i++) {
        const char *line = glossary_line(h.found[i]);
        if (!line) continue;
        char lead[64], one[200], shortened[320];
        snprintf(lead, sizeof lead, "%s: ", h.found[i]);
        if (strlen(line) > LONG_ENTRY && met_before(t, q, h.found[i])) {
            /* said to be shortened, and where the rest is: a question may turn on a clause the cut
             * left out (8.1 on rcu_bh's quiescent states, which "quiescent state" names last) */
            first_sentence(line, one, sizeof one, 140);
            snprintf(shortened, sizeof shortened, "%s (shortened: rcuvis glossary \"%s\" has all of it)", one, h.found[i]);
            line = shortened;
        }
        wrap_hanging(t->out, lead, line, 4, t->width);
        if (t->nterms_seen < sizeof t->terms_seen / sizeof *t->terms_seen) t->terms_seen[t->nterms_seen++] = h.found[i];
    }
    if (later[0]) {
        char note[360];
        snprintf(note, sizeof note, "Explained after you answer, as their entries would give the answer away: %s.", later);
        quiz_wrap(t->out, note, 2, t->width);
    }

}

static void print_question(quiz_term *t, const quiz_lesson *l, const quiz_question *q, size_t idx, const quiz_order *o)
{
    FILE *out = t->out;
    if (t->reviewing) fprintf(out, "\n--- Review: %s: question %s ---\n", l->title, q->id);
    else fprintf(out, "\n--- %s: question %s (%zu of %zu) ---\n", l->title, q->id, idx + 1, l->nquestions);
    /* what the answer rests on: a student revising the article alone knows which ones it answers */
    if (q->basis != QB_NONE) fprintf(out, "  [%s]\n", quiz_basis_label(q->basis));
    if (q->source) quiz_wrap(out, q->source, 2, t->width);
    quiz_wrap(out, q->question, 0, t->width);
    print_scenario(out, q, t->width);
    fprintf(out, "\n");
    for (size_t i = 0; i < q->nanswers && q->kind != QUIZ_NUMERIC; i++) {
        char lead[8];
        snprintf(lead, sizeof lead, "%c) ", (char)('a' + i));
        wrap_hanging(out, lead, q->answers[o->shown[i]].text, 2, t->width);
    }
    print_terms(t, q);
}

static const char *prompt_for(const quiz_question *q)
{
    switch (q->kind) {
    case QUIZ_CHOICE: return "Your answer (a letter";
    case QUIZ_MULTI: return "Your answers (every letter that applies, e.g. \"a c\"";
    case QUIZ_NUMERIC: return "Your answer (a number";
    default: return q->expected.is_bool ? "Your prediction (yes or no" : "Your prediction (a number";
    }
}

/* Read one line without its newline; false at end of input. */
static bool read_line(FILE *in, char *buf, size_t n)
{
    if (!fgets(buf, (int)n, in)) return false;
    size_t len = strlen(buf);
    if (len && buf[len - 1] != '\n' && !feof(in)) {
        int c;
        while ((c = fgetc(in)) != EOF && c != '\n') {} /* drop the rest of an overlong line */
    }
    while (len && (buf[len - 1] == '\n' || buf[len - 1] == '\r')) buf[--len] = 0;
    return true;
}

/* missed: the student gave a wrong answer in this visit or asked for the answer. The trick
 * question's note is for them; after a right answer at the first try it would be false. */
static void show_answer(quiz_term *t, const quiz_question *q, const quiz_order *o, bool missed)
{
    char ans[160];
    quiz_correct_answer_ordered(q, o, ans, sizeof ans);
    char line[256];
    snprintf(line, sizeof line, "The answer: %s%s", ans, q->kind == QUIZ_PREDICT ? ", computed by running the simulation" : "");
    fprintf(t->out, "\n");
    quiz_wrap(t->out, line, 0, t->width);
    if (q->trick && missed) quiz_wrap(t->out, "(A trick question: the answer that looks obvious is not it; the explanation says why.)", 0, t->width);
    fprintf(t->out, "\n");
    quiz_wrap(t->out, q->explanation, 2, t->width);
    print_terms_after(t, q);
    if (q->has_scenario) {
        /* on SSH there is no window to "show me": give the command that runs the same setup */
        char scen[2200], seed[48], until[48];
        char(*sets)[300] = calloc(q->noverrides ? q->noverrides : 1, sizeof *sets);
        const char **args = calloc(q->noverrides + 6, sizeof *args);
        if (!sets || !args) { free(sets); free(args); return; }
        size_t n = 0;
        args[n++] = rcuvis_command_name(); /* "build/rcuvis" when run from the source tree */
        args[n++] = "run";
        quiz_scenario_arg(q, scen, sizeof scen); /* the shipped name where there is one: a path into the source tree works only there */
        args[n++] = scen;
        for (size_t i = 0; i < q->noverrides; i++) {
            snprintf(sets[i], sizeof sets[i], "--set %s", q->overrides[i]);
            args[n++] = sets[i];
        }
        if (q->has_seed) {
            snprintf(seed, sizeof seed, "--seed %llu", (unsigned long long)q->seed);
            args[n++] = seed;
        }
        if (q->kind == QUIZ_PREDICT && q->measure.kind == QM_HOLDOUT_CPU) {
            /* the question is about the tree at one moment: stop there and print it as debugfs
             * rcuhier did (qsmask per node, G for a preempted reader); the run's end says nothing of it */
            snprintf(until, sizeof until, "--duration %g", q->measure.at_s);
            args[n++] = until;
            args[n++] = "--debugfs";
        }
        fprintf(t->out, "\n");
        quiz_wrap_command(t->out, "Try it:", args, n, 2, t->width);
        if (q->kind == QUIZ_PREDICT) print_moment_shot(t->out, q, t->width);
        free(sets);
        free(args);
    }
}

/* One visit of a question, options in the order o, until it is answered right, shown, or left. */
static int ask_visit(quiz_term *t, const char *key, const quiz_lesson *l, const quiz_question *q, size_t idx, const quiz_order *o)
{
    print_question(t, l, q, idx, o);
    bool helped = false, answered = false; /* in this visit: hint read, an answer graded */
    bool retry = false;
    for (;;) {
        char prompt[192];
        snprintf(prompt, sizeof prompt, "%s%s; h hint, s show the answer, q quit)", retry ? "Try again. " : "", prompt_for(q));
        quiz_wrap(t->out, prompt, 0, t->width);
        fprintf(t->out, "> ");
        fflush(t->out);
        char line[256];
        if (!read_line(t->in, line, sizeof line)) { fprintf(t->out, "\n"); return QT_EOF; }
        /* commands are single letters no answer uses: answers are a..g, yes/no or numbers */
        char cmd[8] = "", extra[8] = "";
        sscanf(line, " %7s %7s", cmd, extra);
        bool single = !extra[0];
        if (single && !strcmp(cmd, "q")) return QT_QUIT;
        if (single && !strcmp(cmd, "h")) {
            if (q->hint) { fprintf(t->out, "Hint:\n"); quiz_wrap(t->out, q->hint, 2, t->width); }
            else fprintf(t->out, "No hint for this one.\n");
            helped = helped || q->hint;
            if (t->prog && q->hint && wb_mark_hint(t->prog, key, q->id)) save(t);
            continue;
        }
        if (single && !strcmp(cmd, "s")) {
            if (t->prog) {
                wb_mark_shown(t->prog, key, q->id);
                if (t->reviewing) wb_mark_review(t->prog, key, q->id, !answered, false);
            }
            show_answer(t, q, o, true);
            return QT_CONTINUE;
        }
        quiz_result r;
        quiz_grade_ordered(q, o, line, &r);
        if (r.status < 0) { fprintf(t->out, "%s\n", r.message); continue; }
        if (t->prog) {
            progress_record(t->prog, key, q->id, r.normalized, r.status == 1, now_s());
            if (t->reviewing) wb_mark_review(t->prog, key, q->id, !answered, r.status == 1 && !helped);
            save(t);
        }
        answered = true;
        fprintf(t->out, "%s\n", r.status ? "Correct." : "Not quite.");
        if (r.message[0]) quiz_wrap(t->out, r.message, 2, t->width);
        if (r.status) { show_answer(t, q, o, retry); return QT_CONTINUE; }
        retry = true;
    }
}

/* Ask one question: its order is fixed for the visit (counted from the answers given before it
 * opened), and the visit's time is added to the question's record if it has one. */
static int ask(quiz_term *t, const char *key, const quiz_lesson *l, const quiz_question *q, size_t idx)
{
    const progress_entry *before = t->prog ? progress_get(t->prog, key, q->id, false) : NULL;
    quiz_order o;
    /* a new student's id seeds the order: it is saved before the first question shows, or a student
     * who quit before answering came back to the same question in a new order (and their letter
     * from last time named another option); the window does the same (quiz_session_keep_student()) */
    bool new_student = t->prog && !t->prog->student[0] && t->prog->path[0]; /* no path: nothing is saved, and it was said */
    if (t->prog) quiz_order_make(q, progress_student(t->prog), before ? before->attempts : 0, &o);
    else quiz_order_identity(q, &o);
    if (new_student) save(t);
    double since = wb_now();
    int rc = ask_visit(t, key, l, q, idx, &o);
    /* time counts for questions the student did something with (answer, hint, show) */
    if (t->prog && progress_get(t->prog, key, q->id, false)) { wb_add_time(t->prog, key, q->id, since); save(t); }
    return rc;
}

int quiz_term_lesson(quiz_term *t, const quiz_file *f, const quiz_lesson *l, bool only_unfinished)
{
    char key[128];
    quiz_lesson_key(f, l, key, sizeof key);
    fprintf(t->out, "\n=== Lesson %s: %s ===\n", l->id, l->title);
    if (l->intro) quiz_wrap(t->out, l->intro, 0, t->width);
    for (size_t i = 0; i < l->nquestions; i++) {
        const quiz_question *q = &l->questions[i];
        const progress_entry *e = t->prog ? progress_get(t->prog, key, q->id, false) : NULL;
        if (only_unfinished && e && (e->correct || e->revealed)) continue;
        t->file = f;
        int rc = ask(t, key, l, q, i);
        if (rc != QT_CONTINUE) return rc;
    }
    wb_score sc;
    char line[160];
    wb_lesson_score(t->prog, f, l, &sc);
    wb_score_format(&sc, line, sizeof line);
    fprintf(t->out, "\n=== End of lesson %s: %zu of %zu done: %s ===\n", l->id, wb_score_done(&sc), sc.total, line);
    return QT_CONTINUE;
}

int quiz_term_review(quiz_term *t, const quiz_set *set, const quiz_lesson *only)
{
    wb_due *due = NULL;
    size_t n = wb_review_queue(t->prog, set, only, &due);
    if (!n) {
        fprintf(t->out, "Nothing to review%s: every question you answered was right at the first try, or has "
                        "been reviewed since.\n", only ? " in this lesson" : "");
        free(due);
        return QT_CONTINUE;
    }
    fprintf(t->out, "Review: %zu question%s you did not get right at the first try, oldest first.\n", n, n == 1 ? "" : "s");
    int rc = QT_CONTINUE;
    t->reviewing = true;
    for (size_t i = 0; i < n && rc == QT_CONTINUE; i++) {
        const quiz_file *f = &set->files[due[i].file];
        const quiz_lesson *l = &f->lessons[due[i].lesson];
        char key[128];
        quiz_lesson_key(f, l, key, sizeof key);
        t->file = f;
        rc = ask(t, key, l, &l->questions[due[i].question], due[i].question);
    }
    t->reviewing = false;
    free(due);
    if (rc == QT_CONTINUE) fprintf(t->out, "\n=== End of the review ===\n");
    return rc;
}

void quiz_term_teacher(FILE *out, int width, const quiz_file *f, const quiz_lesson *l)
{
    fprintf(out, "\n=== Lesson %s: %s (%s) ===\n", l->id, l->title, f->id);
    if (l->intro) quiz_wrap(out, l->intro, 0, width);
    for (size_t i = 0; i < l->nquestions; i++) {
        const quiz_question *q = &l->questions[i];
        fprintf(out, "\n--- %s [%s%s%s%s] ---\n", q->id, quiz_kind_name(q->kind), q->trick ? ", trick" : "",
                q->basis != QB_NONE ? ", " : "", quiz_basis_label(q->basis));
        if (q->source) quiz_wrap(out, q->source, 2, width);
        quiz_wrap(out, q->question, 0, width);
        print_scenario(out, q, width);
        for (size_t a = 0; a < q->nanswers; a++) {
            const quiz_answer *ans = &q->answers[a];
            char lead[16], head[96];
            if (q->kind == QUIZ_NUMERIC) {
                snprintf(lead, sizeof lead, "[%c] ", ans->correct ? '*' : ' ');
                if (ans->lo == ans->hi) snprintf(head, sizeof head, "%.10g", ans->lo);
                else snprintf(head, sizeof head, "%.10g to %.10g", ans->lo, ans->hi);
                wrap_hanging(out, lead, head, 2, width);
            } else {
                snprintf(lead, sizeof lead, "[%c] %c) ", ans->correct ? '*' : ' ', (char)('a' + a));
                wrap_hanging(out, lead, ans->text, 2, width);
            }
            if (ans->feedback) quiz_wrap(out, ans->feedback, 2 + (int)strlen(lead), width);
        }
        if (q->kind == QUIZ_NUMERIC && q->otherwise) { fprintf(out, "  [ ] any other number\n"); quiz_wrap(out, q->otherwise, 6, width); }
        if (q->kind == QUIZ_PREDICT) {
            char v[96];
            quiz_correct_answer(q, v, sizeof v);
            fprintf(out, "  [*] %s (the engine's %s measure)\n", v, quiz_measure_name(q->measure.kind));
        }
        if (q->hint) { fprintf(out, "  Hint:\n"); quiz_wrap(out, q->hint, 4, width); }
        fprintf(out, "  Explanation:\n");
        quiz_wrap(out, q->explanation, 4, width);
    }
}

int quiz_term_width(void)
{
    const char *c = getenv("COLUMNS");
    int w = c ? atoi(c) : 0;
    struct winsize ws;
    /* shells rarely export COLUMNS; ask the terminal itself */
    if (w <= 0 && isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0) w = ws.ws_col;
    if (w < 40) w = 80;
    return w > 100 ? 100 : w; /* long lines are hard to read, even on a wide terminal */
}
