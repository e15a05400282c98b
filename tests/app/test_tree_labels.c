/* test_tree_labels.c — what the rcu_node tree writes in its qsmask boxes: an inner node's bits name the child nodes they stand for, a credited CPU keeps its number beside its "d". */
#include <criterion/criterion.h>

#include "app_load.h"
#include "export/export.h"
#include "text_runs.h"
#include "view/layout_export.h"

#include <string.h>

static runs R;

static bool drawn(const char *s)
{
    for (int i = 0; i < R.n; i++)
        if (!strcmp(R.v[i].text, s)) return true;
    return false;
}

/* a of tree.json at cue index `cue`, its seek done and its reports fresh */
static void tree_at_cue(ui_app *a, int cue)
{
    char err[512];
    app_load(a, "tree.json", false);
    cr_assert_eq(ui_app_goto_cue(a, cue, err, sizeof err), 0, "%s", err);
    while (ui_app_seek_continue(a, 1000)) {}
    ui_app_refresh_reports(a, 0, 0);
}

/* The tree panel alone as `shot --panel tree` draws it, its text runs into R. */
static void draw_tree_panel(ui_app *a, rd_ctx *rd, bool clean_fit)
{
    ex_look look = {.clean = clean_fit, .panel = UI_PANEL_TREE, .klog = -1, .caption = -1};
    if (clean_fit) ex_fit_panel_scale(a, rd, &look);
    R.n = 0;
    rd_set_text_observer(rd, keep_run, &R);
    ex_draw(a, rd, &look);
    rd_end(rd);
    rd_set_text_observer(rd, NULL, NULL);
}

/* tree's cue 4 as `shot tree --cue 4 --panel tree --size 1920x1080` draws it: GP 40 waits on CPU 13
 * alone, CPUs 7 and 15 credited as dyntick-idle. The root's boxes read "0 1 2 3" over leaves whose
 * boxes read "0 1 2 3": a slide's audience took them for CPUs, and "d" hid which CPU was credited. */
Test(tree_labels, inner_bits_name_their_child_nodes_and_credits_keep_the_cpu)
{
    ui_app a;
    char err[512];
    tree_at_cue(&a, 3);
    rd_ctx *rd = rd_new_offscreen(1920, 1080, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    draw_tree_panel(&a, rd, true);
    for (int k = 1; k <= 4; k++) {
        char name[16];
        snprintf(name, sizeof name, "rnp%d", k);
        cr_expect(drawn(name), "the root's bit %d reads \"%s\"", k - 1, name);
    }
    const ui_view *v = &a.s[0].view;
    int credited = 0;
    for (int c = 0; c < v->ncpus; c++) {
        int cr = panel_cpu_credit(v, &a.st, c);
        if (cr < 0) continue;
        char lab[16];
        snprintf(lab, sizeof lab, "%d %s", c, cr == 1 ? "o" : "d");
        cr_expect(drawn(lab), "credited CPU %d reads \"%s\"", c, lab);
        credited++;
    }
    cr_expect_gt(credited, 0, "the cue shows a dyntick-idle credit");
    rd_free(rd);
    ui_app_free(&a);
}

/* hackbench compared at 1280x720, the whole window: 3.7's one node holds CPUs 0-15 in boxes too small
 * for "10 d", and the credited ones read a bare "d" ("d d d 13 14 d"), so nobody could say which CPU
 * was credited. Every credited CPU's box now carries its number ("10d", or the number alone with a
 * corner mark). */
Test(tree_labels, two_digit_credited_cpus_keep_their_number_in_small_boxes)
{
    ui_app a;
    char err[512];
    app_load(&a, "hackbench.json", true);
    ui_app_seek(&a, 20000000000LL);
    while (ui_app_seek_continue(&a, 1000)) {}
    ui_app_refresh_reports(&a, 0, 0);
    rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ex_look look = {.clean = true, .panel = -1, .klog = -1, .caption = -1};
    R.n = 0;
    rd_set_text_observer(rd, keep_run, &R);
    ex_draw(&a, rd, &look);
    rd_end(rd);
    rd_set_text_observer(rd, NULL, NULL);
    int side = a.nsessions > 1 && a.s[1].view.mode == RV_MODE_KTHREAD ? 1 : 0;
    const ui_view *v = &a.s[side].view;
    int two_digit = 0;
    for (int c = 10; c < v->ncpus; c++) {
        int cr = panel_cpu_credit(v, &a.st, c);
        if (cr < 0) continue;
        char spaced[16], tight[16], bare[16];
        snprintf(spaced, sizeof spaced, "%d %s", c, cr == 1 ? "o" : "d");
        snprintf(tight, sizeof tight, "%d%s", c, cr == 1 ? "o" : "d");
        snprintf(bare, sizeof bare, "%d", c);
        rd_rect tr = a.L.side[side].tree; /* the tree's boxes, not the CPU tiles that also read "10" */
        bool boxed = false;
        for (int i = 0; i < R.n; i++) {
            const rd_rect q = R.v[i].r;
            bool in = q.x >= tr.x && q.y >= tr.y && q.x + q.w <= tr.x + tr.w && q.y + q.h <= tr.y + tr.h;
            if (in && (!strcmp(R.v[i].text, spaced) || !strcmp(R.v[i].text, tight) || !strcmp(R.v[i].text, bare))) boxed = true;
        }
        cr_expect(boxed, "credited CPU %d has no box with its number in the tree", c);
        two_digit++;
    }
    cr_expect_gt(two_digit, 0, "no two-digit CPU credited at 20 s: no test");
    rd_free(rd);
    ui_app_free(&a);
}

/* big-machine's 261 nodes in the tree panel beside the workbook column at 1280x720 (the room "Show
 * me" of question 2.3 gets): too many boxes for the room, so each level in words; it drew one thin
 * line, in the lesson that asks how many nodes the tree has. */
Test(tree_labels, a_tree_too_big_for_its_room_is_said_in_words)
{
    ui_app a;
    char err[512];
    app_load(&a, "big-machine.json", false);
    app_seek(&a, (int64_t)20e6);
    a.st.show_workbook = true;
    rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    R.n = 0;
    app_draw_observed(&a, rd, keep_run, &R);
    bool root = false, inner = false, leaves = false, counted = false;
    for (int i = 0; i < R.n; i++) {
        root |= !strncmp(R.v[i].text, "rnp0 (root): qsmask", 19);
        inner |= !strncmp(R.v[i].text, "rnp1–rnp4: 4 nodes", strlen("rnp1–rnp4: 4 nodes"));
        leaves |= !strncmp(R.v[i].text, "rnp5–rnp260: 256 leaves", strlen("rnp5–rnp260: 256 leaves"));
        /* what still owes is counted in leaves, not bare: "1 still owes" was read against "8 owe a QS"
         * (CPUs) beside it */
        counted |= strstr(R.v[i].text, "256 leaves, ") && (strstr(R.v[i].text, " leaf still owes") || strstr(R.v[i].text, " leaves still owe"));
    }
    cr_expect(root && inner && leaves, "the three levels in words (root %d, inner %d, leaves %d)", root, inner, leaves);
    cr_expect(counted, "the leaves that still owe are counted as leaves");
    rd_free(rd);
    ui_app_free(&a);
}

/* tree's cue 2 at 115 % on a 1280x720 projector: the leaves had room only for words, and "1 owes" and
 * "2 owe a QS" under a caption naming "CPUs 1, 7, 11, 13 and 15". Where few CPUs owe, the words name
 * them: at a tree panel of that size every owing CPU's number is drawn, as a cell or in a leaf's words. */
Test(tree_labels, leaf_words_name_the_few_cpus_that_owe)
{
    ui_app a;
    char err[512];
    tree_at_cue(&a, 1);
    static const int hs[] = {170, 190, 400};
    for (int k = 0; k < 3; k++) {
        rd_ctx *rd = rd_new_offscreen(470, hs[k], 1.15f, err, sizeof err);
        cr_assert(rd, "%s", err);
        draw_tree_panel(&a, rd, false);
        bool words = drawn("13, 15") || drawn("CPUs 13, 15") || drawn("CPUs 13, 15 owe") || drawn("CPUs 13, 15 still owe a QS");
        bool cells = drawn("13") && drawn("15");
        cr_expect(words || cells, "470x%d: CPUs 13 and 15 owe rnp4 and neither a cell nor the leaf's words name them", hs[k]);
        cr_expect_not(drawn("2 owe a QS") || drawn("2 owe") || drawn("1 owes"), "470x%d: a count where the CPUs would fit", hs[k]);
        if (k == 0) cr_expect(words, "470x170 is too low for cells: the leaves are drawn in words");
        rd_free(rd);
    }
    ui_app_free(&a);
}

/* hackbench compared at 1600x900 and in the 1400x860 window a 1600x900 screen opens: 3.6's tree of
 * NR_CPUS=64 gives its one real leaf, rnp1, a quarter of the row, and its 16 cells were too small for
 * "15", so only credited cells carried a number ("1" with a corner mark) and the owed ones none: a
 * learner could not tell which CPU a cell was. Where fewer text lines above the tree give the cells
 * room (1600x900), or else the three leaves of no CPU give rnp1 width (1400x860), every cell of rnp1
 * carries its CPU's number; those three still show, each with its name and its range of CPUs. */
Test(tree_labels, every_cell_of_36s_leaf_is_numbered_when_compared_in_a_1600x900_screen)
{
    static const struct { int w, h; } sizes[] = {{1600, 900}, {1400, 860}};
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        ui_app a;
        char err[512];
        app_load(&a, "hackbench.json", true);
        app_seek(&a, 300000001LL);
        rd_ctx *rd = rd_new_offscreen(sizes[k].w, sizes[k].h, 1.0f, err, sizeof err);
        cr_assert(rd, "%s", err);
        R.n = 0;
        app_draw_observed(&a, rd, keep_run, &R);
        int side = a.s[0].view.mode == RV_MODE_SOFTIRQ ? 0 : 1;
        const ui_view *v = &a.s[side].view;
        cr_assert_gt(v->nnodes, 1, "3.6's tree has its NR_CPUS leaves");
        rd_rect tr = a.L.side[side].tree;
        for (int c = 0; c < v->ncpus; c++) {
            /* CPU c's own cell in 3.6's tree (its leaf's bit), not the root's bit of the same number */
            const rv_node_view *leaf = &v->nodes[v->cpus[c].leaf];
            rd_rect cell = {0, 0, 0, 0};
            for (int i = 0; i < a.fr.nhits; i++) {
                const ui_hit *h = &a.fr.hits[i];
                if (h->kind == HIT_NODE_BIT && h->a == leaf->index && h->b == c - leaf->grplo && h->r.x >= tr.x && h->r.x < tr.x + tr.w)
                    cell = h->r;
            }
            cr_assert_gt(cell.w, 0, "%dx%d: CPU %d has no cell in 3.6's tree", sizes[k].w, sizes[k].h, c);
            char bare[16], spaced[16], tight[16];
            snprintf(bare, sizeof bare, "%d", c);
            snprintf(spaced, sizeof spaced, "%d d", c);
            snprintf(tight, sizeof tight, "%dd", c);
            bool boxed = false;
            for (int i = 0; i < R.n && !boxed; i++) {
                const rd_rect q = R.v[i].r;
                int cx = q.x + q.w / 2, cy = q.y + q.h / 2;
                bool in = cx >= cell.x && cy >= cell.y && cx < cell.x + cell.w && cy < cell.y + cell.h;
                boxed = in && (!strcmp(R.v[i].text, bare) || !strcmp(R.v[i].text, spaced) || !strcmp(R.v[i].text, tight));
            }
            cr_expect(boxed, "%dx%d: CPU %d's cell in 3.6's tree has no number", sizes[k].w, sizes[k].h, c);
        }
        /* the empty NR_CPUS leaves, narrowed or not, keep saying which CPUs they were built for */
        for (int i = 0; i < v->nnodes; i++) {
            const rv_node_view *n = &v->nodes[i];
            if (n->grplo < v->ncpus) continue;
            char name[16], joined[32], range[16];
            snprintf(name, sizeof name, "rnp%d", n->index);
            snprintf(joined, sizeof joined, "rnp%d %d-%d", n->index, n->grplo, n->grphi);
            snprintf(range, sizeof range, "%d-%d", n->grplo, n->grphi);
            bool named = drawn(joined) || (drawn(name) && drawn(range));
            cr_expect(named, "%dx%d: 3.6's empty leaf rnp%d lost its name or its CPUs %d-%d", sizes[k].w, sizes[k].h, n->index, n->grplo,
                      n->grphi);
        }
        rd_free(rd);
        ui_app_free(&a);
    }
}

/* Does every CPU's cell in side `side`'s tree carry its number ("7", "7 d", "7d")? R holds the frame's
 * runs, a's hits its cells. Reports each unnumbered CPU under `what`. */
static int unnumbered_cells(const ui_app *a, int side, const char *what)
{
    const ui_view *v = &a->s[side].view;
    rd_rect tr = a->L.side[side].tree;
    int missing = 0;
    for (int c = 0; c < v->ncpus; c++) {
        const rv_node_view *leaf = &v->nodes[v->cpus[c].leaf];
        rd_rect cell = {0, 0, 0, 0};
        for (int i = 0; i < a->fr.nhits; i++) {
            const ui_hit *h = &a->fr.hits[i];
            if (h->kind == HIT_NODE_BIT && h->a == leaf->index && h->b == c - leaf->grplo && h->r.x >= tr.x && h->r.x < tr.x + tr.w)
                cell = h->r;
        }
        char bare[16], spaced[16], tight[16];
        snprintf(bare, sizeof bare, "%d", c);
        snprintf(spaced, sizeof spaced, "%d d", c);
        snprintf(tight, sizeof tight, "%dd", c);
        bool boxed = false;
        for (int i = 0; i < R.n && !boxed && cell.w > 0; i++) {
            const rd_rect q = R.v[i].r;
            int cx = q.x + q.w / 2, cy = q.y + q.h / 2;
            bool in = cx >= cell.x && cy >= cell.y && cx < cell.x + cell.w && cy < cell.y + cell.h;
            boxed = in && (!strcmp(R.v[i].text, bare) || !strcmp(R.v[i].text, spaced) || !strcmp(R.v[i].text, tight));
        }
        if (!boxed) fprintf(stderr, "%s: CPU %d's cell in the tree has no number%s\n", what, c, cell.w ? "" : " (no cell)");
        missing += !boxed;
    }
    return missing;
}

/* The lecturer's projector at 133 % (1280x720 less a title bar: 960x516 points, compare's smallest
 * layout), hackbench compared: 3.7's one node of 16 cells under its two title lines got cells too
 * small for "15", and read "0 1 ■ ■ 4 5 6 7 ■ ■ ■ d / d □ ■ d": credited one-digit CPUs numbered,
 * credited two-digit ones a bare "d", the rest blank, so nobody could tell which cell was CPU 1, the
 * one the Why panel beside it explains. At the window's first moment, at cue 2 with CPU 1 clicked,
 * and at cue 1 with C pressed (the strip split under two captions), every cell carries its number. */
Test(tree_labels, the_37_nodes_cells_keep_their_numbers_compared_at_133_percent)
{
    static const struct { const char *what; int cue; int64_t at; int sel; bool present; } cases[] = {
        {"0.02 s, compare pressed at start", -1, 19999000LL, -1, false},
        {"cue 2 presented, CPU 1 clicked", 1, 0, 1, true},
        {"cue 1 presented, C pressed", 0, 0, -1, true},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        ui_app a;
        char err[512];
        if (cases[k].cue >= 0) {
            app_at_cue(&a, "hackbench.json", cases[k].cue);
            cr_assert_eq(ui_app_set_compare(&a, true, err, sizeof err), 0, "%s", err);
            while (ui_app_seek_continue(&a, 1000)) {}
        } else {
            app_load(&a, "hackbench.json", true);
            app_seek(&a, cases[k].at);
        }
        a.st.presenting = cases[k].present;
        a.st.sel_cpu = cases[k].sel;
        float s = ui_fit_scale(1280, 688, 1.5f, true);
        rd_ctx *rd = rd_new_offscreen(1280, 688, s, err, sizeof err);
        cr_assert(rd, "%s", err);
        R.n = 0;
        app_draw_observed(&a, rd, keep_run, &R);
        int side = a.s[1].view.mode == RV_MODE_KTHREAD ? 1 : 0;
        cr_assert_eq(a.s[side].view.nnodes, 1, "3.7's tree is one node");
        cr_expect_eq(unnumbered_cells(&a, side, cases[k].what), 0, "%s at %.0f%%: cells without their CPU's number", cases[k].what,
                     s * 100);
        rd_free(rd);
        ui_app_free(&a);
    }
}

/* hackbench's cue 3 ("...mostly its walks of the NR_CPUS tree") presented at 133 % on a 1280x720
 * projector (1280x688 under a title bar), and its cue 2 ("The 3.6 tree on the left is shaped for NR_CPUS=64 (four leaves, three of
 * them for CPUs this machine lacks)") with CPU 1 clicked: 3.6's tree has no room for its boxes and says
 * its levels in words, which read "rnp1–rnp4: 4 leaves, 1 leaf still owes", nothing of the three
 * leaves for CPUs the machine lacks that the caption points at. The words now say so. */
Test(tree_labels, the_36_tree_in_words_says_it_is_built_for_nr_cpus)
{
    static const struct { int cue, sel, h; } cases[] = {{2, -1, 720}, {2, -1, 688}, {1, 1, 720}, {1, 1, 688}};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        ui_app a;
        char err[512];
        app_at_cue(&a, "hackbench.json", cases[k].cue);
        cr_assert(a.st.compare, "cue %d compares", cases[k].cue + 1);
        a.st.presenting = true;
        a.st.sel_cpu = cases[k].sel;
        float s = ui_fit_scale(1280, cases[k].h, 1.5f, true);
        rd_ctx *rd = rd_new_offscreen(1280, cases[k].h, s, err, sizeof err);
        cr_assert(rd, "%s", err);
        R.n = 0;
        app_draw_observed(&a, rd, keep_run, &R);
        int side = a.s[0].view.mode == RV_MODE_SOFTIRQ ? 0 : 1;
        rd_rect tr = a.L.side[side].tree;
        bool words = false, nr = false;
        for (int i = 0; i < R.n; i++) {
            if (!starts_in(R.v[i].r, tr)) continue;
            words |= strstr(R.v[i].text, "4 leaves") != NULL;
            nr |= strstr(R.v[i].text, "NR_CPUS=64") != NULL;
        }
        cr_expect(nr, "cue %d%s in 1280x%d at %.0f%%: 3.6's tree%s does not say it is built for NR_CPUS=64", cases[k].cue + 1,
                  cases[k].sel >= 0 ? " with CPU 1 clicked" : "", cases[k].h, s * 100, words ? ", in words," : "");
        rd_free(rd);
        ui_app_free(&a);
    }
}

/* The size of the CPU cells side s's one-node tree draws (the tallest of its HIT_NODE_BIT cells), 0 for none. */
static int cell_size(const ui_app *a, int s)
{
    rd_rect tr = a->L.side[s].tree;
    int h = 0;
    for (int i = 0; i < a->fr.nhits; i++) {
        const ui_hit *q = &a->fr.hits[i];
        if (q->kind == HIT_NODE_BIT && starts_in(q->r, tr) && q->r.h > h) h = q->r.h;
    }
    return h;
}

typedef struct halves { const ui_app *a; int n, worst, at, sz[2]; } halves;

static void note_halves(halves *w, int frame)
{
    int c0 = cell_size(w->a, 0), c1 = cell_size(w->a, 1), d = c0 > c1 ? c0 - c1 : c1 - c0;
    cr_assert(c0 > 0 && c1 > 0, "frame %d: both halves draw their tree's cells (%d, %d px)", frame, c0, c1);
    if (d > w->worst) {
        w->worst = d;
        w->at = frame;
        w->sz[0] = c0;
        w->sz[1] = c1;
    }
    w->n++;
}

static int halves_frame(void *ctx, rd_ctx *rd, int i, int n)
{
    (void)rd; (void)n;
    note_halves(ctx, i + 1);
    return 0;
}

/* A talk's slide of omap-stall's cue 6 ("3.7: no warning", compared, --clean at 1920x1080) drew the same
 * tree of one node and two CPUs twice: 3.6's cells 25 px, their two title lines giving room to the driver
 * text, beside 3.7's 40 px cells; and the clip over the wake-up (compared, --clean --cues at 1280x720)
 * the other way round, 3.6's cells beside a one-line title, 3.7's 16 px under two lines. An audience asked
 * why 3.7's tree was smaller. A one-node tree now takes the one-line title whenever that gives it bigger
 * cells (the panel's heading says gN cM), and both halves draw their cells the same size. */
Test(tree_labels, compared_halves_draw_the_same_one_node_tree_alike)
{
    char err[512];
    {
        ui_app a;
        app_at_cue(&a, "omap-stall.json", 5);
        rd_ctx *rd = rd_new_offscreen(1920, 1080, 1.5f, err, sizeof err);
        cr_assert(rd, "%s", err);
        ex_look look = {.clean = true, .panel = -1, .klog = -1, .caption = -1};
        ex_draw(&a, rd, &look);
        rd_end(rd);
        cr_assert_eq(a.L.nsides, 2, "cue 6 is compared");
        halves w = {.a = &a};
        note_halves(&w, 1);
        cr_expect_leq(w.worst, rd_px(rd, 1), "cue 6 as a 1920x1080 slide: 3.6's cells %d px, 3.7's %d px", w.sz[0], w.sz[1]);
        rd_free(rd);
        ui_app_free(&a);
    }
    {
        ui_app a;
        app_load(&a, "omap-stall.json", true);
        rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
        cr_assert(rd, "%s", err);
        ex_anim an = {.from_ns = 79980000000LL, .to_ns = 80060000000LL, .fps = 10, .length_s = 0.8, .out = "unused/", .w = 1280,
                      .h = 720, .scale = 1.0f};
        ex_look look = {.clean = true, .panel = -1, .cues = true, .klog = -1, .caption = -1};
        halves w = {.a = &a};
        cr_assert_eq(ex_clip_frames(&a, rd, &an, &look, halves_frame, &w), 0);
        cr_assert_eq(w.n, 8);
        cr_expect_leq(w.worst, 1, "the wake-up clip at 1280x720, frame %d: 3.6's cells %d px, 3.7's %d px", w.at, w.sz[0], w.sz[1]);
        rd_free(rd);
        ui_app_free(&a);
    }
}
