/* glossary.c — the glossary: every word on screen that a newcomer to Tree RCU would have to look up. */
#include "workbook/glossary.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>

/* Own words; facts follow the 3.6/3.7 kernel sources (kernel/rcutree.c) and the article. */
static const glossary_entry entries[] = {
    {"grace period", "A span after which every reader that was running when it began has finished; then freed memory may be reused."},
    {"GP", "Grace period: waits until every CPU has passed a quiescent state since it began."},
    {"QS", "Quiescent state: a point where a CPU runs no reader of a given flavor. User mode and the idle loop are one for all three flavors. A context switch is one for rcu_sched, whose readers are regions with preemption disabled, and for rcu_preempt, but not for rcu_bh, which the kernel credits at a tick outside softirq and bh-disabled code and after each softirq handler (see quiescent state)."},
    {"reported", "This CPU's QS reached the rcu_node tree: its bit in qsmask is cleared (rcu_report_qs_rnp)."},
    {"qsmask", "Bits of an rcu_node still owed a QS in this grace period; the GP ends when the root's qsmask is 0 and no preempted rcu_preempt reader still blocks it (gp_tasks, shown as G in rcuhier)."},
    {"qsmaskinit", "Bits that start set in qsmask at each GP start: the online CPUs (or child nodes) under the node. A CPU going offline mid-GP leaves it at once, yet its qsmask bit stays set (orange, hatched) until an FQS pass credits it (ofl, or dti)."},
    {"g155 c154", "gpnum / completed of a node: gN cM with N = M + 1 means grace period N is in progress there."},
    {"gpnum", "Number of the latest grace period started."},
    {"completed", "Number of the latest grace period finished; equal to gpnum when none is running. The rcu_state (the flavor), each rcu_node and each CPU's rcu_data keep their own copy (rsp->completed, rnp->completed, rdp->completed), and a lower one catches up only when its owner next looks: a CPU's rdp->completed can lag its leaf's by a grace period (see rdp)."},
    {"Walmsley", "Paul Walmsley, who in September 2012 reported the stall warnings on idle OMAP boards (the mail thread omap-stall replays) and tested Paul McKenney's -rcu branch with the grace-period kthreads, which had no such warning."},
    {"rnp0", "rcu_node number 0, the root of the tree; rnpN numbers nodes breadth-first, level by level, so with one level of leaves under the root rnp1 onwards are the leaves, each covering the next fanout_leaf CPUs: in the tree scenario (16 CPUs, fanout_leaf 4) rnp1 to rnp4 cover CPUs 0-3 to 12-15; in 3.6's tree for NR_CPUS=64 (hackbench compared) rnp1 to rnp4 cover CPUs 0-15 to 48-63, and on 16 CPUs only rnp1 has any."},
    {"init walk", "The start of a grace period: the GP kthread (3.7), or in 3.6 the CPU that starts it (mostly from its softirq, often where the grace period before it ended, rcu_report_qs_rsp(); also call_rcu() on a qhimark overflow), goes through every rcu_node, root first and breadth-first, setting its gpnum and its qsmask from qsmaskinit (rcu_gp_init() / rcu_start_gp()). The tree header names this phase (init) while it runs."},
    {"cleanup walk", "The end of a grace period: once the root's qsmask is empty, every rcu_node's completed is set to the GP's number (rcu_gp_cleanup() in 3.7, rcu_report_qs_rsp() in 3.6), and each CPU notices at its next softirq. 3.6 skips the walk when the CPU ending the GP holds callbacks beyond WAIT: the next GP's init walk sets completed instead. The tree header names this phase (cleanup) while it runs."},
    {"grpmask", "A node's or CPU's own bit in its parent's qsmask: when the last CPU a leaf still waits for reports (and no preempted reader holds the leaf), the leaf clears its grpmask in its parent, and so on up to the root (rcu_report_qs_rnp())."},
    {"CONFIG_RCU_FANOUT_LEAF", "How many CPUs one leaf rcu_node covers at most (16 by default; a kernel may be built with fewer). The boot parameter rcutree.rcu_fanout_leaf can raise it, never lower it, up to the bits of a word. Scenarios set the built value as rcu.fanout_leaf. The levels above take at most CONFIG_RCU_FANOUT children each (64 on 64-bit), spread evenly."},
    {"CONFIG_RCU_FANOUT_EXACT", "A 3.6/3.7 option, off by default, meant to build the rcu_node tree with the configured fanouts as they are instead of spreading each level's children evenly (rcu_init_levelspread()); in 3.6 and 3.7 its code puts the leaf fanout on the root's level instead. The model builds the default, balanced tree."},
    {"level", "Depth of an rcu_node in the tree: level 0 is the root, the last level holds the leaves."},
    {"leaf", "An rcu_node at the bottom of the tree; each of its qsmask bits is one CPU."},
    {"rcu_node", "A node of the combining tree: CPUs report to their leaf, leaves to their parent, up to the root."},
    {"dynticks", "Per-CPU counter bumped on every idle entry and exit (rcu_idle_enter/exit), and around each interrupt taken from idle: even = idle to RCU, odd = running."},
    {"dynticks even/odd", "Even dynticks counter: the CPU is in the idle loop, dyntick-idle in RCU's sense, whether its tick runs (I) or is stopped (Z); odd: it is running. RCU counts an even counter as an extended QS. (3.7 built with CONFIG_RCU_USER_QS makes it even in user mode too; the model does not build that.)"},
    {"dyntick-idle", "RCU's word for a CPU whose dynticks counter is even: rcu_idle_enter() made it so on entering the idle loop. Despite the name, the counter does not follow the tick: it records RCU's own view, that this CPU runs no reader and need not be asked for a QS. NO_HZ decides separately whether to stop the tick, and may keep it running (as rcu_needs_cpu() does for a CPU holding callbacks), so an idle CPU is dyntick-idle with its tick stopped (Z) or still running (I). Either way an FQS pass that reads its counter may credit it. Tickless, it reports nothing itself; while its tick runs (I), each tick from the idle loop also notes a QS that the tick's softirq reports, once the CPU has noticed the GP."},
    {"tick stopped", "NO_HZ stopped this idle CPU's scheduling-clock tick (Z). RCU counts it idle either way (even dynticks); rcu_needs_cpu() can keep the tick on (I) while callbacks wait."},
    {"FQS", "Force quiescent states: a pass over the CPUs still owing a QS that credits idle or offline ones."},
    {"FQS pass", "One round of forcing: a walk over the leaves whose CPUs still owe the current GP a QS (force_qs_rnp()), reading each such CPU's dynticks counter and crediting, on its behalf, those it finds idle or offline (snap, dti, ofl). 3.7's GP kthread makes one when its wait runs out (jiffies_till_first_fqs, then jiffies_till_next_fqs) or RCU_GP_FLAG_FQS wakes it early; 3.6 makes one in force_quiescent_state(), from a softirq or call_rcu() once the GP is more than 3 jiffies old, or when a caller forces (a FAST_NO_HZ drain step). Not the same as a softirq pass: one rcu_process_callbacks() (see __do_softirq())."},
    {"snapshot pass", "First FQS pass of a GP: records each owing CPU's dynticks counter to compare with later, and credits those already idle (even); the window marks those credits snap, and those of later passes dti."},
    {"dti", "Credited by a later FQS pass (rcu_implicit_dynticks_qs(), traced, counted in df=) as dyntick-idle: its dynticks counter is even or moved by 2 or more since the snapshot. Checked first, so an offline CPU whose counter shows idle is credited dti."},
    {"snap", "Credited by a GP's first FQS pass (dyntick_save_progress_counter()) because its dynticks counter was even at that pass; the mark stays for the rest of the GP, whatever the CPU does since (running again, its counter odd). The kernel gives this credit no rcu_fqs trace event (only the qsmask report it makes shows it) and does not count it in df=; later passes credit idle CPUs as dti."},
    {"ofl", "Credited by FQS as offline: its dynticks counter showed no idle pass, but the CPU is offline and the GP is more than 2 jiffies old."},
    {"idle probes", "How many times FQS read an owing CPU's dynticks counter in this run."},
    {"RCU_SOFTIRQ", "The softirq that runs RCU's per-CPU work: notice GPs, report QSs, invoke callbacks (3.6 also drives GPs, mostly from here)."},
    {"irq exit", "Return from an interrupt; raised softirqs run here, charged to whatever task was interrupted."},
    {"hidden in tasks", "Softirq work done at irq exit counts as the interrupted task's time, not as a kernel thread."},
    {"ksoftirqd/N", "Per-CPU kernel thread that runs softirqs when there are too many to run at irq exit, or when one is raised outside an interrupt (the idle task's FAST_NO_HZ drain, for one). Once it has the CPU it calls __do_softirq() again and again until nothing is raised (run_ksoftirqd()), noting a context switch for RCU after each call and offering the CPU with cond_resched() (the model does not yield there)."},
    {"status line", "The words in the window's top bar, after the time and the scenario's name, that say what the last step did (the event that brought the state here, such as \"RCU_SOFTIRQ ran 10 passes on CPU 1 at irq exit\") or what a key just did. Shift+Right steps one event of any CPU; E keeps those steps to the selected CPU and the flavor shown."},
    {"__do_softirq()", "The kernel's softirq runner: each raised softirq's handler once, then again while handlers raise more, up to 10 rounds (MAX_SOFTIRQ_RESTART in 3.6 and 3.7); what is still raised then is left to ksoftirqd/N. For RCU_SOFTIRQ one round is one rcu_process_callbacks(), with one rcu_do_batch() of at most blimit callbacks (run from the idle task with nothing else to run, it goes on past blimit): a pass."},
    {"swapper", "The idle task of a CPU (PID 0); RCU work done from idle is charged to it."},
    {"self-detected", "The CPU that owes the QS noticed the stall itself in its own tick (print_cpu_stall)."},
    {"{ 0}", "What a stall warning names, in braces: a self-detected warning (print_cpu_stall) names the CPU itself; detected stalls on CPUs/tasks (print_other_cpu_stall) lists the CPUs still owing a QS and, as P and a pid, tasks preempted in an rcu_preempt reader that hold the grace period (rcu_print_task_stall()), leaf by leaf, each leaf's tasks before its CPUs: \"{ P1234 2}\" is task 1234 and CPU 2. 3.6/3.7 skip the task gp_tasks points to (the walk starts past it), so a lone blocked reader prints \"{}\" and then \"Stall ended before state dump start\"."},
    {"jiffy", "One scheduling-clock tick: 1/HZ s. RCU's timeouts (FQS, stall checks) count jiffies."},
    {"HZ", "Scheduling-clock ticks per second; HZ=100 means one jiffy is 10 ms."},
    {"D/W/R/N", "Callback list segments, oldest first: D done (their GP is over: ready to invoke), W waiting for the GP in progress as this CPU sees it (if it knows of none, the next to start), R next-ready (they may ride the next GP to start), N next (queued since this CPU last reported a QS or saw a GP end: no GP assigned to them yet). Callbacks move toward D as the CPU reports QSs and notices GPs end. Each bar's length is on a log scale against the longest segment on screen."},
    {"D", "Done callbacks: their grace period ended; they are invoked next."},
    {"W", "Waiting callbacks: they wait for the current grace period as this CPU sees it. When the CPU notices a GP end it moves W to D, R to W and N to R (__rcu_process_gp_end()) without noting a new GP, so W then waits for the next one, started or not. They move to D when the CPU sees that GP end."},
    {"R", "Next-ready callbacks: they need the next grace period."},
    {"N", "Next callbacks: just queued, no grace period assigned yet."},
    {"R!", "A reader that began before this grace period: the GP must wait for it to end."},
    {"r", "A reader that began after the grace period started: in principle the GP need not wait for it. But RCU waits for CPUs, not readers: while an rcu_sched or rcu_bh reader runs, its CPU has no QS to report, and an rcu_preempt reader preempted before its CPU reported is queued to hold this GP as well (rcu_preempt_note_context_switch())."},
    {"passed", "The CPU passed a QS in this GP but has not reported it to its leaf yet (◐)."},
    {"just cleared", "A qsmask bit cleared a moment ago and still clear (outlined in the tree; a yellow border on its CPU's tile): a report or an FQS credit landed."},
    {"p50/p99", "Median and 99th percentile: half of the GPs were shorter than p50, 99 % shorter than p99. Read off a histogram with 8 steps per doubling, so each is good to within about 6 % (two runs a few % apart can show the same value)."},
    {"sleep/wake", "3.7: the part of a GP's cost that is the GP kthread's own scheduling: the waker's wake_up(), two context switches per sleep/wake cycle (half of each charged to the task or idle loop it displaced), arming its FQS timeout (kthread_sched_us in the report, the run's total: divide by grace_periods for a GP's; the cycles themselves are kthread_wakeups, and the CPU time panel gives them per GP). 3.6 has no kthread and pays none of it; the rest of the cost is grace-period work 3.6 does as well, in ksoftirqd, irq-exit softirqs or the idle task: in top, but under no RCU name."},
    {"cost per GP", "The CPU time panel's flavor line: all of a flavor's grace-period work, wherever it was charged (the GP kthread, or 3.6's softirqs and idle drains; FQS passes; the wakers' wake_up() of the kthread; the CPUs' notes and QS reports in their softirqs), divided by its completed GPs (overhead_per_gp_us in the report, us/GP in rcuvis run). It is not the article's measure: the article divides the CPU time top shows for the rcu_sched thread by the GPs, which is the GP kthread row's \"own µs/GP\" (see that entry). Cost per GP is the larger of the two, and the only one 3.6 has, as 3.6 has no thread whose time top could show."},
    {"thinned", "The timeline keeps at most 131,072 GP bars and as many FQS marks (UI_HIST_CAP): past that, older stretches are thinned, two neighbouring bars merged into one (labelled \"GPs 1\u2013880\") and every other FQS mark dropped, again as the run goes on, so a thinned stretch shows where grace periods ran but not each one, and fewer FQS passes than there were. Its subtitle says where (\"thinned before 6912 s\"). The stretch around now is exact: zoom in there, or seek, and the window rebuilds it."},
    {"GP bar blues", "Alternate grace periods are dark and light (odd and even numbers), so back-to-back GPs can be told apart."},
    {"GP triangles", "A triangle under a GP bar is an FQS pass during that GP: grey the GP's first (snapshot) pass, which may credit snap; orange a later pass, which may credit dti or ofl."},
    {"blkd", "Tasks preempted inside an rcu_preempt reader, queued on the leaf's blkd_tasks list. The current GP waits only for those from gp_tasks on (G in rcuhier); a task preempted after its CPU had reported is queued ahead of them and holds up the next GP instead."},
    {"oldest open", "How long the oldest grace period still running has been open."},
    {"U", "CPU running user code: a quiescent state for every flavor once a tick finds it there (ticks before the CPU noticed the GP do not count)."},
    {"K", "CPU running kernel code: not a quiescent state for rcu_sched; for rcu_bh a tick here counts unless bottom halves are off, for rcu_preempt unless its task holds rcu_read_lock()."},
    {"I", "CPU idle with its tick still running (e.g. holding callbacks on a kernel without RCU_FAST_NO_HZ, or in a FAST_NO_HZ holdoff); to RCU it is idle all the same (dynticks even)."},
    {"Z", "CPU idle with its tick stopped (NO_HZ); to RCU it is idle, like I (dynticks even)."},
    {"X", "CPU offline."},
    {"○", "This CPU still owes a QS to the current grace period."},
    {"◐", "passed: a QS happened but is not reported yet."},
    {"✓", "This CPU's bit is clear for the current grace period: \"✓ reported\" when the CPU reported its QS itself, \"✓ credited\" when an FQS pass cleared it for the CPU (the snap, dti or ofl badge beside it says how)."},
    {"stall", "RCU CPU stall warning: a GP lasted longer than the stall timeout, CONFIG_RCU_CPU_STALL_TIMEOUT (60 s by default in 3.6 and 3.7; rcutree.rcu_cpu_stall_timeout sets 3 to 300 s). A tick runs the check (check_cpu_stall()); while the stall lasts, the next warning waits three timeouts and 3 jiffies more."},
    {"kthread", "3.7: each flavor's grace periods are driven by a kernel thread of its own, running rcu_gp_kthread() (rcu_sched, rcu_bh, and rcu_preempt on a preemptible kernel). Most of the time it sleeps. A CPU whose callbacks need a grace period sets RCU_GP_FLAG_INIT and wakes it, and it starts one (rcu_gp_init()). It then sleeps with a timeout (jiffies_till_first_fqs, later jiffies_till_next_fqs) and runs a forcing pass (rcu_gp_fqs()) each time the timeout runs out or RCU_GP_FLAG_FQS wakes it early. The report that empties the root's qsmask wakes it (or its own pass empties it) to end the grace period (rcu_gp_cleanup()), and it sleeps again, unless callbacks already wait for the next one. Its CPU time is what top shows for rcu_sched; each sleep and wake-up costs it some (see sleep/wake)."},
    {"softirq", "A software interrupt: kernel work an interrupt handler defers, run as the interrupt returns (irq exit) and charged to whatever task it interrupted, or in the CPU's ksoftirqd/N thread when there is too much of it or it was raised outside an interrupt. RCU's is RCU_SOFTIRQ; 3.6 drove grace periods from it, so top showed that work under no RCU name (the interrupted task's, or ksoftirqd/N's), which is the article's contrast with 3.7's kthreads. On a CPU's tile, \"softirq\" marks RCU_SOFTIRQ work pending on that CPU."},
    {"loop", "CPU spinning in the kernel without a QS (an injected kernel loop)."},
    {"rcu_sched", "Flavor whose readers are regions with preemption disabled; QS = context switch, user mode or idle."},
    {"rcu_bh", "Flavor whose readers disable bottom halves, that is softirqs: rcu_read_lock_bh() is local_bh_disable(), and call_rcu_bh() and synchronize_rcu_bh() wait for such readers (bh-netload's network traffic). Its quiescent states are not rcu_sched's plus more: a context switch is not one, but a tick that finds the CPU outside softirq and bh-disabled code is, in kernel code too (rcu_check_callbacks()), as are user mode, idle and the end of each softirq handler (__do_softirq()). So a CPU looping in the kernel with preemption off holds up rcu_sched, not rcu_bh."},
    {"bottom halves", "Softirq work (the kernel's older name for it). local_bh_disable(), as an rcu_bh reader calls, holds it off on that CPU: a softirq raised meanwhile, RCU_SOFTIRQ included, runs only at local_bh_enable(). Code with bottom halves off cannot be preempted either."},
    {"rcu_preempt", "Flavor with preemptible readers; preempted readers are tracked as blkd tasks."},
    {"NO_HZ", "Idle CPUs stop their tick (Z) unless something, such as rcu_needs_cpu(), needs it. A tickless idle CPU reports no QS itself (FQS credits it); one whose tick runs notes a QS at each tick and, once it has noticed the GP, reports it from the softirq."},
    {"FAST_NO_HZ", "CONFIG_RCU_FAST_NO_HZ: an idle CPU with callbacks tries to finish them and sleep longer. An entry into idle while it holds callbacks is a drain step unless a holdoff or the choice to sleep with callbacks stops it (see drain step): it notes a QS, requests a forcing pass (force_quiescent_state(); in 3.7 that wakes the GP kthread unless a request is already pending or another CPU is making one) and raises RCU_SOFTIRQ."},
    {"two-jiffy limit", "Without RCU_FAST_NO_HZ, grace periods come at most about one per two jiffies (500 a second at HZ=1000) while only ticks raise RCU_SOFTIRQ: a CPU notices a new GP in the RCU_SOFTIRQ its tick raises (note_new_gpnum()), only a QS passed after that counts, and the report waits for a later tick's softirq (a softirq raised between ticks, by a callback backlog or around ksoftirqd's context switch, shortens one now and then). FAST_NO_HZ's drain steps report and force from idle entry, between ticks, which is how rcuvis's hackbench scenario gets past it (the model's assumption: the article names no kernel configuration). Also called the two-tick limit."},
    {"drain step", "RCU_FAST_NO_HZ: one pass of rcu_prepare_for_idle() as a CPU holding callbacks enters idle: it notes a QS, asks for an FQS pass (force_quiescent_state()) and raises RCU_SOFTIRQ; at most five before it gives up for the jiffy (holdoff)."},
    {"holdoff", "RCU_FAST_NO_HZ: a CPU stops draining for the rest of the jiffy (dyntick_holdoff), either because its drain steps gave up (rcu_needs_cpu() then keeps its tick running while it idles) or because it went to sleep holding callbacks behind idle_gp_timer."},
    {"idle_gp_timer", "RCU_FAST_NO_HZ's per-CPU timer: a CPU that goes to sleep still holding callbacks arms it to wake itself up again, after about one grace period (RCU_IDLE_GP_DELAY, 4 jiffies) if any of its callbacks is non-lazy (not a kfree_rcu()), or about 6 s if all are lazy, so that its callbacks are not held up for ever."},
    {"misfire", "Lesson 5's word for the OMAP bug: 3.6's cpu_needs_another_gp() asks for a grace period for callbacks whose grace period has in fact just ended, because the CPU asking has not yet noted that end. In omap-stall it fires on CPU 1, not on an idle CPU: CPU 1 still takes ticks (I), because it holds five callbacks waiting for GP 165. Four jiffies into that GP, CPU 1's tick softirq forces it, credits idle CPU 0 and so ends it; but CPU 1 has not yet noted the end (its completed lags), so 3.6's cpu_needs_another_gp(), asked right then, counts those five as still needing a grace period and GP 166 starts, which nothing needs. Then both CPUs stop their ticks and nothing ends GP 166 (see cpu_needs_another_gp, needs_gp_fix)."},
    {"RCU_GP_FLAG_FQS", "3.7: the bit force_quiescent_state() sets in rsp->gp_flags to wake the GP kthread for an FQS pass now; a request that finds it already set adds nothing."},
    {"needs_gp_fix", "The OMAP fix: do not start a GP that no callback needs (3.6 started an extra one)."},
    {"RCU_CPU_STALL_INFO", "A 3.6/3.7 debugging config option, off by default. Without it a stall warning lists the stalled CPUs on its one line, in braces (\"{ 0}\"; a preempted reader that holds the GP up shows there as P and its pid). With it, each stalled CPU gets a line of its own: the ticks it took in this GP (or how many GPs it is behind), the low bits of its dynticks counter, its dynticks and NMI nesting, and with FAST_NO_HZ its drain state. A backtrace follows (trigger_all_cpu_backtrace(), else dump_stack()) unless the stall ended before the dump (\"Stall ended before state dump start\"); rcuvis prints the warning line alone."},
    {"predicate", "Lesson 5's word (the mail thread does not use it) for cpu_needs_another_gp(), the test that decides whether a CPU asks for a new grace period (see that entry)."},
    {"quiescent-state forcing", "The mail thread's words for FQS: see FQS pass."},
    {"cpu_needs_another_gp", "The kernel's test, made only while no grace period runs, of whether a CPU's callbacks need another one. 3.6's form also counted WAIT callbacks whose grace period had just ended on a CPU that had not yet noticed (its completed lagging), so an idle board started a grace period nothing needed (the OMAP stall); 3.7 looks one segment further then (needs_gp_fix)."},
    {"jiffies_till_first_fqs", "3.7's wait, in jiffies, from a grace period's start to its first forcing pass (3 by default); jiffies_till_next_fqs is the wait between later passes. 3.6 has neither: a tick's softirq, or a call_rcu(), forces once more than 3 jiffies (RCU_JIFFIES_TILL_FORCE_QS) have passed since the start or the last pass (force_quiescent_state() with relaxed=1). Callers with relaxed=0 force whatever the holdoff: RCU_FAST_NO_HZ's idle drain (rcu_prepare_for_idle()), a call_rcu() past qhimark while a grace period runs, a CPU that has just warned of other CPUs' stall (print_other_cpu_stall()), and rcu_sched_force_quiescent_state() and its kin (rcutorture)."},
    {"GP kthreads", "The CPU time of 3.7's rcu_sched, rcu_bh and rcu_preempt kernel threads: the grace-period work 3.6 did in softirq and idle drains, moved where top shows it, plus the threads' own sleep/wake."},
    {"irqs-off", "Longest single stretch of RCU grace-period work run with interrupts disabled. In 3.7 always one lock section; in 3.6 either one, or a whole region: the tree walk at GP start, GP end's walks into the next start, or a whole forcing pass with all its probes. The CPU time panel and the run's summary say which it was, as \"(a 3.6 forcing pass)\" (latency.max_irqs_off_in in the report: lock, gp_start, fqs or gp_end)."},
    {"non-preemptible", "Longest stretch of RCU grace-period work nothing could preempt (softirq or tick code, or the 3.7 kthread between cond_resched() points, as on a kernel without CONFIG_PREEMPT; with it only the kthread's per-node lock sections count, so this is an upper bound); interrupts may be on."},
    {"rcuc/N", "Per-CPU RCU callback kthread (only with RCU_BOOST)."},
    {"RCU_BOOST", "CONFIG_RCU_BOOST, a 3.6/3.7 option for real-time kernels: a task preempted inside an rcu_preempt read-side section that holds a grace period up past a set delay (CONFIG_RCU_BOOST_DELAY) is priority-boosted so that it can finish. It adds per-rcu_node boost threads (rcub/N; 3.6 also rcun/N) and per-CPU rcuc/N threads that invoke rcu_preempt's callbacks; none of them drives grace periods. The model has rcuc/N (rcu.rcu_boost) but boosts no one."},
    {"call_rcu", "call_rcu() queues a callback to run once a grace period has passed (an update's deferred free). As a row of the CPU time panel: RCU work done inside ordinary tasks and charged to them: call_rcu() by the tasks that queue callbacks, the QS note at each context switch, and (3.6 with FAST_NO_HZ) the idle task's drain, which runs a whole FQS pass."},
    {"\u00D7N", "How many a name stands for. In the CPU time panel and rcuvis run's THREAD table, \"hackbench \u00D716\" is one row for the 16 tasks a workload phase runs, one on each of its CPUs: their CPU time is added up, so the row's % of one CPU goes past 100 where top would print 16 lines of about 97 % each (rcuvis run prints each task's average). On the B button, \u00D71000 is the number of call_rcu() calls queued at once."},
    {"caption lane", "When each scenario caption is shown. The caption showing now is written whole in the dark caption strip above the timeline, except during a lecture cue, whose own text has the strip then; a box cut short shows its whole text on hover."},
    {"CPUs", "One tile per CPU: what it runs, whether it owes a QS, its readers and its callback lists."},
    {"CPU", "The CPU's tile: what it runs, whether it owes a QS, its readers and its callback lists."},
    {"rcu_node tree", "The combining tree of the flavor shown: one square per qsmask bit, CPUs at the leaves."},
    {"CPU time, like top", "Where the CPU time went, per thread as top shows it, and where RCU's own work was charged."},
    {"Timeline", "Grace periods per flavor as bars, FQS passes as triangles, stalls and injections over time."},
    {"Kernel log", "The messages the simulated kernel printed: stall warnings, CPU hotplug, and every 60 s the Reader Pipe line of rcutorture's statistics (the kernel prints three more lines there). A real kernel follows each stall warning with stack backtraces (dump_stack(), trigger_all_cpu_backtrace()) and, for rcu_preempt on kernels built with CONFIG_RCU_CPU_STALL_VERBOSE, the stacks of the preempted readers it names (sched_show_task()), which the model leaves out."},
    {"Why is it waiting?", "What the grace period still waits for, for the whole GP or the selected CPU or node."},
    {"Workbook", "Questions about the run, answered by looking at the panels."},
    {"Glossary", "Every term on screen with one line of explanation (G toggles)."},
    {"P1234", "A task named by pid in a stall warning: a reader preempted inside rcu_read_lock() that the GP waits for (rcu_print_task_stall(), which skips each leaf's first such task, the one gp_tasks points to)."},
    {"QS report", "A CPU's QS reaching its leaf rcu_node: its qsmask bit is cleared (rcu_report_qs_rnp). R goes to the next one."},
    {"steps:", "Event steps (Shift+arrows, R) stop only at events of this flavor, and of the selected CPU if any; E turns it off."},
    {"update", "A change that must wait for readers, as the engine counts it per flavor: each callback queued with call_rcu() or kfree_rcu() is one, and so is each synchronize_*() call (it queues one callback and sleeps); rcutorture's elements count again at each re-queue."},
    {"synchronize", "synchronize_rcu(), synchronize_sched(), synchronize_rcu_bh(): the caller queues a wake-up callback and sleeps until a full grace period has passed (in the window, the Y key injects one). With one CPU online, synchronize_sched() and synchronize_rcu_bh() return at once: that CPU's own call is a quiescent state."},
    {"Reader Pipe", "rcutorture's histogram of readers by the age of the element each held when it ended: 0 still current, 1 retired but its callback not yet run, 2+ a grace period after its removal ended while the reader held it (an RCU bug). Printed to the kernel log every 60 s."},
    {"orphaned", "Callbacks left on a CPU that went offline: the CPU_DEAD path takes them off its lists (rcu_send_cbs_to_orphanage())."},
    {"adopted", "Orphaned callbacks taken onto a surviving CPU's lists, done ones first, the rest to wait for a grace period there (rcu_adopt_orphan_cbs())."},
    {"branch", "Time travel: injecting after seeking back starts another future from that moment; the old one stays, Ctrl+B switches (the top bar says which is shown)."},
    {"cue", "A lecture stop: a moment, flavor, selection and caption; PgDn/PgUp go cue to cue."},
    /* terms of the workbook and of `rcuvis reproduce` that a student reading only the article met there */
    {"quiescent state", "A moment at which a CPU holds nothing from a read-side critical section of a flavor: for rcu_sched a context switch, user mode or idle; for rcu_bh any moment with bottom halves enabled, though the kernel notes one only at a tick outside a bh-disabled region, in idle, or after each softirq handler (not at a context switch); for rcu_preempt any tick or context switch while no rcu_read_lock() is held, or idle (a context switch inside a reader counts too: the task then waits on blkd_tasks)."},
    {"gp_tasks", "rcu_preempt: a leaf's pointer into its blkd_tasks list at the first preempted reader the current grace period waits for; that task and every one after it hold the GP up (G in rcuhier). A new GP points it at all the readers already preempted."},
    {"passed_quiesce", "Per CPU and flavor (pq= in rcudata): the CPU has passed a quiescent state since it noticed the current grace period. It stays 1 after the report; qs_pending=0 shows the report was made."},
    {"qs_pending", "Per CPU and flavor (qp= in rcudata): the current grace period still needs a quiescent state from this CPU; set when the CPU notices the GP, cleared when its report reaches the leaf, or when the CPU, noticing a grace period's end (__rcu_process_gp_end()), finds its bit in the leaf's qsmask already clear, as after an FQS credit."},
    {"blimit", "The most callbacks one rcu_do_batch() invokes before the CPU gets on with other work: 10 by default (b= in rcudata). A qhimark overflow while a grace period runs sets it to LONG_MAX, meant as no limit, until the queue has drained to qlowmark; but 3.6 and 3.7 copy it into an int in rcu_do_batch(), -1 on a 64-bit kernel, so behind a task or in ksoftirqd each pass then invokes ONE callback (later kernels made that int a long). Here a burst of callbacks arrives as one call_rcu() step: in 3.7 a burst that crosses qhimark while no grace period runs only asks the kthread to start one, so b stays 10 until a later call_rcu() past the mark finds that grace period running and lifts it."},
    {"qlen", "A CPU's queued callbacks of one flavor, not yet invoked (ql= in rcudata); qlen_lazy counts the lazy ones among them."},
    {"qhimark", "10000 callbacks. When call_rcu(), interrupts enabled, finds a CPU's queue grown by more than this since the last such check (qlen_last_fqs_check), it has a grace period started if none is running (3.7: the kthread is asked for one), or else lifts blimit (to LONG_MAX, meant as no limit; blimit says what 3.6/3.7 really made of it), and requests a forcing pass if none has run since this CPU's last overflow (or since it came online, or since its queue drained empty after an overflow): memory before latency."},
    {"qlowmark", "100 callbacks: once a CPU whose blimit was lifted is down to this many, blimit goes back to its default."},
    {"lazy callback", "A callback that only frees memory (kfree_rcu()): RCU_FAST_NO_HZ lets an idle CPU holding only lazy ones sleep about 6 s (RCU_IDLE_LAZY_GP_DELAY) before the timer wakes it, instead of the 4 jiffies (RCU_IDLE_GP_DELAY, about one GP) it sleeps when it holds a callback that someone waits on."},
    {"NR_CPUS", "The CPU count a kernel is built for (CONFIG_NR_CPUS). 3.6 sizes its rcu_node tree by it unless rcu_fanout_leaf changes the leaf fanout at boot, so a small machine running a kernel built for many CPUs walks the big tree at every grace period."},
    {"DONE, WAIT, NEXT_READY, NEXT", "The kernel's names of a CPU's four callback list segments (rdp->nxttail[RCU_DONE_TAIL] and the rest), drawn as D, W, R and N on each CPU: see those."},
    {"extended quiescent state", "A stretch in which a CPU runs no RCU reader and RCU need not hear from it: dyntick-idle in 3.6 (its dynticks counter even), and in 3.7 also user mode on kernels built with CONFIG_RCU_USER_QS. A tickless CPU reports nothing itself there and an FQS pass credits it; a tick it still takes, or a FAST_NO_HZ drain step, may report first."},
    {"debugfs", "The kernel's debugging filesystem: with CONFIG_RCU_TRACE, /sys/kernel/debug/rcu/ holds rcugp (GP numbers), rcuhier (each rcu_node's qsmask), rcudata (each CPU's rcu_data) and rcu_pending (why rcu_pending() said yes). `rcuvis run --debugfs` prints them as 3.6/3.7 did."},
    {"the report", "What `rcuvis run` prints at a run's end (--json: every field, as flavors.rcu_sched.grace_periods); the workbook's predictions are measured on it. A path names a list's item by its index or by its name: threads.rcu_sched.cpu_seconds is the cpu_seconds of the item of the list threads whose name is rcu_sched (`rcuvis check --paths` lists every path). In the window and the page the CPU time panel shows the same figures: a flavor's \"N GPs · M updates\" line is grace_periods and updates, its cost per GP is overhead_per_gp_us (its sleep/wake part is kthread_sched_us / grace_periods: kthread_sched_us is the run's total), \"FQS passes\" and \"idle probes\" are fqs_scans and idle_probes, the RCU-work rows are the accounting fields (GP kthreads: rcu_gp_kthreads_s; softirq at irq exit: softirq_inline_s), \"longest irqs-off stretch\" is latency.max_irqs_off_us and top's rows are threads."},
    {"overhead_per_gp_us", "The report's CPU time of a flavor's grace-period machinery (starting, forcing and ending GPs, the CPUs' notices and reports), wherever it was charged, per completed GP, in microseconds; kthread_sched_us, the run's total (divide by grace_periods), is the 3.7 kthread's own sleep/wake part of it."},
    {"gp_duration_ms", "The report's grace-period lengths from start to end, in milliseconds: p50, p99 and max over the run."},
    {"stutter", "rcutorture's on/off rhythm: it tortures for a while (5 s here), then rests as long, so for half the time nothing asks for grace periods."},
    {"jitter", "Variation in how long the same work takes from one run to the next; a CPU briefly taken by the kernel (an irqs-off stretch, a long walk) delays whatever job runs there, and tightly coupled HPC jobs wait for their slowest CPU."},
    {"nr_cpu_ids", "How many CPUs the booted machine can have (the highest possible CPU's id plus one). 3.7 sizes its rcu_node tree by it: the article's \"number of possible CPUs (as given at boot time)\"."},
    {"RCU_STALL_RAT_DELAY", "2 jiffies: a CPU that finds other CPUs stalling a grace period waits that much longer before printing, so that a stalled CPU that can see itself prints its self-detected line first."},
    {"RCU_IDLE_FLUSHES", "RCU_FAST_NO_HZ: at most 5 drain steps as a CPU holding callbacks goes idle; once the counter is down to RCU_IDLE_OPT_FLUSHES (3, after three steps), a CPU that RCU needs nothing more from may sleep with its callbacks."},
    {"rcu_busted", "A deliberately broken RCU (a torture type later kernels added to rcutorture; rcuvis borrows it): its grace period waits for no reader, so readers see freed elements and the Reader Pipe fills past stage 1, showing the test catches a broken RCU."},
    {"fqs_scans", "The report's count of FQS passes a flavor ran (not debugfs's nfqs=, rsp->n_force_qs, which in 3.6 counts every forcing attempt past the trylock and, for a relaxed caller, past the holdoff until jiffies_force_qs, a pass or not); over grace_periods, the forcing passes per grace period."},
    {"idle_blips_per_s", "Scenario key: how many times a second a busy CPU runs out of work for an instant and passes through the idle loop (each trip moves its dynticks counter, and under RCU_FAST_NO_HZ may be a drain step). Nothing in the kernel reports it; reproduce sweeps it."},
    /* the run summary's column headers and the report fields behind them */
    {"us/GP", "A column of rcuvis run's summary: overhead_per_gp_us, the microseconds of CPU time a flavor's grace-period machinery spent per completed grace period, wherever it was charged (for 3.7 the kthread's sleep/wake included). The same figure as the CPU time panel's cost per GP; the article's ~30 us is measured another way, rcu_sched's CPU time in top over its grace periods (own µs/GP)."},
    {"upd/GP", "A column of rcuvis run's summary: updates_per_gp, a flavor's updates (each call_rcu(), kfree_rcu() or synchronize_*()) divided by its completed grace periods: how many updates one grace period serves. The article sees more than 100."},
    {"ns/update", "A column of rcuvis run's summary: overhead_per_update_ns, the same grace-period CPU time as us/GP divided by updates instead of grace periods, in nanoseconds. The article's ~300 ns per update is ~30 us shared by ~100 updates."},
    {"ns/upd", "The CPU time panel's short form of ns/update: the grace-period CPU time per update, in nanoseconds (overhead_per_update_ns)."},
    {"overhead_per_update_ns", "The report's grace-period CPU time of a flavor (what overhead_per_gp_us counts per grace period) divided by its updates, in nanoseconds; 0 when there were no updates. rcuvis run prints it as ns/update."},
    {"offline credits", "The summary's count of quiescent states an FQS pass credited to CPUs because they were offline (offline_credits in the report, ofl in the trace); an offline CPU whose dynticks counter shows it idle is credited dti instead."},
    /* words of the article and the workbook that a newcomer meets without a definition */
    {"hackbench", "A scheduler benchmark: groups of tasks send each other messages over sockets or pipes, so the kernel does a great deal of work, and call_rcu(), per second. The article's figures (almost a million grace periods, over 30 s of rcu_sched time in ten minutes) come from it; the hackbench scenario models its load, not its code."},
    {"rcutorture", "The kernel's RCU torture test (CONFIG_RCU_TORTURE_TEST): readers check that the elements they hold are never freed under them while writers replace them and wait for grace periods, with long readers, idle and CPU hotplug mixed in; every 60 s it prints its statistics (Reader Pipe). The article guesses about 100,000 grace periods in ten minutes."},
    {"preemption", "The scheduler taking a CPU from a running task to run another. With preemption disabled (preempt_disable(), a spinlock held, a softirq running) the task keeps the CPU until it enables it again; a preemptible kernel (CONFIG_PREEMPT) can preempt kernel code elsewhere. 3.7's GP kthread yields between rcu_node visits either way: it calls cond_resched() after each."},
    {"expedited", "An expedited grace period (synchronize_sched_expedited(), synchronize_rcu_expedited()) does not wait for quiescent states to come: rcu_sched's forces one on every online CPU by running a stop-CPU function there (try_stop_cpus()), trading CPU time and disturbance of every CPU for a much shorter wait. The model has none; rcuhier's column after G (a dot) says whether one waits on a blocked task."},
    {"fqslock", "The lock that lets only one CPU run a forcing pass at a time. 3.6 has one per flavor (rsp->fqslock), taken with a trylock that returns at once when another CPU holds it, and held with interrupts off for the whole pass; 3.7 funnels requests up the rcu_node tree through each node's fqslock, so that of many CPUs asking at once only one sets RCU_GP_FLAG_FQS."},
    {"calibrated", "rcuvis reproduce: a claim whose figure a scenario input was set from (hackbench's idle-entry and update rates), so the row shows that the model can be set to give it back, not that it predicts it; the note under the table names the input."},
    {"bounded gap", "rcuvis reproduce: a claim the model, kept to the kernel's mechanisms and 2012 costs, cannot reach; the claim's row gives the sweep over the mechanism's real parameters that bounds the best it can do, and README says why."},
    /* words a student who had read only the article met in the workbook, its captions and the CPU time panel */
    {"3.6 / 3.7", "What rcuvis means by the two kernels: the grace-period design each drives, 3.6's from RCU_SOFTIRQ (rcu.mode=softirq) and 3.7's GP kthreads (rcu.mode=kthread). The OMAP fix is a separate key, rcu.needs_gp_fix: v3.7 as released has it, v3.6 does not, and omap-stall's 3.7 half runs without it, as the -rcu branch Walmsley tested in September 2012 did, so its heading says \"with 3.6's cpu_needs_another_gp()\". X turns the fix on in both halves."},
    {"rdp", "The kernel's usual name for a pointer to struct rcu_data: one CPU's state for one flavor (rdp->gpnum and rdp->completed, the last grace period start and end this CPU has noted; its qs_pending and passed_quiesce; its callback lists, nxtlist and nxttail). It lags the tree by design: a CPU notices a grace period's start or end only in its own softirq (__note_new_gpnum(), __rcu_process_gp_end()), and until then decides with what it last saw. omap-stall's misfire is one such decision."},
    {"mainline", "The kernel as Linus Torvalds releases it (v3.6, v3.7 ...), as against a maintainer's development tree: changes reach mainline in the merge window after they have matured there. Paul McKenney's RCU tree, -rcu, held the grace-period kthreads in September 2012, before they were merged for 3.7; the fix for the spurious grace period (needs_gp_fix) also reached mainline in 3.7."},
    {"t=", "In an RCU CPU stall warning, how long the grace period has run, in jiffies (jiffies - rsp->gp_start): omap-stall's \"(t=9660 jiffies)\" at HZ=128 is 75.5 s. The warning's other numbers (\"g=\", \"c=\", \"q=\") came in later kernels."},
    {"rcu_start_gp", "rcu_start_gp(): where a grace period begins. 3.6: the CPU that needs one (its softirq, a call_rcu() on overflow, the end of the grace period before, rcu_report_qs_rsp()) asks cpu_needs_another_gp(), then walks the whole rcu_node tree with interrupts off, setting gpnum and qsmask (the init walk). 3.7: it only sets RCU_GP_FLAG_INIT and wakes the GP kthread, whose rcu_gp_init() does the walk, one node's lock at a time."},
    {"rcu_pending", "rcu_pending(): the question every scheduling-clock tick asks RCU (rcu_check_callbacks()): has this CPU's RCU_SOFTIRQ anything to do? It asks the flavors in turn (rcu_struct_flavors) and stops at the first that says yes. For each, __rcu_pending() first runs the stall check (check_cpu_stall()), then says yes if the CPU has passed a quiescent state it must report, has callbacks ready to invoke, needs a grace period started (cpu_needs_another_gp()), has a grace period's start or end to notice, or (3.6) forcing is overdue (jiffies_force_qs). Only a yes raises RCU_SOFTIRQ; a CPU with nothing to do pays for the question alone."},
    {"jiffies_force_qs", "A flavor's deadline, in jiffies, for quiescent-state forcing (rsp->jiffies_force_qs; rcuhier shows how far off it is as jfq=). 3.6: rcu_start_gp() sets it 3 jiffies ahead (RCU_JIFFIES_TILL_FORCE_QS) when a grace period starts, and each forcing attempt past the holdoff moves it 3 ahead again. A tick's softirq, or a call_rcu(), forces only once jiffies is strictly past it (ULONG_CMP_LT), so a GP waiting on an idle CPU is forced at its 4th jiffy. 3.7: the GP kthread sets it each time it starts a timed wait, jiffies_till_first_fqs ahead at a GP's start and jiffies_till_next_fqs after each pass; the wait's timeout then runs the pass, no tick needed (see jiffies_till_first_fqs)."},
    {"need_resched", "need_resched(): true when the scheduler wants this CPU for another task (the TIF_NEED_RESCHED flag is set, by a wake-up or by a tick finding the time slice used). rcu_do_batch() checks it to decide whether to stop invoking callbacks once blimit is reached; set_need_resched() sets it to get a context switch soon: 3.6's rcu_pending() does so on a CPU that still owes rcu_sched or rcu_bh a QS once forcing is at most a jiffy away (3.7 dropped that), and both kernels do so on a CPU that has just warned of its own stall."},
    {"grpnum", "An rcu_node's place among the children of its parent (0 for the root), set once at boot (rcu_init_one()); its bit in the parent's qsmask is 1 << grpnum, its grpmask. rcuhier prints it after the caret (\"^2\"), after the node's range of CPUs."},
    {"rcu_struct_flavors", "The kernel's list of the flavors' rcu_state structures, which code that must visit every flavor walks (for_each_rcu_flavor()), rcu_pending() on every tick among it. rcu_init_one() adds each flavor at the head of the list as it is set up (list_add()), so the list holds them in the reverse of their set-up order."},
    {"play_dead", "play_dead(): the x86 idle loop's exit for a CPU being taken offline; the dying CPU's idle task calls it instead of idling, and it never returns. It is reached before rcu_idle_enter(), so the CPU goes down with its dynticks counter odd, as if running, and an FQS pass credits it as offline (ofl), not dyntick-idle."},
    {"callback_latency_ms_mean", "A report field per flavor: the mean time, in milliseconds, from a callback's call_rcu() (or synchronize_*()'s queued wake-up) to its invocation, over every callback invoked in the run; rcuvis run prints it as the callbacks' \"latency ms\". Divided by gp_duration_ms.p50 it counts the wait in median grace periods."},
    {"Show me", "The workbook's button, or the m key while the workbook column has the keyboard: it loads the current question's scenario with the question's settings and stops at the moment the question is about (the first stall warning, say, or where a prediction's figure is read). Before a prediction is answered, its moment would show the answer: the first m says so, and a second one looks, which counts as help, as the hint does. In the terminal quiz, the Try it: and shot commands printed with a question stand in for it."},
    {"in all", "RCU's CPU time in all: the sum of every row of the CPU time panel's first section, wherever the work was charged (GP kthreads, ksoftirqd, softirq at irq exit, the tick, tasks and idle drains); rcuvis run's \"RCU CPU time, ... in all\" line. Under 3.7 the panel splits it in two rows: \"in all: GP, QS and callback work\", the work both designs do, and \"+ GP kthreads' own sleep/wake\", which 3.6 does not pay. The article's \"not new overhead\" is about the first row, work 3.6 did too under other names; the second is the model's price for running that work in a thread, and its size depends on the load (lesson 6 of the workbook)."},
    {"own µs/GP", "Beside a GP kthread's row in the CPU time panel: the CPU time top shows for that thread divided by its flavor's completed grace periods (threads.rcu_sched.cpu_seconds / flavors.rcu_sched.grace_periods in the report). For rcu_sched this is the measure the article used; it found about 30 µs on its hackbench, where this model's hackbench gives several times that (lesson 6 says why). The flavor line's cost per GP is larger: it also counts grace-period work done outside the kthread, the wakers' wake_up() of it and the CPUs' notes and QS reports in their softirqs. Nor is it cost per GP less the \"of it kthread sleep/wake\" figure on that line: that figure also counts what the wakers and the tasks the kthread displaced pay, while own includes the kthread's half of its switches. Lesson 6 of the workbook sets the model's figures beside the article's."},
};

const glossary_entry *glossary_all(size_t *n)
{
    *n = sizeof entries / sizeof entries[0];
    return entries;
}

const char *glossary_term(const char *term, const char **near)
{
    size_t n = sizeof entries / sizeof entries[0];
    if (near) *near = "";
    if (!term) return NULL;
    for (size_t i = 0; i < n; i++)
        if (!strcmp(entries[i].term, term)) return entries[i].term;
    for (size_t i = 0; near && i < n; i++)
        if (!strcasecmp(entries[i].term, term)) { *near = entries[i].term; break; }
    return NULL;
}

const char *glossary_line(const char *term)
{
    if (!term) return NULL;
    size_t n = sizeof entries / sizeof entries[0];
    for (size_t i = 0; i < n; i++)
        if (!strcmp(entries[i].term, term)) return entries[i].line;
    for (size_t i = 0; i < n; i++)
        if (!strcasecmp(entries[i].term, term)) return entries[i].line;
    return NULL;
}

/* Words on screen and the entry that explains each. Whole words only, case as written. "the report"
 * only in the tool's sense ("in the report", "the report's", `rcuvis run`): "the report came from
 * systems with 4096 CPUs" is a bug report. "hackbench" has an entry but is not scanned: on screen it
 * names the task row, whose "×16" the ×N entry explains. */
static const struct { const char *word, *term; } words[] = {
    {"QS report", "QS report"}, {"QS", "QS"}, {"QSs", "QS"}, {"qsmask", "qsmask"}, {"qsmaskinit", "qsmaskinit"}, {"FQS pass", "FQS pass"}, {"FQS passes", "FQS pass"}, {"FQS", "FQS"},
    {"dti", "dti"}, {"snap", "snap"}, {"ofl", "ofl"}, {"dynticks", "dynticks even/odd"}, {"dyntick-idle", "dyntick-idle"},
    {"RCU_SOFTIRQ", "RCU_SOFTIRQ"}, {"irq exit", "irq exit"}, {"hidden in tasks", "hidden in tasks"},
    {"swapper", "swapper"}, {"self-detected", "self-detected"}, {"jiffy", "jiffy"}, {"jiffies", "jiffy"},
    {"HZ", "HZ"}, {"passed", "passed"}, {"just cleared", "just cleared"}, {"p50", "p50/p99"}, {"p99", "p50/p99"},
    {"per GP", "cost per GP"}, {"blkd", "blkd"}, {"idle probes", "idle probes"}, {"snapshot", "snapshot pass"},
    {"leaf", "leaf"}, {"level", "level"}, {"gpnum", "gpnum"}, {"completed", "completed"}, {"R!", "R!"},
    {"oldest open", "oldest open"}, {"irqs-off", "irqs-off"}, {"non-preemptible", "non-preemptible"}, {"qsmask 0x0", "qsmask"},
    {"in the report", "the report"}, {"the report's", "the report"}, {"the run report", "the report"}, {"the report charges", "the report"},
    {"the report charge", "the report"}, {"rcuvis run", "the report"}, {"us/GP", "us/GP"}, {"upd/GP", "upd/GP"}, {"ns/update", "ns/update"},
    {"ns/upd", "ns/upd"}, {"overhead_per_update_ns", "overhead_per_update_ns"}, {"offline credits", "offline credits"},
    {"softirq", "softirq"}, {"softirqs", "softirq"}, {"rcutorture", "rcutorture"}, {"bottom halves", "bottom halves"},
    {"preemption", "preemption"}, {"expedited", "expedited"}, {"fqslock", "fqslock"},
    {"extended quiescent state", "extended quiescent state"}, {"extended quiescent states", "extended quiescent state"},
    {"extended QS", "extended quiescent state"},
    {"tick stopped", "tick stopped"}, {"updates", "update"}, {"update", "update"}, {"Reader Pipe", "Reader Pipe"},
    {"orphaned", "orphaned"}, {"adopted", "adopted"}, {"branch", "branch"},
    {"two-jiffy limit", "two-jiffy limit"}, {"two-tick limit", "two-jiffy limit"}, {"two-tick path", "two-jiffy limit"},
    {"tick path's two", "two-jiffy limit"},
    {"drain step", "drain step"}, {"drain steps", "drain step"}, {"holdoff", "holdoff"}, {"RCU_GP_FLAG_FQS", "RCU_GP_FLAG_FQS"},
    {"synchronize_rcu", "synchronize"}, {"synchronize_sched", "synchronize"}, {"synchronize_rcu_bh", "synchronize"},
    {"synchronize_", "synchronize"},
    {"quiescent state", "quiescent state"}, {"quiescent states", "quiescent state"}, {"gp_tasks", "gp_tasks"},
    {"passed_quiesce", "passed_quiesce"}, {"qs_pending", "qs_pending"}, {"blimit", "blimit"}, {"b=∞", "blimit"},
    {"__do_softirq", "__do_softirq()"}, {"status line", "status line"}, {"run_ksoftirqd", "__do_softirq()"}, {"qhimark", "qhimark"},
    {"qlowmark", "qlowmark"}, {"qlen", "qlen"}, {"qlen_lazy", "qlen"}, {"ql", "qlen"}, {"kfree_rcu", "lazy callback"}, {"lazy", "lazy callback"}, {"NR_CPUS", "NR_CPUS"},
    {"nr_cpu_ids", "nr_cpu_ids"}, {"RCU_STALL_RAT_DELAY", "RCU_STALL_RAT_DELAY"}, {"RCU_IDLE_FLUSHES", "RCU_IDLE_FLUSHES"},
    {"rcu_busted", "rcu_busted"}, {"drain", "drain step"}, {"drains", "drain step"}, {"idle drain", "drain step"}, {"idle drains", "drain step"}, {"drain kick", "drain step"},
    {"idle-task drains", "drain step"}, {"idle-entry drain", "drain step"}, {"idle-entry drains", "drain step"}, {"RCU_FAST_NO_HZ", "FAST_NO_HZ"},
    {"forcing pass", "FQS pass"}, {"forcing passes", "FQS pass"}, {"needs_gp_fix", "needs_gp_fix"}, {"fqs_scans", "fqs_scans"},
    {"idle_blips_per_s", "idle_blips_per_s"}, {"init walk", "init walk"}, {"cleanup walk", "cleanup walk"}, {"cleanup", "cleanup walk"},
    {"GP init", "init walk"}, {"GP cleanup", "cleanup walk"}, {"Walmsley", "Walmsley"},
    {"jiffies_force_qs", "jiffies_force_qs"}, {"need_resched", "need_resched"}, {"set_need_resched", "need_resched"},
    {"grpnum", "grpnum"}, {"rcu_struct_flavors", "rcu_struct_flavors"}, {"play_dead", "play_dead"},
    {"callback_latency_ms_mean", "callback_latency_ms_mean"}, {"Show me", "Show me"},
    {"rcu_pending", "rcu_pending"}, {"__rcu_pending", "rcu_pending"},
    {"rdp", "rdp"}, {"rdp->completed", "rdp"}, {"rdp->gpnum", "rdp"}, {"rcu_data", "rdp"}, {"mainline", "mainline"}, {"-rcu", "mainline"},
    {"tasks row", "call_rcu"}, {"D W R N", "D/W/R/N"}, /* as captions and the CPUs legend write them */
    {"RCU-idle", "dyntick-idle"}, {"rcu_start_gp", "rcu_start_gp"}, {"rcu_gp_fqs", "FQS pass"}, {"rcu_gp_init", "init walk"}, {"rcu_gp_cleanup", "cleanup walk"},
};

enum { NWORDS = sizeof words / sizeof words[0] };

/* words[] chained by first byte, in table order (the first match wins: "QS report" before "QS"),
 * with their lengths. glossary_scan() runs on every label of every frame: comparing each word
 * start with all the words (a strlen and a strncmp each) was a tenth of a drawing test's time
 * under ASan. */
static short word_chain_head[256], word_chain_next[NWORDS];
static unsigned char word_len[NWORDS];
static bool word_chains_built;

static void build_word_chains(void)
{
    for (int c = 0; c < 256; c++) word_chain_head[c] = -1;
    for (int i = NWORDS - 1; i >= 0; i--) { /* pushed from the end: each chain in table order */
        unsigned char c = (unsigned char)words[i].word[0];
        word_chain_next[i] = word_chain_head[c];
        word_chain_head[c] = (short)i;
        word_len[i] = (unsigned char)strlen(words[i].word);
    }
    word_chains_built = true;
}

static bool word_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

static bool digits(const char *p, const char *end, const char **out)
{
    const char *q = p;
    while (q < end && isdigit((unsigned char)*q)) q++;
    *out = q;
    return q > p;
}

void glossary_scan(const char *s, const char *end, glossary_hit_fn fn, void *ctx)
{
    if (!s) return;
    if (!end) end = s + strlen(s);
    if (!word_chains_built) build_word_chains();
    for (const char *p = s; p < end; p++) {
        bool start = p == s || !word_char(p[-1]);
        if (!start) continue;
        const char *q;
        /* numbered names */
        if (end - p > 3 && !strncmp(p, "rnp", 3) && digits(p + 3, end, &q) && (q == end || !word_char(*q))) { fn(ctx, "rnp0", p, (size_t)(q - p)); p = q - 1; continue; }
        if (end - p > 10 && !strncmp(p, "ksoftirqd/", 10)) { fn(ctx, "ksoftirqd/N", p, 10); continue; }
        if (*p == 'g' && digits(p + 1, end, &q) && q + 2 < end && q[0] == ' ' && q[1] == 'c') {
            const char *r;
            if (digits(q + 2, end, &r) && (r == end || !word_char(*r))) { fn(ctx, "g155 c154", p, (size_t)(r - p)); p = r - 1; continue; }
        }
        /* a task in a stall warning: P<pid> (not p50/p99, which are lower case) */
        if (*p == 'P' && digits(p + 1, end, &q) && (q == end || !word_char(*q))) { fn(ctx, "P1234", p, (size_t)(q - p)); p = q - 1; continue; }
        /* a count after a name: "hackbench ×16" (× is U+00D7, two bytes in UTF-8) */
        if (end - p > 2 && (unsigned char)p[0] == 0xC3 && (unsigned char)p[1] == 0x97 && digits(p + 2, end, &q) &&
            (q == end || !word_char(*q))) { fn(ctx, "\u00D7N", p, (size_t)(q - p)); p = q - 1; continue; }
        if (*p == '{') {
            const char *t = p + 1;
            while (t < end && *t == ' ') t++;
            if (digits(t, end, &q) && q < end && *q == '}') { fn(ctx, "{ 0}", p, (size_t)(q + 1 - p)); continue; }
        }
        for (int i = word_chain_head[(unsigned char)*p]; i >= 0; i = word_chain_next[i]) {
            size_t n = word_len[i];
            if ((size_t)(end - p) < n || memcmp(p, words[i].word, n)) continue;
            if (p + n < end && (word_char(p[n]) || (p[n] == '-' && word_char(p[n - 1])))) continue;
            fn(ctx, words[i].term, p, n);
            break;
        }
    }
}
