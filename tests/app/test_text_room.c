/* test_text_room.c — panels with room under their text wrap it instead of ending it in "…", and keep their layout and forms from frame to frame (the tree, the CPUs panel, the kernel log). */
#include <criterion/criterion.h>

#include "panels/panels.h"
#include "app_load.h"
#include "text_runs.h"
#include "temp_json.h"
#include "window/app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The projector's window (1280x720 less a title bar), the same as a picture, and 1600x900. */
static const struct { int w, h; } sizes[] = {{1280, 688}, {1280, 720}, {1600, 900}};
#define NSIZES (int)(sizeof sizes / sizeof sizes[0])

static runs R;

static bool inside(rd_rect a, rd_rect r) { return a.x >= r.x && a.y >= r.y && a.x + a.w <= r.x + r.w && a.y + a.h <= r.y + r.h; }

/* One off-screen context per size, made on first use (fonts load once) and freed by rds_free(). */
static rd_ctx *rds[NSIZES];

static rd_ctx *rd_for(int s)
{
    char err[512];
    if (!rds[s]) rds[s] = rd_new_offscreen(sizes[s].w, sizes[s].h, 1.0f, err, sizeof err);
    cr_assert(rds[s], "%s", err);
    return rds[s];
}

static void rds_free(void)
{
    for (int s = 0; s < NSIZES; s++) {
        if (rds[s]) rd_free(rds[s]);
        rds[s] = NULL;
    }
}

/* One frame of a at size s, its text runs in R. */
static rd_ctx *draw(ui_app *a, int s)
{
    rd_ctx *rd = rd_for(s);
    R.n = 0;
    rd_set_text_observer(rd, keep_run, &R);
    ui_app_draw(a, rd);
    rd_end(rd);
    rd_set_text_observer(rd, NULL, NULL);
    return rd;
}

/* The side of the last frame that shows mode. */
static int side_of(const ui_app *a, enum rv_mode mode)
{
    for (int s = 0; s < a->nsessions && s < 2; s++)
        if (a->s[s].view.mode == mode) return s;
    cr_assert_fail("no side in that mode");
    return -1;
}

/* The text drawn in r, runs joined by spaces (a wrapped sentence reads whole across its lines), and
 * how many runs in r are a lone "…" (rd_text_fit's ellipsis). */
static int text_in(rd_rect r, char *out, size_t n)
{
    size_t l = 0;
    int cut = 0;
    out[0] = 0;
    for (int i = 0; i < R.n; i++) {
        if (!starts_in(R.v[i].r, r)) continue;
        if (!strcmp(R.v[i].text, "…")) cut++;
        if (l < n) l += (size_t)snprintf(out + l, n - l, "%s%s", l ? " " : "", R.v[i].text);
    }
    return cut;
}

/* (a) omap-stall compared: 3.6's tree says why FQS is overdue ("3.6 forces only from a tick's softirq or
 * call_rcu()": no idle entry, as omap-stall runs without RCU_FAST_NO_HZ) whole; it once ended "only f…" with
 * ~60 px of the tree box empty under rnp0. */
Test(text_room, the_36_trees_driver_text_shows_whole)
{
    static const int64_t at[] = {40000000000LL, 88000000000LL};
    for (int m = 0; m < 2; m++) {
        ui_app a;
        app_load(&a, "omap-stall.json", true);
        app_seek(&a, at[m]);
        for (int s = 0; s < NSIZES; s++) {
            draw(&a, s);
            rd_rect tree = a.L.side[side_of(&a, RV_MODE_SOFTIRQ)].tree;
            char buf[2048];
            int cut = text_in(tree, buf, sizeof buf);
            cr_expect_eq(cut, 0, "%dx%d at %.0f s: the 3.6 tree cut a text: %s", sizes[s].w, sizes[s].h, at[m] / 1e9, buf);
            cr_expect(strstr(buf, "only from a tick's softirq or call_rcu()"), "%dx%d at %.0f s: %s", sizes[s].w, sizes[s].h, at[m] / 1e9, buf);
        }
        ui_app_free(&a);
    }
    rds_free();
}

/* fast-no-hz compared at 1 s: "FQS credited: CPU 7 dti, CPU 6 dti, CPU 5 dti,…" over 44 px of the
 * tree box left empty. The credits wrap; every credit named shows. */
Test(text_room, the_trees_credits_wrap)
{
    ui_app a;
    app_load(&a, "fast-no-hz.json", true);
    app_seek(&a, 1000000000LL);
    for (int s = 0; s < NSIZES; s++) {
        draw(&a, s);
        for (int side = 0; side < 2; side++) {
            char buf[2048];
            int cut = text_in(a.L.side[side].tree, buf, sizeof buf);
            cr_expect(strstr(buf, "FQS credited: CPU"), "%dx%d side %d: no credits line: %s", sizes[s].w, sizes[s].h, side, buf);
            cr_expect_eq(cut, 0, "%dx%d side %d: the tree cut a text: %s", sizes[s].w, sizes[s].h, side, buf);
        }
    }
    ui_app_free(&a);
    rds_free();
}

/* Side side's tree subtitle in the last frame: the run right of its title "rcu_node tree". */
static void tree_subtitle(const ui_app *a, int side, char *out, size_t n)
{
    rd_rect tree = a->L.side[side].tree;
    int ty = -1;
    out[0] = 0;
    for (int i = 0; i < R.n; i++)
        if (starts_in(R.v[i].r, tree) && !strcmp(R.v[i].text, "rcu_node tree")) ty = R.v[i].r.y;
    cr_assert_geq(ty, 0, "no tree title");
    for (int i = 0; i < R.n; i++)
        if (starts_in(R.v[i].r, tree) && R.v[i].r.y == ty && strcmp(R.v[i].text, "rcu_node tree")) {
            snprintf(out, n, "%s", R.v[i].text);
            return;
        }
}

/* (d) omap-stall's 3.7 half flipped from frame to frame between "rcu_sched · g179 c179" and
 * "g179 c179 · idle": the form was measured with the phase of the moment ("waiting for QSs" is wider
 * than "idle"), and changed again as the GP numbers reached three digits (at 1280x720: "g19 c18 ·
 * waiting for QSs", then "rcu_sched · g108 c107"). One form for each side over the first 40 s (every 0.5 s), and
 * what it leaves out of the flavor and the phase the driver text says (a next FQS time says "waiting"). */
Test(text_room, the_trees_subtitle_keeps_its_form)
{
    ui_app a;
    app_load(&a, "omap-stall.json", true);
    /* per size and side (0: 3.6, 1: 3.7): frames whose subtitle names the flavor, the phase */
    int with_flavor[NSIZES][2] = {{0}}, with_phase[NSIZES][2] = {{0}}, frames = 0;
    char first[NSIZES][2][200], odd[NSIZES][2][200];
    memset(odd, 0, sizeof odd);
    for (int64_t t = 0; t <= 40000000000LL; t += 500000000LL, frames++) {
        app_seek(&a, t);
        for (int s = 0; s < NSIZES; s++) {
            draw(&a, s);
            for (int mode = 0; mode < 2; mode++) {
                int side = side_of(&a, mode ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ);
                char sub[200], all[2048];
                tree_subtitle(&a, side, sub, sizeof sub);
                text_in(a.L.side[side].tree, all, sizeof all);
                bool f = strstr(sub, "rcu_sched") != NULL;
                bool p = strstr(sub, " · idle") || strstr(sub, "waiting for QSs") || strstr(sub, " · init") || strstr(sub, " · cleanup");
                if (!frames) snprintf(first[s][mode], sizeof first[s][mode], "%s", sub);
                else if (!odd[s][mode][0] && (f != (with_flavor[s][mode] > 0) || p != (with_phase[s][mode] > 0)))
                    snprintf(odd[s][mode], sizeof odd[s][mode], "%.150s (%.2f s)", sub, t / 1e9);
                cr_expect(f || strstr(all, "rcu_sched"), "%dx%d at %.2f s: the flavor is nowhere in the tree: %s", sizes[s].w, sizes[s].h,
                          t / 1e9, all);
                cr_expect(p || strstr(all, "GP idle") || strstr(all, "waiting for QSs") || strstr(all, "GP init") || strstr(all, "initialising") ||
                              strstr(all, "GP cleanup") || strstr(all, "cleaning up") || strstr(all, "next timed FQS") || strstr(all, "FQS due") ||
                              strstr(all, "force QSs now") ||
                              strstr(all, "FQS overdue"),
                          "%dx%d at %.2f s: the phase is nowhere in the tree: %s", sizes[s].w, sizes[s].h, t / 1e9, all);
                with_flavor[s][mode] += f;
                with_phase[s][mode] += p;
            }
        }
    }
    for (int s = 0; s < NSIZES; s++)
        for (int mode = 0; mode < 2; mode++) {
            int nf = with_flavor[s][mode], np = with_phase[s][mode];
            cr_expect(nf == 0 || nf == frames, "%dx%d, %s: the flavor shows in %d of %d subtitles: \"%s\", then \"%s\"", sizes[s].w,
                      sizes[s].h, mode ? "3.7" : "3.6", nf, frames, first[s][mode], odd[s][mode]);
            cr_expect(np == 0 || np == frames, "%dx%d, %s: the phase shows in %d of %d subtitles: \"%s\", then \"%s\"", sizes[s].w,
                      sizes[s].h, mode ? "3.7" : "3.6", np, frames, first[s][mode], odd[s][mode]);
        }
    ui_app_free(&a);
    rds_free();
}

/* The tree panel alone, drawn at r in a's frame; its text runs in R and its nodes' and bits' hits
 * (relative to r's top) in hits. */
static int tree_alone(ui_app *a, rd_ctx *rd, const ui_view *v, rd_rect r, ui_hit *hits, int cap)
{
    R.n = 0;
    a->fr.nhits = 0;
    a->fr.ntips = 0;
    rd_begin(rd, a->fr.th->bg);
    rd_set_text_observer(rd, keep_run, &R);
    panel_tree_draw(&a->fr, r, v, &a->st);
    rd_set_text_observer(rd, NULL, NULL);
    int n = 0;
    for (int i = 0; i < a->fr.nhits && n < cap; i++) {
        const ui_hit *h = &a->fr.hits[i];
        if (h->kind != HIT_NODE && h->kind != HIT_NODE_BIT) continue;
        hits[n] = *h;
        hits[n].r.y -= r.y;
        n++;
    }
    return n;
}

static int cmp_str(const void *x, const void *y) { return strcmp(*(char *const *)x, *(char *const *)y); }

/* The texts of R, sorted (a legend at the panel's foot moves with its height; its words do not). */
static int sorted_texts(char **out, int cap)
{
    int n = 0;
    for (int i = 0; i < R.n && n < cap; i++) out[n++] = strdup(R.v[i].text);
    qsort(out, (size_t)n, sizeof *out, cmp_str);
    return n;
}

/* (e) panel_tree_height_needed() restated panel_tree_draw()'s header arithmetic: one view gives the
 * "Why" panel what the tree says it does not need, so the two must agree. Drawn at the height it
 * says it needs, the tree panel shows what it shows at the full height: the same nodes and bits in
 * the same places, the same words, nothing more cut. */
Test(text_room, the_tree_drawn_at_the_height_it_needs_shows_the_same)
{
    static const struct { const char *scenario; int64_t t; } at[] = {
        {"omap-stall.json", 6000000000LL},    {"omap-stall.json", 80007812501LL}, {"omap-stall.json", 88000000000LL},
        {"hackbench.json", 2000000000LL},     {"fast-no-hz.json", 1000000000LL},  {"big-machine.json", 1000000000LL},
        {"small-busy.json", 5040000000LL},    {"scaling.json", 2000000000LL},     {"offline-mid-gp.json", 1200000000LL},
    };
    static ui_hit full[4096], fit[4096];
    for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
        ui_app a;
        app_load(&a, at[k].scenario, false);
        app_seek(&a, at[k].t);
        for (int s = 0; s < NSIZES; s++) {
            rd_ctx *rd = draw(&a, s);
            const ui_view *v = &a.s[0].view;
            /* the tree's column under the CPUs, as the layout had it before giving the "Why" panel its share */
            rd_rect col = a.L.side[0].tree;
            if (a.L.why.x == col.x && a.L.why.y >= col.y) col.h = a.L.why.y + a.L.why.h - col.y;
            for (int have = col.h; have >= col.h / 2; have -= col.h / 4) {
                int need = panel_tree_height_needed(&a.fr, col.w, v, have);
                cr_expect_leq(need, have);
                rd_rect r_full = {col.x, col.y, col.w, have}, r_need = {col.x, col.y, col.w, need};
                int nf = tree_alone(&a, rd, v, r_full, full, 4096);
                char *tf[512], *tn[512];
                int ntf = sorted_texts(tf, 512);
                int nn = tree_alone(&a, rd, v, r_need, fit, 4096);
                int ntn = sorted_texts(tn, 512);
                char what[200];
                snprintf(what, sizeof what, "%s at %.3f s, %dx%d, %d px of %d", at[k].scenario, at[k].t / 1e9, sizes[s].w, sizes[s].h,
                         need, have);
                cr_expect_eq(nn, nf, "%s: %d nodes and bits drawn, %d at the full height", what, nn, nf);
                for (int i = 0; i < nn && i < nf; i++)
                    cr_expect(!memcmp(&fit[i].r, &full[i].r, sizeof fit[i].r), "%s: hit %d at %d,%d %dx%d, %d,%d %dx%d at the full height",
                              what, i, fit[i].r.x, fit[i].r.y, fit[i].r.w, fit[i].r.h, full[i].r.x, full[i].r.y, full[i].r.w, full[i].r.h);
                cr_expect_eq(ntn, ntf, "%s: %d text runs, %d at the full height", what, ntn, ntf);
                for (int i = 0; i < ntn && i < ntf; i++)
                    cr_expect_str_eq(tn[i], tf[i], "%s: \"%s\" where the full height drew \"%s\"", what, tn[i], tf[i]);
                for (int i = 0; i < ntf; i++) free(tf[i]);
                for (int i = 0; i < ntn; i++) free(tn[i]);
            }
        }
        ui_app_free(&a);
    }
    rds_free();
}

/* (b) big-machine compared: each CPUs header ended "4087 idle (4087 Z), 4086 owe …" and the heat map's
 * sentences "the next F…" and "CPU 0 (U), 3 (U), 5 (K),…", over a map of one-pixel cells and a legend
 * of tile badges the map does not draw. The header drops the Z count, the sentences wrap, the list
 * of running CPUs names what its lines hold and counts the rest. */
Test(text_room, big_machines_cpu_panels_show_their_sentences_whole)
{
    static const int64_t at[] = {500000000LL, 1000000000LL, 1500000000LL};
    for (int m = 0; m < 3; m++) {
        ui_app a;
        app_load(&a, "big-machine.json", true);
        app_seek(&a, at[m]);
        for (int s = 0; s < NSIZES; s++) {
            draw(&a, s);
            for (int side = 0; side < 2; side++) {
                char buf[4096];
                int cut = text_in(a.L.side[side].cpus, buf, sizeof buf);
                cr_expect_eq(cut, 0, "%dx%d at %.1f s, side %d: the CPUs panel cut a text: %s", sizes[s].w, sizes[s].h, at[m] / 1e9, side, buf);
                cr_expect(strstr(buf, " owe a QS") || strstr(buf, " owes a QS"), "no QS count in the header: %s", buf);
                cr_expect(strstr(buf, "the next FQS pass credits those") || strstr(buf, "none owes"), "%dx%d at %.1f s: %s", sizes[s].w,
                          sizes[s].h, at[m] / 1e9, buf);
            }
        }
        ui_app_free(&a);
    }
    rds_free();
}

/* The CPUs header's subtitle in the last frame: the run right of its title "CPUs". */
static void cpus_subtitle(const ui_app *a, int side, char *out, size_t n)
{
    rd_rect cpus = a->L.side[side].cpus;
    int ty = -1;
    out[0] = 0;
    for (int i = 0; i < R.n; i++)
        if (starts_in(R.v[i].r, cpus) && !strcmp(R.v[i].text, "CPUs") && ty < 0) ty = R.v[i].r.y;
    cr_assert_geq(ty, 0, "no CPUs title");
    for (int i = 0; i < R.n; i++)
        if (starts_in(R.v[i].r, cpus) && R.v[i].r.y == ty && strcmp(R.v[i].text, "CPUs")) {
            snprintf(out, n, "%s", R.v[i].text);
            return;
        }
}

/* big-machine compared at 2 s: 3.6's header read "4086 idle (4086 Z), 0 owe a QS" beside 3.7's "4086
 * idle, 4096 owe a QS": the form was chosen by the counts of the moment, so it changed with them, side
 * to side and frame to frame. Both sides, every frame: one form. */
Test(text_room, the_cpus_header_keeps_its_form)
{
    ui_app a;
    app_load(&a, "big-machine.json", true);
    for (int s = 0; s < NSIZES; s++) {
        int with_z = 0, seen = 0;
        char first[200] = "", odd[200] = "";
        for (int64_t t = 1800000000LL; t <= 2000000000LL; t += 100000000LL) {
            app_seek(&a, t);
            draw(&a, s);
            for (int side = 0; side < 2; side++) {
                char sub[200];
                cpus_subtitle(&a, side, sub, sizeof sub);
                bool z = strstr(sub, " Z)") || strstr(sub, "tick stopped");
                if (!seen) snprintf(first, sizeof first, "%s", sub);
                else if (!odd[0] && z != (with_z > 0)) snprintf(odd, sizeof odd, "%.150s (side %d, %.1f s)", sub, side, t / 1e9);
                with_z += z;
                seen++;
            }
        }
        cr_expect(with_z == 0 || with_z == seen, "%dx%d: %d of %d headers count the stopped ticks: \"%s\", then \"%s\"", sizes[s].w,
                  sizes[s].h, with_z, seen, first, odd);
    }
    ui_app_free(&a);
    rds_free();
}

/* (c) A stall warning naming tasks is longer than a compare half at 1280x720: the kernel log cut
 * "INFO: rcu_preempt detected stalls on CPUs/tasks: {} (detected by 0, t=6000" at its edge. Each
 * line now wraps under its own text; every word shows, inside the panel. */
Test(text_room, the_kernel_log_wraps_a_long_line)
{
    char path[] = "/tmp/rcuvis-klogwrap-XXXXXX.json";
    /* two tasks preempted in rcu_preempt readers for 70 s: a stall warning at 61 s under both designs */
    write_temp_json(path,
                    "{\"name\": \"klog-wrap\", \"cpus\": 4, \"hz\": 1000, \"seed\": 1, \"duration_s\": 62,\n"
                    " \"rcu\": {\"mode\": \"kthread\", \"flavors\": [\"rcu_sched\", \"rcu_preempt\"]},\n"
                    " \"workload\": [{\"task\": \"worker\", \"cpus\": \"all\", \"busy_frac\": 0.6, \"user_frac\": 0.6, \"busy_period_ms\": 20,\n"
                    "   \"ctxsw_per_s\": 2000, \"irqs_per_s\": 500, \"readers\": {\"rcu_preempt\": {\"rate_per_s\": 100, \"mean_us\": 4}},\n"
                    "   \"call_rcu_per_s\": {\"rcu_sched\": 20, \"rcu_preempt\": 20}}],\n"
                    " \"events\": [{\"at_s\": 1.0, \"kind\": \"preempt_reader\", \"cpu\": 3, \"duration_s\": 70},\n"
                    "            {\"at_s\": 1.0, \"kind\": \"preempt_reader\", \"cpu\": 1, \"duration_s\": 70}]}\n");
    ui_app a;
    app_load(&a, path, true);
    unlink(path);
    app_seek(&a, 61500000000LL);
    for (int s = 0; s < NSIZES; s++) {
        draw(&a, s);
        for (int side = 0; side < 2; side++) {
            rd_rect k = a.L.side[side].klog;
            char buf[2048];
            text_in(k, buf, sizeof buf);
            cr_expect(strstr(buf, "detected stalls on CPUs/tasks:"), "%dx%d side %d: no stall warning: %s", sizes[s].w, sizes[s].h, side, buf);
            cr_expect(strstr(buf, "jiffies)"), "%dx%d side %d: the warning's end is missing: %s", sizes[s].w, sizes[s].h, side, buf);
            for (int i = 0; i < R.n; i++)
                if (starts_in(R.v[i].r, k))
                    cr_expect(inside(R.v[i].r, k), "%dx%d side %d: \"%s\" runs past the log's edge", sizes[s].w, sizes[s].h, side, R.v[i].text);
        }
    }
    ui_app_free(&a);
    rds_free();
}

/* A student read hackbench at 1280x720 in presentation mode as "CPU 0 hackb…", "CPU 14 swap…",
 * "dynticks 2982 (…" on the tiles, and the window's "whole GP of rcu_sched · click a CPU o…" over
 * "Why is it waiting?", and a compared tree's "FQS credited: CPU 8 dti, CPU 12 dti, CPU 7 dti…". The
 * tiles head with the number alone when "CPU N" would cut the task, a long counter drops " (idle)" (the
 * letter says it), the Why title takes a shorter form and the credits name whole ones: nothing there
 * ends in "…", presenting or not, single or compared, at any size, at the cue's moment and later. */
Test(text_room, tiles_and_the_why_title_show_whole)
{
    for (int compare = 0; compare < 2; compare++) {
        ui_app a;
        app_load(&a, "hackbench.json", compare);
        for (int present = 0; present < 2; present++) {
            a.st.presenting = present;
            for (int64_t t = 300000001LL; t <= 1300000001LL; t += 1000000000LL) {
                app_seek(&a, t);
                for (int s = 0; s < NSIZES; s++) {
                    draw(&a, s);
                    char buf[8192];
                    for (int side = 0; side < a.L.nsides; side++) {
                        int cut = text_in(a.L.side[side].cpus, buf, sizeof buf);
                        cr_expect_eq(cut, 0, "%dx%d%s%s at %.1f s, side %d: the CPU tiles cut a text: %s", sizes[s].w, sizes[s].h,
                                     compare ? " compared" : "", present ? " presenting" : "", t / 1e9, side, buf);
                        /* the tree's credits: whole ones, then ", …" ("CPU 12 dti, CPU 7 dti…" in a compare half) */
                        cut = text_in(a.L.side[side].tree, buf, sizeof buf);
                        cr_expect_eq(cut, 0, "%dx%d%s%s at %.1f s, side %d: the tree cut a text: %s", sizes[s].w, sizes[s].h,
                                     compare ? " compared" : "", present ? " presenting" : "", t / 1e9, side, buf);
                    }
                    if (compare) continue;
                    int cut = text_in(a.L.why, buf, sizeof buf);
                    cr_expect_eq(cut, 0, "%dx%d%s at %.1f s: the Why panel cut a text: %.300s", sizes[s].w, sizes[s].h,
                                 present ? " presenting" : "", t / 1e9, buf);
                    if (!present) cr_expect(strstr(buf, "click a CPU"), "%dx%d: the Why title lost its hint: %.200s", sizes[s].w, sizes[s].h, buf);
                }
            }
        }
        ui_app_free(&a);
    }
    rds_free();
}

/* panel_wrap_cue() with one line of room for a longer text: that line is the text's first words, cut,
 * with the "more" cue beside them; it was the cue alone, and a compare half in a laptop's browser
 * showed "▼ 4 more lines (scroll)" and not a word of the answer. */
Test(text_room, one_line_of_room_shows_the_first_words_and_the_cue)
{
    char err[256];
    rd_ctx *rd = rd_new_offscreen(400, 100, 1.0f, err, sizeof err);
    cr_assert_not_null(rd, "%s", err);
    ui_frame fr = {.rd = rd, .th = ui_theme_get(UI_THEME_LIGHT)};
    R.n = 0;
    rd_set_text_observer(rd, keep_run, &R);
    rd_begin(rd, fr.th->bg);
    int lh = rd_line_height(rd, RD_SANS);
    const char *text = "CPU 0 is dyntick-idle with its tick stopped. Idle is a quiescent state, but a tickless CPU never "
                       "reports it: an FQS pass must read its counter and credit it.";
    int total = panel_wrap_cue(&fr, RD_SANS, (rd_rect){0, 0, 220, lh}, fr.th->text, text, 0, true);
    rd_end(rd);
    rd_set_text_observer(rd, NULL, NULL);
    ui_frame_free(&fr);
    rd_free(rd);
    cr_assert_gt(total, 2, "the text wraps to several lines at 220 px");
    bool words = false, cue = false;
    for (int i = 0; i < R.n; i++) {
        words |= !strncmp(R.v[i].text, "CPU 0 is", 8);
        cue |= strstr(R.v[i].text, "more") != NULL && R.v[i].r.y < lh;
    }
    cr_expect(words, "the first words of the text");
    cr_expect(cue, "the \"more\" cue on the same line");
}

/* (f) hackbench at 0.3 s (cue 1): CPU 14's idle-entry drain has just set RCU_GP_FLAG_FQS and woken the
 * 3.7 kthread, which forces quiescent states as soon as it runs (a wake-up latency later). The driver
 * line said "woken by CPU 14 · next FQS in 2 jiffies", a countdown to a timeout that no longer times
 * the next pass (a maintainer's review of the lecture pictures). */
Test(text_room, a_kthread_woken_to_force_says_so)
{
    ui_app a;
    app_load(&a, "hackbench.json", false);
    app_seek(&a, 300000001LL); /* as the cue shows its moment: 1 ns past it */
    for (int s = 0; s < NSIZES; s++) {
        draw(&a, s);
        char buf[2048];
        text_in(a.L.side[0].tree, buf, sizeof buf);
        cr_expect(strstr(buf, "woken by CPU 14 to force QSs now"), "%dx%d: %s", sizes[s].w, sizes[s].h, buf);
        cr_expect_null(strstr(buf, "FQS in"), "%dx%d: a countdown beside a pass that runs now: %s", sizes[s].w, sizes[s].h, buf);
    }
    ui_app_free(&a);
    rds_free();
}

/* omap-stall's cue 5 compares the two trees "with the credited CPU's cell outlined in yellow"; in a
 * 1280x633 browser page (a 1280x607 canvas) each half's tree was a box of words ("2 CPUs still owe a
 * QS") under its driver line. Drawn with fewer text lines, it keeps its cells: the CPUs' numbers (or
 * the 3.7 side's credited "d") in the tree. */
Test(text_room, a_small_compare_tree_keeps_its_cells)
{
    ui_app a;
    app_load(&a, "omap-stall.json", true);
    char err[512];
    cr_assert_eq(ui_app_goto_cue(&a, 4, err, sizeof err), 0, "%s", err);
    rd_ctx *rd = rd_new_offscreen(1280, 607, 1.0f, err, sizeof err); /* the page's canvas: 633 less its bar */
    cr_assert(rd, "%s", err);
    R.n = 0;
    rd_set_text_observer(rd, keep_run, &R);
    ui_app_draw(&a, rd);
    rd_end(rd);
    rd_set_text_observer(rd, NULL, NULL);
    for (int side = 0; side < 2; side++) {
        char buf[2048];
        text_in(a.L.side[side].tree, buf, sizeof buf);
        cr_expect_null(strstr(buf, "still owe"), "side %d: a box of words, no cells: %s", side, buf);
        cr_expect(strstr(buf, " 0 1") || strstr(buf, " 0 d"), "side %d: no numbered cells: %s", side, buf);
    }
    rd_free(rd);
    ui_app_free(&a);
}

/* V on omap-stall's kernel log wrapped its stall line as "... (t=9660" over "jiffies)": a log line's
 * short parenthesis wraps whole, at every width that splits the line there. */
Test(text_room, a_log_lines_parenthesis_wraps_whole)
{
    rd_ctx *rd = rd_for(1);
    ui_frame fr = {.rd = rd, .th = ui_theme_get(UI_THEME_LIGHT)};
    const char *line = "INFO: rcu_sched self-detected stall on CPU { 0}  (t=9660 jiffies)";
    char head[128];
    snprintf(head, sizeof head, "%.*s", (int)(strstr(line, " jiffies") - line), line);
    int w = rd_text_width(rd, RD_MONO_SMALL, head) + 2; /* "... (t=9660" fits, " jiffies)" does not */
    R.n = 0;
    rd_set_text_observer(rd, keep_run, &R);
    rd_begin(rd, fr.th->bg);
    panel_wrap_fit(&fr, RD_MONO_SMALL, (rd_rect){0, 0, w, 400}, fr.th->text, line);
    rd_end(rd);
    rd_set_text_observer(rd, NULL, NULL);
    ui_frame_free(&fr);
    bool whole = false;
    for (int i = 0; i < R.n; i++) {
        cr_expect(strcmp(R.v[i].text, "jiffies)"), "split inside the parenthesis: \"%s\"", R.v[i].text);
        whole |= strstr(R.v[i].text, "(t=9660 jiffies)") != NULL;
    }
    cr_expect(whole, "the parenthesis on one line");
    rds_free();
}
