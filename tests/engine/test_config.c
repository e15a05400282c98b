/* test_config.c — configuration in code: kernel defaults, range checks with exact messages, CPU-set parsing, names of flavors and commands, deep copies. */
#include "engine_fixtures.h"

Test(config, defaults_are_the_kernels)
{
    rv_config c;
    rv_config_defaults(&c);
    cr_expect_eq(c.hz, 1000);
    cr_expect_eq(c.rcu.mode, RV_MODE_KTHREAD);
    cr_expect_eq(rv_cfg_fanout(&c), 64); /* Kconfig's default on a 64-bit kernel */
    cr_expect(c.rcu.config_64bit);
    cr_expect_eq(c.rcu.fanout_leaf, 16);
    cr_expect(c.rcu.no_hz);
    cr_expect_eq(c.rcu.stall_timeout_s, 60);
    cr_expect_eq(c.rcu.jiffies_till_first_fqs, 3);
    cr_expect_eq(c.rcu.jiffies_till_next_fqs, 3);
    cr_expect_eq(c.rcu.blimit, 10);
    cr_expect_eq(c.rcu.qhimark, 10000);
    cr_expect_eq(c.rcu.qlowmark, 100);
    for (int f = 0; f < RV_NFLAVORS; f++) cr_expect(c.rcu.flavors[f]);
    cr_expect_not(c.rcu.busted);
    cr_expect_eq(c.nphases + c.nevents + c.ncaptions + c.nexpects, 0u);
    char err[256] = "";
    cr_expect_eq(rv_config_validate(&c, err, sizeof err), 0, "%s", err);
    rv_costs k;
    rv_costs_defaults(&k);
    cr_expect_eq(memcmp(&k, &c.costs, sizeof k), 0, "config defaults carry the cost defaults");
    cr_expect_eq(k.node_lock_ns, 770);
}

/* Set one field to a bad value on a default config and expect exactly this message. */
#define BAD(field, value, message)                                                   \
    do {                                                                             \
        rv_config c_;                                                                \
        rv_config_defaults(&c_);                                                     \
        c_.field = value;                                                            \
        char e_[256] = "";                                                           \
        cr_expect_eq(rv_config_validate(&c_, e_, sizeof e_), -1, #field " accepted"); \
        cr_expect_str_eq(e_, message);                                               \
    } while (0)

Test(config, validate_messages)
{
    BAD(cpus, 0, "cpus: expected 1..4096, got 0");
    BAD(cpus, 4097, "cpus: expected 1..4096, got 4097");
    BAD(hz, 5, "hz: expected 10..10000, got 5");
    BAD(duration_s, 0, "duration_s: expected a number of seconds in (0, 604800], got 0");
    BAD(duration_s, -1, "duration_s: expected a number of seconds in (0, 604800], got -1");
    BAD(rcu.fanout, 1, "rcu.fanout: expected 2..64, got 1");
    BAD(rcu.fanout, 65, "rcu.fanout: expected 2..64, got 65");
    BAD(rcu.fanout_leaf, 100, "rcu.fanout_leaf: expected 2..64, got 100");
    BAD(rcu.stall_timeout_s, 0, "rcu.stall_timeout_s: expected 3..300, got 0");
    BAD(rcu.jiffies_till_first_fqs, -1, "rcu.jiffies_till_first_fqs: expected 0..1000, got -1");
    BAD(rcu.jiffies_till_next_fqs, 0, "rcu.jiffies_till_next_fqs: expected 1..1000, got 0");
    BAD(rcu.blimit, 0, "rcu.blimit: expected 1..1000000, got 0");
    BAD(rcu.qhimark, 0, "rcu.qhimark: expected 1..100000000, got 0");
    BAD(rcu.qlowmark, -5, "rcu.qlowmark: expected 0..100000000, got -5");
    BAD(rcu.nr_cpus_compiled, 2, "rcu.nr_cpus_compiled: expected 4..4096, got 2");
    BAD(costs.cache_miss_ns, -1, "costs: expected 0..1000000000 ns, got -1");
}

Test(config, validate_cross_field_rules)
{
    rv_config c;
    char err[256];
    rv_config_defaults(&c);
    c.cpus = 4096;
    c.rcu.fanout = 2;
    c.rcu.fanout_leaf = 2;
    cr_expect_eq(rv_config_validate(&c, err, sizeof err), -1);
    cr_expect_str_eq(err, "rcu.fanout: 4096 CPUs need more than 4 rcu_node levels at fanout 2/2 (MAX_RCU_LVLS is 4: fanout_leaf x fanout^3 = 16 CPUs at most); rcu.fanout 13 fits");
    c.cpus = 16; /* 2*2*2*2 = 16 fits exactly */
    cr_expect_eq(rv_config_validate(&c, err, sizeof err), 0, "%s", err);
    rv_config_defaults(&c);
    for (int f = 0; f < RV_NFLAVORS; f++) c.rcu.flavors[f] = false;
    cr_expect_eq(rv_config_validate(&c, err, sizeof err), -1);
    cr_expect_str_eq(err, "rcu.flavors: expected at least one flavor, got none");
    rv_config_defaults(&c);
    rv_inject ev = {.kind = RV_INJ_OFFLINE, .cpu = 4};
    c.events = &ev;
    c.nevents = 1;
    cr_expect_eq(rv_config_validate(&c, err, sizeof err), -1);
    cr_expect_str_eq(err, "events[0].cpu: expected -1..3, got 4");
    /* the engine refuses the same configs with the same message */
    cr_expect_null(rv_engine_new(&c, NULL, err, sizeof err));
    cr_expect_str_eq(err, "events[0].cpu: expected -1..3, got 4");
    /* 3.6 sizing: NR_CPUS may not be below the CPU count */
    rv_config_defaults(&c);
    c.rcu.size_tree_by_nr_cpus = false;
    c.rcu.nr_cpus_compiled = 4096;
    c.cpus = 8;
    cr_expect_eq(rv_config_validate(&c, err, sizeof err), 0, "%s", err);
}

Test(config, cpuset_parse_good)
{
    rv_cpuset s;
    char err[128];
    cr_assert_eq(rv_cpuset_parse(&s, "all", 8, err, sizeof err), 0);
    for (int c = 0; c < 8; c++) cr_expect(rv_cpuset_has(&s, c));
    cr_expect_not(rv_cpuset_has(&s, 8));
    cr_assert_eq(rv_cpuset_parse(&s, "3", 8, err, sizeof err), 0);
    cr_expect(rv_cpuset_has(&s, 3));
    cr_expect_not(rv_cpuset_has(&s, 2));
    cr_expect_not(rv_cpuset_has(&s, 4));
    cr_assert_eq(rv_cpuset_parse(&s, "0-3,8,10-11", 16, err, sizeof err), 0, "%s", err);
    int want[] = {0, 1, 2, 3, 8, 10, 11}, k = 0;
    for (int c = 0; c < 16; c++) {
        bool in = k < 7 && want[k] == c;
        cr_expect_eq(rv_cpuset_has(&s, c), in, "cpu %d", c);
        k += in;
    }
    cr_assert_eq(rv_cpuset_parse(&s, "4095", 4096, err, sizeof err), 0);
    cr_expect(rv_cpuset_has(&s, 4095));
    cr_assert_eq(rv_cpuset_parse(&s, "0-4095", 4096, err, sizeof err), 0);
    cr_expect(rv_cpuset_has(&s, 2048));
    cr_expect_not(rv_cpuset_has(&s, -1));
    cr_expect_not(rv_cpuset_has(&s, 4096));
    rv_cpuset t;
    memset(&t, 0, sizeof t);
    rv_cpuset_add(&t, 64);
    rv_cpuset_add(&t, 4096); /* ignored */
    cr_expect(rv_cpuset_has(&t, 64));
    cr_expect_not(rv_cpuset_has(&t, 63));
}

static void bad_set(const char *spec, int ncpus, const char *message)
{
    rv_cpuset s;
    char err[128] = "";
    cr_expect_eq(rv_cpuset_parse(&s, spec, ncpus, err, sizeof err), -1, "\"%s\" accepted", spec);
    cr_expect_str_eq(err, message, "for \"%s\"", spec);
}

Test(config, cpuset_parse_bad)
{
    bad_set("", 4, "expected a CPU list like \"0-3,8\" or \"all\", got \"\"");
    bad_set("x", 4, "expected a CPU list like \"0-3,8\" or \"all\", got \"x\"");
    bad_set("3-1", 4, "expected a CPU list like \"0-3,8\" or \"all\", got \"3-1\"");
    bad_set("1,,2", 4, "expected a CPU list like \"0-3,8\" or \"all\", got \"1,,2\"");
    bad_set("1-", 4, "expected a CPU list like \"0-3,8\" or \"all\", got \"1-\"");
    bad_set("-1", 4, "expected a CPU list like \"0-3,8\" or \"all\", got \"-1\"");
    bad_set("1 2", 4, "expected a CPU list like \"0-3,8\" or \"all\", got \"1 2\"");
    bad_set("ALL", 4, "expected a CPU list like \"0-3,8\" or \"all\", got \"ALL\"");
    bad_set("4", 4, "expected CPUs below 4, got \"4\"");
    bad_set("0-7", 4, "expected CPUs below 4, got \"0-7\"");
}

Test(config, flavor_and_mode_names)
{
    cr_expect_eq(rv_flavor_from_name("rcu_sched"), RV_SCHED);
    cr_expect_eq(rv_flavor_from_name("sched"), RV_SCHED);
    cr_expect_eq(rv_flavor_from_name("rcu_bh"), RV_BH);
    cr_expect_eq(rv_flavor_from_name("bh"), RV_BH);
    cr_expect_eq(rv_flavor_from_name("rcu_preempt"), RV_PREEMPT);
    cr_expect_eq(rv_flavor_from_name("preempt"), RV_PREEMPT);
    cr_expect_eq(rv_flavor_from_name("rcu"), -1);
    cr_expect_eq(rv_flavor_from_name("RCU_SCHED"), -1);
    cr_expect_eq(rv_flavor_from_name(""), -1);
    cr_expect_eq(rv_flavor_from_name(NULL), -1);
    for (int f = 0; f < RV_NFLAVORS; f++) cr_expect_eq(rv_flavor_from_name(rv_flavor_name(f)), f);
    cr_expect_str_eq(rv_flavor_name(RV_NFLAVORS), "?");
    cr_expect_str_eq(rv_flavor_name(-1), "?");
    cr_expect_str_eq(rv_mode_name(RV_MODE_SOFTIRQ), "softirq");
    cr_expect_str_eq(rv_mode_name(RV_MODE_KTHREAD), "kthread");
    for (int k = 0; k < RV_INJ_NKINDS; k++)
        cr_expect_eq(rv_inject_kind_from_name(rv_inject_kind_name((enum rv_inject_kind)k)), k);
    cr_expect_str_eq(rv_inject_kind_name(RV_INJ_KERNEL_LOOP), "kernel_loop");
    cr_expect_eq(rv_inject_kind_from_name("kernel loop"), -1);
    cr_expect_eq(rv_inject_kind_from_name(NULL), -1);
    cr_expect_str_eq(rv_inject_kind_name(RV_INJ_NKINDS), "?");
    cr_expect_str_eq(rv_cpu_state_name(RV_CPU_IDLE_NOHZ), "dyntick-idle");
    cr_expect_str_eq(rv_cpu_state_name((enum rv_cpu_state)99), "?");
    cr_expect_str_eq(rv_gp_phase_name(RV_GP_IDLE), "idle");
    cr_expect_str_eq(rv_gp_phase_name((enum rv_gp_phase)9), "?");
}

Test(config, copy_is_deep)
{
    rv_config a;
    fx_config(&a, 8, RV_MODE_SOFTIRQ);
    fx_add_phase(&a, "0-3", 0.5);
    a.events = calloc(1, sizeof *a.events);
    a.events[0] = (rv_inject){.kind = RV_INJ_IDLE, .cpu = -1, .at_s = 1};
    a.nevents = 1;
    rv_config b;
    cr_assert_eq(rv_config_copy(&b, &a), 0);
    cr_expect_neq(a.phases, b.phases);
    cr_expect_neq(a.events, b.events);
    cr_expect_eq(memcmp(a.phases, b.phases, sizeof *a.phases), 0);
    a.phases[0].busy_frac = 0.9;
    cr_expect_float_eq(b.phases[0].busy_frac, 0.5, 1e-12, "the copy does not share phases");
    rv_config_free(&a);
    cr_expect_null(a.phases);
    cr_expect_eq(a.nphases, 0u);
    cr_expect_eq(b.events[0].kind, RV_INJ_IDLE, "still readable after the original is freed");
    /* the engine keeps its own copy too */
    rv_engine *e = fx_engine(&b, NULL);
    rv_config_free(&b);
    const rv_config *in = rv_engine_config(e);
    cr_expect_eq(in->nphases, 1u);
    cr_expect_float_eq(in->phases[0].busy_frac, 0.5, 1e-12);
    cr_expect_eq(in->cpus, 8);
    cr_expect_eq(rv_end_ns(e), FX_S(600));
    rv_engine_free(e);
    rv_config_free(NULL);
}

/* Scripted events from the config happen at their time, and a refused one is logged, not fatal. */
Test(config, scripted_events_apply_at_their_time)
{
    rv_config c;
    fx_config(&c, 4, RV_MODE_KTHREAD);
    fx_add_phase(&c, "all", 1.0);
    c.events = calloc(3, sizeof *c.events);
    c.nevents = 3;
    c.events[0] = (rv_inject){.kind = RV_INJ_CALL_RCU_BURST, .cpu = 1, .flavor = RV_BH, .count = 9, .at_s = 0.010};
    c.events[1] = (rv_inject){.kind = RV_INJ_OFFLINE, .cpu = 2, .at_s = 0.020};
    c.events[2] = (rv_inject){.kind = RV_INJ_OFFLINE, .cpu = 2, .at_s = 0.030};
    fx_log log = {.keep = FX_BIT(RV_EV_INJECT) | FX_BIT(RV_EV_CB_QUEUE) | FX_BIT(RV_EV_CPU_OFFLINE)};
    rv_engine *e = fx_engine(&c, &log);
    rv_config_free(&c);
    fx_run_s(e, 0.1);
    long q = fx_find(&log, 0, RV_EV_CB_QUEUE, RV_BH);
    cr_assert(q >= 0);
    cr_expect_eq(log.v[q].t, FX_S(0.010));
    cr_expect_eq(log.v[q].n, 9);
    long off = fx_find(&log, 0, RV_EV_CPU_OFFLINE, -1);
    cr_assert(off >= 0);
    cr_expect_eq(log.v[off].t, FX_S(0.020));
    cr_expect_eq(fx_count(&log, RV_EV_CPU_OFFLINE, -1), 1u);
    cr_expect_geq(fx_klog_find(e, "rcuvis: scripted offline at 0.030 s not applied: CPU 2 is already offline"), 0,
                  "the refused event is logged");
    rv_engine_free(e);
    fx_log_free(&log);
}

/* Captions become caption events at their times, carrying their index. */
Test(config, captions_fire_in_order)
{
    rv_config c;
    fx_config(&c, 2, RV_MODE_SOFTIRQ);
    c.captions = calloc(2, sizeof *c.captions);
    c.ncaptions = 2;
    c.captions[0] = (rv_caption){.at_s = 0.010, .until_s = 0.020, .text = "first"};
    c.captions[1] = (rv_caption){.at_s = 0.030, .text = "second"};
    fx_log log = {.keep = FX_BIT(RV_EV_CAPTION)};
    rv_engine *e = fx_engine(&c, &log);
    rv_config_free(&c);
    fx_run_s(e, 0.1);
    cr_assert_eq(log.n, 2u);
    cr_expect_eq(log.v[0].t, FX_S(0.010));
    cr_expect_eq(log.v[0].id, 0u);
    cr_expect_eq(log.v[1].t, FX_S(0.030));
    cr_expect_eq(log.v[1].id, 1u);
    cr_expect_str_eq(rv_engine_config(e)->captions[1].text, "second");
    rv_engine_free(e);
    fx_log_free(&log);
}

/* A task's name stands for as many tasks as its phases cover CPUs at one time: "make" on CPUs 0-7 for
 * the first second and on 8-15 after it is 8 tasks at a time, not 16 (the union read "×16, 50 % each"
 * where top shows 8 at 100 %); two phases at once on 0-7 and 8-15 are 16; another name does not count. */
Test(config, a_tasks_count_is_the_most_cpus_its_phases_cover_at_once)
{
    rv_config cfg;
    fx_config(&cfg, 16, RV_MODE_KTHREAD);
    rv_phase *a = fx_add_phase(&cfg, "0-7", 1.0);
    snprintf(a->task, sizeof a->task, "make");
    a->start_s = 0, a->end_s = 1;
    rv_phase *b = fx_add_phase(&cfg, "8-15", 1.0);
    snprintf(b->task, sizeof b->task, "make");
    b->start_s = 1, b->end_s = 0; /* to the run's end */
    rv_phase *o = fx_add_phase(&cfg, "0-15", 0.1);
    snprintf(o->task, sizeof o->task, "sshd");
    cr_expect_eq(rv_cfg_task_cpus(&cfg, "make", 16), 8);
    cr_expect_eq(rv_cfg_task_cpus(&cfg, "sshd", 16), 16);
    cr_expect_eq(rv_cfg_task_cpus(&cfg, "nobody", 16), 0);
    cfg.phases[1].start_s = 0; /* now both run from the start (b may have moved: fx_add_phase reallocs) */
    cr_expect_eq(rv_cfg_task_cpus(&cfg, "make", 16), 16);
    cr_expect_eq(rv_cfg_task_cpus(&cfg, "make", 12), 12, "CPUs past the machine's do not count");
    rv_config_free(&cfg);
}
