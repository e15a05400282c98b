/* check.c — `rcuvis check` for quiz files and `--update-expected`: the quiz must agree with the model. */
#include "commands.h"
#include "workbook/progress_file.h"
#include "workbook/quiz.h"
#include "workbook/json.h"
#include "workbook/measure.h"
#include "util/safefile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int quiz_check_model(const quiz_file *q, char *err, size_t errlen)
{
    qj_errs e;
    qj_errs_init(&e, q->path, err, errlen);
    for (size_t l = 0; l < q->nlessons; l++)
        for (size_t i = 0; i < q->lessons[l].nquestions; i++) {
            const quiz_question *qq = &q->lessons[l].questions[i];
            if (!qq->has_scenario) continue;
            char msg[1024], p[128];
            snprintf(p, sizeof p, "%s.scenario", qq->jpath);
            if (qq->kind == QUIZ_PREDICT) {
                quiz_value v;
                if (quiz_measure_run(qq, &v, msg, sizeof msg) != 0) {
                    qj_err(&e, p, "question %s: cannot compute the answer: %s", qq->id, msg);
                    continue;
                }
                if (qq->has_expected && !quiz_value_equal(&v, &qq->expected)) {
                    char sv[64], cv[64];
                    quiz_value_format(&qq->expected, sv, sizeof sv);
                    quiz_value_format(&v, cv, sizeof cv);
                    snprintf(p, sizeof p, "%s.expected", qq->jpath);
                    qj_err(&e, p, "question %s: stored %s, the engine computes %s (after a deliberate model change run "
                                  "`rcuvis quiz --update-expected %s`)", qq->id, sv, cv, q->path);
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
    if (rc == 1) { fprintf(errout, "rcuvis: %s: not a quiz file (no \"lessons\")\n", path); return 2; }
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
