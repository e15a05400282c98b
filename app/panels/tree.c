/* tree.c — the rcu_node tree of one flavor: qsmask bits clearing, gpnum/completed, the GP walk, FQS probes. */
#include "panels/panels.h"

#include <stdio.h>
#include <string.h>

typedef struct level_geo {
    int first, count, per_row, rows, node_w, node_h, bit_cols, bit_rows, nbits, gap, bsz;
    int title_lines; /* 0 untitled; 2: name, then g/c and qsmask; 1: both on one line (a compact tree) */
    bool title_inline; /* a compact tree's inner node: its bits on its title's line, at the right */
    int box_lines;   /* > 0: the leaves are labeled boxes of this many text lines instead of bits */
    /* > 0: the leaves that hold no CPU of this machine (lend_mask, bit i for node i) are lend_w wide,
     * their bits lend_bsz in lend_cols columns; node_w is the others' width (lend_room()) */
    int lend_w, lend_bsz, lend_cols;
    unsigned long long lend_mask;
} level_geo;

/* The smallest bit that still holds its "d"/"o" credit letter (draw_node): below it a leaf's bits are
 * slivers no one reads from the back of a room, and few leaves become labeled boxes instead. */
#define TREE_LABEL_BSZ 13
#define TREE_NUMBER_BSZ 17 /* a cell's two-digit number fits from this size (smaller ones: draw_node()) */
#define TREE_BIT_MAX 34    /* the biggest a bit's cell is drawn (size_tree()) */
/* A labeled leaf box is at least this wide: "rnp12", or a swatch and "13 owe". */
#define TREE_BOX_MIN_W 52
/* Labeled boxes only for trees with few leaves; hundreds get the grouped summary (leaf_summary). */
#define TREE_BOX_MAX_LEAVES 32

/* How the tree fits its area: bit sizes of inner levels and leaves, or leaves as boxes of box_lines;
 * lend: the leaves that hold no CPU give width to those that do (lend_room()). */
typedef struct tree_fit {
    int bu, bl, box_lines;
    int lend; /* > 0: at most this many bit columns in those leaves */
    int title1; /* 1: a one-node tree's title on one line, its cells the taller (fit_tree()); an int, as
                 * the other fields: panel_tree_height_needed() compares fits with memcmp(), padding and all */
} tree_fit;

static int node_bits(const rv_node_view *n, bool leaf)
{
    int b = leaf ? n->grphi - n->grplo + 1 : n->nchildren;
    return b < 1 ? 1 : b > 64 ? 64 : b;
}

/* The widest one-line title (node_title(), lines 1) of level g's nodes, with the mask at its widest:
 * qsmask has no bit outside qsmaskinit but those of CPUs (or leaves) that went offline mid-GP. */
static int level_title_w(rd_ctx *rd, const ui_view *v, const level_geo *g)
{
    int w = 0;
    for (int i = 0; i < g->count && g->first + i < v->nnodes; i++) {
        const rv_node_view *n = &v->nodes[g->first + i];
        char t1[64], t2[64];
        snprintf(t1, sizeof t1, "rnp%d  level %d  ", n->index, n->level);
        snprintf(t2, sizeof t2, "qsmask %#lx", n->qsmaskinit | n->qsmask);
        int tw = rd_text_width(rd, RD_SANS_SMALL, t1) + rd_text_width(rd, RD_MONO_SMALL, t2);
        if (tw > w) w = tw;
    }
    return w;
}

/* A level of leaves drawn as labeled boxes (box_lines of text each): as wide as the row allows, but
 * never narrower than TREE_BOX_MIN_W while halving the row would give more (then node_w says it did
 * not fit, and size_boxes() refuses it). */
static void plan_boxes(rd_ctx *rd, level_geo *g, int w, int box_lines)
{
    int pad = rd_px(rd, 3), min_w = rd_px(rd, TREE_BOX_MIN_W);
    g->per_row = g->count;
    while (g->per_row > 1 && (w - g->gap * (g->per_row - 1)) / g->per_row < min_w) g->per_row = (g->per_row + 1) / 2;
    g->rows = (g->count + g->per_row - 1) / g->per_row;
    g->node_w = (w - g->gap * (g->per_row - 1)) / g->per_row;
    if (g->node_w > rd_px(rd, 240)) g->node_w = rd_px(rd, 240);
    g->bsz = 0;
    g->bit_cols = g->bit_rows = 1;
    g->title_lines = 0;
    g->title_inline = false;
    g->box_lines = box_lines;
    g->node_h = box_lines * rd_line_height(rd, RD_SANS_SMALL) + 2 * pad;
}

/* A node whose CPUs all lie past the machine's last one: one of the leaves 3.6 builds for NR_CPUS. */
static bool node_past_last_cpu(const ui_view *v, const rv_node_view *n) { return n->grplo >= v->ncpus; }

/* The leaves (level g, bits of g->bsz, at least min_w wide) on one row in w, those past the machine's
 * last CPU narrowed for those that hold CPUs: 3.6 builds its tree for NR_CPUS, and hackbench's 16
 * CPUs compared in a 1400x860 window had one leaf of 16 cells too small for their numbers beside three
 * leaves of nothing, each as wide (or, with bigger bits, two rows of leaves that did not fit). The
 * narrowed ones keep a title ("rnp2" over "16-31", node_title()) and all their hatched bits, smaller
 * (plan() sizes them to the row): that the tree has them is the lesson. Sets per_row, rows, node_w,
 * bit_cols and lend_*; false (g untouched): no such leaves beside leaves of CPUs, or no room. */
static bool lend_room(rd_ctx *rd, const ui_view *v, level_geo *g, int w, int pad, int min_w, int max_cols)
{
    if (g->count < 2 || g->count > 64) return false;
    unsigned long long mask = 0;
    int ne = 0;
    for (int i = 0; i < g->count && g->first + i < v->nnodes; i++)
        if (node_past_last_cpu(v, &v->nodes[g->first + i])) {
            mask |= 1ULL << i;
            ne++;
        }
    int nr = g->count - ne;
    if (!ne || nr <= 0) return false;
    /* as narrow as a labeled leaf box may be ("rnp12") */
    int em = rd_px(rd, TREE_BOX_MIN_W);
    int avail = w - g->gap * (g->count - 1), max_rw = (avail - ne * em) / nr, even = avail / g->count;
    if (max_rw > rd_px(rd, 420)) max_rw = rd_px(rd, 420);
    if (max_rw < min_w) return false;
    int cols = (max_rw - 2 * pad) / g->bsz;
    if (cols > g->nbits) cols = g->nbits;
    if (cols > max_cols) cols = max_cols;
    if (cols < 1) cols = 1;
    /* the fewest columns for as few rows: what they do not need stays with the empty leaves, which
     * never get more than an even share */
    int rows = (g->nbits + cols - 1) / cols;
    cols = (g->nbits + rows - 1) / rows;
    int rw = cols * g->bsz + 2 * pad;
    if (rw < even && even <= max_rw) rw = even;
    g->per_row = g->count;
    g->rows = 1;
    g->node_w = rw;
    g->bit_cols = cols;
    g->lend_w = (avail - nr * rw) / ne;
    g->lend_mask = mask;
    return true;
}

/* Lay out every level with bit squares of bsz_upper (inner levels) and bsz_leaf (leaves); returns
 * the total height. Inner levels have few nodes, so they keep big readable bits when hundreds of
 * leaves must shrink. box_lines > 0: the leaves are labeled boxes instead (bsz_leaf unused), and the
 * inner nodes' titles take one line, so that the tree fits where the bits could not be read. lend:
 * > 0, leaves with no CPU give width to those with, up to lend bit columns (lend_room()). */
static int plan(rd_ctx *rd, const ui_view *v, level_geo *lv, int w, int bsz_upper, int bsz_leaf, int box_lines, int lend, bool title1)
{
    int total = 0;
    int lh = rd_line_height(rd, RD_SANS_SMALL);
    int first = 0;
    for (int l = 0; l < v->levels; l++) {
        level_geo *g = &lv[l];
        g->lend_w = g->lend_bsz = g->lend_cols = 0;
        g->lend_mask = 0;
        g->first = first;
        g->count = v->level_count[l];
        int gap = g->count > 32 ? 1 : rd_px(rd, 4);
        g->gap = gap;
        first += g->count;
        bool leaf = l == v->levels - 1;
        if (leaf && box_lines > 0) {
            plan_boxes(rd, g, w, box_lines);
            total += g->rows * (g->node_h + gap) + (l ? rd_px(rd, 10) : 0);
            continue;
        }
        g->box_lines = 0;
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
        if (!(leaf && lend > 0 && lend_room(rd, v, g, w, pad, min_w, lend))) {
            g->per_row = g->count;
            while (g->per_row > 1 && (w - gap * (g->per_row - 1)) / g->per_row < min_w) g->per_row = (g->per_row + 1) / 2;
            g->rows = (g->count + g->per_row - 1) / g->per_row;
            g->node_w = (w - gap * (g->per_row - 1)) / g->per_row;
            if (g->node_w > rd_px(rd, 420)) g->node_w = rd_px(rd, 420);
            g->bit_cols = (g->node_w - 2 * pad) / bsz;
            if (g->bit_cols > g->nbits) g->bit_cols = g->nbits;
            if (g->bit_cols < 1) g->bit_cols = 1;
        }
        g->bit_rows = (g->nbits + g->bit_cols - 1) / g->bit_cols;
        if (g->lend_w) {
            /* the narrowed leaves' bits: as big as their width and the row's bit height allow */
            int bits_h = g->bit_rows * bsz;
            for (int c = 1; c <= g->nbits; c++) {
                int r = (g->nbits + c - 1) / c, b = (g->lend_w - 2 * pad) / c;
                if (bits_h / r < b) b = bits_h / r;
                if (b > bsz) b = bsz;
                if (b > g->lend_bsz) {
                    g->lend_bsz = b;
                    g->lend_cols = c;
                }
            }
            if (g->lend_bsz < 1) { /* no room at all: still one column of pixels, not a negative box */
                g->lend_bsz = 1;
                g->lend_cols = g->nbits;
            }
        }
        /* 64 px: a leaf of tree's four at 1280x720 (88 px) went untitled at the former 96 while every caption
         * named rnp1..rnp4; node_title() shortens what does not fit, so a narrow node keeps "rnp4" and its mask */
        g->title_lines = g->node_w >= rd_px(rd, 64) && bsz >= rd_px(rd, 8) ? (box_lines > 0 || (title1 && v->levels == 1) ? 1 : 2) : 0;
        g->node_h = g->title_lines * lh + g->bit_rows * bsz + 2 * pad;
        /* a compact tree's root (3.6's rnp0 and its 4 bits) puts the bits beside its one-line title:
         * the line it saves makes them big enough to carry their numbers */
        g->title_inline = g->title_lines == 1 && level_title_w(rd, v, g) + rd_px(rd, 8) + g->nbits * bsz <= g->node_w - 2 * pad;
        if (g->title_inline) {
            g->bit_cols = g->nbits;
            g->bit_rows = 1;
            g->node_h = (lh > bsz ? lh : bsz) + 2 * pad;
        }
        total += g->rows * (g->node_h + gap) + (l ? rd_px(rd, g->count > 32 ? 4 : 10) : 0);
    }
    return total;
}

static void leaf_tip(ui_frame *fr, rd_rect r, const ui_view *v, const rv_node_view *n);

/* Is node i of level g one of the leaves narrowed by lend_room(); how wide is it. */
static bool slot_lent(const level_geo *g, int i) { return g->lend_w > 0 && i < 64 && (g->lend_mask >> i & 1); }

static int slot_w(const level_geo *g, int i) { return slot_lent(g, i) ? g->lend_w : g->node_w; }

/* Node i of level g, its level drawn from y down in area (plan()'s rows, centred). */
static rd_rect slot_rect(const level_geo *g, rd_rect area, int y, int i)
{
    if (g->lend_w > 0) { /* one row (lend_room()), of two widths */
        int row_w = (g->count - 1) * g->gap, x = 0;
        for (int j = 0; j < g->count; j++) row_w += slot_w(g, j);
        for (int j = 0; j < i; j++) x += slot_w(g, j) + g->gap;
        return (rd_rect){area.x + (area.w - row_w) / 2 + x, y, slot_w(g, i), g->node_h};
    }
    int row_w = g->per_row * g->node_w + (g->per_row - 1) * g->gap;
    int x0 = area.x + (area.w - row_w) / 2;
    return (rd_rect){x0 + (i % g->per_row) * (g->node_w + g->gap), y + (i / g->per_row) * (g->node_h + g->gap), g->node_w, g->node_h};
}

/* The biggest bit sizes (inner levels, leaves) at which the tree fits in area. */
static void size_tree(rd_ctx *rd, const ui_view *v, level_geo *lv, rd_rect area, int lend, bool title1, int *bu_out, int *bl_out)
{
    int bu = rd_px(rd, TREE_BIT_MAX), bl = bu, floor_u = rd_px(rd, 12);
    while (bl > 2 && plan(rd, v, lv, area.w, bu, bl, 0, lend, title1) > area.h) {
        if (bu > floor_u) bu--; /* shrink together down to a readable size... */
        bl--;                   /* ...then only the leaves */
        if (bu < bl) bu = bl;
    }
    while (bu > bl && plan(rd, v, lv, area.w, bu, bl, 0, lend, title1) > area.h) bu--;
    /* inner nodes that lost their titles free more room than one step took: give it back, to the
     * inner levels first (their titles and bits are what a reader can read), then the leaves */
    while (bu < rd_px(rd, TREE_BIT_MAX) && plan(rd, v, lv, area.w, bu + 1, bl, 0, lend, title1) <= area.h) bu++;
    while (bl < bu && plan(rd, v, lv, area.w, bu, bl + 1, 0, lend, title1) <= area.h) bl++;
    *bu_out = bu;
    *bl_out = bl;
}

/* Leaves as labeled boxes: the most text lines (3, else 2, else 1) and the biggest inner bits with which
 * the tree fits in area, with each box at least TREE_BOX_MIN_W wide. Three lines only while the
 * inner bits stay big enough to read. 0: it does not fit either way. */
static int size_boxes(rd_ctx *rd, const ui_view *v, level_geo *lv, rd_rect area, int *bu_out)
{
    for (int lines = 3; lines >= 1; lines--) {
        /* one line ("rnp1 0-15 ■ 13 owe") where a window 688 px tall (a 1280x720 projector less the
         * title bar) left 3.6's four leaves as flat strips */
        int floor = rd_px(rd, lines == 3 ? TREE_LABEL_BSZ : lines == 2 ? 10 : 8);
        for (int bu = rd_px(rd, TREE_BIT_MAX); bu >= floor; bu--) {
            if (plan(rd, v, lv, area.w, bu, 0, lines, 0, false) > area.h) continue;
            if (lv[v->levels - 1].node_w < rd_px(rd, TREE_BOX_MIN_W)) return 0;
            *bu_out = bu;
            return lines;
        }
    }
    return 0;
}

/* The bits of a leaf (the most) when the tree has leaves with no CPU of this machine beside leaves
 * with CPUs, few enough for lend_room(); else 0. */
static int lendable_bits(const ui_view *v)
{
    if (v->levels < 2) return 0;
    int count = v->level_count[v->levels - 1], first = v->nnodes - count, empty = 0, nbits = 0;
    if (count < 2 || count > 64 || first < 0) return 0;
    for (int i = first; i < v->nnodes; i++) {
        empty += node_past_last_cpu(v, &v->nodes[i]);
        if (node_bits(&v->nodes[i], true) > nbits) nbits = node_bits(&v->nodes[i], true);
    }
    return empty > 0 && empty < count ? nbits : 0;
}

/* The tree's layout in area: bits as big as fit; where the leaves' bits would be too small to read
 * (3.6's NR_CPUS tree in a compare half at 1280x720: four leaves of 16 seven-pixel slivers), and
 * there are few leaves, each leaf becomes a box that names it and says its state in words. */
static tree_fit fit_tree(rd_ctx *rd, const ui_view *v, level_geo *lv, rd_rect area, bool lend)
{
    tree_fit f = {0, 0, 0, 0, 0};
    size_tree(rd, v, lv, area, 0, false, &f.bu, &f.bl);
    /* a one-node tree (each cell a CPU) whose two title lines keep its cells below their full size:
     * the title on one line, "rnp0  CPUs 0-15  qsmask 0x2" (the panel's heading keeps gN cM), when
     * that gives bigger cells. hackbench's 3.7 half at 133 % in a 1280x688 window read "0 1 ■ ■ 4 5 6 7
     * ■ ■ ■ d" (cells too small for their numbers); and with the one-line title taken only then, the
     * two halves of one compared slide drew omap-stall's same two-CPU node at two sizes, 3.6's cells
     * 24 px beside 3.7's 43 (cue 6 at 1920x1080), 3.7's 18 beside 3.6's 31 in the wake-up clip */
    if (v->levels == 1 && f.bl < rd_px(rd, TREE_BIT_MAX)) {
        tree_fit g = {0, 0, 0, 0, 1};
        size_tree(rd, v, lv, area, 0, 1, &g.bu, &g.bl);
        if (g.bl > f.bl) f = g;
    }
    /* lend: leaves too small for their numbers take width from the leaves with no CPU (lend_room()),
     * as little as numbers them: the fewest bit columns, so that the empty leaves keep what they can */
    int nbits = lend ? lendable_bits(v) : 0;
    for (int cols = 1, prev = 0; f.bl < rd_px(rd, TREE_NUMBER_BSZ) && cols <= nbits; cols++) {
        int rows = (nbits + cols - 1) / cols, want = (nbits + rows - 1) / rows; /* the fewest for as few rows */
        if (want == prev) continue;
        prev = want;
        tree_fit g = {0, 0, 0, want, 0};
        size_tree(rd, v, lv, area, want, false, &g.bu, &g.bl);
        if (g.bl >= rd_px(rd, TREE_NUMBER_BSZ)) return g;
    }
    if (f.bl >= rd_px(rd, TREE_LABEL_BSZ) || v->level_count[v->levels - 1] > TREE_BOX_MAX_LEAVES) return f;
    int bu = f.bu;
    f.box_lines = size_boxes(rd, v, lv, area, &bu);
    if (f.box_lines) f.bu = bu;
    return f;
}

static bool fit_readable(rd_ctx *rd, tree_fit f) { return f.box_lines > 0 || f.bl >= rd_px(rd, TREE_LABEL_BSZ); }

/* A node's title at x, y in w: its name, then its g/c numbers and qsmask (lines 2), or both on one
 * line (lines 1: a compact tree, whose header gives the numbers). Returns the y below it. */
static int node_title(ui_frame *fr, int x, int y, int w, const rv_node_view *n, bool leaf, int lines)
{
    rd_ctx *rd = fr->rd;
    int lh = rd_line_height(rd, RD_SANS_SMALL);
    char t1[96], t2[96], blkd[24] = "";
    if (leaf) snprintf(t1, sizeof t1, "rnp%d  CPUs %d-%d", n->index, n->grplo, n->grphi);
    else snprintf(t1, sizeof t1, "rnp%d  level %d", n->index, n->level);
    if (n->n_blkd_tasks) snprintf(blkd, sizeof blkd, "  blkd %d", n->n_blkd_tasks);
    int x2 = x, w2 = w;
    if (lines == 1) {
        /* the name, then the mask on what is left of the line; a name that leaves no room for the
         * mask shrinks to "rnpN" */
        int gapw = rd_text_width(rd, RD_SANS_SMALL, "  ");
        snprintf(t2, sizeof t2, "%#lx", n->qsmask);
        if (rd_text_width(rd, RD_SANS_SMALL, t1) + gapw + rd_text_width(rd, RD_MONO_SMALL, t2) > w) snprintf(t1, sizeof t1, "rnp%d", n->index);
        x2 = x + panel_text_fit(fr, RD_SANS_SMALL, x, y, w, fr->th->text, t1) + gapw;
        w2 = x + w - x2;
        snprintf(t2, sizeof t2, "qsmask %#lx%s", n->qsmask, blkd);
    } else {
        /* a narrow node (four leaves at 1280x720, 3.6's leaves in compare) keeps its name and range in a
         * shorter form before a cut one ("rnp1  CPUs …" told nothing) */
        if (rd_text_width(rd, RD_SANS_SMALL, t1) > w) {
            if (leaf) snprintf(t1, sizeof t1, "rnp%d %d-%d", n->index, n->grplo, n->grphi);
            if (!leaf || rd_text_width(rd, RD_SANS_SMALL, t1) > w) {
                snprintf(t1, sizeof t1, "rnp%d", n->index);
                rd_note_dropped(rd, 1);
            }
        }
        panel_text_fit(fr, RD_SANS_SMALL, x, y, w, fr->th->text, t1);
        y += lh;
        snprintf(t2, sizeof t2, "g%lu c%lu  qsmask %#lx%s", n->gpnum, n->completed, n->qsmask, blkd);
        /* a narrow node (3.6's NR_CPUS tree in compare, a slide) keeps the mask whole before the GP
         * numbers, which the panel's header gives: "qsmask 0xcd…" hid which CPUs still owe. Noted as
         * dropped, so that a fitted one-panel picture does not grow its text until the leaves lose
         * them (tree's cue 4 at 1920x1080: "g40 c39" on every node at scale 1, on the root alone at 4) */
        if (rd_text_width(rd, RD_MONO_SMALL, t2) > w2) {
            snprintf(t2, sizeof t2, "qsmask %#lx%s", n->qsmask, blkd);
            rd_note_dropped(rd, 1);
        }
    }
    if (rd_text_width(rd, RD_MONO_SMALL, t2) > w2) {
        snprintf(t2, sizeof t2, "%#lx", n->qsmask);
        if (n->n_blkd_tasks) rd_note_dropped(rd, 1); /* "blkd N" */
        /* a leaf with no CPU online whose name lost its range ("rnp2": 3.6's NR_CPUS leaves narrowed by
         * lend_room() for the leaf of CPUs beside them): the range here, not a bare "0", which its
         * hatched bits already say */
        char range[32];
        snprintf(range, sizeof range, "%d-%d", n->grplo, n->grphi);
        if (leaf && lines == 2 && !n->qsmask && !n->qsmaskinit && !strchr(t1, ' ') && rd_text_width(rd, RD_MONO_SMALL, range) <= w2)
            snprintf(t2, sizeof t2, "%s", range);
    }
    if (w2 > 0) panel_text_fit(fr, RD_MONO_SMALL, x2, y, w2, fr->th->text_dim, t2);
    return y + lh;
}

static void draw_node(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st, const rv_node_view *n,
                      const level_geo *g, int slot, bool leaf)
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
    /* a leaf narrowed for its neighbours (lend_room()) draws its bits smaller, in its own columns */
    bool lent = slot_lent(g, slot);
    int bsz = lent ? g->lend_bsz : g->bsz, cols = lent ? g->lend_cols : g->bit_cols;
    int pad = g->bsz >= 8 ? rd_px(rd, 3) : 1, y = r.y + pad, bx = r.x + pad;
    rd_clip_push(rd, r);
    if (g->title_inline) {
        int lh = rd_line_height(rd, RD_SANS_SMALL), row_h = lh > bsz ? lh : bsz;
        bx = r.x + r.w - pad - g->nbits * bsz;
        node_title(fr, r.x + pad, y + (row_h - lh) / 2, bx - rd_px(rd, 8) - (r.x + pad), n, leaf, 1);
        y += (row_h - bsz) / 2;
    } else if (g->title_lines) y = node_title(fr, r.x + pad, y, r.w - 2 * pad, n, leaf, g->title_lines);
    int nb = node_bits(n, leaf);
    for (int b = 0; b < nb; b++) {
        rd_rect q = {bx + (b % cols) * bsz, y + (b / cols) * bsz, bsz - 1, bsz - 1};
        if (bsz > 6) { q.w--; q.h--; }
        unsigned long bit = 1UL << b;
        if (n->qsmask & bit) {
            rd_fill(rd, q, th->owed);
            /* set in qsmask but gone from qsmaskinit: its CPU went offline mid-GP and still owes
             * until FQS credits it "ofl". Both facts show: owed (orange), hatched over */
            if (!(n->qsmaskinit & bit)) rd_hatch(rd, q, th->text_dim, rd_px(rd, 4));
        } else if (!(n->qsmaskinit & bit)) {
            rd_fill(rd, q, th->cleared);
            rd_hatch(rd, q, th->text_dim, rd_px(rd, 4));
        } else {
            rd_fill(rd, q, th->panel);
            rd_frame(rd, q, gp_here ? th->passed : th->cleared, bsz >= 8 ? rd_px(rd, 1.5f) : 1);
        }
        /* the flash needs room: on dense trees it would bury the bits it is about */
        if (bsz >= 8 && panel_bit_just_cleared(v, st, n, b)) rd_frame(rd, rd_inset(q, -1), th->walk, rd_px(rd, 2));
        int cpu = leaf ? n->grplo + b : -1;
        if (bsz >= rd_px(rd, 13)) {
            char lab[16] = "";
            int cr = leaf ? panel_cpu_credit(v, st, cpu) : -1;
            if (cr >= 0) {
                /* dyntick-idle, traced (dti) or not (snap): "d"; offline "o"; with the CPU's number where it
                 * fits ("7 d"): a slide's audience cannot hover to learn which CPU was credited */
                snprintf(lab, sizeof lab, "%d %s", cpu, cr == 1 ? "o" : "d");
                /* narrower: "10d", else the number alone with the credit as a corner mark; a lone "d" lost
                 * which CPU it was (16 CPUs compared at 1280x720: "d d d 13 14 d") */
                if (rd_text_width(rd, RD_SANS_SMALL, lab) > bsz - rd_px(rd, 4)) snprintf(lab, sizeof lab, "%d%s", cpu, cr == 1 ? "o" : "d");
                if (rd_text_width(rd, RD_SANS_SMALL, lab) > bsz - rd_px(rd, 4)) {
                    /* the credit then as a corner in the tiles' credit yellow (th->walk, "FQS credited it"),
                     * the number held to the room an uncredited box gives its own (else "13" drew in its
                     * box and credited "10" beside it fell back to a bare "d": the real window at 1280x720) */
                    snprintf(lab, sizeof lab, "%d", cpu);
                    rd_note_dropped(rd, 1); /* the credit's letter: a fitted panel (export/fit.c) keeps it where it can */
                    /* a third of the cell, not a quarter: at 1280x720 the tree lecture's credited CPU 15
                     * showed a speck the room could not see beside CPU 7's "7 d" (a lecturer) */
                    int m = bsz / 3 > 3 ? bsz / 3 : 3;
                    rd_fill(rd, (rd_rect){q.x + q.w - m, q.y, m, m}, th->walk);
                    if (rd_text_width(rd, RD_SANS_SMALL, lab) > bsz - rd_px(rd, 3)) snprintf(lab, sizeof lab, "%s", cr == 1 ? "o" : "d");
                }
            } else if (!leaf && n->first_child + b < v->nnodes &&
                       snprintf(lab, sizeof lab, "rnp%d", n->first_child + b) > 0 && rd_text_width(rd, RD_SANS_SMALL, lab) <= bsz - rd_px(rd, 4)) {
                /* an inner node's bit stands for a child node, not a CPU: "0 1 2 3" over leaves of CPUs
                 * "0 1 2 3" read as CPUs 0-3 on a slide (and 3.6's hatched 1-3 as CPUs offline) */
            } else {
                /* an inner bit without its child's name: a fitted panel (export/fit.c) keeps "rnp1" where it can */
                if (!leaf && n->first_child + b < v->nnodes) rd_note_dropped(rd, 1);
                /* numbers from 17 px, or in smaller cells when the node's widest number fits them all (with W
                 * on at 1280x720, tree's leaves of CPUs 0-7 keep their numbers; no node numbers some cells
                 * and not others) */
                snprintf(lab, sizeof lab, "%d", leaf ? cpu : b);
                char widest[16];
                snprintf(widest, sizeof widest, "%d", leaf ? n->grphi : n->nchildren - 1);
                if (bsz < rd_px(rd, TREE_NUMBER_BSZ) && rd_text_width(rd, RD_SANS_SMALL, widest) > bsz - rd_px(rd, 3)) lab[0] = 0;
            }
            rd_color ink = (n->qsmask & bit) ? rd_rgb(0xFFFFFF) : th->text;
            if (lab[0]) panel_text_in(fr, RD_SANS_SMALL, q, RD_CENTER, ink, lab);
        }
        ui_hit_add(fr, q, HIT_NODE_BIT, n->index, b);
    }
    rd_clip_pop(rd);
    if (leaf && !g->title_lines) leaf_tip(fr, r, v, n);
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
static int leaf_summary(ui_frame *fr, rd_rect r, const ui_view *v, int first_leaf, int nleaves, int max_lines, bool draw, bool no_hints)
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
                     no - k == 1 ? "" : "s", no_hints ? "" : " (hover a leaf)");
        } else if (cnt[g] == 1) snprintf(line, sizeof line, "leaf rnp%d: %s a QS", first[g], t);
        else snprintf(line, sizeof line, "%d leaves, each: %s a QS", cnt[g], t); /* per leaf, not in all */
        if (draw) {
            rd_color ink = sig[g].busy_owe && !last ? fr->th->stall_text : fr->th->text;
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
static size_t leaf_tip_text(const ui_view *v, const rv_node_view *n, char *tip, size_t size)
{
    leaf_sig s = leaf_sig_of(v, n);
    char t[120];
    leaf_sig_text(&s, t, sizeof t);
    size_t l = (size_t)snprintf(tip, size, "rnp%d, CPUs %d-%d: %s", n->index, n->grplo, n->grphi, t);
    bool gp = n->gpnum != n->completed;
    int shown = 0;
    for (int c = n->grplo; c <= n->grphi && c < v->ncpus && l < size - 24; c++) {
        /* an offline CPU keeps an odd counter (it died running) but runs nothing: FQS credits it */
        if (!gp || !(n->qsmask >> (c - n->grplo) & 1) || !(v->cpus[c].dynticks & 1) || v->cpus[c].state == RV_CPU_OFFLINE) continue;
        l += (size_t)snprintf(tip + l, size - l, "%s%d", shown++ ? ", " : "; running and owing: CPU ", c);
    }
    return l < size ? l : size - 1;
}

static void leaf_tip(ui_frame *fr, rd_rect r, const ui_view *v, const rv_node_view *n)
{
    char tip[400];
    leaf_tip_text(v, n, tip, sizeof tip);
    ui_tip_add(fr, r, tip);
}

/* A leaf drawn as a labeled box says its state with the legend's swatches and in words. */
enum box_state { BOX_OWED, BOX_REPORTED, BOX_NO_GP, BOX_EMPTY };

static enum box_state leaf_state(const rv_node_view *n)
{
    /* no CPU online under it: not in its parent's qsmaskinit either, unless the last one went
     * offline mid-GP and its bit still holds the GP (owed, until FQS credits it "ofl") */
    if (!n->qsmaskinit && !n->qsmask) return BOX_EMPTY;
    if (n->gpnum == n->completed) return BOX_NO_GP;
    return n->qsmask ? BOX_OWED : BOX_REPORTED;
}

static int bits_set(unsigned long m)
{
    int k = 0;
    for (; m; m &= m - 1) k++;
    return k;
}

/* The first of n forms (longest first) that fits w in font f; the last one when none does. */
static const char *first_fit(rd_ctx *rd, enum rd_font f, int w, char forms[][64], int n)
{
    for (int i = 0; i < n - 1; i++)
        if (rd_text_width(rd, f, forms[i]) <= w) return forms[i];
    return forms[n - 1];
}

/* The leaves first..last (one, or a run with no CPU online) by name and CPU range, to fit w. */
static const char *box_name(rd_ctx *rd, const rv_node_view *first, const rv_node_view *last, int w, char forms[4][64])
{
    int a = first->index, b = last->index, lo = first->grplo, hi = last->grphi, n = 0;
    if (a == b) {
        snprintf(forms[n++], 64, "rnp%d  CPUs %d-%d", a, lo, hi);
        snprintf(forms[n++], 64, "rnp%d %d-%d", a, lo, hi);
        snprintf(forms[n++], 64, "rnp%d", a);
    } else {
        snprintf(forms[n++], 64, "rnp%d–rnp%d  CPUs %d-%d", a, b, lo, hi);
        snprintf(forms[n++], 64, "rnp%d–%d  CPUs %d-%d", a, b, lo, hi);
        snprintf(forms[n++], 64, "rnp%d–rnp%d", a, b);
        snprintf(forms[n++], 64, "rnp%d–%d", a, b);
    }
    return first_fit(rd, RD_SANS_SMALL, w, forms, n);
}

/* NR_CPUS of the kernel the view models (nr_cpus_compiled; 0 means the machine's own count). */
static int tree_nr_cpus(const ui_view *v)
{
    int nr = v->cfg ? v->cfg->rcu.nr_cpus_compiled : 0;
    return nr > 0 ? nr : v->ncpus;
}

/* A leaf's state in words ("13 CPUs still owe a QS", "all reported", "not in qsmaskinit"), to fit w. */
static const char *box_words(rd_ctx *rd, const ui_view *v, const rv_node_view *n, enum box_state s, int w, char forms[10][64])
{
    int k = bits_set(n->qsmask), nf = 0;
    const char *es = k == 1 ? "s" : "";
    switch (s) {
    case BOX_OWED:
        if (k <= 3) {
            /* which CPUs, where they are few: a lecture's caption names them ("CPUs 1, 7, 11, 13 and 15"),
             * and at 115 % the leaves had room only for "1 owes" */
            char cpus[40] = "";
            size_t l = 0;
            for (int b = 0; b < (int)(8 * sizeof n->qsmask) && l < sizeof cpus; b++)
                if (n->qsmask >> b & 1)
                    l += (size_t)snprintf(cpus + l, sizeof cpus - l, "%s%d", l ? ", " : "", n->grplo + b);
            snprintf(forms[nf++], 64, "CPU%s %s still owe%s a QS", k == 1 ? "" : "s", cpus, es);
            snprintf(forms[nf++], 64, "CPU%s %s owe%s", k == 1 ? "" : "s", cpus, es); /* not "1 owes": a count's form */
            snprintf(forms[nf++], 64, "CPU%s %s", k == 1 ? "" : "s", cpus); /* beside the owed swatch */
            if (k > 1) snprintf(forms[nf++], 64, "%s", cpus); /* "13, 15": its comma says it is no count */
        }
        snprintf(forms[nf++], 64, "%d CPU%s still owe%s a QS", k, k == 1 ? "" : "s", es);
        snprintf(forms[nf++], 64, "%d still owe%s a QS", k, es);
        snprintf(forms[nf++], 64, "%d owe%s a QS", k, es);
        snprintf(forms[nf++], 64, "%d owe%s", k, es);
        snprintf(forms[nf++], 64, "%d", k);
        break;
    case BOX_REPORTED:
        snprintf(forms[nf++], 64, "all reported");
        snprintf(forms[nf++], 64, "reported");
        snprintf(forms[nf++], 64, "✓");
        break;
    case BOX_NO_GP:
        snprintf(forms[nf++], 64, "no GP waiting");
        snprintf(forms[nf++], 64, "no GP");
        snprintf(forms[nf++], 64, "–"); /* a narrow box (tree with 17 CPUs beside the workbook) showed "no …" */
        break;
    case BOX_EMPTY:
        /* leaves past the machine's last CPU: 3.6's tree is built for NR_CPUS; a student comparing
         * hackbench's 3.6 and 3.7 trees took the difference for a bug */
        if (node_past_last_cpu(v, n) && tree_nr_cpus(v) > v->ncpus) {
            snprintf(forms[nf++], 64, "no such CPUs: tree built for NR_CPUS=%d", tree_nr_cpus(v));
            snprintf(forms[nf++], 64, "tree built for NR_CPUS=%d", tree_nr_cpus(v));
            snprintf(forms[nf++], 64, "NR_CPUS=%d", tree_nr_cpus(v));
            snprintf(forms[nf++], 64, "no CPU");
            break;
        }
        snprintf(forms[nf++], 64, "no CPU online: not in qsmaskinit");
        snprintf(forms[nf++], 64, "not in qsmaskinit");
        snprintf(forms[nf++], 64, "no CPU online");
        snprintf(forms[nf++], 64, "no CPU");
        break;
    }
    return first_fit(rd, RD_SANS_SMALL, w, forms, nf);
}

/* The legend's swatch for leaf n's state s in q; flash: one of its bits was just cleared. */
static void state_swatch(ui_frame *fr, rd_rect q, const rv_node_view *n, enum box_state s, bool flash)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    if (s == BOX_OWED) {
        rd_fill(rd, q, th->owed);
        if (!n->qsmaskinit) rd_hatch(rd, q, th->text_dim, rd_px(rd, 4)); /* owed by CPUs gone offline, as a bit is */
    } else if (s == BOX_EMPTY) {
        rd_fill(rd, q, th->cleared);
        rd_hatch(rd, q, th->text_dim, rd_px(rd, 4));
    } else {
        rd_fill(rd, q, th->panel);
        rd_frame(rd, q, s == BOX_REPORTED ? th->passed : th->cleared, rd_px(rd, 1.5f));
    }
    if (flash) rd_frame(rd, rd_inset(q, -1), th->walk, rd_px(rd, 2));
}

static bool leaf_just_cleared(const ui_view *v, const ui_state *st, const rv_node_view *n)
{
    for (int b = 0; b < node_bits(n, true); b++)
        if (panel_bit_just_cleared(v, st, n, b)) return true;
    return false;
}

/* Hover over a labeled leaf: leaf_tip's counts and its qsmask, or why a leaf with no CPU online is
 * left out. */
static void box_tip(ui_frame *fr, rd_rect r, const ui_view *v, const rv_node_view *n)
{
    char tip[640];
    size_t l;
    if (n->qsmaskinit || n->qsmask) {
        l = leaf_tip_text(v, n, tip, sizeof tip);
        snprintf(tip + l, sizeof tip - l, ". qsmask %#lx: each set bit is a CPU that still owes a QS%s", n->qsmask,
                 n->qsmask & ~n->qsmaskinit ? " (a bit outside qsmaskinit: its CPU went offline mid-GP; FQS credits it, dti if its counter moved, else ofl)" : "");
    } else if (node_past_last_cpu(v, n) && tree_nr_cpus(v) > v->ncpus) {
        l = (size_t)snprintf(tip, sizeof tip, "rnp%d (level %d), CPUs %d-%d: this machine has %d CPUs, but the tree is built for "
                             "NR_CPUS=%d, the kernel's compile-time bound (3.6 sizes it so; 3.7 by nr_cpu_ids). No grace period waits "
                             "here (qsmaskinit 0), yet each GP's start (and usually its end) still visits it, and so does every "
                             "forcing pass (force_qs_rnp() takes each leaf's lock before it tests qsmask)",
                             n->index, n->level, n->grplo, n->grphi, v->ncpus, tree_nr_cpus(v));
    } else {
        l = (size_t)snprintf(tip, sizeof tip, "rnp%d (level %d), CPUs %d-%d: no CPU online, so qsmaskinit is 0 and no grace "
                             "period waits here", n->index, n->level, n->grplo, n->grphi);
        if (n->parent >= 0 && l < sizeof tip)
            snprintf(tip + l, sizeof tip - l, "; its grpmask %#lx is clear in rnp%d's qsmaskinit (the hatched bit)", n->grpmask, n->parent);
    }
    ui_tip_add(fr, r, tip);
}

/* The text of one labeled box in r: name and CPUs, the legend's swatch and the state in words, and
 * (lines 3) the qsmask itself. n is the first leaf; last is the run's last. */
static void box_text(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st, const rv_node_view *n,
                     const rv_node_view *last, int lines)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    enum box_state s = leaf_state(n);
    rd_color ink = s == BOX_EMPTY ? th->text_dim : th->text;
    int pad = rd_px(rd, 3), lh = rd_line_height(rd, RD_SANS_SMALL), x = r.x + pad, w = r.w - 2 * pad, y = r.y + pad;
    char names[4][64], words[10][64], mask[64];
    int sw = lh - rd_px(rd, 3);
    if (lines == 1) { /* the name, then the swatch and the words on the same line */
        int nw = panel_text_fit(fr, RD_SANS_SMALL, x, y, w / 2, th->text, box_name(rd, n, last, w / 2, names)) + rd_px(rd, 6);
        int sx = x + nw, wx = sx + sw + rd_px(rd, 4);
        state_swatch(fr, (rd_rect){sx, y + (lh - sw) / 2, sw, sw}, n, s, s != BOX_EMPTY && leaf_just_cleared(v, st, n));
        if (x + w > wx) panel_text_fit(fr, RD_SANS_SMALL, wx, y, x + w - wx, ink, box_words(rd, v, n, s, x + w - wx, words));
        return;
    }
    panel_text_fit(fr, RD_SANS_SMALL, x, y, w, th->text, box_name(rd, n, last, w, names));
    y += lh;
    int tx = x + sw + rd_px(rd, 4);
    state_swatch(fr, (rd_rect){x, y + (lh - sw) / 2, sw, sw}, n, s, s != BOX_EMPTY && leaf_just_cleared(v, st, n));
    panel_text_fit(fr, RD_SANS_SMALL, tx, y, x + w - tx, ink, box_words(rd, v, n, s, x + w - tx, words));
    if (lines < 3) return;
    y += lh;
    if (s == BOX_EMPTY) snprintf(mask, sizeof mask, "qsmaskinit 0");
    else if (n->n_blkd_tasks) snprintf(mask, sizeof mask, "qsmask %#lx  blkd %d", n->qsmask, n->n_blkd_tasks);
    else snprintf(mask, sizeof mask, "qsmask %#lx", n->qsmask);
    if (rd_text_width(rd, RD_MONO_SMALL, mask) > w) snprintf(mask, sizeof mask, "%#lx", n->qsmask);
    panel_text_fit(fr, RD_MONO_SMALL, x, y, w, th->text_dim, mask);
}

/* Leaves i.. of level g as labeled boxes. A run of neighbours on one row with no CPU online (3.6's
 * NR_CPUS leaves past the last CPU) shares one box, so that its words have room; each leaf keeps its
 * own slot for the click (HIT_NODE, as a node's box), its tip, the selection and the GP walk's mark.
 * Returns the number of leaves drawn. */
static int draw_leaf_run(ui_frame *fr, rd_rect area, int y, const ui_view *v, const ui_state *st, const level_geo *g, int i)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    const rv_flavor_view *fl = &v->fl[v->flavor];
    const rv_node_view *n = &v->nodes[g->first + i];
    int run = 1;
    while (leaf_state(n) == BOX_EMPTY && i + run < g->count && g->first + i + run < v->nnodes && (i + run) % g->per_row &&
           leaf_state(&v->nodes[g->first + i + run]) == BOX_EMPTY)
        run++;
    rd_rect a = slot_rect(g, area, y, i), z = slot_rect(g, area, y, i + run - 1);
    rd_rect box = {a.x, a.y, z.x + z.w - a.x, a.h};
    enum box_state s = leaf_state(n);
    rd_fill(rd, box, s == BOX_EMPTY ? rd_mix(th->panel, th->cleared, 0.5f) : th->panel);
    bool in_walk = fl->phase == RV_GP_INIT || fl->phase == RV_GP_CLEANUP;
    for (int k = 0; k < run; k++) {
        const rv_node_view *m = &v->nodes[g->first + i + k];
        rd_rect sl = slot_rect(g, area, y, i + k);
        if (in_walk && fl->walk_node == m->index) rd_fill(rd, sl, rd_mix(th->panel, th->walk, 0.35f));
    }
    /* the box's edge in the swatch's colour: a leaf that owes reads from afar */
    if (s == BOX_OWED) rd_frame(rd, box, th->owed, rd_px(rd, 2));
    else if (s == BOX_REPORTED) rd_frame(rd, box, th->passed, rd_px(rd, 1.5f));
    else rd_frame(rd, box, th->panel_edge, 1);
    rd_clip_push(rd, box);
    box_text(fr, box, v, st, n, &v->nodes[g->first + i + run - 1], g->box_lines);
    rd_clip_pop(rd);
    /* each leaf's own click and tip over its slot, after the text: its tip, not a word's, shows there */
    for (int k = 0; k < run; k++) {
        const rv_node_view *m = &v->nodes[g->first + i + k];
        rd_rect sl = slot_rect(g, area, y, i + k);
        ui_hit_add(fr, sl, HIT_NODE, m->index, 0);
        box_tip(fr, sl, v, m);
        if (st->sel_node == m->index) rd_frame(rd, sl, th->select, rd_px(rd, 2));
        if (in_walk && fl->walk_node == m->index) rd_frame(rd, rd_inset(sl, -rd_px(rd, 2)), th->walk, rd_px(rd, 3));
    }
    return run;
}

/* Where the tree goes in the panel's content c, above a legend leg_h high. */
static rd_rect tree_area(rd_ctx *rd, rd_rect c, int leg_h) { return (rd_rect){c.x, c.y + rd_px(rd, 2), c.w, c.h - leg_h - rd_px(rd, 4)}; }

static bool bits_readable(rd_ctx *rd, tree_fit f) { return f.box_lines == 0 && f.bl >= rd_px(rd, TREE_LABEL_BSZ); }

/* Does the legend cost the tree its readability: unreadable above the legend, readable without it?
 * Numbered bits (which CPU owes) come before the legend, and the legend before leaf boxes: with the
 * legend kept, omap-stall's one node of two bits turned into a box saying "1 CPU still owes a QS". */
static bool legend_hides_tree(rd_ctx *rd, const ui_view *v, level_geo *lv, rd_rect c, int leg_h, bool lend)
{
    if (leg_h <= 0 || v->levels <= 0 || v->nnodes <= 0) return false;
    rd_rect with = tree_area(rd, c, leg_h), without = tree_area(rd, c, 0);
    tree_fit fw = with.h > 0 ? fit_tree(rd, v, lv, with, lend) : (tree_fit){0, 0, 0, 0, 0};
    tree_fit fo = fit_tree(rd, v, lv, without, lend);
    /* bits just big enough for their letter under a legend, or twice that without it: the bits
     * (omap-stall's two in the browser page were 13 px under the legend, 30 without) */
    if (with.h > 0 && bits_readable(rd, fw) && !(bits_readable(rd, fo) && fo.bl >= 2 * fw.bl)) return false;
    if (bits_readable(rd, fo)) return true;
    return (with.h <= 0 || !fit_readable(rd, fw)) && fit_readable(rd, fo);
}

/* Edges from level l's nodes to their parents (level l-1, drawn at prev_y), when both levels fit on
 * one row (a readable tree, not a hairball). */
static void draw_edges(ui_frame *fr, rd_rect area, const ui_view *v, const level_geo *lv, int l, int prev_y, int y)
{
    const level_geo *g = &lv[l], *pg = &lv[l - 1];
    if (g->rows != 1 || pg->rows != 1) return;
    for (int i = 0; i < g->count && g->first + i < v->nnodes; i++) {
        const rv_node_view *n = &v->nodes[g->first + i];
        if (n->parent < 0) continue;
        rd_rect pr = slot_rect(pg, area, prev_y, n->parent - pg->first), nr = slot_rect(g, area, y, i);
        rd_line(fr->rd, pr.x + pr.w / 2, pr.y + pr.h, nr.x + nr.w / 2, nr.y, fr->th->panel_edge);
    }
}

/* Every level from the root down: bits (draw_node), or the leaves as labeled boxes (draw_leaf_run). */
static void draw_levels(ui_frame *fr, rd_rect area, const ui_view *v, const ui_state *st, const level_geo *lv)
{
    rd_ctx *rd = fr->rd;
    rd_clip_push(rd, area);
    int y = area.y, prev_y = -1;
    for (int l = 0; l < v->levels; l++) {
        const level_geo *g = &lv[l];
        bool leaf = l == v->levels - 1;
        if (l > 0) draw_edges(fr, area, v, lv, l, prev_y, y);
        for (int i = 0; i < g->count && g->first + i < v->nnodes;) {
            if (g->box_lines) i += draw_leaf_run(fr, area, y, v, st, g, i);
            else {
                draw_node(fr, slot_rect(g, area, y, i), v, st, &v->nodes[g->first + i], g, i, leaf);
                i++;
            }
        }
        prev_y = y;
        y += g->rows * (g->node_h + g->gap) + rd_px(rd, l + 1 < v->levels && lv[l + 1].count > 32 ? 4 : 10);
    }
    rd_clip_pop(rd);
}

/* Who drives the grace period and where it is, as the line(s) under the tree panel's title say it:
 * taken from a view, or made up at its longest to measure the room the text may ever take. */
typedef struct drv_state {
    enum rv_mode mode;
    int flavor, kthread_cpu, gp_start_cpu, walk_node;
    bool kthread_running, kthread_woken;
    unsigned long gpnum;
    enum rv_gp_phase phase;
    bool fqs_known;  /* the GP waits for QSs and has a next FQS time */
    long long fqs_j; /* > 0: next FQS in that many jiffies; 0: due now; < 0: overdue by -fqs_j */
    bool no_tick;    /* 3.6 with every CPU's tick stopped: nothing will run the FQS that is due */
    bool fqs_now;    /* 3.7: woken with RCU_GP_FLAG_FQS: it forces as soon as it runs */
    bool fast_no_hz; /* idle entry forces too (rcu_prepare_for_idle() is empty without RCU_FAST_NO_HZ) */
} drv_state;

static drv_state drv_state_of(const ui_view *v)
{
    const rv_flavor_view *fl = &v->fl[v->flavor];
    drv_state d = {v->mode, v->flavor, fl->kthread_cpu, fl->gp_start_cpu, fl->walk_node, fl->kthread_running,
                   fl->kthread_woken, fl->gpnum, fl->phase, false, 0, false, false, v->cfg && v->cfg->rcu.fast_no_hz};
    d.fqs_now = v->mode == RV_MODE_KTHREAD && fl->kthread_woken && fl->fqs_requested && fl->phase == RV_GP_WAIT;
    if (fl->next_fqs_ns >= 0 && fl->phase == RV_GP_WAIT) {
        int64_t dt = fl->next_fqs_ns - v->now;
        int64_t tick = v->hz > 0 ? 1000000000LL / v->hz : 1000000;
        d.fqs_known = true;
        /* rounded up both ways: "overdue by 0 jiffies" read as not overdue */
        d.fqs_j = dt > 0 ? (long long)((dt + tick - 1) / tick) : dt == 0 ? 0 : -(long long)((-dt + tick - 1) / tick);
        d.no_tick = v->mode == RV_MODE_SOFTIRQ && v->cpus && v->ncpus > 0;
        for (int i = 0; d.no_tick && i < v->ncpus; i++) d.no_tick = !v->cpus[i].tick_running;
    }
    return d;
}

/* What the driver text says that the subtitle's form k (tree_subtitle()) left out: the phase, and the
 * flavor (3.7's names its kthread, and with it the flavor, anyway). */
enum { SAY_PHASE = 1, SAY_FLAVOR = 2 };
static int form_leaves_out(int k) { return (k >= 3 ? SAY_PHASE : 0) | (k == 2 || k >= 4 ? SAY_FLAVOR : 0); }

/* The GP phase in words, for the driver text when the subtitle has no room for it (tree_subtitle()). */
static const char *phase_words(enum rv_gp_phase p)
{
    return p == RV_GP_IDLE ? "GP idle" : p == RV_GP_INIT ? "GP init" : p == RV_GP_WAIT ? "waiting for QSs" : "GP cleanup";
}

/* The driver text; say: what the subtitle left out and this says instead (form_leaves_out()): the
 * phase (unless a walk's "initialising at rnpN" or the next FQS says it already), 3.6's flavor. */
static void driver_text(const drv_state *d, int say, char *drv, size_t n)
{
    const char *fl = say & SAY_FLAVOR ? rv_flavor_name(d->flavor) : NULL;
    if (d->mode == RV_MODE_KTHREAD) {
        /* woken: kthread_wake() has moved it to its waker's CPU (wake-affine; it runs there unless that
         * CPU cannot switch then): "last ran on" named the waker, not where it last ran */
        if (d->kthread_cpu >= 0 && d->fqs_now) {
            /* a drain step's or call_rcu()'s force_quiescent_state(): the pass runs a wake-up latency
             * from now, so a countdown to the timeout (hackbench's cue 1 said 2 jiffies) is beside the point */
            snprintf(drv, n, "3.7: %s kthread woken by CPU %d to force QSs now (RCU_GP_FLAG_FQS)", rv_flavor_name(d->flavor),
                     d->kthread_cpu);
            return;
        }
        if (d->kthread_cpu >= 0 && d->kthread_woken && !d->kthread_running)
            snprintf(drv, n, "3.7: %s kthread woken by CPU %d", rv_flavor_name(d->flavor), d->kthread_cpu);
        else if (d->kthread_cpu >= 0)
            snprintf(drv, n, "3.7: %s kthread %s on CPU %d", rv_flavor_name(d->flavor),
                     d->kthread_running ? "running" : "sleeping, last ran", d->kthread_cpu);
        else snprintf(drv, n, "3.7: %s kthread sleeping", rv_flavor_name(d->flavor));
    } else {
        /* which CPU's softirq started it: under 3.6 whichever CPU looked first, no kthread to name */
        if (d->gp_start_cpu >= 0)
            snprintf(drv, n, "3.6: no kthread; %s%sGP %lu started on CPU %d", fl ? fl : "", fl ? " " : "", d->gpnum, d->gp_start_cpu);
        else snprintf(drv, n, "3.6: %s%sdriven from RCU_SOFTIRQ (no kthread)", fl ? fl : "", fl ? " " : "");
    }
    size_t l = strlen(drv);
    bool walking = d->walk_node >= 0 && (d->phase == RV_GP_INIT || d->phase == RV_GP_CLEANUP);
    if (walking) snprintf(drv + l, n - l, " · %s at rnp%d", d->phase == RV_GP_INIT ? "initialising" : "cleaning up", d->walk_node);
    /* "next FQS in 3 jiffies" says the GP waits for QSs: kernel-build's 3.6 half had the room for
     * its two lines, not for "waiting for QSs" as well */
    else if (say & SAY_PHASE && !(d->phase == RV_GP_WAIT && d->fqs_known)) snprintf(drv + l, n - l, " · %s", phase_words(d->phase));
    l = strlen(drv);
    if (!d->fqs_known) return;
    long long j = d->fqs_j;
    /* 3.6 forces quiescent states from RCU_SOFTIRQ, which a tick raises (also from call_rcu() with many
     * callbacks queued and from RCU_FAST_NO_HZ's idle-entry drains): on a board whose CPUs have all
     * stopped their ticks, a countdown promised a pass nothing would run (omap-stall's cue 5) */
    if (j > 0 && d->no_tick) snprintf(drv + l, n - l, " · FQS due in %lld jiff%s, but no CPU ticks to run it", j, j == 1 ? "y" : "ies");
    /* 3.7: the kthread's timeout ("timed"); 3.6 has no FQS timer, only the deadline a tick's softirq (or
     * call_rcu()'s relaxed path) tests, jiffies > jiffies_force_qs: "due". FAST_NO_HZ's drains and
     * call_rcu() overflows force in between (hackbench runs ~40 passes a jiffy) (maintainer review 7 C2) */
    else if (j > 0) snprintf(drv + l, n - l, " · next %s in %lld jiff%s", d->mode == RV_MODE_SOFTIRQ ? "FQS due" : "timed FQS", j,
                             j == 1 ? "y" : "ies");
    else if (j == 0) snprintf(drv + l, n - l, " · FQS due now");
    else if (d->mode == RV_MODE_SOFTIRQ)
        /* idle entry only with RCU_FAST_NO_HZ: without it v3.6 rcu_prepare_for_idle() is empty, and omap-stall's
         * idle minute, the point of the demo, read as if idle entry could have forced (a maintainer's review) */
        snprintf(drv + l, n - l, " · FQS overdue by %lld jiff%s: 3.6 forces only from a tick's softirq%s", -j, j == -1 ? "y" : "ies",
                 d->fast_no_hz ? ", call_rcu() or idle entry" : " or call_rcu()");
    else snprintf(drv + l, n - l, " · FQS due");
}

/* The most lines the driver text can take at width w in this view's mode and flavor, whatever the GP
 * does: its longest forms with five-digit numbers. The tree's place under the text follows from this,
 * not from the text of the moment, so the tree does not move as the text grows and shrinks. */
static int driver_lines_max(rd_ctx *rd, const ui_view *v, int say, int w)
{
    drv_state d = drv_state_of(v);
    int cpu = v->ncpus > 0 ? v->ncpus - 1 : 0, most = 0;
    d.kthread_cpu = d.gp_start_cpu = cpu;
    d.kthread_running = false; /* "sleeping, last ran" is the longer */
    if (d.gpnum < 99999) d.gpnum = 99999;
    for (int k = 0; k < 3; k++) {
        char t[320];
        /* waiting for QSs with an FQS time (overdue under 3.6), a walk at the last node, or (3.7) woken
         * to force now: each form whatever this moment's is */
        d.phase = k == 1 ? RV_GP_CLEANUP : RV_GP_WAIT;
        d.walk_node = k == 1 ? (v->nnodes > 0 ? v->nnodes - 1 : 0) : -1;
        d.fqs_known = k == 0;
        d.fqs_now = k == 2 && d.mode == RV_MODE_KTHREAD;
        d.fqs_j = d.mode == RV_MODE_SOFTIRQ ? -99999 : 99999;
        driver_text(&d, say, t, sizeof t);
        int n = panel_wrap_lines(rd, RD_SANS_SMALL, w, t);
        if (n > most) most = n;
    }
    return most;
}

/* FQS probes that landed during this grace period (or the one that just ended), newest first, as the
 * line under the driver text says it, naming at most max of them (", …" when there are more); "" when
 * none. */
static void credits_text(const ui_view *v, const ui_state *st, int max, char *line, size_t n)
{
    const ui_history *h = v->hist;
    char pr[256] = "";
    size_t len = 0;
    int shown = 0, total = 0;
    line[0] = 0;
    if (!h) return;
    for (unsigned i = 0; i < 64 && i < h->nrecent; i++) {
        const ui_mark *m = &h->recent_cred[(h->nrecent - 1 - i) % 64];
        if (m->flavor != v->flavor || !panel_credit_shown(v, st, m->gp, m->t)) continue; /* t < 0: forgotten */
        total++;
        if (shown < max && len < sizeof pr - 24) { len += (size_t)snprintf(pr + len, sizeof pr - len, "%sCPU %d %s", shown ? ", " : "", m->cpu, rv_fqs_credit_name(m->arg)); shown++; }
    }
    if (total) snprintf(line, n, "FQS credited: %s%s", pr, total > shown ? ", …" : "");
}

/* The most lines the credits text can take at width w: eight credits of the highest CPU number. */
static int credits_lines_max(rd_ctx *rd, const ui_view *v, int w)
{
    if (!v->hist || v->ncpus <= 0) return 0;
    char line[320] = "FQS credited: ";
    size_t len = strlen(line);
    int k = v->ncpus < 8 ? v->ncpus : 8;
    for (int i = 0; i < k; i++) len += (size_t)snprintf(line + len, sizeof line - len, "%sCPU %d snap", i ? ", " : "", v->ncpus - 1); /* the longest name */
    if (v->ncpus > 8) snprintf(line + len, sizeof line - len, ", …");
    return panel_wrap_lines(rd, RD_SANS_SMALL, w, line);
}

/* The tree's legend: what a bit's fill, frame and letter say. */
enum { TREE_LEGEND_ITEMS = 7 };
static int legend_items(const ui_theme *th, panel_legend_item out[TREE_LEGEND_ITEMS])
{
    const panel_legend_item leg[TREE_LEGEND_ITEMS] = {
        {SW_FILL, th->owed, "bit set: QS still owed", "qsmask"},
        {SW_FRAME, th->passed, "reported", "reported"},
        {SW_HATCH_DIM, th->cleared, "not in qsmaskinit", "qsmaskinit"},
        {SW_FRAME, th->walk, "just cleared", "just cleared"},
        {SW_NONE, th->text, "d = dyntick-idle credit (dti, snap)", "dti"},
        {SW_NONE, th->text, "o = offline credit (ofl)", "ofl"},
        /* "g40 c39" in the heading and the node boxes, unexplained on screen */
        {SW_NONE, th->text, "gN cM = gpnum, completed", "gpnum"},
    };
    memcpy(out, leg, sizeof leg);
    return TREE_LEGEND_ITEMS;
}

/* The legend's items for a panel w px wide: the last ("gN cM") only where it takes no row of its own,
 * since a row more cost omap-stall's compare slide the end of its driver text ("3.6 forces only from a
 * tick's softirq ..."), the explanation the picture is for. */
static int legend_items_for(ui_frame *fr, int w, panel_legend_item out[TREE_LEGEND_ITEMS])
{
    int n = legend_items(fr->th, out);
    int all = panel_legend(fr, (rd_rect){0, 0, w, 0}, out, n, false), less = panel_legend(fr, (rd_rect){0, 0, w, 0}, out, n - 1, false);
    return all > less ? n - 1 : n;
}

/* Form k of the tree's subtitle, longest first; forms 3 and 4 leave the phase out. */
static void subtitle_form(int k, const char *fname, unsigned long g, unsigned long c, const char *phase, char *out, size_t n)
{
    switch (k) {
    case 0: snprintf(out, n, "%s · gpnum %lu · completed %lu · %s", fname, g, c, phase); break;
    case 1: snprintf(out, n, "%s · g%lu c%lu · %s", fname, g, c, phase); break;
    case 2: snprintf(out, n, "g%lu c%lu · %s", g, c, phase); break;
    case 3: snprintf(out, n, "%s · g%lu c%lu", fname, g, c); break;
    default: snprintf(out, n, "g%lu c%lu", g, c); break;
    }
}

/* The title's subtitle in the longest form that fits beside "rcu_node tree" in a panel w wide: the
 * header says it in fewer words rather than end in "…" mid-number ("gpnum 15…"), with the nodes' own
 * g/c notation, then without the flavor's name (the top bar's toggle shows it) before the phase, then
 * without both. Which form fits is measured with the longest phase, "waiting for QSs", and numbers of
 * at least five digits: measured with the text of the moment, omap-stall's 3.7 half flipped between
 * "g179 c179 · idle" and "rcu_sched · g179 c179" as its GP went idle and back, and the form changed
 * again as the GP numbers reached three digits. So the panel's width chooses the form; only a run
 * past GP 99999 (kernel-build, the end of rcutorture) can change it, once per digit, since the numbers
 * themselves must show whole. Returns the form (form_leaves_out(): what the driver text says instead). */
static int tree_subtitle(rd_ctx *rd, int w, const ui_view *v, char *sub, size_t n)
{
    const rv_flavor_view *fl = &v->fl[v->flavor];
    const char *fname = rv_flavor_name(v->flavor);
    unsigned long mg = fl->gpnum < 99999 ? 99999 : fl->gpnum, mc = fl->completed < 99999 ? 99999 : fl->completed;
    int avail = w - rd_px(rd, 18) - rd_text_width(rd, RD_BOLD, "rcu_node tree");
    int k = 0;
    for (; k < 4; k++) {
        char t[200];
        subtitle_form(k, fname, mg, mc, rv_gp_phase_name(RV_GP_WAIT), t, sizeof t);
        if (rd_text_width(rd, RD_SANS, t) <= avail) break;
    }
    subtitle_form(k, fname, fl->gpnum, fl->completed, rv_gp_phase_name(fl->phase), sub, n);
    return k;
}

/* Where everything of the tree panel goes in its content rect: one measure for panel_tree_draw() and
 * panel_tree_height_needed(), so the height a layout gives the panel is the one it draws in. */
typedef struct tree_layout {
    char drv[320];     /* the driver text */
    int drv_lines;     /* lines kept for it (its last ends in "…" when it needs more) */
    int head_lines;    /* lines over the tree: the driver text, then the credits text under it */
    int leg_h;         /* the legend's height; 0: left out */
    rd_rect area;      /* the tree's */
    tree_fit fit;
    int sum_lines, sum_max; /* hundreds of leaves: lines under the tree saying what they hold */
    rd_rect sum;
    int spare;         /* px between the tree and what is under it that nothing uses */
    level_geo lv[UI_MAX_LEVELS];
} tree_layout;

/* The tree under drv driver lines and cred_n credits lines in the panel's content c, its legend
 * (leg_h high, or left out where it would cost the tree its readability), and for hundreds of leaves
 * the summary lines under it: L's leg_h, area, fit, lv, sum and spare. */
static void place_tree(ui_frame *fr, rd_rect c, const ui_view *v, int drv, int cred_n, int leg_h, bool no_hints, bool lend, tree_layout *L)
{
    rd_ctx *rd = fr->rd;
    int lh = rd_line_height(rd, RD_SANS_SMALL);
    rd_rect below = {c.x, c.y + (drv + cred_n) * lh, c.w, c.h - (drv + cred_n) * lh};
    /* the tree before its legend: where the legend would leave too little room for one titled node
     * (two text lines over a row of 8-px bits, plan()), as in a compare half at 1280x720, the tree
     * shrank to a strip whose bits nobody could read, or vanished; the legend's words are also the
     * hover tips and the glossary's (G). The same where the legend leaves the room for a strip but
     * not for a readable tree (scaling's 3.6 half at 1280x720) and leaving it out gives one. */
    if (below.h - leg_h - rd_px(rd, 4) < 3 * lh + rd_px(rd, 8) || legend_hides_tree(rd, v, L->lv, below, leg_h, lend)) leg_h = 0;
    L->leg_h = leg_h;
    L->area = tree_area(rd, below, leg_h);
    L->spare = L->area.h > 0 ? L->area.h : 0;
    if (v->levels > 0 && v->nnodes > 0 && L->area.h > 0) {
        L->fit = fit_tree(rd, v, L->lv, L->area, lend);
        /* hundreds of leaves: up to 3 lines under the tree say what they hold, in the room the tree
         * leaves free; when it leaves less than 2 lines, the tree gives up 2 */
        int nleaves = v->level_count[v->levels - 1], first_leaf = v->nnodes - nleaves;
        if (nleaves > TREE_BOX_MAX_LEAVES && first_leaf >= 0) {
            int free_lines = (L->area.h - plan(rd, v, L->lv, L->area.w, L->fit.bu, L->fit.bl, 0, L->fit.lend, L->fit.title1) - rd_px(rd, 3)) / lh;
            int max_lines = free_lines < 2 ? 2 : free_lines > 3 ? 3 : free_lines;
            if (max_lines * lh < L->area.h / 3) {
                L->sum_max = max_lines;
                L->sum_lines = leaf_summary(fr, L->area, v, first_leaf, nleaves, max_lines, false, no_hints);
                L->sum = (rd_rect){L->area.x, L->area.y + L->area.h - L->sum_lines * lh, L->area.w, L->sum_lines * lh};
                if (L->sum_lines > free_lines) {
                    L->area.h -= L->sum_lines * lh + rd_px(rd, 3);
                    L->fit = fit_tree(rd, v, L->lv, L->area, lend);
                }
            }
        }
        int tree_h = plan(rd, v, L->lv, L->area.w, L->fit.bu, L->fit.bl, L->fit.box_lines, L->fit.lend, L->fit.title1);
        L->spare = (L->sum_lines ? L->sum.y - rd_px(rd, 3) : L->area.y + L->area.h) - (L->area.y + tree_h);
    }
}

/* Lay the panel out in its content c. say: what the driver text says that the subtitle left out
 * (form_leaves_out()); cred: the credits text of the moment ("" or NULL when none). The text over the
 * tree gets, in this order: up to 3 driver lines and a credits line by the panel's room (as it always
 * had, the tree shrinking for them); then as many more lines as the longest driver and credits texts
 * can take, out of the room the tree leaves unused, then out of bits bigger than their numbers need.
 * Every reserve comes from the room and those longest texts, never from the text of the moment: the
 * tree keeps its place and size frame to frame. */
/* The driver text in fewer words where its lines cannot hold it: a compare half at 150 % showed
 * "3.6: no kthread; rcu_sched GP 46 start…" and "3.7: rcu_sched kthread sleeping, last r…" to a room
 * with nobody to hover. Each step keeps the earlier ones; the facts stay, the connecting words go. */
static void compact_driver_text(rd_ctx *rd, int w, int lines, char *drv)
{
    static const char *const steps[][2] = {
        {" kthread sleeping, last ran on CPU ", " kthread asleep, last on CPU "}, {" started on CPU ", " from CPU "},
        {" · next FQS due in ", " · FQS in "}, {" · next timed FQS in ", " · FQS in "},
        {"rcu_sched ", ""}, {"rcu_bh ", ""}, {"rcu_preempt ", ""}, {"3.6: no kthread; ", "3.6: "},
    };
    if (lines <= 0) return;
    for (size_t i = 0; i < sizeof steps / sizeof *steps && panel_wrap_lines(rd, RD_SANS_SMALL, w, drv) > lines; i++) {
        char *at = strstr(drv, steps[i][0]);
        if (!at) continue;
        /* each step's new words are shorter than its old: the tail shifts left in place */
        size_t from = strlen(steps[i][0]), to = strlen(steps[i][1]);
        memcpy(at, steps[i][1], to);
        memmove(at + to, at + from, strlen(at + from) + 1);
    }
    /* then the parts after " · " from the last, whole (the hover tip has them): "... last on CPU 7 · FQS…" */
    char *dot;
    while (panel_wrap_lines(rd, RD_SANS_SMALL, w, drv) > lines && (dot = strrchr(drv, 0xB7)) && dot - drv >= 2 &&
           dot[-1] == (char)0xC2 && dot[-2] == ' ') {
        dot[-2] = 0; /* " · " is a space, then U+00B7's two bytes (0xC2 0xB7) */
        rd_note_dropped(rd, 1);
    }
}

static void tree_measure(ui_frame *fr, rd_rect c, const ui_view *v, int say, const char *cred, bool no_hints, bool rescue,
                         tree_layout *L)
{
    rd_ctx *rd = fr->rd;
    int lh = rd_line_height(rd, RD_SANS_SMALL);
    memset(L, 0, sizeof *L);
    drv_state d = drv_state_of(v);
    driver_text(&d, say, L->drv, sizeof L->drv);
    panel_legend_item leg[TREE_LEGEND_ITEMS];
    int leg_h = panel_legend(fr, (rd_rect){c.x, 0, c.w, 0}, leg, legend_items_for(fr, c.w, leg), false);
    int drv_max = driver_lines_max(rd, v, say, c.w), cred_max = credits_lines_max(rd, v, c.w);
    /* a second driver line where the panel has 8 lines in all, kept while the text takes one (the tree
     * moved a line as the state grew, "· next FQS in 3 jiffies", frame 1 to frame 2 of a clip from 0 s);
     * a third taken from the tree where it has 10 besides the legend */
    int drv = c.h >= 8 * lh ? 2 : 1;
    if (drv_max >= 3 && c.h - leg_h >= 10 * lh) drv = 3;
    /* the credits line keeps its place while no CPU has been credited (a new GP, no GP at all): the tree
     * jumped a line up and down as credits came and went, in the window and frame to frame in a clip;
     * a panel with no room for that place still shows a credit, a line down */
    int cred_n = c.h - drv * lh >= 5 * lh || (cred && *cred) ? 1 : 0;
    place_tree(fr, c, v, drv, cred_n, leg_h, no_hints, false, L);
    /* a one-node tree (a small machine, each cell a CPU the captions name) whose cells its text lines
     * squeezed out, drawn as a box of words or as cells too small for their numbers (the compare halves
     * of a 1280x633 browser page: "rnp0 CPUs 0-1 / 2 CPUs still owe a QS" under a cue that points at its
     * cells): fewer text lines, when that gives numbered cells (or cells at all, over a box); decided
     * from the room and the tree, not the moment's text, so the tree keeps its place frame to frame.
     * Only as drawn (rescue): the height the layout gives the panel is measured without it, as before */
    /* the same for a few leaves drawn as cells too small for their numbers, when fewer lines give them
     * their numbers (no box of words over cells here: those boxes are the leaves' readable form): 3.6's
     * 16-CPU leaf compared at 1600x900 numbered only its credited cells ("1" with a corner, "d"), and
     * a learner could not tell which CPU an owed cell was; its "d" marks still show the credits */
    bool few_leaves_unnumbered = v->nnodes > 1 && v->levels > 0 && v->level_count[v->levels - 1] <= TREE_BOX_MAX_LEAVES &&
                                 !L->fit.box_lines && !L->sum_lines && bits_readable(rd, L->fit) && L->fit.bl < rd_px(rd, TREE_NUMBER_BSZ);
    if (rescue && ((v->nnodes == 1 && (L->fit.box_lines > 0 || L->fit.bl < rd_px(rd, TREE_NUMBER_BSZ))) || few_leaves_unnumbered)) {
        /* one driver line, then none (a browser page's 1280x607 canvas: the panel's title keeps gN cM);
         * the first whose cells carry their CPU numbers (TREE_NUMBER_BSZ), else the first whose cells
         * are readable at all */
        tree_layout M[2];
        int pick = -1;
        for (int fewer = 1; fewer >= 0; fewer--) {
            tree_layout *m = &M[1 - fewer];
            memset(m, 0, sizeof *m);
            if (fewer >= drv + cred_n) { m->fit.box_lines = 1; continue; }
            place_tree(fr, c, v, fewer, 0, leg_h, no_hints, false, m);
            if (bits_readable(rd, m->fit) && m->fit.bl >= rd_px(rd, TREE_NUMBER_BSZ)) { pick = 1 - fewer; break; }
        }
        for (int k = 0; k < 2 && pick < 0 && L->fit.box_lines > 0; k++) /* cells at least, over a box of words */
            if (bits_readable(rd, M[k].fit)) pick = k;
        if (pick >= 0) {
            memcpy(M[pick].drv, L->drv, sizeof M[pick].drv);
            *L = M[pick];
            drv = 1 - pick;
            cred_n = 0;
        }
    }
    /* still cells without their numbers (or boxes of words) where the tree has leaves of no CPU beside
     * leaves of CPUs (3.6's NR_CPUS tree on a small machine): those leaves give width to the others,
     * with the text lines kept. After the fewer lines above, which keep the row even: hackbench compared
     * at 1600x900 numbers every cell that way, in the 1400x860 window only this way. In the measure
     * too (unlike those fewer lines): the panel's height is the one the tree is drawn in */
    if (!L->sum_lines && lendable_bits(v) && !(bits_readable(rd, L->fit) && L->fit.bl >= rd_px(rd, TREE_NUMBER_BSZ))) {
        tree_layout M;
        memset(&M, 0, sizeof M);
        place_tree(fr, c, v, drv, cred_n, leg_h, no_hints, true, &M);
        if (bits_readable(rd, M.fit) && M.fit.bl >= rd_px(rd, TREE_NUMBER_BSZ)) {
            memcpy(M.drv, L->drv, sizeof M.drv);
            *L = M;
        }
    }
    /* the room the tree leaves unused: the driver text first (in a picture its end is the
     * explanation: "FQS overdue ...: 3.6 forces only from a tick's softirq, ..."), then the credits */
    int spare_lines = L->spare > 0 ? L->spare / lh : 0;
    int drv_extra = drv_max - drv < spare_lines ? drv_max - drv : spare_lines;
    if (drv_extra < 0) drv_extra = 0;
    spare_lines -= drv_extra;
    int cred_extra = cred_max - cred_n < spare_lines ? cred_max - cred_n : spare_lines;
    if (cred_extra < 0 || !cred_n) cred_extra = 0;
    /* then out of bits bigger than they need to be: a tree of few leaves gives lines while its bits
     * stay big enough for their numbers (or its leaf boxes keep their lines): omap-stall's 3.6 half in
     * a 1280x688 window had 34-px bits and no spare pixel, and its driver text ended "jiffies:…" */
    int want = (drv_max - drv - drv_extra > 0 ? drv_max - drv - drv_extra : 0) +
               (cred_n && cred_max - cred_n - cred_extra > 0 ? cred_max - cred_n - cred_extra : 0);
    if (want > 0 && !L->sum_lines && v->levels > 0 && v->nnodes > 0 && L->area.h > 0) {
        int floor = rd_px(rd, TREE_NUMBER_BSZ), used = drv_extra + cred_extra;
        for (int e = want; e >= 1; e--) {
            rd_rect a = {L->area.x, L->area.y + (used + e) * lh, L->area.w, L->area.h - (used + e) * lh};
            if (a.h <= 0) continue;
            level_geo lv[UI_MAX_LEVELS];
            tree_fit f = fit_tree(rd, v, lv, a, L->fit.lend > 0), f0 = L->fit;
            bool keeps = f0.box_lines ? f.box_lines == f0.box_lines && f.bu >= (f0.bu < floor ? f0.bu : floor)
                                      : !f.box_lines && f.bl >= (f0.bl < floor ? f0.bl : floor) && f.bu >= (f0.bu < floor ? f0.bu : floor);
            if (!keeps) continue;
            int d_more = drv_max - drv - drv_extra > 0 ? drv_max - drv - drv_extra : 0;
            int to_drv = e < d_more ? e : d_more;
            drv_extra += to_drv;
            cred_extra += e - to_drv;
            L->fit = f;
            L->spare = a.h + (used + e) * lh - plan(rd, v, lv, a.w, f.bu, f.bl, f.box_lines, f.lend, f.title1);
            break;
        }
    }
    /* a tree too big for its boxes here is said in words, a line a level and one for V
     * (levels_in_words()): the text over it keeps no line that room needs */
    if (!fit_readable(rd, L->fit) && !L->sum_lines && v->levels > 0)
        while (L->area.h - (drv_extra + cred_extra) * lh < (v->levels + 1) * lh && (cred_extra > 0 || drv_extra > 0)) {
            if (cred_extra > 0) cred_extra--;
            else drv_extra--;
        }
    int extra = drv_extra + cred_extra;
    L->drv_lines = drv + drv_extra;
    L->head_lines = drv + drv_extra + cred_n + cred_extra;
    L->area.y += extra * lh;
    L->area.h -= extra * lh;
    L->spare -= extra * lh;
}

/* A tree whose boxes do not fit its room (big-machine's 261 nodes in a panel beside the workbook
 * column at 1280x720 drew one thin line, in the lesson that asks for its nodes): each level in words,
 * its nodes and how many still owe the grace period a quiescent state, then where to see the boxes. */
static void levels_in_words(ui_frame *fr, rd_rect area, const ui_view *v, bool no_hints)
{
    rd_ctx *rd = fr->rd;
    int lh = rd_line_height(rd, RD_SANS_SMALL), y = area.y, first = 0;
    char line[200];
    for (int l = 0; l < v->levels && y + lh <= area.y + area.h; l++) {
        int n = v->level_count[l], owe = 0;
        bool leaf = l == v->levels - 1;
        for (int i = first; i < first + n && i < v->nnodes; i++) owe += v->nodes[i].qsmask != 0;
        if (n == 1) snprintf(line, sizeof line, "rnp%d%s: qsmask 0x%lx", first, leaf ? "" : " (root)", v->nodes[first].qsmask);
        else /* "1 leaf still owes", not "1 still owes": a lecturer read it against "8 owe a QS" (CPUs) beside it */
            snprintf(line, sizeof line, "rnp%d–rnp%d: %d %s, %d %s still owe%s", first, first + n - 1, n, leaf ? "leaves" : "nodes", owe,
                     leaf ? (owe == 1 ? "leaf" : "leaves") : (owe == 1 ? "node" : "nodes"), owe == 1 ? "s" : "");
        panel_text_fit(fr, RD_SANS_SMALL, area.x, y, area.w, fr->th->text, line);
        y += lh;
        first += n;
    }
    /* 3.6's leaves built for NR_CPUS past the machine's CPUs, as the boxes say them ("tree built for
     * NR_CPUS=64"): hackbench's cue 3 at 133 % ("its walks of the NR_CPUS tree") and its cue 2 with a CPU
     * clicked ("four leaves, three of them for CPUs this machine lacks") read "4 leaves, 1 leaf still
     * owes" and nothing of what the caption pointed at */
    int empty_from = -1, last = v->nnodes - 1;
    for (int i = v->nnodes - (v->levels > 0 ? v->level_count[v->levels - 1] : 0); i >= 0 && i <= last; i++)
        if (node_past_last_cpu(v, &v->nodes[i])) {
            empty_from = i;
            break;
        }
    if (v->levels > 1 && empty_from >= 0 && tree_nr_cpus(v) > v->ncpus && y + lh <= area.y + area.h) {
        char forms[5][96], names[32];
        int lo = v->nodes[empty_from].grplo, hi = v->nodes[last].grphi, nr = tree_nr_cpus(v), n = 0;
        if (empty_from == last) snprintf(names, sizeof names, "rnp%d", last);
        else snprintf(names, sizeof names, "rnp%d–rnp%d", empty_from, last);
        snprintf(forms[n++], sizeof forms[0], "%s: CPUs %d-%d, none here: built for NR_CPUS=%d", names, lo, hi, nr);
        snprintf(forms[n++], sizeof forms[0], "%s: CPUs %d-%d, built for NR_CPUS=%d", names, lo, hi, nr);
        snprintf(forms[n++], sizeof forms[0], "%s: for CPUs %d-%d (NR_CPUS=%d)", names, lo, hi, nr);
        snprintf(forms[n++], sizeof forms[0], "%s: no CPUs (NR_CPUS=%d)", names, nr);
        snprintf(forms[n++], sizeof forms[0], "%s: NR_CPUS=%d", names, nr);
        int k = 0;
        while (k < n - 1 && rd_text_width(fr->rd, RD_SANS_SMALL, forms[k]) > area.w) k++;
        panel_text_fit(fr, RD_SANS_SMALL, area.x, y, area.w, fr->th->text, forms[k]);
        y += lh;
    }
    /* the longest form that fits, none cut: hackbench compared at 133 % read "too many boxes for this
     * room: V sh…" under 3.6's tree in words */
    static const char *const more[] = {"too many boxes for this room: V shows them", "too many boxes here: V shows them",
                                       "V shows the boxes"};
    for (size_t k = 0; !no_hints && y + lh <= area.y + area.h && k < sizeof more / sizeof *more; k++)
        if (rd_text_width(fr->rd, RD_SANS_SMALL, more[k]) <= area.w) {
            rd_text(fr->rd, RD_SANS_SMALL, area.x, y, fr->th->text_dim, more[k]);
            break;
        }
}

int panel_tree_height_needed(ui_frame *fr, int w, const ui_view *v, int have)
{
    rd_ctx *rd = fr->rd;
    char sub[200];
    int say = form_leaves_out(tree_subtitle(rd, w, v, sub, sizeof sub));
    tree_layout L, M;
    tree_measure(fr, panel_content(rd, (rd_rect){0, 0, w, have}), v, say, NULL, false, false, &L);
    if (L.spare <= 0) return have;
    /* the panel less what nothing uses, as long as the layout there is the same: its rules read the
     * room (the driver's third line, the legend), so a lower panel could lay out otherwise */
    int lh = rd_line_height(rd, RD_SANS_SMALL);
    for (int h = have - L.spare; h < have; h += lh) {
        tree_measure(fr, panel_content(rd, (rd_rect){0, 0, w, h}), v, say, NULL, false, false, &M);
        if (M.spare >= 0 && M.drv_lines == L.drv_lines && M.head_lines == L.head_lines && M.leg_h == L.leg_h &&
            M.sum_lines == L.sum_lines && !memcmp(&M.fit, &L.fit, sizeof M.fit))
            return h;
    }
    return have;
}

bool panel_tree_draws_boxes(ui_frame *fr, int w, const ui_view *v, int h)
{
    char sub[200];
    int say = form_leaves_out(tree_subtitle(fr->rd, w, v, sub, sizeof sub));
    tree_layout L;
    tree_measure(fr, panel_content(fr->rd, (rd_rect){0, 0, w, h}), v, say, NULL, false, false, &L);
    return v->levels <= 0 || L.sum_lines > 0 || fit_readable(fr->rd, L.fit);
}

void panel_tree_draw(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    char sub[200], cred[320];
    int say = form_leaves_out(tree_subtitle(rd, r.w, v, sub, sizeof sub));
    rd_rect c = panel_frame(fr, r, "rcu_node tree", sub);
    credits_text(v, st, 8, cred, sizeof cred);
    tree_layout L;
    tree_measure(fr, c, v, say, cred, ui_no_hints(st), true, &L);
    int lh = rd_line_height(rd, RD_SANS_SMALL);
    /* no more text lines than the panel holds: the measure keeps a driver and a credits line whatever
     * the room, and in a squeezed panel (an 800x500 window, a 960x540 compare half) they were drawn
     * past its bottom, over its frame and the panel under it */
    int room = c.h > 0 ? c.h / lh : 0;
    if (L.drv_lines > room) L.drv_lines = room;
    if (L.head_lines > room) L.head_lines = room;
    /* who drives the grace period, and where it is; then the credits, on the lines the driver text
     * leaves of the header */
    compact_driver_text(rd, c.w, L.drv_lines, L.drv);
    int drv_used = panel_wrap_lines(rd, RD_SANS_SMALL, c.w, L.drv);
    if (drv_used > L.drv_lines) drv_used = L.drv_lines;
    if (L.drv_lines > 0) panel_wrap_fit(fr, RD_SANS_SMALL, (rd_rect){c.x, c.y, c.w, L.drv_lines * lh}, th->text, L.drv);
    /* whole credits on the lines left, the rest as ", …": a compare half at 1280x720 cut one in two,
     * "CPU 12 dti, CPU 7 dti…" */
    for (int k = 7; k >= 1 && cred[0] && panel_wrap_lines(rd, RD_SANS_SMALL, c.w, cred) > L.head_lines - drv_used; k--)
        credits_text(v, st, k, cred, sizeof cred);
    if (cred[0] && L.head_lines > drv_used)
        panel_wrap_fit(fr, RD_SANS_SMALL, (rd_rect){c.x, c.y + drv_used * lh, c.w, (L.head_lines - drv_used) * lh}, th->text, cred);
    if (L.leg_h > 0) {
        panel_legend_item leg[TREE_LEGEND_ITEMS];
        int nleg = legend_items_for(fr, c.w, leg);
        panel_legend(fr, (rd_rect){c.x, c.y + c.h - L.leg_h, c.w, L.leg_h}, leg, nleg, true);
    }
    if (v->levels <= 0 || v->nnodes <= 0 || L.area.h <= 0) return;
    if (!fit_readable(rd, L.fit) && !L.sum_lines) { levels_in_words(fr, L.area, v, ui_no_hints(st)); return; }
    if (L.sum_lines) {
        int nleaves = v->level_count[v->levels - 1];
        leaf_summary(fr, L.sum, v, v->nnodes - nleaves, nleaves, L.sum_max, true, ui_no_hints(st));
    }
    plan(rd, v, L.lv, L.area.w, L.fit.bu, L.fit.bl, L.fit.box_lines, L.fit.lend, L.fit.title1);
    draw_levels(fr, L.area, v, st, L.lv);
}
