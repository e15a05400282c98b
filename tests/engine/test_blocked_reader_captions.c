/* test_blocked_reader_captions.c — small-busy's caption about the 50 ms rcu_preempt reader at 5 s says, in
 * each kernel, what the engine does: when CPU 0 calls synchronize_rcu(), which grace period the preempted
 * task holds up (the one in progress, through rcu_preempt_note_context_switch(), or the next, through
 * its init), and how long that grace period lasts. The claims are read from the caption shown in that
 * mode. (Until December 2026 one caption served both kernels and said "the next grace period's start
 * points gp_tasks at the task": true of 3.7, but in 3.6 CPU 1 still owed the grace period in progress,
 * so the context switch itself made the task block that one, which lasted the reader's 50 ms.) */
#include "engine_fixtures.h"
#include "../support/caption_numbers.h"

#include <ctype.h>

static void check_mode(const rv_config *file, enum rv_mode m)
{
    const char *mode = m == RV_MODE_KTHREAD ? "3.7" : "3.6";
    rv_config cfg = *file;
    cfg.rcu.mode = m;
    const char *text = NULL;
    for (size_t i = 0; i < cfg.ncaptions; i++)
        if (strstr(cfg.captions[i].text, "rcu_preempt reader") && rv_when_holds(&cfg.captions[i].when, &cfg)) {
            cr_assert_null(text, "%s: two captions about the reader are shown", mode);
            text = cfg.captions[i].text;
        }
    cr_assert_not_null(text, "%s: no caption about the rcu_preempt reader", mode);
    double at = -1, len_ms = fx_number_after(text, "enters a ", NULL);
    for (size_t i = 0; i < cfg.nevents; i++)
        if (cfg.events[i].kind == RV_INJ_LONG_READER && cfg.events[i].flavor == RV_PREEMPT) at = cfg.events[i].at_s;
    cr_assert_geq(at, 0, "small-busy scripts an rcu_preempt long reader");

    fx_log log = {.keep = FX_BIT(RV_EV_READER_BEGIN) | FX_BIT(RV_EV_READER_BLOCK) | FX_BIT(RV_EV_READER_END) | FX_BIT(RV_EV_GP_START) |
                          FX_BIT(RV_EV_GP_END) | FX_BIT(RV_EV_SYNC_BEGIN)};
    rv_engine *e = fx_engine(&cfg, &log);
    rv_run_until(e, FX_S(at + 0.2));
    rv_engine_free(e);

    /* the scripted reader: the first rcu_preempt reader of that length beginning at `at` on CPU 1 */
    uint64_t id = 0;
    int64_t begin = -1, block = -1, end = -1;
    bool blocks_gp = false;
    for (size_t k = 0; k < log.n; k++) {
        const rv_event *ev = &log.v[k];
        if (ev->flavor != RV_PREEMPT) continue;
        if (!id && ev->type == RV_EV_READER_BEGIN && ev->t == FX_S(at) && ev->cpu == 1 && ev->n >= FX_S(len_ms / 1e3) - 1) {
            id = ev->id;
            begin = ev->t;
        } else if (id && ev->id == id && ev->type == RV_EV_READER_BLOCK && block < 0) {
            block = ev->t;
            blocks_gp = ev->arg != 0;
        } else if (id && ev->id == id && ev->type == RV_EV_READER_END) {
            end = ev->t;
        }
    }
    cr_assert_geq(begin, 0, "%s: no %g ms rcu_preempt reader began on CPU 1 at %g s", mode, len_ms, at);
    cr_assert(block >= 0 && end >= 0, "%s: the reader was %s", mode, block < 0 ? "never preempted" : "never ended");
    if (strstr(text, "is soon preempted")) cr_expect_lt(block - begin, FX_S(0.005), "%s: preempted %.3f ms in", mode, (block - begin) / 1e6);

    /* "CPU 0 calls synchronize_rcu() 10 ms later" */
    double later = fx_number_after(text, "calls synchronize_rcu() ", NULL);
    if (later >= 0) {
        /* CPU 0's first synchronize_rcu() from the reader's start on */
        long sync = -1;
        for (size_t k = 0; k < log.n && sync < 0; k++)
            if (log.v[k].type == RV_EV_SYNC_BEGIN && log.v[k].flavor == RV_PREEMPT && log.v[k].cpu == 0 && log.v[k].t >= begin) sync = (long)k;
        cr_assert_geq(sync, 0, "%s: CPU 0 never called synchronize_rcu() after %g s", mode, at);
        cr_expect_eq(log.v[sync].t, begin + FX_S(later / 1e3), "%s: says CPU 0 calls it %g ms later; it did at %.6f s", mode, later,
                     log.v[sync].t / 1e9);
    }

    /* the grace period the task holds up: the rcu_preempt one that ends right after the reader does */
    int64_t gp_start = -1, gp_len = -1;
    for (size_t k = 0; k < log.n; k++) {
        const rv_event *ev = &log.v[k];
        if (ev->type != RV_EV_GP_END || ev->flavor != RV_PREEMPT || ev->t < end) continue;
        gp_len = ev->n;
        gp_start = ev->t - ev->n;
        break;
    }
    cr_assert_geq(gp_len, 0, "%s: no rcu_preempt grace period ended after the reader", mode);
    if (strstr(text, "still owed the grace period in progress"))
        cr_expect(blocks_gp && gp_start <= block, "%s: says the task blocks the grace period in progress when preempted; blocks_gp %d, GP from %.6f s, "
                  "preempted at %.6f s", mode, blocks_gp, gp_start / 1e9, block / 1e9);
    if (strstr(text, "next grace period's init points gp_tasks"))
        cr_expect(!blocks_gp && gp_start > block, "%s: says the next grace period's init makes the task block it; blocks_gp %d, GP from %.6f s, "
                  "preempted at %.6f s", mode, blocks_gp, gp_start / 1e9, block / 1e9);
    cr_expect(!strstr(text, "grace period's start points gp_tasks") || !blocks_gp,
              "%s: the task blocked the grace period in progress when it was preempted, not the next one's start", mode);
    double about = fx_number_after(text, "look for one about ", NULL);
    if (about >= 0)
        cr_expect(gp_len >= FX_S((about - 2) / 1e3) && gp_len <= FX_S((about + 2) / 1e3), "%s: says the held-up grace period lasts about %g ms, it "
                  "lasted %.3f ms", mode, about, gp_len / 1e6);
    fx_log_free(&log);
}

Test(blocked_reader_captions, small_busy_says_which_grace_period_the_task_holds_up)
{
    rv_config cfg;
    fx_shipped_config("small-busy", &cfg);
    check_mode(&cfg, RV_MODE_SOFTIRQ);
    check_mode(&cfg, RV_MODE_KTHREAD);
    rv_config_free(&cfg);
}
