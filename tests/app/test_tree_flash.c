/* test_tree_flash.c — the "just cleared" cue (the tree's outlined bit, the CPU tile's yellow border)
 * never marks a qsmask bit that is set: a bit cannot be owed and just cleared at once. */
#include <criterion/criterion.h>

#include "panels/panels.h"
#include "window/app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* fast-no-hz in compare mode, as both tests look at it. (No .timeout on the tests: with one,
 * criterion 2.4.1's runner leaked its 48-byte watchdog entry under ASan whenever both ran side by
 * side, --jobs 2, and `make test` failed on the leak.) */
static void open_fast_no_hz_compare(ui_app *a)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/fast-no-hz.json", root);
    ui_app_init(a);
    a->st.compare = true;
    cr_assert_eq(ui_app_load(a, path, -1, err, sizeof err), 0, "%s", err);
}

/* fast-no-hz's grace periods last a few jiffies: a bit cleared at the end of one is set again by
 * the next one's init while the flash is still on (the tester's 3.6 lane at 0.06 s, qsmask 0x7f,
 * bit 5; 3.7 at 0.01 s). Walk its first 0.1 s a jiffy at a time, both lanes of compare. */
Test(tree_flash, a_set_bit_is_never_just_cleared)
{
    char err[4096];
    ui_app a;
    open_fast_no_hz_compare(&a);
    cr_assert_eq(a.nsessions, 2);
    rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    int cues = 0;
    for (int64_t t = 1000000; t <= 100000000; t += 1000000) {
        ui_app_seek(&a, t);
        ui_app_draw(&a, rd); /* builds the views and sets the flash window, as the window does */
        rd_end(rd);
        for (int s = 0; s < a.nsessions; s++) {
            const ui_view *v = &a.s[s].view;
            for (int i = 0; i < v->nnodes; i++) {
                const rv_node_view *n = &v->nodes[i];
                for (int b = 0; b < 64; b++) {
                    bool set = n->qsmask >> b & 1, cue = panel_bit_just_cleared(v, &a.st, n, b);
                    cues += cue;
                    cr_expect_not(set && cue, "%s at %.3f s: node %d bit %d is set (owed) and drawn as just cleared",
                                  a.s[s].label, t / 1e9, i, b);
                }
            }
        }
    }
    cr_assert_gt(cues, 0, "no bit was ever drawn as just cleared");
    rd_free(rd);
    ui_app_free(&a);
}

typedef struct seen { int x, y, w, h; } seen;
typedef struct seen_list { seen v[16]; int n; } seen_list;

static void observe(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    seen_list *L = ctx;
    size_t len = end ? (size_t)(end - s) : strlen(s);
    if (len == strlen("just cleared") && !strncmp(s, "just cleared", len) && L->n < 16) L->v[L->n++] = (seen){x, y, w, h};
}

static bool inside(seen s, rd_rect r) { return s.x >= r.x && s.y >= r.y && s.x + s.w <= r.x + r.w && s.y + s.h <= r.y + r.h; }

/* The tiles' yellow border had no legend in the CPUs panel (a tester asked what it meant): the
 * panel's legend names it with the tree's words, and at 1280x720 compare, the narrowest panels,
 * the item lies inside the CPUs panel of both sides. */
Test(tree_flash, the_cpus_legend_names_the_yellow_border)
{
    char err[4096];
    ui_app a;
    open_fast_no_hz_compare(&a);
    ui_app_seek(&a, 60000000);
    rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    seen_list L = {0};
    rd_set_text_observer(rd, observe, &L);
    ui_app_draw(&a, rd);
    rd_end(rd);
    cr_assert_eq(a.L.nsides, 2);
    for (int s = 0; s < 2; s++) {
        int in_cpus = 0;
        for (int i = 0; i < L.n; i++) in_cpus += inside(L.v[i], a.L.side[s].cpus);
        cr_expect_eq(in_cpus, 1, "side %d: \"just cleared\" drawn %d times inside the CPUs panel", s, in_cpus);
    }
    rd_free(rd);
    ui_app_free(&a);
}

/* tree's cue 3 (0.1662 s): CPUs 2 and 3 (rnp1) and 8, 9 and 10 (rnp3) reported at the same instant,
 * 165 ms; rnp1 had a newer report at 166 ms (CPU 1). The flash was kept per node, the newer report's
 * bits only, so CPUs 8-10 were outlined and 2-3 not (a maintainer's review of the lecture pictures):
 * bits cleared in one moment are drawn alike, whichever node they are in. */
Test(tree_flash, bits_cleared_together_flash_together)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/tree.json", root);
    ui_app a;
    ui_app_init(&a);
    cr_assert_eq(ui_app_load(&a, path, -1, err, sizeof err), 0, "%s", err);
    rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ui_app_seek(&a, 166200001);
    ui_app_draw(&a, rd);
    rd_end(rd);
    const ui_view *v = &a.s[0].view;
    static const int cpus[] = {2, 3, 8, 9, 10};
    bool cue[5];
    for (int i = 0; i < 5; i++) {
        const rv_cpu_view *c = &v->cpus[cpus[i]];
        cr_assert(c->leaf >= 0 && c->leaf < v->nnodes);
        const rv_node_view *n = &v->nodes[c->leaf];
        cue[i] = panel_bit_just_cleared(v, &a.st, n, cpus[i] - n->grplo);
    }
    cr_expect(cue[0], "CPU 2's bit, cleared 1.2 ms before, is no longer drawn as just cleared (the flash window is %.1f ms)",
              a.st.flash_ns / 1e6);
    for (int i = 1; i < 5; i++)
        cr_expect_eq(cue[i], cue[0], "CPU %d's bit %s, CPU %d's %s, though both cleared at 165 ms", cpus[0],
                     cue[0] ? "flashes" : "does not", cpus[i], cue[i] ? "does" : "does not");
    rd_free(rd);
    ui_app_free(&a);
}
