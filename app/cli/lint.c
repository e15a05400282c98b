/* lint.c — the warnings about a loaded scenario that `rcuvis check` prints, and `rcuvis run` before it simulates. */
#include "cli/lint.h"

#include "cli/check_held.h"
#include "cli/check_hotplug.h"
#include "cli/check_text.h"
#include "report/report.h"

#include <stdlib.h>
#include <string.h>

/* The k-th event of the file, or NULL (an override may have dropped it). */
static const rv_inject *event_in_file_order(const rv_config *cfg, size_t k)
{
    for (size_t i = 0; i < cfg->nevents; i++)
        if (cfg->events[i].file_index == (int)k) return &cfg->events[i];
    return NULL;
}

/* An event with neither at_s nor "on" happens at 0 s. The loader takes it (a --set that appends an
 * event key by key relies on it, and the loader leaves such an event out of at_unwritten), but in a
 * file it is more often a forgotten at_s than a wish for the very start, so the file's own events
 * are warned about, in the file's order. */
static int by_int(const void *a, const void *b) { return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b); }

static size_t check_moments(const rv_config *cfg, const char *path, FILE *out)
{
    size_t n = 0;
    for (size_t i = 0; i < cfg->nevents; i++) n += cfg->events[i].at_unwritten;
    int *at = n ? malloc(n * sizeof *at) : NULL; /* their places in the file; cfg->events are sorted by time */
    if (!at) return 0;
    n = 0;
    for (size_t i = 0; i < cfg->nevents; i++)
        if (cfg->events[i].at_unwritten) at[n++] = cfg->events[i].file_index;
    qsort(at, n, sizeof *at, by_int);
    for (size_t k = 0; k < n; k++)
        fprintf(out, "warning: %s: $.events[%d]: neither at_s nor \"on\", so it happens at 0 s; write \"at_s\": 0 if the start "
                "is meant\n", path, at[k]);
    free(at);
    return n;
}

/* Does a phase cover cpu at t (t < 0: at any moment)? The engine's own rule (find_phase()). */
static bool phase_covers(const rv_config *cfg, int cpu, double t)
{
    for (size_t i = 0; i < cfg->nphases; i++) {
        const rv_phase *ph = &cfg->phases[i];
        if (!rv_cpuset_has(&ph->cpus, cpu)) continue;
        if (t < 0 || (ph->start_s <= t && (ph->end_s <= ph->start_s || t < ph->end_s))) return true;
    }
    return false;
}

/*
 * An author scripted a kernel_loop on a CPU that no phase covered and check said ok. The engine wakes
 * the idle CPU for it (cpu_wake(), as an interrupt would), keeps it in the loop, and lets it go idle
 * again a little after the loop ends. That is a fair model of something looping in the kernel on an
 * idle machine, so it stays; but it is rarely what was meant: no phase's readers or updates run
 * there, and the loop's time goes to a kernel thread of its own, "kernel_loop/N" (kloop_task() in
 * the engine), not to the workload's task an author who meant to interrupt it looks for. An author
 * who does mean an idle CPU says so with a phase of "busy_frac": 0 there (the CPU stays dyntick-idle
 * but for the loop, whose time goes to that phase's task), and run --strict passes: the warning
 * names that way out.
 * CPUs offline at boot are left to the hotplug checks (the loop is refused there).
 */
size_t cli_idle_cpu_loops(const rv_config *cfg, const char *path, FILE *out)
{
    size_t n = 0;
    for (size_t k = 0; k < cfg->nevents; k++) {
        const rv_inject *ev = event_in_file_order(cfg, k); /* cfg->events are sorted by time; check speaks in the file's order */
        if (!ev || ev->kind != RV_INJ_KERNEL_LOOP || ev->cpu < 0 || ev->cpu >= cfg->cpus || !rv_when_holds(&ev->when, cfg) ||
            rv_cpuset_has(&cfg->initially_offline, ev->cpu))
            continue;
        bool timed = ev->on.event == RV_TRIG_TIME;
        if (phase_covers(cfg, ev->cpu, timed ? ev->at_s : -1)) continue;
        char when[80], then[120];
        if (timed) snprintf(when, sizeof when, "at %.9g s, so the CPU is idle then", ev->at_s);
        else snprintf(when, sizeof when, "at any time, so the CPU is idle whenever its trigger fires");
        if (timed && ev->at_s + ev->duration_s >= cfg->duration_s)
            snprintf(then, sizeof then, "until the run ends");
        else if (timed)
            snprintf(then, sizeof then, "for %.9g s, and it goes idle again shortly after %.9g s", ev->duration_s, ev->at_s + ev->duration_s);
        else snprintf(then, sizeof then, "for %.9g s, and then it goes idle again", ev->duration_s);
        fprintf(out, "warning: %s: $.events[%d]: no phase covers CPU %d %s: the kernel_loop runs on an otherwise idle CPU. The "
                "run wakes the CPU for it and keeps it looping %s; meanwhile no phase's readers or call_rcu()s run there, and "
                "the loop's time is charged to a kernel thread of its own, kernel_loop/%d in the report's threads and on the CPU "
                "tile, not to a phase's task. To loop inside a workload, give CPU %d a phase that covers the loop; if an idle "
                "CPU is meant, a phase with \"busy_frac\": 0 that covers the loop ({\"task\": \"kworker\", \"cpus\": \"%d\", "
                "\"busy_frac\": 0}) keeps it idle but for the loop, names the task that loops, and ends this warning\n",
                path, ev->file_index, ev->cpu, when, then, ev->cpu, ev->cpu, ev->cpu);
        n++;
    }
    return n;
}

size_t cli_scenario_warnings(const rv_config *cfg, const char *path, FILE *out, size_t *errors, bool before_run)
{
    size_t n = 0, hp_errors = 0;
    n += check_hotplug(cfg, path, out, errors ? &hp_errors : NULL);
    if (errors) *errors = hp_errors;
    n += check_held(cfg, path, out);
    n += cli_idle_cpu_loops(cfg, path, out);
    /* what no run of the file will show; warnings, so the file still checks ok */
    if (!before_run) n += cli_report_caption_overlaps(out, cfg, path);
    /* the other configuration's overlaps are judged by a run in it (run --mode softirq), not by this one */
    if (!before_run) n += cli_report_caption_overlaps_other_mode(out, cfg, path);
    n += cli_report_outlasting_events(out, cfg, path);
    n += cli_report_unreachable_triggers(out, cfg, path);
    if (!before_run) n += cli_report_dead_conditions(out, cfg, path);
    n += check_text(cfg, path, out);
    n += check_moments(cfg, path, out);
    return n;
}
