/* test_tree_cues.c — what the tree lecture's cues say of the rcu_node tree is what the engine shows at each
 * cue: the grace period named, the root's qsmask, the CPUs that still owe, and what a CPU's next tick
 * does. The claims are read from the cues' own words, so a cue rewritten to say something the engine
 * does not do fails here, and so does a change of the engine (or of the scenario's workload) that moves
 * the moment. (Cue 2 said CPU 11, in user mode, counts "once its next tick sees it"; at that tick, 166 ms,
 * CPU 11 was back in the kernel, and its quiescent state came from a context switch at 167.4 ms.) */
#include "engine_fixtures.h"
#include "../support/caption_numbers.h"

#include <ctype.h>

/* The CPUs listed after `phrase` ("CPUs 1, 7, 11, 13 and 15") as a mask; 0 if the phrase is absent. */
static unsigned long cpus_after(const char *t, const char *phrase)
{
    const char *p = strstr(t, phrase);
    if (!p) return 0;
    p += strlen(phrase);
    unsigned long m = 0;
    for (;;) {
        if (!isdigit((unsigned char)*p)) break;
        char *end;
        long c = strtol(p, &end, 10);
        m |= 1ul << c;
        p = end;
        if (!strncmp(p, ", ", 2)) p += 2;
        else if (!strncmp(p, " and ", 5)) p += 5;
        else break;
    }
    return m;
}

Test(tree_cues, what_the_cues_say_of_the_tree_is_what_the_engine_shows)
{
    rv_config cfg;
    fx_shipped_config("tree", &cfg);
    cr_assert_eq(cfg.rcu.mode, RV_MODE_KTHREAD, "the tree lecture is narrated in 3.7");
    fx_log log = {.keep = FX_BIT(RV_EV_QS)};
    rv_engine *e = fx_engine(&cfg, &log);
    int seen = 0;
    for (size_t i = 0; i < cfg.ncues; i++) {
        const rv_cue *q = &cfg.cues[i];
        const char *t = q->caption;
        int64_t at = FX_S(q->at_s) + 1; /* where the window lands */
        rv_run_until(e, at);
        rv_flavor_view f = fx_flavor(e, RV_SCHED);
        rv_node_view root = fx_node(e, RV_SCHED, 0);

        /* "GP 40 has just started": that grace period is open */
        long gp = (long)fx_number_after(t, "GP ", NULL);
        if (strstr(t, "has just started") && gp > 0) {
            seen++;
            cr_expect(f.gpnum == (unsigned long)gp && f.completed + 1 == f.gpnum, "cue %zu: says GP %ld has just started; gpnum %lu, completed %lu",
                      i + 1, gp, f.gpnum, f.completed);
        }
        /* the root's qsmask, as the cue reads it */
        static const char *const root_says[] = {"has one bit per leaf (", "root still reads ", "root now reads ", "the root ("};
        for (size_t k = 0; k < sizeof root_says / sizeof *root_says; k++) {
            long m = (long)fx_number_after(t, root_says[k], NULL);
            if (m < 0) continue;
            seen++;
            cr_expect_eq(root.qsmask, (unsigned long)m, "cue %zu: says the root reads 0x%lx, it reads 0x%lx", i + 1, m, root.qsmask);
        }
        if (strstr(t, "The root is empty")) {
            seen++;
            cr_expect_eq(root.qsmask, 0ul, "cue %zu: says the root is empty, it reads 0x%lx", i + 1, root.qsmask);
        }
        /* "Each leaf still waits on a straggler or two: CPUs 1, 7, 11, 13 and 15": exactly those owe */
        unsigned long said = cpus_after(t, "a straggler or two: CPUs ");
        if (said) {
            seen++;
            unsigned long owe = 0;
            for (int n = 0; n < rv_tree_nodes(e); n++) {
                rv_node_view v = fx_node(e, RV_SCHED, n);
                if (v.nchildren) continue; /* a leaf's bits are its CPUs */
                for (int c = v.grplo; c <= v.grphi; c++)
                    if (v.qsmask >> (c - v.grplo) & 1) owe |= 1ul << c;
            }
            cr_expect_eq(owe, said, "cue %zu: names the CPUs that owe as mask 0x%lx, the leaves say 0x%lx", i + 1, said, owe);
        }
        /* "CPU 11 runs in user mode now, ... by its next tick it is back in the kernel": it is in user mode
         * at the cue, and its next tick (on the jiffy, HZ=1000 here) gives it no quiescent state */
        /* the cue until December 2026: "(CPU 11 runs in user mode, but that counts only once its next tick
         * sees it)": then that tick gives it its quiescent state */
        if (strstr(t, "once its next tick sees it")) {
            seen++;
            long c = (long)fx_number_after(t, "(CPU ", NULL);
            int64_t jiffy = FX_NS_PER_S / cfg.hz;
            int64_t tick = (at / jiffy + 1) * jiffy;
            size_t from = log.n;
            rv_run_until(e, tick + 1);
            bool qs = false;
            for (size_t k = from; k < log.n; k++) qs |= log.v[k].cpu == c && log.v[k].t == tick && log.v[k].flavor == RV_SCHED;
            cr_expect(qs, "cue %zu: says CPU %ld's next tick (%.3f ms) sees it in user mode; it gave no quiescent state", i + 1, c, tick / 1e6);
        }
        if (strstr(t, "by its next tick it is back in the kernel")) {
            seen++;
            long c = (long)fx_number_after(t, "(CPU ", NULL);
            cr_assert(c >= 0 && c < cfg.cpus, "cue %zu names the CPU", i + 1);
            cr_expect_eq(fx_cpu(e, (int)c).state, RV_CPU_USER, "cue %zu: says CPU %ld runs in user mode", i + 1, c);
            int64_t jiffy = FX_NS_PER_S / cfg.hz;
            int64_t tick = (at / jiffy + 1) * jiffy;
            size_t from = log.n;
            rv_run_until(e, tick + 1);
            cr_expect_eq(fx_cpu(e, (int)c).state, RV_CPU_KERNEL, "cue %zu: says CPU %ld is in the kernel by its tick at %.3f ms", i + 1, c,
                         tick / 1e6);
            for (size_t k = from; k < log.n; k++)
                cr_expect(!(log.v[k].cpu == c && log.v[k].t == tick && log.v[k].flavor == RV_SCHED),
                          "cue %zu: says CPU %ld's next tick does not count, it gave a quiescent state at %.3f ms", i + 1, c, tick / 1e6);
        }
    }
    /* each kind of claim above was read */
    cr_expect_geq(seen, 6, "claims checked: %d", seen);
    rv_engine_free(e);
    fx_log_free(&log);
    rv_config_free(&cfg);
}
