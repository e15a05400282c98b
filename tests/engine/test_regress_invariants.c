/* pending_invariants.c — regression: test_invariants.c's random machines without the workarounds for known engine bugs. */
/*
 * test_invariants.c steers its generator away from two engine bugs; here they are left in.
 * With the engine of b44a5ee, seeds 1..300 fail at 11 30 41 47 69 115 138 185 231 243 253 260
 * 273 282 (the seed list moves whenever the engine's random draws change):
 * 1. Stale GP-kthread marker (pending_kthread_migrate.c): every seed but 273. A CPU keeps
 *    running_kthread = flavor after the kthread went on elsewhere mid-walk. With an earlier
 *    engine, seed 374 (20 CPUs, kthread, HZ 250, leaf 7) showed the consequence: CPU 7 sat
 *    dyntick-idle with dynticks 43 (odd) and running_kthread 2 while the rcu_preempt kthread slept
 *    on CPU 1, and all three flavors' GPs waited on CPU 7 for 2.6 s with 392/937/547 callbacks stuck.
 * 2. RV_INJ_PREEMPT_READER context-switches a CPU that cannot be preempted
 *    (pending_preempt_inject.c): seed 273 (2 CPUs, softirq): a preempt_reader injection at 326 ms on
 *    CPU 0, inside an rcu_bh reader begun at 325.5 ms, records an rcu_bh QS; GP 212 ends and
 *    callback 457 (queued at 326 ms) runs at 327 ms under reader 705.
 * 3. A CPU pinned by a kernel loop or injected reader when its phase ends never goes idle again
 *    (pending_phase_end_busy.c); rarer with these small machines, see that file's evidence.
 */
#define INVARIANTS_NO_TESTS
#include "test_invariants.c"

static void unrestricted_seeds(uint64_t from, uint64_t to)
{
    unrestricted = true;
    for (uint64_t s = from; s <= to; s++) one_case(s);
}

Test(invariants, seeds_1_100) { unrestricted_seeds(1, 100); }
Test(invariants, seeds_101_200) { unrestricted_seeds(101, 200); }
Test(invariants, seeds_201_300) { unrestricted_seeds(201, 300); }
