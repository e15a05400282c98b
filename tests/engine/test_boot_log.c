/* test_boot_log.c — the kernel log's first lines: rcu_bootup_announce() and its oddness notes. */
#include <criterion/criterion.h>
#include <string.h>

#include "rcuvis.h"
#include "engine_fixtures.h"

static rv_engine *booted(int cpus, int nr_cpus, bool preempt, bool fast_no_hz, int fanout, int fanout_leaf)
{
    rv_config cfg;
    rv_config_defaults(&cfg);
    cfg.cpus = cpus;
    cfg.rcu.nr_cpus_compiled = nr_cpus;
    cfg.rcu.flavors[RV_PREEMPT] = preempt;
    cfg.rcu.fast_no_hz = fast_no_hz;
    cfg.rcu.no_hz = true;
    cfg.rcu.fanout = fanout;
    cfg.rcu.fanout_leaf = fanout_leaf;
    char err[256];
    rv_engine *e = rv_engine_new(&cfg, NULL, err, sizeof err);
    cr_assert_not_null(e, "%s", err);
    rv_config_free(&cfg);
    return e;
}

static void expect_log(const rv_engine *e, const char *const *want, size_t n)
{
    cr_assert_eq(rv_klog_count(e), n, "%zu lines at boot, expected %zu (first: %s)", rv_klog_count(e), n,
                 rv_klog_count(e) ? rv_klog_line(e, 0) : "none");
    for (size_t i = 0; i < n; i++) {
        cr_expect_str_eq(rv_klog_line(e, i), want[i]);
        cr_expect_eq(rv_klog_time(e, i), 0);
    }
}

Test(boot_log, a_default_kernel_names_its_rcu_and_nothing_else)
{
    rv_engine *e = booted(4, 0, false, false, 64, 16);
    const char *want[] = {"Hierarchical RCU implementation."};
    expect_log(e, want, 1);
    rv_engine_free(e);
    e = booted(4, 4, true, false, 64, 16);
    const char *want_preempt[] = {"Preemptible hierarchical RCU implementation."};
    expect_log(e, want_preempt, 1);
    rv_engine_free(e);
}

/* hackbench's machine: NR_CPUS=64 booted on 16 CPUs with RCU_FAST_NO_HZ; the tab is the kernel's */
Test(boot_log, the_oddness_notes_follow_in_the_kernels_order)
{
    rv_engine *e = booted(16, 64, false, true, 64, 16);
    const char *want[] = {"Hierarchical RCU implementation.",
                          "\tRCU dyntick-idle grace-period acceleration is enabled.",
                          "\tRCU restricting CPUs from NR_CPUS=64 to nr_cpu_ids=16."};
    expect_log(e, want, 3);
    rv_engine_free(e);
    /* 128 CPUs with fanout 4 and leaf 2 take four levels (more than 2 * 4 * 4 = 32). A leaf size is
     * CONFIG_RCU_FANOUT_LEAF, not the boot parameter, so no "Experimental ... leaf fanout" line */
    e = booted(128, 0, false, false, 4, 2);
    const char *want4[] = {"Hierarchical RCU implementation.",
                           "\tCONFIG_RCU_FANOUT set to non-default value of 4",
                           "\tFour-level hierarchy is enabled."};
    expect_log(e, want4, 3);
    rv_engine_free(e);
}

/* "Four-level" is NUM_RCU_LVL_4, fixed by NR_CPUS at compile time: 3.7 sizing its tree for 4 CPUs
 * (two levels here) still prints it, as 3.6 sizing it for NR_CPUS=128 does */
Test(boot_log, four_levels_follow_nr_cpus_not_the_tree_built)
{
    for (int mode = 0; mode < 2; mode++) {
        rv_config cfg;
        rv_config_defaults(&cfg);
        cfg.cpus = 4;
        cfg.rcu.mode = mode ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ;
        cfg.rcu.nr_cpus_compiled = 128;
        cfg.rcu.flavors[RV_PREEMPT] = false;
        cfg.rcu.fanout = 4;
        cfg.rcu.fanout_leaf = 2;
        char err[256];
        rv_engine *e = rv_engine_new(&cfg, NULL, err, sizeof err);
        cr_assert_not_null(e, "%s", err);
        rv_config_free(&cfg);
        const char *want[] = {"Hierarchical RCU implementation.",
                              "\tCONFIG_RCU_FANOUT set to non-default value of 4",
                              "\tFour-level hierarchy is enabled.",
                              "\tRCU restricting CPUs from NR_CPUS=128 to nr_cpu_ids=4."};
        expect_log(e, want, 4);
        rv_engine_free(e);
    }
}

/* A 32-bit kernel (an ARM board's: omap-stall's OMAP4) has Kconfig's 32-bit RCU_FANOUT, 32, and calls a
 * fanout "non-default" against 32, not 64 (v3.6 rcutree_plugin.h:47); it refuses one above 32 */
Test(boot_log, a_32_bit_kernel_has_fanout_32_by_default)
{
    for (int f = 0; f < 4; f++) {
        static const int fanout[] = {0, 32, 16, 64};
        rv_config cfg;
        rv_config_defaults(&cfg);
        cfg.cpus = 2;
        cfg.rcu.config_64bit = f != 3 ? false : true;
        cfg.rcu.fanout = fanout[f];
        char err[256];
        rv_engine *e = rv_engine_new(&cfg, NULL, err, sizeof err);
        cr_assert_not_null(e, "%s", err);
        rv_report r;
        rv_report_build(e, &r);
        cr_expect_eq(r.fanout, f == 0 ? 32 : fanout[f], "fanout %d read as %d", fanout[f], r.fanout);
        rv_report_free(&r);
        bool odd = fanout[f] == 16; /* 64 on the 64-bit kernel (f == 3) is its default */
        cr_expect_eq(rv_klog_count(e), odd ? 2u : 1u, "32-bit=%d fanout %d: %zu boot lines", !cfg.rcu.config_64bit,
                     fanout[f], rv_klog_count(e));
        if (odd) cr_expect_str_eq(rv_klog_line(e, 1), "\tCONFIG_RCU_FANOUT set to non-default value of 16");
        rv_engine_free(e);
        rv_config_free(&cfg);
    }
    rv_config cfg;
    rv_config_defaults(&cfg);
    cfg.rcu.config_64bit = false;
    cfg.rcu.fanout = 64;
    char err[256];
    cr_expect_null(rv_engine_new(&cfg, NULL, err, sizeof err));
    cr_expect(strstr(err, "rcu.fanout: a 32-bit kernel") != NULL, "%s", err);
    rv_config_free(&cfg);
}
