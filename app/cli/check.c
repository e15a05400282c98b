/* check.c — `rcuvis check FILE...`: validate quiz and scenario files without running them. */
#include "cli/util.h"
#include "commands.h"
#include "report/expect.h"
#include "report/report.h"
#include "rcuvis.h"
#include "scenario.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(void)
{
    printf("usage: rcuvis check [--strict] FILE...\n"
           "       rcuvis check --paths   list every report path an expect can name, and which trace events they count\n"
           "Validate scenario and quiz files without running the scenarios: JSON syntax (with line:column),\n"
           "every key and value against the schema, each `expect` assertion against the report's shape\n"
           "(its path, the threads this configuration can have, and whether what it compares with can match\n"
           "the value there: no min/max on a string), and the hotplug events: an online of a CPU that is\n"
           "online then, an offline of one that is offline, or of the last online CPU, is an error when\n"
           "the file alone makes it certain (timed events, nothing else that could change the CPU's state)\n"
           "and a warning when it only may happen.\n"
           "Prints \"FILE: ok\" for each valid file and one message per problem on stderr; a \"warning:\" line\n"
           "(also two timed captions that overlap, a `when` that never holds) does not make a file invalid.\n"
           "  --strict   also fail (exit 1) when any warning was printed, as rcuvis run --strict does\n"
           "Exit status: 0 when every file is valid, 1 with --strict when there were warnings, 2 when a file\n"
           "is invalid (or on a usage error).\n");
}

/* A JSON Schema (scenarios/schema.json, quizzes/schema.json) sits beside the data it describes, so
 * a check of every .json file in a directory meets it; it is recognised by its "$schema" and only parsed. */
static bool is_json_schema(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    char *text = NULL;
    size_t cap = 0, n = 0;
    for (;;) { /* schemas are small; stop at 4 MiB, which no schema reaches */
        if (n + 4096 > cap) {
            char *nt = cap < (4u << 20) ? realloc(text, cap = cap ? cap * 2 : 65536) : NULL;
            if (!nt) break;
            text = nt;
        }
        size_t got = fread(text + n, 1, cap - n - 1, f);
        if (got == 0) break;
        n += got;
    }
    fclose(f);
    if (!text) return false;
    text[n] = 0;
    cJSON *root = cJSON_Parse(text);
    free(text);
    const char *dialect = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(root, "$schema"));
    bool yes = dialect && strncmp(dialect, "https://json-schema.org/", 24) == 0 &&
               (cJSON_HasObjectItem(root, "properties") || cJSON_HasObjectItem(root, "$defs"));
    cJSON_Delete(root);
    return yes;
}

/* ---------------------------------------------------------------- hotplug events judged from the file */

/*
 * The engine refuses an online of an online CPU, an offline of an offline one and an offline of the
 * last online CPU (hotplug.c), and only `run` would say so. The file often settles it: timed events
 * on a CPU whose start state (offline_cpus) is known. Each CPU's state is followed through the
 * timed events assuming each applies ("likely"), and whether that is certain ("sure"). It stops
 * being certain when an event might itself be refused or wait: an offline while a scripted reader
 * or kernel loop may hold the CPU, an operation that may still wait for a grace-period walk in
 * mode kthread (3.7's onoff_mutex) when the opposite one follows, and any triggered hotplug event
 * on the CPU (its time is unknown). An event refused for certain is an error; one refused only in
 * the likely course a warning.
 */
typedef struct hp_cpu {
    bool on;        /* likely state */
    bool sure;      /* ... and certain */
    bool up_sure;   /* certainly running, not waiting for an online still in progress */
    int by;         /* the event that set the state ($.events index), -1: from boot */
    double by_t;
    bool queued;    /* an operation on it was queued before (it may still be in progress) */
    bool unknown;   /* a triggered hotplug event moves it at a moment only the run knows */
} hp_cpu;

static bool is_hotplug(const rv_inject *ev) { return ev->kind == RV_INJ_OFFLINE || ev->kind == RV_INJ_ONLINE; }

/* May a scripted reader or kernel loop hold cpu at t (which makes an offline fail)? */
static bool may_hold(const rv_config *cfg, int cpu, double t)
{
    for (size_t i = 0; i < cfg->nevents; i++) {
        const rv_inject *ev = &cfg->events[i];
        bool holds = ev->kind == RV_INJ_LONG_READER || ev->kind == RV_INJ_PREEMPT_READER || ev->kind == RV_INJ_KERNEL_LOOP;
        if (holds && ev->cpu == cpu && rv_when_holds(&ev->when, cfg) && (ev->on.event != RV_TRIG_TIME || ev->at_s <= t)) return true;
    }
    return false;
}

/* Is there an event of kind on cpu anywhere in the file (any time, timed or triggered)? */
static bool any_of(const rv_config *cfg, int cpu, enum rv_inject_kind kind)
{
    for (size_t i = 0; i < cfg->nevents; i++)
        if (cfg->events[i].kind == kind && cfg->events[i].cpu == cpu && rv_when_holds(&cfg->events[i].when, cfg)) return true;
    return false;
}

/* "online of CPU 1 at 3 s" or "online of CPU 1 (on gp_start of rcu_sched)" */
static void hp_what(const rv_inject *ev, char *buf, size_t n)
{
    const char *k = rv_inject_kind_name(ev->kind);
    if (ev->on.event == RV_TRIG_TIME) snprintf(buf, n, "%s of CPU %d at %.9g s", k, ev->cpu, ev->at_s);
    else snprintf(buf, n, "%s of CPU %d (on %s)", k, ev->cpu, rv_trig_event_name(ev->on.event));
}

/* Why the CPU is in its state: "since $.events[2] (offline at 1 s)" or "from boot". */
static void hp_since(const hp_cpu *c, const rv_config *cfg, char *buf, size_t n)
{
    if (c->by < 0) snprintf(buf, n, "%s", c->on ? "from boot" : "from boot (offline_cpus)");
    else snprintf(buf, n, "since $.events[%d] (%s at %.9g s)", c->by, c->on ? "online" : "offline", c->by_t);
    (void)cfg;
}

typedef struct hp_out { FILE *err; const char *file; size_t errors, warnings; } hp_out;

static void hp_report(hp_out *o, bool sure, const rv_inject *ev, const char *why, const char *fix)
{
    char what[120];
    hp_what(ev, what, sizeof what);
    if (sure) {
        fprintf(o->err, "rcuvis: %s: $.events[%d]: %s can never be applied: %s; %s\n", o->file, ev->file_index, what, why, fix);
        o->errors++;
    } else {
        fprintf(o->err, "warning: %s: $.events[%d]: %s will likely not be applied: %s, if the events before it applied; "
                "rcuvis run says what happened\n", o->file, ev->file_index, what, why);
        o->warnings++;
    }
}

static void hp_walk(const rv_config *cfg, hp_cpu *cpus, hp_out *o)
{
    bool kthread = cfg->rcu.mode == RV_MODE_KTHREAD;
    for (size_t i = 0; i < cfg->nevents; i++) {
        const rv_inject *ev = &cfg->events[i];
        if (!is_hotplug(ev) || ev->cpu < 0 || ev->cpu >= cfg->cpus || !rv_when_holds(&ev->when, cfg)) continue;
        hp_cpu *c = &cpus[ev->cpu];
        bool online = ev->kind == RV_INJ_ONLINE;
        char since[120], why[300];
        hp_since(c, cfg, since, sizeof since);
        /* never the opposite event anywhere in the file: certain, whenever this one comes */
        bool boot_on = !rv_cpuset_has(&cfg->initially_offline, ev->cpu);
        if (online == boot_on && !any_of(cfg, ev->cpu, online ? RV_INJ_OFFLINE : RV_INJ_ONLINE)) {
            snprintf(why, sizeof why, "CPU %d is %s from boot%s and no event takes it %s", ev->cpu, online ? "online" : "offline",
                     online ? "" : " (offline_cpus)", online ? "offline" : "online");
            hp_report(o, true, ev, why, online ? "remove it, or take the CPU offline before it (an offline event or offline_cpus)"
                                               : "remove it, or bring the CPU online before it");
            continue;
        }
        if (ev->on.event != RV_TRIG_TIME || c->unknown) continue; /* moments only the run knows */
        if (online == c->on) {
            snprintf(why, sizeof why, "CPU %d is already %s then (%s)", ev->cpu, online ? "online" : "offline", since);
            const char *fix = c->by < 0 ? (online ? "remove it, or take the CPU offline before it" : "remove it, or bring the CPU online before it")
                              : online ? "remove one of the two onlines, or put an offline between them"
                                       : "remove one of the two offlines, or put an online between them";
            hp_report(o, c->sure, ev, why, fix);
            continue;
        }
        if (!online) {
            /* the engine keeps one CPU online: refused if every other one is offline then */
            bool others_up = false, others_sure_off = true, others_sure_up = false;
            for (int k = 0; k < cfg->cpus; k++) {
                if (k == ev->cpu) continue;
                others_up |= cpus[k].on || cpus[k].unknown;
                others_sure_off &= !cpus[k].on && cpus[k].sure && !cpus[k].unknown;
                others_sure_up |= cpus[k].on && cpus[k].up_sure;
            }
            if (!others_up) {
                snprintf(why, sizeof why, "CPU %d would be the last online CPU (every other one is offline by then), and the kernel "
                         "keeps one online", ev->cpu);
                hp_report(o, others_sure_off, ev, why, "bring another CPU online before it, or remove it");
                continue;
            }
            c->sure = c->sure && others_sure_up && !may_hold(cfg, ev->cpu, ev->at_s) && !(kthread && c->queued);
            c->up_sure = false;
        } else {
            c->sure = c->sure && !(kthread && c->queued);
            c->up_sure = c->sure && !kthread; /* 3.7's online may wait for a walk before the CPU runs */
        }
        c->on = online;
        c->by = ev->file_index;
        c->by_t = ev->at_s;
        c->queued = true;
    }
}

/* Errors (printed, counted in *errors) and warnings (returned) about cfg's hotplug events. */
static size_t check_hotplug(const rv_config *cfg, const char *file, size_t *errors)
{
    hp_out o = {stderr, file, 0, 0};
    hp_cpu *cpus = calloc((size_t)cfg->cpus, sizeof *cpus);
    if (!cpus) { *errors = 0; return 0; } /* out of memory: run still reports what was not applied */
    for (int k = 0; k < cfg->cpus; k++) {
        bool off = rv_cpuset_has(&cfg->initially_offline, k);
        /* a triggered hotplug event may come at any moment: this CPU's state is not followed */
        bool trig = false;
        for (size_t i = 0; i < cfg->nevents; i++)
            trig |= is_hotplug(&cfg->events[i]) && cfg->events[i].cpu == k && cfg->events[i].on.event != RV_TRIG_TIME &&
                    rv_when_holds(&cfg->events[i].when, cfg);
        cpus[k] = (hp_cpu){.on = !off, .sure = !trig, .up_sure = !off && !trig, .by = -1, .unknown = trig};
    }
    hp_walk(cfg, cpus, &o);
    free(cpus);
    *errors = o.errors;
    return o.warnings;
}

/* Loading already validated everything but the expect paths and what each is compared with,
 * which need the report's shape: only the app knows it. */
static int check_scenario(const char *path, size_t *warnings)
{
    static char err[16384];
    rv_config cfg;
    if (rv_scenario_load(path, &cfg, err, sizeof err) < 0) {
        cli_print_lines(err);
        rv_config_free(&cfg);
        return -1;
    }
    int bad = expect_vet(&cfg, path, stderr) > 0;
    size_t hp_errors = 0;
    *warnings += check_hotplug(&cfg, path, &hp_errors);
    bad |= hp_errors > 0;
    /* what no run of the file will show, on stderr; warnings, so the file still checks ok */
    *warnings += cli_report_caption_overlaps(stderr, &cfg, path);
    *warnings += cli_report_dead_conditions(stderr, &cfg, path);
    /* the engine may refuse what the loader accepts (a limit of its own); creating one is cheap
     * and runs nothing, so check that too */
    char msg[1024];
    rv_engine *e = bad ? NULL : rv_engine_new(&cfg, NULL, msg, sizeof msg);
    if (!bad && !e) {
        fprintf(stderr, "rcuvis: %s: %s\n", path, msg);
        bad = 1;
    }
    rv_engine_free(e);
    rv_config_free(&cfg);
    return bad ? -1 : 0;
}

int cmd_check(int argc, char **argv)
{
    int files = 0, bad = 0;
    bool strict = false;
    size_t warnings = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { usage(); return 0; }
        if (!strcmp(argv[i], "--paths")) { report_print_paths(stdout); return fflush(stdout) == 0 ? 0 : 2; }
        if (!strcmp(argv[i], "--strict")) { strict = true; continue; }
        if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "rcuvis: check: unknown option '%s' (see rcuvis check --help)\n", argv[i]);
            return 2;
        }
    }
    for (int i = 1; i < argc; i++) {
        static char err[16384];
        const char *path = argv[i];
        if (!strcmp(path, "--strict")) continue;
        files++;
        err[0] = 0;
        int rc = quiz_check_file(path, err, sizeof err); /* 1: not a quiz, so a scenario */
        if (rc == 1 && is_json_schema(path)) {
            printf("%s: ok (a JSON Schema; only its syntax is checked)\n", path);
            continue;
        }
        if (rc == 1) rc = check_scenario(path, &warnings);
        else if (rc < 0 && err[0]) cli_print_lines(err);
        else if (rc < 0) fprintf(stderr, "rcuvis: %s: invalid quiz file\n", path);
        if (rc == 0) printf("%s: ok\n", path);
        else bad++;
    }
    if (files == 0) {
        fprintf(stderr, "rcuvis: check: expected at least one FILE (see rcuvis check --help)\n");
        return 2;
    }
    if (bad) return 2;
    if (strict && warnings) {
        fprintf(stderr, "rcuvis: check: --strict: %zu warning%s\n", warnings, warnings == 1 ? "" : "s");
        return 1;
    }
    return 0;
}
