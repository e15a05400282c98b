/* check.c — `rcuvis check` for quiz files and `--update-expected`: the quiz must agree with the model. */
#include "commands.h"
#include "paths.h"
#include "workbook/progress_file.h"
#include "workbook/quiz.h"
#include "workbook/json.h"
#include "workbook/measure.h"
#include "report/expect.h"
#include "util/safefile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A command the text gives to copy (`rcuvis run ...` between backquotes) must name a shipped scenario
 * by its name: `rcuvis run scenarios/omap-stall.json` works only in the source tree, and a student
 * runs it from their own directory (`rcuvis run omap-stall` works anywhere). */
static void lint_commands(qj_errs *e, const char *path, const char *qid, const char *text)
{
    for (const char *open = text ? strchr(text, '`') : NULL; open;) {
        const char *close = strchr(open + 1, '`');
        if (!close) break;
        size_t len = (size_t)(close - open - 1);
        const char *cmd = open + 1, *sc = NULL;
        bool rcuvis = len > 7 && !strncmp(cmd, "rcuvis ", 7);
        for (const char *p = cmd; rcuvis && p + 10 <= close && !sc; p++)
            if (!strncmp(p, "scenarios/", 10)) sc = p;
        if (sc) {
            const char *name = sc + 10, *end = name;
            while (end < close && *end != ' ') end++;
            int n = (int)(end - name);
            if (n > 5 && !strncmp(end - 5, ".json", 5)) n -= 5;
            char who[48] = "", rel[300], shipped[1024];
            if (qid) snprintf(who, sizeof who, "question %s: ", qid);
            snprintf(rel, sizeof rel, "scenarios/%.*s.json", n, name);
            /* the advice to use the bare name holds only for a scenario rcuvis ships */
            if (access(rcuvis_data_path(rel, shipped, sizeof shipped), R_OK) == 0)
                qj_err(e, path, "%sthe command `%.*s` names %.*s, a path that works only in the source tree; write the "
                                "shipped name %.*s, which rcuvis finds from any directory",
                       who, (int)(len > 200 ? 200 : len), cmd, (int)(end - sc), sc, n, name);
            else
                qj_err(e, path, "%sthe command `%.*s` names %.*s, a path that works only from the folder that holds "
                                "scenarios/, and %.*s is not a shipped scenario; tell the student where the file is, "
                                "or copy the command the answer prints under \"Try it:\"",
                       who, (int)(len > 200 ? 200 : len), cmd, (int)(end - sc), sc, n, name);
        }
        open = strchr(close + 1, '`');
    }
}

static void lint_question_commands(qj_errs *e, const quiz_question *qq)
{
    char p[160];
#define LINT(field, key) do { snprintf(p, sizeof p, "%s.%s", qq->jpath, key); lint_commands(e, p, qq->id, field); } while (0)
    LINT(qq->question, "question");
    LINT(qq->explanation, "explanation");
    LINT(qq->hint, "hint");
    LINT(qq->source, "source");
    LINT(qq->otherwise, "otherwise");
    LINT(qq->fb_correct, "feedback.correct");
    LINT(qq->fb_incorrect, "feedback.incorrect");
    for (size_t a = 0; a < qq->nanswers; a++) {
        snprintf(p, sizeof p, "%s.answers[%zu].text", qq->jpath, a);
        lint_commands(e, p, qq->id, qq->answers[a].text);
        snprintf(p, sizeof p, "%s.answers[%zu].feedback", qq->jpath, a);
        lint_commands(e, p, qq->id, qq->answers[a].feedback);
    }
#undef LINT
}

/* A predict question that accepts answers near the model's says how near in its own text ("Within 30."):
 * without it a student bisected 200, 100, 150 before learning that 30 either way counted. */
static void lint_tolerance(qj_errs *e, const quiz_question *qq)
{
    if (qq->kind != QUIZ_PREDICT || !(qq->tolerance > 0 || qq->tolerance_pct > 0)) return;
    /* "Within 30.", "within 20%", "within about a second": a "within" that gives an amount, not any
     * "within" ("How many end within the first second?" says nothing of the tolerance) */
    for (const char *p = qq->question; p && *p; p++)
        if ((*p == 'W' || *p == 'w') && !strncmp(p + 1, "ithin ", 6) &&
            ((p[7] >= '0' && p[7] <= '9') || !strncmp(p + 7, "about ", 6)))
            return;
    char p[160], tol[48];
    snprintf(p, sizeof p, "%s.question", qq->jpath);
    if (qq->tolerance_pct > 0) snprintf(tol, sizeof tol, "%g%%", qq->tolerance_pct);
    else snprintf(tol, sizeof tol, "%g", qq->tolerance);
    qj_err(e, p, "question %s: answers within %s of the model's value count as right, but the question does not say so "
                 "(a student guesses blind): end it with \"Within %s.\"", qq->id, tol, tol);
}

/* A report measure's path (each side of "A / B") checked against the report's shape before any run, by
 * the rule a scenario's expect follows (expect_check_path(): keys at every level, with a "did you
 * mean", flavors the scenario enables, thread names): the message goes at measure.path, where the
 * author wrote it, not at the scenario a run of it would have blamed. */
static bool report_measure_ok(qj_errs *e, const quiz_question *qq, const char *mp)
{
    rv_config cfg;
    char msg[1024];
    if (quiz_scenario_config(qq, &cfg, msg, sizeof msg) != 0) return true; /* the run reports the scenario */
    bool ok = true;
    const char *path = qq->measure.path, *slash = strstr(path, " / ");
    for (int side = 0; side < (slash ? 2 : 1) && ok; side++) {
        char one[200];
        if (!slash) snprintf(one, sizeof one, "%s", path);
        else if (side == 0) snprintf(one, sizeof one, "%.*s", (int)(slash - path), path);
        else snprintf(one, sizeof one, "%s", slash + 3);
        rk_type type;
        if (expect_path_type(one, &cfg, &type, msg, sizeof msg) != 0) {
            qj_err(e, mp, "question %s: %s%s%s", qq->id, slash ? (side ? "after the ' / ': " : "before the ' / ': ") : "", msg,
                   strstr(msg, "rcuvis check --paths") ? "" : " (`rcuvis check --paths` lists the report's paths)");
            ok = false;
        } else if (type == RT_STRING) {
            qj_err(e, mp, "question %s: expected a path to a number, true/false or a count, got %s, a string", qq->id, one);
            ok = false;
        }
    }
    rv_config_free(&cfg);
    return ok;
}

int quiz_check_model(const quiz_file *q, char *err, size_t errlen)
{
    qj_errs e;
    qj_errs_init(&e, q->path, err, errlen);
    /* the messages' line:column in the text the quiz was parsed from, not the file as it is now (saved
     * again while the engine computed the answers, or no file at all: a quiz parsed from memory) */
    if (q->text) qj_errs_text(&e, q->text, q->text_len);
    lint_commands(&e, "$.description", NULL, q->description);
    for (size_t l = 0; l < q->nlessons; l++) {
        char p[64];
        snprintf(p, sizeof p, "$.lessons[%zu].intro", l);
        lint_commands(&e, p, NULL, q->lessons[l].intro);
        for (size_t i = 0; i < q->lessons[l].nquestions; i++) {
            lint_question_commands(&e, &q->lessons[l].questions[i]);
            lint_tolerance(&e, &q->lessons[l].questions[i]);
        }
    }
    for (size_t l = 0; l < q->nlessons; l++)
        for (size_t i = 0; i < q->lessons[l].nquestions; i++) {
            const quiz_question *qq = &q->lessons[l].questions[i];
            if (!qq->has_scenario) continue;
            char msg[1024], p[128];
            snprintf(p, sizeof p, "%s.scenario", qq->jpath);
            if (qq->kind == QUIZ_PREDICT) {
                quiz_value v;
                char mp[140];
                snprintf(mp, sizeof mp, "%s.measure.path", qq->jpath);
                if (qq->measure.kind == QM_REPORT && !report_measure_ok(&e, qq, mp)) continue;
                if (quiz_measure_run(qq, &v, msg, sizeof msg) != 0) {
                    /* a path that fits the report's shape but not this run's report (stalls.0 of a run
                     * without stalls) is still the path's fault: say so where the path is written */
                    bool at_path = qq->measure.kind == QM_REPORT && !strncmp(msg, "report path", 11);
                    qj_err(&e, at_path ? mp : p, "question %s: cannot compute the answer: %s", qq->id, msg);
                    continue;
                }
                if (qq->has_expected && !quiz_value_equal(&v, &qq->expected)) {
                    char sv[64], cv[64];
                    quiz_value_format(&qq->expected, sv, sizeof sv);
                    quiz_value_format(&v, cv, sizeof cv);
                    snprintf(p, sizeof p, "%s.expected", qq->jpath);
                    qj_err(&e, p, "question %s: stored %s, the engine computes %s (for a new question, or after a "
                                  "deliberate model change, run `rcuvis quiz --update-expected %s`)", qq->id, sv, cv, q->path);
                }
            } else if (!qq->has_at) {
                /* no run needed, but "show me" must be able to load it */
                rv_config cfg;
                if (quiz_scenario_config(qq, &cfg, msg, sizeof msg) != 0) qj_err(&e, p, "question %s: %s", qq->id, msg);
                else rv_config_free(&cfg);
            }
            if (qq->has_at) {
                double at;
                snprintf(p, sizeof p, "%s.at", qq->jpath);
                if (quiz_moment_resolve(qq, &at, msg, sizeof msg) != 0) qj_err(&e, p, "question %s: %s", qq->id, msg);
            }
        }
    return e.count;
}

int quiz_check_file(const char *path, char *err, size_t errlen)
{
    quiz_file q;
    int rc = quiz_load(path, &q, false, err, errlen);
    if (rc != 0) return rc;
    int problems = quiz_check_model(&q, err, errlen);
    quiz_free(&q);
    return problems ? -1 : 0;
}

/* The question objects of the JSON tree, in file order, to pair with the loaded structs. */
static cJSON *question_json(cJSON *root, size_t l, size_t i)
{
    cJSON *ls = cJSON_GetObjectItemCaseSensitive(root, "lessons");
    cJSON *qs = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(ls, (int)l), "questions");
    return cJSON_GetArrayItem(qs, (int)i);
}

/* Set obj.expected, keeping key order: a new key goes right after "measure" where authors look. */
static void set_expected(cJSON *obj, const quiz_value *v)
{
    cJSON *nv = v->is_bool ? cJSON_CreateBool(v->b) : cJSON_CreateNumber(v->num);
    if (!nv) return;
    if (cJSON_GetObjectItemCaseSensitive(obj, "expected")) { cJSON_ReplaceItemInObjectCaseSensitive(obj, "expected", nv); return; }
    cJSON *m = cJSON_GetObjectItemCaseSensitive(obj, "measure");
    if (!m) { cJSON_AddItemToObject(obj, "expected", nv); return; }
    nv->string = strdup("expected");
    if (!nv->string) { cJSON_Delete(nv); return; }
    /* cJSON keeps child->prev pointing at the last element: preserve that when appending */
    nv->prev = m;
    nv->next = m->next;
    if (m->next) m->next->prev = nv;
    else obj->child->prev = nv;
    m->next = nv;
}

int quiz_update_expected(const char *path, FILE *out, FILE *errout)
{
    char err[8192];
    quiz_file q;
    int rc = quiz_load(path, &q, true, err, sizeof err);
    if (rc == 1) { quiz_not_a_quiz(path, err, sizeof err); fprintf(errout, "rcuvis: %s", err); return 2; }
    if (rc != 0) {
        for (char *line = strtok(err, "\n"); line; line = strtok(NULL, "\n")) fprintf(errout, "rcuvis: %s\n", line);
        return 2;
    }
    /* the file is rewritten after every predict question has run (seconds to minutes): a file or
     * directory that cannot take it is found now, not after the runs */
    if (sf_check(path, err, sizeof err) != 0) {
        fprintf(errout, "rcuvis: %s; nothing was computed\n", err);
        quiz_free(&q);
        return 2;
    }
    char *text = qj_read_file(path, NULL);
    int l0, c0;
    char what[QJ_WHAT_MAX];
    cJSON *root = text ? qj_parse(text, &l0, &c0, what, sizeof what) : NULL;
    int status = 0, changes = 0;
    if (!root) { fprintf(errout, "rcuvis: %s: cannot re-read the file\n", path); status = 2; goto out; }
    for (size_t l = 0; l < q.nlessons; l++)
        for (size_t i = 0; i < q.lessons[l].nquestions; i++) {
            const quiz_question *qq = &q.lessons[l].questions[i];
            if (qq->kind != QUIZ_PREDICT) continue;
            quiz_value v;
            char msg[1024];
            if (quiz_measure_run(qq, &v, msg, sizeof msg) != 0) {
                fprintf(errout, "rcuvis: %s: %s: question %s: cannot compute the answer: %s\n", path, qq->jpath, qq->id, msg);
                status = 1;
                continue;
            }
            char nv[64], ov[64] = "(none)";
            quiz_value_format(&v, nv, sizeof nv);
            if (qq->has_expected) quiz_value_format(&qq->expected, ov, sizeof ov);
            if (!qq->has_expected || !quiz_value_equal(&v, &qq->expected)) {
                fprintf(out, "%s: question %s: expected %s -> %s\n", path, qq->id, ov, nv);
                changes++;
            }
            set_expected(question_json(root, l, i), &v);
        }
    if (status) { fprintf(errout, "rcuvis: %s left unchanged\n", path); goto out; }
    char *canon = qj_print(root);
    if (!canon) { fprintf(errout, "rcuvis: out of memory\n"); status = 2; goto out; }
    if (strcmp(canon, text) != 0) {
        if (pf_write_atomic(path, canon, strlen(canon), err, sizeof err) != 0) {
            fprintf(errout, "rcuvis: %s\n", err);
            status = 2;
        } else {
            fprintf(out, "%s: %d expected value%s updated%s\n", path, changes, changes == 1 ? "" : "s",
                    changes ? "" : " (layout normalized)");
        }
    } else {
        fprintf(out, "%s: all expected values agree with the engine\n", path);
    }
    free(canon);
out:
    cJSON_Delete(root);
    free(text);
    quiz_free(&q);
    return status;
}
