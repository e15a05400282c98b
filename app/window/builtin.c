/* builtin.c — the demo shown when no scenario is given and scenarios/default.json is missing. */
#include "window/app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * 16 CPUs, 12 busy with a hackbench-like load and 4 mostly in dyntick-idle, then a scripted
 * sequence a teacher can narrate: a long reader holds a grace period, a CPU goes offline and FQS
 * credits it, a kernel loop withholds its quiescent state. Everything happens in the first
 * seconds so the window shows something worth seeing right away.
 */
void ui_builtin_scenario(rv_config *cfg)
{
    rv_config_defaults(cfg);
    snprintf(cfg->name, sizeof cfg->name, "built-in demo");
    snprintf(cfg->description, sizeof cfg->description,
             "16 CPUs: 12 busy, 4 idle; a long reader, a CPU going offline and a kernel loop, all in the first 0.7 s.");
    cfg->cpus = 16;
    cfg->hz = 1000;
    cfg->duration_s = 20.0;
    cfg->rcu.mode = RV_MODE_KTHREAD;

    cfg->phases = calloc(2, sizeof *cfg->phases);
    if (cfg->phases) {
        cfg->nphases = 2;
        rv_phase *p = &cfg->phases[0];
        snprintf(p->task, sizeof p->task, "hackbench");
        p->end_s = 0;
        rv_cpuset_parse(&p->cpus, "0-11", cfg->cpus, NULL, 0);
        p->busy_frac = 0.85; p->user_frac = 0.5; p->busy_period_ms = 8;
        p->ctxsw_per_s = 1500; p->irqs_per_s = 800; p->idle_irqs_per_s = 20;
        p->readers[RV_SCHED] = (rv_readers){.rate_per_s = 2000, .mean_us = 4};
        p->readers[RV_PREEMPT] = (rv_readers){.rate_per_s = 1000, .mean_us = 6, .preempt_prob = 0.01};
        p->call_rcu_per_s[RV_SCHED] = 400; p->call_rcu_per_s[RV_PREEMPT] = 200; p->call_rcu_per_s[RV_BH] = 50;
        p->burst_mean = 4;
        rv_phase *q = &cfg->phases[1];
        snprintf(q->task, sizeof q->task, "sleeper");
        rv_cpuset_parse(&q->cpus, "12-15", cfg->cpus, NULL, 0);
        q->busy_frac = 0.03; q->user_frac = 0.5; q->busy_period_ms = 2; q->ctxsw_per_s = 200;
        q->irqs_per_s = 100; q->idle_irqs_per_s = 5;
        q->readers[RV_SCHED] = (rv_readers){.rate_per_s = 100, .mean_us = 4};
        q->burst_mean = 1;
    }
    /* at the window's default 1/100x, 0.1 s of simulated time is 10 s of watching */
    static const struct { double at; enum rv_inject_kind k; int cpu; double dur; } ev[] = {
        {0.12, RV_INJ_LONG_READER, 3, 0.06},
        {0.25, RV_INJ_OFFLINE, 14, 0},
        {0.45, RV_INJ_ONLINE, 14, 0},
        {0.55, RV_INJ_KERNEL_LOOP, 5, 0.08},
    };
    size_t ne = sizeof ev / sizeof ev[0];
    cfg->events = calloc(ne, sizeof *cfg->events);
    if (cfg->events) {
        cfg->nevents = ne;
        for (size_t i = 0; i < ne; i++)
            cfg->events[i] = (rv_inject){.kind = ev[i].k, .cpu = ev[i].cpu, .flavor = RV_SCHED, .duration_s = ev[i].dur, .at_s = ev[i].at};
    }
    static const struct { double at; const char *text; } cap[] = {
        {0.0, "12 CPUs run a busy workload, 4 sleep in dyntick-idle. Each rcu_sched grace period waits until every CPU has passed a quiescent state."},
        {0.12, "CPU 3 starts a 60 ms read-side critical section (R!): the grace period in progress cannot end until it finishes."},
        {0.18, "The reader is done: CPU 3 reports its quiescent state, the bits clear up to the root and the grace period ends."},
        {0.25, "CPU 14 goes offline. Nobody waits for it: force-quiescent-state marks it 'ofl'."},
        {0.55, "CPU 5 loops in the kernel without a context switch: rcu_sched gets no quiescent state from it for 80 ms."},
        {0.7, "Free play: click a CPU, then L (long reader), K (kernel loop), I (idle), O (offline). Press ? for all keys."},
    };
    size_t nc = sizeof cap / sizeof cap[0];
    cfg->captions = calloc(nc, sizeof *cfg->captions);
    if (cfg->captions) {
        cfg->ncaptions = nc;
        for (size_t i = 0; i < nc; i++) {
            cfg->captions[i].at_s = cap[i].at;
            cfg->captions[i].file_index = (int)i;
            snprintf(cfg->captions[i].text, sizeof cfg->captions[i].text, "%s", cap[i].text);
        }
    }
}
