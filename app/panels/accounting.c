/* accounting.c — CPU time per thread like top, where RCU's work was charged, and costs per GP/update. */
#include "panels/panels.h"

#include <stdio.h>
#include <string.h>

static bool is_rcu_thread(const char *n)
{
    return !strncmp(n, "rcu_", 4) || !strncmp(n, "ksoftirqd", 9) || !strncmp(n, "rcuc", 4) || !strncmp(n, "rcuo", 4);
}

static void bar_row(ui_frame *fr, rd_rect row, const char *name, double secs, double max, double elapsed,
                    rd_color col, bool hidden, bool strong)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    int name_w = row.w * 46 / 100, time_w = rd_text_width(rd, RD_MONO_SMALL, "000.0 ms "), pct_w = rd_text_width(rd, RD_MONO_SMALL, "100.0% ");
    rd_rect bar = {row.x + name_w, row.y + 2, row.w - name_w - time_w - pct_w, row.h - 4};
    if (bar.w > 0 && max > 0) {
        int w = (int)(bar.w * (secs / max));
        if (secs > 0 && w < 2) w = 2;
        rd_rect b = {bar.x, bar.y, w, bar.h};
        rd_fill(rd, b, rd_alpha(col, hidden ? 120 : 255));
        /* stripes say "not visible to top": time stolen from whatever task was interrupted */
        if (hidden) rd_hatch(rd, b, th->text, rd_px(rd, 5));
    }
    rd_text_fit(rd, strong ? RD_BOLD : RD_SANS_SMALL, row.x, row.y, name_w - rd_px(rd, 4), th->text, name);
    char t[32], p[32];
    ui_fmt_dur(t, sizeof t, secs);
    snprintf(p, sizeof p, "%.1f%%", elapsed > 0 ? 100.0 * secs / elapsed : 0.0);
    rd_text_in(rd, RD_MONO_SMALL, (rd_rect){row.x + row.w - time_w - pct_w, row.y, time_w - rd_px(rd, 4), row.h}, RD_RIGHT, th->text, t);
    rd_text_in(rd, RD_MONO_SMALL, (rd_rect){row.x + row.w - pct_w, row.y, pct_w, row.h}, RD_RIGHT, th->text_dim, p);
}

void panel_accounting_draw(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st)
{
    (void)st;
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    const rv_report *rep = v->report;
    char sub[128], tb[32];
    ui_fmt_dur(tb, sizeof tb, rep ? rep->sim_seconds : 0);
    snprintf(sub, sizeof sub, "after %s simulated · %% of one CPU", tb);
    rd_rect c = panel_frame(fr, r, "CPU time, like top", sub);
    if (!rep) return;
    int lh = rd_line_height(rd, RD_SANS_SMALL) + rd_px(rd, 2);
    double el = rep->sim_seconds;
    rd_clip_push(rd, c);
    int y = c.y;
    /* 1. where RCU's own work went: the article's point is the softirq row nobody sees in top */
    rd_text(rd, RD_BOLD, c.x, y, th->heading, "RCU work, by where it was charged");
    y += rd_line_height(rd, RD_BOLD);
    struct { const char *n; double s; bool hidden; } src[] = {
        {"GP kthreads (rcu_sched/bh/preempt)", rep->rcu_gp_kthreads_s, false},
        {"ksoftirqd/N", rep->ksoftirqd_s, false},
        {"softirq at irq exit (hidden in tasks)", rep->softirq_inline_s, true},
        {"rcuc/N", rep->rcuc_s, false},
        {"scheduling-clock tick", rep->tick_s, true},
        {"call_rcu() callers", rep->caller_s, true},
    };
    double smax = 0;
    for (size_t i = 0; i < sizeof src / sizeof src[0]; i++) if (src[i].s > smax) smax = src[i].s;
    for (size_t i = 0; i < sizeof src / sizeof src[0]; i++) {
        if (src[i].s <= 0 && (i == 3)) continue; /* rcuc only exists with RCU_BOOST */
        bar_row(fr, (rd_rect){c.x, y, c.w, lh}, src[i].n, src[i].s, smax, el, th->flavor[0], src[i].hidden, false);
        y += lh;
    }
    y += rd_px(rd, 4);
    /* 2. per flavor: what a grace period and an update cost */
    for (int f = 0; f < RV_NFLAVORS; f++) {
        const rv_flavor_report *fr_ = &rep->flavors[f];
        if (!fr_->enabled) continue;
        char a[256], b[256], u[32], g50[32], g99[32], pg[32];
        ui_fmt_count(u, sizeof u, (long)fr_->updates);
        snprintf(a, sizeof a, "%s  %llu GPs · %s updates (%.1f per GP)", rv_flavor_name(f),
                 (unsigned long long)fr_->grace_periods, u, fr_->updates_per_gp);
        ui_fmt_dur(pg, sizeof pg, fr_->overhead_per_gp_us / 1e6);
        ui_fmt_dur(g50, sizeof g50, fr_->gp_ms_p50 / 1e3);
        ui_fmt_dur(g99, sizeof g99, fr_->gp_ms_p99 / 1e3);
        char b2[256];
        snprintf(b, sizeof b, "cost %s per GP, %.0f ns per update", pg, fr_->overhead_per_update_ns);
        snprintf(b2, sizeof b2, "GP lasts %s (p50), %s (p99) · %llu FQS passes · %llu idle probes%s", g50, g99,
                 (unsigned long long)fr_->fqs_scans, (unsigned long long)fr_->idle_probes,
                 fr_->stall_warnings ? " · STALL WARNINGS" : "");
        rd_fill(rd, (rd_rect){c.x, y + rd_px(rd, 3), rd_px(rd, 4), 3 * lh - rd_px(rd, 6)}, th->flavor[f]);
        rd_text_fit(rd, RD_BOLD, c.x + rd_px(rd, 8), y, c.w - rd_px(rd, 8), th->text, a);
        y += lh;
        rd_text_fit(rd, RD_SANS_SMALL, c.x + rd_px(rd, 8), y, c.w - rd_px(rd, 8), th->text, b);
        y += lh;
        rd_text_fit(rd, RD_SANS_SMALL, c.x + rd_px(rd, 8), y, c.w - rd_px(rd, 8), fr_->stall_warnings ? th->stall : th->text_dim, b2);
        y += lh + rd_px(rd, 2);
    }
    y += rd_px(rd, 4);
    /* 3. top: every thread, biggest first */
    rd_text(rd, RD_BOLD, c.x, y, th->heading, "Threads (top)");
    y += rd_line_height(rd, RD_BOLD);
    double tmax = rep->nthreads ? rep->threads[0].cpu_seconds : 0;
    for (size_t i = 0; i < rep->nthreads && y + lh <= c.y + c.h; i++) {
        const rv_thread_report *t = &rep->threads[i];
        bool rcu = is_rcu_thread(t->name);
        char n[48];
        snprintf(n, sizeof n, "%s%s", t->name, t->alive ? "" : " (exited)");
        bar_row(fr, (rd_rect){c.x, y, c.w, lh}, n, t->cpu_seconds, tmax, el, rcu ? th->kernel : th->user, false, rcu);
        y += lh;
    }
    if (rep->violations) {
        char vb[96];
        snprintf(vb, sizeof vb, "⚠ %llu callbacks ran before their readers finished", (unsigned long long)rep->violations);
        rd_text_fit(rd, RD_BOLD, c.x, c.y + c.h - lh, c.w, th->stall, vb);
    }
    rd_clip_pop(rd);
}
