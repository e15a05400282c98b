/* safety.c — the checker independent of the GP machinery: no callback may run while a reader older than it is still running; and rcutorture's Reader Pipe. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

reader *reader_find(rv_engine *e, uint64_t id)
{
    for (size_t i = 0; i < e->nreaders; i++)
        if (e->readers[i].id == id) return &e->readers[i];
    return NULL;
}

/* The holder of the nest of flavor f open in the task running on cpu, or NULL: a section of that
 * flavor whose task has not been switched out. rcu_sched and rcu_bh sections keep preemption off, so
 * every one of them on the CPU belongs to the task running there; an rcu_preempt section whose task
 * was preempted belongs to a task that is not running (reader.preempted). */
static const reader *running_holder(const rv_engine *e, int cpu, int flavor)
{
    for (size_t i = 0; i < e->nreaders; i++) {
        const reader *r = &e->readers[i];
        if (r->cpu == cpu && r->flavor == flavor && !r->nested && !r->preempted) return r;
    }
    return NULL;
}

reader *reader_start(rv_engine *e, int cpu, int flavor, int64_t len, bool injected)
{
    /* rcu_read_lock() in a task already inside a section of the flavor: __rcu_read_lock() only
     * deepens t->rcu_read_lock_nesting (preempt_disable()/local_bh_disable() depth for rcu_sched and
     * rcu_bh), and the section joins that task's nest */
    const reader *h = running_holder(e, cpu, flavor);
    uint64_t task = h ? h->task : 0;
    if (e->nreaders == e->readers_cap) {
        size_t cap = e->readers_cap ? e->readers_cap * 2 : 64;
        reader *r = realloc(e->readers, cap * sizeof *r);
        if (!r) abort();
        e->readers = r; e->readers_cap = cap;
    }
    reader *r = &e->readers[e->nreaders++];
    memset(r, 0, sizeof *r);
    r->id = ++e->next_reader_id;
    r->task = task ? task : r->id;
    r->nested = task != 0;
    r->begin = e->now;
    r->end = len >= 0 ? e->now + len : INT64_MAX;
    r->cpu = cpu;
    r->flavor = (int8_t)flavor;
    r->injected = injected;
    r->node = -1;
    r->seen_retire = e->rsp[flavor].retire_count;
    cpu_t *c = &e->cpu[cpu];
    if (flavor == RV_SCHED) c->nonpreempt++;
    else if (flavor == RV_BH) c->bh_disabled++;
    rv_event *ev = emit(e, RV_EV_READER_BEGIN, cpu, flavor);
    /* arg: it joined its task's nest, so the task stays in a section when it ends (a status line said
     * "CPU 2 left its rcu_sched read-side critical section" inside a scripted five-second reader) */
    if (ev) { ev->id = r->id; ev->n = len; ev->arg = r->nested; }
    if (len >= 0) sched_at(e, r->end, QE_READER_END, cpu, flavor, r->id, 0);
    return r;
}

/* The element a reader picked up when it began was retired by callback record number
 * `seen_retire`; its pipe count is 0 if never retired, 1 while its callback has not run, and grows
 * with every grace period after the callback ran (rcutorture re-queues it until 10). */
static int pipe_index(rv_engine *e, const reader *r)
{
    rcu_state *rsp = &e->rsp[r->flavor];
    if (rsp->retire_count <= r->seen_retire) return 0;
    const struct retire_slot *s = &retire_ring(e, r->flavor)[r->seen_retire % RETIRE_RING];
    if (s->idx != r->seen_retire || s->invoked_t < 0) return 1;
    unsigned long gps = rsp->completed - s->completed_at;
    unsigned long idx = 2 + gps;
    return idx >= RV_PIPE_LEN ? RV_PIPE_LEN - 1 : (int)idx;
}

void reader_finish(rv_engine *e, uint64_t id)
{
    reader *r = reader_find(e, id);
    if (!r) return;
    int cpu = r->cpu, f = r->flavor;
    cpu_t *c = &e->cpu[cpu];
    rcu_state *rsp = &e->rsp[f];
    /* Another open section of its task's nest: then this unlock is not the outermost one, and
     * __rcu_read_unlock() only decrements the nesting (preempt_enable()/local_bh_enable() likewise
     * drop one level). Sections of a nest may be scheduled to end out of order (scripted readers
     * overlap as they please): the last to end is the outermost unlock. If the holder ends first, the
     * task's state (blkd_tasks entry, NEED_QS) passes to the oldest section left. */
    reader *m = NULL;
    for (size_t i = 0; i < e->nreaders; i++) {
        reader *o = &e->readers[i];
        if (o != r && o->flavor == f && o->task == r->task && (!m || o->begin < m->begin)) m = o;
    }
    if (m && !r->nested) {
        m->nested = 0;
        m->blocked = r->blocked; m->node = r->node; m->blocks_gp = r->blocks_gp; m->blkd_seq = r->blkd_seq;
        m->blkd_at = r->blkd_at; m->blkd_why = r->blkd_why;
        m->need_qs |= r->need_qs;
    }
    if (f == RV_SCHED) c->nonpreempt--;
    else if (f == RV_BH) c->bh_disabled--;
    e->reader_pipe[pipe_index(e, r)]++;
    e->n_readers_done++;
    bool outermost = !m;
    bool blocked = r->blocked, blocks_gp = r->blocks_gp, need_qs = r->need_qs && !r->preempted;
    int node = r->node;
    rv_event *ev = emit(e, RV_EV_READER_END, cpu, f);
    if (ev) { ev->id = id; ev->n = e->now - r->begin; ev->arg = !outermost; } /* the task's nest goes on */
    *r = e->readers[--e->nreaders]; /* m may have moved: not used below */
    if (outermost && f == RV_PREEMPT && rsp->enabled) {
        /* rcu_read_unlock_special(): RCU_READ_UNLOCK_NEED_QS first (the tick found the task in its
         * section while this CPU owed a QS: rcu_preempt_qs() on the CPU it runs on), then
         * RCU_READ_UNLOCK_BLOCKED (leave blkd_tasks, maybe end the GP's wait) */
        if (need_qs) rcu_qs(e, cpu, RV_PREEMPT);
        if (blocked) {
            rcu_node *rnp = &rsp->node[node];
            rnp->n_blkd--;
            if (blocks_gp && --rnp->n_gp_tasks == 0 && rnp->qsmask == 0 && gp_in_progress(rsp)) {
                enum exec_ctx saved = e->ctx; int saved_cpu = e->ctx_cpu;
                e->ctx = CTX_TASK; e->ctx_cpu = cpu; /* online: a task preempted here moved on when its CPU died (hotplug.c) */
                if (rnp->parent < 0) rcu_report_qs_rsp(e, rsp);
                else rcu_report_qs_rnp(e, rsp, rnp->grpmask, rnp->parent);
                e->ctx = saved; e->ctx_cpu = saved_cpu;
            }
        }
    }
    if (f == RV_BH && c->bh_disabled == 0) softirq_after_bh_enable(e, cpu);
    if (cpu_preemptible(c) && c->ctxsw_deferred && c->run == RS_BUSY) context_switch(e, cpu);
}

/* A grace period ends (gp_finish()): every reader of its flavor that began before it started must have
 * ended. One still open is a violation of RCU's guarantee even if no callback happens to run under it
 * (a reader nested on its CPU, a task dropped from blkd_tasks...): counted and traced (arg 1, gp) with
 * the oldest such reader. */
void safety_check_gp_end(rv_engine *e, const rcu_state *rsp)
{
    const reader *old = NULL;
    for (size_t i = 0; i < e->nreaders; i++) {
        const reader *r = &e->readers[i];
        if (r->flavor == rsp->flavor && r->begin < rsp->gp_start_ns && (!old || r->begin < old->begin)) old = r;
    }
    if (!old) return;
    e->violations++;
    rv_event *ev = emit(e, RV_EV_VIOLATION, old->cpu, rsp->flavor);
    if (ev) { ev->arg = 1; ev->gp = rsp->gpnum; ev->n = (int64_t)old->id; }
}

void safety_note_retire(rv_engine *e, int flavor, cb_rec *rec)
{
    rcu_state *rsp = &e->rsp[flavor];
    rec->retire_idx = rsp->retire_count++;
    struct retire_slot *s = &retire_ring(e, flavor)[rec->retire_idx % RETIRE_RING];
    s->idx = rec->retire_idx;
    s->invoked_t = -1;
    s->completed_at = 0;
}

/* safety_check_invoke(), the check made as each callback record runs, is inline in internal.h
 * (rcu_do_batch() runs it for every record it takes). */
