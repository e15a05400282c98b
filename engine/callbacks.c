/* callbacks.c — the four-segment callback list, call_rcu*(), rcu_do_batch() with blimit/qhimark/qlowmark, synchronize_*(). */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

void cblist_init(cblist *l) { memset(l, 0, sizeof *l); }
void cblist_free(cblist *l) { free(l->ring); memset(l, 0, sizeof *l); }

int cblist_clone(cblist *dst, const cblist *src)
{
    *dst = *src;
    if (!src->ring) return 0;
    dst->ring = malloc(src->cap * sizeof *dst->ring);
    if (!dst->ring) return -1;
    memcpy(dst->ring, src->ring, src->cap * sizeof *dst->ring);
    return 0;
}

static void grow(cblist *l)
{
    uint64_t ncap = l->cap ? l->cap * 2 : 8;
    cb_rec *r = malloc(ncap * sizeof *r);
    if (!r) abort();
    for (uint64_t i = l->head; i < l->end; i++) r[i & (ncap - 1)] = l->ring[i & (l->cap - 1)];
    free(l->ring);
    l->ring = r;
    l->cap = ncap;
}

static inline cb_rec *at(const cblist *l, uint64_t i) { return &l->ring[i & (l->cap - 1)]; }

/* cblist_append(), inline for call_rcu(): every queued batch record comes through here */
static inline __attribute__((always_inline)) void cblist_push(cblist *l, const cb_rec *rec)
{
    if (l->end - l->head == l->cap) grow(l);
    *at(l, l->end++) = *rec;
    l->seg[RV_NEXT_TAIL] += rec->n;
}

void cblist_append(cblist *l, const cb_rec *rec) { cblist_push(l, rec); }

/* Adopted callbacks that were already done join the end of the adopter's own done ones
 * (rcu_adopt_orphan_cbs(): *rsp->orphan_donetail = *rdp->nxttail[RCU_DONE_TAIL];
 * *rdp->nxttail[RCU_DONE_TAIL] = rsp->orphan_donelist), before its WAIT, NEXT_READY and NEXT records,
 * which move up by one. Adoption is rare: the shift is cheap enough. */
static void cblist_insert_done_end(cblist *l, const cb_rec *rec)
{
    if (l->end - l->head == l->cap) grow(l);
    for (uint64_t i = l->end; i > l->tail[0]; i--) *at(l, i) = *at(l, i - 1);
    *at(l, l->tail[0]) = *rec;
    l->end++;
    for (int i = 0; i < 3; i++) l->tail[i]++;
    l->seg[RV_DONE_TAIL] += rec->n;
}

void cblist_advance(cblist *l)
{
    l->tail[0] = l->tail[1]; l->tail[1] = l->tail[2]; l->tail[2] = l->end;
    l->seg[0] += l->seg[1]; l->seg[1] = l->seg[2]; l->seg[2] = l->seg[3]; l->seg[3] = 0;
}

void cblist_accelerate_all(cblist *l)
{
    l->tail[1] = l->tail[2] = l->end;
    l->seg[1] += l->seg[2] + l->seg[3]; l->seg[2] = l->seg[3] = 0;
}

void cblist_next_ready(cblist *l)
{
    l->tail[2] = l->end;
    l->seg[2] += l->seg[3]; l->seg[3] = 0;
}

static inline void invoke_record(rv_engine *e, rcu_state *rsp, int cpu, const cb_rec *rec, long k);

static void call_rcu_core(rv_engine *e, rcu_state *rsp, int cpu, long n);

/* __call_rcu() + __call_rcu_core(): queue n callbacks at RCU_NEXT_TAIL, then the overflow checks. */
void call_rcu(rv_engine *e, int cpu, int flavor, long n, int kind, uint32_t aux)
{
    rcu_state *rsp = &e->rsp[flavor];
    if (!rsp->enabled || n <= 0) return;
    rcu_data *rdp = &rsp->rda[cpu];
    cb_rec rec = {.id = ++e->next_cb_id, .t_queued = e->now, .n = n, .kind = (uint8_t)kind, .aux = aux};
    safety_note_retire(e, flavor, &rec);
    rsp->updates += (uint64_t)n;
    charge(e, -1, e->cfg.costs.call_rcu_ns * n, false);
    rv_event *ev = emit(e, RV_EV_CB_QUEUE, cpu, flavor);
    if (ev) { ev->id = rec.id; ev->n = n; ev->arg = kind == CB_LAZY ? 1 : kind == CB_SYNC ? 2 : 0; }
    if (e->cfg.rcu.busted) { /* like rcu_busted (a torture type of kernels after 3.7): run it now, no grace period */
        invoke_record(e, rsp, cpu, &rec, n);
        return;
    }
    cblist_push(&rdp->cbl, &rec);
    rdp->qlen += n;
    if (kind == CB_LAZY) rdp->qlen_lazy += n;
    cpu_t *c = &e->cpu[cpu];
    if (!(c->dynticks & 1) && c->run != RS_OFFLINE) raise_softirq(e, cpu); /* from an extended QS */
    if (c->run == RS_IDLE && !c->tick_on) tick_start(e, cpu);              /* rcu_needs_cpu() now says yes */
    call_rcu_core(e, rsp, cpu, n);
}

/* 3.6's other branch of __call_rcu_core(), taken by a call that does not cross qhimark:
 *     } else if (ULONG_CMP_LT(ACCESS_ONCE(rsp->jiffies_force_qs), jiffies))
 *             force_quiescent_state(rsp, 1);
 * (v3.6 rcutree.c:1916-1917; 3.7 dropped it). One call stands for all such calls of a burst: the first
 * that forces re-arms jiffies_force_qs, so the ones after it find forcing no longer overdue. */
static void call_rcu_overdue_fqs(rv_engine *e, rcu_state *rsp)
{
    if (e->cfg.rcu.mode == RV_MODE_SOFTIRQ && gp_in_progress(rsp) && rsp->jiffies_force_qs < e->jiffies)
        force_quiescent_state(e, rsp, true);
}

/* __call_rcu_core()'s test, which the kernel makes at each call_rcu() of the burst: the call numbered k
 * (1..n) sees qlen = before + k. The first call to take qlen past qlen_last_fqs_check + qhimark acts.
 * With no GP running it starts one and leaves the baseline alone, so the next call crosses too: in 3.6
 * rcu_start_gp() has begun the GP by then and that call forces quiescent states; in 3.7 the GP waits
 * for the kthread and the later calls change nothing. With a GP running the crossing call lifts blimit,
 * forces if no pass ran since the CPU's last overflow ("rsp->n_force_qs == rdp->n_force_qs_snap") and
 * some callback other than its own is not yet done ("*rdp->nxttail[RCU_DONE_TAIL] != head": the burst's
 * earlier ones count), and moves the baseline to its own qlen; qhimark calls later the test passes
 * again. In 3.6 the calls that do not cross, before the first crossing one and between crossings, take
 * the relaxed forcing path when forcing is overdue (call_rcu_overdue_fqs()). */
static void call_rcu_core(rv_engine *e, rcu_state *rsp, int cpu, long n)
{
    rcu_data *rdp = &rsp->rda[cpu];
    const long qhimark = e->cfg.rcu.qhimark, before = rdp->qlen - n;
    long k = rdp->qlen_last_fqs_check + qhimark + 1 - before; /* the first crossing call */
    if (k < 1) k = 1;
    if (k > 1) call_rcu_overdue_fqs(e, rsp); /* calls 1 .. k-1 */
    while (k <= n) {
        note_gp_changes(e, rsp, cpu);
        if (!gp_in_progress(rsp)) {
            rcu_start_gp(e, rsp, cpu);
            if (!gp_in_progress(rsp)) return; /* 3.7, or no GP needed: the burst's later calls do the same */
            k++; /* 3.6: the next call finds the GP begun */
            continue;
        }
        rdp->blimit = LONG_MAX_BLIMIT;
        long not_done = rdp->cbl.seg[RV_WAIT_TAIL] + rdp->cbl.seg[RV_NEXT_READY_TAIL] + rdp->cbl.seg[RV_NEXT_TAIL];
        long others = not_done - (n - k) - 1; /* at call k: the burst's later calls are not queued yet */
        if (rsp->n_force_qs == rdp->n_force_qs_snap && others > 0) force_quiescent_state(e, rsp, false);
        rdp->n_force_qs_snap = rsp->n_force_qs;
        rdp->qlen_last_fqs_check = before + k;
        /* calls k+1 .. k+qhimark (qhimark >= 1) are below the new baseline: after a crossing call that
         * forced nothing (a pass had run since the snapshot), an overdue 3.6 forcing happens here */
        if (k < n) call_rcu_overdue_fqs(e, rsp);
        k += qhimark + 1;
    }
}

/* Invoke k callbacks of rec. Always inline: rcu_do_batch() runs it for every record it takes, and its
 * call and frame were a fifth of its cost (call_rcu()'s rcu_busted path gets its own copy). */
static inline __attribute__((always_inline)) void invoke_record(rv_engine *e, rcu_state *rsp, int cpu, const cb_rec *rec, long k)
{
    safety_check_invoke(e, rsp->flavor, rec, k);
    charge(e, -1, e->cfg.costs.cb_invoke_ns * k, false);
    rsp->cbs_invoked += (uint64_t)k;
    rsp->cb_latency_sum += (e->now - rec->t_queued) * k;
    rsp->cb_latency_n += (uint64_t)k;
    rv_event *ev = emit(e, RV_EV_CB_INVOKE, cpu, rsp->flavor);
    if (ev) { ev->id = rec->id; ev->n = k; }
    if (rec->kind == CB_SYNC) { /* wakeme_after_rcu(): the synchronize_*() caller returns */
        int64_t lat = e->now - rec->t_queued;
        rsp->sync_calls++;
        rsp->sync_latency_sum += lat;
        rv_event *se = emit(e, RV_EV_SYNC_END, cpu, rsp->flavor);
        if (se) { se->id = rec->aux; se->n = lat; }
        if (rec->aux >= 1 && (int)rec->aux <= e->nfake_writers) /* an rcutorture fake writer loops */
            sched_at(e, e->now + e->jiffy_ns * rng_range(&e->r, 1, 10), QE_FAKE_WRITER, -1, 0, rec->aux, 0);
    } else if (rec->kind == CB_TORTURE && rec->aux + 1 < RCU_TORTURE_PIPE_LEN) {
        /* rcu_torture_cb(): bump the pipe count and re-queue until it reaches the end */
        call_rcu(e, cpu, rsp->flavor, k, CB_TORTURE, rec->aux + 1);
    }
}

/* The batch limit rcu_do_batch() really applies. It copies rdp->blimit, a long (rcutree.h: "long blimit"),
 * into an int: "int bl, count, count_lazy, i;" then "bl = rdp->blimit;" (v3.6 rcutree.c:1544 and 1561,
 * v3.7 rcutree.c:1772 and 1789). On a 64-bit kernel the LONG_MAX that __call_rcu_core() stores past
 * qhimark keeps only its low 32 bits, all ones (gcc converts modulo 2^32): bl = -1. The loop's test,
 * "if (++count >= bl && (need_resched() || (!is_idle_task(current) && !rcu_is_callbacks_kthread())))
 * break;", then holds after the first callback: behind a task or in ksoftirqd/N a "lifted" limit
 * invokes ONE callback per pass, not all of them, so a CPU flooded past qhimark drains ten times more
 * slowly than at blimit until qlowmark restores it. Only the idle task and rcuc/N (the caller's
 * `unlimited`) go on past bl, as with any limit. (Later kernels made these locals long, undoing this;
 * 3.6 and 3.7 shipped it. On a 32-bit kernel long is int and LONG_MAX stays INT_MAX.) */
static long kernel_batch_limit(long blimit)
{
    uint32_t low = (uint32_t)((unsigned long)blimit & 0xffffffffu); /* the int's 32 bits */
    long bl = low > 0x7fffffffu ? (long)low - 0x100000000L : (long)low;
    return bl > 0 ? bl : 1; /* the test follows the invocation: at least one callback per pass */
}

/* rcu_do_batch(): invoke DONE callbacks, at most bl of them unless in the idle task or rcuc/N. */
void rcu_do_batch(rv_engine *e, rcu_state *rsp, int cpu, bool unlimited)
{
    rcu_data *rdp = &rsp->rda[cpu];
    cblist *l = &rdp->cbl;
    if (l->seg[RV_DONE_TAIL] == 0) return;
    long limit = unlimited ? LONG_MAX : kernel_batch_limit(rdp->blimit);
    /* The kernel detaches the DONE list before its loop, so a callback that calls call_rcu() (an
     * rcutorture re-queue) sees qlen still counting the whole batch, and callbacks its call_rcu() moves
     * to DONE (rcu_process_gp_end() on a qhimark crossing) wait for the next pass; qlen and qlen_lazy
     * drop only after the loop ("rdp->qlen_lazy -= count_lazy; ACCESS_ONCE(rdp->qlen) -= count;",
     * v3.6 rcutree.c:1604-1605, v3.7 rcutree.c:1832-1833). */
    const long detached = l->seg[RV_DONE_TAIL];
    long count = 0, count_lazy = 0;
    while (count < detached && count < limit) {
        cb_rec rec = *at(l, l->head);
        long left = (detached < limit ? detached : limit) - count;
        long k = rec.n < left ? rec.n : left;
        rec.n -= k;
        if (rec.n == 0) l->head++; else at(l, l->head)->n = rec.n;
        l->seg[RV_DONE_TAIL] -= k;
        if (rec.kind == CB_LAZY) count_lazy += k;
        count += k;
        rec.n = k;
        invoke_record(e, rsp, cpu, &rec, k); /* may append (torture re-queue): l stays valid */
    }
    rdp->qlen_lazy -= count_lazy;
    rdp->qlen -= count;
    rdp->n_cbs_invoked += (unsigned long)count;
    if (rdp->blimit == LONG_MAX_BLIMIT && rdp->qlen <= e->cfg.rcu.qlowmark) rdp->blimit = e->cfg.rcu.blimit;
    if (rdp->qlen == 0 && rdp->qlen_last_fqs_check != 0) { /* rcu_do_batch(): reset the qhimark baseline */
        rdp->qlen_last_fqs_check = 0;
        rdp->n_force_qs_snap = rsp->n_force_qs;
    }
    else if (rdp->qlen < rdp->qlen_last_fqs_check - e->cfg.rcu.qhimark) rdp->qlen_last_fqs_check = rdp->qlen;
    if (l->seg[RV_DONE_TAIL] > 0) raise_softirq(e, cpu); /* more to do: the softirq runs again */
}

/* synchronize_sched()/synchronize_rcu_bh()/synchronize_rcu(): queue wakeme_after_rcu() and block. */
void synchronize_rcu_flavor(rv_engine *e, int cpu, int flavor, uint32_t task)
{
    rcu_state *rsp = &e->rsp[flavor];
    if (!rsp->enabled) return;
    rv_event *ev = emit(e, RV_EV_SYNC_BEGIN, cpu, flavor);
    if (ev) ev->id = task;
    int online = 0;
    for (int c = 0; c < e->ncpus && online < 2; c++) online += e->cpu[c].run != RS_OFFLINE;
    if (flavor != RV_PREEMPT && online <= 1) { /* rcu_blocking_is_gp(): one CPU is a grace period */
        rsp->sync_calls++;
        rv_event *se = emit(e, RV_EV_SYNC_END, cpu, flavor);
        if (se) { se->id = task; se->n = 0; }
        if (task >= 1 && (int)task <= e->nfake_writers)
            sched_at(e, e->now + e->jiffy_ns * rng_range(&e->r, 1, 10), QE_FAKE_WRITER, -1, 0, task, 0);
        return;
    }
    call_rcu(e, cpu, flavor, 1, CB_SYNC, task);
    if (e->cpu[cpu].run == RS_BUSY && cpu_preemptible(&e->cpu[cpu])) context_switch(e, cpu); /* the caller sleeps */
}

/* rcu_send_cbs_to_orphanage() + rcu_adopt_orphan_cbs(): a dead CPU's callbacks move to `to`; the
 * done ones stay done, the others restart their wait from NEXT. Returns callbacks moved. (3.6's
 * rcu_adopt_orphan_cbs() leaves them in the orphanage while another task runs _rcu_barrier(); 3.7
 * dropped that test. The model has no rcu_barrier(), so adoption is always immediate.) */
long cblist_orphan(rv_engine *e, rcu_state *rsp, int dead, int to)
{
    rcu_data *src = &rsp->rda[dead], *dst = &rsp->rda[to];
    cblist *l = &src->cbl;
    long moved = 0;
    /* done ones after the adopter's done ones, in their order */
    for (uint64_t i = l->head; i < l->tail[0]; i++) { cblist_insert_done_end(&dst->cbl, at(l, i)); moved += at(l, i)->n; }
    for (uint64_t i = l->tail[0]; i < l->end; i++) { cblist_append(&dst->cbl, at(l, i)); moved += at(l, i)->n; }
    dst->qlen += src->qlen;
    dst->qlen_lazy += src->qlen_lazy;
    src->n_cbs_orphaned += (unsigned long)moved;
    dst->n_cbs_adopted += (unsigned long)moved;
    src->qlen = src->qlen_lazy = 0;
    cblist_free(l);
    (void)e;
    return moved;
}
