/* stall.c — RCU CPU stall warnings: check_cpu_stall() from the tick, with the 3.6/3.7 message text exactly. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* jiffies_till_stall_check(): the timeout, clamped 3..300 s, read at every GP start (3.6's
 * rcu_start_gp() and 3.7's rcu_gp_init() both call record_gp_stall_check_time() right after
 * rsp->gpnum++). The kernel adds RCU_STALL_DELAY_DELTA, which is 5 * HZ only under CONFIG_PROVE_RCU
 * and 0 otherwise (rcutree.h, both versions); the model is a production build, so nothing is added.
 * What moves the deadline afterwards: print_other_cpu_stall() always, print_cpu_stall() only once the
 * deadline has passed, each to jiffies + 3 * timeout + 3; the next GP's start resets it. (The kernel's
 * rcu_cpu_stall_reset(), for sysrq and kgdb, and rcu_cpu_stall_suppress have no counterpart here.) */
static uint64_t stall_check_jiffies(const rv_engine *e)
{
    int s = e->cfg.rcu.stall_timeout_s;
    if (s < 3) s = 3;
    if (s > 300) s = 300;
    return (uint64_t)s * (uint64_t)e->hz;
}

void record_gp_stall_check_time(rv_engine *e, rcu_state *rsp)
{
    rsp->gp_start = e->jiffies;
    rsp->jiffies_stall = e->jiffies + stall_check_jiffies(e);
}

/* named_cpu/named_task: the first CPU and the first task (pid) the warning names, -1 / 0 for none;
 * the event carries them so that pictures name who stalls, not only who noticed */
static void record_stall(rv_engine *e, rcu_state *rsp, int cpu, int kind, uint64_t t_jiffies, const char *text,
                         int named_cpu, int named_task)
{
    klog(e, "%s", text);
    rsp->stalls++;
    if (e->nstalls == e->stalls_cap) {
        size_t cap = e->stalls_cap ? e->stalls_cap * 2 : 8;
        rv_stall_report *s = realloc(e->stalls, cap * sizeof *s);
        if (!s) return;
        e->stalls = s; e->stalls_cap = cap;
    }
    rv_stall_report *s = &e->stalls[e->nstalls++];
    memset(s, 0, sizeof *s);
    s->t_s = (double)e->now / NS_PER_S;
    s->jiffies = t_jiffies;
    s->flavor = rsp->flavor;
    s->cpu = cpu;
    s->kind = kind;
    snprintf(s->text, sizeof s->text, "%s", text);
    rv_event *ev = emit(e, RV_EV_STALL, cpu, rsp->flavor);
    if (ev) { ev->gp = rsp->gpnum; ev->arg = (int8_t)kind; ev->n = (int64_t)t_jiffies; ev->node = named_cpu; ev->id = (uint64_t)named_task; }
}

/* print_cpu_stall(): this CPU itself still owes the GP a quiescent state. */
static void print_cpu_stall(rv_engine *e, rcu_state *rsp, int cpu)
{
    uint64_t t = e->jiffies - rsp->gp_start;
    char text[160];
    snprintf(text, sizeof text, "INFO: %s self-detected stall on CPU { %d}  (t=%lu jiffies)",
             rv_flavor_name(rsp->flavor), cpu, (unsigned long)t);
    record_stall(e, rsp, cpu, 0, t, text, cpu, 0);
    if (e->jiffies >= rsp->jiffies_stall) rsp->jiffies_stall = e->jiffies + 3 * stall_check_jiffies(e) + 3;
    cpu_t *c = &e->cpu[cpu];
    if (c->run == RS_BUSY && cpu_preemptible(c)) context_switch_why(e, cpu, PW_STALL); /* set_need_resched() */
}

/* rcu_print_task_stall() of 3.6/3.7: " P<pid>" for each task on node n's blkd_tasks after the one
 * gp_tasks points to. It starts with t = the gp_tasks entry and walks list_for_each_entry_continue(),
 * which begins at the entry AFTER t, so the task gp_tasks points to is never printed (later kernels
 * start from gp_tasks->prev). rcu_preempt_note_context_switch() queues a reader that blocks the GP just
 * before gp_tasks and points gp_tasks at it, and rcu_gp_init() points gp_tasks at the list's head, so
 * gp_tasks is the latest-queued of the readers blocking the GP and the ones after it are the others,
 * latest first. With a single blocked reader the list prints empty (and, with no CPU owing either, the
 * kernel adds "Stall ended before state dump start"). The root's list after rcu_preempt_offline_tasks()
 * follows the same rule: hotplug.c renumbers the moved readers in the order they are list_add()ed at the
 * root's head (the leaf's order reversed) and marks the blocking set from the new gp_tasks on. */
static int print_task_stall(rv_engine *e, rcu_state *rsp, int n, char *list, size_t cap, size_t *len, int *first_pid)
{
    if (rsp->node[n].n_gp_tasks == 0) return 0;
    uint64_t gp_tasks = 0; /* the blkd_seq of the reader gp_tasks points to: the latest queued */
    for (size_t i = 0; i < e->nreaders; i++) {
        const reader *r = &e->readers[i];
        if (r->flavor == rsp->flavor && r->blocked && r->blocks_gp && r->node == n && r->blkd_seq > gp_tasks) gp_tasks = r->blkd_seq;
    }
    enum { MAXT = 64 }; /* the line has room for far fewer */
    const reader *t[MAXT];
    int nt = 0;
    for (size_t i = 0; i < e->nreaders && nt < MAXT; i++) {
        const reader *r = &e->readers[i];
        if (r->flavor != rsp->flavor || !r->blocked || !r->blocks_gp || r->node != n || r->blkd_seq == gp_tasks) continue;
        int k = nt++; /* insertion by blkd_seq, latest first: the list's order after gp_tasks */
        while (k > 0 && t[k - 1]->blkd_seq < r->blkd_seq) { t[k] = t[k - 1]; k--; }
        t[k] = r;
    }
    int found = 0;
    for (int k = 0; k < nt; k++) {
        int pid = reader_pid(t[k]);
        if (*len < cap - 16) *len += (size_t)snprintf(list + *len, cap - *len, " P%d", pid);
        if (!*first_pid) *first_pid = pid;
        found++;
    }
    return found;
}

/* print_other_cpu_stall(): for each leaf, its blocked tasks and then its CPUs still in qsmask; then the
 * tasks moved up to the root; then "(detected by N, t=...)". Only after that line, if it named no one,
 * "INFO: Stall ended before state dump start". Then kick them all with FQS. (On a one-node tree the
 * root is also the only leaf, and the kernel prints its tasks twice; so does this.) */
static void print_other_cpu_stall(rv_engine *e, rcu_state *rsp, int cpu)
{
    rsp->jiffies_stall = e->jiffies + 3 * stall_check_jiffies(e) + 3;
    char list[400] = "";
    size_t len = 0;
    int found = 0, first_cpu = -1, first_pid = 0;
    int first_leaf = e->level_first[e->levels - 1];
    for (int n = first_leaf; n < e->nnodes; n++) {
        found += print_task_stall(e, rsp, n, list, sizeof list, &len, &first_pid);
        unsigned long bits = rsp->node[n].qsmask;
        while (bits) {
            int bit = __builtin_ctzl(bits);
            bits &= bits - 1;
            if (len < sizeof list - 16) len += (size_t)snprintf(list + len, sizeof list - len, " %d", rsp->node[n].grplo + bit);
            if (first_cpu < 0) first_cpu = rsp->node[n].grplo + bit;
            found++;
        }
    }
    found += print_task_stall(e, rsp, 0, list, sizeof list, &len, &first_pid);
    uint64_t t = e->jiffies - rsp->gp_start;
    char text[512];
    snprintf(text, sizeof text, "INFO: %s detected stalls on CPUs/tasks: {%s} (detected by %d, t=%lu jiffies)",
             rv_flavor_name(rsp->flavor), list, cpu, (unsigned long)t);
    record_stall(e, rsp, cpu, 1, t, text, first_cpu, first_pid);
    if (!found) klog(e, "INFO: Stall ended before state dump start");
    force_quiescent_state(e, rsp, false);
}

/* check_cpu_stall(): only a CPU taking ticks can notice; the stalled CPU itself first, others
 * RCU_STALL_RAT_DELAY jiffies later so that a self-report usually wins. */
__attribute__((noinline)) void check_cpu_stall(rv_engine *e, rcu_state *rsp, int cpu)
{
    if (e->jiffies < rsp->jiffies_stall) return; /* both reports below need the deadline passed */
    rcu_data *rdp = &rsp->rda[cpu];
    rcu_node *rnp = leaf_of(rsp, rdp);
    uint64_t j = e->jiffies, js = rsp->jiffies_stall;
    bool gp = gp_in_progress(rsp);
    if ((rnp->qsmask & rdp->grpmask) && j >= js && (gp || e->cfg.rcu.mode == RV_MODE_SOFTIRQ))
        print_cpu_stall(e, rsp, cpu);
    else if (gp && j >= js + RCU_STALL_RAT_DELAY)
        print_other_cpu_stall(e, rsp, cpu);
}
