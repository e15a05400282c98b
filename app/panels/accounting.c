/* accounting.c — CPU time per thread like top, where RCU's work was charged, and costs per GP/update. */
#include "panels/panels.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_rcu_thread(const char *n)
{
    return !strncmp(n, "rcu_", 4) || !strncmp(n, "ksoftirqd", 9) || !strncmp(n, "rcuc", 4) || !strncmp(n, "rcuo", 4);
}

/* The row keeps its % column with this name (bar_row() drops the column for a name that would
 * leave the bar shorter than 24 px). */
static bool bar_row_keeps_pct(ui_frame *fr, int row_w, const char *name, bool strong)
{
    rd_ctx *rd = fr->rd;
    int time_w = rd_text_width(rd, RD_MONO_SMALL, "000.0 ms "), pct_w = rd_text_width(rd, RD_MONO_SMALL, "100.0% ");
    int need = rd_text_width(rd, strong ? RD_BOLD : RD_SANS_SMALL, name) + rd_px(rd, 6);
    return need <= row_w - time_w - pct_w - rd_px(rd, 24);
}

static void bar_row(ui_frame *fr, rd_rect row, const char *name, double secs, double max, double elapsed,
                    rd_color col, bool hidden, bool strong)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    int name_w = row.w * 46 / 100, time_w = rd_text_width(rd, RD_MONO_SMALL, "000.0 ms "), pct_w = rd_text_width(rd, RD_MONO_SMALL, "100.0% ");
    /* a narrow panel (beside the workbook at 1280x720) gives the name what the bar can spare, down to
     * a short bar, then drops the % column: "softirq at irq exi..." said nothing; the bar's length
     * and the time still compare the rows */
    int need = rd_text_width(rd, strong ? RD_BOLD : RD_SANS_SMALL, name) + rd_px(rd, 6), min_bar = rd_px(rd, 24);
    if (need > name_w) {
        if (!bar_row_keeps_pct(fr, row.w, name, strong)) pct_w = 0;
        name_w = need < row.w - time_w - pct_w - min_bar ? need : row.w - time_w - pct_w - min_bar;
        if (name_w < row.w * 46 / 100) name_w = row.w * 46 / 100;
    }
    rd_rect bar = {row.x + name_w, row.y + 2, row.w - name_w - time_w - pct_w, row.h - 4};
    if (bar.w > 0 && max > 0) {
        int w = secs >= max ? bar.w : (int)(bar.w * (secs / max)); /* an exited thread may pass the scale */
        if (secs > 0 && w < 2) w = 2;
        rd_rect b = {bar.x, bar.y, w, bar.h};
        rd_fill(rd, b, rd_alpha(col, hidden ? 120 : 255));
        /* stripes say "not visible to top": time stolen from whatever task was interrupted */
        if (hidden) rd_hatch(rd, b, th->text, rd_px(rd, 5));
    }
    panel_text_fit(fr, strong ? RD_BOLD : RD_SANS_SMALL, row.x, row.y, name_w - rd_px(rd, 4), th->text, name);
    char t[32], p[32];
    if (secs >= 1000) snprintf(t, sizeof t, "%.0f s", secs); /* "97930 s": a tenth would not fit the column */
    else ui_fmt_dur(t, sizeof t, secs);
    snprintf(p, sizeof p, "%.1f%%", elapsed > 0 ? 100.0 * secs / elapsed : 0.0);
    panel_text_in(fr, RD_MONO_SMALL, (rd_rect){row.x + row.w - time_w - pct_w, row.y, time_w - rd_px(rd, 4), row.h}, RD_RIGHT, th->text, t);
    if (pct_w > 0) panel_text_in(fr, RD_MONO_SMALL, (rd_rect){row.x + row.w - pct_w, row.y, pct_w, row.h}, RD_RIGHT, th->text_dim, p);
}

/* Rows go down the panel, the first `skip` scrolled away; a row that would not fit whole is not
 * drawn but counted, and the last visible line then says how many are left out (a visible cue).
 * Once one row is left out, the rest of its section is too (full), so nothing shows out of order. */
typedef struct rows { int y, top, bottom, skip, seen, hidden; bool full; } rows;

static bool row_take(rows *R, int h)
{
    if (R->seen++ < R->skip) return false;
    if (R->full || R->y + h > R->bottom) { R->full = true; R->hidden++; return false; }
    return true;
}

/* Space between sections, only while rows still flow: once a section was cut, the gaps of the
 * sections left out would eat the top list's kept room. */
static void row_gap(rows *R, int g)
{
    if (!R->full) R->y += g;
}

/* What a short panel shows first: the rows of RCU work by where it was charged (the article's point,
 * the softirq row top never shows), then the top list's heading and its rows down to its first RCU
 * thread (among the first TOP_KEEP), then the rest in order. That row is what a caption's "top lists
 * rcu_sched under its own name" points at: hackbench compared at 1280x720 showed the RCU-work rows,
 * then "▼ 27 more rows" (3.7's rcu_sched and 3.6's busiest ksoftirqd are second in top there, after
 * hackbench). The latency line and the per-flavor costs give way to it; scrolled, every row goes in
 * order. top_keep_height() is the kept rows' height. With no RCU thread among them the list still
 * keeps its first two rows: compared, 3.7's side kept its list (rcu_sched second) and 3.6's showed
 * its per-flavor costs instead, two panels that no longer compared like with like, and the list
 * whose point under 3.6 is that no rcu_sched is in it was gone. */
enum { TOP_KEEP = 3, TOP_KEEP_PLAIN = 2 };

static int top_keep_height(const rv_report *rep, const size_t *order, size_t nalive, int lh, int bh)
{
    int h = bh, plain = bh;
    for (size_t k = 0; k < nalive && k < TOP_KEEP; k++) {
        bool rcu = is_rcu_thread(rep->threads[order[k]].name);
        h += rcu && bh > lh ? bh : lh;
        if (rcu) return h;
        if (k < TOP_KEEP_PLAIN) plain = h;
    }
    return nalive ? plain : 0;
}

/* The open grace period's age for flavor f (0 when none is open). */
static double open_gp_age(const ui_view *v, int f)
{
    const ui_history *h = v->hist;
    if (!h || !h->gps[f].n) return 0;
    const ui_gp_bar *g = &h->gps[f].v[h->gps[f].n - 1];
    if (g->end >= 0 && g->end <= v->now) return 0;
    return g->start <= v->now ? (v->now - g->start) / 1e9 : 0;
}

void panel_accounting_draw(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    const rv_report *rep = v->report;
    char sub[128], tb[32];
    ui_fmt_dur(tb, sizeof tb, rep ? rep->sim_seconds : 0);
    snprintf(sub, sizeof sub, "after %s simulated · %% of one CPU", tb);
    /* a narrow panel keeps both facts in fewer words rather than cutting the second ("· % of…") */
    if (!panel_subtitle_fits(fr, r, "CPU time, like top", sub)) snprintf(sub, sizeof sub, "%s · %% of 1 CPU", tb);
    rd_rect c = panel_frame(fr, r, "CPU time, like top", sub);
    if (!rep) return;
    ui_hit_add(fr, c, HIT_ACCT, 0, 0);
    int lh = rd_line_height(rd, RD_SANS_SMALL) + rd_px(rd, 2), bh = rd_line_height(rd, RD_BOLD);
    double el = rep->sim_seconds;
    int bottom = c.y + c.h - lh;
    size_t order_small[64], *order = rep->nthreads <= 64 ? order_small : malloc(rep->nthreads * sizeof *order);
    size_t nalive = order ? ui_threads_top_order(rep, order) : 0, nshown = order ? rep->nthreads : 0;
    /* unscrolled, the rows above the top list stop short of its kept rows; scrolled, all go in order */
    int keep = !st->acct_scroll && nshown ? top_keep_height(rep, order, nalive, lh, bh) : 0;
    if (keep) keep += rd_px(rd, 4); /* the gap above the list */
    rows R = {c.y, c.y, bottom, st->acct_scroll, 0, 0, false};
    rd_clip_push(rd, c);
    /* 1. where RCU's own work went: the article's point is the softirq row nobody sees in top */
    if (row_take(&R, bh)) {
        const char *head = "RCU work, by where it was charged";
        int hw = panel_text_fit(fr, RD_BOLD, c.x, R.y, c.w, th->heading, head);
        /* the rows' sum beside the heading, where it needs no row of its own (a compare half at
         * 1280x720 shows four rows): 3.6 against 3.7 in all is the article's "not new overhead" */
        char all[64], d[32];
        ui_fmt_dur(d, sizeof d, rep->rcu_gp_kthreads_s + rep->ksoftirqd_s + rep->softirq_inline_s + rep->caller_s +
                                    rep->rcuc_s + rep->tick_s);
        snprintf(all, sizeof all, " · %s in all", d);
        if (hw > 0 && hw + rd_text_width(rd, RD_SANS, all) <= c.w)
            rd_text(rd, RD_SANS, c.x + hw, R.y, th->text_dim, all);
        R.y += bh;
    }
    /* n, and the short name every row takes when one long name would cost its row the % column
     * (a narrow panel at 1280x720): a student compares the rows' shares, so all keep them; the
     * hover tip and G still explain each term, and the stripes still mark what top does not see */
    struct { const char *n, *shortn, *term; double s; bool hidden, boost_only; } src[] = {
        {"GP kthreads (rcu_sched/bh/preempt)", "GP kthreads", "kthread", rep->rcu_gp_kthreads_s, false, false},
        {"ksoftirqd/N", "ksoftirqd/N", "ksoftirqd/N", rep->ksoftirqd_s, false, false},
        {"softirq at irq exit (hidden in tasks)", "softirq at irq exit", "hidden in tasks", rep->softirq_inline_s, true, false},
        /* the tasks row before the tick's: 3.6's grace-period work lands there (FAST_NO_HZ drains
         * in the idle task), and a compare half at 1280x720 has room for four rows only */
        {"tasks: call_rcu(), idle drains, switches", "tasks: call_rcu(), idle", "call_rcu", rep->caller_s, true, false},
        {"rcuc/N", "rcuc/N", "rcuc/N", rep->rcuc_s, false, true},
        {"scheduling-clock tick", "tick", "jiffy", rep->tick_s, true, false},
    };
    bool use_short = false;
    for (size_t i = 0; i < sizeof src / sizeof src[0]; i++)
        if (!bar_row_keeps_pct(fr, c.w, src[i].n, false)) use_short = true;
    double smax = 0;
    for (size_t i = 0; i < sizeof src / sizeof src[0]; i++) if (src[i].s > smax) smax = src[i].s;
    for (size_t i = 0; i < sizeof src / sizeof src[0]; i++) {
        if (src[i].s <= 0 && src[i].boost_only) continue; /* rcuc only exists with RCU_BOOST */
        if (!row_take(&R, lh)) continue;
        bar_row(fr, (rd_rect){c.x, R.y, c.w, lh}, use_short ? src[i].shortn : src[i].n, src[i].s, smax, el, th->flavor[0],
                src[i].hidden, false);
        panel_term(fr, (rd_rect){c.x, R.y, c.w * 46 / 100, lh}, src[i].term);
        R.y += lh;
    }
    R.bottom = bottom - keep; /* what follows gives way to the top list's kept rows */
    /* the latency side of the 3.6 -> 3.7 change: how long RCU kept interrupts / preemption off */
    if (row_take(&R, lh)) {
        char lat[160], a[32], b[32];
        ui_fmt_dur(a, sizeof a, rep->max_irqs_off_us / 1e6);
        ui_fmt_dur(b, sizeof b, rep->max_nonpreempt_us / 1e6);
        snprintf(lat, sizeof lat, "longest irqs-off stretch %s · non-preemptible %s", a, b);
        panel_text_fit(fr, RD_SANS_SMALL, c.x, R.y, c.w, th->text, lat);
        /* two figures, two terms: each half of the row explains its own */
        char first[96];
        snprintf(first, sizeof first, "longest irqs-off stretch %s · ", a);
        int split = rd_text_width(rd, RD_SANS_SMALL, first);
        if (split > c.w) split = c.w;
        panel_term(fr, (rd_rect){c.x, R.y, split, lh}, "irqs-off");
        if (split < c.w) panel_term(fr, (rd_rect){c.x + split, R.y, c.w - split, lh}, "non-preemptible");
        R.y += lh;
    }
    row_gap(&R, rd_px(rd, 4));
    /* 2. per flavor: what a grace period and an update cost */
    for (int f = 0; f < RV_NFLAVORS; f++) {
        const rv_flavor_report *fr_ = &rep->flavors[f];
        if (!fr_->enabled) continue;
        char a[256], b[256], u[32], g50[32], g99[32], pg[32], b2[320], age[32];
        ui_fmt_count(u, sizeof u, (long)fr_->updates);
        snprintf(a, sizeof a, "%s  %llu GP%s · %s updates (%.1f per GP)", rv_flavor_name(f),
                 (unsigned long long)fr_->grace_periods, fr_->grace_periods == 1 ? "" : "s", u, fr_->updates_per_gp);
        ui_fmt_dur(pg, sizeof pg, fr_->overhead_per_gp_us / 1e6);
        ui_fmt_dur(g50, sizeof g50, fr_->gp_ms_p50 / 1e3);
        ui_fmt_dur(g99, sizeof g99, fr_->gp_ms_p99 / 1e3);
        double open = open_gp_age(v, f);
        ui_fmt_dur(age, sizeof age, open);
        /* a narrow panel (compare at 1280x720, a slide with no hover to read a cut line) gets the
         * same figures with the least needed last dropped, before anything is cut with "…" */
        int room = c.w - rd_px(rd, 8);
        /* no GP yet: "cost 0 per GP, 0 ns per update" read as free grace periods */
        if (!fr_->grace_periods) snprintf(b, sizeof b, "no grace period has ended yet");
        else {
            snprintf(b, sizeof b, "cost %s per GP, %.0f ns per update", pg, fr_->overhead_per_update_ns);
            if (rd_text_width(rd, RD_SANS_SMALL, b) > room) /* was cut at "2205 ns per upd…" */
                snprintf(b, sizeof b, "%s per GP, %.0f ns/update", pg, fr_->overhead_per_update_ns);
        }
        if (!fr_->grace_periods)
            snprintf(a, sizeof a, "%s  0 GPs · %s update%s", rv_flavor_name(f), u, fr_->updates == 1 ? "" : "s");
        if (rd_text_width(rd, RD_BOLD, a) > room) {
            snprintf(a, sizeof a, "%s  %llu GP%s · %s updates", rv_flavor_name(f), (unsigned long long)fr_->grace_periods,
                     fr_->grace_periods == 1 ? "" : "s", u);
            rd_note_dropped(rd, 1); /* "(N per GP)" */
        }
        char pre[64] = "", pre_short[64] = "", fqs[48], idle[48];
        if (open > 0) {
            snprintf(pre, sizeof pre, "oldest open: %s · ", age);
            snprintf(pre_short, sizeof pre_short, "oldest open %s · ", age);
        }
        snprintf(fqs, sizeof fqs, " · %llu FQS passes", (unsigned long long)fr_->fqs_scans);
        snprintf(idle, sizeof idle, " · %llu idle probes", (unsigned long long)fr_->idle_probes);
        const char *stall = fr_->stall_warnings ? " · STALL WARNINGS" : "";
        int form;
        for (form = 0; form < 4; form++) { /* longest first; the last one is drawn whatever its width */
            if (form < 3)
                snprintf(b2, sizeof b2, "%sGP lasts %s (p50), %s (p99)%s%s%s", pre, g50, g99, form < 2 ? fqs : "",
                         form < 1 ? idle : "", stall);
            else /* the shortest form: a stall shows in the line's colour alone */
                snprintf(b2, sizeof b2, "%sGP %s p50, %s p99", pre_short, g50, g99);
            if (rd_text_width(rd, RD_SANS_SMALL, b2) <= room) break;
        }
        /* each shorter form leaves one more part out: idle probes, FQS passes, the words of a stall */
        rd_note_dropped(rd, form < 4 ? form : 3);
        const char *line[3] = {a, b, b2};
        const char *term[3] = {"GP", "cost per GP", "p50/p99"};
        for (int k = 0; k < 3; k++) {
            /* the bold first line gets the bold font's height: in a small line's row the '_' of
             * "rcu_sched" reached into the cost line below */
            int h = k == 0 && bh > lh ? bh : lh;
            if (!row_take(&R, h)) continue;
            rd_fill(rd, (rd_rect){c.x, R.y + rd_px(rd, 1), rd_px(rd, 4), h - rd_px(rd, 2)}, th->flavor[f]);
            rd_color col = k == 0 ? th->text : k == 2 && fr_->stall_warnings ? th->stall : k == 2 ? th->text_dim : th->text;
            panel_text_fit(fr, k == 0 ? RD_BOLD : RD_SANS_SMALL, c.x + rd_px(rd, 8), R.y, c.w - rd_px(rd, 8), col, line[k]);
            /* rows 0 and 1 name two figures: the part after the split explains "update" (a row-wide
             * GP tip answered a hover on "16 updates" with the grace-period entry) */
            int split = c.w;
            if (k < 2) {
                const char *u_at = strstr(line[k], k == 0 ? " · " : ", ");
                if (u_at) {
                    char head[256];
                    snprintf(head, sizeof head, "%.*s", (int)(u_at - line[k]), line[k]);
                    split = rd_px(rd, 8) + rd_text_width(rd, k == 0 ? RD_BOLD : RD_SANS_SMALL, head);
                }
                if (split > c.w) split = c.w;
            }
            panel_term(fr, (rd_rect){c.x, R.y, split, h}, term[k]);
            if (split < c.w) panel_term(fr, (rd_rect){c.x + split, R.y, c.w - split, h}, "update");
            R.y += h;
        }
        row_gap(&R, rd_px(rd, 2));
    }
    row_gap(&R, rd_px(rd, 4));
    R.bottom = bottom; /* the top list's own room, kept above */
    R.full = false;
    /* 3. top: the live threads, biggest first, as top(1) lists them; then, apart and dimmed, what the
     * exited ones used (top no longer shows them: after kernel-build's builds, the compilers' summed
     * CPU time must not head a list the caption calls "what is left") */
    if (row_take(&R, bh)) {
        panel_text_fit(fr, RD_BOLD, c.x, R.y, c.w, th->heading, "Threads (top)");
        R.y += bh;
    }
    double tmax = nshown ? rep->threads[order[0]].cpu_seconds : 0; /* the top live thread sets the scale */
    for (size_t k = 0; k < nshown; k++) {
        const rv_thread_report *t = &rep->threads[order[k]];
        if (k == nalive && row_take(&R, lh)) {
            panel_text_fit(fr, RD_SANS_SMALL, c.x, R.y, c.w, th->text_dim, "exited (no longer in top; bars capped)");
            R.y += lh;
        }
        bool rcu = is_rcu_thread(t->name);
        int h = rcu && bh > lh ? bh : lh; /* an RCU thread's name is bold: its row is the bold font's height */
        if (!row_take(&R, h)) continue;
        char n[48];
        snprintf(n, sizeof n, "%s%s", t->name, t->alive ? "" : " (exited)");
        bar_row(fr, (rd_rect){c.x, R.y, c.w, h}, n, t->cpu_seconds, tmax, el, rcu ? th->kernel : th->user, false, rcu);
        if (!strncmp(n, "ksoftirqd", 9)) panel_term(fr, (rd_rect){c.x, R.y, c.w * 46 / 100, h}, "ksoftirqd/N");
        else if (!strncmp(n, "swapper", 7)) panel_term(fr, (rd_rect){c.x, R.y, c.w * 46 / 100, h}, "swapper");
        R.y += h;
    }
    if (order != order_small) free(order);
    /* the bottom line: a warning that must not scroll away, else the "more below" cue */
    if (rep->violations) {
        char vb[96];
        snprintf(vb, sizeof vb, "⚠ %llu callback%s ran before %s readers finished", (unsigned long long)rep->violations,
                 rep->violations == 1 ? "" : "s", rep->violations == 1 ? "its" : "their");
        panel_text_fit(fr, RD_BOLD, c.x, c.y + c.h - lh, c.w, th->stall, vb);
    } else if (R.hidden > 0 || R.skip > 0) {
        char cue[96];
        /* a slide or a lecture keeps the count (it informs) but not the instruction (nobody holds the mouse) */
        if (R.hidden) snprintf(cue, sizeof cue, "▼ %d more row%s%s", R.hidden, R.hidden == 1 ? "" : "s", ui_no_hints(st) ? "" : " · wheel scrolls");
        else snprintf(cue, sizeof cue, "%s", ui_no_hints(st) ? "▲ scrolled" : "▲ scrolled · wheel scrolls back");
        panel_text_fit(fr, RD_SANS_SMALL, c.x, c.y + c.h - lh, c.w, th->heading, cue);
    }
    rd_clip_pop(rd);
}
