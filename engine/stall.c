/* stall.c — RCU CPU stall warnings: check_cpu_stall() from the tick, with the 3.6/3.7 message text exactly. */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A warning's text, as long as its list: the kernel prints every CPU and task it names (printk's
 * KERN_CONT pieces), and a fixed 400 bytes ended a list of ~100 CPUs early without a mark. */
typedef struct stall_text { char *s; size_t len, cap; } stall_text;

static void st_printf(stall_text *b, const char *fmt, ...)
{
    for (int tries = 0; tries < 2; tries++) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) return;
        if (b->s && b->len + (size_t)n < b->cap) { b->len += (size_t)n; return; }
        size_t cap = b->cap ? b->cap : 128;
        while (cap <= b->len + (size_t)n) cap *= 2;
        char *g = realloc(b->s, cap);
        if (!g) return; /* out of memory: the text stays as it was */
        if (!b->s) g[0] = 0;
        b->s = g;
        b->cap = cap;
    }
}

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

/* The CPUs or the pids a warning names, in the order it prints them. */
typedef struct name_list { int *v; size_t n, cap; } name_list;

/* Out of memory in the middle of a simulation leaves nothing sensible to do but abort (as evq.c). */
static void names_push(name_list *l, int x)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 16;
        int *g = realloc(l->v, cap * sizeof *g);
        if (!g) abort();
        l->v = g; l->cap = cap;
    }
    l->v[l->n++] = x;
}

/* cpus and pids: everyone the warning names. The report keeps them all (its text may be cut); the
 * event carries the first of each (-1 / 0 for none) so that pictures name who stalls, not only who
 * noticed. */
static void record_stall(rv_engine *e, rcu_state *rsp, int cpu, int kind, uint64_t t_jiffies, const char *text,
                         const name_list *cpus, const name_list *pids)
{
    klog(e, "%s", text);
    rsp->stalls++;
    if (e->nstalls == e->stalls_cap) {
        size_t cap = e->stalls_cap ? e->stalls_cap * 2 : 8;
        rv_stall_report *s = realloc(e->stalls, cap * sizeof *s);
        if (!s) abort();
        e->stalls = s; e->stalls_cap = cap;
    }
    size_t names = cpus->n + pids->n;
    if (e->stall_names_cap - e->nstall_names < names) {
        size_t cap = e->stall_names_cap ? e->stall_names_cap : 16;
        while (cap - e->nstall_names < names) cap *= 2;
        int *g = realloc(e->stall_names, cap * sizeof *g);
        if (!g) abort();
        e->stall_names = g; e->stall_names_cap = cap;
    }
    rv_stall_report *s = &e->stalls[e->nstalls++];
    memset(s, 0, sizeof *s);
    s->t_s = (double)e->now / NS_PER_S;
    s->jiffies = t_jiffies;
    s->flavor = rsp->flavor;
    s->cpu = cpu;
    s->kind = kind;
    size_t n = strlen(text);
    if (n < sizeof s->text) memcpy(s->text, text, n + 1);
    else { /* the report keeps a fixed length; the kernel log has the whole line */
        static const char cut[] = " …";
        memcpy(s->text, text, sizeof s->text - sizeof cut);
        memcpy(s->text + sizeof s->text - sizeof cut, cut, sizeof cut);
    }
    s->names_at = e->nstall_names;
    s->ncpus_named = (uint32_t)cpus->n;
    s->npids_named = (uint32_t)pids->n;
    if (cpus->n) memcpy(e->stall_names + e->nstall_names, cpus->v, cpus->n * sizeof *cpus->v);
    if (pids->n) memcpy(e->stall_names + e->nstall_names + cpus->n, pids->v, pids->n * sizeof *pids->v);
    e->nstall_names += names;
    rv_event *ev = emit(e, RV_EV_STALL, cpu, rsp->flavor);
    if (ev) { ev->gp = rsp->gpnum; ev->arg = (int8_t)kind; ev->n = (int64_t)t_jiffies; ev->node = cpus->n ? cpus->v[0] : -1; ev->id = pids->n ? (uint64_t)pids->v[0] : 0; }
}

/* print_cpu_stall(): this CPU itself still owes the GP a quiescent state. */
static void print_cpu_stall(rv_engine *e, rcu_state *rsp, int cpu)
{
    uint64_t t = e->jiffies - rsp->gp_start;
    char text[160];
    snprintf(text, sizeof text, "INFO: %s self-detected stall on CPU { %d}  (t=%lu jiffies)",
             rv_flavor_name(rsp->flavor), cpu, (unsigned long)t);
    name_list cpus = {&cpu, 1, 1}, pids = {0};
    record_stall(e, rsp, cpu, 0, t, text, &cpus, &pids);
    /* The kernel moves the deadline only after printk() and the backtraces, so another stalled CPU
     * whose tick falls in that window can print its own warning too; here printing takes no time and
     * the next CPU's tick already sees the new deadline: one self-detected warning per interval. */
    if (e->jiffies >= rsp->jiffies_stall) rsp->jiffies_stall = e->jiffies + 3 * stall_check_jiffies(e) + 3;
    /* set_need_resched(), "kick ourselves to get things going" (v3.6 rcutree.c:816, v3.7 :965),
     * only sets TIF_NEED_RESCHED: the switch comes at this interrupt's exit, after the tick's
     * RCU_SOFTIRQ, or once the CPU is preemptible again (do_tick()), so its QS is reported a tick later */
    cpu_t *c = &e->cpu[cpu];
    if (c->run == RS_BUSY) c->need_resched = PW_STALL;
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
static int latest_queued_first(const void *a, const void *b)
{
    uint64_t x = (*(const reader *const *)a)->blkd_seq, y = (*(const reader *const *)b)->blkd_seq;
    return x < y ? 1 : x > y ? -1 : 0;
}

static int print_task_stall(rv_engine *e, rcu_state *rsp, int n, stall_text *list, name_list *pids)
{
    if (rsp->node[n].n_gp_tasks == 0) return 0;
    uint64_t gp_tasks = 0; /* the blkd_seq of the reader gp_tasks points to: the latest queued */
    size_t nt = 0;
    for (size_t i = 0; i < e->nreaders; i++) {
        const reader *r = &e->readers[i];
        if (r->flavor != rsp->flavor || !r->blocked || !r->blocks_gp || r->node != n) continue;
        if (r->blkd_seq > gp_tasks) gp_tasks = r->blkd_seq;
        nt++;
    }
    const reader **t = nt ? malloc(nt * sizeof *t) : NULL;
    if (!t) return 0;
    nt = 0;
    for (size_t i = 0; i < e->nreaders; i++) {
        const reader *r = &e->readers[i];
        if (r->flavor == rsp->flavor && r->blocked && r->blocks_gp && r->node == n && r->blkd_seq != gp_tasks) t[nt++] = r;
    }
    qsort(t, nt, sizeof *t, latest_queued_first); /* the list's order after gp_tasks */
    for (size_t k = 0; k < nt; k++) {
        int pid = reader_pid(t[k]);
        st_printf(list, " P%d", pid);
        names_push(pids, pid);
    }
    free(t);
    return (int)nt;
}

/* print_other_cpu_stall(): for each leaf, its blocked tasks and then its CPUs still in qsmask; then the
 * tasks moved up to the root; then "(detected by N, t=...)". Only after that line, if it named no one,
 * "INFO: Stall ended before state dump start". Then kick them all with FQS. (On a one-node tree the
 * root is also the only leaf, and the kernel prints its tasks twice; so does this.) */
static void print_other_cpu_stall(rv_engine *e, rcu_state *rsp, int cpu)
{
    rsp->jiffies_stall = e->jiffies + 3 * stall_check_jiffies(e) + 3;
    stall_text text = {0};
    st_printf(&text, "INFO: %s detected stalls on CPUs/tasks: {", rv_flavor_name(rsp->flavor));
    int found = 0;
    name_list cpus = {0}, pids = {0};
    int first_leaf = e->level_first[e->levels - 1];
    for (int n = first_leaf; n < e->nnodes; n++) {
        found += print_task_stall(e, rsp, n, &text, &pids);
        unsigned long bits = rsp->node[n].qsmask;
        while (bits) {
            int bit = __builtin_ctzl(bits);
            bits &= bits - 1;
            st_printf(&text, " %d", rsp->node[n].grplo + bit);
            names_push(&cpus, rsp->node[n].grplo + bit);
            found++;
        }
    }
    found += print_task_stall(e, rsp, 0, &text, &pids);
    uint64_t t = e->jiffies - rsp->gp_start;
    st_printf(&text, "} (detected by %d, t=%lu jiffies)", cpu, (unsigned long)t);
    record_stall(e, rsp, cpu, 1, t, text.s ? text.s : "INFO: detected stalls (out of memory)", &cpus, &pids);
    free(text.s);
    free(cpus.v);
    free(pids.v);
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
