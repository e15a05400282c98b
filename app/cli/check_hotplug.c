/* check_hotplug.c — `rcuvis check`: hotplug events the file alone shows will be refused (online of an online CPU, ...). */
#include "cli/check_hotplug.h"

#include <stdio.h>
#include <stdlib.h>

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

/* A timed long_reader or kernel_loop on cpu that is still running at t (from at_s for duration_s) and
 * began after `since` (the CPU's last hotplug change: before that it was offline and refused it): the
 * engine refuses to offline a CPU held so (cpu_offline()). NULL if none. A preempted reader does not
 * hold its CPU, so an rcu_preempt reader, which may be preempted, does not count. */
static const rv_inject *held_at(const rv_config *cfg, int cpu, double t, double since)
{
    for (size_t i = 0; i < cfg->nevents; i++) {
        const rv_inject *ev = &cfg->events[i];
        bool holds = (ev->kind == RV_INJ_LONG_READER && ev->flavor != RV_PREEMPT) || ev->kind == RV_INJ_KERNEL_LOOP;
        if (ev->at_s < since) continue;
        if (holds && ev->cpu == cpu && ev->on.event == RV_TRIG_TIME && rv_when_holds(&ev->when, cfg) && ev->at_s <= t &&
            t < ev->at_s + ev->duration_s)
            return ev;
    }
    return NULL;
}

/* Is there an event of kind on cpu anywhere in the file (any time, timed or triggered)? */
static bool any_of(const rv_config *cfg, int cpu, enum rv_inject_kind kind)
{
    for (size_t i = 0; i < cfg->nevents; i++)
        if (cfg->events[i].kind == kind && cfg->events[i].cpu == cpu && rv_when_holds(&cfg->events[i].when, cfg)) return true;
    return false;
}

/* May a CPU whose triggered hotplug events the walk does not follow be online at t? Only if it boots
 * online or some online of it (triggered, or timed by t) exists: a triggered offline alone cannot
 * bring it up (f09: CPU 2 offline from boot, a triggered offline and an online at 1.6 s, let an
 * offline of the last online CPU at 1 s pass check). */
static bool unfollowed_may_be_up(const rv_config *cfg, int cpu, double t)
{
    if (!rv_cpuset_has(&cfg->initially_offline, cpu)) return true;
    for (size_t i = 0; i < cfg->nevents; i++) {
        const rv_inject *ev = &cfg->events[i];
        if (ev->kind == RV_INJ_ONLINE && ev->cpu == cpu && rv_when_holds(&ev->when, cfg) &&
            (ev->on.event != RV_TRIG_TIME || ev->at_s <= t))
            return true;
    }
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

typedef struct hp_out { FILE *err; const char *file; size_t errors, warnings; bool sure_warns; } hp_out;

static void hp_report(hp_out *o, bool sure, const rv_inject *ev, const char *why, const char *fix)
{
    char what[120];
    hp_what(ev, what, sizeof what);
    if (sure && o->sure_warns) { /* run: the file is running anyway, and the run reports the event not applied */
        fprintf(o->err, "warning: %s: $.events[%d]: %s can never be applied: %s; %s\n", o->file, ev->file_index, what, why, fix);
        o->warnings++;
    } else if (sure) {
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
        const rv_inject *hold = online || !c->on ? NULL : held_at(cfg, ev->cpu, ev->at_s, c->by < 0 ? 0 : c->by_t);
        if (hold) {
            /* likely refused, so the CPU likely stays online: what follows is judged on that */
            snprintf(why, sizeof why, "CPU %d is inside the %s of $.events[%d] then (%.9g s to %.9g s), and a CPU held so "
                     "cannot be taken offline", ev->cpu, rv_inject_kind_name(hold->kind), hold->file_index, hold->at_s,
                     hold->at_s + hold->duration_s);
            hp_report(o, false, ev, why, NULL);
            c->sure = false;
            continue;
        }
        if (!online) {
            /* the engine keeps one CPU online: refused if every other one is offline then */
            bool others_up = false, others_sure_off = true, others_sure_up = false;
            for (int k = 0; k < cfg->cpus; k++) {
                if (k == ev->cpu) continue;
                if (cpus[k].unknown) {
                    bool may = unfollowed_may_be_up(cfg, k, ev->at_s);
                    others_up |= may;
                    others_sure_off &= !may;
                    continue;
                }
                others_up |= cpus[k].on;
                others_sure_off &= !cpus[k].on && cpus[k].sure;
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

size_t check_hotplug(const rv_config *cfg, const char *file, FILE *err, size_t *errors)
{
    hp_out o = {err, file, 0, 0, errors == NULL};
    hp_cpu *cpus = calloc((size_t)cfg->cpus, sizeof *cpus);
    if (!cpus) { if (errors) *errors = 0; return 0; } /* out of memory: run still reports what was not applied */
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
    if (errors) *errors = o.errors;
    return o.warnings;
}
