/* views.c — read-only copies of CPU and flavor state for the app, and "why is this grace period still waiting?". */
#include "internal.h"

#include <stdio.h>
#include <string.h>

void rv_cpu_get(const rv_engine *e, int cpu, rv_cpu_view *out)
{
    memset(out, 0, sizeof *out);
    out->running_kthread = -1;
    if (cpu < 0 || cpu >= e->ncpus) return;
    const cpu_t *c = &e->cpu[cpu];
    out->cpu = cpu;
    switch (c->run) {
    case RS_OFFLINE: out->state = RV_CPU_OFFLINE; break;
    case RS_IDLE: out->state = c->tick_on ? RV_CPU_IDLE_TICK : RV_CPU_IDLE_NOHZ; break;
    /* a CPU running a GP kthread runs kernel code, whatever its task was doing when the kthread took it */
    case RS_BUSY: out->state = (c->user && c->nonpreempt == 0 && !c->kloop && c->running_kthread < 0) ? RV_CPU_USER : RV_CPU_KERNEL; break;
    }
    out->dynticks = c->dynticks;
    out->tick_running = c->tick_on;
    out->kernel_loop = c->kloop;
    out->softirq_pending = c->softirq_pending;
    out->running_kthread = c->running_kthread;
    out->leaf = e->rsp[0].rda[cpu].mynode;
    out->cpu_seconds_rcu = (double)(c->ksoftirqd_ns + c->inline_ns + c->rcuc_ns + c->tick_ns_total) / NS_PER_S;
    const rv_phase *ph = c->run == RS_BUSY ? cpu_phase(e, cpu) : NULL;
    char kname[32] = "task"; /* busy with no phase: woken for a moment by an interrupt's work, or a kernel_loop's own task */
    if (!ph && c->kloop) kloop_task_name(cpu, kname, sizeof kname);
    snprintf(out->task, sizeof out->task, "%s", c->run == RS_OFFLINE ? "offline" : ph ? ph->task : c->run == RS_BUSY ? kname : "swapper");
    for (int f = 0; f < RV_NFLAVORS; f++) {
        const rcu_state *rsp = &e->rsp[f];
        const rcu_data *rdp = &rsp->rda[cpu];
        rv_rdp_view *v = &out->rdp[f];
        v->gpnum = rdp->gpnum;
        v->completed = rdp->completed;
        v->passed_quiesce = rdp->passed_quiesce;
        v->qs_pending = rdp->qs_pending;
        v->qs_owed = gp_in_progress(rsp) && (rsp->node[rdp->mynode].qsmask & rdp->grpmask) != 0;
        for (int s = 0; s < RV_NSEGS; s++) v->seg[s] = rdp->cbl.seg[s];
        v->qlen = rdp->qlen;
        v->qlen_lazy = rdp->qlen_lazy;
        v->blimit = rdp->blimit;
        v->n_cbs_invoked = rdp->n_cbs_invoked;
        v->dynticks_fqs = rdp_dynticks_fqs(&e->rsp[f], cpu);
        v->offline_fqs = rdp->offline_fqs;
        for (size_t i = 0; i < e->nreaders; i++) {
            const reader *r = &e->readers[i];
            if (r->cpu != cpu || r->flavor != f || r->preempted) continue;
            if (!v->in_reader || r->begin < v->reader_since_ns) v->reader_since_ns = r->begin;
            v->in_reader = true;
        }
        v->reader_preexisting = v->in_reader && gp_in_progress(rsp) && v->reader_since_ns < rsp->gp_start_ns;
    }
}

void rv_flavor_get(const rv_engine *e, int flavor, rv_flavor_view *out)
{
    memset(out, 0, sizeof *out);
    out->walk_node = -1;
    out->kthread_cpu = -1;
    out->next_fqs_ns = -1;
    if (flavor < 0 || flavor >= RV_NFLAVORS) return;
    const rcu_state *rsp = &e->rsp[flavor];
    out->enabled = rsp->enabled;
    out->gpnum = rsp->gpnum;
    out->completed = rsp->completed;
    out->fqs_state = rsp->fqs_state;
    out->walk_node = rsp->walk_node;
    out->gp_start_ns = rsp->gp_start_ns;
    out->gp_start_cpu = rsp->gpnum ? rsp->gp_start_cpu : -1; /* no GP started yet: none */
    out->n_force_qs = rsp->n_force_qs;
    out->gp_max_jiffies = rsp->gp_max;
    out->jiffies_stall = rsp->jiffies_stall;
    out->grace_periods = rsp->grace_periods;
    bool kthread = e->cfg.rcu.mode == RV_MODE_KTHREAD;
    if (kthread) {
        out->kthread_cpu = rsp->kt.cpu;
        out->kthread_running = rsp->kt.running;
        out->kthread_woken = !rsp->kt.running && rsp->kt.run_t >= 0;
        /* force_quiescent_state() set the flag and woke it: rcu_gp_kthread() runs rcu_gp_fqs() as soon as
         * it runs ("if (ret == 0 || (ACCESS_ONCE(rsp->gp_flags) & RCU_GP_FLAG_FQS))"), not at its timeout */
        out->fqs_requested = gp_in_progress(rsp) && (rsp->gp_flags & RCU_GP_FLAG_FQS);
        /* a root with nothing left to wait for has woken the kthread (rcu_report_qs_rsp()) for
         * rcu_gp_cleanup(): no longer "waiting for QSs" (a student read that beside qsmask 0), though
         * the kthread runs only a wake-up latency later */
        bool all_in = gp_in_progress(rsp) && rsp->node[0].qsmask == 0 && rsp->node[0].n_gp_tasks == 0;
        out->phase = rsp->kt.state == KT_INIT ? RV_GP_INIT : rsp->kt.state == KT_CLEANUP || all_in ? RV_GP_CLEANUP
                   : gp_in_progress(rsp) ? RV_GP_WAIT : RV_GP_IDLE;
        if (rsp->kt.timeout_t >= 0 && gp_in_progress(rsp)) out->next_fqs_ns = rsp->kt.timeout_t;
    } else {
        out->phase = gp_in_progress(rsp) ? RV_GP_WAIT : RV_GP_IDLE;
        if (gp_in_progress(rsp)) out->next_fqs_ns = (int64_t)(rsp->jiffies_force_qs + 1) * e->jiffy_ns;
    }
}

/* An absolute time for a sentence, as the top bar's clock reads it (app's ui_fmt_time): six decimals, or
 * as many as make it exact. "%.6f" put "Idle before 80.007812 s" under a title and a stall note reading
 * 80.0078125 s (a jiffy at HZ=128 is 7,812,500 ns): one instant, two numbers on one slide. A struct, so
 * that two can stand in one snprintf: the temporary lives to the end of the full expression (C11 6.2.4). */
typedef struct at_text { char s[32]; } at_text;
static at_text at_s(int64_t ns)
{
    at_text t;
    long long sec = (long long)(ns / NS_PER_S), frac = (long long)(ns % NS_PER_S);
    int digits = 9;
    if (frac % 1000 == 0) { frac /= 1000; digits = 6; }
    else while (frac % 10 == 0) { frac /= 10; digits--; }
    snprintf(t.s, sizeof t.s, "%lld.%0*lld s", sec, digits, frac);
    return t;
}

/* A duration for a sentence: ms below a second, seconds from there ("75.961 s old", not "75960.938 ms
 * old": omap-stall's grace period is open for over a minute). */
static const char *dur_text(int64_t ns, char *b, size_t n)
{
    if (ns >= NS_PER_S) snprintf(b, n, "%.3f s", (double)ns / NS_PER_S);
    else snprintf(b, n, "%.3f ms", (double)ns / 1e6);
    return b;
}

/* What preempted a reader's task when it went onto blkd_tasks (reader.blkd_why), for a sentence:
 * "... at 12.009000 s, by the stall warning's set_need_resched(), ...". */
static const char *preempt_cause(int why)
{
    switch (why) {
    case PW_STALL: return ", by the self-detected stall warning's set_need_resched()";
    case PW_RESCHED: return ", by __rcu_pending()'s set_need_resched() (3.6's nudge to a CPU owing rcu_sched or rcu_bh a QS)";
    case PW_INJECT: return ", by the scenario's preempt_reader event";
    case PW_KTHREAD: return ", by a GP kthread waking on the CPU";
    case PW_KSOFTIRQD: return ", by ksoftirqd taking the CPU";
    default: return ", at a context switch";
    }
}

/* The quiescent states a busy CPU can pass for this flavor, as rcu_check_callbacks() and the context
 * switch give them: rcu_sched needs a switch, a user-mode tick or idle; rcu_bh takes any tick outside
 * a bh-disabled region (rcu_bh_qs() when !in_softirq()) or a softirq handler's end, never a switch; rcu_preempt any tick while the task holds no
 * rcu_read_lock() (rcu_preempt_check_callbacks(): rcu_read_lock_nesting == 0) (v3.6 rcutree.c:1654-1663,
 * rcutree_plugin.h:610-617). */
static const char *qs_kinds(int flavor)
{
    switch (flavor) {
    /* not a context switch: rcu_note_context_switch() gives rcu_sched and rcu_preempt theirs only (v3.6
     * rcutree.c:201-207); rcu_bh's other source is __do_softirq()'s rcu_bh_qs() after each handler */
    case RV_BH: return "a tick outside a bh-disabled region (in user or kernel mode), the end of a softirq handler, or idle "
                       "(a context switch is not one for rcu_bh)";
    case RV_PREEMPT: return "a tick while its task holds no rcu_read_lock(), a context switch, or idle";
    default: return "a context switch, a tick in user mode, or idle";
    }
}

/* Absolute times read as the top bar's clock does (at_s(): "since 8.000000 s", "at 80.0078125 s"), durations
 * in ms ("3.000 ms old"). */
static int explain_cpu(const rv_engine *e, const rcu_state *rsp, int cpu, char *buf, size_t n)
{
    const cpu_t *c = &e->cpu[cpu];
    const rcu_data *rdp = &rsp->rda[cpu];
    const rcu_node *rnp = &rsp->node[rdp->mynode];
    const char *fl = rv_flavor_name(rsp->flavor);
    if (!gp_in_progress(rsp)) {
        /* no grace period waits for the CPU, but its callbacks may wait for one: "nothing waits" beside a
         * tile of 2000 callbacks read as false (a lecturer's review of the callbacks scenario) */
        int k = snprintf(buf, n, "No %s grace period is in progress: nothing waits for CPU %d.", fl, cpu);
        const long *seg = rdp->cbl.seg;
        long ready = seg[RV_DONE_TAIL], ended = seg[RV_WAIT_TAIL], need = seg[RV_NEXT_READY_TAIL] + seg[RV_NEXT_TAIL];
        if (k < 0 || (size_t)k >= n || !(ready + ended + need)) return k;
        size_t m = (size_t)k;
        /* rcu_process_callbacks() at its next softirq: cpu_needs_another_gp() then rcu_start_gp(), which in
         * 3.7 only flags the kthread (rcu_gp_init() runs there) */
        if (need)
            m += (size_t)snprintf(buf + m, m < n ? n - m : 0, " But %ld of its callbacks need one: its next RCU softirq (raised at its "
                                  "next tick) asks for it%s.", need, e->cfg.rcu.mode == RV_MODE_KTHREAD ? ", and the GP kthread starts it" : "");
        /* WAIT with no GP running: theirs has ended, and the CPU has not noticed (rcu_process_gp_end()) */
        if (ended && m < n)
            m += (size_t)snprintf(buf + m, n - m, " %ld in W wait only for it to notice that their grace period has ended.", ended);
        if (ready && m < n)
            m += (size_t)snprintf(buf + m, n - m, " %ld in D are ready: its RCU softirq invokes them, at most blimit a pass unless "
                                  "it interrupted the idle task.", ready);
        return (int)m;
    }
    if (c->run == RS_OFFLINE && !(rnp->qsmask & rdp->grpmask)) {
        /* CPU_DEAD's rcu_cleanup_dead_cpu() took its bit out of the leaf's qsmaskinit (tree_set_cpu_online()
         * here): a GP whose init walk ran after that never sets it in qsmask and never waits for it */
        const at_text off = at_s(c->offline_since);
        if (rnp->gpnum != rsp->gpnum || rsp->gp_start_ns >= c->offline_since)
            return snprintf(buf, n, "CPU %d is offline (since %s). %s GP %lu %s, so it does not wait for it: "
                            "rcu_cleanup_dead_cpu() took its bit out of node %d's qsmaskinit, and the GP's init never sets "
                            "it in qsmask. No grace period waits for it until it comes back online.", cpu, off.s, fl, rsp->gpnum,
                            rsp->gp_start_ns >= c->offline_since ? "began after it went offline"
                                                                 : "had not initialised its leaf when it went offline",
                            rdp->mynode);
        /* force_qs_rnp(): a GP's first pass credits an even counter untraced ("snap"); later passes,
         * rcu_implicit_dynticks_qs(), "dti" if its counter is even or moved, else "ofl" */
        return snprintf(buf, n, "CPU %d is offline (since %s). %s GP %lu began before that, at %s, and its bit in "
                        "node %d's qsmask is clear: it reported its quiescent state before going offline, or an FQS pass "
                        "credited it (\"snap\" if the GP's first pass found its counter even, \"dti\" if a later one found it even or moved, "
                        "else \"ofl\"). Later grace periods do not wait for it: "
                        "its bit is out of qsmaskinit.", cpu, off.s, fl, rsp->gpnum, at_s(rsp->gp_start_ns).s,
                        rdp->mynode);
    }
    if (!(rnp->qsmask & rdp->grpmask)) {
        if (rnp->gpnum != rsp->gpnum)
            return snprintf(buf, n, "CPU %d's leaf (node %d) has not been initialised for GP %lu yet: the init walk has not reached it.",
                            cpu, rdp->mynode, rsp->gpnum);
        /* rcu_preempt_note_context_switch(): a reader preempted on this CPU before its QS went onto its
         * leaf's blkd_tasks, and the GP waits for that task, not for the CPU (small-busy at 5 s); said
         * first, since a narrow panel shows only the first line or two */
        for (size_t i = 0; i < e->nreaders; i++) {
            const reader *r = &e->readers[i];
            if (r->flavor == rsp->flavor && r->cpu == cpu && r->blocked && r->blocks_gp)
                return snprintf(buf, n, "Task P%d holds %s GP %lu, not CPU %d: preempted on this CPU at %s%s, inside the "
                                "rcu_read_lock() it entered at %s, it sits on node %d's blkd_tasks until its outermost "
                                "rcu_read_unlock()%s. CPU %d itself has reported its quiescent state.", reader_pid(r), fl,
                                rsp->gpnum, cpu, at_s(r->blkd_at).s, preempt_cause(r->blkd_why),
                                at_s(r->begin).s, r->node,
                                r->preempted ? "" : " (it has run again since: a task leaves the list only at that unlock)", cpu);
        }
        /* its bit is clear, but it has not noticed this GP or still means to report (qs_pending): it could
         * not have reported, so an FQS pass credited it (force_qs_rnp(): dyntick-idle or offline). Else it
         * most likely reported itself; a CPU credited before it noticed the GP looks the same from here */
        if (rdp->gpnum != rsp->gpnum || rdp->qs_pending)
            return snprintf(buf, n, "An FQS pass credited CPU %d for %s GP %lu: its dynticks counter showed it idle (or it "
                            "was offline), so the GP does not wait for it; the CPU itself reported nothing.", cpu, fl, rsp->gpnum);
        return snprintf(buf, n, "CPU %d has already reported its quiescent state for %s GP %lu (or FQS credited it).", cpu, fl, rsp->gpnum);
    }
    if (c->run == RS_OFFLINE)
        /* its bit is set, so the GP began before it went offline (rcu_cleanup_dead_cpu() clears only
         * qsmaskinit); force_qs_rnp() -> rcu_implicit_dynticks_qs() tests the counter first ("dti") and cpu_is_offline() only after,
         * with ULONG_CMP_LT(gp_start + 2, jiffies): a CPU that went through idle since the snapshot
         * and then offline is credited "dti" (a CPU dies with its counter odd, hotplug.c: never "snap") */
        return snprintf(buf, n, "CPU %d went offline at %s, during %s GP %lu. Its bit stays in qsmask until an FQS pass credits it: as "
                        "dyntick-idle (\"dti\") if its dynticks counter went through idle since the GP's first pass (an x86 CPU dies "
                        "with the counter odd), else as offline "
                        "(\"ofl\") once the GP is more than 2 jiffies old.", cpu, at_s(c->offline_since).s, fl, rsp->gpnum);
    char ago[32];
    for (size_t i = 0; i < e->nreaders; i++) {
        const reader *r = &e->readers[i];
        if (r->cpu != cpu || r->preempted) continue;
        if (r->flavor == rsp->flavor || (rsp->flavor == RV_SCHED && r->flavor == RV_SCHED))
            return snprintf(buf, n, "CPU %d is inside an %s read-side critical section since %s (%s ago). %s",
                            cpu, rv_flavor_name(r->flavor), at_s(r->begin).s, dur_text(e->now - r->begin, ago, sizeof ago),
                            r->flavor == RV_PREEMPT ? "A context switch would give its quiescent state at once (the task would "
                                                      "wait on blkd_tasks); else it comes after the section: rcu_read_unlock() "
                                                      "notes it if a tick asked for one, or the next tick does."
                                                    : "No context switch can happen on it until the section ends.");
    }
    /* preemption off holds up rcu_sched only: rcu_bh and rcu_preempt take the loop's ticks (qs_kinds()) */
    if (c->kloop && rsp->flavor == RV_SCHED) {
        /* the deadline is check_cpu_stall()'s rsp->jiffies_stall: the timeout counts from the GP's start,
         * not the loop's, and after a warning print_cpu_stall() re-arms it 3 timeouts + 3 jiffies on
         * ("If this lasts 21 s, a stall warning follows" stood under the warning it announced) */
        int64_t next = (int64_t)rsp->jiffies_stall * e->jiffy_ns;
        double warned_at = -1;
        for (size_t i = 0; i < e->nstalls; i++)
            if (e->stalls[i].flavor == rsp->flavor && e->stalls[i].t_s * NS_PER_S >= (double)rsp->gp_start_ns) warned_at = e->stalls[i].t_s;
        int len = snprintf(buf, n, "CPU %d has been looping in the kernel with preemption off since %s: no context switch, "
                           "no user-mode tick, so no quiescent state. ", cpu, at_s(c->kloop_since).s);
        if (len < 0 || (size_t)len >= n) return len;
        if (warned_at >= 0)
            return len + snprintf(buf + len, n - (size_t)len, "If it still loops at %s, the next stall warning follows: a "
                                  "repeat waits three timeouts and three jiffies after the one at %s.", at_s(next).s,
                                  at_s((int64_t)(warned_at * NS_PER_S + 0.5)).s);
        return len + snprintf(buf + len, n - (size_t)len, "If it still loops at %s (the stall timeout, %.0f s after this GP "
                              "began), a stall warning follows.", at_s(next).s, (double)(rsp->jiffies_stall - rsp->gp_start) / e->hz);
    }
    /* Who can run an FQS pass in 3.6: a tick's softirq (rcu_process_gp_end() ... force_quiescent_state()
     * from __rcu_process_callbacks()), __call_rcu_core() with irqs enabled, and with RCU_FAST_NO_HZ
     * rcu_prepare_for_idle() on a CPU entering idle with callbacks */
    const char *who36 = e->cfg.rcu.mode != RV_MODE_SOFTIRQ ? ""
                        : e->cfg.rcu.fast_no_hz ? " In 3.6 FQS runs only from a CPU that takes ticks, calls call_rcu() with irqs on, "
                                                  "or enters idle holding callbacks (RCU_FAST_NO_HZ)."
                                                : " In 3.6 FQS runs only from a CPU that takes ticks or calls call_rcu() with irqs on.";
    /* rcu_check_callbacks(): a tick taken from the idle loop (rcu_is_cpu_rrupt_from_idle()) notes
     * rcu_sched_qs() and rcu_bh_qs(), and rcu_pending() raises the softirq that reports them; only a
     * tickless idle CPU depends on FQS. A GP's first pass (dyntick_save_progress_counter()) credits an
     * even counter without a trace; later passes (rcu_implicit_dynticks_qs()) trace it as "dti". */
    if (!(c->dynticks & 1) && c->tick_on) {
        if (rdp->gpnum == rsp->gpnum)
            return snprintf(buf, n, "CPU %d is idle with its tick still running (dynticks=%lu, even). Idle is a quiescent state: "
                            "its next tick, taken in the idle loop, notes one and raises the softirq that reports it, unless an "
                            "FQS pass credits it first by its counter.%s", cpu, c->dynticks, who36);
        /* __note_new_gpnum() in that tick's softirq clears the passed_quiesce the tick just set */
        return snprintf(buf, n, "CPU %d is idle with its tick still running (dynticks=%lu, even) and has not noticed %s GP %lu yet "
                        "(its rdp->gpnum is %lu). Its next tick's softirq notices it, and only a quiescent state noted after "
                        "that counts: the tick after reports one, unless an FQS pass credits it first by its counter.%s",
                        cpu, c->dynticks, fl, rsp->gpnum, rdp->gpnum, who36);
    }
    if (!(c->dynticks & 1))
        return snprintf(buf, n, "CPU %d is dyntick-idle (dynticks=%lu, even) with its tick stopped. Idle is a quiescent state, "
                        "but a tickless CPU never reports it: an FQS pass must read its counter and credit it (\"snap\" at a GP's "
                        "first, snapshot pass, which has no rcu_fqs trace event of its own; \"dti\" at later passes).%s", cpu, c->dynticks, who36);
    /* local_bh_disable() (an rcu_bh reader) defers RCU_SOFTIRQ: irq_exit() runs no softirq while
     * in_interrupt(), and local_bh_enable() runs what was raised (v3.6 softirq.c:346, v3.7 :347), so the
     * softirq that notices a GP or reports a QS waits for the section's end. bh-disabled code is not
     * preemptible and not user mode either, so rcu_sched's QS waits too (rcu_check_callbacks()). An
     * author's scenario read "it notices in its next RCU softirq" under a 4 s rcu_bh reader. */
    if (c->bh_disabled > 0 && c->run == RS_BUSY && (rdp->gpnum != rsp->gpnum || rdp->passed_quiesce || rsp->flavor == RV_SCHED)) {
        int64_t since = -1;
        for (size_t i = 0; i < e->nreaders; i++)
            if (e->readers[i].cpu == cpu && e->readers[i].flavor == RV_BH && (since < 0 || e->readers[i].begin < since))
                since = e->readers[i].begin;
        const char *what = rdp->gpnum != rsp->gpnum ? "notice" : rdp->passed_quiesce ? "report its quiescent state for" : "pass a quiescent state for";
        return snprintf(buf, n, "CPU %d has bottom halves disabled (inside an rcu_bh read-side critical section%s%s): RCU_SOFTIRQ "
                        "cannot run on it until local_bh_enable()%s, so it can %s %s GP %lu only after the section ends.",
                        cpu, since >= 0 ? " since " : "", since >= 0 ? at_s(since).s : "",
                        rsp->flavor == RV_SCHED ? ", and no context switch or user-mode tick can happen inside it" : "",
                        what, fl, rsp->gpnum);
    }
    /* RCU_FAST_NO_HZ: a CPU in rcu_prepare_for_idle()'s holdoff for this jiffy gets no softirq from its
     * trips through idle until the next tick, though each still moves its dynticks counter
     * (rcu_eqs_enter_common()), which an FQS pass may credit first. The holdoff comes when its five drain steps (counted
     * across jiffies, not per jiffy) run out, or when after the third it found nothing pending and
     * slept with callbacks (v3.6 rcutree_plugin.h:2039-2068, v3.7 :1820-1848) */
    bool holdoff = e->cfg.rcu.fast_no_hz && c->dyntick_holdoff == e->jiffies && c->run == RS_BUSY &&
                   (rdp->gpnum != rsp->gpnum || rdp->passed_quiesce);
    if (holdoff)
        return snprintf(buf, n, "CPU %d is in an RCU_FAST_NO_HZ holdoff for this jiffy (its drain steps ran out, or it chose to sleep with "
                        "callbacks): its trips through idle "
                        "raise no softirq now, so it will %s %s GP %lu in its next tick's softirq, at %s, unless an FQS "
                        "pass credits it first: each trip through idle still moves its dynticks counter (dti). Outside "
                        "a holdoff a trip through idle does that at once: how a GP can end in under two jiffies.",
                        cpu, rdp->gpnum != rsp->gpnum ? "notice" : "report its quiescent state for", fl, rsp->gpnum,
                        at_s((int64_t)(e->jiffies + 1) * e->jiffy_ns).s);
    if (rdp->gpnum != rsp->gpnum)
        return snprintf(buf, n, "CPU %d has not noticed %s GP %lu yet (its rdp->gpnum is %lu); it notices in its next RCU softirq%s.",
                        cpu, fl, rsp->gpnum, rdp->gpnum,
                        e->cfg.rcu.fast_no_hz ? " (its tick's, or the one its next idle-entry drain raises)" : "");
    if (rdp->passed_quiesce)
        return snprintf(buf, n, "CPU %d passed a quiescent state but has not reported it: reports go through the leaf lock from "
                        "RCU_SOFTIRQ, normally raised by its next tick%s.", cpu,
                        e->cfg.rcu.fast_no_hz ? " (or, with RCU_FAST_NO_HZ, by its next drain on entering idle)" : "");
    /* rcu_implicit_dynticks_qs() credits a CPU by its dynticks counter against the GP's snapshot
     * (dyntick_save_progress_counter()), so idle counts only if a pass sees it: the snapshot found
     * the CPU idle, or the counter moved since. omap-stall's CPU 0 slept 75 s, woke, and only then did
     * its wakeup's softirq run the GP's first pass: to a student it reads as if idle never counted. */
    const bool v37 = e->cfg.rcu.mode == RV_MODE_KTHREAD;
    const char *why36 = v37 ? "" : who36;
    bool snapped = (v37 ? rsp->kt.fqs_state : rsp->fqs_state) == RCU_FORCE_QS;
    char late[32], snap_at[32];
    if (snapped && c->dynticks - rdp->dynticks_snap >= 2)
        return snprintf(buf, n, "CPU %d was idle during %s GP %lu (dynticks %lu at the GP's FQS snapshot, %lu now), and idle "
                        "is a quiescent state; but a tickless idle CPU never reports its own. Only an FQS pass that reads the counter "
                        "credits it (\"dti\"), and none has run since it went idle.%s Until one does, it waits as a busy CPU "
                        "does: for %s.", cpu, fl, rsp->gpnum, rdp->dynticks_snap, c->dynticks, why36, qs_kinds(rsp->flavor));
    /* late: a ticking machine takes its first pass jiffies_till_first_fqs (3) in; ten is well past it */
    if (snapped && rsp->fqs_snap_ns - rsp->gp_start_ns > 10 * e->jiffy_ns) {
        snprintf(snap_at, sizeof snap_at, "%s", at_s(rsp->fqs_snap_ns).s);
        return snprintf(buf, n, "CPU %d noticed %s GP %lu and is waiting for a quiescent state: %s. Idle before %s does not "
                        "count: this GP's first FQS pass, which snapshots the dynticks "
                        "counters, ran only then, %s after the GP began, and found CPU %d running. A tickless idle CPU never "
                        "reports its own quiescent state; only a pass that sees it idle credits it.%s", cpu, fl, rsp->gpnum,
                        qs_kinds(rsp->flavor), snap_at, dur_text(rsp->fqs_snap_ns - rsp->gp_start_ns, late, sizeof late),
                        cpu, why36);
    }
    /* A "U" tile that still owes: user mode counts only when rcu_check_callbacks() finds the CPU there
     * (rcu_sched_qs()/rcu_bh_qs() from the tick), and noticing the GP (__note_new_gpnum()) cleared what
     * earlier ticks noted. A student read the U as a quiescent state already given. */
    /* the GP kthread on this CPU (3.7's init or cleanup walk, taken slice by slice): kernel code, and the
     * quiescent state comes when it sleeps, schedule()'s rcu_note_context_switch() */
    if (c->run == RS_BUSY && c->running_kthread >= 0 && rsp->flavor == RV_SCHED)
        return snprintf(buf, n, "CPU %d noticed %s GP %lu and is running the %s GP kthread, kernel code: no rcu_sched "
                        "quiescent state while it runs. When the kthread sleeps, the context switch away from it is one.",
                        cpu, fl, rsp->gpnum, rv_flavor_name(c->running_kthread));
    /* rcu_preempt: the kthread holds no rcu_read_lock(), so its CPU's next tick is one
     * (rcu_preempt_check_callbacks(), v3.7 rcutree_plugin.h:618-625), as is the switch away from it */
    if (c->run == RS_BUSY && c->running_kthread >= 0 && rsp->flavor == RV_PREEMPT)
        return snprintf(buf, n, "CPU %d noticed %s GP %lu and is running the %s GP kthread, which holds no rcu_read_lock(): "
                        "its next tick, at %s, notes a quiescent state, as would the context switch away from it.",
                        cpu, fl, rsp->gpnum, rv_flavor_name(c->running_kthread), at_s((int64_t)(e->jiffies + 1) * e->jiffy_ns).s);
    if (c->run == RS_BUSY && c->user && c->running_kthread < 0 && c->tick_on && (rsp->flavor == RV_SCHED || rsp->flavor == RV_BH))
        return snprintf(buf, n, "CPU %d noticed %s GP %lu and is running user code, which is a quiescent state only once a "
                        "scheduling-clock tick finds it there: the ticks before the GP do not count. Its next tick, at %s, "
                        "records one if it is still in user mode; a context switch or idle would do as well.",
                        cpu, fl, rsp->gpnum, at_s((int64_t)(e->jiffies + 1) * e->jiffy_ns).s);
    /* a "K" tile: rcu_check_callbacks() notes rcu_sched_qs() from a tick only in user mode or the idle
     * loop, since kernel code may be inside rcu_read_lock_sched(); a lecturer clicked an orange CPU and
     * the answer never said what the orange meant for the grace period */
    if (c->run == RS_BUSY && !c->user && c->running_kthread < 0 && rsp->flavor == RV_SCHED)
        return snprintf(buf, n, "CPU %d noticed %s GP %lu and is running kernel code (K): a tick there is no rcu_sched "
                        "quiescent state, since kernel code may be inside rcu_read_lock_sched(). It waits for %s.", cpu, fl,
                        rsp->gpnum, qs_kinds(rsp->flavor));
    return snprintf(buf, n, "CPU %d noticed %s GP %lu and is waiting for a quiescent state: %s.", cpu, fl, rsp->gpnum,
                    qs_kinds(rsp->flavor));
}

/* A CPU's explanation without what is its own: its number where it starts ("CPU 9 passed ...") and its
 * dynticks counter's value; two CPUs in the same plight then give the same key. */
static void explain_key(const char *text, int cpu, char *key, size_t n)
{
    char lead[24];
    int ll = snprintf(lead, sizeof lead, "CPU %d ", cpu);
    if (!strncmp(text, lead, (size_t)ll)) text += ll;
    size_t k = 0;
    for (const char *p = text; *p && k + 1 < n;) {
        if (!strncmp(p, "dynticks=", 9)) {
            k += (size_t)snprintf(key + k, n - k, "dynticks=#");
            p += 9;
            while (*p >= '0' && *p <= '9') p++;
            continue;
        }
        key[k++] = *p++;
    }
    key[k < n ? k : n - 1] = 0;
}

int rv_explain(const rv_engine *e, int flavor, int cpu, int node, char *buf, size_t n)
{
    if (!buf || !n) return 0;
    buf[0] = 0;
    if (flavor < 0 || flavor >= RV_NFLAVORS || !e->rsp[flavor].enabled) return snprintf(buf, n, "That flavor is not enabled.");
    const rcu_state *rsp = &e->rsp[flavor];
    if (cpu >= 0 && cpu < e->ncpus) return explain_cpu(e, rsp, cpu, buf, n);
    if (!gp_in_progress(rsp))
        return snprintf(buf, n, "No %s grace period is in progress (completed = gpnum = %lu).", rv_flavor_name(flavor), rsp->gpnum);
    int len = 0;
    char age[32];
    int lo = node >= 0 && node < e->nnodes ? node : 0;
    const rcu_node *top = &rsp->node[lo];
    if (!top->qsmask && !top->n_gp_tasks) /* nothing owed here: do not say "waits on qsmask 0x0" */
        return snprintf(buf, n, "%s GP %lu, %s old. Node %d (CPUs %d-%d) owes nothing more: every CPU under it has "
                        "reported.%s", rv_flavor_name(flavor), rsp->gpnum, dur_text(e->now - rsp->gp_start_ns, age, sizeof age), lo,
                        top->grplo, top->grphi, lo == 0 ? " The grace period is ending (cleanup)." : "");
    if (top->qsmask) /* preempted readers alone: "waits on qsmask 0x0 and ..." read as waiting on nothing */
        len += snprintf(buf + len, n - (size_t)len, "%s GP %lu, %s old. Node %d (CPUs %d-%d) still waits on qsmask 0x%lx%s.",
                        rv_flavor_name(flavor), rsp->gpnum, dur_text(e->now - rsp->gp_start_ns, age, sizeof age), lo, top->grplo, top->grphi,
                        top->qsmask, top->n_gp_tasks ? " and preempted readers on blkd_tasks" : "");
    else
        len += snprintf(buf + len, n - (size_t)len, "%s GP %lu, %s old. Node %d (CPUs %d-%d) still waits on preempted readers "
                        "on blkd_tasks (every CPU under it has reported: qsmask 0x0).", rv_flavor_name(flavor), rsp->gpnum,
                        dur_text(e->now - rsp->gp_start_ns, age, sizeof age), lo, top->grplo, top->grphi);
    int shown = 0;
    int first_leaf = e->level_first[e->levels - 1];
    /* a CPU whose explanation is the one just given but for its number and counter ("CPU 1 is
     * dyntick-idle (dynticks=7324408, even) ...") is named on one "likewise" line: four idle CPUs
     * printed the same four-line paragraph four times (a speaker's --panel why) */
    char prev_key[1536] = "", key[1536], likewise[256] = "";
    int nlike = 0;
    for (int l = first_leaf; l < e->nnodes && shown < 4 && (size_t)len < n; l++) {
        const rcu_node *rnp = &rsp->node[l];
        if (rnp->grphi < top->grplo || rnp->grplo > top->grphi) continue;
        unsigned long bits = rnp->qsmask;
        while (bits && shown < 4 && (size_t)len < n) {
            int cpu_id = rnp->grplo + __builtin_ctzl(bits);
            bits &= bits - 1;
            char one[1536];
            explain_cpu(e, rsp, cpu_id, one, sizeof one);
            explain_key(one, cpu_id, key, sizeof key);
            if (prev_key[0] && !strcmp(key, prev_key)) {
                size_t k = strlen(likewise);
                if (strstr(one, "dynticks="))
                    snprintf(likewise + k, sizeof likewise - k, "%s%d (dynticks=%lu)", nlike ? ", " : "", cpu_id,
                             (unsigned long)e->cpu[cpu_id].dynticks);
                else snprintf(likewise + k, sizeof likewise - k, "%s%d", nlike ? ", " : "", cpu_id);
                nlike++;
            } else {
                if (nlike)
                    len += snprintf(buf + len, n - (size_t)len, "\n- likewise CPU%s %s", nlike > 1 ? "s" : "", likewise);
                likewise[0] = 0;
                nlike = 0;
                if ((size_t)len < n) len += snprintf(buf + len, n - (size_t)len, "\n- %s", one);
                snprintf(prev_key, sizeof prev_key, "%s", key);
            }
            shown++;
        }
    }
    if (nlike && (size_t)len < n)
        len += snprintf(buf + len, n - (size_t)len, "\n- likewise CPU%s %s", nlike > 1 ? "s" : "", likewise);
    /* thousands of owing CPUs read as one line, not a list (big machines) */
    int owing = 0, idle = 0;
    for (int l = first_leaf; l < e->nnodes; l++) {
        const rcu_node *rnp = &rsp->node[l];
        if (rnp->grphi < top->grplo || rnp->grplo > top->grphi) continue;
        for (unsigned long bits = rnp->qsmask; bits; bits &= bits - 1) {
            /* the first `shown` are the ones listed above (same leaf and bit order) */
            if (owing++ >= shown) idle += !(e->cpu[rnp->grplo + __builtin_ctzl(bits)].dynticks & 1);
        }
    }
    if (owing > shown && (size_t)len < n) {
        int more = owing - shown;
        if (!idle) /* "1 more CPUs ..., 0 of them dyntick-idle (the next FQS pass credits those)" */
            len += snprintf(buf + len, n - (size_t)len, "\n- and %d more CPU%s still owe%s a QS, none of them dyntick-idle.", more,
                            more == 1 ? "" : "s", more == 1 ? "s" : "");
        else
            len += snprintf(buf + len, n - (size_t)len, "\n- and %d more CPU%s still owe%s a QS, %d of them dyntick-idle (the next "
                            "FQS pass credits those).", more, more == 1 ? "" : "s", more == 1 ? "s" : "", idle);
    }
    for (size_t i = 0; i < e->nreaders && (size_t)len < n; i++) {
        const reader *r = &e->readers[i];
        if (r->flavor == flavor && r->blocked && r->blocks_gp)
            len += snprintf(buf + len, n - (size_t)len, "\n- task P%d was preempted inside rcu_read_lock() on CPU %d at %s%s "
                            "(its section began at %s) and sits on node %d's blkd_tasks: the GP waits for its rcu_read_unlock().",
                            reader_pid(r), r->cpu, at_s(r->blkd_at).s, preempt_cause(r->blkd_why),
                            at_s(r->begin).s, r->node);
    }
    return len;
}
