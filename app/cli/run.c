/* run.c — `rcuvis run`: load a scenario with overrides, simulate it headless, report, check expects. */
#include "cli/args.h"
#include "cli/expect_moments.h"
#include "cli/lint.h"
#include "cli/progress.h"
#include "report/report.h"
#include "cli/trace.h"
#include "cli/util.h"
#include "commands.h"
#include "report/csv.h"
#include "report/expect.h"
#include "rcuvis.h"
#include "scenario.h"
#include "util/readfile.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Where expectation i sits, for an editor to jump to: "FILE:LINE:COL: $.expect[I]", or the JSON path
 * alone when the file cannot be read again. The file's text is read once, on the first call (*text). */
static void expect_place(const rv_config *cfg, size_t i, char **text, size_t *len, bool *tried, char *buf, size_t n)
{
    char jpath[48];
    int line, col;
    snprintf(jpath, sizeof jpath, "$.expect[%zu]", i);
    if (!*tried && cfg->path[0]) *text = rf_read_file(cfg->path, len, (size_t)64 << 20);
    *tried = true;
    if (*text && rv_json_path_pos(*text, *len, jpath, &line, &col))
        snprintf(buf, n, "%s:%d:%d: %s", cfg->path, line, col, jpath);
    else snprintf(buf, n, "%s", jpath);
}

/* ", changed by --set expect.1.equals=2": the file's line that a FAIL points to says what the file
 * has, and an override of that expectation made the run check something else (an author read the
 * file's 0 beside a FAIL of "expected == 1") */
static void expect_overridden(const cli_run_opts *o, size_t i, char *buf, size_t n)
{
    char pre[40];
    int pl = snprintf(pre, sizeof pre, "expect.%zu", i);
    buf[0] = 0;
    for (size_t k = 0; o && k < o->nsets; k++) {
        const char *s = o->sets[k];
        if (strncmp(s, pre, (size_t)pl) || (s[pl] != '.' && s[pl] != '=')) continue;
        size_t l = strlen(buf);
        snprintf(buf + l, n - l, "%s%s", l ? ", " : ", changed by ", o->set_labels ? o->set_labels[k] : s);
    }
}

/* Which part of an expectation's `when` this run does not meet: "its when asks mode softirq, this run
 * is kthread" (the skip line said only that the when did not hold, and a file's when may name four keys) */
static void when_miss(const rv_when *w, const rv_config *cfg, char *buf, size_t n)
{
    switch (rv_when_unmet(w, cfg)) { /* the engine's own test, so the words name the key that failed it */
    case RV_WHEN_MODE:
        snprintf(buf, n, "its when asks mode %s, this run is %s", rv_mode_name(w->mode), rv_mode_name(cfg->rcu.mode));
        break;
    case RV_WHEN_NEEDS_GP_FIX:
        snprintf(buf, n, "its when asks needs_gp_fix %s, this run has it %s", w->needs_gp_fix ? "on" : "off",
                 rv_cfg_needs_gp_fix(cfg) ? "on" : "off");
        break;
    case RV_WHEN_FAST_NO_HZ:
        snprintf(buf, n, "its when asks fast_no_hz %s, this run has it %s", w->fast_no_hz ? "on" : "off",
                 cfg->rcu.fast_no_hz ? "on" : "off");
        break;
    case RV_WHEN_FLAVOR: snprintf(buf, n, "its when asks for %s, which this run does not enable", rv_flavor_name(w->flavor)); break;
    default: snprintf(buf, n, "its when does not hold in this run"); break;
    }
}

/* The warnings about the file's captions and conditions (overlaps, a `when` that never holds) onto
 * dst, each with its line and column as check prints them ("s.json:19:5: $.captions[0] ..."): run's
 * said only "s.json: $.captions[0]", and an author could not jump there from a CI log. */
static void file_warnings(FILE *dst, const rv_config *cfg, const rv_engine *e, const char *file, size_t *overlaps, size_t *dead)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m) { /* out of memory: said without places rather than not at all */
        *overlaps = cli_report_caption_overlaps(dst, cfg, file) + cli_report_fired_overlaps(dst, e, file);
        *dead = cli_report_dead_conditions(dst, cfg, file);
        return;
    }
    *overlaps = cli_report_caption_overlaps(m, cfg, file) + cli_report_fired_overlaps(m, e, file);
    *dead = cli_report_dead_conditions(m, cfg, file);
    if (fclose(m) == 0 && buf) {
        if (cfg->path[0]) cli_write_with_places(dst, buf, cfg->path);
        else fputs(buf, dst);
    }
    free(buf);
}

/* Check every expect against the report as printed (re-parsed, so the checks see exactly what
 * --json shows). Lines go to out, or into results when the report is printed as JSON. */
static int run_expects(const rv_config *cfg, const cli_run_opts *opts, const cJSON *printed, const expect_moments *mo, double end_s, FILE *out,
                       cJSON *results)
{
    int failed = 0;
    size_t skipped = 0, skipped_at = 0;
    char *text = NULL, place[1200];
    size_t text_len = 0;
    bool tried = false;
    for (size_t i = 0; i < cfg->nexpects; i++) {
        expect_result r;
        const rv_expect *x = &cfg->expects[i];
        char at[40] = "";
        if (x->has_at) expect_moments_fmt(at, sizeof at, x->at_s);
        /* at_s past a shortened run's end says nothing of the file, as a caption due later; at its very
         * end neither: that report judges what the shortened run did not reach (events after it, not
         * applied), which the full run's report of the same moment does not */
        bool shortened = end_s < cfg->file_duration_s;
        /* compared in ns, as the moments were taken (expect_moments_take()): 19.9999999999 is the end */
        long long at_ns = llround(x->at_s * 1e9), end_ns = llround(end_s * 1e9);
        if (x->has_at && (at_ns > end_ns || (shortened && at_ns >= end_ns))) {
            skipped++; skipped_at++;
            if (out) {
                expect_place(cfg, i, &text, &text_len, &tried, place, sizeof place);
                fprintf(out, "skip %s: its at_s (%s s) is %s this run's end (%.9g s)  (%s)\n", x->path, at,
                        at_ns > end_ns ? "after" : "at", end_s, place);
            }
            if (results) {
                cJSON *o = cJSON_CreateObject();
                cJSON_AddNumberToObject(o, "index", (double)i);
                cJSON_AddStringToObject(o, "path", x->path);
                cJSON_AddNumberToObject(o, "at_s", x->at_s);
                cJSON_AddBoolToObject(o, "ok", true);
                cJSON_AddBoolToObject(o, "skipped", true);
                cJSON_AddStringToObject(o, "why", at_ns > end_ns ? "its at_s is after this run's end" : "its at_s is at a shortened run's end");
                cJSON_AddItemToArray(results, o);
            }
            continue;
        }
        /* one whose `when` does not hold here is for the other configuration: said, not judged */
        if (cfg->expects[i].has_when && !rv_when_holds(&cfg->expects[i].when, cfg)) {
            skipped++;
            char miss[160];
            when_miss(&cfg->expects[i].when, cfg, miss, sizeof miss);
            if (out) {
                expect_place(cfg, i, &text, &text_len, &tried, place, sizeof place);
                fprintf(out, "skip %s: %s  (%s)\n", cfg->expects[i].path, miss, place);
            }
            if (results) {
                cJSON *o = cJSON_CreateObject();
                cJSON_AddNumberToObject(o, "index", (double)i);
                cJSON_AddStringToObject(o, "path", cfg->expects[i].path);
                cJSON_AddBoolToObject(o, "ok", true);
                cJSON_AddBoolToObject(o, "skipped", true);
                cJSON_AddStringToObject(o, "why", miss);
                cJSON_AddItemToArray(results, o);
            }
            continue;
        }
        /* at the run's own end, the end's report: the same moment, and the one with captions_missed */
        const cJSON *report = x->has_at && at_ns < end_ns ? expect_moments_report(mo, x->at_s) : printed;
        if (report) expect_eval(report, x, &r);
        else {
            r.ok = false;
            r.value[0] = 0;
            snprintf(r.line, sizeof r.line, "FAIL %s: the report as of %s s could not be built (out of memory)", x->path, at);
        }
        if (x->has_at && report) { /* which moment the figure is of, before the author's why */
            char why[300] = "";
            size_t len = strlen(r.line), wl = x->why[0] ? strlen(x->why) + 2 : 0;
            if (wl && wl <= len && !strcmp(r.line + len - wl + 2, x->why) && !strncmp(r.line + len - wl, ": ", 2)) {
                snprintf(why, sizeof why, "%s", r.line + len - wl);
                len -= wl;
            }
            snprintf(r.line + len, sizeof r.line - len, " (at %s s)%s", at, why);
        }
        failed += !r.ok;
        /* a failure names its place in the file, with its line and column as check's messages have them:
         * two expectations on one path (a min and a max) could not be told apart */
        if (out && r.ok) fprintf(out, "%s\n", r.line);
        else if (out) {
            char set_by[300];
            expect_place(cfg, i, &text, &text_len, &tried, place, sizeof place);
            expect_overridden(opts, i, set_by, sizeof set_by);
            fprintf(out, "%s  (%s%s)\n", r.line, place, set_by);
        }
        if (results) {
            cJSON *o = cJSON_CreateObject();
            cJSON_AddNumberToObject(o, "index", (double)i);
            cJSON_AddStringToObject(o, "path", cfg->expects[i].path);
            if (x->has_at) cJSON_AddNumberToObject(o, "at_s", x->at_s);
            cJSON_AddBoolToObject(o, "ok", r.ok);
            cJSON_AddStringToObject(o, "value", r.value);
            cJSON_AddStringToObject(o, "line", r.line);
            /* where it is in the file, as the text's FAIL line says it: CI reading --json had no place */
            expect_place(cfg, i, &text, &text_len, &tried, place, sizeof place);
            cJSON_AddStringToObject(o, "place", place);
            cJSON_AddItemToArray(results, o);
        }
    }
    if (out && cfg->nexpects == 0) fprintf(out, "expect: the scenario has no expect list\n");
    else if (out && skipped)
        fprintf(out, "expect: %zu of %zu passed (%zu skipped: %s)\n", cfg->nexpects - skipped - (size_t)failed,
                cfg->nexpects - skipped, skipped,
                !skipped_at ? "their when does not hold in this run"
                : skipped_at == skipped ? "their at_s is not before this shortened run's end"
                                        : "their when does not hold in this run, or their at_s is not before its end");
    else if (out) fprintf(out, "expect: %zu of %zu passed\n", cfg->nexpects - (size_t)failed, cfg->nexpects);
    free(text);
    return failed;
}

/* Report out, expects checked; returns the exit status (0, or 1 when an expect failed). */
static const char *const debugfs_files[] = {"rcugp", "rcuhier", "rcudata", "rcu_pending"};

/* One debugfs file whole, in a buffer of its size (free() it); NULL for a file the engine has not. */
static char *debugfs_text(const rv_engine *e, const char *name)
{
    char probe[1];
    int n = rv_debugfs(e, name, probe, sizeof probe);
    if (n < 0) return NULL;
    char *buf = malloc((size_t)n + 1);
    if (!buf) { fprintf(stderr, "rcuvis: out of memory for /sys/kernel/debug/rcu/%s\n", name); return NULL; }
    rv_debugfs(e, name, buf, (size_t)n + 1);
    return buf;
}

/* --debugfs and --dmesg: the engine's views in the kernel's own text forms. */
static void kernel_views_text(FILE *out, const rv_engine *e, const cli_run_opts *o)
{
    if (o->dmesg) {
        /* a heading, as each debugfs file has: the log's first line (omap-stall's stall warning) read as
         * the summary's stall line printed twice */
        fprintf(out, "\nkernel log (dmesg), %zu line%s:\n", rv_klog_count(e), rv_klog_count(e) == 1 ? "" : "s");
        for (size_t i = 0; i < rv_klog_count(e); i++) {
            int64_t t = rv_klog_time(e, i);
            fprintf(out, "[%5lld.%06lld] %s\n", (long long)(t / 1000000000), (long long)(t % 1000000000 / 1000), rv_klog_line(e, i));
        }
    }
    for (size_t k = 0; o->debugfs && k < sizeof debugfs_files / sizeof *debugfs_files; k++) {
        char *buf = debugfs_text(e, debugfs_files[k]);
        if (buf) fprintf(out, "\n/sys/kernel/debug/rcu/%s:\n%s", debugfs_files[k], buf);
        free(buf);
    }
}

static double sim_cpu_s; /* CPU seconds of the simulation itself (for --work) */

static double cpu_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* --work: the items any engine must handle to produce this run, and what a checkpoint holds. */
static void work_json(const rv_engine *e, cJSON *json)
{
    rv_work w;
    rv_engine_work(e, &w);
    cJSON *o = cJSON_AddObjectToObject(json, "work");
    if (!o) return;
    cJSON_AddNumberToObject(o, "cpu_seconds", sim_cpu_s);
    cJSON_AddNumberToObject(o, "ticks", (double)w.ticks);
    cJSON_AddNumberToObject(o, "busy_ticks", (double)w.busy_ticks);
    cJSON_AddNumberToObject(o, "softirq_runs", (double)w.softirq_runs);
    cJSON_AddNumberToObject(o, "idle_entries", (double)w.idle_entries);
    cJSON_AddNumberToObject(o, "queue_events", (double)w.queue_events);
    cJSON_AddNumberToObject(o, "events", (double)w.events);
    cJSON_AddNumberToObject(o, "grace_periods", (double)w.grace_periods);
    cJSON_AddNumberToObject(o, "fqs_credits", (double)w.fqs_credits);
    cJSON_AddNumberToObject(o, "node_visits", (double)w.node_visits);
    rv_engine *ck = rv_engine_clone(e);
    if (ck) cJSON_AddNumberToObject(o, "checkpoint_bytes", (double)rv_engine_size(ck));
    rv_engine_free(ck);
}

static void kernel_views_json(const rv_engine *e, const cli_run_opts *o, cJSON *json)
{
    if (o->work) work_json(e, json);
    if (o->dmesg) {
        cJSON *lines = cJSON_AddArrayToObject(json, "dmesg");
        for (size_t i = 0; lines && i < rv_klog_count(e); i++) {
            cJSON *l = cJSON_CreateObject();
            cJSON_AddNumberToObject(l, "t_s", (double)rv_klog_time(e, i) / 1e9);
            cJSON_AddStringToObject(l, "text", rv_klog_line(e, i));
            cJSON_AddItemToArray(lines, l);
        }
    }
    cJSON *files = o->debugfs ? cJSON_AddObjectToObject(json, "debugfs") : NULL;
    for (size_t k = 0; files && k < sizeof debugfs_files / sizeof *debugfs_files; k++) {
        char *buf = debugfs_text(e, debugfs_files[k]);
        if (buf) cJSON_AddStringToObject(files, debugfs_files[k], buf);
        free(buf);
    }
}

/* Captions this run should have shown but never did: a trigger that never came (n beyond the
 * run's count, a typo'd cpu), or came so late that delay_s put the caption past the end. One
 * warning each, named by its place in the file; returns how many. A run cut short (--duration,
 * --set duration_s below the file's) is not checked: the trigger may well come after its end, and
 * that is no mistake in the file. Captions whose `when` excludes this configuration are for the
 * other mode, not missed (rv_caption_missed). */
static bool captions_judged(const rv_config *cfg)
{
    return !(cfg->file_duration_s > 0 && cfg->duration_s < cfg->file_duration_s);
}

/* The options that changed what the scenario does (not how long it runs, its seed or its mode, which
 * captions are written for: `when` names a mode), as typed, for a warning's "in this run (...)";
 * "" when there are none. */
static void variant_options(const cli_run_opts *o, char *buf, size_t n)
{
    size_t k = 0, shown = 0, more = 0;
    buf[0] = 0;
    for (size_t i = 0; i < o->nsets; i++) {
        const char *s = o->sets[i];
        if (!strncmp(s, "duration_s=", 11) || !strncmp(s, "seed=", 5) || !strncmp(s, "rcu.mode=", 9)) continue;
        if (shown == 2) { more++; continue; }
        const char *label = o->set_labels ? o->set_labels[i] : s;
        int w = snprintf(buf + k, n - k, "%s%.60s%s", shown ? ", " : "", label, strlen(label) > 60 ? "..." : "");
        if (w < 0 || (size_t)w >= n - k) break;
        k += (size_t)w;
        shown++;
    }
    if (more && k < n) snprintf(buf + k, n - k, " and %zu more", more);
}

/* A caption missed in a run whose options changed the scenario (a workbook "Try it" with
 * --set rcu.no_hz=false, where no stall is the point) may be right in the file as written: the
 * warning says which options the run had and gives no advice to edit the file. --strict still
 * counts it, for an author trying a variant. */
static size_t captions_missed(FILE *out, const rv_engine *e, const rv_config *cfg, const cli_run_opts *o)
{
    if (!captions_judged(cfg)) return 0;
    char variant[200];
    variant_options(o, variant, sizeof variant);
    size_t n = 0;
    for (size_t i = 0; i < cfg->ncaptions; i++) {
        char why[512], text[48];
        if (!(variant[0] ? rv_caption_missed_plain(e, i, why, sizeof why) : rv_caption_missed(e, i, why, sizeof why))) continue;
        cli_caption_start(cfg->captions[i].text, 40, text, sizeof text);
        if (variant[0])
            fprintf(out, "warning: %s: $.captions[%d] (\"%s\") was not shown in this run (%s): %s\n",
                    cfg->path[0] ? cfg->path : cfg->name, cfg->captions[i].file_index, text, variant, why);
        else
            fprintf(out, "warning: %s: $.captions[%d] (\"%s\") was never shown: %s\n", cfg->path[0] ? cfg->path : cfg->name,
                    cfg->captions[i].file_index, text, why);
        n++;
    }
    return n;
}

/* A triggered event whose trigger had not fired when a run cut short ended: that says nothing about
 * the file (the trigger may come after the end), as with captions, so it is no warning and does
 * not fail --strict; the JSON report still lists it. Timed events after the end are certain and
 * keep their own note (cli_report_not_applied), and --strict counts them. */
static bool trigger_deferred(const rv_not_applied *x, const rv_config *cfg)
{
    return !captions_judged(cfg) && x->t_s < 0 && !x->after_end;
}

/* rep without the deferred entries, for the summary's warnings and --strict's count; *kept is
 * the copied list to free (NULL when nothing was left out, and then view is rep as it is). */
static rv_report judged_view(const rv_report *rep, const rv_config *cfg, rv_not_applied **kept, size_t *deferred)
{
    rv_report view = *rep;
    *kept = NULL;
    *deferred = 0;
    for (size_t i = 0; i < rep->nnot_applied; i++) *deferred += trigger_deferred(&rep->not_applied[i], cfg);
    if (!*deferred) return view;
    *kept = malloc((rep->nnot_applied - *deferred + 1) * sizeof **kept);
    if (!*kept) { *deferred = 0; return view; } /* out of memory: every entry stays a warning, none is lost */
    view.nnot_applied = 0;
    for (size_t i = 0; i < rep->nnot_applied; i++)
        if (!trigger_deferred(&rep->not_applied[i], cfg)) (*kept)[view.nnot_applied++] = rep->not_applied[i];
    view.not_applied = *kept;
    return view;
}

/* One note for the deferred events, as the timed ones after the end get: "note: s.json: this run
 * ends at 3 s, before the triggers of 2 scripted events fired: $.events[1] (offline, cpu 1: its
 * trigger (gp_start of rcu_sched (occurrence 500)) happened 120 times), ...". */
static void note_deferred(FILE *out, const rv_report *rep, const rv_config *cfg, size_t n, const char *file)
{
    if (!n) return;
    fprintf(out, "note: %s: this run ends at %g s, before the trigger%s of %zu scripted event%s fired:", file, rep->sim_seconds,
            n == 1 ? "" : "s", n, n == 1 ? "" : "s");
    size_t shown = 0;
    for (size_t i = 0; i < rep->nnot_applied && shown < 3; i++) {
        const rv_not_applied *x = &rep->not_applied[i];
        if (!trigger_deferred(x, cfg)) continue;
        /* the reason's first part says what the trigger did; its advice (lower "n") is for full runs */
        const char *r = x->reason, *cut = strstr(r, " before the end of the run");
        if (!cut) cut = strchr(r, ';');
        int len = cut ? (int)(cut - r) : (int)strlen(r);
        char cpu[24];
        if (x->cpu >= 0) snprintf(cpu, sizeof cpu, "cpu %d", x->cpu);
        else snprintf(cpu, sizeof cpu, "all CPUs");
        fprintf(out, "%s $.events[%d] (%s, %s: %.*s)", shown ? "," : "", x->index, rv_inject_kind_name(x->kind), cpu, len, r);
        shown++;
    }
    if (n > shown) fprintf(out, " and %zu more", n - shown);
    fprintf(out, "; the scenario's own duration_s (%g s) may still fire %s, so a run cut short does not judge them (--json lists each)\n",
            cfg->file_duration_s, n == 1 ? "it" : "them");
}

static int output(const rv_engine *e, const rv_report *rep, const rv_config *cfg, double wall, const cli_run_opts *o,
                  const expect_moments *mo, size_t linted)
{
    /* with the trace on stdout (--trace -), the summary is for the person at the terminal: stderr */
    FILE *out = o->trace && !strcmp(o->trace, "-") ? stderr : stdout;
    const char *file = cfg->path[0] ? cfg->path : cfg->name;
    rv_not_applied *kept;
    size_t deferred;
    rv_report view = judged_view(rep, cfg, &kept, &deferred);
    cJSON *json = cli_report_json(rep, cfg, wall);
    /* before the report is printed and read back, so that an expect can name it too */
    if (json) report_add_captions_missed(json, e, cfg, captions_judged(cfg));
    char *text = json ? cJSON_Print(json) : NULL;
    cJSON *printed = text ? cJSON_Parse(text) : NULL;
    if (!printed) {
        fprintf(stderr, "rcuvis: run: out of memory building the report\n");
        cJSON_Delete(json);
        free(text);
        free(kept);
        return 2;
    }
    int failed = 0;
    size_t missed = 0, overlaps = 0, dead = 0;
    if (o->json) {
        if (o->expect) {
            cJSON *results = cJSON_AddArrayToObject(json, "expect");
            failed = run_expects(cfg, o, printed, mo, rep->sim_seconds, NULL, results);
            /* stdout is the JSON: a failing check is also said on stderr, so that a CI log shows why it
             * exited 1 (it said nothing there) */
            for (cJSON *r = results ? results->child : NULL; r; r = r->next)
                if (cJSON_IsFalse(cJSON_GetObjectItem(r, "ok")))
                    fprintf(stderr, "rcuvis: %s  (%s)\n", cJSON_GetStringValue(cJSON_GetObjectItem(r, "line")),
                            cJSON_GetStringValue(cJSON_GetObjectItem(r, "place")));
        }
        if (o->expect || o->debugfs || o->dmesg || o->work) kernel_views_json(e, o, json);
        free(text);
        text = cJSON_Print(json);
        if (text) printf("%s\n", text);
    } else {
        cli_report_text(out, &view, cfg, wall);
        note_deferred(out, rep, cfg, deferred, file);
        missed = captions_missed(out, e, cfg, o); /* beside the not-applied events' warnings */
        file_warnings(out, cfg, e, file, &overlaps, &dead);
        if (o->work) {
            rv_work w;
            rv_engine_work(e, &w);
            fprintf(out, "\nwork: %.3f CPU s; %llu ticks (%llu busy), %llu softirq runs, %llu idle entries, %llu queue events, %llu events\n",
                    sim_cpu_s, (unsigned long long)w.ticks, (unsigned long long)w.busy_ticks, (unsigned long long)w.softirq_runs,
                    (unsigned long long)w.idle_entries, (unsigned long long)w.queue_events, (unsigned long long)w.events);
        }
        kernel_views_text(out, e, o);
        if (o->expect) {
            fprintf(out, "\n");
            failed = run_expects(cfg, o, printed, mo, rep->sim_seconds, out, NULL);
        }
    }
    free(text);
    cJSON_Delete(printed);
    cJSON_Delete(json);
    /* never silent: with --json the warnings go to stderr, the summary already has them */
    if (o->json) {
        cli_report_not_applied(stderr, &view, file);
        note_deferred(stderr, rep, cfg, deferred, file);
        missed = captions_missed(stderr, e, cfg, o);
        file_warnings(stderr, cfg, e, file, &overlaps, &dead);
    }
    size_t not_applied = view.nnot_applied;
    free(kept);
    /* an overlap is a caption cut short in silence: as much the author's business as one never shown */
    if (o->strict && (not_applied || missed || overlaps || dead || linted)) {
        char what[5][80] = {"", "", "", "", ""}, line[480] = "";
        if (not_applied)
            snprintf(what[0], sizeof what[0], "%zu scripted event%s not applied", not_applied, not_applied == 1 ? " was" : "s were");
        if (missed) snprintf(what[1], sizeof what[1], "%zu caption%s never shown", missed, missed == 1 ? " was" : "s were");
        if (overlaps) snprintf(what[2], sizeof what[2], "%zu pair%s of captions overlap", overlaps, overlaps == 1 ? "" : "s");
        if (dead) snprintf(what[3], sizeof what[3], "%zu `when` condition%s never hold%s", dead, dead == 1 ? "" : "s", dead == 1 ? "s" : "");
        if (linted) snprintf(what[4], sizeof what[4], "%zu warning%s about the file before the run", linted, linted == 1 ? "" : "s");
        size_t k = 0;
        for (int i = 0; i < 5; i++)
            if (what[i][0] && k < sizeof line) k += (size_t)snprintf(line + k, sizeof line - k, "%s%s", k ? " and " : "", what[i]);
        fprintf(stderr, "rcuvis: run: --strict: %s\n", line);
        return 1;
    }
    return failed ? 1 : 0;
}

static int simulate(const rv_config *cfg, const cli_run_opts *o, size_t linted)
{
    char err[2048];
    cli_trace *tr = NULL;
    if (o->trace && !(tr = cli_trace_open(o->trace, err, sizeof err))) {
        fprintf(stderr, "rcuvis: run: %s\n", err);
        return 2;
    }
    /* without --trace nothing reads past events: a small ring stays in cache and costs ~nothing */
    rv_engine_opts opts = {.event_ring = tr ? 0 : RV_RING_HEADLESS, .rcu_trace = o->debugfs};
    rv_engine *e = rv_engine_new(cfg, &opts, err, sizeof err);
    if (!e) {
        fprintf(stderr, "rcuvis: %s: %s\n", cfg->path, err);
        cli_trace_abort(tr);
        return 2;
    }
    if (tr) cli_trace_attach(tr, e);
    expect_moments mo;
    if (expect_moments_init(&mo, o->expect ? cfg : &(rv_config){0}) < 0) {
        fprintf(stderr, "rcuvis: run: out of memory for the expectations' moments\n");
        rv_engine_free(e);
        cli_trace_abort(tr);
        return 2;
    }
    double t0 = now_s(), c0 = cpu_now_s();
    expect_moments_take(&mo, e, cfg); /* stopping on the way changes nothing the run does */
    cli_run_with_progress(e, rv_end_ns(e), cfg->name[0] ? cfg->name : cfg->path);
    double wall = now_s() - t0;
    sim_cpu_s = cpu_now_s() - c0;
    int rc = 0;
    if (tr && cli_trace_close(tr, e, err, sizeof err) < 0) {
        fprintf(stderr, "rcuvis: run: %s\n", err);
        rc = 2;
    }
    if (rc == 0) {
        rv_report rep;
        rv_report_build(e, &rep);
        rc = output(e, &rep, cfg, wall, o, &mo, linted);
        rv_report_free(&rep);
    }
    expect_moments_free(&mo);
    rv_engine_free(e);
    return rc;
}

/*
 * check's warnings about the file, once, before the run: `check --strict` failed on a kernel_loop longer
 * than the run while `run --strict` passed, though both say they agree. Those run says after the run
 * from what happened (captions that overlap, conditions that never hold) are left to then, and an
 * overlap only in the other configuration to a run in it (cli_scenario_warnings()). A run cut
 * short judges the file at its own length, as it judges captions: a loop that outlasts a --duration 3
 * run is no mistake in the file. The lines go where run's other warnings go: stdout beside the summary,
 * stderr when stdout carries JSON, CSV or the trace. Returns how many, for --strict.
 */
static size_t lint_before_run(const rv_config *cfg, const cli_run_opts *o, const char *path)
{
    rv_config judged = *cfg; /* a shallow copy, read only */
    if (cfg->file_duration_s > cfg->duration_s) judged.duration_s = cfg->file_duration_s;
    FILE *dst = o->json || o->csv || (o->trace && !strcmp(o->trace, "-")) ? stderr : stdout;
    char *said = NULL;
    size_t len = 0, n;
    FILE *m = open_memstream(&said, &len);
    if (!m) return cli_scenario_warnings(&judged, path, dst, NULL, true); /* without places rather than not at all */
    n = cli_scenario_warnings(&judged, path, m, NULL, true);
    if (fclose(m) == 0 && said) cli_write_with_places(dst, said, path);
    free(said);
    if (n && dst == stdout) fprintf(stdout, "\n");
    return n;
}

int cmd_run(int argc, char **argv)
{
    cli_run_opts o;
    int rc = cli_run_parse(argc, argv, &o);
    if (rc == 0 && o.help) cli_run_usage();
    if (rc != 0 || o.help) {
        cli_run_opts_free(&o);
        return rc;
    }
    char pathbuf[1024], err[8192];
    const char *path = rcuvis_scenario_path(o.scenario, pathbuf, sizeof pathbuf, err, sizeof err);
    if (!path) {
        fprintf(stderr, "rcuvis: %s\n", err);
        cli_run_opts_free(&o);
        return 2;
    }
    rv_overrides ov = {(const char **)o.sets, o.nsets};
    rv_config cfg;
    if (rv_scenario_load_labeled(path, &ov, (const char *const *)o.set_labels, &cfg, err, sizeof err) < 0) {
        cli_print_lines(err);
        rv_config_free(&cfg);
        cli_run_opts_free(&o);
        return 2;
    }
    /* a malformed expectation is found now, not after a run of minutes; only under --expect, as
     * only then are they read (an override may disable a flavor an expectation names) */
    char *vetted = NULL;
    size_t vetted_len = 0;
    FILE *vm = o.expect ? open_memstream(&vetted, &vetted_len) : NULL;
    int vet_bad = o.expect && expect_vet(&cfg, path, vm ? vm : stderr) > 0;
    if (vm) { fclose(vm); cli_print_with_places(vetted, path); } /* with line:column, as check words them */
    free(vetted);
    size_t linted = vet_bad ? 0 : lint_before_run(&cfg, &o, path);
    if (vet_bad) rc = 2;
    else if (o.csv) {
        csv_opts co = {.kind = csv_kind_from_name(o.csv), .interval_s = o.interval_s > 0 ? o.interval_s : 1.0, .from_ns = 0, .to_ns = -1};
        if (csv_run(&cfg, &co, stdout, err, sizeof err) != 0) {
            fprintf(stderr, "rcuvis: run: %s\n", err);
            rc = 2;
        } else if (o.strict && linted) {
            fprintf(stderr, "rcuvis: run: --strict: %zu warning%s about the file before the run\n", linted, linted == 1 ? "" : "s");
            rc = 1;
        }
    } else rc = simulate(&cfg, &o, linted);
    /* a report that did not reach its reader (disk full, closed pipe) is a failure, not a success */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "rcuvis: run: cannot write the report: %s\n", strerror(errno));
        rc = 2;
    }
    rv_config_free(&cfg);
    cli_run_opts_free(&o);
    return rc;
}
