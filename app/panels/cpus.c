/* cpus.c — one tile per CPU (state, reader, quiescent state, callback segments), a heat map when dense. */
#include "panels/panels.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* QS status of a CPU for the shown flavor, as a shape + word so it reads without colour. */
enum qs_kind { QS_NONE, QS_OWED, QS_PASSED, QS_DONE };

static enum qs_kind qs_of(const ui_view *v, const rv_cpu_view *c)
{
    const rv_rdp_view *d = &c->rdp[v->flavor];
    const rv_flavor_view *fl = &v->fl[v->flavor];
    if (fl->gpnum == fl->completed) return QS_NONE;
    /* 3.7's init walk is preemptible: a leaf it has not reached yet keeps the last GP's number and a
     * qsmask of 0, so its CPUs have been asked for nothing yet; "✓ done" said they had reported */
    if (v->nodes && c->leaf >= 0 && c->leaf < v->nnodes && v->nodes[c->leaf].gpnum != fl->gpnum) return QS_NONE;
    /* a CPU that went offline mid-GP left qsmaskinit but not qsmask: its bit still holds the GP
     * until an FQS pass credits it ("ofl"), so it owes like any other (the tree's orange bit) */
    if (c->state == RV_CPU_OFFLINE) return d->qs_owed ? QS_OWED : QS_NONE;
    /* passed_quiesce belongs to the GP this CPU last noticed: until it notices the new one
     * (rdp->gpnum catches up, __note_new_gpnum clears the flag) a stale "passed" would lie; a
     * reader older than the GP also rules out a QS */
    bool noticed = d->gpnum == fl->gpnum;
    if (d->qs_owed) return d->passed_quiesce && noticed && !(d->in_reader && d->reader_preexisting) ? QS_PASSED : QS_OWED;
    return QS_DONE;
}

static const char *qs_glyph(enum qs_kind k)
{
    return k == QS_OWED ? "○" : k == QS_PASSED ? "◐" : k == QS_DONE ? "✓" : "";
}

static rd_color qs_color(const ui_theme *th, enum qs_kind k)
{
    return k == QS_OWED ? th->owed : k == QS_PASSED ? th->kernel : th->passed;
}

/* Readable text on a state colour: dark on light backgrounds, white on dark ones. */
static rd_color ink_on(rd_color bg)
{
    int lum = (bg.r * 299 + bg.g * 587 + bg.b * 114) / 1000;
    return lum > 140 ? rd_rgb(0x111111) : rd_rgb(0xFFFFFF);
}

static void state_background(ui_frame *fr, rd_rect r, const rv_cpu_view *c, rd_color bg)
{
    rd_fill(fr->rd, r, bg);
    /* patterns double the colour: dots for a stopped tick (Z), stripes for offline */
    if (c->state == RV_CPU_IDLE_NOHZ) rd_dots(fr->rd, r, rd_alpha(rd_rgb(0xFFFFFF), 90), rd_px(fr->rd, 6));
    else if (c->state == RV_CPU_OFFLINE) rd_hatch(fr->rd, r, rd_alpha(rd_rgb(0xFFFFFF), 70), rd_px(fr->rd, 7));
}

static long seg_max(const ui_view *v)
{
    long m = 1;
    for (int i = 0; i < v->ncpus; i++)
        for (int s = 0; s < RV_NSEGS; s++)
            if (v->cpus[i].rdp[v->flavor].seg[s] > m) m = v->cpus[i].rdp[v->flavor].seg[s];
    return m;
}

/* cols 2: the four segments as two rows of two (D W / R N), where a tile has the width but not the
 * height for four labelled rows: at 115 % in a 1280x720 window the tiles lost their D/W/R/N labels */
static void draw_segments(ui_frame *fr, rd_rect r, const rv_rdp_view *d, long max, bool numbers, int cols, rd_color ink)
{
    static const char *const tag[RV_NSEGS] = {"D", "W", "R", "N"};
    rd_ctx *rd = fr->rd;
    if (cols < 1) cols = 1;
    int nrows = RV_NSEGS / cols, rowh = r.h / nrows, colw = r.w / cols, cgap = cols > 1 ? rd_px(rd, 6) : 0;
    if (rowh < 2) return;
    int label_w = numbers ? rd_text_width(rd, RD_MONO_SMALL, "W 00000 ") : 0;
    for (int s = 0; s < RV_NSEGS; s++) {
        rd_rect row = {r.x + (s % cols) * colw, r.y + (s / cols) * rowh, colw - cgap, rowh - (rowh > 4 ? 1 : 0)};
        if (numbers) {
            char buf[32], n[16];
            ui_fmt_count(n, sizeof n, d->seg[s]);
            snprintf(buf, sizeof buf, "%s %s", tag[s], n);
            rd_text(rd, RD_MONO_SMALL, row.x, row.y + (row.h - rd_line_height(rd, RD_MONO_SMALL)) / 2, ink, buf);
            panel_term(fr, (rd_rect){row.x, row.y, label_w, row.h}, tag[s]);
        }
        rd_rect bar = {row.x + label_w, row.y, row.w - label_w, row.h};
        rd_fill(rd, bar, rd_alpha(rd_rgb(0xFFFFFF), 110));
        if (d->seg[s] > 0) {
            /* log scale: 1 callback is visible, 10000 does not swamp the tile */
            double f = log10(1.0 + (double)d->seg[s]) / log10(1.0 + (double)max);
            rd_fill(rd, (rd_rect){bar.x, bar.y, (int)(bar.w * f) > 1 ? (int)(bar.w * f) : 2, bar.h}, fr->th->seg[s]);
        }
    }
}

static void badge(ui_frame *fr, int *x, int y, const char *txt, rd_color bg, rd_color fg, bool filled, enum rd_font f,
                  const char *term)
{
    rd_ctx *rd = fr->rd;
    int w = rd_text_width(rd, f, txt) + rd_px(rd, 6), h = rd_line_height(rd, f);
    rd_rect b = {*x, y, w, h};
    /* hollow badges are white with dark text: readable on every tile colour, the border carries the hue */
    if (filled) rd_fill(rd, b, bg);
    else rd_fill(rd, b, rd_rgb(0xFFFFFF));
    rd_frame(rd, b, bg, rd_px(rd, 1.5f));
    rd_text(rd, f, b.x + rd_px(rd, 3), y, filled ? fg : rd_rgb(0x111111), txt);
    if (term) panel_term(fr, b, term);
    else panel_explain(fr, b, txt);
    *x += w + rd_px(rd, 3);
}

/* The widest task name a tile of this run can show: the workload's names, or what the engine says
 * of a CPU no phase covers (views.c: "swapper", "task", "offline"). */
static int widest_task(rd_ctx *rd, const ui_view *v)
{
    int w = 0;
    const char *fixed[] = {"swapper", "task", "offline"};
    for (size_t i = 0; i < sizeof fixed / sizeof *fixed; i++) {
        int x = rd_text_width(rd, RD_SANS_SMALL, fixed[i]);
        if (x > w) w = x;
    }
    for (size_t i = 0; v->cfg && i < v->cfg->nphases; i++) {
        int x = rd_text_width(rd, RD_SANS_SMALL, v->cfg->phases[i].task);
        if (x > w) w = x;
    }
    return w;
}

/* Do big tiles tw wide head with "CPU N" and still show every task name whole? When not, they head
 * with the number alone, as smaller tiles do (the panel is titled CPUs): at 1280x720, 16 CPUs read
 * "CPU 10 hack…", "CPU 14 swap…". Measured with the widest CPU number, state letter and task name of
 * the run, so every tile, in every frame, heads the same way. */
static bool head_names_cpu(rd_ctx *rd, int tw, const ui_view *v)
{
    char head[32];
    snprintf(head, sizeof head, "CPU %d", v->ncpus > 0 ? v->ncpus - 1 : 0);
    int pad = rd_px(rd, 3), lw = 0;
    for (const char *l = "UKIZX"; *l; l++) {
        char one[2] = {*l, 0};
        int x = rd_text_width(rd, RD_BOLD, one);
        if (x > lw) lw = x;
    }
    return rd_text_width(rd, RD_BOLD, head) + widest_task(rd, v) + lw + rd_px(rd, 4) + 4 * pad <= tw;
}

/* Is a tile tw x th too small for a head line ("CPU 3", "3"), left to fit its number beside its state
 * letter (small_tile_fits_number())? */
static bool tile_is_small(rd_ctx *rd, int tw, int th)
{
    return !(tw >= rd_px(rd, 54) && th >= rd_px(rd, 40));
}

/* num, the CPU's number, and letter, its state, side by side in a small tile's one line */
static bool small_tile_fits_number(rd_ctx *rd, int tw, int th, const char *num, const char *letter)
{
    return th >= rd_line_height(rd, RD_SANS_SMALL) &&
           tw >= rd_text_width(rd, RD_SANS_SMALL, num) + rd_text_width(rd, RD_BOLD, letter) + rd_px(rd, 10);
}

/* Does every tile of a tw x th grid show its CPU's number (with the widest number and state letter)? */
static bool tiles_show_numbers(rd_ctx *rd, int tw, int th, int ncpus)
{
    if (!tile_is_small(rd, tw, th)) return true;
    char num[16];
    snprintf(num, sizeof num, "%d", ncpus > 0 ? ncpus - 1 : 0);
    for (const char *l = "UKIZX"; *l; l++) {
        char one[2] = {*l, 0};
        if (!small_tile_fits_number(rd, tw, th, num, one)) return false;
    }
    return true;
}

static void draw_tile(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st, const rv_cpu_view *c, long smax,
                      bool cpu_word)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    const rv_rdp_view *d = &c->rdp[v->flavor];
    rd_color bg = panel_cpu_color(th, c), ink = ink_on(bg);
    state_background(fr, r, c, bg);
    enum qs_kind qs = qs_of(v, c);
    bool big = r.w >= rd_px(rd, 120) && r.h >= rd_px(rd, 78);
    bool mid = !tile_is_small(rd, r.w, r.h);
    int pad = rd_px(rd, 3);
    rd_clip_push(rd, r);
    if (big || mid) {
        enum rd_font fb = big ? RD_BOLD : RD_SANS_SMALL, fs = big ? RD_SANS_SMALL : RD_SANS_SMALL;
        char head[64];
        snprintf(head, sizeof head, big && cpu_word ? "CPU %d" : "%d", c->cpu);
        int x = r.x + pad, y = r.y + pad / 2;
        int w = rd_text(rd, fb, x, y, ink, head);
        /* state letter in a box: readable without colour */
        char st_txt[48];
        snprintf(st_txt, sizeof st_txt, "%s", panel_cpu_letter(c));
        int lw = rd_text_width(rd, RD_BOLD, st_txt) + rd_px(rd, 4);
        rd_rect lb = {r.x + r.w - lw - pad, y, lw, rd_line_height(rd, RD_BOLD)};
        rd_frame(rd, lb, ink, 1);
        panel_text_in(fr, RD_BOLD, lb, RD_CENTER, ink, st_txt);
        if (big) panel_text_fit(fr, fs, x + w + pad, y + rd_px(rd, 2), lb.x - x - w - 2 * pad, ink, c->task);
        y += rd_line_height(rd, fb);
        /* line 2: reader and quiescent state */
        int bx = x;
        enum rd_font bf = RD_SANS_SMALL;
        if (d->in_reader) {
            char rb[64];
            if (d->reader_preexisting) {
                if (big) {
                    char dur[24];
                    ui_fmt_dur(dur, sizeof dur, (v->now - d->reader_since_ns) / 1e9);
                    snprintf(rb, sizeof rb, "R! %s", dur);
                } else snprintf(rb, sizeof rb, "R!");
                badge(fr, &bx, y, rb, th->reader_old, rd_rgb(0xFFFFFF), true, bf, "R!");
            } else {
                badge(fr, &bx, y, big ? "r new" : "r", th->reader_new, rd_rgb(0xFFFFFF), false, bf, "r");
            }
        }
        int cr = panel_cpu_credit(v, st, c->cpu);
        if (qs != QS_NONE) {
            char qb[32];
            /* a bit an FQS pass cleared (the credit badge follows) is "credited", not "reported": tree's cue 3
             * read "✓ reported snap" on CPUs 7 and 15 beside a caption saying they report nothing themselves */
            const char *done = qs == QS_DONE && cr >= 0 ? " credited" : " reported";
            snprintf(qb, sizeof qb, "%s%s", qs_glyph(qs), big ? (qs == QS_OWED ? " owed" : qs == QS_PASSED ? " passed" : done) : "");
            /* only "owed" is filled: the one state the grace period is waiting on */
            badge(fr, &bx, y, qb, qs_color(th, qs), rd_rgb(0xFFFFFF), qs == QS_OWED, bf, qs == QS_OWED ? "○" : qs == QS_PASSED ? "passed" : "✓");
        }
        if (cr >= 0) badge(fr, &bx, y, rv_fqs_credit_name(cr), th->walk, rd_rgb(0x111111), true, bf, NULL); /* dark on yellow: readable in both palettes */
        y += rd_line_height(rd, bf) + rd_px(rd, 1);
        /* line 3 (big tiles): what runs here besides the task */
        if (big) {
            int ex = x;
            if (c->running_kthread >= 0) {
                char kb[32];
                snprintf(kb, sizeof kb, "%s kthread", rv_flavor_name(c->running_kthread));
                badge(fr, &ex, y, kb, th->heading, th->walk, true, bf, "kthread");
            }
            if (c->softirq_pending) badge(fr, &ex, y, "softirq", th->heading, th->panel, true, bf, "softirq");
            if (c->kernel_loop) badge(fr, &ex, y, "loop", th->stall, rd_rgb(0xFFFFFF), true, bf, "loop");
            /* a qhimark overflow lifted the batch limit (__call_rcu_core() sets LONG_MAX) until the queue
             * drains to qlowmark: lesson 7's hysteresis, seen only in --debugfs's b= before */
            if (d->blimit > 1000000000L) badge(fr, &ex, y, "b=\u221E", th->heading, th->panel, true, bf, "blimit");
            if (ex == x) {
                /* " (idle)" goes first when the counter is long (hackbench's 4 digits at 1280x720,
                 * kernel-build's 7 at 1600x900 ended "dynticks 2982 (…"): the letter I or Z says idle */
                char dn[48];
                snprintf(dn, sizeof dn, "dynticks %lu%s", c->dynticks, (c->dynticks & 1) ? "" : " (idle)");
                if (rd_text_width(rd, RD_MONO_SMALL, dn) > r.w - 2 * pad) {
                    snprintf(dn, sizeof dn, "dynticks %lu", c->dynticks);
                    rd_note_dropped(rd, 1);
                }
                panel_text_fit(fr, RD_MONO_SMALL, x, y, r.w - 2 * pad, ink, dn);
            }
            y += rd_line_height(rd, bf) + rd_px(rd, 1);
        } else if (c->running_kthread >= 0 || c->kernel_loop) {
            rd_text(rd, RD_SANS_SMALL, r.x + r.w - rd_px(rd, 14), r.y + r.h - rd_line_height(rd, RD_SANS_SMALL),
                    ink, c->kernel_loop ? "∞" : "⚙");
        }
        rd_rect segs = {x, y, r.w - 2 * pad - (big ? 0 : rd_px(rd, 14)), r.y + r.h - pad - y};
        int mlh = rd_line_height(rd, RD_MONO_SMALL), lab_w = rd_text_width(rd, RD_MONO_SMALL, "W 00000 ");
        bool four = big && segs.h >= 4 * mlh - rd_px(rd, 4);
        bool two = big && !four && segs.h >= 2 * mlh - rd_px(rd, 2) && segs.w >= 2 * (lab_w + rd_px(rd, 30));
        if (segs.h > rd_px(rd, 8)) draw_segments(fr, segs, d, smax, four || two, two ? 2 : 1, ink);
    } else {
        /* small tile: number and letter when they fit, a corner mark for the reader, one for QS owed */
        /* the number from the height of a line of small text, not 20 px: hackbench compared at 1280x720
         * drew two rows of 18 px tiles with the letter alone, and the tree's "qsmask 0x2000" named a CPU
         * 13 the room could not find (a lecturer's walk-through) */
        int lh = rd_line_height(rd, RD_SANS_SMALL);
        const char *L = panel_cpu_letter(c);
        char num[16];
        snprintf(num, sizeof num, "%d", c->cpu);
        if (small_tile_fits_number(rd, r.w, r.h, num, L)) {
            int ty = r.y + (r.h >= rd_px(rd, 20) ? 0 : (r.h - lh) / 2);
            rd_text(rd, RD_SANS_SMALL, r.x + rd_px(rd, 2), ty, ink, num);
            rd_text(rd, RD_BOLD, r.x + r.w - rd_px(rd, 3) - rd_text_width(rd, RD_BOLD, L), ty, ink, L);
        } else {
            panel_text_in(fr, RD_SANS_SMALL, r, RD_CENTER, ink, panel_cpu_letter(c));
        }
        int m = r.h / 3 > 2 ? r.h / 3 : 2;
        if (d->in_reader) { /* bottom right: reader (filled when the GP waits for it) */
            rd_color rc = d->reader_preexisting ? th->reader_old : th->reader_new;
            rd_rect q = {r.x + r.w - m, r.y + r.h - m, m, m};
            if (d->reader_preexisting) rd_fill(rd, q, rc);
            else rd_frame(rd, q, rc, 1);
        }
        int cr = panel_cpu_credit(v, st, c->cpu);
        if (cr >= 0) { /* bottom left, in the badge's yellow: FQS credited it ("d"/"o" as in the tree; a snapshot credit is a "d" too) */
            rd_rect q = {r.x, r.y + r.h - m, m, m};
            rd_fill(rd, q, th->walk);
            if (m >= rd_px(rd, 10)) panel_text_in(fr, RD_SANS_SMALL, q, RD_CENTER, rd_rgb(0x111111), cr == 1 ? "o" : "d");
        } else if (qs == QS_OWED || qs == QS_PASSED) { /* bottom left: QS owed (filled) or passed (hollow) */
            rd_rect q = {r.x, r.y + r.h - m, m, m};
            if (qs == QS_OWED) rd_fill(rd, q, th->owed);
            else rd_frame(rd, q, th->kernel, 1);
        }
    }
    rd_clip_pop(rd);
    /* what just changed: this CPU's bit was cleared in its leaf a moment ago and is still clear (small
     * tiles too: omap-stall's lecture in a 1280x688 window drew one row of small tiles, and cue 5's
     * "the credited CPU's ... tile outlined in yellow" had no outline there) */
    if (c->leaf >= 0 && c->leaf < v->nnodes && panel_bit_just_cleared(v, st, &v->nodes[c->leaf], c->cpu - v->nodes[c->leaf].grplo))
        rd_frame(rd, r, th->walk, rd_px(rd, big || mid ? 3 : 2));
    bool sel = st->sel_cpu == c->cpu, hov = st->hover_cpu == c->cpu;
    if (sel) rd_frame(rd, rd_inset(r, -rd_px(rd, 1)), th->select, rd_px(rd, 3));
    else if (hov) rd_frame(rd, r, th->select, 1);
    if (d->in_reader && d->reader_preexisting && (big || mid)) rd_frame(rd, r, th->reader_old, rd_px(rd, 2));
}

/* Dense view for hundreds or thousands of CPUs: one cell each, coloured by state; a small inner
 * square marks CPUs whose quiescent state is still owed and a corner one marks pre-existing readers. */
/* Thousands of CPUs read as a sentence first: how many in each state, and by number the few
 * that still owe the grace period a QS (the ones "Why is it waiting?" is about). Returns lines used. */
/* Does CPU i still owe the GP a QS by its leaf's qsmask (what "Why is it waiting?" counts)? */
static bool leaf_owes(const ui_view *v, int i)
{
    const rv_cpu_view *c = &v->cpus[i];
    const rv_flavor_view *fl = &v->fl[v->flavor];
    if (fl->gpnum == fl->completed || c->leaf < 0 || c->leaf >= v->nnodes) return false;
    int b = i - v->nodes[c->leaf].grplo;
    return b >= 0 && b < 64 && (v->nodes[c->leaf].qsmask >> b & 1);
}

static char state_letter(enum rv_cpu_state s)
{
    return s == RV_CPU_USER ? 'U' : s == RV_CPU_KERNEL ? 'K' : s == RV_CPU_IDLE_TICK ? 'I' : s == RV_CPU_IDLE_NOHZ ? 'Z' : 'X';
}

/* A CPU the summary calls out: it owes a QS and is not dyntick-idle (FQS cannot simply credit it). */
static bool called_out(const ui_view *v, int i)
{
    return leaf_owes(v, i) && (v->cpus[i].dynticks & 1) && v->cpus[i].state != RV_CPU_OFFLINE;
}

/* The fewest pixels the heat map can be drawn in at width w: one-pixel cells in rows of whole leaves
 * (draw_heatmap()). */
static int heatmap_min_h(const ui_view *v, int w)
{
    int leaf = v->cfg && v->cfg->rcu.fanout_leaf > 0 ? v->cfg->rcu.fanout_leaf : 16;
    int cols = w >= leaf ? w / leaf * leaf : w;
    if (cols < 1) cols = 1;
    return (v->ncpus + cols - 1) / cols;
}

/* "running, still owing: CPU 0 (U), 3 (U) and 6 more": the first m of the busy running CPUs that owe. */
static void running_list(char *b, size_t n, char who[][24], int m, int busy)
{
    size_t l = (size_t)snprintf(b, n, "running, still owing: CPU ");
    for (int k = 0; k < m && l < n; k++) l += (size_t)snprintf(b + l, n - l, "%s%s", k ? ", " : "", who[k]);
    if (busy > m && l < n) snprintf(b + l, n - l, " and %d more", busy - m);
}

/* Thousands of CPUs read as sentences first: how many in each state; how many still owe the GP a
 * QS and how many of those are dyntick-idle (one FQS pass credits them all); and by number, with
 * their state, the few running CPUs that still owe one (ringed in the map). The sentences take the
 * lines they need over the map down to its smallest (one-pixel cells): in a compare half at
 * 1280x720 they ended "the next F…" and "3 (U), 5 (K),…" above a map of one-pixel cells with room to
 * spare. The list of running CPUs names as many as its lines hold and counts the rest ("and 5
 * more"); only where even that does not fit a last line ends in "…". Returns the height used. */
static int heatmap_summary(ui_frame *fr, rd_rect r, const ui_view *v)
{
    rd_ctx *rd = fr->rd;
    int count[RV_CPU_OFFLINE + 1] = {0}, owing = 0, idle = 0, busy = 0;
    char who[8][24];
    for (int i = 0; i < v->ncpus; i++) {
        const rv_cpu_view *c = &v->cpus[i];
        if ((unsigned)c->state <= RV_CPU_OFFLINE) count[c->state]++;
        if (!leaf_owes(v, i)) continue;
        owing++;
        if (!called_out(v, i)) { idle++; continue; }
        if (busy < 8) snprintf(who[busy], sizeof who[busy], "%d (%c)", i, state_letter(c->state));
        busy++;
    }
    char l1[160], l2[200], l3[300];
    snprintf(l1, sizeof l1, "%d U · %d K · %d I · %d Z · %d X", count[RV_CPU_USER], count[RV_CPU_KERNEL],
             count[RV_CPU_IDLE_TICK], count[RV_CPU_IDLE_NOHZ], count[RV_CPU_OFFLINE]);
    if (!owing) snprintf(l2, sizeof l2, "none owes a QS");
    else snprintf(l2, sizeof l2, "%d owe%s a QS · %d of them idle or offline: the next FQS pass credits those", owing, owing == 1 ? "s" : "", idle);
    int lh = rd_line_height(rd, RD_SANS_SMALL), bh = rd_line_height(rd, RD_BOLD), y = r.y;
    int listed = busy < 8 ? busy : 8;
    running_list(l3, sizeof l3, who, listed, busy);
    /* lines: one each, then l2's (it says why thousands of owing CPUs are no worry), then the list's */
    int n2 = panel_wrap_lines(rd, RD_SANS_SMALL, r.w, l2), n3 = busy ? panel_wrap_lines(rd, RD_BOLD, r.w, l3) : 0;
    /* the map's rows and the gap under these lines (the return value's 2 px): without the gap, big-machine
     * compared at 1280x705 left the 3.6 half 12 px for 13 rows of cells, and no map at all */
    int room = r.h - heatmap_min_h(v, r.w) - rd_px(rd, 2) - lh - (n2 > 0 ? lh : 0) - (n3 > 0 ? bh : 0), k2 = n2 > 0 ? 1 : 0,
        k3 = n3 > 0 ? 1 : 0;
    while (k2 < n2 && room >= lh) { k2++; room -= lh; }
    while (k3 < n3 && room >= bh) { k3++; room -= bh; }
    /* a list longer than its lines names fewer CPUs and counts the others */
    for (int m = listed - 1; busy && m >= 1 && panel_wrap_lines(rd, RD_BOLD, r.w, l3) > k3; m--) running_list(l3, sizeof l3, who, m, busy);
    panel_text_fit(fr, RD_SANS_SMALL, r.x, y, r.w, fr->th->text, l1);
    ui_tip_add(fr, (rd_rect){r.x, y, r.w, lh}, "CPUs by state: U user, K kernel, I idle with its tick on, Z idle with its tick stopped (RCU counts I and Z idle: dynticks even), X offline.");
    y += lh;
    panel_wrap_fit(fr, RD_SANS_SMALL, (rd_rect){r.x, y, r.w, k2 * lh}, fr->th->text, l2);
    y += k2 * lh;
    if (busy) { /* the ones that matter, ringed in the map below */
        panel_wrap_fit(fr, RD_BOLD, (rd_rect){r.x, y, r.w, k3 * bh}, fr->th->stall_text, l3);
        panel_explain(fr, (rd_rect){r.x, y, r.w, k3 * bh}, "QS");
        y += k3 * bh;
    }
    return y - r.y + rd_px(rd, 2);
}

static void draw_heatmap(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    int n = v->ncpus;
    int used = heatmap_summary(fr, r, v);
    r.y += used;
    r.h -= used;
    int cols = (int)ceil(sqrt((double)n * r.w / (r.h > 0 ? r.h : 1)));
    /* whole leaves per row (a multiple of fanout_leaf), so columns of cells line up with rnp leaves */
    int leaf = v->cfg && v->cfg->rcu.fanout_leaf > 0 ? v->cfg->rcu.fanout_leaf : 16;
    if (cols > leaf) cols = (cols + leaf / 2) / leaf * leaf;
    if (cols < 1) cols = 1;
    int rows = (n + cols - 1) / cols;
    int cw = r.w / cols, ch = r.h / (rows ? rows : 1);
    if (cw < 1 || ch < 1) return;
    uint32_t *rgb = malloc(sizeof *rgb * (size_t)cols * rows);
    if (!rgb) return;
    for (int i = 0; i < cols * rows; i++) {
        if (i >= n) { rgb[i] = ((uint32_t)th->panel.r << 16) | ((uint32_t)th->panel.g << 8) | th->panel.b; continue; }
        rd_color c = panel_cpu_color(th, &v->cpus[i]);
        rgb[i] = ((uint32_t)c.r << 16) | ((uint32_t)c.g << 8) | c.b;
    }
    rd_rect g = {r.x, r.y, cw * cols, ch * rows};
    rd_grid(rd, g, cols, rows, rgb);
    free(rgb);
    /* what a cell is: big-machine compared drew a strip of grey blocks (one-pixel cells, a leaf's
     * columns each) and a student could not tell what one stood for */
    char tip[400];
    snprintf(tip, sizeof tip, "The heat map: one cell per CPU, CPU 0 at the top left, %d to a row, coloured by state. %s"
             "A centre square marks a CPU that owes the GP a QS, a ring a running CPU that still owes one. Click a cell to select its CPU.",
             cols, cols > leaf && cw * leaf >= 12 ? "Each block between the thin gaps is the CPUs of one rcu_node leaf (fanout_leaf). " : "");
    ui_tip_add(fr, g, tip);
    if (cols > leaf && cw * leaf >= 12)
        for (int k = leaf; k < cols; k += leaf) rd_fill(rd, (rd_rect){g.x + k * cw, g.y, 1, g.h}, th->panel);
    if (cw >= 3 && ch >= 3) {
        for (int i = 0; i < n; i++) {
            enum qs_kind q = qs_of(v, &v->cpus[i]);
            const rv_rdp_view *d = &v->cpus[i].rdp[v->flavor];
            int x = g.x + (i % cols) * cw, y = g.y + (i / cols) * ch;
            if (q == QS_OWED) rd_fill(rd, (rd_rect){x + cw / 4, y + ch / 4, (cw + 1) / 2, (ch + 1) / 2}, th->owed);
            if (d->in_reader && d->reader_preexisting) rd_fill(rd, (rd_rect){x, y, (cw + 1) / 2, (ch + 1) / 2}, th->reader_old);
        }
    }
    /* the few running CPUs that still owe a QS, ringed so the eye finds them among thousands */
    int ringed = 0;
    for (int i = 0; i < n && ringed < 64; i++) {
        if (!called_out(v, i)) continue;
        int x = g.x + (i % cols) * cw, y = g.y + (i / cols) * ch, k = rd_px(rd, 3);
        rd_frame(rd, (rd_rect){x - k, y - k, cw + 2 * k, ch + 2 * k}, th->stall, rd_px(rd, 2));
        ringed++;
    }
    if (st->sel_cpu >= 0 && st->sel_cpu < n) {
        int i = st->sel_cpu;
        rd_frame(rd, (rd_rect){g.x + (i % cols) * cw - 2, g.y + (i / cols) * ch - 2, cw + 4, ch + 4}, th->select, 2);
    }
    /* one hit per row keeps the hit list short; the click handler maps x to the column */
    for (int row = 0; row < rows; row++)
        ui_hit_add(fr, (rd_rect){g.x, g.y + row * ch, g.w, ch}, HIT_CPU, -1 - row * cols, cols * 65536 + cw);
}

/* The legend of what the panel draws; every item explains itself on hover. draw=false only measures its
 * height. The heat map draws states, an owed QS, an old reader and the running CPUs that owe: its
 * legend says those alone (the tiles' badges, callbacks and outline took three lines of a compare
 * half at 1280x720 over a map drawn without them, and the summary above the map ended in "…"). */
static int legend(ui_frame *fr, rd_rect r, bool heat, int max_rows, const char *hint, bool draw)
{
    const ui_theme *th = fr->th;
    const panel_legend_item items[] = {
        {SW_FILL, th->user, "U user", "U"}, {SW_FILL, th->kernel, "K kernel", "K"}, {SW_FILL, th->idle_tick, "I idle, tick on", "I"},
        {SW_DOTS, th->idle_nohz, "Z idle, tick stopped", "Z"}, {SW_HATCH, th->offline, "X offline", "X"},
        /* the tile's yellow border is the tree's "just cleared" outline: the same words, the same
         * glossary line; here, after two short items, it takes no line of its own at 1280x720 compare */
        {SW_FRAME, th->walk, "just cleared", "just cleared"},
        {SW_FILL, th->reader_old, "R! reader the GP waits for", "R!"}, {SW_FRAME, th->reader_new, "r new reader", "r"},
        {SW_FILL, th->owed, "○ QS owed", "○"}, {SW_FRAME, th->kernel, "◐ QS passed, not reported", "passed"},
        {SW_FRAME, th->passed, "✓ reported", "✓"}, {SW_FILL, th->walk, "snap/dti/ofl: FQS credited it", "dti"},
        {SW_SEGS, th->seg[1], "D W R N callbacks: done, waiting, next-ready, next", "D/W/R/N"},
    };
    const panel_legend_item heat_items[] = {
        {SW_FILL, th->user, "U user", "U"}, {SW_FILL, th->kernel, "K kernel", "K"}, {SW_FILL, th->idle_tick, "I idle, tick on", "I"},
        {SW_DOTS, th->idle_nohz, "Z idle, tick stopped", "Z"}, {SW_HATCH, th->offline, "X offline", "X"},
        {SW_FILL, th->owed, "centre: owes a QS", "○"}, {SW_FILL, th->reader_old, "corner: reader GP waits for", "R!"},
        {SW_FRAME, th->stall, "ring: running, owes", "QS"},
    };
    if (heat) return panel_legend_rows(fr, r, heat_items, (int)(sizeof heat_items / sizeof heat_items[0]), max_rows, hint, draw);
    return panel_legend_rows(fr, r, items, (int)(sizeof items / sizeof items[0]), max_rows, hint, draw);
}

/* The tiles' grid in g: the column count whose tiles are biggest at the tiles' 1.45 aspect, and their
 * size (a tile at most 150 px tall). */
static void tile_grid(rd_rect g, int n, int gap, int *cols_out, int *rows_out, int *tw, int *th)
{
    int best_cols = 1;
    double best = 0;
    for (int cols = 1; cols <= n; cols++) {
        int rows = (n + cols - 1) / cols;
        double w = (double)(g.w - gap * (cols - 1)) / cols, h = (double)(g.h - gap * (rows - 1)) / rows;
        double s = fmin(w / 1.45, h);
        if (s > best) { best = s; best_cols = cols; }
    }
    int cols = best_cols, rows = n > 0 ? (n + cols - 1) / cols : 1;
    *cols_out = cols;
    *rows_out = rows;
    *tw = (g.w - gap * (cols - 1)) / cols;
    *th = (g.h - gap * (rows - 1)) / rows;
}

/* Form k (0 the longest) of the CPUs panel's subtitle; owes: the singular verb. */
static void cpus_subtitle(char *sub, size_t n, int k, int flavor, int online, int idle, int nohz, int owed, bool owes)
{
    const char *s = owes ? "s" : "";
    if (k == 0) snprintf(sub, n, "%s · %d online, %d idle (%d tick stopped) · %d still owe%s a QS", rv_flavor_name(flavor), online, idle, nohz, owed, s);
    else if (k == 1) snprintf(sub, n, "%s · %d online, %d idle (%d Z) · %d owe%s a QS", rv_flavor_name(flavor), online, idle, nohz, owed, s);
    else if (k == 2) snprintf(sub, n, "%d online, %d idle (%d Z), %d owe%s a QS", online, idle, nohz, owed, s);
    else snprintf(sub, n, "%d online, %d idle, %d owe%s a QS", online, idle, owed, s);
}

void panel_cpus_draw(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st)
{
    rd_ctx *rd = fr->rd;
    char sub[160];
    /* "idle" as RCU counts it and the tiles say it: an online CPU whose dynticks counter is even
     * (rcu_idle_enter() on entering the idle loop), ticking (I) or not; "tick stopped" is NO_HZ's (Z) */
    int online = 0, idle = 0, nohz = 0, owed = 0;
    for (int i = 0; i < v->ncpus; i++) {
        online += v->cpus[i].state != RV_CPU_OFFLINE;
        idle += v->cpus[i].state != RV_CPU_OFFLINE && !(v->cpus[i].dynticks & 1);
        nohz += v->cpus[i].state == RV_CPU_IDLE_NOHZ;
        owed += qs_of(v, &v->cpus[i]) == QS_OWED || qs_of(v, &v->cpus[i]) == QS_PASSED;
    }
    const char *title = v->ncpus == 1 ? "CPU" : "CPUs";
    /* the longest form that fits: compare at 1280x720 cut it at "(2 tick stopped…" (the tiles' letter Z
     * says "tick stopped", and the flavor is on its button in the top bar), and big-machine compared
     * still ended "4087 idle (4087 Z), 4086 owe …" (the count of stopped ticks goes before the count
     * the grace period is about: the tiles' Z, or the heat map's first line, says it). Which form
     * fits is measured with every count at its largest, the CPU count, so the form does not change
     * from frame to frame as "0 owe" becomes "4096 owe" */
    int k = 0, m = v->ncpus;
    for (; k < 3; k++) {
        cpus_subtitle(sub, sizeof sub, k, v->flavor, m, m, m, m, true);
        if (panel_subtitle_fits(fr, r, title, sub)) break;
    }
    cpus_subtitle(sub, sizeof sub, k, v->flavor, online, idle, nohz, owed, owed == 1);
    if (k) rd_note_dropped(rd, k); /* "tick stopped", then the flavor's name, then the Z count */
    rd_rect c = panel_frame(fr, r, title, sub);
    int n = v->ncpus;
    /* tiles first: the legend takes the rows it needs at this width, unless the tiles would then be
     * too small to read (12 px, where the heat map used to take over); it then gives up rows from its end
     * (a hint to the glossary ends its last), down to none. A squeezed compare half (1066x600, the
     * smallest supported size) had no tile left and drew the legend up over the panel's title. */
    bool heat = n > 256;
    int lh = rd_line_height(rd, RD_SANS_SMALL);
    /* "… legend: G" read as a line cut before its end: the rest of the legend is named, not hinted at */
    const char *hint = ui_no_hints(st) ? "+ more" : "more: press G";
    int rows_all = legend(fr, (rd_rect){c.x, 0, c.w, 0}, heat, 1 << 20, NULL, false) / lh;
    int gap = rd_px(rd, n <= 64 ? 3 : 1);
    int leg_rows = rows_all, leg_h = 0, cols = 1, rows = 1, tw = 0, th_ = 0;
    rd_rect grid = c;
    for (;;) {
        leg_h = legend(fr, (rd_rect){c.x, 0, c.w, 0}, heat, leg_rows, hint, false);
        grid = (rd_rect){c.x, c.y, c.w, c.h - leg_h - (leg_h ? rd_px(rd, 4) : 0)};
        if (heat) { /* the map's sentences and a map of one-pixel cells under them */
            if (grid.h >= 3 * lh + heatmap_min_h(v, grid.w) || leg_rows == 0) break;
            leg_rows--;
            continue;
        }
        tile_grid(grid, n, gap, &cols, &rows, &tw, &th_);
        if ((th_ >= rd_px(rd, 12) && tw >= rd_px(rd, 12)) || leg_rows == 0) break;
        leg_rows--;
    }
    /* the tiles' numbers before the legend's last rows, when fewer rows give the tiles room for them:
     * kernel-build compared at 1280x720, its caption strip tall for the two sides' long closing
     * captions, drew one row of 16 tiles with letters alone under a six-row legend, and the tree's
     * "qsmask 0x4192" and the captions' CPU numbers had no tile to point at; the legend's rest is
     * named by its hint ("more: press G") */
    if (!heat && leg_rows > 0 && !tiles_show_numbers(rd, tw, th_, n))
        for (int lr = leg_rows - 1; lr >= 0; lr--) {
            int h = legend(fr, (rd_rect){c.x, 0, c.w, 0}, heat, lr, hint, false), c2, r2, w2, h2;
            rd_rect g2 = {c.x, c.y, c.w, c.h - h - (h ? rd_px(rd, 4) : 0)};
            tile_grid(g2, n, gap, &c2, &r2, &w2, &h2);
            if (!tiles_show_numbers(rd, w2, h2, n)) continue;
            leg_rows = lr, leg_h = h, grid = g2, cols = c2, rows = r2, tw = w2, th_ = h2;
            break;
        }
    /* a machine of a few CPUs, each tile a character of the lecture: their badges ("○ owed", "snap")
     * before the legend's last rows, when fewer rows give the tiles room for them (tile_is_small()).
     * omap-stall's two CPUs compared at 133 % on a 1280x720 projector were strips of a number and a
     * letter under five rows of legend, while cue 5 pointed at the idle CPU's "snap" */
    if (!heat && n <= 8 && leg_rows > 0 && tile_is_small(rd, tw, th_))
        for (int lr = leg_rows - 1; lr >= 0; lr--) {
            int h = legend(fr, (rd_rect){c.x, 0, c.w, 0}, heat, lr, hint, false), c2, r2, w2, h2;
            rd_rect g2 = {c.x, c.y, c.w, c.h - h - (h ? rd_px(rd, 4) : 0)};
            tile_grid(g2, n, gap, &c2, &r2, &w2, &h2);
            if (tile_is_small(rd, w2, h2)) continue;
            leg_rows = lr, leg_h = h, grid = g2, cols = c2, rows = r2, tw = w2, th_ = h2;
            break;
        }
    if (!heat && (th_ < rd_px(rd, 12) || tw < rd_px(rd, 12))) {
        /* tiles too small even with no legend: the heat map, its legend shortened the same way */
        heat = true;
        rows_all = legend(fr, (rd_rect){c.x, 0, c.w, 0}, heat, 1 << 20, NULL, false) / lh;
        for (leg_rows = rows_all;; leg_rows--) {
            leg_h = legend(fr, (rd_rect){c.x, 0, c.w, 0}, heat, leg_rows, hint, false);
            grid = (rd_rect){c.x, c.y, c.w, c.h - leg_h - (leg_h ? rd_px(rd, 4) : 0)};
            if (grid.h >= 3 * lh + heatmap_min_h(v, grid.w) || leg_rows == 0) break;
        }
    }
    if (th_ > rd_px(rd, 150)) th_ = rd_px(rd, 150);
    if (leg_h > 0 && leg_h <= c.h) legend(fr, (rd_rect){c.x, c.y + c.h - leg_h, c.w, leg_h}, heat, leg_rows, hint, true);
    if (n <= 0 || grid.h <= 0) return;
    if (heat) {
        draw_heatmap(fr, grid, v, st);
        return;
    }
    /* no tile over the legend or the title (3 px out: a selected tile's ring) */
    rd_clip_push(rd, rd_inset(grid, -rd_px(rd, 3)));
    long smax = seg_max(v);
    bool cpu_word = head_names_cpu(rd, tw, v);
    for (int i = 0; i < n; i++) {
        rd_rect t = {grid.x + (i % cols) * (tw + gap), grid.y + (i / cols) * (th_ + gap), tw, th_};
        draw_tile(fr, t, v, st, &v->cpus[i], smax, cpu_word);
        ui_hit_add(fr, t, HIT_CPU, i, 0);
    }
    rd_clip_pop(rd);
}
