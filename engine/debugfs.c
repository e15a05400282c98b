/* debugfs.c — /sys/kernel/debug/rcu/{rcugp,rcuhier,rcudata,rcu_pending} as 3.6/3.7 printed them, from the model's state. */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* len counts what the file holds even past n, as snprintf does, so a caller whose buffer was too
 * small learns how large to make it (4096 CPUs' rcudata is over 1 MB): the text was cut silently. */
typedef struct out { char *buf; size_t n, len; } out;

static void put(out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->len < o->n ? o->n - o->len : 0;
    char scratch[1];
    int k = vsnprintf(room ? o->buf + o->len : scratch, room ? room : sizeof scratch, fmt, ap);
    va_end(ap);
    if (k > 0) o->len += (size_t)k;
}

/* show_rcugp(): age is jiffies since the current GP began (0 when idle); the kernel's format puts two
 * spaces between the fields. */
static void rcugp(const rv_engine *e, out *o)
{
    for_each_rcu_flavor(f) { /* rcu_preempt first, as rcutree_trace.c lists them */
        const rcu_state *rsp = &e->rsp[f];
        if (!rsp->enabled) continue;
        long age = gp_in_progress(rsp) ? (long)(e->jiffies - rsp->gp_start) : 0;
        put(o, "%s: completed=%ld  gpnum=%lu  age=%ld  max=%ld\n", rv_flavor_name(f), (long)rsp->completed,
            rsp->gpnum, age, (long)rsp->gp_max);
    }
}

/* print_one_rcu_state() of rcuhier: the state's line, then each level's nodes on a line, each node
 * followed by four spaces as the kernel's seq_printf() leaves them. */
static void rcuhier(const rv_engine *e, out *o)
{
    long span_at[4];
    for_each_rcu_flavor(f) { /* rcu_preempt first, as rcutree_trace.c lists them */
        const rcu_state *rsp = &e->rsp[f];
        if (!rsp->enabled) continue;
        long jfq = (long)(rsp->jiffies_force_qs - e->jiffies);
        put(o, "%s: c=%lu g=%lu s=%d jfq=%ld j=%x nfqs=%lu/nfqsng=%lu(%lu) fqlh=%lu oqlen=%ld/%ld\n",
            rv_flavor_name(f), rsp->completed, rsp->gpnum, rsp->fqs_state, jfq, (unsigned)(e->jiffies & 0xffff),
            rsp->n_force_qs, rsp->n_force_qs_ngp, rsp->n_force_qs - rsp->n_force_qs_ngp, rsp->n_force_qs_lh, 0L, 0L);
        /* rcu_init_one() clamps a node's grphi at NR_CPUS - 1, not at the CPU count the tree was sized
         * for: a 3.7 kernel built for 64 CPUs on 17 shows its last leaf of four as 16:19. The engine's
         * own grphi stops at the last CPU it sized for (no loop visits a CPU that cannot exist). */
        const int nr_cpus = e->cfg.rcu.nr_cpus_compiled > e->cfg.cpus ? e->cfg.rcu.nr_cpus_compiled : e->cfg.cpus;
        long span = 1;
        for (int l = e->levels - 1; l >= 0; l--) {
            span *= e->levelspread[l];
            span_at[l] = span;
        }
        for (int l = 0; l < e->levels; l++) {
            for (int k = 0; k < e->levelcnt[l]; k++) {
                const rcu_node *rnp = &rsp->node[e->level_first[l] + k];
                long grphi = rnp->grplo + span_at[l] - 1;
                if (grphi >= nr_cpus) grphi = nr_cpus - 1;
                put(o, "%lx/%lx %c%c>%c %d:%ld ^%d    ", rnp->qsmask, rnp->qsmaskinit, rnp->n_gp_tasks ? 'G' : '.', '.',
                    rnp->n_blkd ? 'T' : '.', rnp->grplo, grphi, rnp->grpnum);
            }
            put(o, "\n");
        }
    }
}

/* The per-CPU files (rcudata, rcu_pending) as their show_*() functions walk them: each enabled flavor
 * in for_each_rcu_flavor() order (rcu_preempt first) under its name, then one line per CPU that has
 * ever been online (rdp->beenonline: a CPU offline from boot has no line), whose first field is the CPU
 * number with `!` when it is offline now. */
typedef void (*cpu_line_fn)(const rv_engine *e, const rcu_state *rsp, int cpu, out *o);

static void per_cpu_file(const rv_engine *e, out *o, cpu_line_fn line)
{
    for_each_rcu_flavor(f) {
        const rcu_state *rsp = &e->rsp[f];
        if (!rsp->enabled) continue;
        put(o, "%s:\n", rv_flavor_name(f));
        for (int cpu = 0; cpu < e->ncpus; cpu++) {
            if (!rsp->rda[cpu].beenonline) continue;
            put(o, "%3d%c", cpu, e->cpu[cpu].run == RS_OFFLINE ? '!' : ' ');
            line(e, rsp, cpu, o);
        }
    }
}

/* print_one_rcu_data(): dt= counter (the whole atomic_t, as %d)/nesting/NMI nesting; qs= the four
 * segments N R W D ('.' when empty, but N on a dead CPU in 3.7, whose NULL NEXT tail differs from
 * the NEXT_READY one); ql= lazy/total; ci/co/ca invoked/orphaned/adopted. */
static void rcudata_line(const rv_engine *e, const rcu_state *rsp, int cpu, out *o)
{
    const cpu_t *c = &e->cpu[cpu];
    const rcu_data *rdp = &rsp->rda[cpu];
    const long *seg = rdp->cbl.seg;
    put(o, "c=%lu g=%lu pq=%d", rdp->completed, rdp->gpnum, rdp->passed_quiesce);
    if (e->cfg.rcu.mode == RV_MODE_SOFTIRQ) put(o, " pgp=%lu", rdp->passed_quiesce_gpnum);
    /* b= is blimit as print_one_rcu_data() prints it (%ld): after a qhimark overflow __call_rcu_core()
     * sets it to LONG_MAX, which the 64-bit kernel modelled here shows as 9223372036854775807 (so
     * does the 32-bit browser build, whose long is shorter) */
    put(o, " qp=%d dt=%d/%llx/%d df=%lu of=%lu ql=%ld/%ld qs=%c%c%c%c b=%lld ci=%lu co=%lu ca=%lu\n",
        rdp->qs_pending, (int)(unsigned)c->dynticks,
        (c->dynticks & 1) ? 0x140000000000000ull : 0ull, 0, rdp_dynticks_fqs(rsp, cpu), rdp->offline_fqs,
        rdp->qlen_lazy, rdp->qlen, seg[RV_NEXT_TAIL] || rdp->cbs_closed ? 'N' : '.', seg[RV_NEXT_READY_TAIL] ? 'R' : '.',
        seg[RV_WAIT_TAIL] ? 'W' : '.', seg[RV_DONE_TAIL] ? 'D' : '.',
        rdp->blimit == LONG_MAX_BLIMIT ? (long long)INT64_MAX : (long long)rdp->blimit, rdp->n_cbs_invoked, rdp->n_cbs_orphaned,
        rdp->n_cbs_adopted);
}

/* print_one_rcu_pending(): each CPU's __rcu_pending() calls (np) and which test answered them: qsp a QS
 * still owed (the call goes on), rpq one to report, cbr callbacks ready, cng another GP needed, gpc/gps
 * a GP end or start to note, nf (3.6 only: 3.7 dropped the softirq's forcing) an FQS due, nn nothing. */
static void rcu_pending_line(const rv_engine *e, const rcu_state *rsp, int cpu, out *o)
{
    const rp_count *rc = &rsp->rp[cpu];
    const unsigned long *n = rc->n;
    unsigned long calls = 0; /* n_rcu_pending: every call counts in one answer */
    for (int a = 0; a < RP_NANSWERS; a++) calls += n[a];
    put(o, "np=%ld qsp=%ld rpq=%ld cbr=%ld cng=%ld gpc=%ld gps=%ld", (long)calls, (long)rc->qs_pending,
        (long)n[RP_REPORT_QS], (long)n[RP_CB_READY], (long)n[RP_CPU_NEEDS_GP], (long)n[RP_GP_COMPLETED], (long)n[RP_GP_STARTED]);
    if (e->cfg.rcu.mode == RV_MODE_SOFTIRQ) put(o, " nf=%ld", (long)n[RP_NEED_FQS]);
    put(o, " nn=%ld\n", (long)n[RP_NEED_NOTHING]);
}

static int debugfs_file(const rv_engine *e, const char *name, char *buf, size_t bufsz);

/* A busy CPU's trips through idle are counted into its dynticks counter only when something looks
 * (settle_blips()); the kernel's counter moves at every rcu_idle_enter()/rcu_idle_exit(), so rcudata's
 * dt= must show them all. Settling draws from the CPU's stream, which would change the rest of the
 * run, so an engine with uncounted trips prints from a settled copy of itself (the same copy each
 * time: a caller's size probe and its fill print the same text). */
static bool blips_uncounted(const rv_engine *e)
{
    for (int cpu = 0; cpu < e->ncpus; cpu++)
        if (e->cpu[cpu].blip_lazy && e->cpu[cpu].blip_lazy_since < e->now) return true;
    return false;
}

int rv_debugfs(const rv_engine *e, const char *name, char *buf, size_t bufsz)
{
    if (!buf || !bufsz) return -1;
    if (!strcmp(name, "rcudata") && blips_uncounted(e)) {
        rv_engine *settled = rv_engine_clone(e);
        if (settled) {
            for (int cpu = 0; cpu < settled->ncpus; cpu++) settle_blips(settled, cpu);
            int n = debugfs_file(settled, name, buf, bufsz);
            rv_engine_free(settled);
            return n;
        }
    }
    return debugfs_file(e, name, buf, bufsz);
}

static int debugfs_file(const rv_engine *e, const char *name, char *buf, size_t bufsz)
{
    out o = {buf, bufsz, 0};
    buf[0] = 0;
    if (!strcmp(name, "rcugp")) rcugp(e, &o);
    else if (!strcmp(name, "rcuhier")) rcuhier(e, &o);
    else if (!strcmp(name, "rcudata")) per_cpu_file(e, &o, rcudata_line);
    else if (!strcmp(name, "rcu_pending") && e->rcu_trace) per_cpu_file(e, &o, rcu_pending_line);
    else return -1;
    return (int)o.len;
}
