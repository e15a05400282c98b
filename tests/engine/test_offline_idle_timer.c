/* test_offline_idle_timer.c — CPU_DYING cancels RCU_FAST_NO_HZ's idle_gp_timer (rcu_cleanup_after_idle()), so it never fires after the CPU is back online. */
#include "engine_fixtures.h"
#include "internal.h"

/* CPU 2 idles holding callbacks behind an armed idle_gp_timer, goes offline (its callbacks adopted by CPU
 * 0) and comes straight back. rcu_cpu_notify()'s CPU_DYING ran rcu_cleanup_after_idle(), whose
 * del_timer() cancelled the timer (v3.6 rcutree.c:2613, rcutree_plugin.h:1955-1962; v3.7
 * rcutree.c:2742, rcutree_plugin.h:1715-1722): at its old expiry nothing takes the idle CPU out of
 * dyntick-idle. Checked: fails before cpu_offline() cancelled it (the timer was still live, and its
 * expiry moved CPU 2's dynticks counter by 2). */
Test(offline_idle_timer, cpu_dying_cancels_the_idle_gp_timer)
{
    for (int m = 0; m < 2; m++) {
        rv_config cfg;
        fx_config(&cfg, 4, m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ);
        cfg.rcu.flavors[RV_BH] = cfg.rcu.flavors[RV_PREEMPT] = false;
        cfg.rcu.no_hz = true;
        cfg.rcu.fast_no_hz = true;
        fx_add_phase(&cfg, "0", 1.0); /* CPU 0 drives grace periods; CPUs 1-3 idle */
        rv_engine *e = fx_engine(&cfg, NULL);
        rv_config_free(&cfg);
        const char *mode = m ? "3.7" : "3.6";
        fx_run_s(e, 0.010);
        cpu_t *c = &e->cpu[2];
        /* a reader on CPU 3 holds the grace period, so CPU 2's callbacks wait and it sleeps on the timer */
        fx_inject(e, RV_INJ_LONG_READER, 3, RV_SCHED, 0.100, 0);
        fx_inject(e, RV_INJ_CALL_RCU_BURST, 2, RV_SCHED, 0, 5);
        int64_t limit = rv_now_ns(e) + FX_S(0.050);
        bool armed = false;
        while (rv_now_ns(e) < limit && !armed) {
            cr_assert_neq(rv_step_event(e), -1);
            armed = c->run == RS_IDLE && c->idle_timer.queued && c->idle_timer.queued_gen == c->gen_idle_timer &&
                    c->idle_timer.next.gen == c->gen_idle_timer && c->idle_timer.queued_t > rv_now_ns(e) + e->jiffy_ns;
        }
        cr_assert(armed, "%s: CPU 2 never slept behind an armed idle_gp_timer", mode);
        int64_t expiry = c->idle_timer.queued_t;
        fx_inject(e, RV_INJ_OFFLINE, 2, 0, 0, 0);
        fx_inject(e, RV_INJ_ONLINE, 2, 0, 0, 0);
        /* back online: wait out the boot (its wakeup and return to idle), until just before the expiry */
        while (rv_now_ns(e) < expiry - 1 && c->run != RS_OFFLINE) cr_assert_neq(rv_step_event(e), -1);
        cr_assert_eq(c->run, RS_IDLE, "%s: CPU 2 back online and idle before the old expiry", mode);
        cr_assert_eq(fx_cpu(e, 2).rdp[RV_SCHED].qlen, 0, "%s: its callbacks were adopted", mode);
        unsigned long d0 = c->dynticks;
        while (rv_now_ns(e) <= expiry + e->jiffy_ns / 2) cr_assert_neq(rv_step_event(e), -1);
        cr_expect_eq(c->dynticks, d0, "%s: the dead CPU's idle_gp_timer fired after it came back (dynticks %lu -> %lu)",
                     mode, d0, c->dynticks);
        rv_engine_free(e);
    }
}
