/* check_held.c — `rcuvis check`: events due on a CPU that a scripted kernel loop or reader holds then, which the engine refuses. */
#include "cli/check_held.h"

/*
 * An author scripted a second kernel_loop on a CPU still in the first: `check` said ok and only the
 * run said "not applied". The engine refuses, on a CPU that a kernel loop or an rcu_sched/rcu_bh
 * reader holds (preemption or bottom halves off): an idle (the CPU cannot switch to the idle task),
 * a synchronize (its task may not sleep there), and, inside a kernel loop, another kernel loop.
 * Only timed events of the file are compared, and only strictly inside the holder's span (at its
 * first or last instant the order of the two is the run's). An rcu_preempt reader is preempted
 * within milliseconds and then holds nothing, so it is left out, as check_hotplug's held_at() does.
 */

static bool is_holder(const rv_inject *h)
{
    return (h->kind == RV_INJ_LONG_READER && h->flavor != RV_PREEMPT) || h->kind == RV_INJ_KERNEL_LOOP;
}

/* Does holder h refuse an event of this kind on its CPU? */
static bool refuses(const rv_inject *h, enum rv_inject_kind kind)
{
    return kind == RV_INJ_IDLE || kind == RV_INJ_SYNCHRONIZE || (kind == RV_INJ_KERNEL_LOOP && h->kind == RV_INJ_KERNEL_LOOP);
}

/* "the kernel_loop of $.events[0]" or "the rcu_bh long_reader of $.events[0]" */
static void holder_name(const rv_inject *h, char *buf, size_t n)
{
    if (h->kind == RV_INJ_LONG_READER)
        snprintf(buf, n, "the %s long_reader of $.events[%d]", rv_flavor_name(h->flavor), h->file_index);
    else
        snprintf(buf, n, "the kernel_loop of $.events[%d]", h->file_index);
}

static const char *why_refused(const rv_inject *h, enum rv_inject_kind kind)
{
    if (kind == RV_INJ_IDLE) return "the CPU cannot switch to the idle task before it ends";
    if (kind == RV_INJ_SYNCHRONIZE) return "no task there may sleep in synchronize_*() before it ends";
    (void)h;
    return "a CPU loops in one kernel loop at a time";
}

/* Is it certain that holder h holds its CPU over its whole span? It is refused only on an offline CPU
 * and, a kernel loop, on a CPU already in one: so unless the CPU may be offline when h starts
 * (offline_cpus, a hotplug event on it by then or at a moment only the run knows) or another kernel
 * loop may be running then (a triggered one, or a timed one whose span has h's start), nothing in
 * the file or the run can change what h does. (An offline during h is refused: h holds the CPU.) */
static bool holds_surely(const rv_config *cfg, const rv_inject *h)
{
    if (rv_cpuset_has(&cfg->initially_offline, h->cpu)) return false;
    for (size_t j = 0; j < cfg->nevents; j++) {
        const rv_inject *o = &cfg->events[j];
        if (o == h || o->cpu != h->cpu || !rv_when_holds(&o->when, cfg)) continue;
        bool by_then = o->on.event != RV_TRIG_TIME || o->at_s <= h->at_s;
        if ((o->kind == RV_INJ_OFFLINE || o->kind == RV_INJ_ONLINE) && by_then) return false;
        if (o->kind != RV_INJ_KERNEL_LOOP || h->kind != RV_INJ_KERNEL_LOOP) continue;
        if (o->on.event != RV_TRIG_TIME || (o->at_s <= h->at_s && h->at_s < o->at_s + o->duration_s)) return false; /* by_then too */
    }
    return true;
}

size_t check_held(const rv_config *cfg, const char *file, FILE *out)
{
    size_t warned = 0;
    for (size_t i = 0; i < cfg->nevents; i++) {
        const rv_inject *ev = &cfg->events[i];
        if (ev->on.event != RV_TRIG_TIME || ev->cpu < 0 || !rv_when_holds(&ev->when, cfg)) continue;
        for (size_t j = 0; j < cfg->nevents; j++) {
            const rv_inject *h = &cfg->events[j];
            if (j == i || !is_holder(h) || h->cpu != ev->cpu || h->on.event != RV_TRIG_TIME || !rv_when_holds(&h->when, cfg)) continue;
            double end = h->at_s + h->duration_s;
            if (!(ev->at_s > h->at_s && ev->at_s < end) || !refuses(h, ev->kind)) continue;
            char holder[80];
            holder_name(h, holder, sizeof holder);
            /* "likely" only where the holder itself may not apply; otherwise the file settles it */
            bool sure = holds_surely(cfg, h);
            fprintf(out, "warning: %s: $.events[%d]: %s of CPU %d at %.9g s will %snot be applied: CPU %d is inside %s then "
                    "(%.9g s to %.9g s), and %s; move it to %.9g s or later%s\n", file, ev->file_index, rv_inject_kind_name(ev->kind),
                    ev->cpu, ev->at_s, sure ? "" : "likely ", ev->cpu, holder, h->at_s, end, why_refused(h, ev->kind), end,
                    sure ? "" : ", if the events before it applied; rcuvis run says what happened");
            warned++;
            break; /* one holder is enough to say why */
        }
    }
    return warned;
}
