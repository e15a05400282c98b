/* measure.c — answer predict questions by running the engine on the question's scenario. */
#include "workbook/measure.h"
#include "scenario.h"
#include "commands.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/*
 * Each measure needs the simulation only up to some moment, so a run stops there instead of at
 * duration_s: `rcuvis check` recomputes every predict question and must stay fast.
 */

const char *quiz_scenario_path(const quiz_question *q, char *buf, size_t bufsz)
{
    if (q->scenario_path[0]) { snprintf(buf, bufsz, "%s", q->scenario_path); return buf; }
    char rel[300];
    snprintf(rel, sizeof rel, "scenarios/%s", q->scenario);
    return rcuvis_data_path(rel, buf, bufsz);
}

/* The scenario as a command line names it: the shipped name when the question's file is the shipped
 * one (`rcuvis run omap-stall` works from any directory), else the path quiz_load() found (an
 * author's own scenario has no shipped name: "rcuvis run hotplug-lecture" failed outside its tree). */
const char *quiz_scenario_arg(const quiz_question *q, char *buf, size_t bufsz)
{
    char rel[300], shipped[1024];
    struct stat a, b;
    snprintf(rel, sizeof rel, "scenarios/%s", q->scenario);
    rcuvis_data_path(rel, shipped, sizeof shipped);
    if (q->scenario_path[0] && !(stat(q->scenario_path, &a) == 0 && stat(shipped, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino)) {
        /* to paste into a shell: quoted when it holds anything but plain path characters */
        const char *p = q->scenario_path;
        bool plain = true;
        for (const char *c = p; *c && plain; c++) plain = isalnum((unsigned char)*c) || strchr("/._-+,=:@%", *c);
        if (plain) { snprintf(buf, bufsz, "%s", p); return buf; }
        size_t o = 0;
        if (o + 1 < bufsz) buf[o++] = '\'';
        for (const char *c = p; *c && o + 5 < bufsz; c++) {
            if (*c == '\'') { memcpy(buf + o, "'\\''", 4); o += 4; }
            else buf[o++] = *c;
        }
        if (o + 1 < bufsz) buf[o++] = '\'';
        buf[o < bufsz ? o : bufsz - 1] = 0;
        return buf;
    }
    return quiz_scenario_name(q, buf, bufsz);
}

const char *quiz_scenario_name(const quiz_question *q, char *buf, size_t bufsz)
{
    size_t n = strlen(q->scenario);
    if (n > 5 && !strcmp(q->scenario + n - 5, ".json")) n -= 5;
    snprintf(buf, bufsz, "%.*s", (int)n, q->scenario);
    return buf;
}

int quiz_scenario_config(const quiz_question *q, rv_config *cfg, char *err, size_t errlen)
{
    char path[1024];
    quiz_scenario_path(q, path, sizeof path);
    rv_overrides ov = {(const char **)q->overrides, q->noverrides};
    memset(cfg, 0, sizeof *cfg);
    if (rv_scenario_load_with(path, &ov, cfg, err, errlen) != 0) {
        /* the loader's messages already name the file; keep only its first line for ours */
        char *nl = strchr(err, '\n');
        if (nl) *nl = 0;
        rv_config_free(cfg);
        return -1;
    }
    if (q->has_seed) cfg->seed = q->seed;
    return 0;
}

static int64_t ns(double s) { return (int64_t)llround(s * 1e9); }

/* How far the measure needs the simulation to run, in seconds (-1 = to the end). */
double quiz_measure_horizon(const quiz_measure *m)
{
    switch (m->kind) {
    case QM_GRACE_PERIODS: case QM_STALL_APPEARS: return m->to_s;
    case QM_HOLDOUT_CPU: case QM_REPORT: return m->at_s;
    default: return -1;
    }
}

static int measure_on(rv_engine *e, const quiz_measure *m, quiz_value *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    rv_flavor_view fv;
    rv_report rep;
    int rc = 0;
    switch (m->kind) {
    case QM_GRACE_PERIODS: {
        rv_run_until(e, ns(m->from_s));
        rv_flavor_get(e, m->flavor, &fv);
        uint64_t g0 = fv.grace_periods;
        rv_run_until(e, ns(m->to_s));
        rv_flavor_get(e, m->flavor, &fv);
        out->num = (double)(fv.grace_periods - g0);
        break;
    }
    case QM_STALL_APPEARS:
        rv_run_until(e, ns(m->to_s));
        rv_report_build(e, &rep);
        out->is_bool = true;
        for (size_t i = 0; i < rep.nstalls; i++)
            if (m->flavor < 0 || rep.stalls[i].flavor == m->flavor) out->b = true;
        rv_report_free(&rep);
        break;
    case QM_HOLDOUT_CPU: {
        rv_run_until(e, ns(m->at_s));
        out->num = -1;
        rv_cpu_view *cv = malloc(sizeof *cv); /* large (per-flavor views): keep it off the stack */
        if (!cv) { snprintf(err, errlen, "out of memory"); return -1; }
        for (int c = 0; c < rv_cpus(e); c++) {
            rv_cpu_get(e, c, cv);
            if (cv->rdp[m->flavor].qs_owed) { out->num = c; break; }
        }
        free(cv);
        break;
    }
    case QM_REPORT:
        rv_run_until(e, m->at_s >= 0 ? ns(m->at_s) : rv_end_ns(e));
        rv_report_build(e, &rep);
        rc = quiz_report_value(&rep, e, m->path, out, err, errlen);
        if (rc == 0 && !out->is_bool && m->scale > 0) out->num *= m->scale;
        rv_report_free(&rep);
        break;
    default:
        snprintf(err, errlen, "unknown measure");
        return -1;
    }
    if (rc == 0 && !out->is_bool && m->round >= 0) {
        double p = pow(10, m->round);
        out->num = round(out->num * p) / p;
    }
    return rc;
}

int quiz_measure_run(const quiz_question *q, quiz_value *out, char *err, size_t errlen)
{
    if (q->kind != QUIZ_PREDICT || !q->has_scenario) { snprintf(err, errlen, "not a predict question with a scenario"); return -1; }
    rv_config cfg;
    if (quiz_scenario_config(q, &cfg, err, errlen)) return -1;
    int rc = -1;
    rv_engine *e = NULL;
    double h = quiz_measure_horizon(&q->measure);
    if (h > cfg.duration_s + 1e-9) {
        snprintf(err, errlen, "the measure needs %g s of simulation but the scenario (with its overrides) runs %g s (duration_s)",
                 h, cfg.duration_s);
        goto out;
    }
    if (q->measure.flavor >= 0 && !cfg.rcu.flavors[q->measure.flavor]) {
        snprintf(err, errlen, "the scenario has no %s flavor", rv_flavor_name(q->measure.flavor));
        goto out;
    }
    /* a measure reads engine state and the report, never past events: the headless ring, as
     * `rcuvis run` keeps, which gives the same report (test_output_stable) without logging every
     * event into a ring that grows to 65536 slots */
    rv_engine_opts opts = {.event_ring = RV_RING_HEADLESS};
    e = rv_engine_new(&cfg, &opts, err, errlen);
    if (!e) goto out;
    rc = measure_on(e, &q->measure, out, err, errlen);
out:
    rv_engine_free(e);
    rv_config_free(&cfg);
    return rc;
}

static void note_stall(const rv_event *ev, void *ctx)
{
    int64_t *first = ctx;
    if (ev->type == RV_EV_STALL && *first < 0) *first = ev->t;
}

int quiz_moment_resolve(const quiz_question *q, double *at_s, char *err, size_t errlen)
{
    if (!q->has_at) { snprintf(err, errlen, "the question has no moment"); return -1; }
    rv_config cfg;
    if (quiz_scenario_config(q, &cfg, err, errlen)) return -1;
    int rc = -1;
    if (!q->at_first_stall) {
        if (q->at_s > cfg.duration_s + 1e-9)
            snprintf(err, errlen, "at %g s is past the scenario's end (duration_s %g)", q->at_s, cfg.duration_s);
        else { *at_s = q->at_s; rc = 0; }
        rv_config_free(&cfg);
        return rc;
    }
    rv_engine *e = rv_engine_new(&cfg, NULL, err, errlen);
    if (e) {
        /* run second by second so the search stops right after the first warning */
        int64_t first = -1, end = rv_end_ns(e);
        rv_engine_set_sink(e, note_stall, &first);
        for (int64_t t = 0; first < 0 && t < end;) {
            t = t + 1000000000 < end ? t + 1000000000 : end;
            rv_run_until(e, t);
        }
        rv_engine_set_sink(e, NULL, NULL);
        if (first >= 0) { *at_s = (double)first / 1e9; rc = 0; }
        else snprintf(err, errlen, "\"at\": \"first_stall\" but no stall warning appears in %g s", cfg.duration_s);
        rv_engine_free(e);
    }
    rv_config_free(&cfg);
    return rc;
}
