/* tree.c — the rcu_node tree of one flavor: qsmask bits clearing, gpnum/completed, the GP walk, FQS probes. */
#include "panels/panels.h"

#include <stdio.h>
#include <string.h>

typedef struct level_geo {
    int first, count, per_row, rows, node_w, node_h, bit_cols, bit_rows, nbits, gap, bsz;
    bool title;
} level_geo;

static int node_bits(const rv_node_view *n, bool leaf)
{
    int b = leaf ? n->grphi - n->grplo + 1 : n->nchildren;
    return b < 1 ? 1 : b > 64 ? 64 : b;
}

/* Lay out every level with bit squares of bsz_upper (inner levels) and bsz_leaf (leaves); returns
 * the total height. Inner levels have few nodes, so they keep big readable bits when hundreds of
 * leaves must shrink. */
static int plan(rd_ctx *rd, const ui_view *v, level_geo *lv, int w, int bsz_upper, int bsz_leaf)
{
    int total = 0;
    int title_h = rd_line_height(rd, RD_SANS_SMALL) * 2;
    int first = 0;
    for (int l = 0; l < v->levels; l++) {
        level_geo *g = &lv[l];
        g->first = first;
        g->count = v->level_count[l];
        int gap = g->count > 32 ? 1 : rd_px(rd, 4);
        g->gap = gap;
        first += g->count;
        bool leaf = l == v->levels - 1;
        int bsz = leaf ? bsz_leaf : bsz_upper;
        /* dense trees (hundreds of leaves) lose their margins before they lose their bits */
        int pad = bsz >= 8 ? rd_px(rd, 3) : 1;
        g->bsz = bsz;
        g->nbits = 1;
        for (int i = 0; i < g->count && g->first + i < v->nnodes; i++) {
            int b = node_bits(&v->nodes[g->first + i], leaf);
            if (b > g->nbits) g->nbits = b;
        }
        int min_w = bsz * (g->nbits < 4 ? g->nbits : 4) + 2 * pad;
        g->per_row = g->count;
        while (g->per_row > 1 && (w - gap * (g->per_row - 1)) / g->per_row < min_w) g->per_row = (g->per_row + 1) / 2;
        g->rows = (g->count + g->per_row - 1) / g->per_row;
        g->node_w = (w - gap * (g->per_row - 1)) / g->per_row;
        if (g->node_w > rd_px(rd, 420)) g->node_w = rd_px(rd, 420);
        g->bit_cols = (g->node_w - 2 * pad) / bsz;
        if (g->bit_cols > g->nbits) g->bit_cols = g->nbits;
        if (g->bit_cols < 1) g->bit_cols = 1;
        g->bit_rows = (g->nbits + g->bit_cols - 1) / g->bit_cols;
        g->title = g->node_w >= rd_px(rd, 96) && bsz >= rd_px(rd, 8);
        g->node_h = (g->title ? title_h : 0) + g->bit_rows * bsz + 2 * pad;
        total += g->rows * (g->node_h + gap) + (l ? rd_px(rd, g->count > 32 ? 4 : 10) : 0);
    }
    return total;
}

static void leaf_tip(ui_frame *fr, rd_rect r, const ui_view *v, const rv_node_view *n);

/* The biggest bit sizes (inner levels, leaves) at which the tree fits in area. */
static void size_tree(rd_ctx *rd, const ui_view *v, level_geo *lv, rd_rect area, int *bu_out, int *bl_out)
{
    int bu = rd_px(rd, 34), bl = bu, floor_u = rd_px(rd, 12);
    while (bl > 2 && plan(rd, v, lv, area.w, bu, bl) > area.h) {
        if (bu > floor_u) bu--; /* shrink together down to a readable size... */
        bl--;                   /* ...then only the leaves */
        if (bu < bl) bu = bl;
    }
    while (bu > bl && plan(rd, v, lv, area.w, bu, bl) > area.h) bu--;
    /* inner nodes that lost their titles free more room than one step took: give it back, to the
     * inner levels first (their titles and bits are what a reader can read), then the leaves */
    while (bu < rd_px(rd, 34) && plan(rd, v, lv, area.w, bu + 1, bl) <= area.h) bu++;
    while (bl < bu && plan(rd, v, lv, area.w, bu, bl + 1) <= area.h) bl++;
    *bu_out = bu;
    *bl_out = bl;
}


static void draw_node(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st, const rv_node_view *n,
                      const level_geo *g, int bsz, bool leaf)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    const rv_flavor_view *fl = &v->fl[v->flavor];
    bool gp_here = n->gpnum != n->completed;
    bool walking = fl->walk_node == n->index && (fl->phase == RV_GP_INIT || fl->phase == RV_GP_CLEANUP);
    rd_fill(rd, r, walking ? rd_mix(th->panel, th->walk, 0.35f) : th->panel);
    rd_frame(rd, r, st->sel_node == n->index ? th->select : th->panel_edge, st->sel_node == n->index ? rd_px(rd, 2) : 1);
    if (walking) rd_frame(rd, rd_inset(r, -rd_px(rd, 2)), th->walk, rd_px(rd, 3));
    ui_hit_add(fr, r, HIT_NODE, n->index, 0);
    int pad = bsz >= 8 ? rd_px(rd, 3) : 1, y = r.y + pad;
    rd_clip_push(rd, r);
    if (g->title) {
        char t1[96], t2[96];
        if (leaf) snprintf(t1, sizeof t1, "rnp%d  CPUs %d-%d", n->index, n->grplo, n->grphi);
        else snprintf(t1, sizeof t1, "rnp%d  level %d", n->index, n->level);
        snprintf(t2, sizeof t2, "g%lu c%lu  qsmask %#lx", n->gpnum, n->completed, n->qsmask);
        char blkd[24] = "";
        if (n->n_blkd_tasks) snprintf(blkd, sizeof blkd, "  blkd %d", n->n_blkd_tasks);
        strncat(t2, blkd, sizeof t2 - strlen(t2) - 1);
        /* a narrow node (3.6's NR_CPUS tree in compare, a slide) keeps the mask whole before the GP
         * numbers, which the panel's header gives: "qsmask 0xcd…" hid which CPUs still owe */
        if (rd_text_width(rd, RD_MONO_SMALL, t2) > r.w - 2 * pad) snprintf(t2, sizeof t2, "qsmask %#lx%s", n->qsmask, blkd);
        if (rd_text_width(rd, RD_MONO_SMALL, t2) > r.w - 2 * pad) snprintf(t2, sizeof t2, "%#lx", n->qsmask);
        panel_text_fit(fr, RD_SANS_SMALL, r.x + pad, y, r.w - 2 * pad, th->text, t1);
        y += rd_line_height(rd, RD_SANS_SMALL);
        panel_text_fit(fr, RD_MONO_SMALL, r.x + pad, y, r.w - 2 * pad, th->text_dim, t2);
        y += rd_line_height(rd, RD_SANS_SMALL);
    }
    const ui_history *h = v->hist;
    int nb = node_bits(n, leaf);
    for (int b = 0; b < nb; b++) {
        rd_rect q = {r.x + pad + (b % g->bit_cols) * bsz, y + (b / g->bit_cols) * bsz, bsz - 1, bsz - 1};
        if (bsz > 6) { q.w--; q.h--; }
        unsigned long bit = 1UL << b;
        if (!(n->qsmaskinit & bit)) {
            rd_fill(rd, q, th->cleared);
            rd_hatch(rd, q, th->text_dim, rd_px(rd, 4));
        } else if (n->qsmask & bit) {
            rd_fill(rd, q, th->owed);
        } else {
            rd_fill(rd, q, th->panel);
            rd_frame(rd, q, gp_here ? th->passed : th->cleared, bsz >= 8 ? rd_px(rd, 1.5f) : 1);
        }
        /* the flash needs room: on dense trees it would bury the bits it is about */
        if (bsz >= 8 && panel_bit_just_cleared(v, st, n, b)) rd_frame(rd, rd_inset(q, -1), th->walk, rd_px(rd, 2));
        int cpu = leaf ? n->grplo + b : -1;
        if (bsz >= rd_px(rd, 13)) {
            char lab[16] = "";
            int cr = leaf && gp_here ? ui_history_credit(h, v->flavor, cpu, fl->gpnum, v->now) : -1;
            if (cr >= 0) snprintf(lab, sizeof lab, "%s", cr ? "o" : "d");
            else if (bsz >= rd_px(rd, 17)) snprintf(lab, sizeof lab, "%d", leaf ? cpu : b);
            rd_color ink = (n->qsmask & bit) ? rd_rgb(0xFFFFFF) : th->text;
            if (lab[0]) panel_text_in(fr, RD_SANS_SMALL, q, RD_CENTER, ink, lab);
        }
        ui_hit_add(fr, q, HIT_NODE_BIT, n->index, b);
    }
    rd_clip_pop(rd);
    if (leaf && !g->title) leaf_tip(fr, r, v, n);
}

/* What the CPUs of one leaf do: how many in each state (U K I Z X) and how many still owe a QS. */
typedef struct leaf_sig { int st[5], owe, busy_owe; } leaf_sig;

static leaf_sig leaf_sig_of(const ui_view *v, const rv_node_view *n)
{
    leaf_sig s;
    memset(&s, 0, sizeof s);
    bool gp = n->gpnum != n->completed;
    for (int c = n->grplo; c <= n->grphi && c < v->ncpus; c++) {
        enum rv_cpu_state k = v->cpus[c].state;
        if ((unsigned)k < 5) s.st[k]++;
        bool owes = gp && (n->qsmask >> (c - n->grplo) & 1);
        s.owe += owes;
        s.busy_owe += owes && (v->cpus[c].dynticks & 1) && k != RV_CPU_OFFLINE;
    }
    return s;
}

static void leaf_sig_text(const leaf_sig *s, char *b, size_t n)
{
    static const char letters[] = "UKIZX";
    static const int order[] = {RV_CPU_USER, RV_CPU_KERNEL, RV_CPU_IDLE_TICK, RV_CPU_IDLE_NOHZ, RV_CPU_OFFLINE};
    size_t l = 0;
    b[0] = 0;
    for (int i = 0; i < 5; i++)
        if (s->st[order[i]] && l < n) l += (size_t)snprintf(b + l, n - l, "%s%d %c", l ? " " : "", s->st[order[i]], letters[i]);
    if (l < n) snprintf(b + l, n - l, ", %d owe%s", s->owe, s->owe == 1 ? "s" : "");
}

/* Hundreds of leaves are too small to label: group them by what their CPUs do ("250 leaves, each: 16 Z,
 * 16 owe") and name the few leaves where a running CPU still owes a QS. Lines drawn (or that
 * would be, draw = false), at most max_lines. */
static int leaf_summary(ui_frame *fr, rd_rect r, const ui_view *v, int first_leaf, int nleaves, int max_lines, bool draw, bool clean)
{
    rd_ctx *rd = fr->rd;
    enum { MAXG = 64 };
    leaf_sig sig[MAXG];
    int cnt[MAXG], first[MAXG], ng = 0, other = 0;
    for (int i = 0; i < nleaves && first_leaf + i < v->nnodes; i++) {
        leaf_sig s = leaf_sig_of(v, &v->nodes[first_leaf + i]);
        int g = 0;
        while (g < ng && memcmp(&sig[g], &s, sizeof s)) g++;
        if (g == ng) {
            if (ng == MAXG) { other++; continue; }
            sig[ng] = s; cnt[ng] = 0; first[ng] = first_leaf + i; ng++;
        }
        cnt[g]++;
    }
    /* the commonest kind first, then kinds with a running CPU owing a QS, then the rest by size */
    int ord[MAXG], no = 0, big = 0;
    for (int g = 1; g < ng; g++) if (cnt[g] > cnt[big]) big = g;
    if (ng) ord[no++] = big;
    for (int pass = 0; pass < 2; pass++)
        for (int g = 0; g < ng; g++)
            if (g != big && (pass == 0) == (sig[g].busy_owe > 0)) ord[no++] = g;
    int lh = rd_line_height(rd, RD_SANS_SMALL), lines = 0;
    for (int k = 0; k < no && lines < max_lines; k++) {
        int g = ord[k];
        char t[120], line[220];
        leaf_sig_text(&sig[g], t, sizeof t);
        bool last = lines == max_lines - 1 && k + 1 < no;
        if (last) {
            int rest = 0;
            for (int j = k; j < no; j++) rest += cnt[ord[j]];
            snprintf(line, sizeof line, "… and %d more lea%s of %d other kind%s%s", rest + other, rest + other == 1 ? "f" : "ves", no - k,
                     no - k == 1 ? "" : "s", clean ? "" : " (hover a leaf)");
        } else if (cnt[g] == 1) snprintf(line, sizeof line, "leaf rnp%d: %s a QS", first[g], t);
        else snprintf(line, sizeof line, "%d leaves, each: %s a QS", cnt[g], t); /* per leaf, not in all */
        if (draw) {
            rd_color ink = sig[g].busy_owe && !last ? fr->th->stall : fr->th->text;
            panel_text_fit(fr, RD_SANS_SMALL, r.x, r.y + lines * lh, r.w, ink, line);
            ui_tip_add(fr, (rd_rect){r.x, r.y + lines * lh, r.w, lh}, "Leaves grouped by the states of their CPUs (U user, K kernel, "
                       "I idle with its tick on, Z idle with its tick stopped, X offline) and by how many of those CPUs still owe a QS (bit set "
                       "in the leaf's qsmask). Red: a running CPU there owes one. Hover a leaf for its own counts.");
        }
        lines++;
        if (last) break;
    }
    return lines;
}

/* Hover over a leaf too small to label: its CPUs' states and the running ones that still owe. */
static void leaf_tip(ui_frame *fr, rd_rect r, const ui_view *v, const rv_node_view *n)
{
    leaf_sig s = leaf_sig_of(v, n);
    char t[120], tip[400];
    leaf_sig_text(&s, t, sizeof t);
    size_t l = (size_t)snprintf(tip, sizeof tip, "rnp%d, CPUs %d-%d: %s", n->index, n->grplo, n->grphi, t);
    bool gp = n->gpnum != n->completed;
    int shown = 0;
    for (int c = n->grplo; c <= n->grphi && c < v->ncpus && l < sizeof tip - 24; c++) {
        if (!gp || !(n->qsmask >> (c - n->grplo) & 1) || !(v->cpus[c].dynticks & 1)) continue;
        l += (size_t)snprintf(tip + l, sizeof tip - l, "%s%d", shown++ ? ", " : "; running and owing: CPU ", c);
    }
    ui_tip_add(fr, r, tip);
}

void panel_tree_draw(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    const rv_flavor_view *fl = &v->fl[v->flavor];
    /* the header says it in fewer words rather than end in "…" mid-number ("gpnum 15…"): a narrow
     * panel, or a one-panel picture whose text grew, gets the nodes' own g/c notation, then leaves out
     * the flavor's name (the top bar's toggle shows it) before the phase, then both */
    char sub[200];
    const char *fname = rv_flavor_name(v->flavor), *phase = rv_gp_phase_name(fl->phase);
    int avail = r.w - rd_px(rd, 18) - rd_text_width(rd, RD_BOLD, "rcu_node tree");
    snprintf(sub, sizeof sub, "%s · gpnum %lu · completed %lu · %s", fname, fl->gpnum, fl->completed, phase);
    if (rd_text_width(rd, RD_SANS, sub) > avail) snprintf(sub, sizeof sub, "%s · g%lu c%lu · %s", fname, fl->gpnum, fl->completed, phase);
    if (rd_text_width(rd, RD_SANS, sub) > avail) snprintf(sub, sizeof sub, "g%lu c%lu · %s", fl->gpnum, fl->completed, phase);
    if (rd_text_width(rd, RD_SANS, sub) > avail) snprintf(sub, sizeof sub, "%s · g%lu c%lu", fname, fl->gpnum, fl->completed);
    if (rd_text_width(rd, RD_SANS, sub) > avail) snprintf(sub, sizeof sub, "g%lu c%lu", fl->gpnum, fl->completed);
    rd_rect c = panel_frame(fr, r, "rcu_node tree", sub);
    int lh = rd_line_height(rd, RD_SANS_SMALL);
    const panel_legend_item leg[] = {
        {SW_FILL, th->owed, "bit set: QS still owed", "qsmask"},
        {SW_FRAME, th->passed, "reported", "reported"},
        {SW_HATCH_DIM, th->cleared, "not in qsmaskinit", "qsmaskinit"},
        {SW_FRAME, th->walk, "just cleared", "just cleared"},
        {SW_NONE, th->text, "d = dyntick-idle credit (dti)", "dti"},
        {SW_NONE, th->text, "o = offline credit (ofl)", "ofl"},
    };
    int nleg = (int)(sizeof leg / sizeof leg[0]);
    int leg_h = panel_legend(fr, (rd_rect){c.x, 0, c.w, 0}, leg, nleg, false);
    /* who drives the grace period, and where it is */
    char drv[256];
    if (v->mode == RV_MODE_KTHREAD) {
        if (fl->kthread_cpu >= 0)
            snprintf(drv, sizeof drv, "3.7: %s kthread %s on CPU %d", rv_flavor_name(v->flavor),
                     fl->kthread_running ? "running" : "sleeping, last ran", fl->kthread_cpu);
        else snprintf(drv, sizeof drv, "3.7: %s kthread sleeping", rv_flavor_name(v->flavor));
    } else {
        /* which CPU's softirq started it: under 3.6 whichever CPU looked first, no kthread to name */
        if (fl->gp_start_cpu >= 0)
            snprintf(drv, sizeof drv, "3.6: no kthread; GP %lu started on CPU %d", fl->gpnum, fl->gp_start_cpu);
        else snprintf(drv, sizeof drv, "3.6: driven from RCU_SOFTIRQ (no kthread)");
    }
    if (fl->walk_node >= 0 && (fl->phase == RV_GP_INIT || fl->phase == RV_GP_CLEANUP)) {
        size_t l = strlen(drv);
        snprintf(drv + l, sizeof drv - l, " · %s at rnp%d", fl->phase == RV_GP_INIT ? "initialising" : "cleaning up", fl->walk_node);
    }
    if (fl->next_fqs_ns >= 0 && fl->phase == RV_GP_WAIT) {
        size_t l = strlen(drv);
        int64_t dt = fl->next_fqs_ns - v->now;
        int64_t tick = v->hz > 0 ? 1000000000LL / v->hz : 1000000;
        long long j = (long long)((dt + tick - 1) / tick);
        if (dt > 0) snprintf(drv + l, sizeof drv - l, " · next FQS in %lld jiff%s", j, j == 1 ? "y" : "ies");
        else if (dt == 0) snprintf(drv + l, sizeof drv - l, " · FQS due now");
        else if (v->mode == RV_MODE_SOFTIRQ) { /* rounded up: "overdue by 0 jiffies" read as not overdue */
            long long late = (long long)((-dt + tick - 1) / tick);
            snprintf(drv + l, sizeof drv - l, " · FQS overdue by %lld jiff%s: 3.6 forces QSs only from a CPU's tick", late,
                     late == 1 ? "y" : "ies");
        }
        else snprintf(drv + l, sizeof drv - l, " · FQS due");
    }
    /* up to 3 lines when it needs them and the panel has the room (10 lines besides the legend for a
     * third, 8 in all for a second, as before): in a picture (no hover tip) the end of this line is
     * the explanation ("FQS overdue ...: 3.6 forces QSs only from a CPU's tick"). What still does not
     * fit ends in "…" on the last line: a "▼ 2 more lines" cue took one of the two lines. */
    int need = panel_wrap_lines(rd, RD_SANS_SMALL, c.w, drv);
    int lines = need > 3 ? 3 : need;
    if (lines == 3 && c.h - leg_h < 10 * lh) lines = 2;
    if (lines == 2 && c.h < 8 * lh) lines = 1;
    if (lines >= 2) {
        panel_wrap_fit(fr, RD_SANS_SMALL, (rd_rect){c.x, c.y, c.w, lines * lh}, th->text, drv);
        c.y += lines * lh; c.h -= lines * lh;
    } else {
        panel_text_fit(fr, RD_SANS_SMALL, c.x, c.y, c.w, th->text, drv);
        c.y += lh; c.h -= lh;
    }
    /* FQS probes that landed during this grace period, newest first */
    const ui_history *h = v->hist;
    if (h && fl->gpnum != fl->completed) {
        char pr[256] = "";
        size_t len = 0;
        int shown = 0, total = 0;
        for (unsigned i = 0; i < 64 && i < h->nrecent; i++) {
            const ui_mark *m = &h->recent_cred[(h->nrecent - 1 - i) % 64];
            if (m->t < 0 || m->flavor != v->flavor || m->gp != fl->gpnum || m->t > v->now) continue; /* t < 0: forgotten */
            total++;
            if (shown < 8 && len < sizeof pr - 24) { len += (size_t)snprintf(pr + len, sizeof pr - len, "%sCPU %d %s", shown ? ", " : "", m->cpu, m->arg ? "ofl" : "dti"); shown++; }
        }
        if (total) {
            char line[320];
            snprintf(line, sizeof line, "FQS credited: %s%s", pr, total > shown ? ", …" : "");
            panel_text_fit(fr, RD_SANS_SMALL, c.x, c.y, c.w, th->text, line);
            c.y += lh; c.h -= lh;
        }
    }
    /* the tree before its legend: where the legend would leave too little room for one titled node
     * (two text lines over a row of 8-px bits, plan()), as in a compare half at 1280x720, the tree
     * shrank to a strip whose bits nobody could read, or vanished; the legend's words are also the
     * hover tips and the glossary's (G) */
    if (c.h - leg_h - rd_px(rd, 4) < 3 * lh + rd_px(rd, 8)) leg_h = 0;
    rd_rect area = {c.x, c.y + rd_px(rd, 2), c.w, c.h - leg_h - rd_px(rd, 4)};
    if (leg_h > 0) panel_legend(fr, (rd_rect){c.x, c.y + c.h - leg_h, c.w, leg_h}, leg, nleg, true);
    if (v->levels <= 0 || v->nnodes <= 0 || area.h <= 0) return;
    level_geo lv[UI_MAX_LEVELS];
    int bu, bl;
    size_tree(rd, v, lv, area, &bu, &bl);
    /* hundreds of leaves: up to 3 lines under the tree say what they hold, in the room the tree
     * leaves free; when it leaves less than 2 lines, the tree gives up 2 */
    int nleaves = v->level_count[v->levels - 1], first_leaf = v->nnodes - nleaves;
    if (nleaves > 32 && first_leaf >= 0) {
        int free_lines = (area.h - plan(rd, v, lv, area.w, bu, bl) - rd_px(rd, 3)) / lh;
        int max_lines = free_lines < 2 ? 2 : free_lines > 3 ? 3 : free_lines;
        if (max_lines * lh < area.h / 3) {
            int used = leaf_summary(fr, area, v, first_leaf, nleaves, max_lines, false, st->clean);
            rd_rect sr = {area.x, area.y + area.h - used * lh, area.w, used * lh};
            leaf_summary(fr, sr, v, first_leaf, nleaves, max_lines, true, st->clean);
            if (used > free_lines) {
                area.h -= used * lh + rd_px(rd, 3);
                size_tree(rd, v, lv, area, &bu, &bl);
            }
        }
    }
    plan(rd, v, lv, area.w, bu, bl);
    rd_clip_push(rd, area);
    int y = area.y;
    int prev_y = -1, prev_h = 0;
    for (int l = 0; l < v->levels; l++) {
        level_geo *g = &lv[l];
        int gap = g->gap;
        bool leaf = l == v->levels - 1;
        int row_w = g->per_row * g->node_w + (g->per_row - 1) * gap;
        int x0 = area.x + (area.w - row_w) / 2;
        for (int i = 0; i < g->count && g->first + i < v->nnodes; i++) {
            const rv_node_view *n = &v->nodes[g->first + i];
            rd_rect nr = {x0 + (i % g->per_row) * (g->node_w + gap), y + (i / g->per_row) * (g->node_h + gap), g->node_w, g->node_h};
            /* edges to the parent when both levels fit on one row (a readable tree, not a hairball) */
            if (l > 0 && g->rows == 1 && lv[l - 1].rows == 1 && n->parent >= 0) {
                int pi = n->parent - lv[l - 1].first;
                int pg = lv[l - 1].gap;
                int prow_w = lv[l - 1].per_row * lv[l - 1].node_w + (lv[l - 1].per_row - 1) * pg;
                int px = area.x + (area.w - prow_w) / 2 + pi * (lv[l - 1].node_w + pg) + lv[l - 1].node_w / 2;
                rd_line(rd, px, prev_y + prev_h, nr.x + nr.w / 2, nr.y, th->panel_edge);
            }
            draw_node(fr, nr, v, st, n, g, g->bsz, leaf);
        }
        prev_y = y;
        prev_h = g->node_h;
        y += g->rows * (g->node_h + gap) + rd_px(rd, l + 1 < v->levels && lv[l + 1].count > 32 ? 4 : 10);
    }
    rd_clip_pop(rd);
}
