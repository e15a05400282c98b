/* args.c — parse `rcuvis run` options; validate the shorthand flags so their messages name the flag. */
#include "cli/args.h"
#include "scenario.h"
#include "util/numparse.h"
#include "util/overrides.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cli_run_usage(void)
{
    printf("usage: rcuvis run SCENARIO [options]\n"
           "Run a scenario without a window and print a summary, or the report as JSON.\n"
           "  --mode softirq|kthread  grace periods driven mainly from RCU_SOFTIRQ (3.6)\n"
           "                          or by kthreads (3.7)\n"
           "  --cpus N                number of CPUs, 1..4096\n"
           "  --duration SECONDS      simulated time to run (fractions allowed)\n"
           "  --seed N                seed of the workload's random generator\n"
           "  --set PATH=VALUE        override a scenario key, e.g. rcu.fanout_leaf=32 or\n"
           "                          workload.0.busy_frac=0.5; VALUE is JSON when it\n"
           "                          parses, else a string; repeatable, later ones win\n"
           "  --busted                invoke callbacks without waiting for grace periods\n"
           "                          (rcu_busted, a torture type of later kernels)\n"
           "  --debugfs               after the run, print rcugp, rcuhier, rcudata and\n"
           "                          rcu_pending as 3.6/3.7 debugfs showed them, for the\n"
           "                          flavors the scenario simulates (rcudata in its\n"
           "                          CONFIG_RCU_BOOST=n form: no kt=/ktl=)\n"
           "  --dmesg                 after the run, print the whole kernel log (RCU's\n"
           "                          boot lines, stall warnings, hotplug, rcutorture)\n"
           "  --json                  print the report as one JSON object on stdout\n"
           "  --work                  also report the engine's work (ticks, softirq runs,\n"
           "                          idle entries, queue events) and what a checkpoint of\n"
           "                          the final state holds (make bench's floor)\n"
           "  --trace FILE.jsonl      write every engine event, one JSON object per line;\n"
           "                          \"t\" is the simulated time in nanoseconds (an\n"
           "                          integer), as are keys ending in _ns.\n"
           "                          --trace - writes the events to stdout and the\n"
           "                          summary (and --expect, --debugfs, --dmesg) to\n"
           "                          stderr; it does not combine with --json, which\n"
           "                          needs stdout\n"
           "  --expect                check the scenario's expect list; exit 1 if any\n"
           "                          assertion fails\n"
           "  --strict                exit 1 when a scripted event could not be applied\n"
           "                          (see events_not_applied), a caption's trigger never\n"
           "                          fired in a run to the scenario's end, two timed\n"
           "                          captions overlap (the later one cuts the earlier\n"
           "                          one short), or on any warning rcuvis check prints\n"
           "                          about the file: run prints those too, once, before\n"
           "                          the run (judged at the file's own duration_s when\n"
           "                          the run is cut short), so the two --strict agree,\n"
           "                          but for captions that overlap only in the other\n"
           "                          configuration (a `when` on mode, needs_gp_fix or\n"
           "                          fast_no_hz), which a run in that one reports\n"
           "  --csv KIND              print a CSV table instead of the report: gps (one\n"
           "                          row per grace period), timeseries (per --interval),\n"
           "                          threads or stalls\n"
           "  --interval SECONDS      row length of --csv timeseries (default 1)\n"
           "SCENARIO is a shipped scenario's name (small-busy) or a .json file.\n"
           "On a terminal, a run that takes over a second shows how far it has got on\n"
           "stderr (RCUVIS_PROGRESS=0: never; =1: always, on any stderr).\n"
           "Exit status: 0 ok, 1 an expectation failed (or, with --strict, an event was not\n"
           "applied, a caption never shown, two captions overlap or check warned about the\n"
           "file), 2 bad input or usage.\n");
}

static int usage_error(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "rcuvis: run: ");
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, " (see rcuvis run --help)\n");
    return 2;
}

/* An override "PATH=VALUE" made from fmt and v, remembered with the option as the user typed it
 * (flag, and its value when it has one), so that a message about the value names the option. */
static int add_set_as(cli_run_opts *o, const char *flag, const char *fmt, const char *v, const char *typed);
static int add_set(cli_run_opts *o, const char *flag, const char *fmt, const char *v) { return add_set_as(o, flag, fmt, v, v); }

/* add_set with the override's value v apart from the text typed, which the label keeps */
static int add_set_as(cli_run_opts *o, const char *flag, const char *fmt, const char *v, const char *typed)
{
    char **ns = realloc(o->sets, (o->nsets + 1) * sizeof *ns);
    if (!ns) return -1;
    o->sets = ns;
    char **nl = realloc(o->set_labels, (o->nsets + 1) * sizeof *nl);
    if (!nl) return -1;
    o->set_labels = nl;
    size_t n = strlen(fmt) + strlen(v) + 1, ln = strlen(flag) + strlen(typed) + 2;
    char *item = malloc(n), *label = malloc(ln);
    if (!item || !label) { free(item); free(label); return -1; }
    snprintf(item, n, fmt, v);
    if (!strcmp(flag, "--busted")) snprintf(label, ln, "%s", flag);
    else snprintf(label, ln, "%s %s", flag, typed);
    o->sets[o->nsets] = item;
    o->set_labels[o->nsets++] = label;
    return 0;
}

/* A number refused by util/numparse.h: its message names the flag. */
static int bad_number(const char *msg)
{
    fprintf(stderr, "rcuvis: run: %s (see rcuvis run --help)\n", msg);
    return 2;
}

/* A word outside its set, in the loader's words: the choices quoted, the value as typed, and the
 * one that was likely meant ("--mode kthred": did you mean "kthread"?; "3.7" names kthread's kernel). */
static int bad_word(const char *opt, const char *v, const char *const *words, size_t n)
{
    char list[200] = "", hint[120] = "", shown[80];
    size_t o = 0;
    for (size_t i = 0; i < n && o < sizeof list; i++)
        o += (size_t)snprintf(list + o, sizeof list - o, "%s\"%s\"", i == 0 ? "" : i + 1 == n ? " or " : ", ", words[i]);
    const char *near = !strcmp(v, "3.6") && !strcmp(opt, "--mode") ? "softirq" : !strcmp(v, "3.7") && !strcmp(opt, "--mode") ? "kthread"
                     : rv_suggest(v, words, n);
    if (near) snprintf(hint, sizeof hint, "; did you mean \"%s\"?", near);
    size_t k = 0;
    for (; v[k] && k < 40; k++) shown[k] = (unsigned char)v[k] < 0x20 || v[k] == 0x7f ? '?' : v[k]; /* one clean line */
    snprintf(shown + k, sizeof shown - k, "%s", v[k] ? "..." : "");
    fprintf(stderr, "rcuvis: run: %s: expected %s, got \"%s\"%s (see rcuvis run --help)\n", opt, list, shown, hint);
    return 2;
}

/* The shorthands are checked here, not only by the loader, so that "--cpus 0" is reported as the
 * flag the user typed rather than as the scenario key it stands for. */
static int shorthand(cli_run_opts *o, const char *name, const char *v)
{
    char nerr[256];
    if (!strcmp(name, "--mode")) {
        static const char *const modes[] = {"softirq", "kthread"};
        if (strcmp(v, "softirq") && strcmp(v, "kthread")) return bad_word(name, v, modes, 2);
        return add_set(o, name, "rcu.mode=\"%s\"", v);
    }
    if (ov_is_option(name)) { /* --cpus, --set: util/overrides.c, which `shot` shares */
        char *item;
        int rc = ov_option(name, v, &item, nerr, sizeof nerr);
        if (rc == -1) return bad_number(nerr);
        if (rc < 0) return -1;
        /* the override util/overrides.c made ("cpus=4" for "--cpus 0004"), labelled as typed */
        rc = add_set_as(o, name, "%s", item, v);
        free(item);
        return rc;
    }
    if (!strcmp(name, "--duration")) {
        double d;
        if (np_double_pos(name, v, 604800, &d, nerr, sizeof nerr) != 0) return bad_number(nerr);
        /* the parsed number: ".5" and "5." pass strtod but are no JSON numbers, and the loader then
         * refused them as strings, in other words than this flag's */
        char num[40];
        snprintf(num, sizeof num, "%.17g", d);
        return add_set_as(o, name, "duration_s=%s", num, v);
    }
    if (!strcmp(name, "--seed")) {
        /* np_seed: the parser shot and the window use, so all three take and refuse the same seeds.
         * Passed on as a decimal string so that seeds above 2^53 survive the JSON number type; the
         * parsed value, not the text, so "007" reaches the loader as "7". */
        unsigned long long seed;
        if (np_seed(name, v, &seed, nerr, sizeof nerr) != 0) return bad_number(nerr);
        char digits[24];
        snprintf(digits, sizeof digits, "%llu", seed);
        return add_set(o, name, "seed=\"%s\"", digits);
    }
    if (!strcmp(name, "--csv")) {
        static const char *const kinds[] = {"gps", "timeseries", "threads", "stalls"};
        if (strcmp(v, "gps") && strcmp(v, "timeseries") && strcmp(v, "threads") && strcmp(v, "stalls")) return bad_word(name, v, kinds, 4);
        o->csv = v;
        return 0;
    }
    if (!strcmp(name, "--interval")) {
        double d;
        if (np_double(name, v, 0.001, 86400, &d, nerr, sizeof nerr) != 0) return bad_number(nerr);
        o->interval_s = d;
        return 0;
    }
    if (!strcmp(name, "--trace")) {
        if (!*v) return usage_error("--trace: expected a file name%s%s", "", "");
        o->trace = v;
        return 0;
    }
    return 1; /* not an option with a value */
}

int cli_run_parse(int argc, char **argv, cli_run_opts *o)
{
    memset(o, 0, sizeof *o);
    bool opts_done = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (opts_done || a[0] != '-' || !strcmp(a, "-")) {
            if (o->scenario) return usage_error("one scenario at a time, got \"%s\" and \"%s\"", o->scenario, a);
            o->scenario = a;
            continue;
        }
        if (!strcmp(a, "--")) { opts_done = true; continue; }
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { o->help = true; return 0; }
        char name[64];
        const char *eq = strchr(a, '=');
        size_t nl = eq ? (size_t)(eq - a) : strlen(a);
        snprintf(name, sizeof name, "%.*s", (int)(nl < sizeof name - 1 ? nl : sizeof name - 1), a);
        bool *flag = !strcmp(name, "--json") ? &o->json : !strcmp(name, "--expect") ? &o->expect
                   : !strcmp(name, "--debugfs") ? &o->debugfs : !strcmp(name, "--dmesg") ? &o->dmesg
                   : !strcmp(name, "--strict") ? &o->strict
                   : !strcmp(name, "--work") ? &o->work : NULL;
        if (flag || !strcmp(name, "--busted")) {
            if (eq) return usage_error("option '%s' takes no value%s", name, "");
            if (flag) *flag = true;
            else if (add_set(o, "--busted", "%s", "rcu.busted=true") < 0) goto oom;
            continue;
        }
        static const char *const with_value[] = {"--mode", "--cpus", "--duration", "--seed", "--set", "--trace", "--csv", "--interval"};
        bool known = false;
        for (size_t k = 0; k < sizeof with_value / sizeof *with_value; k++) known |= !strcmp(name, with_value[k]);
        if (!known) { /* "--expct": the option meant, as a mistyped command or scenario name gets */
            static const char *const all[] = {"--json", "--expect", "--debugfs", "--dmesg", "--strict", "--work", "--busted", "--mode",
                                              "--cpus", "--duration", "--seed", "--set", "--trace", "--csv", "--interval", "--help"};
            char hint[96];
            return usage_error("unknown option '%s'%s", a, rv_option_hint(a, all, sizeof all / sizeof *all, hint, sizeof hint));
        }
        const char *v = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (!v) return usage_error("option '%s' needs a value%s", name, "");
        /* the next word is another option: "--trace --json" wrote the trace into a file named --json and
         * printed no JSON. A value that really starts so goes after '=' (--trace=--json) or as ./--json. */
        if (!eq && ((v[0] == '-' && v[1] == '-' && v[2]) || !strcmp(v, "-h")))
            return usage_error("option '%s' needs a value, got the option '%s' (a value that starts with '-' goes after '=')", name, v);
        int rc = shorthand(o, name, v);
        if (rc == 2) return 2;
        if (rc < 0) goto oom;
    }
    if (!o->scenario) return usage_error("missing SCENARIO, a shipped scenario's name or a .json file%s%s", "", "");
    if (o->trace && !strcmp(o->trace, "-") && o->json)
        return usage_error("--trace - writes the trace to stdout, where --json writes the report: give --trace a file name, or leave out --json%s%s", "", "");
    if (o->csv && (o->json || o->trace || o->expect || o->debugfs || o->dmesg))
        return usage_error("--csv prints a table instead of the report: it does not combine with --json, --trace, --expect, --debugfs or --dmesg%s%s", "", "");
    if (o->interval_s > 0 && (!o->csv || strcmp(o->csv, "timeseries")))
        return usage_error("--interval applies to --csv timeseries only%s%s", "", "");
    return 0;
oom:
    fprintf(stderr, "rcuvis: run: out of memory\n");
    return 2;
}

void cli_run_opts_free(cli_run_opts *o)
{
    for (size_t i = 0; i < o->nsets; i++) {
        free(o->sets[i]);
        free(o->set_labels[i]);
    }
    free(o->sets);
    free(o->set_labels);
    o->sets = o->set_labels = NULL;
    o->nsets = 0;
}
