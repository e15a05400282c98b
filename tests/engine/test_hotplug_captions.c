/* test_hotplug_captions.c — what the captions about CPU hotplug say happens is what the engine does. First
 * offline-mid-gp's triggered captions, at the moment each appears, in both kernels (the captions have no
 * `when`, so compare mode shows them on both sides). The claims are read from the captions' own words where they carry numbers, so a caption
 * rewritten to say something the engine does not do fails here. (Until December 2026 the caption shown
 * when the grace period ends said an FQS pass credited the offline CPU "and the other CPUs' reports
 * finished the job"; in both modes the other CPUs had all reported milliseconds before, and the "ofl"
 * credit cleared the last bit and ended the grace period. It fails here.) Then rcutorture's caption about
 * its CPU hotplug: it said an offlined CPU's callbacks move and FQS credits it, as if every time; in both
 * modes most offlines need no credit (the CPU had reported to the grace period in flight) and many find
 * no callbacks to move. */
#include "engine_fixtures.h"

#include <ctype.h>

/* The caption whose text holds `phrase`, or the test fails. */
static size_t caption_with(const rv_config *cfg, const char *phrase)
{
    const char *name = cfg->name;
    for (size_t i = 0; i < cfg->ncaptions; i++)
        if (strstr(cfg->captions[i].text, phrase)) return i;
    cr_assert_fail("%s has no caption saying \"%s\"", name, phrase);
    return 0;
}

/* The number just before " callbacks" in t ("500 callbacks" -> 500); -1 if none. */
static long callbacks_said(const char *t)
{
    const char *p = strstr(t, " callbacks");
    if (!p || p == t || !isdigit((unsigned char)p[-1])) return -1;
    while (p > t && isdigit((unsigned char)p[-1])) p--;
    return strtol(p, NULL, 10);
}

/* When caption i fired in the log, or the test fails. */
static int64_t fired_at(const fx_log *log, size_t i, const char *mode)
{
    for (size_t k = 0; k < log->n; k++)
        if (log->v[k].type == RV_EV_CAPTION && log->v[k].id == (uint64_t)i) return log->v[k].t;
    cr_assert_fail("%s: caption %zu was never shown", mode, i);
    return -1;
}

static void check_mode(const rv_config *file, enum rv_mode m)
{
    const char *mode = m == RV_MODE_KTHREAD ? "3.7" : "3.6";
    rv_config cfg = *file;
    cfg.rcu.mode = m;
    fx_log log = {.keep = FX_BIT(RV_EV_CAPTION) | FX_BIT(RV_EV_GP_START) | FX_BIT(RV_EV_GP_END) | FX_BIT(RV_EV_QS_REPORT) |
                          FX_BIT(RV_EV_FQS_CREDIT) | FX_BIT(RV_EV_CPU_OFFLINE) | FX_BIT(RV_EV_CB_ORPHAN)};
    rv_engine *e = fx_engine(&cfg, &log);
    rv_run_until(e, FX_S(cfg.duration_s));
    rv_engine_free(e);

    /* "500 callbacks are queued on CPU 2 ... they wait in CPU 2's NEXT segment": the tile at that moment */
    size_t queued = caption_with(&cfg, "are queued on CPU 2");
    long n = callbacks_said(cfg.captions[queued].text);
    cr_assert_gt(n, 0, "the caption names how many callbacks: %s", cfg.captions[queued].text);
    int64_t t = fired_at(&log, queued, mode);
    e = fx_engine(&cfg, NULL);
    rv_run_until(e, t + 1);
    rv_rdp_view r = fx_cpu(e, 2).rdp[RV_SCHED];
    if (strstr(cfg.captions[queued].text, "NEXT segment"))
        cr_expect_eq(r.seg[RV_NEXT_TAIL], n, "%s at %.6f s: says %ld callbacks in CPU 2's NEXT segment, it holds %ld", mode, t / 1e9, n,
                     (long)r.seg[RV_NEXT_TAIL]);
    rv_engine_free(e);

    /* "CPU 2 goes offline, still holding its 500 callbacks. They are orphaned and adopted" */
    size_t gone = caption_with(&cfg, "goes offline");
    t = fired_at(&log, gone, mode);
    bool offline = false;
    long orphaned = -1;
    for (size_t k = 0; k < log.n; k++) {
        const rv_event *ev = &log.v[k];
        if (ev->t != t || ev->cpu != 2) continue;
        if (ev->type == RV_EV_CPU_OFFLINE) offline = true;
        if (ev->type == RV_EV_CB_ORPHAN && ev->flavor == RV_SCHED) orphaned = (long)ev->n;
    }
    cr_expect(offline, "%s at %.6f s: says CPU 2 goes offline right then; it did not", mode, t / 1e9);
    n = callbacks_said(cfg.captions[gone].text);
    if (n > 0) cr_expect_eq(orphaned, n, "%s: says %ld callbacks orphaned, the engine orphaned %ld", mode, n, orphaned);

    /* "That grace period ends without CPU 2. The online CPUs had all reported; the last bit ... was CPU
     * 2's, and an FQS pass ... credited it ("ofl") and cleared that bit, which ended the grace period." */
    size_t ends = caption_with(&cfg, "ends without CPU 2");
    const char *text = cfg.captions[ends].text;
    t = fired_at(&log, ends, mode);
    long end = -1;
    for (size_t k = 0; k < log.n && log.v[k].t <= t; k++)
        if (log.v[k].type == RV_EV_GP_END && log.v[k].flavor == RV_SCHED && log.v[k].t == t) end = (long)k;
    cr_assert_geq(end, 0, "%s at %.6f s: the caption says a grace period ends; none did", mode, t / 1e9);
    uint64_t gp = log.v[end].gp;
    long credit = -1;
    unsigned long before = 0;
    for (long k = 0; k < end; k++) {
        const rv_event *ev = &log.v[k];
        if (ev->flavor != RV_SCHED || ev->gp != gp) continue;
        if (ev->type == RV_EV_FQS_CREDIT && ev->cpu == 2) credit = k;
        if (ev->type == RV_EV_QS_REPORT && credit < 0) before |= ev->mask;
    }
    cr_assert_geq(credit, 0, "%s: GP %llu ended with no FQS credit of CPU 2", mode, (unsigned long long)gp);
    if (strstr(text, "\"ofl\""))
        cr_expect_eq(log.v[credit].arg, 1, "%s: says CPU 2 was credited \"ofl\", the credit was %s", mode, rv_fqs_credit_name(log.v[credit].arg));
    if (strstr(text, "online CPUs had all reported"))
        cr_expect_eq(before, 0xbul, "%s: says the online CPUs 0, 1 and 3 had all reported before the credit; reported mask 0x%lx", mode,
                     before);
    if (strstr(text, "ended the grace period")) {
        /* the credit's own report clears bit 2, and nothing else is reported before the end */
        long last = -1;
        for (long k = credit + 1; k < end; k++)
            if (log.v[k].type == RV_EV_QS_REPORT && log.v[k].flavor == RV_SCHED && log.v[k].gp == gp) last = k;
        cr_expect(last > credit && log.v[last].mask == 0x4ul, "%s: says the credit cleared the last bit, CPU 2's", mode);
    }
    /* whatever the caption says about the order, it must not say others reported after the credit */
    cr_expect_null(strstr(text, "finished the job"), "%s: the other CPUs had reported before the credit: %s", mode, text);
    fx_log_free(&log);
}

Test(hotplug_captions, offline_mid_gp_says_what_the_engine_does)
{
    rv_config cfg;
    fx_shipped_config("offline-mid-gp", &cfg);
    check_mode(&cfg, RV_MODE_SOFTIRQ);
    check_mode(&cfg, RV_MODE_KTHREAD);
    rv_config_free(&cfg);
}

/* rcutorture, from 10 s: "every 3 s a CPU goes offline for half a second; any callbacks it holds move to an
 * online CPU, and grace periods that start while it is down leave it out of qsmask. Most often it had
 * already reported to the grace period in flight; if not, an FQS pass credits it: "dti" ... else "ofl"" */
static void check_torture(const rv_config *file, enum rv_mode m, const char *text)
{
    const char *mode = m == RV_MODE_KTHREAD ? "3.7" : "3.6";
    rv_config cfg = *file;
    cfg.rcu.mode = m;
    cfg.duration_s = 61; /* twenty offlines; the claims hold for the whole run */
    fx_log log = {.keep = FX_BIT(RV_EV_CPU_OFFLINE) | FX_BIT(RV_EV_CPU_ONLINE) | FX_BIT(RV_EV_FQS_CREDIT) | FX_BIT(RV_EV_GP_INIT_NODE) |
                          FX_BIT(RV_EV_CB_ORPHAN)};
    rv_engine *e = fx_engine(&cfg, &log);
    rv_run_until(e, FX_S(cfg.duration_s));
    unsigned long down = 0;  /* CPUs offline now */
    int offlines = 0, credited = 0, leftout = 0, leftin = 0, orphans = 0;
    bool credited_this[64] = {false};
    for (size_t k = 0; k < log.n; k++) {
        const rv_event *ev = &log.v[k];
        switch (ev->type) {
        case RV_EV_CPU_OFFLINE:
            down |= 1ul << ev->cpu;
            offlines++;
            credited_this[ev->cpu] = false;
            break;
        case RV_EV_CPU_ONLINE: down &= ~(1ul << ev->cpu); break;
        case RV_EV_FQS_CREDIT:
            if ((down >> ev->cpu & 1) && !credited_this[ev->cpu]) {
                credited_this[ev->cpu] = true;
                credited++;
                /* a credit of a CPU that is down is one of the two the caption names */
                cr_expect(ev->arg == 0 || ev->arg == 1, "%s: an offline CPU %d credited \"%s\" at %.6f s", mode, ev->cpu,
                          rv_fqs_credit_name(ev->arg), ev->t / 1e9);
            }
            break;
        case RV_EV_GP_INIT_NODE:
            /* the machine's one node: a grace period that starts while a CPU is down leaves it out */
            if (down) {
                if (ev->mask & down) leftin++;
                else leftout++;
            }
            break;
        case RV_EV_CB_ORPHAN:
            orphans++;
            cr_expect(!(down >> ev->node & 1), "%s: callbacks of CPU %d adopted by CPU %d, which is offline", mode, ev->cpu, ev->node);
            break;
        default: break;
        }
    }
    cr_assert_geq(offlines, 15, "%s: CPUs went offline every 3 s (%d offlines)", mode, offlines);
    if (strstr(text, "leave it out of qsmask"))
        cr_expect(leftout > 0 && leftin == 0, "%s: grace periods started while a CPU was down: %d left it out, %d kept its bit", mode, leftout,
                  leftin);
    if (strstr(text, "Most often it had already reported"))
        cr_expect_lt(2 * credited, offlines, "%s: says most offlines need no FQS credit; %d of %d did", mode, credited, offlines);
    else
        cr_expect_geq(2 * credited, offlines, "%s: most offlines needed no FQS credit (%d of %d did); the caption should say so", mode,
                      credited, offlines);
    if (strstr(text, "any callbacks it holds"))
        cr_expect_gt(orphans, 0, "%s: no offlined CPU had callbacks to move", mode);
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(hotplug_captions, rcutorture_says_what_its_cpu_hotplug_does)
{
    rv_config cfg;
    fx_shipped_config("rcutorture", &cfg);
    const char *text = cfg.captions[caption_with(&cfg, "goes offline for half a second")].text;
    check_torture(&cfg, RV_MODE_SOFTIRQ, text);
    check_torture(&cfg, RV_MODE_KTHREAD, text);
    rv_config_free(&cfg);
}

/* small-busy's caption at CPU 3's offline (8 s) said "Its callbacks go to an online CPU"; CPU 3 held
 * none then, in either kernel. It now says so, and a run that orphans callbacks there fails here. */
Test(hotplug_captions, small_busy_offline_says_whether_callbacks_moved)
{
    rv_config file;
    fx_shipped_config("small-busy", &file);
    size_t i = caption_with(&file, "CPU 3 goes offline at 8 s");
    bool says_none = strstr(file.captions[i].text, "holds none") != NULL;
    for (int m = 0; m < 2; m++) {
        rv_config cfg = file;
        cfg.rcu.mode = m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ;
        fx_log log = {.keep = FX_BIT(RV_EV_CB_ORPHAN)};
        rv_engine *e = fx_engine(&cfg, &log);
        fx_run_s(e, 8.01);
        size_t moved = 0;
        for (size_t k = 0; k < log.n; k++) moved += log.v[k].cpu == 3 && log.v[k].t >= FX_S(8.0);
        if (says_none) cr_expect_eq(moved, 0, "%s: the caption says CPU 3 holds no callbacks at 8 s; %zu orphan records", m ? "3.7" : "3.6", moved);
        else cr_expect_gt(moved, 0, "%s: the caption says CPU 3's callbacks move; none did", m ? "3.7" : "3.6");
        fx_log_free(&log);
        rv_engine_free(e);
    }
    rv_config_free(&file);
}
