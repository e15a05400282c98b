/* tree.c — the rcu_node tree: geometry computed the kernel's way, and quiescent states climbing it. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * rcu_init_geometry() + rcu_init_levelspread() (balanced) + rcu_init_one(). `n` is the CPU count
 * the tree is sized for: nr_cpu_ids in 3.7, NR_CPUS in 3.6 unless rcu_fanout_leaf was changed.
 */
static int geometry(rv_engine *e, int n, char *err, size_t errlen)
{
    const int fanout = e->cfg.rcu.fanout, leaf = e->cfg.rcu.fanout_leaf;
    long cap[4];
    cap[0] = leaf;
    for (int i = 1; i < 4; i++) cap[i] = cap[i - 1] * fanout;
    int levels = 0;
    for (int i = 0; i < 4; i++)
        if (n <= cap[i]) { levels = i + 1; break; }
    if (!levels) { snprintf(err, errlen, "rcu.fanout: %d CPUs do not fit in 4 levels", n); return -1; }
    e->levels = levels;
    e->nnodes = 0;
    for (int i = 0; i < levels; i++) {
        e->levelcnt[i] = (int)((n + cap[levels - 1 - i] - 1) / cap[levels - 1 - i]);
        e->level_first[i] = e->nnodes;
        e->nnodes += e->levelcnt[i];
    }
    int cprv = n;
    for (int i = levels - 1; i >= 0; i--) {
        int ccur = e->levelcnt[i];
        e->levelspread[i] = (cprv + ccur - 1) / ccur;
        cprv = ccur;
    }
    return 0;
}

static void init_nodes(rv_engine *e, rcu_state *rsp, int n)
{
    long cpustride = 1;
    for (int i = e->levels - 1; i >= 0; i--) {
        cpustride *= e->levelspread[i];
        for (int j = 0; j < e->levelcnt[i]; j++) {
            rcu_node *rnp = &rsp->node[e->level_first[i] + j];
            memset(rnp, 0, sizeof *rnp);
            rnp->grplo = (int)(j * cpustride);
            rnp->grphi = (int)((j + 1) * cpustride - 1);
            if (rnp->grphi >= n) rnp->grphi = n - 1;
            rnp->level = i;
            rnp->first_child = -1;
            if (i == 0) {
                rnp->grpnum = 0; rnp->grpmask = 0; rnp->parent = -1;
            } else {
                rnp->grpnum = j % e->levelspread[i - 1];
                rnp->grpmask = 1ul << rnp->grpnum;
                rnp->parent = e->level_first[i - 1] + j / e->levelspread[i - 1];
            }
        }
    }
    for (int k = e->nnodes - 1; k > 0; k--) {   /* children are contiguous: record first and count */
        rcu_node *p = &rsp->node[rsp->node[k].parent];
        p->first_child = k;
        p->nchildren++;
    }
    int leafidx = e->level_first[e->levels - 1];
    for (int cpu = 0; cpu < e->ncpus; cpu++) { /* leaves cover ascending CPU ranges: one walk */
        rcu_data *rdp = &rsp->rda[cpu];
        while (rsp->node[leafidx].grphi < cpu) leafidx++;
        rdp->mynode = leafidx;
        rdp->grpmask = 1ul << (cpu - rsp->node[leafidx].grplo);
        e->cpu[cpu].leaf_off = cpu - rsp->node[leafidx].grplo; /* the same in every flavor's tree */
    }
}

int tree_build(rv_engine *e, char *err, size_t errlen)
{
    int n = rv_cfg_tree_cpus(&e->cfg); /* rcu_init_geometry(): see rv_cfg_tree_by_nr_cpu_ids() */
    if (geometry(e, n, err, errlen)) return -1;
    for (int f = 0; f < RV_NFLAVORS; f++) {
        rcu_state *rsp = &e->rsp[f];
        rsp->node = calloc((size_t)e->nnodes, sizeof *rsp->node);
        rsp->rda = calloc((size_t)e->ncpus, sizeof *rsp->rda);
        if (e->rcu_trace) rsp->rp = calloc((size_t)e->ncpus, sizeof *rsp->rp);
        if (!rsp->node || !rsp->rda || (e->rcu_trace && !rsp->rp)) { snprintf(err, errlen, "out of memory"); return -1; }
        init_nodes(e, rsp, n);
        rsp->gp_fix = rv_cfg_needs_gp_fix(&e->cfg); /* the config never changes after this */
    }
    /* workload_boot() starts every CPU running (dynticks odd) and sends the idle ones to idle through
     * dynticks_idle(): the leaves' summaries of dyntick-idle CPUs start empty */
    for (int cpu = 0; cpu < e->ncpus; cpu++) e->cpu[cpu].leaf_idle = 0;
    return 0;
}

/* rcu_bootup_announce() and rcu_bootup_announce_oddness(), identical in 3.6 and 3.7: the boot log
 * names the implementation, then, one tab-indented line each, what differs from the defaults. Of the
 * kernel's lines only those the modelled settings decide appear; CONFIG_RCU_TRACE's is left out
 * because the model's kernel is the same whether or not a run prints debugfs. */
void rcu_bootup_announce(rv_engine *e)
{
    const rv_rcu_config *r = &e->cfg.rcu;
    klog(e, "%s", r->flavors[RV_PREEMPT] ? "Preemptible hierarchical RCU implementation."
                                         : "Hierarchical RCU implementation.");
    /* "non-default" against the word size's default (v3.6 rcutree_plugin.h:47, the same in v3.7) */
    if (r->fanout != (r->config_64bit ? 64 : 32)) klog(e, "\tCONFIG_RCU_FANOUT set to non-default value of %d", r->fanout);
    if (r->fast_no_hz) klog(e, "\tRCU dyntick-idle grace-period acceleration is enabled.");
    const int nr_cpus = r->nr_cpus_compiled > e->cfg.cpus ? r->nr_cpus_compiled : e->cfg.cpus;
    /* "#if NUM_RCU_LVL_4 != 0": decided at compile time from NR_CPUS (rcutree.h's RCU_FANOUT_3 cap is
     * CONFIG_RCU_FANOUT_LEAF * CONFIG_RCU_FANOUT^2), even when 3.7's rcu_init_geometry() then builds a
     * shallower tree for nr_cpu_ids */
    if ((double)nr_cpus > (double)r->fanout_leaf * r->fanout * r->fanout) klog(e, "\tFour-level hierarchy is enabled.");
    /* No "Experimental boot-time adjustment of leaf fanout" line: the kernel prints it only when the
     * rcutree.rcu_fanout_leaf boot parameter differs from CONFIG_RCU_FANOUT_LEAF ("if (rcu_fanout_leaf
     * != CONFIG_RCU_FANOUT_LEAF)", v3.6 rcutree_plugin.h:73), and rcu.fanout_leaf is the Kconfig value;
     * the model has no boot parameter for it. */
    if (nr_cpus != e->cfg.cpus)
        klog(e, "\tRCU restricting CPUs from NR_CPUS=%d to nr_cpu_ids=%d.", nr_cpus, e->cfg.cpus);
}

/* Set (online) or clear (offline) a CPU's bit in qsmaskinit, climbing while a node changes emptiness. */
void tree_set_cpu_online(rv_engine *e, rcu_state *rsp, int cpu, bool online)
{
    rcu_data *rdp = &rsp->rda[cpu];
    unsigned long mask = rdp->grpmask;
    int n = rdp->mynode;
    while (n >= 0) {
        rcu_node *rnp = &rsp->node[n];
        bool was_empty = rnp->qsmaskinit == 0;
        unsigned long was = rnp->qsmaskinit;
        if (online) rnp->qsmaskinit |= mask; else rnp->qsmaskinit &= ~mask;
        if (rnp->qsmaskinit != was) rnp->qsmaskinit_weight += online ? 1 : -1; /* mask is one bit */
        bool now_empty = rnp->qsmaskinit == 0;
        if (was_empty == now_empty) break; /* the parent's view of this node is unchanged */
        mask = rnp->grpmask;
        n = rnp->parent;
    }
}

/*
 * rcu_report_qs_rnp(): clear `mask` in node n; only the last reporter of a node climbs, handing the
 * lock to the parent. A node with preempted readers blocking this GP (gp_tasks) stops the climb.
 */
void rcu_report_qs_rnp_logged(rv_engine *e, rcu_state *rsp, unsigned long mask, int n, bool logged)
{
    bool climbed = false; /* the caller already holds (and paid for) the first node's lock */
    for (;;) {
        rcu_node *rnp = &rsp->node[n];
        if (climbed) {
            charge(e, rsp->flavor, e->cfg.costs.node_lock_ns, true);
            charge_lock_section(e, e->cfg.costs.node_lock_ns);
            rsp->node_lock_visits++;
        }
        climbed = true;
        if (!(rnp->qsmask & mask)) return; /* our bit is clear: done (a node between GPs has qsmask 0) */
        rnp->qsmask &= ~mask;
        if (logged) {
            rv_event *ev = emit(e, RV_EV_QS_REPORT, e->ctx_cpu, rsp->flavor);
            if (ev) { ev->gp = rsp->gpnum; ev->node = n; ev->mask = mask; }
        } else {
            event_count_only(e, RV_EV_QS_REPORT, 1);
        }
        if (rnp->qsmask != 0 || rnp->n_gp_tasks > 0) return;
        mask = rnp->grpmask;
        if (rnp->parent < 0) { rcu_report_qs_rsp(e, rsp); return; }
        n = rnp->parent;
    }
}

/* The report's events are logged for a reader of the log or a qs_report trigger, else counted. */
bool qs_report_logged(const rv_engine *e) { return events_read(e) || triggers_watch(e, RV_EV_QS_REPORT); }

void rcu_report_qs_rnp(rv_engine *e, rcu_state *rsp, unsigned long mask, int n)
{
    rcu_report_qs_rnp_logged(e, rsp, mask, n, qs_report_logged(e));
}

/* Bits set in a node mask (the baseline x86-64 target has no popcnt instruction). */
static inline int node_mask_weight(uint64_t x) /* (unsigned long is 32 bits in the WebAssembly build) */
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/*
 * The climbs of a batch into b->parent, applied as rcu_report_qs_rnp_logged() would have applied them
 * one by one: each took the parent's lock (charged as one sum: nothing between them reads the
 * accounting, and a 3.6 pass has no preemption point that would split the stretch), each cleared its
 * bit if still set (one counted qs_report event per bit), and only a climb that left the parent clear
 * went on. The batch is flushed before the parent would clear, so that climb happens at the same leaf.
 */
void qs_batch_flush(rv_engine *e, rcu_state *rsp, qs_batch *b)
{
    if (b->climbs == 0) return;
    rcu_node *p = &rsp->node[b->parent];
    const int64_t lock_ns = e->cfg.costs.node_lock_ns;
    unsigned long bits = b->mask;
    charge(e, rsp->flavor, lock_ns * b->climbs, true);
    charge_lock_section(e, lock_ns);
    rsp->node_lock_visits += (uint64_t)b->climbs;
    b->climbs = 0;
    b->mask = 0;
    if (p->gpnum == p->completed) return;
    bits &= p->qsmask;
    if (!bits) return;
    p->qsmask &= ~bits;
    event_count_only(e, RV_EV_QS_REPORT, (uint64_t)node_mask_weight(bits));
    if (p->qsmask != 0 || p->n_gp_tasks > 0) return;
    if (p->parent < 0) { rcu_report_qs_rsp(e, rsp); return; }
    charge(e, rsp->flavor, lock_ns, true); /* the next climb takes the grandparent's lock */
    charge_lock_section(e, lock_ns);
    rsp->node_lock_visits++;
    rcu_report_qs_rnp_logged(e, rsp, p->grpmask, p->parent, false);
}

/* rcu_report_qs_rnp() on leaf n (its lock held by the caller) with the climb into the parent batched. */
void rcu_report_qs_leaf_batched(rv_engine *e, rcu_state *rsp, unsigned long mask, int n, qs_batch *b)
{
    rcu_node *rnp = &rsp->node[n];
    if (!(rnp->qsmask & mask)) return;
    rnp->qsmask &= ~mask;
    event_count_only(e, RV_EV_QS_REPORT, 1);
    if (rnp->qsmask != 0 || rnp->n_gp_tasks > 0) return;
    if (rnp->parent < 0) { qs_batch_flush(e, rsp, b); rcu_report_qs_rsp(e, rsp); return; }
    if (b->climbs && b->parent != rnp->parent) qs_batch_flush(e, rsp, b);
    b->parent = rnp->parent;
    b->climbs++;
    b->mask |= rnp->grpmask;
    if (!(rsp->node[b->parent].qsmask & ~b->mask)) qs_batch_flush(e, rsp, b); /* it clears now: climb on here */
}

/* ---------------------------------------------------------------- views */
int rv_tree_levels(const rv_engine *e) { return e->levels; }
int rv_tree_nodes(const rv_engine *e) { return e->nnodes; }
int rv_tree_level_count(const rv_engine *e, int level)
{
    return (level >= 0 && level < e->levels) ? e->levelcnt[level] : 0;
}

void rv_node_get(const rv_engine *e, int flavor, int node, rv_node_view *out)
{
    memset(out, 0, sizeof *out);
    if (flavor < 0 || flavor >= RV_NFLAVORS || node < 0 || node >= e->nnodes) { out->parent = -1; return; }
    const rcu_node *rnp = &e->rsp[flavor].node[node];
    out->index = node;
    out->level = rnp->level;
    out->parent = rnp->parent;
    out->grpnum = rnp->grpnum;
    out->grplo = rnp->grplo;
    out->grphi = rnp->grphi;
    out->nchildren = rnp->nchildren;
    out->first_child = rnp->first_child;
    out->qsmask = rnp->qsmask;
    out->qsmaskinit = rnp->qsmaskinit;
    out->grpmask = rnp->grpmask;
    out->gpnum = rnp->gpnum;
    out->completed = rnp->completed;
    out->n_blkd_tasks = rnp->n_blkd;
    out->n_gp_tasks = rnp->n_gp_tasks;
}
