/* claims.c — the article's and the OMAP thread's claims as data: runs to simulate, and a checker per claim. */
#include "report/expect.h"
#include "reproduce/reproduce.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/*
 * Adding a claim: write a checker that reads the reports in v->rep[] (in the order of the claim's
 * runs), fills out->text with the simulated figure and out->holds with the verdict, then add a row
 * to rp_claims[] below. Runs are shared by their scenario and overrides, so naming the same run as
 * another claim costs nothing.
 *
 * Counts the article gives for a span of time ("a million grace periods in ten minutes") are
 * compared as rates over that span, so a shortened run (--quick) is judged by the same bounds.
 */

bool rp_num(const cJSON *rep, const char *path, double *out)
{
    char why[256];
    bool is_len = false;
    double len = 0;
    *out = 0;
    const cJSON *v = rep ? expect_lookup(rep, path, why, sizeof why, &is_len, &len) : NULL;
    if (!v) return false;
    if (is_len) *out = len;
    else if (cJSON_IsNumber(v)) *out = v->valuedouble;
    else if (cJSON_IsBool(v)) *out = cJSON_IsTrue(v);
    else return false;
    return true;
}

/* A number the checker cannot do without; when absent the claim fails and says what was missing. */
static bool need(const cJSON *rep, const char *path, double *out, rp_verdict *vd)
{
    if (rp_num(rep, path, out)) return true;
    if (!vd) return false; /* a run the verdict does not rest on: nothing said */
    snprintf(vd->text, sizeof vd->text, "the report has no %s", path);
    vd->holds = false;
    return false;
}

/* 1234567 -> "1,234,567" */
static const char *grouped(double x, char *buf, size_t n)
{
    char raw[40];
    snprintf(raw, sizeof raw, "%.0f", fabs(x));
    size_t len = strlen(raw), k = 0;
    if (x < 0 && k + 1 < n) buf[k++] = '-';
    for (size_t i = 0; i < len && k + 2 < n; i++) {
        if (i && (len - i) % 3 == 0) buf[k++] = ',';
        buf[k++] = raw[i];
    }
    buf[k] = 0;
    return buf;
}

static double sim_seconds(const cJSON *rep)
{
    double s = 0;
    rp_num(rep, "sim_seconds", &s);
    return s > 0 ? s : 1;
}

/* A count over the run, expressed over `span` seconds like the article; the note says when it was
 * extrapolated from a shorter (or longer) run. */
static double over_span(const cJSON *rep, double count, double span, char *note, size_t n)
{
    double s = sim_seconds(rep);
    note[0] = 0;
    if (fabs(s - span) > 1e-6) {
        char b[40];
        snprintf(note, n, " (%s in a %.0f s run)", grouped(count, b, sizeof b), s);
    }
    return count * span / s;
}

#define TEN_MIN 600.0
#define HB_NSWEEP 5 /* hackbench sweep runs after the shipped one: tick only, then blips 1k 2.5k 5k 10k */

/* ---------------------------------------------------------------- hackbench sweep (bounded gaps) */

/* One point of a hackbench run: the article's figures as the run gives them, per 10 minutes. */
typedef struct hb_point {
    double gps10, kth10, us_gp, ns_upd, ratio, upd_gp;
    bool fast;      /* RCU_FAST_NO_HZ */
    double blips;   /* idle_blips_per_s of the hackbench phase */
} hb_point;

static bool hb_point_of(const rp_view *v, int r, hb_point *pt)
{
    memset(pt, 0, sizeof *pt);
    const cJSON *rep = v->rep[r];
    double g, k = 0, kt = 0, ks = 0;
    if (!rp_num(rep, "flavors.rcu_sched.grace_periods", &g)) return false;
    rp_num(rep, "threads.rcu_sched.cpu_seconds", &k);
    /* the article's own arithmetic: "more than thirty seconds of CPU time consumed by rcu_sched" over
     * "almost one million" grace periods is "about thirty microseconds per grace period", and that over
     * "more than one hundred updates per grace period" about 300 ns per update. So the thread's time,
     * not overhead_per_gp_us (all of the flavor's GP machinery wherever charged: also the wakers'
     * wake_up() and the softirq's share, 186 against 130 us on hackbench) */
    double upd = 0;
    rp_num(rep, "flavors.rcu_sched.updates", &upd);
    pt->us_gp = g > 0 ? k * 1e6 / g : 0;
    pt->ns_upd = upd > 0 ? k * 1e9 / upd : 0;
    rp_num(rep, "flavors.rcu_sched.updates_per_gp", &pt->upd_gp);
    rp_num(rep, "accounting.rcu_gp_kthreads_s", &kt);
    rp_num(rep, "accounting.ksoftirqd_s", &ks);
    double span = TEN_MIN / sim_seconds(rep);
    pt->gps10 = g * span;
    pt->kth10 = k * span;
    pt->ratio = ks > 0 ? kt / ks : INFINITY;
    if (v->cfg[r]) {
        pt->fast = v->cfg[r]->rcu.fast_no_hz;
        pt->blips = v->cfg[r]->nphases ? v->cfg[r]->phases[0].idle_blips_per_s : 0;
    }
    return true;
}

/* Three significant digits, whole numbers from 1000 up. */
static const char *num3(double x, char *buf, size_t n)
{
    if (!isfinite(x)) snprintf(buf, n, "-");
    else if (fabs(x) >= 1000) snprintf(buf, n, "%.0f", x);
    else snprintf(buf, n, "%.3g", x);
    return buf;
}

static bool hb_gps_ok(const hb_point *p) { return p->gps10 >= 0.8e6 && p->gps10 <= 1.2e6; }

typedef struct hb_gap {
    bool (*ok)(const hb_point *p);     /* the claim, on one point */
    double (*fig)(const hb_point *p);  /* its figure */
    const char *unit;
    double shown_max;                  /* > 0: a sweep figure above it reads ">max" (a ratio over a near-zero
                                        * denominator, like 6081 with ksoftirqd ~0, says only "far above") */
} hb_gap;

/* The shipped run (rep 0) decides "holds". Otherwise the sweep (reps 1..) must show that no setting
 * of the mechanism's parameters (FAST_NO_HZ off, or on with 1,000-10,000 idle blips per second per
 * CPU) gives the claim together with the article's grace-period rate: then it is a bounded gap;
 * if one does, the claim FAILS (ship that setting instead). */
static void hb_gap_check(const rp_view *v, int nsweep, const hb_gap *g, rp_verdict *out)
{
    hb_point p0;
    if (!hb_point_of(v, 0, &p0)) { snprintf(out->text, sizeof out->text, "the report has no rcu_sched figures"); return; }
    out->fig = g->fig(&p0);
    out->unit = g->unit;
    if (g->ok(&p0)) {
        out->holds = true;
        char f[24];
        snprintf(out->text, sizeof out->text, "%s %s", num3(out->fig, f, sizeof f), g->unit);
        return;
    }
    char list[160] = "", gps[120] = "";
    size_t a = 0, b = 0;
    for (int r = 1; r <= nsweep; r++) {
        hb_point p;
        if (!hb_point_of(v, r, &p)) { snprintf(out->text, sizeof out->text, "sweep run %d has no report", r); return; }
        if (hb_gps_ok(&p) && g->ok(&p)) {
            snprintf(out->text, sizeof out->text, "%.3g %s; but blips %.0f/s give %.3g with %.2f M GPs: ship that", out->fig,
                     g->unit, p.fast ? p.blips : 0, g->fig(&p), p.gps10 / 1e6);
            return;
        }
        char f[24];
        if (g->shown_max > 0 && g->fig(&p) > g->shown_max) snprintf(f, sizeof f, ">%.0f", g->shown_max);
        else num3(g->fig(&p), f, sizeof f);
        a += (size_t)snprintf(list + a, sizeof list - a, "%s%s", r > 1 ? " " : "", f);
        b += (size_t)snprintf(gps + b, sizeof gps - b, "%s%.2f", r > 1 ? " " : "", p.gps10 / 1e6);
        if (a >= sizeof list || b >= sizeof gps) break;
    }
    out->gap = true;
    char f[24];
    /* the sweep's figures carry the claim's unit, and its settings say what they vary: the tick path
     * alone, then FAST_NO_HZ with that many trips through idle per second per CPU */
    snprintf(out->text, sizeof out->text, "%s %s; sweep (%s), tick only / FAST_NO_HZ at 1k 2.5k 5k 10k idle entries/s "
             "per CPU: %.60s (at %.40s M GPs per 10 min)", num3(out->fig, f, sizeof f), g->unit, g->unit, list, gps);
}

/* ---------------------------------------------------------------- hackbench, 3.7 */

static void chk_hb_gps(const rp_view *v, rp_verdict *out)
{
    double g;
    if (!need(v->rep[0], "flavors.rcu_sched.grace_periods", &g, out)) return;
    char note[80], b[40];
    out->fig = over_span(v->rep[0], g, TEN_MIN, note, sizeof note);
    out->unit = "GPs per 10 min";
    /* the median GP length says what limits the rate: back to back, 600 s / p50 is the ceiling */
    double p50 = 0;
    rp_num(v->rep[0], "flavors.rcu_sched.gp_duration_ms.p50", &p50);
    snprintf(out->text, sizeof out->text, "%s in 10 min%s; median GP %.2f ms", grouped(out->fig, b, sizeof b), note, p50);
    out->holds = out->fig >= 0.8e6 && out->fig <= 1.2e6;
}

static bool cpu_ok(const hb_point *p) { return p->kth10 >= 30 && p->kth10 <= 45; }
static double cpu_fig(const hb_point *p) { return p->kth10; }

/* "more than thirty seconds", and at ~30 us per GP no more than ~45 s */
static void chk_hb_cpu(const rp_view *v, rp_verdict *out)
{
    static const hb_gap g = {cpu_ok, cpu_fig, "s of rcu_sched per 10 min", 0};
    hb_gap_check(v, HB_NSWEEP, &g, out);
}

static bool per_gp_ok(const hb_point *p) { return p->us_gp >= 20 && p->us_gp <= 40; }
static double per_gp_fig(const hb_point *p) { return p->us_gp; }

static void chk_hb_per_gp(const rp_view *v, rp_verdict *out)
{
    static const hb_gap g = {per_gp_ok, per_gp_fig, "us per GP", 0};
    hb_gap_check(v, HB_NSWEEP, &g, out);
}

static void chk_hb_upd_per_gp(const rp_view *v, rp_verdict *out)
{
    if (!need(v->rep[0], "flavors.rcu_sched.updates_per_gp", &out->fig, out)) return;
    out->unit = "updates per GP";
    snprintf(out->text, sizeof out->text, "%.0f updates per grace period", out->fig);
    out->holds = out->fig > 100;
}

static bool per_upd_ok(const hb_point *p) { return p->ns_upd >= 150 && p->ns_upd <= 450; }
static double per_upd_fig(const hb_point *p) { return p->ns_upd; }

static void chk_hb_per_update(const rp_view *v, rp_verdict *out)
{
    static const hb_gap g = {per_upd_ok, per_upd_fig, "ns per update", 0};
    hb_gap_check(v, HB_NSWEEP, &g, out);
}

static bool ratio_ok(const hb_point *p) { return p->ratio >= 0.67 && p->ratio <= 1.5; }
static double ratio_fig(const hb_point *p) { return p->ratio; }

static void chk_hb_kthreads_vs_ksoftirqd(const rp_view *v, rp_verdict *out)
{
    static const hb_gap g = {ratio_ok, ratio_fig, "GP kthreads / ksoftirqd", 100};
    hb_gap_check(v, HB_NSWEEP, &g, out);
}

/* Quick Quiz 3: the kthreads do not get all of it; ksoftirqd and the interrupted tasks keep a part. */
static void chk_hb_still_spread(const rp_view *v, rp_verdict *out)
{
    double k, s, in;
    if (!need(v->rep[0], "accounting.rcu_gp_kthreads_s", &k, out) ||
        !need(v->rep[0], "accounting.ksoftirqd_s", &s, out) ||
        !need(v->rep[0], "accounting.softirq_inline_s", &in, out))
        return;
    double all = k + s + in;
    out->fig = all > 0 ? (s + in) / all * 100 : 0;
    out->unit = "% outside the kthreads";
    snprintf(out->text, sizeof out->text, "GP kthreads %.2f s, ksoftirqd %.2f s, inline softirq %.2f s (%.0f %% outside the kthreads)",
             k, s, in, out->fig);
    out->holds = k > 0 && s > 0 && in > 0;
}

/* ---------------------------------------------------------------- hackbench, 3.6 against 3.7 */

/* All the CPU time the engine charges to RCU, wherever top would see it (or not): GP kthreads,
 * ksoftirqd, softirq run at irq exit, rcuc, the tick's RCU part and call_rcu()'s callers. The
 * article's point is that 3.7 moved this cost, not that it added to it, so the totals compare. */
static const char *const acct_keys[] = {"rcu_gp_kthreads_s", "ksoftirqd_s", "softirq_inline_s", "rcuc_s", "tick_s", "caller_s"};

/* vd NULL: a run the verdict does not rest on, whose absence says nothing */
static bool rcu_total_s(const cJSON *rep, double *out, rp_verdict *vd)
{
    *out = 0;
    for (size_t i = 0; i < sizeof acct_keys / sizeof acct_keys[0]; i++) {
        char path[64];
        double x;
        snprintf(path, sizeof path, "accounting.%s", acct_keys[i]);
        if (!need(rep, path, &x, vd)) return false;
        *out += x;
    }
    return true;
}

static void chk_sirq_same_cost(const rp_view *v, rp_verdict *out)
{
    double k, s;
    if (!rcu_total_s(v->rep[0], &k, out) || !rcu_total_s(v->rep[1], &s, out)) return;
    if (k <= 0) {
        snprintf(out->text, sizeof out->text, "the 3.7 run charged no RCU time at all");
        out->holds = false;
        return;
    }
    out->fig = (s / k - 1) * 100;
    out->unit = "%";
    /* said from 3.7's side, the bound's base: "3.6 ... 18 % less" reads right where "-18 %" read as 3.7
     * being cheaper */
    /* and where 3.7's difference comes from: the GP kthreads' sleep/wake cycles (wakeups, switches,
     * FQS timer), which this model charges on top of the work the article calls moved, not new. A
     * student read "holds" beside "a fifth more" elsewhere as two verdicts. */
    double wake_s = 0;
    const cJSON *fl = cJSON_GetObjectItemCaseSensitive(v->rep[0], "flavors");
    for (const cJSON *f = cJSON_IsObject(fl) ? fl->child : NULL; f; f = f->next)
        wake_s += cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(f, "kthread_sched_us")) / 1e6;
    /* A lecturer read "holds" beside "18 % less" as a contradiction of "not new overhead": the verdict
     * is the claim's tolerance, not "nothing was added". */
    int len;
    /* A maintainer's read: the difference of two totals is not a split by cause ("82 % moved, 18 %
     * new" beside "half of 3.7's time is waking and switching" contradicted itself), and 3.6's share
     * is not hidden from top, only from RCU's name (ksoftirqd is a thread in top). So: the totals,
     * the tolerance as rcuvis's, and the kthread's own scheduling as its own figure. */
    /* And a second maintainer's: the verdict compares totals only. 3.7's total includes the sleep/wake
     * 3.6 lacks; the two come out close because 3.6 pays elsewhere (a forcing pass per drain kick,
     * softirq-same-gp-cost's cell), so the cell says "in total" and counts the sleep/wake inside it. */
    len = snprintf(out->text, sizeof out->text, "all RCU CPU time, in total: 3.7 %.2f s, 3.6 %.2f s (3.6 %.0f %% %s; rcuvis allows 25 %%)",
                   k, s, fabs(out->fig), out->fig <= 0 ? "less" : "more");
    if (wake_s > 0 && len > 0 && (size_t)len < sizeof out->text)
        snprintf(out->text + len, sizeof out->text - (size_t)len,
                 ". 3.7's total includes %.2f s of its GP kthreads' own sleep/wake, which 3.6 does not have (3.6 runs a "
                 "forcing pass per drain kick instead: softirq-same-gp-cost); 3.6's time sits in ksoftirqd, irq-exit softirqs "
                 "and idle-task drains, in top but not under an RCU name", wake_s);
    /* the same comparison at other prices of a wakeup and of a context switch (HB_PRICES) */
    static const char *const price[4] = {"wakeups x0.5", "x2", "context switches x0.5", "x2"};
    for (int p = 0; p < 4; p++) {
        double pk = 0, ps = 0;
        if (!rcu_total_s(v->rep[2 + 2 * p], &pk, NULL) || !rcu_total_s(v->rep[3 + 2 * p], &ps, NULL) || pk <= 0) continue;
        len = (int)strlen(out->text);
        double d = (ps / pk - 1) * 100;
        if ((size_t)len < sizeof out->text)
            snprintf(out->text + len, sizeof out->text - (size_t)len, "%s%s %+.0f %%", p == 0 ? ". 3.6 against 3.7 at other prices: " : p == 2 ? "; " : ", ",
                     price[p], d);
    }
    out->holds = fabs(out->fig) <= 25;
}

static void chk_sirq_same_gp_cost(const rp_view *v, rp_verdict *out)
{
    double k, s, gk, gs;
    if (!need(v->rep[0], "flavors.rcu_sched.overhead_per_gp_us", &k, out) ||
        !need(v->rep[1], "flavors.rcu_sched.overhead_per_gp_us", &s, out) ||
        !need(v->rep[0], "flavors.rcu_sched.grace_periods", &gk, out) ||
        !need(v->rep[1], "flavors.rcu_sched.grace_periods", &gs, out))
        return;
    out->fig = k > 0 ? (s / k - 1) * 100 : INFINITY;
    out->unit = "%";
    /* Say both parts, as hackbench's captions do: what moved into the kthread, and what 3.7 adds
     * (its own wake-ups and context switches), so "holds" is not read as "nothing was added". */
    double ks = 0;
    rp_num(v->rep[0], "flavors.rcu_sched.kthread_sched_us", &ks);
    ks = gk > 0 ? ks / gk : 0;
    /* Not "the same work": 3.6 runs a forcing pass for each FAST_NO_HZ kick, 3.7 lets kicks share one
     * pass (RCU_GP_FLAG_FQS) but pays a kthread wakeup for it. The cell says both, so the verdict
     * reads as equal cost of different make-up, which is what the claim's wording now says. */
    snprintf(out->text, sizeof out->text,
             "rcu_sched GP machinery per GP: 3.7 %.0f us (%.0f GP work + %.0f the kthread's own sleep/wake), 3.6 %.0f us "
             "(%.0f %% %s; 3.6 runs a forcing pass per drain kick, 3.7 lets kicks share a pass); GPs %.0f vs %.0f",
             k, k - ks, ks, s, fabs(out->fig), out->fig <= 0 ? "less" : "more", gk, gs);
    out->holds = fabs(out->fig) <= 35;
}

/* The grace-period machinery's own CPU time, summed over flavors (the engine counts it wherever it
 * is charged). */
static double gp_work_s(const cJSON *rep)
{
    double sum = 0;
    const cJSON *fl = cJSON_GetObjectItemCaseSensitive(rep, "flavors");
    for (const cJSON *f = cJSON_IsObject(fl) ? fl->child : NULL; f; f = f->next)
        sum += cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(f, "gp_overhead_us")) / 1e6;
    return sum;
}

/* CPU time of the GP kthreads as top lists them (rcu_sched, rcu_bh, rcu_preempt). */
static double gp_thread_s(const cJSON *rep)
{
    double sum = 0;
    const cJSON *th = cJSON_GetObjectItemCaseSensitive(rep, "threads");
    for (const cJSON *t = cJSON_IsArray(th) ? th->child : NULL; t; t = t->next) {
        const char *n = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(t, "name"));
        if (n && rv_flavor_from_name(n) >= 0 && !strncmp(n, "rcu_", 4))
            sum += cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(t, "cpu_seconds"));
    }
    return sum;
}

static void chk_sirq_hidden(const rp_view *v, rp_verdict *out)
{
    double kk, sk, s_ks, s_in, s_task;
    if (!need(v->rep[0], "accounting.rcu_gp_kthreads_s", &kk, out) ||
        !need(v->rep[1], "accounting.rcu_gp_kthreads_s", &sk, out) ||
        !need(v->rep[1], "accounting.ksoftirqd_s", &s_ks, out) ||
        !need(v->rep[1], "accounting.softirq_inline_s", &s_in, out) ||
        !need(v->rep[1], "accounting.caller_s", &s_task, out))
        return;
    /* in 3.6 nothing shows up under a GP kthread's name, and the GP work fits inside softirq time
     * (ksoftirqd, or run at irq exit on whatever task was interrupted) and the tasks that call into
     * RCU: with RCU_FAST_NO_HZ, the idle task's drain runs FQS passes inline, counted as idle time */
    double work = gp_work_s(v->rep[1]), threads = gp_thread_s(v->rep[1]), hidden = s_ks + s_in + s_task;
    out->fig = hidden > 0 ? work / hidden * 100 : INFINITY;
    out->unit = "% of the softirq and caller time is GP work";
    snprintf(out->text, sizeof out->text,
             /* the three are whole contexts, GP work and the rest: the GP work fits inside their sum (a
              * "+" between them read as a breakdown of the GP work that did not add up) */
             "3.6: GP kthreads %.2f s; its %.2f s of GP work runs inside %.2f s of ksoftirqd (%.2f s), softirq at "
             "irq exit (%.2f s) and tasks: idle drains and call_rcu() callers (%.2f s) (3.7: kthreads %.2f s)",
             sk + threads, work, hidden, s_ks, s_in, s_task, kk);
    out->holds = sk == 0 && threads == 0 && work > 0 && work <= hidden;
}

/* ---------------------------------------------------------------- rcutorture */

/* The flavor the torture writers use, else the flavor with the most grace periods. */
static int torture_flavor(const rv_config *cfg)
{
    for (size_t i = 0; cfg && i < cfg->nphases; i++)
        if (cfg->phases[i].torture_writer || cfg->phases[i].torture_fake_writers > 0) return cfg->phases[i].torture_flavor;
    return -1;
}

static void chk_rt_gps(const rp_view *v, rp_verdict *out)
{
    int f = torture_flavor(v->cfg[0]);
    double g = 0;
    char path[96];
    if (f < 0) {
        for (int i = 0; i < RV_NFLAVORS; i++) {
            double x;
            snprintf(path, sizeof path, "flavors.%s.grace_periods", rv_flavor_name(i));
            if (rp_num(v->rep[0], path, &x) && (f < 0 || x > g)) f = i, g = x;
        }
        if (f < 0) f = RV_SCHED;
    }
    snprintf(path, sizeof path, "flavors.%s.grace_periods", rv_flavor_name(f));
    if (!need(v->rep[0], path, &g, out)) return;
    char note[80], b[40];
    out->fig = over_span(v->rep[0], g, TEN_MIN, note, sizeof note);
    out->unit = "GPs per 10 min";
    snprintf(out->text, sizeof out->text, "%s %s GPs in 10 min%s", grouped(out->fig, b, sizeof b), rv_flavor_name(f),
             note);
    out->holds = out->fig >= 80e3 && out->fig <= 120e3;
}

/* Reader Pipe as rcutorture prints it; returns readers that saw an element two or more grace
 * periods old (each one a reader that outlived a grace period: a failure). */
static bool pipe_late(const cJSON *rep, double *late, double *total, char *buf, size_t n, rp_verdict *vd)
{
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(rep, "safety"), "reader_pipe");
    if (!cJSON_IsArray(p)) {
        snprintf(vd->text, sizeof vd->text, "the report has no safety.reader_pipe");
        vd->holds = false;
        return false;
    }
    *late = *total = 0;
    size_t k = (size_t)snprintf(buf, n, "Reader Pipe:");
    int i = 0;
    for (const cJSON *x = p->child; x; x = x->next, i++) {
        double c = cJSON_GetNumberValue(x);
        *total += c;
        if (i >= 2) *late += c;
        if (k < n) k += (size_t)snprintf(buf + k, n - k, " %.0f", c);
    }
    return true;
}

static void chk_rt_clean(const rp_view *v, rp_verdict *out)
{
    double late, total, viol;
    char pipe[160];
    if (!pipe_late(v->rep[0], &late, &total, pipe, sizeof pipe, out) ||
        !need(v->rep[0], "safety.violations", &viol, out))
        return;
    out->fig = late;
    out->unit = "late readers";
    snprintf(out->text, sizeof out->text, "%s; %.0f violations", pipe, viol);
    out->holds = total > 0 && late == 0 && viol == 0;
}

static void chk_rt_busted(const rp_view *v, rp_verdict *out)
{
    double late, total, viol;
    char pipe[160];
    if (!pipe_late(v->rep[0], &late, &total, pipe, sizeof pipe, out) ||
        !need(v->rep[0], "safety.violations", &viol, out))
        return;
    out->fig = late;
    out->unit = "late readers";
    snprintf(out->text, sizeof out->text, "busted: %s; %.0f violations", pipe, viol);
    out->holds = late > 0 && viol > 0;
}

/* ---------------------------------------------------------------- OMAP */

/* The idle stretch: from the last work before the scripted "idle" of all CPUs (the end of the
 * last workload phase, or the last scripted burst of updates) to the first "wake" after it. The
 * board of the thread had nothing to do once its last callbacks were queued; the scripted idle
 * only makes sure every CPU is asleep. Without such events the whole run counts. */
static void idle_stretch(const rv_config *cfg, double *from, double *to)
{
    *from = 0;
    *to = cfg ? cfg->duration_s : 0;
    if (!cfg) return;
    double idle_at = -1;
    for (size_t i = 0; i < cfg->nevents; i++) {
        const rv_inject *ev = &cfg->events[i];
        if (idle_at < 0 && ev->kind == RV_INJ_IDLE && ev->cpu < 0) {
            idle_at = ev->at_s;
        } else if (idle_at >= 0 && ev->kind == RV_INJ_WAKE) {
            *to = ev->at_s;
            break;
        }
    }
    if (*to > cfg->duration_s) *to = cfg->duration_s;
    if (idle_at < 0) return;
    double last = 0;
    for (size_t i = 0; i < cfg->nphases; i++) {
        const rv_phase *ph = &cfg->phases[i];
        if (ph->start_s >= idle_at) continue;
        double end = ph->end_s > ph->start_s && ph->end_s < idle_at ? ph->end_s : idle_at;
        last = end > last ? end : last;
    }
    for (size_t i = 0; i < cfg->nevents; i++) {
        const rv_inject *ev = &cfg->events[i];
        if (ev->at_s < idle_at && ev->kind != RV_INJ_IDLE && ev->at_s > last) last = ev->at_s;
    }
    *from = last;
}

static int omap_marks(const rv_config *cfg, double *at_s, int max)
{
    if (max < 2) return 0;
    idle_stretch(cfg, &at_s[0], &at_s[1]);
    return 2;
}

static void chk_omap_stall(const rp_view *v, rp_verdict *out)
{
    double from, to;
    idle_stretch(v->cfg[0], &from, &to);
    double idle = to - from, hz = v->cfg[0] ? v->cfg[0]->hz : 1000;
    const cJSON *stalls = cJSON_GetObjectItemCaseSensitive(v->rep[0], "stalls");
    const cJSON *hit = NULL;
    for (const cJSON *s = stalls ? stalls->child : NULL; s && !hit; s = s->next) {
        const char *text = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(s, "text"));
        if (text && strstr(text, "self-detected stall")) hit = s;
    }
    if (!hit) {
        snprintf(out->text, sizeof out->text, "no self-detected stall (%d stall lines)", cJSON_GetArraySize(stalls));
        out->holds = false;
        return;
    }
    double jif = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(hit, "jiffies"));
    double at = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(hit, "t_s"));
    out->fig = jif / hz;
    out->unit = "s of stall t";
    snprintf(out->text, sizeof out->text, "self-detected stall at %.1f s, t=%.0f jiffies = %.2f s; idle %.2f s (%.1f-%.1f s)",
             at, jif, out->fig, idle, from, to);
    out->holds = idle > 0 && fabs(out->fig - idle) <= 0.05 * idle;
}

static void chk_omap_kthread(const rp_view *v, rp_verdict *out)
{
    double stalls, f0, f1;
    if (!need(v->rep[0], "stalls.length", &stalls, out)) return;
    if (v->nsnaps[0] < 2 || !need(v->snap[0][0], "flavors.rcu_sched.fqs_scans", &f0, out) ||
        !need(v->snap[0][1], "flavors.rcu_sched.fqs_scans", &f1, out)) {
        if (v->nsnaps[0] < 2) snprintf(out->text, sizeof out->text, "the run kept no snapshots of the idle stretch");
        out->holds = false;
        return;
    }
    double from, to;
    idle_stretch(v->cfg[0], &from, &to);
    out->fig = f1 - f0;
    out->unit = "FQS scans while idle";
    /* the thread's "does start a few times" counts the forcing loop's entries, one per grace period
     * nothing needed, over a span it does not give; a student set it against this row's "1 scan" */
    double g0 = 0, g1 = 0;
    bool gps = need(v->snap[0][0], "flavors.rcu_sched.grace_periods", &g0, NULL) &&
               need(v->snap[0][1], "flavors.rcu_sched.grace_periods", &g1, NULL);
    char ended[200] = "";
    if (gps)
        snprintf(ended, sizeof ended, "; %.0f grace period%s ended in that span (the thread's \"does start a few times\" counts "
                 "the forcing loop's entries over a span it does not give)", g1 - g0, g1 - g0 == 1 ? "" : "s");
    snprintf(out->text, sizeof out->text, "%.0f stall line%s; %.0f rcu_sched FQS scan%s while idle (%.1f-%.1f s)%s", stalls,
             stalls == 1 ? "" : "s", out->fig, out->fig == 1 ? "" : "s", from, to, ended);
    out->holds = stalls == 0 && out->fig > 0;
}

static void chk_no_stall(const rp_view *v, rp_verdict *out)
{
    if (!need(v->rep[0], "stalls.length", &out->fig, out)) return;
    out->unit = "stall lines";
    snprintf(out->text, sizeof out->text, "%.0f stall lines", out->fig);
    out->holds = out->fig == 0;
}

/* ---------------------------------------------------------------- big machine */

static void chk_big_irqs_off(const rp_view *v, rp_verdict *out)
{
    if (!need(v->rep[0], "latency.max_irqs_off_us", &out->fig, out)) return;
    out->unit = "us";
    snprintf(out->text, sizeof out->text, "3.6: longest irqs-off stretch %.0f us (a forcing pass over the idle CPUs with the GP end and "
             "start it brings; the init walk alone, 261 nodes, is ~200 us because node_lock_ns was set to give that, so the "
             "verdict rests on the forcing pass)", out->fig);
    out->holds = out->fig >= 200;
}

static void chk_big_nonpreempt(const rp_view *v, rp_verdict *out)
{
    double irqs, old;
    if (!need(v->rep[0], "latency.max_nonpreempt_us", &out->fig, out) ||
        !need(v->rep[0], "latency.max_irqs_off_us", &irqs, out) ||
        !need(v->rep[1], "latency.max_nonpreempt_us", &old, out))
        return;
    out->unit = "us";
    snprintf(out->text, sizeof out->text, "3.7: longest non-preemptible stretch %.1f us, irqs off %.1f us (3.6: %.0f us)",
             out->fig, irqs, old);
    out->holds = out->fig < 10;
}

static void chk_big_per_gp(const rp_view *v, rp_verdict *out)
{
    double a, b, th = 0, g = 0;
    if (!need(v->rep[0], "flavors.rcu_sched.overhead_per_gp_us", &a, out) ||
        !need(v->rep[1], "flavors.rcu_sched.overhead_per_gp_us", &b, out))
        return;
    rp_num(v->rep[1], "threads.rcu_sched.cpu_seconds", &th);
    rp_num(v->rep[1], "flavors.rcu_sched.grace_periods", &g);
    out->fig = a < b ? a : b;
    out->unit = "us per GP, lower mode";
    /* the GP machinery wherever charged (3.6 has no thread to divide), and 3.7's rcu_sched thread time
     * per GP, the arithmetic of the article's ~30 us, beside it */
    snprintf(out->text, sizeof out->text, "rcu_sched GP machinery: 3.6 %.0f us, 3.7 %.0f us per grace period (3.7's rcu_sched "
             "thread alone %.0f us)", a, b, g > 0 ? th * 1e6 / g : 0);
    /* "many hundreds": the same bound as big-machine.json's own expect */
    out->holds = out->fig >= 300;
}

/* ---------------------------------------------------------------- scaling sweep */

/* The sweep's runs, in this order, in every scaling claim (so they are shared): all CPUs busy at
 * 2..64 CPUs, then 64 CPUs with 25, 50 and 75 % of them idle (the workload covers only the rest). */
#define SC(n) {"scaling", {"cpus=" #n}, RP_FULL, NULL}
#define SC_IDLE(busy) {"scaling", {"cpus=64", "workload.0.cpus=" busy}, RP_FULL, NULL}
#define SC_RATE(r) {"scaling", {"cpus=2", "workload.0.call_rcu_per_s.rcu_sched=" #r}, RP_FULL, NULL}
#define SWEEP SC(2), SC(4), SC(8), SC(16), SC(17), SC(32), SC(33), SC(48), SC(64), SC_IDLE("0-47"), SC_IDLE("0-31"), \
    SC_IDLE("0-15"), SC_RATE(25), SC_RATE(1600)
/* SW_2R25 and SW_2R1600: 2 CPUs at 25 and 1,600 call_rcu() per second per CPU (the scenario has 400) */
enum { SW_2, SW_4, SW_8, SW_16, SW_17, SW_32, SW_33, SW_48, SW_64, SW_64I25, SW_64I50, SW_64I75, SW_2R25, SW_2R1600, SW_N };
enum { SW_MACHINES = SW_2R25 }; /* the points at the scenario's own update rate */
static const int sweep_cpus[SW_N] = {2, 4, 8, 16, 17, 32, 33, 48, 64, 64, 64, 64, 2, 2};
static const int sweep_idle_pct[SW_N] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 25, 50, 75, 0, 0};

static bool sweep_us(const rp_view *v, double *us, rp_verdict *out)
{
    for (int i = 0; i < SW_N; i++)
        if (!need(v->rep[i], "flavors.rcu_sched.overhead_per_gp_us", &us[i], out)) return false;
    return true;
}

static void chk_scaling_step(const rp_view *v, rp_verdict *out)
{
    double us[SW_N];
    if (!sweep_us(v, us, out)) return;
    /* one CPU past a multiple of fanout_leaf adds a leaf (and a root) that every GP's init and
     * cleanup walk: it must cost several times what an extra CPU inside a leaf costs (each CPU
     * still reports its own quiescent state, so "flat" is a slope, not zero) */
    double step1 = us[SW_17] - us[SW_16], step2 = us[SW_33] - us[SW_32];
    /* "several CPUs' worth": at least three. (It was five until each CPU's GP request paid the root
     * lock it takes in 3.7, which steepened the slope inside a leaf; the steps are 4.5-8 times it.) */
    double slope = (us[SW_32] - us[SW_17]) / 15, floor = 3 * (slope > 0 ? slope : 0);
    out->fig = step1 < step2 ? step1 : step2;
    out->unit = "us, smaller step";
    /* and between the steps it never falls as CPUs are added (3 % allows for the workload's noise) */
    int drop = -1;
    for (int i = SW_2; i < SW_64 && drop < 0; i++)
        if (us[i + 1] < us[i] * 0.97) drop = i;
    char tail[64] = "";
    if (drop >= 0)
        snprintf(tail, sizeof tail, "; but %d->%d CPUs falls %.1f->%.1f us", sweep_cpus[drop], sweep_cpus[drop + 1],
                 us[drop], us[drop + 1]);
    snprintf(out->text, sizeof out->text,
             "+1 CPU at 16->17: %+.1f us, at 32->33: %+.1f us; 17->32: %+.2f us per CPU; 2->64 CPUs: %.1f->%.1f us%s",
             step1, step2, slope, us[SW_2], us[SW_64], tail);
    out->holds = step1 > 0 && step2 > 0 && step1 >= floor && step2 >= floor && drop < 0;
}

/* The article's second factor: idle CPUs must be probed by FQS (a remote cache miss each, in the
 * kthread), where a busy CPU reports itself. On 64 CPUs with 0/25/50/75 % of them idle, the FQS work
 * per GP and its share of all GP work must rise at every step. (The total per GP need not: an idle
 * CPU also skips its own notice-and-report lock sections.) */
static void chk_scaling_idle(const rp_view *v, rp_verdict *out)
{
    static const int pts[4] = {SW_64, SW_64I25, SW_64I50, SW_64I75};
    double us[4], fqs[4], share[4];
    for (int i = 0; i < 4; i++) {
        double gp_us, g;
        if (!need(v->rep[pts[i]], "flavors.rcu_sched.overhead_per_gp_us", &us[i], out) ||
            !need(v->rep[pts[i]], "flavors.rcu_sched.fqs_overhead_us", &fqs[i], out) ||
            !need(v->rep[pts[i]], "flavors.rcu_sched.gp_overhead_us", &gp_us, out) ||
            !need(v->rep[pts[i]], "flavors.rcu_sched.grace_periods", &g, out))
            return;
        share[i] = gp_us > 0 ? fqs[i] / gp_us * 100 : 0;
        fqs[i] = g > 0 ? fqs[i] / g : 0;
    }
    bool rising = true;
    for (int i = 1; i < 4; i++) rising &= fqs[i] > fqs[i - 1] && share[i] > share[i - 1];
    out->fig = fqs[3];
    out->unit = "us of FQS per GP at 75 % idle";
    snprintf(out->text, sizeof out->text,
             "64 CPUs, 0/25/50/75 %% idle: FQS %.1f/%.1f/%.1f/%.1f us per GP (%.0f/%.0f/%.0f/%.0f %% of %.0f/%.0f/%.0f/%.0f us)",
             fqs[0], fqs[1], fqs[2], fqs[3], share[0], share[1], share[2], share[3], us[0], us[1], us[2], us[3]);
    out->holds = rising;
}

static void chk_scaling_range(const rp_view *v, rp_verdict *out)
{
    double us[SW_N], th[SW_N];
    if (!sweep_us(v, us, out)) return;
    /* rcu_sched's own thread time per GP, the arithmetic of the article's ~30 us on hackbench, shown
     * beside the verdict's figure: the article does not say what it divided for its 15-100 us, so the
     * verdict reads the GP machinery wherever it is charged (what a 3.6 kernel would have to count
     * too) and the cell gives both */
    for (int i = 0; i < SW_N; i++) {
        double t = 0, g = 0;
        rp_num(v->rep[i], "threads.rcu_sched.cpu_seconds", &t);
        rp_num(v->rep[i], "flavors.rcu_sched.grace_periods", &g);
        th[i] = g > 0 ? t * 1e6 / g : 0;
    }
    double th_lo = th[SW_2], th_hi = th[SW_2]; /* over the all-busy machines */
    for (int i = SW_2; i <= SW_64; i++) {
        if (th[i] < th_lo) th_lo = th[i];
        if (th[i] > th_hi) th_hi = th[i];
    }
    int lo = 0, hi = 0;
    bool small_only = true; /* every point out of range is a 2- or 4-CPU machine below 15 us */
    for (int i = 0; i < SW_MACHINES; i++) {
        if (us[i] < us[lo]) lo = i;
        if (us[i] > us[hi]) hi = i;
        if (us[i] < 15 || us[i] > 100) small_only &= us[i] < 15 && sweep_cpus[i] <= 4;
    }
    out->fig = us[hi];
    out->unit = "us at the dearest point";
    char idle_lo[16] = "", idle_hi[16] = "";
    if (sweep_idle_pct[lo]) snprintf(idle_lo, sizeof idle_lo, ", %d%% idle", sweep_idle_pct[lo]);
    if (sweep_idle_pct[hi]) snprintf(idle_hi, sizeof idle_hi, ", %d%% idle", sweep_idle_pct[hi]);
    out->holds = us[lo] >= 15 && us[hi] <= 100;
    /* A gap, not a failure, when only the smallest machines fall short: there a GP is at most two
     * kthread sleep/wake cycles and a handful of lock sections, fewer when rcu_gp_cleanup() chains
     * the next GP (a busier machine). The 2-CPU update-rate points show that range. */
    out->gap = !out->holds && small_only;
    snprintf(out->text, sizeof out->text,
             "GP machinery %.1f us (%d CPUs%s) to %.1f us (%d CPUs%s); 2/4/8 CPUs: %.1f/%.1f/%.1f us; 2 CPUs at 25/400/1600 "
             "updates/s per CPU: %.1f/%.1f/%.1f us. rcu_sched thread alone: %.1f-%.1f us on 2-64 busy CPUs, %.1f/%.1f/%.1f us "
             "with 25/50/75 %% of 64 idle",
             us[lo], sweep_cpus[lo], idle_lo, us[hi], sweep_cpus[hi], idle_hi, us[SW_2], us[SW_4], us[SW_8], us[SW_2R25],
             us[SW_2], us[SW_2R1600], th_lo, th_hi, th[SW_64I25], th[SW_64I50], th[SW_64I75]);
}

/* ---------------------------------------------------------------- kernel build */

/* The kernel-build sweep: short runs of the build phase alone (tick only; FAST_NO_HZ with 0 to 1,000
 * idle blips per second per CPU; the old bursts of 30 at the shipped blip rate), each read as
 * rcu_sched CPU time per second of builds and scaled to the scenario's hours of builds. */
#define KB_NSWEEP 7 /* tick only; blips 0 100 250 500 1000; blips 500 in bursts of 30 */

/* Seconds of builds in the scenario: the first phase's span. */
static double kb_build_s(const rv_config *cfg)
{
    if (!cfg || !cfg->nphases) return 7200;
    const rv_phase *ph = &cfg->phases[0];
    return ph->end_s > ph->start_s ? ph->end_s - ph->start_s : cfg->duration_s;
}

static void chk_kb_cpu(const rp_view *v, rp_verdict *out)
{
    double s, g;
    if (!need(v->rep[0], "threads.rcu_sched.cpu_seconds", &s, out) ||
        !need(v->rep[0], "flavors.rcu_sched.grace_periods", &g, out))
        return;
    double k = v->scale[0] > 0 ? v->scale[0] : 1, hours = sim_seconds(v->rep[0]) / k / 3600;
    out->fig = s / k; /* a squeezed timeline ran that fraction of the builds */
    out->unit = "s";
    out->holds = out->fig > 180;
    double per_gp = g > 0 ? s / g : 0;
    /* The sweep: what the same builds give per their full span at each setting. Nothing measures a
     * build's idle-entry rate or how its call_rcu()s bunch up, so the table shows how the figure
     * moves with them; the verdict is the shipped run's. A shortfall is a bounded gap only if no
     * sweep point reaches 180 s either; if one does, the claim FAILS (ship that setting). */
    double x[KB_NSWEEP];
    bool reachable = false;
    double span = kb_build_s(v->cfg[0]) / k;
    for (int r = 1; r <= KB_NSWEEP; r++) {
        if (!need(v->rep[r], "threads.rcu_sched.cpu_seconds", &x[r - 1], out)) return;
        x[r - 1] *= span / sim_seconds(v->rep[r]);
        reachable |= x[r - 1] > 180;
    }
    out->gap = !out->holds && !reachable;
    /* the builds' span and the idle minutes after them, as the sweep's "per 2 h of builds" counts
     * (rcu_sched gains next to nothing while idle: "289 s after 2.2 h" beside "per 2 h: 289 s" read
     * as two different figures) */
    double idle_min = (hours * 3600 - span) / 60;
    /* A maintainer read "holds" here beside hackbench-us-per-gp's GAP: the figure is reached at the
     * model's own cost per grace period, the excess that row calls a gap, so the cell says at what
     * cost it holds and what the article's cost would give. */
    double at_article = per_gp > 0 ? out->fig * 30e-6 / per_gp : 0;
    snprintf(out->text, sizeof out->text,
             "rcu_sched %.0f s after %.0f h of builds and %.0f min idle. %s at the model's %.0f us of kthread time per GP, "
             "%.1fx the article's ~30 us, an excess hackbench-us-per-gp calls a gap; at ~30 us it would be %.0f s. "
             "Per %.0f h of builds: tick only %.0f s; FAST_NO_HZ, blips 0/100/250/500/1000 per s: %.0f/%.0f/%.0f/%.0f/%.0f s; "
             "500 in bursts of 30: %.0f s",
             out->fig, span / 3600, idle_min > 0 ? idle_min : 0, out->holds ? "Holds" : "Short of 180 s even", per_gp * 1e6,
             per_gp * 1e6 / 30, at_article, span / 3600, x[0], x[1], x[2], x[3], x[4], x[5], x[6]);
}

static void chk_kb_top(const rp_view *v, rp_verdict *out)
{
    const cJSON *th = cJSON_GetObjectItemCaseSensitive(v->rep[0], "threads");
    const cJSON *first = NULL, *second = NULL;
    for (const cJSON *t = th ? th->child : NULL; t && !second; t = t->next) {
        if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(t, "alive"))) continue;
        if (!first) first = t;
        else second = t;
    }
    if (!first) {
        snprintf(out->text, sizeof out->text, "no thread is alive at the end");
        out->holds = false;
        return;
    }
    const char *n1 = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(first, "name"));
    double s1 = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(first, "cpu_seconds"));
    out->fig = s1;
    out->unit = "s";
    /* the order is the claim; under --quick the seconds are the squeezed run's own, not scaled back as
     * kernel-build-cpu's are, and say so (a bare "6 s" beside that claim's "289 s" read as a contradiction) */
    const char *own = v->scale[0] > 0 && v->scale[0] != 1 ? " (the shortened run's own seconds)" : "";
    if (second)
        snprintf(out->text, sizeof out->text, "first: %s %.0f s; next: %s %.1f s%s", n1 ? n1 : "?", s1,
                 cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(second, "name")),
                 cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(second, "cpu_seconds")), own);
    else
        snprintf(out->text, sizeof out->text, "first: %s %.0f s, alone%s", n1 ? n1 : "?", s1, own);
    out->holds = n1 && strcmp(n1, "rcu_sched") == 0;
}

/* ---------------------------------------------------------------- the table */

#define HB_37 {"hackbench", {"rcu.mode=kthread"}, RP_TRUNCATE, NULL}
#define HB_SW(...) {"hackbench", {"rcu.mode=kthread", "duration_s=20", __VA_ARGS__}, RP_TRUNCATE, NULL}
#define HB_SWEEP HB_37, HB_SW("rcu.fast_no_hz=false"), HB_SW("workload.0.idle_blips_per_s=1000"), \
    HB_SW("workload.0.idle_blips_per_s=2500"), HB_SW("workload.0.idle_blips_per_s=5000"), \
    HB_SW("workload.0.idle_blips_per_s=10000")
#define HB_36 {"hackbench", {"rcu.mode=softirq"}, RP_TRUNCATE, NULL}
/* The thesis at other prices of the two costs 3.7's kthread adds (a hardware reviewer: "how much of
 * 'added' rests on them?"): both wakeup prices, then the context switch, halved and doubled, each in
 * both designs (3.6's ksoftirqd/N turns pay them too), in pairs 3.7 then 3.6. */
#define HB_PRICE(...) {"hackbench", {"rcu.mode=kthread", __VA_ARGS__}, RP_TRUNCATE, NULL}, \
    {"hackbench", {"rcu.mode=softirq", __VA_ARGS__}, RP_TRUNCATE, NULL}
#define HB_PRICES HB_PRICE("costs.wakeup_ns=1000", "costs.local_wakeup_ns=250"), \
    HB_PRICE("costs.wakeup_ns=4000", "costs.local_wakeup_ns=1000"), HB_PRICE("costs.sched_switch_ns=750"), \
    HB_PRICE("costs.sched_switch_ns=3000")
#define HB_NPRICES 8
#define RT {"rcutorture", {NULL}, RP_TRUNCATE, NULL}
#define RT_BUSTED {"rcutorture", {"rcu.busted=true"}, RP_TRUNCATE, NULL}
#define OMAP_36 {"omap-stall", {"rcu.mode=softirq", "rcu.needs_gp_fix=false"}, RP_FULL, omap_marks}
/* the -rcu kthread branch Walmsley tested predates the cpu_needs_another_gp() fix: without it here too,
 * so the kthread alone is what silences the warning */
#define OMAP_37 {"omap-stall", {"rcu.mode=kthread", "rcu.needs_gp_fix=false"}, RP_FULL, omap_marks}
#define OMAP_FIX {"omap-stall", {"rcu.mode=softirq", "rcu.needs_gp_fix=true"}, RP_FULL, NULL}
#define BIG_36 {"big-machine", {"rcu.mode=softirq"}, RP_FULL, NULL}
#define BIG_37 {"big-machine", {"rcu.mode=kthread"}, RP_FULL, NULL}
#define KB {"kernel-build", {NULL}, RP_COMPRESS, NULL}
#define KB_SW(...) {"kernel-build", {"duration_s=120", __VA_ARGS__}, RP_TRUNCATE, NULL}
#define KB_SWEEP KB, KB_SW("rcu.fast_no_hz=false"), KB_SW("workload.0.idle_blips_per_s=0"), \
    KB_SW("workload.0.idle_blips_per_s=100"), KB_SW("workload.0.idle_blips_per_s=250"), \
    KB_SW("workload.0.idle_blips_per_s=500"), KB_SW("workload.0.idle_blips_per_s=1000"), \
    KB_SW("workload.0.idle_blips_per_s=500", "workload.0.burst_mean=30")

/* The last field marks a calibrated row: a figure some scenario input was derived from. Only the two
 * hackbench rows are: kernel-build's idle-entry rate comes from what a build does (a context switch
 * in four finds nothing runnable) and its sweep shows how the figure moves with it, so that row holds,
 * and its cell says at which per-GP cost; big-irqs-off's verdict reads a forcing pass, not the init
 * walk whose ~200 us node_lock_ns was rounded to give (engine/config.c). */
const rp_claim rp_claims[] = {
    {"hackbench-gps", "Ten minutes of hackbench can result in almost a million rcu_sched grace periods (the machine, 3.7 on 16 CPUs, is the model's assumption)",
     "almost 1,000,000 in 10 min (0.8-1.2 M)", {HB_37}, 1, chk_hb_gps,
     "the hackbench scenario's RCU_FAST_NO_HZ and idle-entry rate (which nothing measures) were chosen so that this model "
     "reaches the article's rate of grace periods"},
    {"hackbench-cpu", "...and rcu_sched shows more than thirty seconds of CPU time in top (about 30 us per GP)",
     "> 30 s, about 30 us per GP (30-45 s)", {HB_SWEEP}, 1 + HB_NSWEEP, chk_hb_cpu, NULL},
    {"hackbench-us-per-gp", "On hackbench rcu_sched's CPU time averages about thirty microseconds per grace period", "~30 us (20-40)", {HB_SWEEP}, 1 + HB_NSWEEP,
     chk_hb_per_gp, NULL},
    {"hackbench-updates-per-gp", "One grace period can serve more than a hundred updates (the article says so in general; checked here on hackbench)", "> 100", {HB_37}, 1,
     chk_hb_upd_per_gp,
     "the hackbench scenario's call_rcu() rate is the article's > 100 updates per grace period times its ~1 M grace "
     "periods in ten minutes"},
    {"hackbench-ns-per-update", "...so one update costs only about 300 nanoseconds (the article, in general; checked on hackbench)", "~300 ns (150-450)", {HB_SWEEP}, 1 + HB_NSWEEP,
     chk_hb_per_update, NULL},
    {"hackbench-kthreads-vs-ksoftirqd", "The GP kthreads' CPU time is often roughly that of all ksoftirqd threads (the article, in general; checked on hackbench, whose ksoftirqd here carries RCU's softirq work only)",
     "roughly equal (ratio 0.67-1.5)", {HB_SWEEP}, 1 + HB_NSWEEP, chk_hb_kthreads_vs_ksoftirqd, NULL},
    {"hackbench-still-spread", "Even in 3.7 part of RCU's CPU time stays on ksoftirqd and on the interrupted tasks",
     "some on ksoftirqd, some spread over other tasks", {HB_37}, 1, chk_hb_still_spread, NULL},
    {"softirq-same-cost",
     "Under 3.6 the same hackbench costs as much RCU CPU time in total (accounting: kthreads, ksoftirqd, inline softirq, rcuc, tick, callers)",
     "not new overhead (within 25 %)", {HB_37, HB_36, HB_PRICES}, 2 + HB_NPRICES, chk_sirq_same_cost, NULL},
    {"softirq-same-gp-cost",
     "...and its grace-period machinery costs as much per grace period (starting, forcing, ending GPs wherever charged; for 3.7 with the kthread's own scheduling)",
     "not new overhead, hidden in softirq, now visible (3.6 within 35 % of 3.7)", {HB_37, HB_36}, 2, chk_sirq_same_gp_cost, NULL},
    {"softirq-hidden", "...but 3.6 charges it to ksoftirqd, interrupted tasks and the idle task: no GP kthread in top",
     "hidden in softirq before 3.7", {HB_37, HB_36}, 2, chk_sirq_hidden, NULL},
    {"rcutorture-gps", "A typical rcutorture run would probably do only about a tenth of hackbench's grace periods (the author's estimate; rcu_preempt GPs here)", "~100,000 in 10 min (80-120 k)",
     {RT}, 1, chk_rt_gps, NULL},
    {"rcutorture-pipe", "rcutorture's Reader Pipe stays zero past stage 1 (no reader outlives a grace period)",
     "(rcuvis's check: rcutorture's own pass criterion) pipe[2..] = 0", {RT}, 1, chk_rt_clean, NULL},
    {"rcutorture-busted", "With rcu_busted (a torture type of later kernels) the Reader Pipe fills past stage 1 and the checker counts violations",
     "(rcuvis's check: rcutorture's fail criterion) pipe[>=2] > 0", {RT_BUSTED}, 1, chk_rt_busted, NULL},
    {"omap-stall", "3.6 on the idle OMAP board prints a self-detected stall whose t= spans the idle stretch",
     "self-detected stall warnings (the thread; t = idle time is the model's reconstruction, 5 %)", {OMAP_36}, 1, chk_omap_stall, NULL},
    {"omap-kthread", "Driven by the GP kthread (the branch Walmsley tested, without the predicate fix) the warning is gone, and FQS runs while the CPUs idle",
     "warnings go away; FQS loop runs with no callbacks", {OMAP_37}, 1, chk_omap_kthread, NULL},
    {"omap-fix", "The mainline fix (v3.7's cpu_needs_another_gp(); the thread only promises one) also silences it under the 3.6 design", "a fix promised (rcuvis: no stall warning)",
     {OMAP_FIX}, 1, chk_no_stall, NULL},
    {"big-irqs-off", "On 4096 CPUs 3.6's grace-period machinery runs with irqs off for over 200 us at a time (the article: GP initialization)",
     ">= 200 us latency spikes", {BIG_36}, 1, chk_big_irqs_off, NULL},
    {"big-nonpreempt", "In the 3.7 kthread it is preemptible: no stretch longer than a few microseconds",
     "preemptible (rcuvis's bound, no source figure: < 10 us)", {BIG_37, BIG_36}, 2, chk_big_nonpreempt, NULL},
    {"big-us-per-gp", "A system with thousands of CPUs might consume many hundreds of microseconds per grace period (the author's expectation)",
     "many hundreds of us (>= 300)", {BIG_36, BIG_37}, 2, chk_big_per_gp, NULL},
    {"scaling-leaf-step", "Per-GP cost steps up with each set of fanout_leaf (16) CPUs", "a step every 16 CPUs",
     {SWEEP}, SW_N, chk_scaling_step, NULL},
    {"scaling-idle", "The more CPUs idle, the more work forcing quiescent states: FQS probes each idle CPU (a cache miss)",
     "more idle CPUs, more FQS work", {SWEEP}, SW_N, chk_scaling_idle, NULL},
    {"scaling-range", "On the author's systems a grace period costs 15 to 100 microseconds (checked here from 2 to 64 CPUs, on the GP machinery wherever charged)", "15-100 us", {SWEEP}, SW_N,
     chk_scaling_range, NULL},
    {"kernel-build-cpu", "A couple of hours of kernel builds leave rcu_sched with over three minutes of CPU",
     "> 3 min (180 s)", {KB_SWEEP}, 1 + KB_NSWEEP, chk_kb_cpu, NULL},
    {"kernel-build-top", "Once everything else has exited, the RCU kthreads might well lead the remaining threads (the article, in general; checked after the kernel-build run)",
     "might well be the largest of the remaining", {KB}, 1, chk_kb_top, NULL},
};
const size_t rp_nclaims = sizeof rp_claims / sizeof rp_claims[0];
