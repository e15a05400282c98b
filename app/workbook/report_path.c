/* report_path.c — read one number out of the run report by a dotted path ("flavors.rcu_sched.grace_periods"). */
#include "report/report.h"
#include "workbook/measure.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The path walks the very JSON that `rcuvis run --json` prints (cli_report_json), so a quiz, a
 * scenario's `expect` and a student reading the report all use the same names: dotted keys, array
 * elements by index, ".length" for an array's size. Threads may also be named
 * ("threads.rcu_sched.cpu_seconds") because their order depends on the run. "A / B" divides two
 * such numbers ("flavors.rcu_sched.idle_probes / flavors.rcu_sched.grace_periods").
 */

static void keys_of(const cJSON *o, char *buf, size_t bufsz)
{
    buf[0] = 0;
    for (const cJSON *c = o->child; c; c = c->next) {
        size_t n = strlen(buf);
        snprintf(buf + n, bufsz - n, "%s%s", n ? ", " : "", c->string);
    }
}

static const cJSON *step(const cJSON *cur, const char *seg, const char *path, char *err, size_t errlen)
{
    char known[512];
    if (cJSON_IsObject(cur)) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(cur, seg);
        if (!v) { keys_of(cur, known, sizeof known); snprintf(err, errlen, "report path `%s`: no `%s` here (known: %s)", path, seg, known); }
        return v;
    }
    if (cJSON_IsArray(cur)) {
        char *end;
        long i = strtol(seg, &end, 10);
        if (*seg && !*end && i >= 0) {
            const cJSON *v = cJSON_GetArrayItem(cur, (int)i);
            if (!v) snprintf(err, errlen, "report path `%s`: index %ld but the array has %d element%s", path, i,
                             cJSON_GetArraySize(cur), cJSON_GetArraySize(cur) == 1 ? "" : "s");
            return v;
        }
        for (const cJSON *c = cur->child; c; c = c->next) {
            const cJSON *name = cJSON_GetObjectItemCaseSensitive(c, "name");
            if (cJSON_IsString(name) && !strcmp(name->valuestring, seg)) return c;
        }
        snprintf(err, errlen, "report path `%s`: `%s` is neither an index, `length`, nor the name of an element", path, seg);
        return NULL;
    }
    snprintf(err, errlen, "report path `%s`: cannot go into a plain value at `%s`", path, seg);
    return NULL;
}

static int path_value(const cJSON *root, const char *path, quiz_value *out, char *err, size_t errlen);

int quiz_report_value(const rv_report *r, const rv_engine *e, const char *path, quiz_value *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    const rv_config *cfg = rv_engine_config(e);
    cJSON *root = cli_report_json(r, cfg, 0.0);
    if (!root) { snprintf(err, errlen, "out of memory"); return -1; }
    /* captions_missed, which `rcuvis run --json` adds after cli_report_json(), so that a prediction
     * names the same paths as an expect; judged is false for a run cut short (a measure read at
     * at_s, or a duration below the file's) */
    bool judged = !(cfg->file_duration_s > 0 && cfg->duration_s < cfg->file_duration_s) && rv_now_ns(e) >= rv_end_ns(e);
    report_add_captions_missed(root, e, cfg, judged);
    /* "A / B": a ratio of two report numbers (spaces around the slash: thread names contain '/') */
    const char *slash = strstr(path, " / ");
    int rc;
    if (!slash) {
        rc = path_value(root, path, out, err, errlen);
    } else {
        char num[160];
        snprintf(num, sizeof num, "%.*s", (int)(slash - path), path);
        quiz_value a, b;
        rc = path_value(root, num, &a, err, errlen);
        if (rc == 0) rc = path_value(root, slash + 3, &b, err, errlen);
        if (rc == 0 && b.num == 0) { snprintf(err, errlen, "report path `%s`: the divisor is 0", path); rc = -1; }
        if (rc == 0) out->num = a.num / b.num;
    }
    cJSON_Delete(root);
    return rc;
}

static int path_value(const cJSON *root, const char *path, quiz_value *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    char buf[160];
    snprintf(buf, sizeof buf, "%s", path);
    const cJSON *cur = root;
    int rc = -1;
    char *save = NULL;
    for (char *seg = strtok_r(buf, ".", &save); seg && cur; seg = strtok_r(NULL, ".", &save)) {
        if (!strcmp(seg, "length") && cJSON_IsArray(cur)) {
            out->num = cJSON_GetArraySize(cur);
            rc = strtok_r(NULL, ".", &save) ? -1 : 0;
            if (rc) snprintf(err, errlen, "report path `%s`: nothing can follow `length`", path);
            return rc;
        }
        cur = step(cur, seg, path, err, errlen);
    }
    if (!cur) return -1;
    char *end = NULL;
    if (cJSON_IsNumber(cur)) { out->num = cur->valuedouble; rc = 0; }
    /* 64-bit counters are printed exactly as raw JSON numbers rather than through a double */
    else if (cJSON_IsRaw(cur) && (out->num = strtod(cur->valuestring, &end), end && end != cur->valuestring && !*end)) rc = 0;
    else if (cJSON_IsBool(cur)) { out->num = cJSON_IsTrue(cur); rc = 0; } /* true counts as 1 */
    else {
        char known[512] = "";
        if (cJSON_IsObject(cur)) keys_of(cur, known, sizeof known);
        snprintf(err, errlen, "report path `%s` is not a number%s%s%s", path, known[0] ? " (it has: " : "", known, known[0] ? ")" : "");
    }
    return rc;
}
