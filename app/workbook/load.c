/* load.c — read and validate a quiz file into quiz_file structs, naming the JSON path of every mistake. */
#include "workbook/quiz.h"
#include "workbook/json.h"
#include "workbook/glossary.h"
#include "paths.h"
#include "rcuvis.h"
#include "scenario.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/*
 * Validation keeps going after the first mistake so an author sees every problem in one run of
 * `rcuvis check`; each message is "FILE: $.json.path: expected ..., got ...". The structs are only
 * handed back when no message was produced.
 */

static const char *const top_keys[] = {"$schema", "id", "title", "description", "lessons", NULL};
static const char *const lesson_keys[] = {"id", "title", "intro", "questions", NULL};
static const char *const question_keys[] = {"id", "kind", "question", "answers", "explanation", "hint",
                                            "source", "trick", "otherwise", "measure", "expected",
                                            "tolerance", "tolerance_pct", "feedback", "scenario", "at", "basis",
                                            "terms_after_answer", NULL};
static const char *const choice_answer_keys[] = {"text", "correct", "feedback", NULL};
static const char *const numeric_answer_keys[] = {"value", "tolerance", "range", "text", "correct", "feedback", NULL};
static const char *const measure_keys[] = {"measure", "flavor", "from_s", "to_s", "by_s", "at_s", "path", "round", "scale", NULL};
static const char *const scenario_keys[] = {"file", "overrides", "seed", NULL};
static const char *const feedback_keys[] = {"correct", "incorrect", NULL};
static const char *const kind_names[] = {"choice", "multi", "numeric", "predict", NULL};
static const char *const measure_names[] = {"grace_periods", "stall_appears", "holdout_cpu", "report", NULL};

const char *quiz_kind_name(enum quiz_kind k) { return (unsigned)k < QUIZ_NKINDS ? kind_names[k] : "?"; }
static const char *const basis_names[] = {"article", "kernel", "model", "thread", NULL};
const char *quiz_basis_label(enum quiz_basis b)
{
    switch (b) {
    case QB_ARTICLE: return "from the article";
    case QB_KERNEL: return "the kernel, beyond the article";
    case QB_MODEL: return "this model, not the article";
    case QB_THREAD: return "from the mail thread";
    default: return "";
    }
}
static int enum_index(const char *s, const char *const *names);
/* the order a student reads them in: the article, the thread it mentions, then beyond */
static const enum quiz_basis basis_order[] = {QB_ARTICLE, QB_THREAD, QB_KERNEL, QB_MODEL};

int quiz_basis_parse(const char *list, unsigned *mask, char *err, size_t errlen)
{
    unsigned m = 0;
    const char *p = list;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        char word[32];
        snprintf(word, sizeof word, "%.*s", (int)(n < sizeof word ? n : sizeof word - 1), p);
        int bi = n < sizeof word ? enum_index(word, basis_names) : -1;
        if (bi < 0) {
            const char *near = n && n < sizeof word ? qj_nearest(word, basis_names) : NULL;
            snprintf(err, errlen, "%s \"%.*s\"%s%s%s; the valid ones are " QUIZ_BASIS_NAMES " (a comma list, or the option again)",
                     n ? "unknown basis" : "an empty basis in", n ? (int)(n > 40 ? 40 : n) : (int)strlen(list), n ? p : list,
                     near ? " (did you mean " : "", near ? near : "", near ? "?)" : "");
            return -1;
        }
        m |= QUIZ_BASIS_BIT(bi + 1);
        if (!comma) break;
        p = comma + 1;
    }
    *mask |= m;
    return 0;
}

void quiz_basis_format(unsigned mask, char *buf, size_t bufsz)
{
    size_t n = 0;
    if (bufsz) buf[0] = 0;
    for (size_t i = 0; i < sizeof basis_order / sizeof *basis_order; i++)
        if (mask & QUIZ_BASIS_BIT(basis_order[i]) && n < bufsz)
            n += (size_t)snprintf(buf + n, bufsz - n, "%s%s", n ? "," : "", basis_names[basis_order[i] - 1]);
}

const char *quiz_measure_name(enum quiz_measure_kind k) { return (unsigned)k < QM_NKINDS ? measure_names[k] : "?"; }

static void got(const cJSON *v, char *buf, size_t n) { qj_describe(v, buf, n); }

/* A number a grade can compare with: cJSON reads 1e400 as inf, which no answer can match. */
static bool finite_number(const cJSON *v) { return cJSON_IsNumber(v) && isfinite(v->valuedouble); }

/* JSON paths in messages: "$.lessons[0].questions[2].answers" (buffers of QP_MAX, truncated if ever longer) */
#define QP_MAX 256
__attribute__((noinline)) static void jkey(char *out, const char *path, const char *key) { snprintf(out, QP_MAX, "%s.%s", path, key); }
__attribute__((noinline)) static void jidx(char *out, const char *path, int i) { snprintf(out, QP_MAX, "%s[%d]", path, i); }
__attribute__((noinline)) static void jcopy(char *out, size_t n, const char *s) { snprintf(out, n, "%s", s); }

/* A required (or optional) non-empty string, duplicated; NULL when absent or wrong. */
static char *get_str(qj_errs *e, const cJSON *obj, const char *key, const char *path, bool required)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    char p[QP_MAX], g[96];
    jkey(p, path, key);
    if (!v) {
        if (required) qj_err(e, p, "expected a non-empty string, got nothing (required)");
        return NULL;
    }
    if (!cJSON_IsString(v) || !v->valuestring[0]) {
        got(v, g, sizeof g);
        qj_err(e, p, "expected a non-empty string, got %s", g);
        return NULL;
    }
    char *s = strdup(v->valuestring);
    if (!s) qj_err(e, p, "out of memory");
    return s;
}

/* Optional number; returns true when present and valid. */
static bool get_num(qj_errs *e, const cJSON *obj, const char *key, const char *path, double lo, double *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!v) return false;
    char p[QP_MAX], g[96];
    jkey(p, path, key);
    if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble) || v->valuedouble < lo) {
        got(v, g, sizeof g);
        qj_err(e, p, "expected a number >= %g, got %s", lo, g);
        return false;
    }
    *out = v->valuedouble;
    return true;
}

static bool get_bool(qj_errs *e, const cJSON *obj, const char *key, const char *path, bool dflt)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!v) return dflt;
    if (cJSON_IsBool(v)) return cJSON_IsTrue(v);
    char p[QP_MAX], g[96];
    jkey(p, path, key);
    got(v, g, sizeof g);
    qj_err(e, p, "expected true or false, got %s", g);
    return dflt;
}

/* An answer's feedback: required on every answer, the right one too (a student who picks it is told
 * it after "Correct."), which an author meeting the bare "(required)" on the right answer did not guess. */
static char *answer_feedback(qj_errs *e, const cJSON *a, const char *ap, bool correct)
{
    if (cJSON_GetObjectItemCaseSensitive(a, "feedback")) return get_str(e, a, "feedback", ap, true);
    char p[QP_MAX];
    jkey(p, ap, "feedback");
    if (correct)
        qj_err(e, p, "expected a non-empty string, got nothing (required on every answer, the right one too: a student "
                     "who picks it is told it after \"Correct.\", e.g. why it is right in a sentence)");
    else
        qj_err(e, p, "expected a non-empty string, got nothing (required on every answer: a student who picks this "
                     "wrong one is told it, e.g. what it overlooks)");
    return NULL;
}

/* An id: letters, digits and dots ("1.2", "omap"). */
static void get_id(qj_errs *e, const cJSON *obj, const char *path, char *out, size_t outsz)
{
    char *s = get_str(e, obj, "id", path, true);
    out[0] = 0;
    if (!s) return;
    bool ok = strlen(s) < outsz;
    for (const char *c = s; *c && ok; c++) ok = isalnum((unsigned char)*c) || *c == '.' || *c == '-' || *c == '_';
    if (!ok) {
        char p[QP_MAX];
        jkey(p, path, "id");
        qj_err(e, p, "expected letters, digits, '.', '-' or '_' (at most %zu), got a string \"%s\"", outsz - 1, s);
    } else {
        snprintf(out, outsz, "%s", s);
    }
    free(s);
}

static int enum_index(const char *s, const char *const *names)
{
    for (int i = 0; names[i]; i++) if (!strcmp(s, names[i])) return i;
    return -1;
}

/* Students see the options shuffled (score.h), so an option that points at others by place or letter
 * ("Both of the above.", "a and c", "None of these") names whatever lands there: the words such an
 * option needs, matched whole and in any case; NULL when text has none. */
static const char *option_reference(const char *text)
{
    static const char *const phrases[] = {
        "of the above", "the above", "above options", "options above", "answers above", "of the below",
        "the following", "none of these", "all of these", "both of these", "neither of these", "the previous option", "the previous answer", "the next option",
        "the next answer", "the other options", "the other answers", "option a", "option b", "option c", "option d",
        "option e", "option f", "option g", "answer a", "answer b", "answer c", "answer d", "answer e", "answer f",
        "answer g", NULL,
    };
    for (const char *t = text; t && *t; t++) {
        if (t > text && isalnum((unsigned char)t[-1])) continue;
        for (size_t i = 0; phrases[i]; i++) {
            size_t n = strlen(phrases[i]);
            if (!strncasecmp(t, phrases[i], n) && !isalnum((unsigned char)t[n])) return phrases[i];
        }
        /* "(a)", "a)" or "b and c" naming options by letter */
        if (t[0] == '(' && t[1] >= 'a' && t[1] <= 'g' && t[2] == ')') return "a letter in parentheses";
        if (t[0] >= 'a' && t[0] <= 'g' && (t[1] == ')' || (!strncmp(t + 1, " and ", 5) && t[6] >= 'a' && t[6] <= 'g' &&
                                                             !isalnum((unsigned char)t[7]))))
            return "a letter naming an option";
    }
    return NULL;
}

static void load_choice_answers(qj_errs *e, const cJSON *arr, const char *path, quiz_question *q)
{
    int n = cJSON_GetArraySize(arr);
    char g[96];
    if (!cJSON_IsArray(arr) || n < 2 || n > 7) {
        got(arr, g, sizeof g);
        qj_err(e, path, "expected an array of 2 to 7 answers (letters a to g), got %s", g);
        return;
    }
    q->answers = calloc((size_t)n, sizeof *q->answers);
    if (!q->answers) { qj_err(e, path, "out of memory"); return; }
    q->nanswers = (size_t)n;
    int ncorrect = 0, i = 0;
    for (const cJSON *a = arr->child; a; a = a->next, i++) {
        char ap[QP_MAX];
        jidx(ap, path, i);
        if (!cJSON_IsObject(a)) { got(a, g, sizeof g); qj_err(e, ap, "expected an answer object, got %s", g); continue; }
        qj_check_keys(e, ap, a, choice_answer_keys);
        q->answers[i].text = get_str(e, a, "text", ap, true);
        const char *ref = option_reference(q->answers[i].text);
        if (ref) {
            char kp[280];
            jkey(kp, ap, "text");
            qj_err(e, kp, "expected an option that stands on its own, got one that refers to other options (\"%s\"): "
                          "students see the options shuffled, so it would point at whatever lands there; "
                          "make it a kind multi question, or write out what it means", ref);
        }
        q->answers[i].correct = get_bool(e, a, "correct", ap, false);
        q->answers[i].feedback = answer_feedback(e, a, ap, q->answers[i].correct);
        ncorrect += q->answers[i].correct;
    }
    /* two options a student cannot tell apart ("a) They are invoked at once" twice): one is a typo */
    for (int j = 1; j < n; j++)
        for (int k = 0; k < j; k++)
            if (q->answers[j].text && q->answers[k].text && !strcmp(q->answers[j].text, q->answers[k].text)) {
                char ap[QP_MAX], kp[280];
                jidx(ap, path, j);
                jkey(kp, ap, "text");
                qj_err(e, kp, "the same text as answers[%d]: a student could not tell the two apart", k);
                break;
            }
    if (q->kind == QUIZ_CHOICE && ncorrect != 1)
        qj_err(e, path, "expected exactly one answer with \"correct\": true for kind choice, got %d (use kind multi for several)", ncorrect);
    if (q->kind == QUIZ_MULTI && ncorrect < 1)
        qj_err(e, path, "expected at least one answer with \"correct\": true, got 0");
}

static void load_numeric_answers(qj_errs *e, const cJSON *arr, const char *path, quiz_question *q)
{
    int n = cJSON_GetArraySize(arr);
    char g[96];
    if (!cJSON_IsArray(arr) || n < 1 || n > 8) {
        got(arr, g, sizeof g);
        qj_err(e, path, "expected an array of 1 to 8 numeric answers, got %s", g);
        return;
    }
    q->answers = calloc((size_t)n, sizeof *q->answers);
    if (!q->answers) { qj_err(e, path, "out of memory"); return; }
    q->nanswers = (size_t)n;
    int ncorrect = 0, i = 0;
    for (const cJSON *a = arr->child; a; a = a->next, i++) {
        char ap[QP_MAX], kp[280];
        jidx(ap, path, i);
        if (!cJSON_IsObject(a)) { got(a, g, sizeof g); qj_err(e, ap, "expected an answer object, got %s", g); continue; }
        qj_check_keys(e, ap, a, numeric_answer_keys);
        quiz_answer *ans = &q->answers[i];
        const cJSON *val = cJSON_GetObjectItemCaseSensitive(a, "value");
        const cJSON *range = cJSON_GetObjectItemCaseSensitive(a, "range");
        if (val && range) {
            qj_err(e, ap, "expected either \"value\" or \"range\", got both");
        } else if (val) {
            double tol = 0;
            get_num(e, a, "tolerance", ap, 0, &tol);
            if (!finite_number(val)) {
                jkey(kp, ap, "value");
                got(val, g, sizeof g);
                qj_err(e, kp, "expected a number, got %s", g);
            } else {
                ans->lo = val->valuedouble - tol;
                ans->hi = val->valuedouble + tol;
            }
        } else if (range) {
            jkey(kp, ap, "range");
            if (!cJSON_IsArray(range) || cJSON_GetArraySize(range) != 2 || !finite_number(range->child) ||
                !finite_number(range->child->next)) {
                got(range, g, sizeof g);
                qj_err(e, kp, "expected [low, high] with low <= high, got %s", g);
            } else if (range->child->valuedouble > range->child->next->valuedouble) {
                qj_err(e, kp, "expected [low, high] with low <= high, got [%g, %g] (low above high: swap them)",
                       range->child->valuedouble, range->child->next->valuedouble);
            } else {
                ans->lo = range->child->valuedouble;
                ans->hi = range->child->next->valuedouble;
            }
            if (cJSON_GetObjectItemCaseSensitive(a, "tolerance"))
                qj_err(e, ap, "\"tolerance\" goes with \"value\", not with \"range\"");
        } else {
            qj_err(e, ap, "expected \"value\" or \"range\", got neither");
        }
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(a, "text");
        if (t) ans->text = get_str(e, a, "text", ap, false);
        ans->correct = get_bool(e, a, "correct", ap, false);
        ans->feedback = answer_feedback(e, a, ap, ans->correct);
        ncorrect += ans->correct;
    }
    if (ncorrect < 1) qj_err(e, path, "expected at least one answer with \"correct\": true, got 0");
    /* answers are matched in the file's order (grade.c): one whose whole range an earlier answer covers
     * is never matched, and its feedback never shown (a "dup" after the right answer's value 3 +- 0.3) */
    for (int j = 1; j < n; j++)
        for (int k = 0; k < j; k++) {
            const quiz_answer *a = &q->answers[j], *b = &q->answers[k];
            if (b->lo <= a->lo && a->hi <= b->hi && b->lo <= b->hi) {
                char ap[QP_MAX];
                jidx(ap, path, j);
                qj_err(e, ap, "never matched: answers[%d], tried first, already covers %.10g..%.10g (answers are tried in "
                       "the file's order; put the narrower one first)", k, a->lo, a->hi);
                break;
            }
        }
}

/* False when the measure's kind is unknown: what it would compute (a number, a yes/no) is then unknown too. */
static bool load_measure(qj_errs *e, const cJSON *m, const char *path, quiz_question *q)
{
    char g[96], kp[280];
    quiz_measure *qm = &q->measure;
    qm->flavor = -1; qm->at_s = -1; qm->round = -1; qm->scale = 1;
    if (!cJSON_IsObject(m)) { got(m, g, sizeof g); qj_err(e, path, "expected a measure object, got %s", g); return false; }
    qj_check_keys(e, path, m, measure_keys);
    char *name = get_str(e, m, "measure", path, true);
    if (!name) return false;
    int k = enum_index(name, measure_names);
    jkey(kp, path, "measure");
    if (k < 0) {
        const char *near = qj_nearest(name, measure_names);
        qj_err(e, kp, "expected one of grace_periods, stall_appears, holdout_cpu, report, got a string \"%s\"%s%s%s",
               name, near ? "; did you mean \"" : "", near ? near : "", near ? "\"?" : "");
        free(name);
        return false;
    }
    free(name);
    qm->kind = (enum quiz_measure_kind)k;
    /* which keys each measure reads; any other one is a mistake worth reporting */
    static const char *const used[QM_NKINDS][6] = {
        [QM_GRACE_PERIODS] = {"flavor", "from_s", "to_s", "round", NULL},
        [QM_STALL_APPEARS] = {"flavor", "by_s", NULL},
        [QM_HOLDOUT_CPU] = {"flavor", "at_s", NULL},
        [QM_REPORT] = {"path", "at_s", "round", "scale", NULL},
    };
    for (const cJSON *c = m->child; c; c = c->next) {
        if (!strcmp(c->string, "measure") || enum_index(c->string, measure_keys) < 0) continue;
        if (enum_index(c->string, used[k]) < 0) {
            char list[96] = "";
            for (int i = 0; used[k][i]; i++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", used[k][i]);
            jkey(kp, path, c->string);
            qj_err(e, kp, "not used by measure %s (it reads: %s)", measure_names[k], list);
        }
    }
    const cJSON *fl = cJSON_GetObjectItemCaseSensitive(m, "flavor");
    jkey(kp, path, "flavor");
    if (fl) {
        int f = cJSON_IsString(fl) ? rv_flavor_from_name(fl->valuestring) : -1;
        if (f < 0) { got(fl, g, sizeof g); qj_err(e, kp, "expected rcu_sched, rcu_bh or rcu_preempt, got %s", g); }
        qm->flavor = f;
    } else if (k == QM_GRACE_PERIODS || k == QM_HOLDOUT_CPU) {
        qj_err(e, kp, "expected rcu_sched, rcu_bh or rcu_preempt, got nothing (required by %s)", measure_names[k]);
    }
    double r;
    if (k == QM_REPORT && get_num(e, m, "scale", path, 0, &r)) {
        if (r <= 0) { jkey(kp, path, "scale"); qj_err(e, kp, "expected a number > 0 (1e6 turns seconds into microseconds), got %g", r); }
        else qm->scale = r;
    }
    if (get_num(e, m, "round", path, 0, &r)) {
        if (r != floor(r) || r > 9) { jkey(kp, path, "round"); qj_err(e, kp, "expected an integer 0..9, got %g", r); }
        else qm->round = (int)r;
    }
    switch (k) {
    case QM_GRACE_PERIODS:
        if (!get_num(e, m, "from_s", path, 0, &qm->from_s) || !get_num(e, m, "to_s", path, 0, &qm->to_s)) {
            qj_err(e, path, "expected \"from_s\" and \"to_s\" (seconds) for grace_periods");
        } else if (qm->to_s <= qm->from_s) {
            jkey(kp, path, "to_s");
            qj_err(e, kp, "expected a number > from_s (%g), got %g", qm->from_s, qm->to_s);
        }
        break;
    case QM_STALL_APPEARS:
        if (!get_num(e, m, "by_s", path, 0, &qm->to_s)) qj_err(e, path, "expected \"by_s\" (seconds) for stall_appears");
        break;
    case QM_HOLDOUT_CPU:
        if (!get_num(e, m, "at_s", path, 0, &qm->at_s)) qj_err(e, path, "expected \"at_s\" (seconds) for holdout_cpu");
        break;
    case QM_REPORT: {
        char *p = get_str(e, m, "path", path, true);
        if (p) {
            if (strlen(p) >= sizeof qm->path) { jkey(kp, path, "path"); qj_err(e, kp, "expected at most %zu characters", sizeof qm->path - 1); }
            else snprintf(qm->path, sizeof qm->path, "%s", p);
            free(p);
        }
        get_num(e, m, "at_s", path, 0, &qm->at_s);
        break;
    }
    }
    return true;
}

/* An optional array of strings under key, each checked by ok(): the accepted ones go to *out (NULL
 * terminated, *n of them); the array or any element that is not one is an error at its JSON path,
 * saying what was expected (what_array, what_item) and what was found. */
static void string_list(qj_errs *e, const cJSON *o, const char *key, const char *path, const char *what_array,
                        const char *what_item, bool (*ok)(const char *, char *, size_t), char ***out, size_t *n)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!a) return;
    char kp[QP_MAX], g[96];
    jkey(kp, path, key);
    if (!cJSON_IsArray(a)) { got(a, g, sizeof g); qj_err(e, kp, "expected an array of %s, got %s", what_array, g); return; }
    int i = 0;
    *out = calloc((size_t)cJSON_GetArraySize(a) + 1, sizeof **out);
    if (!*out) { qj_err(e, kp, "out of memory"); return; }
    for (const cJSON *it = a->child; it; it = it->next, i++) {
        char near[160] = "";
        if (cJSON_IsString(it) && ok(it->valuestring, near, sizeof near)) {
            if (((*out)[*n] = strdup(it->valuestring))) (*n)++;
            else qj_err(e, kp, "out of memory");
            continue;
        }
        char ip[QP_MAX];
        jidx(ip, kp, i);
        got(it, g, sizeof g);
        qj_err(e, ip, "expected %s, got %s%s", what_item, g, near);
    }
}

static bool is_override(const char *s, char *near, size_t n) { (void)near; (void)n; const char *eq = strchr(s, '='); return eq && eq != s; }
/* a term as `rcuvis glossary` spells it: the terminal compares terms by the glossary's own spelling
 * (glossary_line() would also take another case, which the message names) */
static bool is_glossary_term(const char *s, char *near, size_t nearn)
{
    const char *other;
    if (glossary_term(s, &other)) return true;
    if (!*other) { /* a slip ("selfdetected"): the nearest term, by the loader's rule */
        size_t n = 0;
        const glossary_entry *all = glossary_all(&n);
        const char **names = malloc((n + 1) * sizeof *names);
        if (names) {
            for (size_t i = 0; i < n; i++) names[i] = all[i].term;
            names[n] = NULL;
            const char *q = qj_nearest(s, names);
            other = q ? q : "";
            free(names);
        }
    }
    if (*other) snprintf(near, nearn, "; did you mean \"%s\"?", other);
    return false;
}

static void load_scenario(qj_errs *e, const cJSON *s, const char *path, quiz_question *q)
{
    char g[96], kp[280];
    if (!cJSON_IsObject(s)) { got(s, g, sizeof g); qj_err(e, path, "expected an object {\"file\": ..., \"overrides\": [...], \"seed\": N}, got %s", g); return; }
    qj_check_keys(e, path, s, scenario_keys);
    char *file = get_str(e, s, "file", path, true);
    if (file) {
        size_t n = strlen(file);
        jkey(kp, path, "file");
        if (file[0] == '/' || strstr(file, "..") || n < 6 || strcmp(file + n - 5, ".json") || n >= sizeof q->scenario)
            qj_err(e, kp, "expected a .json file name, looked for beside the quiz (../scenarios/, scenarios/, its folder) or among the shipped scenarios (no '/' prefix, no ..), got a string \"%s\"", file);
        else { snprintf(q->scenario, sizeof q->scenario, "%s", file); q->has_scenario = true; }
        free(file);
    }
    string_list(e, s, "overrides", path, "\"path=value\" strings", "\"path=value\" (e.g. \"rcu.mode=softirq\")", is_override,
                &q->overrides, &q->noverrides);
    double seed;
    if (get_num(e, s, "seed", path, 0, &seed)) {
        if (seed != floor(seed) || seed > 9007199254740991.0) { jkey(kp, path, "seed"); qj_err(e, kp, "expected a non-negative integer, got %g", seed); }
        else { q->has_seed = true; q->seed = (uint64_t)seed; }
    }
}

static void load_question(qj_errs *e, const cJSON *o, const char *path, quiz_question *q, bool allow_missing)
{
    char g[96], kp[300];
    jcopy(q->jpath, sizeof q->jpath, path);
    if (!cJSON_IsObject(o)) { got(o, g, sizeof g); qj_err(e, path, "expected a question object, got %s", g); return; }
    qj_check_keys(e, path, o, question_keys);
    get_id(e, o, path, q->id, sizeof q->id);
    char *kind = get_str(e, o, "kind", path, true);
    int k = kind ? enum_index(kind, kind_names) : -1;
    if (kind && k < 0) {
        jkey(kp, path, "kind");
        const char *near = qj_nearest(kind, kind_names);
        qj_err(e, kp, "expected one of choice, multi, numeric, predict, got a string \"%s\"%s%s%s",
               kind, near ? "; did you mean \"" : "", near ? near : "", near ? "\"?" : "");
    }
    free(kind);
    q->kind = k < 0 ? QUIZ_CHOICE : (enum quiz_kind)k;
    q->question = get_str(e, o, "question", path, true);
    q->explanation = get_str(e, o, "explanation", path, true);
    if (cJSON_GetObjectItemCaseSensitive(o, "hint")) q->hint = get_str(e, o, "hint", path, false);
    if (cJSON_GetObjectItemCaseSensitive(o, "source")) q->source = get_str(e, o, "source", path, false);
    if (cJSON_GetObjectItemCaseSensitive(o, "basis")) {
        char *b = get_str(e, o, "basis", path, false);
        int bi = b ? enum_index(b, basis_names) : -1;
        if (b && bi < 0) {
            char bp[QP_MAX];
            jkey(bp, path, "basis");
            const char *near = qj_nearest(b, basis_names);
            qj_err(e, bp, "expected one of article (the article answers it), kernel (the kernel's code, beyond the article), "
                          "model (this model's own figures or choices), thread (the mail thread a lesson presents), got a string \"%s\"%s%s%s",
                   b, near ? "; did you mean \"" : "", near ? near : "", near ? "\"?" : "");
        }
        q->basis = bi < 0 ? QB_NONE : (enum quiz_basis)(bi + 1);
        free(b);
    }
    q->trick = get_bool(e, o, "trick", path, false);
    /* glossary terms whose entries give the answer: the terminal explains them after it */
    string_list(e, o, "terms_after_answer", path, "glossary terms", "a term of `rcuvis glossary`", is_glossary_term,
                &q->terms_after, &q->nterms_after);

    const cJSON *answers = cJSON_GetObjectItemCaseSensitive(o, "answers");
    const cJSON *measure = cJSON_GetObjectItemCaseSensitive(o, "measure");
    const cJSON *expected = cJSON_GetObjectItemCaseSensitive(o, "expected");
    const cJSON *feedback = cJSON_GetObjectItemCaseSensitive(o, "feedback");
    const cJSON *scenario = cJSON_GetObjectItemCaseSensitive(o, "scenario");
    const cJSON *at = cJSON_GetObjectItemCaseSensitive(o, "at");
    jkey(kp, path, "answers");
    if (k < 0) {
        /* kind unknown: the kind-specific checks would only add noise */
    } else if (q->kind == QUIZ_PREDICT) {
        static const char *const not_predict[] = {"answers", "otherwise", NULL};
        for (int i = 0; not_predict[i]; i++)
            if (cJSON_GetObjectItemCaseSensitive(o, not_predict[i])) {
                jkey(kp, path, not_predict[i]);
                qj_err(e, kp, "not used by kind predict (the engine computes the answer: use \"measure\" and \"expected\")");
            }
        jkey(kp, path, "measure");
        if (!measure) qj_err(e, kp, "expected a measure object, got nothing (required for kind predict)");
        bool measure_known = measure && load_measure(e, measure, kp, q);
        if (measure && !measure_known) measure = NULL; /* reported: no guess at what `expected` should be */
        jkey(kp, path, "expected");
        bool want_bool = measure && q->measure.kind == QM_STALL_APPEARS;
        if (measure && !expected) {
            if (!allow_missing)
                qj_err(e, kp, "expected the engine's answer (%s), got nothing (run `rcuvis quiz --update-expected FILE`)",
                       want_bool ? "true or false" : "a number");
        } else if (measure && (want_bool ? !cJSON_IsBool(expected) : !finite_number(expected))) {
            got(expected, g, sizeof g);
            qj_err(e, kp, "expected %s for measure %s, got %s", want_bool ? "true or false" : "a number",
                   quiz_measure_name(q->measure.kind), g);
        } else if (measure) {
            q->has_expected = true;
            q->expected.is_bool = want_bool;
            q->expected.b = cJSON_IsTrue(expected);
            q->expected.num = want_bool ? 0 : expected->valuedouble;
        }
        get_num(e, o, "tolerance", path, 0, &q->tolerance);
        if (get_num(e, o, "tolerance_pct", path, 0, &q->tolerance_pct) && q->tolerance_pct > 100) {
            /* beyond 100 % every answer from 0 to twice the model's, and more, is right: a slip for a fraction or an absolute tolerance */
            jkey(kp, path, "tolerance_pct");
            qj_err(e, kp, "expected a percentage 0..100 of the engine's answer, got %g (for an absolute distance write tolerance)", q->tolerance_pct);
            q->tolerance_pct = 0;
        }
        static const char *const tol_keys[] = {"tolerance", "tolerance_pct", NULL};
        for (int i = 0; tol_keys[i]; i++)
            if (want_bool && cJSON_GetObjectItemCaseSensitive(o, tol_keys[i])) {
                jkey(kp, path, tol_keys[i]);
                qj_err(e, kp, "not used by a yes/no measure");
            }
        if (cJSON_GetObjectItemCaseSensitive(o, "tolerance") && cJSON_GetObjectItemCaseSensitive(o, "tolerance_pct")) {
            jkey(kp, path, "tolerance_pct");
            qj_err(e, kp, "give either tolerance (an absolute distance) or tolerance_pct (a share of expected), not both");
        }
        if (feedback) {
            jkey(kp, path, "feedback");
            if (!cJSON_IsObject(feedback)) { got(feedback, g, sizeof g); qj_err(e, kp, "expected {\"correct\": ..., \"incorrect\": ...}, got %s", g); }
            else {
                qj_check_keys(e, kp, feedback, feedback_keys);
                if (cJSON_GetObjectItemCaseSensitive(feedback, "correct")) q->fb_correct = get_str(e, feedback, "correct", kp, false);
                if (cJSON_GetObjectItemCaseSensitive(feedback, "incorrect")) q->fb_incorrect = get_str(e, feedback, "incorrect", kp, false);
            }
        }
        if (!scenario) { jkey(kp, path, "scenario"); qj_err(e, kp, "expected a scenario object, got nothing (required for kind predict)"); }
    } else {
        static const char *const predict_only[] = {"measure", "expected", "tolerance", "tolerance_pct", "feedback", NULL};
        for (int i = 0; predict_only[i]; i++)
            if (cJSON_GetObjectItemCaseSensitive(o, predict_only[i])) {
                jkey(kp, path, predict_only[i]);
                qj_err(e, kp, "only used by kind predict (this question is kind %s%s)", kind_names[k],
                       !strcmp(predict_only[i], "feedback") ? "; put feedback on each answer" : "");
            }
        jkey(kp, path, "answers");
        if (!answers) qj_err(e, kp, "expected an array of answers, got nothing (required for kind %s)", kind_names[k]);
        else if (q->kind == QUIZ_NUMERIC) load_numeric_answers(e, answers, kp, q);
        else load_choice_answers(e, answers, kp, q);
        if (cJSON_GetObjectItemCaseSensitive(o, "otherwise")) {
            if (q->kind != QUIZ_NUMERIC) { jkey(kp, path, "otherwise"); qj_err(e, kp, "only used by kind numeric"); }
            else q->otherwise = get_str(e, o, "otherwise", path, false);
        }
    }
    if (scenario) { jkey(kp, path, "scenario"); load_scenario(e, scenario, kp, q); }
    if (at) {
        jkey(kp, path, "at");
        if (cJSON_IsNumber(at) && at->valuedouble >= 0 && isfinite(at->valuedouble)) { q->has_at = true; q->at_s = at->valuedouble; }
        else if (cJSON_IsString(at) && !strcmp(at->valuestring, "first_stall")) { q->has_at = true; q->at_first_stall = true; q->at_s = -1; }
        else { got(at, g, sizeof g); qj_err(e, kp, "expected seconds >= 0 or \"first_stall\", got %s", g); }
        if (!scenario) qj_err(e, kp, "a moment needs a \"scenario\" to happen in");
    }
}

static void load_lesson(qj_errs *e, const cJSON *o, const char *path, quiz_lesson *l, bool allow_missing)
{
    char g[96], kp[280];
    if (!cJSON_IsObject(o)) { got(o, g, sizeof g); qj_err(e, path, "expected a lesson object, got %s", g); return; }
    qj_check_keys(e, path, o, lesson_keys);
    get_id(e, o, path, l->id, sizeof l->id);
    l->title = get_str(e, o, "title", path, true);
    if (l->title && strlen(l->title) > QUIZ_LESSON_TITLE_MAX) {
        /* it heads the lesson in `rcuvis quiz --list` (a longer one pushed the "N/M done" count out of its
         * line) and in the workbook panel */
        jkey(kp, path, "title");
        qj_err(e, kp, "expected a lesson title of at most %d bytes, got %zu", QUIZ_LESSON_TITLE_MAX, strlen(l->title));
    }
    if (cJSON_GetObjectItemCaseSensitive(o, "intro")) l->intro = get_str(e, o, "intro", path, false);
    const cJSON *qs = cJSON_GetObjectItemCaseSensitive(o, "questions");
    jkey(kp, path, "questions");
    int n = cJSON_GetArraySize(qs);
    if (!cJSON_IsArray(qs) || n < 1) { got(qs, g, sizeof g); qj_err(e, kp, "expected a non-empty array of questions, got %s", g); return; }
    l->questions = calloc((size_t)n, sizeof *l->questions);
    if (!l->questions) { qj_err(e, kp, "out of memory"); return; }
    l->nquestions = (size_t)n;
    int i = 0;
    for (const cJSON *c = qs->child; c; c = c->next, i++) {
        char qp[QP_MAX];
        jidx(qp, kp, i);
        load_question(e, c, qp, &l->questions[i], allow_missing);
    }
}

/* Ids must be unique: progress is keyed by them. */
static void check_unique_ids(qj_errs *e, const quiz_file *q)
{
    for (size_t a = 0; a < q->nlessons; a++) {
        const quiz_lesson *la = &q->lessons[a];
        for (size_t b = 0; b < a; b++)
            if (la->id[0] && !strcmp(la->id, q->lessons[b].id)) {
                char p[QP_MAX];
                snprintf(p, sizeof p, "$.lessons[%zu].id", a);
                qj_err(e, p, "expected a unique lesson id, got \"%s\" again (first at $.lessons[%zu])", la->id, b);
            }
        for (size_t i = 0; i < la->nquestions; i++) {
            const quiz_question *qi = &la->questions[i];
            for (size_t b = 0; b <= a && qi->id[0]; b++) {
                const quiz_lesson *lb = &q->lessons[b];
                size_t lim = b == a ? i : lb->nquestions;
                for (size_t j = 0; j < lim; j++)
                    if (!strcmp(qi->id, lb->questions[j].id)) {
                        char p[QP_MAX];
                        jkey(p, qi->jpath, "id");
                        qj_err(e, p, "expected a unique question id, got \"%s\" again (first at %s)", qi->id, lb->questions[j].jpath);
                    }
            }
        }
    }
}

int quiz_parse(const char *text, const char *name, quiz_file *q, bool allow_missing, char *err, size_t errlen)
{
    memset(q, 0, sizeof *q);
    qj_errs e;
    qj_errs_init(&e, name, err, errlen);
    qj_errs_text(&e, text, strlen(text));
    int line, col;
    char what[QJ_WHAT_MAX];
    cJSON *root = qj_parse(text, &line, &col, what, sizeof what);
    if (!root) {
        /* only claim a broken file as ours when it looks like a quiz; else the scenario loader speaks */
        bool quizlike = strstr(text, "\"lessons\"") || strstr(name, "quiz");
        if (!quizlike) return 1;
        /* bytes that are not UTF-8 are no syntax error: that message starts with the JSON path */
        if (err && errlen) snprintf(err, errlen, "%s:%d:%d: %s%s\n", name, line, col, what[0] == '$' ? "" : "syntax error: ", what);
        return -1;
    }
    if (!cJSON_IsObject(root) || !cJSON_GetObjectItemCaseSensitive(root, "lessons")) {
        cJSON_Delete(root);
        return 1;
    }
    snprintf(q->path, sizeof q->path, "%s", name);
    qj_check_keys(&e, "$", root, top_keys);
    char id[64];
    get_id(&e, root, "$", id, sizeof id);
    snprintf(q->id, sizeof q->id, "%s", id);
    q->title = get_str(&e, root, "title", "$", true);
    if (cJSON_GetObjectItemCaseSensitive(root, "description")) q->description = get_str(&e, root, "description", "$", false);
    const cJSON *ls = cJSON_GetObjectItemCaseSensitive(root, "lessons");
    int n = cJSON_GetArraySize(ls);
    char g[96];
    if (!cJSON_IsArray(ls) || n < 1) {
        got(ls, g, sizeof g);
        qj_err(&e, "$.lessons", "expected a non-empty array of lessons, got %s", g);
    } else if ((q->lessons = calloc((size_t)n, sizeof *q->lessons))) {
        q->nlessons = (size_t)n;
        int i = 0;
        for (const cJSON *c = ls->child; c; c = c->next, i++) {
            char lp[QP_MAX];
            snprintf(lp, sizeof lp, "$.lessons[%d]", i);
            load_lesson(&e, c, lp, &q->lessons[i], allow_missing);
        }
        check_unique_ids(&e, q);
    }
    cJSON_Delete(root);
    if (e.count) { quiz_free(q); return -1; }
    q->text_len = strlen(text);
    q->text = strdup(text); /* NULL (out of memory) costs only the positions of check's messages */
    return 0;
}

/* The scenario an author likely meant by a `file` found nowhere ("bh-netlod.json"): the nearest .json
 * name in the folders looked in (not schema.json, not the quiz itself), by the loader's rule; "" when
 * none is near. The message listed the folders
 * and left the author to spot the typo. */
static void near_scenario(char cand[][2 * PATH_MAX], int nc, const char *file, const char *quiz_path, char *out, size_t outlen)
{
    enum { MAX_NAMES = 512, NAME_MAX_LEN = 128 };
    char (*names)[NAME_MAX_LEN] = malloc(MAX_NAMES * sizeof *names);
    const char *list[MAX_NAMES];
    size_t n = 0;
    out[0] = 0;
    if (!names) return;
    const char *quiz_name = strrchr(quiz_path, '/') ? strrchr(quiz_path, '/') + 1 : quiz_path;
    const char *file_name = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
    char word[NAME_MAX_LEN];
    snprintf(word, sizeof word, "%s", file_name);
    size_t wl = strlen(word);
    if (wl > 5 && !strcmp(word + wl - 5, ".json")) word[wl - 5] = 0; /* the loader requires it: compare the names */
    for (int i = 0; i <= nc; i++) {
        char dir[2 * PATH_MAX];
        if (i == nc) { /* the shipped folder itself: the last candidate names it only when the file is there */
            rcuvis_data_path("scenarios", dir, sizeof dir);
        } else {
            size_t dl = strnlen(cand[i], sizeof dir - 1);
            memcpy(dir, cand[i], dl);
            dir[dl] = 0;
            char *slash = strrchr(dir, '/');
            if (!slash) snprintf(dir, sizeof dir, ".");
            else if (slash == dir) dir[1] = 0;
            else *slash = 0;
        }
        DIR *d = opendir(dir);
        if (!d) continue;
        for (struct dirent *de; (de = readdir(d)) && n < MAX_NAMES;) {
            size_t l = strlen(de->d_name);
            if (de->d_name[0] == '.' || l <= 5 || l - 5 >= NAME_MAX_LEN || strcmp(de->d_name + l - 5, ".json")) continue;
            if (!strcmp(de->d_name, "schema.json") || !strcmp(de->d_name, quiz_name)) continue;
            snprintf(names[n], NAME_MAX_LEN, "%.*s", (int)(l - 5), de->d_name);
            list[n] = names[n];
            n++;
        }
        closedir(d);
    }
    /* readdir's order is the file system's: sorted, the first of two equally near names is always the same */
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && strcmp(list[j - 1], list[j]) > 0; j--) {
            const char *t = list[j]; list[j] = list[j - 1]; list[j - 1] = t;
        }
    const char *near = rv_suggest(word, list, n);
    if (near && strcmp(near, word)) snprintf(out, outlen, "; did you mean \"%s.json\"?", near);
    free(names);
}

/* A question's scenario file, for a quiz at quiz_path: in the scenarios/ folder beside the quiz's
 * folder (the layout of the source tree, of an install and of an author's own folder: quizzes/ next to
 * scenarios/), in a scenarios/ folder inside the quiz's, in the quiz's own folder, beside the real
 * folder a symlinked one points at, then among the shipped scenarios. Looking only in the shipped
 * place (or the working directory's scenarios/) made an author's quiz on an author's scenario check
 * ok in one directory and fail from any other. Returns false, with where it looked in `looked`. */
static bool find_scenario(const char *quiz_path, const char *file, char *out, size_t n, char *looked, size_t lookedn,
                          char *near, size_t nearn)
{
    char dir[PATH_MAX];
    if (strlen(quiz_path) >= sizeof dir) { snprintf(looked, lookedn, "nowhere: the quiz's path is too long"); return false; }
    /* its folder, with doubled slashes made one ("dir//q.json" took "dir/" for the folder's parent) */
    size_t k = 0;
    for (const char *p = quiz_path; *p; p++)
        if (!(*p == '/' && k && dir[k - 1] == '/')) dir[k++] = *p;
    dir[k] = 0;
    char *slash = strrchr(dir, '/');
    if (!slash) snprintf(dir, sizeof dir, ".");
    else if (slash == dir) dir[1] = 0;
    else *slash = 0;
    /* the folder above it, written without "..", so that the window knows the path for the one it
     * opened from its list ("./scenarios/x.json", not "./quizzes/../scenarios/x.json") */
    char up[PATH_MAX + 4];
    const char *last = strrchr(dir, '/'), *name = last ? last + 1 : dir;
    if (!strcmp(dir, "/")) snprintf(up, sizeof up, "/");
    else if (!strcmp(name, "..") || !strcmp(name, ".")) snprintf(up, sizeof up, "%s/..", dir);
    else if (!last) snprintf(up, sizeof up, ".");
    else if (last == dir) snprintf(up, sizeof up, "/");
    else snprintf(up, sizeof up, "%.*s", (int)(last - dir), dir);
    const char *sep_up = !strcmp(up, "/") ? "" : "/", *sep_dir = !strcmp(dir, "/") ? "" : "/";
    char cand[5][2 * PATH_MAX], real[PATH_MAX], rel[300];
    int nc = 0;
    snprintf(cand[nc++], sizeof cand[0], "%s%sscenarios/%s", up, sep_up, file);
    snprintf(cand[nc++], sizeof cand[0], "%s%sscenarios/%s", dir, sep_dir, file);
    snprintf(cand[nc++], sizeof cand[0], "%s%s%s", dir, sep_dir, file);
    if (realpath(dir, real)) { /* a symlinked quiz folder: the scenarios/ beside the folder it points at */
        char *rs = strrchr(real, '/');
        if (rs && rs != real) *rs = 0; else snprintf(real, sizeof real, "/");
        snprintf(cand[nc++], sizeof cand[0], "%s%sscenarios/%s", real, !strcmp(real, "/") ? "" : "/", file);
    }
    snprintf(rel, sizeof rel, "scenarios/%s", file);
    rcuvis_data_path(rel, cand[nc++], sizeof cand[0]);
    for (int i = 0; i < nc; i++) {
        if (access(cand[i], R_OK) != 0) continue;
        if (strlen(cand[i]) >= n) {
            snprintf(looked, lookedn, "found %.900s, a path longer than the %zu bytes rcuvis keeps", cand[i], n - 1);
            return false;
        }
        memcpy(out, cand[i], strlen(cand[i]) + 1);
        return true;
    }
    snprintf(looked, lookedn, "%.900s%sscenarios/, %.900s%sscenarios/, %.900s%s and among the shipped scenarios", up, sep_up, dir,
             sep_dir, dir, sep_dir);
    near_scenario(cand, nc, file, quiz_path, near, nearn);
    return false;
}

int quiz_load(const char *path, quiz_file *q, bool allow_missing, char *err, size_t errlen)
{
    memset(q, 0, sizeof *q);
    char *text = qj_read_file(path, NULL);
    if (!text) {
        int er = errno;
        if (err && errlen) snprintf(err, errlen, "%s: cannot read: %s\n", path,
                                    er == EFBIG ? "larger than 64 MiB, not a quiz" : strerror(er));
        return -1;
    }
    int rc = quiz_parse(text, path, q, allow_missing, err, errlen);
    if (rc != 0) { free(text); return rc; }
    qj_errs e;
    qj_errs_init(&e, path, err, errlen);
    qj_errs_text(&e, text, strlen(text));
    for (size_t l = 0; l < q->nlessons; l++)
        for (size_t i = 0; i < q->lessons[l].nquestions; i++) {
            quiz_question *qq = &q->lessons[l].questions[i];
            char looked[3000], near[200] = "", kp[QP_MAX];
            if (!qq->has_scenario) continue;
            if (find_scenario(path, qq->scenario, qq->scenario_path, sizeof qq->scenario_path, looked, sizeof looked, near, sizeof near))
                continue;
            snprintf(kp, sizeof kp, "%s.scenario.file", qq->jpath);
            qj_err(&e, kp, "question %s: no %s: looked in %s%s", qq->id, qq->scenario, looked, near);
        }
    free(text);
    if (e.count) { quiz_free(q); return -1; }
    return 0;
}

void quiz_not_a_quiz(const char *path, char *err, size_t errlen)
{
    if (!err || !errlen) return;
    char *text = qj_read_file(path, NULL);
    int line = 0, col = 0;
    char what[QJ_WHAT_MAX] = "";
    cJSON *root = text ? qj_parse(text, &line, &col, what, sizeof what) : NULL;
    if (text && !root) /* as quiz_parse() words a quiz-like file's: a path-led message is not a syntax error */
        snprintf(err, errlen, "%s:%d:%d: %s%s\n", path, line, col, what[0] == '$' ? "" : "syntax error: ", what);
    else
        snprintf(err, errlen, "%s: not a quiz file (no \"lessons\")\n", path);
    cJSON_Delete(root);
    free(text);
}

void quiz_question_free(quiz_question *q)
{
    free(q->question); free(q->explanation); free(q->hint); free(q->source); free(q->otherwise);
    free(q->fb_correct); free(q->fb_incorrect);
    for (size_t i = 0; i < q->nanswers; i++) { free(q->answers[i].text); free(q->answers[i].feedback); }
    free(q->answers);
    for (size_t i = 0; i < q->noverrides; i++) free(q->overrides[i]);
    free(q->overrides);
    for (size_t i = 0; i < q->nterms_after; i++) free(q->terms_after[i]);
    free(q->terms_after);
}

void quiz_free(quiz_file *q)
{
    if (!q) return;
    for (size_t l = 0; l < q->nlessons; l++) {
        quiz_lesson *ls = &q->lessons[l];
        for (size_t i = 0; i < ls->nquestions; i++) quiz_question_free(&ls->questions[i]);
        free(ls->questions); free(ls->title); free(ls->intro);
    }
    free(q->lessons); free(q->title); free(q->description); free(q->text);
    memset(q, 0, sizeof *q);
}

const quiz_lesson *quiz_find_lesson(const quiz_file *q, const char *id)
{
    for (size_t i = 0; i < q->nlessons; i++)
        if (!strcmp(q->lessons[i].id, id)) return &q->lessons[i];
    return NULL;
}
