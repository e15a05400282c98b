/* test_export.c — exported pictures: F12 never overwrites and leaves overlays out; the SVG backend records
 * exactly what the raster backend draws; clean slides carry no controls; one panel fills the picture;
 * a clip's caption text keeps one size. */
#include <criterion/criterion.h>

#include "export/export.h"
#include "panels/panels.h"
#include "render/svg.h"
#include "report/csv.h"
#include "view/layout_export.h"
#include "window/window.h"
#include "window_fixture.h"

#include <SDL_image.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[64];

static void setup(void)
{
    window_fixture_open(dir, "export", 960, 600, true);
    ui_app_seek(&W->app, 2000000000LL);
    ui_app_refresh_reports(&W->app, 0, 0);
}

static void teardown(void) { window_fixture_close(dir); }

static int count_pngs(char names[][256], int max)
{
    DIR *d = opendir(dir);
    cr_assert(d);
    int n = 0;
    struct dirent *de;
    while ((de = readdir(d)))
        if (strstr(de->d_name, ".png") && n < max) snprintf(names[n++], 256, "%s", de->d_name);
    closedir(d);
    return n;
}

TestSuite(export, .init = setup, .fini = teardown);

/* A shipped scenario in the fixture's app, compared or not. */
static void load_shipped(const char *name, bool compare)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[600], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/%s.json", root, name);
    ui_app_free(&W->app);
    ui_app_init(&W->app);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
    if (compare) cr_assert_eq(ui_app_set_compare(&W->app, true, err, sizeof err), 0, "%s", err);
}


Test(export, f12_twice_in_the_same_instant_keeps_both_pictures)
{
    ui_app_draw(&W->app, W->rd);
    press(SDLK_F12);
    char first[600];
    snprintf(first, sizeof first, "%s", W->app.st.status);
    cr_assert(strstr(first, "Picture saved"), "status: %s", first);
    press(SDLK_F12);
    cr_assert(strstr(W->app.st.status, "Picture saved"), "status: %s", W->app.st.status);
    cr_assert_str_neq(first, W->app.st.status, "the second F12 must name a new file");
    char names[8][256];
    int n = count_pngs(names, 8);
    cr_assert_eq(n, 2, "two F12 in one simulated instant must leave two files, found %d", n);
    /* the names carry scenario, mode, flavor and time; the second one a counter */
    cr_assert(strstr(first, "-softirq-rcu_sched-t2.000s.png") || strstr(first, "-kthread-rcu_sched-t2.000s.png"), "%s", first);
    cr_assert(strstr(W->app.st.status, "-t2.000s-2.png"), "%s", W->app.st.status);
}

/* Rows of two ARGB8888 pictures whose colours differ; alpha is left out, as the saved file is opaque RGB. */
static long rows_differ_in_colour(const SDL_Surface *a, const SDL_Surface *b)
{
    long rows = 0;
    for (int y = 0; y < b->h; y++) {
        const uint32_t *pa = (const uint32_t *)((const char *)a->pixels + y * a->pitch);
        const uint32_t *pb = (const uint32_t *)((const char *)b->pixels + y * b->pitch);
        int x = 0;
        while (x < b->w && ((pa[x] ^ pb[x]) & 0x00ffffffu) == 0) x++;
        rows += x < b->w;
    }
    return rows;
}

/* The pointer resting over a term put its glossary box into the "without overlays" picture. */
Test(export, f12_leaves_out_the_hover_tip)
{
    ui_app_draw(&W->app, W->rd);
    rd_end(W->rd);
    SDL_Surface *ref = SDL_ConvertSurfaceFormat(rd_surface(W->rd), SDL_PIXELFORMAT_ARGB8888, 0);
    cr_assert_gt(W->app.fr.ntips, 0, "the frame has hover tips");
    rd_rect r = W->app.fr.tips[0].r;
    W->app.fr.mouse_x = r.x + r.w / 2;
    W->app.fr.mouse_y = r.y + r.h / 2;
    ui_app_draw(&W->app, W->rd);
    rd_end(W->rd);
    cr_assert_gt(rows_differ_in_colour(rd_surface(W->rd), ref), 0, "the tip shows in the window");
    press(SDLK_F12);
    char names[8][256], path[400];
    cr_assert_eq(count_pngs(names, 8), 1);
    snprintf(path, sizeof path, "%s/%s", dir, names[0]);
    SDL_Surface *saved = IMG_Load(path);
    cr_assert(saved, "%s", IMG_GetError());
    SDL_Surface *savedc = SDL_ConvertSurfaceFormat(saved, SDL_PIXELFORMAT_ARGB8888, 0);
    cr_expect_eq(rows_differ_in_colour(savedc, ref), 0, "the saved picture has the tip");
    cr_expect_eq(W->app.fr.mouse_x, r.x + r.w / 2, "the pointer is kept for the window");
    SDL_FreeSurface(savedc);
    SDL_FreeSurface(saved);
    SDL_FreeSurface(ref);
}

Test(export, f12_leaves_out_help_and_status)
{
    /* what F12 saves must equal the picture drawn with no overlay and no status line */
    W->app.st.show_help = true;
    snprintf(W->app.st.status, sizeof W->app.st.status, "an old status message");
    press(SDLK_F12);
    cr_assert(W->app.st.show_help, "F12 must not close the help");
    char names[8][256];
    cr_assert_eq(count_pngs(names, 8), 1);
    char path[400];
    snprintf(path, sizeof path, "%s/%s", dir, names[0]);
    SDL_Surface *saved = IMG_Load(path);
    cr_assert(saved, "%s", IMG_GetError());
    SDL_Surface *savedc = SDL_ConvertSurfaceFormat(saved, SDL_PIXELFORMAT_ARGB8888, 0);
    W->app.st.show_help = false;
    W->app.st.status[0] = 0;
    ui_app_draw(&W->app, W->rd);
    rd_end(W->rd);
    SDL_Surface *ref = rd_surface(W->rd);
    cr_assert_eq(savedc->w, ref->w);
    cr_assert_eq(savedc->h, ref->h);
    long diff = rows_differ_in_colour(savedc, ref);
    cr_assert_eq(diff, 0, "%ld rows differ from the overlay-free picture", diff);
    /* and the help overlay really changes the picture, so the comparison above means something */
    W->app.st.show_help = true;
    ui_app_draw(&W->app, W->rd);
    rd_end(W->rd);
    diff = rows_differ_in_colour(savedc, ref);
    cr_assert_gt(diff, 10);
    SDL_FreeSurface(savedc);
    SDL_FreeSurface(saved);
}

/* Draw with look into a fresh 1280x720 context, with or without an SVG recorder. */
static char *draw_svg(const ex_look *look, long *runs, long *fills)
{
    char err[256];
    rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    rd_svg *svg = rd_svg_new(1280, 720);
    rd_svg_attach(rd, svg);
    ex_draw(&W->app, rd, look);
    rd_end(rd);
    *runs = rd_drawn_text_runs(rd);
    *fills = rd_drawn_fills(rd);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert_eq(rd_svg_write(svg, f), 0);
    fclose(f);
    rd_svg_free(svg);
    rd_free(rd);
    return buf;
}

static long count(const char *s, const char *needle)
{
    long n = 0;
    for (const char *p = s; (p = strstr(p, needle)); p += strlen(needle)) n++;
    return n;
}

/* The concatenated text of every <text> element, unescaped enough for searching. */
static void texts_of(const char *svg, char *out, size_t n)
{
    size_t k = 0;
    for (const char *p = svg; (p = strstr(p, "<text ")); ) {
        p = strchr(p, '>') + 1;
        const char *e = strstr(p, "</text>");
        cr_assert(e, "unterminated <text>");
        for (; p < e && k + 2 < n; p++) out[k++] = *p;
        out[k++] = '\n';
    }
    out[k] = 0;
}

Test(export, svg_records_every_text_run_and_fill_the_raster_draws)
{
    ex_look look = {.clean = false, .panel = -1};
    long runs, fills;
    char *svg = draw_svg(&look, &runs, &fills);
    cr_assert_gt(runs, 50);
    cr_assert_eq(count(svg, "<text "), runs, "SVG <text> elements %ld vs raster text runs %ld", count(svg, "<text "), runs);
    cr_assert_eq(count(svg, "</text>"), runs);
    /* every fill is a <rect>; the grid and the background add rects of their own, never fewer */
    cr_assert_geq(count(svg, "<rect "), fills);
    cr_assert_eq(count(svg, "<g "), count(svg, "</g>"), "clip groups balanced");
    /* the raster-only draw measures the same (attaching the recorder changes nothing drawn) */
    char err[256];
    rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
    ex_draw(&W->app, rd, &look);
    rd_end(rd);
    cr_assert_eq(rd_drawn_text_runs(rd), runs);
    cr_assert_eq(rd_drawn_fills(rd), fills);
    rd_free(rd);
    /* DejaVu first, then a generic family for a viewer without it (never DejaVu alone) */
    cr_assert(strstr(svg, "font-family=\"DejaVu Sans, sans-serif\""));
    cr_assert_null(strstr(svg, "font-family=\"DejaVu Sans\""));
    cr_assert_null(strstr(svg, "font-family=\"DejaVu Sans Mono\""));
    /* spaces inside a run are layout (klog timestamps, aligned columns): rsvg-convert ignores the
     * CSS white-space rule, so the root must say xml:space="preserve" for every renderer */
    const char *root = strstr(svg, "<svg ");
    cr_assert(root);
    const char *root_end = strchr(root, '>');
    const char *pres = strstr(root, "xml:space=\"preserve\"");
    cr_assert(pres && pres < root_end, "the <svg> root lacks xml:space=\"preserve\": %.200s", root);
    free(svg);
}

Test(export, clean_slide_has_no_controls_or_hints)
{
    W->app.st.sel_cpu = 0; /* a selection adds the inject buttons to the why panel */
    long runs, fills;
    char text[200000];
    ex_look full = {.clean = false, .panel = -1};
    char *svg = draw_svg(&full, &runs, &fills);
    texts_of(svg, text, sizeof text);
    free(svg);
    /* the window's picture has them (so the test below can fail) */
    cr_assert(strstr(text, "Compare") && strstr(text, "force QS (FQS)") && strstr(text, "L long reader") && strstr(text, "wheel zooms"), "%s", text);
    ex_look clean = {.clean = true, .panel = -1};
    svg = draw_svg(&clean, &runs, &fills);
    texts_of(svg, text, sizeof text);
    free(svg);
    const char *controls[] = {"▶ play", "Compare", "Open", "force QS (FQS)", "L long reader", "wheel", "(scroll)", "hover a leaf",
                              "click a CPU or a qsmask", "1 s = "};
    for (size_t i = 0; i < sizeof controls / sizeof *controls; i++)
        cr_assert_null(strstr(text, controls[i]), "a clean slide shows \"%s\":\n%s", controls[i], text);
    cr_assert(strstr(text, "rcu_node tree") && strstr(text, "CPU time"), "the panels are still there");
    cr_assert_eq(W->app.st.clean, false, "the window's state is left as it was");
}

Test(export, a_clip_cue_bar_covers_neither_caption_nor_panels)
{
    /* --cues burns a bar into each frame: a slide leaves the bottom strip free for it, the window's
     * picture gives it the control bar on top (a clip cannot use the controls) */
    char err[256];
    rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    int bar = ex_cue_bar_height(rd);
    ex_look clean = {.clean = true, .panel = -1, .caption = 1, .cues = true};
    ex_draw(&W->app, rd, &clean);
    const ui_layout *L = &W->app.L;
    cr_assert_gt(L->caption.h, 0, "the slide has its caption strip");
    cr_assert_leq(L->caption.y + L->caption.h, 720 - bar, "the caption strip runs under the cue bar (ends at %d, bar from %d)",
                  L->caption.y + L->caption.h, 720 - bar);
    for (int i = 0; i < L->nsides; i++)
        cr_assert_leq(L->side[i].klog.y + L->side[i].klog.h, 720 - bar, "side %d's lowest panel runs under the cue bar", i);
    /* the window's picture: the caption's rows are the same with and without the bar, the top row is not */
    ex_look plain = {.clean = false, .panel = -1}, window = {.clean = false, .panel = -1, .cues = true};
    ex_draw(&W->app, rd, &plain);
    rd_end(rd);
    SDL_Surface *sf = rd_surface(rd);
    int ycap = L->caption.h > 0 ? L->caption.y + L->caption.h / 2 : 720 - 2, ytop = 2;
    size_t row = (size_t)sf->w * 4;
    uint8_t *cap0 = malloc(row), *top0 = malloc(row);
    memcpy(cap0, (uint8_t *)sf->pixels + ycap * sf->pitch, row);
    memcpy(top0, (uint8_t *)sf->pixels + ytop * sf->pitch, row);
    ex_draw(&W->app, rd, &window);
    rd_end(rd);
    cr_assert_eq(memcmp(cap0, (uint8_t *)sf->pixels + ycap * sf->pitch, row), 0, "the cue bar covers the window's row %d", ycap);
    cr_assert_neq(memcmp(top0, (uint8_t *)sf->pixels + ytop * sf->pitch, row), 0, "no cue bar over the control bar");
    free(cap0);
    free(top0);
    rd_free(rd);
}

Test(export, slide_captions_drop_only_the_sentences_that_ask_for_a_key)
{
    char buf[512];
    /* omap-stall's caption at the wake-up: the last sentence asks for M or X; "3.7's" is no sentence end */
    const char *omap = "An interrupt woke CPU 0. It was a false alarm. Press M for 3.7's kthread mode or X for the fix: no warning.";
    cr_assert_str_eq(panel_slide_text(omap, buf, sizeof buf), "An interrupt woke CPU 0. It was a false alarm.");
    /* in the middle too, and every kind of instruction */
    cr_assert_str_eq(panel_slide_text("One. Click a CPU. Two? Hover a leaf! Three.", buf, sizeof buf), "One. Two? Three.");
    /* asking to stop, step or select, which a still cannot do (fast-no-hz's and hackbench's captions);
     * what stopping would show, after a colon, stays (the colon in "3.7: ..." of a kept sentence too) */
    cr_assert_str_eq(panel_slide_text("Stop while it is young and ask 'Why is it waiting?' about a CPU: one in its holdoff waits. "
                                      "Step event by event (the ▶| button). Select CPU 2. In 3.7: idle CPUs cost more.", buf, sizeof buf),
                     "One in its holdoff waits. In 3.7: idle CPUs cost more.");
    /* nothing after the colon: the sentence goes; a kernel name after it keeps its spelling */
    cr_assert_str_eq(panel_slide_text("One. Stop here: ", buf, sizeof buf), "One.");
    cr_assert_str_eq(panel_slide_text("Step through: rcu_sched's kthread wakes. Stop there: qsmask empties.", buf, sizeof buf),
                     "rcu_sched's kthread wakes. qsmask empties.");
    /* asides that speak to the window's user go too, with the space before them; others stay */
    cr_assert_str_eq(panel_slide_text("It waits (press C), then ends (cue 3). Fine (a real aside (nested)).", buf, sizeof buf),
                     "It waits, then ends. Fine (a real aside (nested)).");
    /* nothing to drop: the same text (not a copy), also for a "press" that is not an instruction */
    const char *keep = "The kernel does not press on: 3.6 waits for the tick. Pressure builds.";
    cr_assert_eq(panel_slide_text(keep, buf, sizeof buf), keep);
    cr_assert_null(panel_slide_text(NULL, buf, sizeof buf));
    /* a buffer too small for the rest keeps the whole text rather than cutting it */
    char tiny[8];
    cr_assert_eq(panel_slide_text(omap, tiny, sizeof tiny), omap);
}

/* Compared, a caption's "(press C)" asks for what is on screen (small-busy's "Compared (press C), ..."
 * read so while compared), as "Press M ..." does; other asides for the window stay there. */
Test(export, compare_text_drops_what_compare_mode_already_did)
{
    char buf[512];
    cr_assert_str_eq(panel_compare_text("Compared (press C), 3.7 moves it. Press M for 3.7.", buf, sizeof buf), "Compared, 3.7 moves it.");
    const char *keep = "It waits (press X for the fix), then ends (cue 3).";
    cr_assert_eq(panel_compare_text(keep, buf, sizeof buf), keep);
}

Test(export, one_panel_fills_the_picture)
{
    long runs, fills;
    char text[200000];
    ex_look tree = {.clean = false, .panel = UI_PANEL_TREE};
    char *svg = draw_svg(&tree, &runs, &fills);
    texts_of(svg, text, sizeof text);
    free(svg);
    cr_assert(strstr(text, "rcu_node tree"));
    cr_assert_null(strstr(text, "Kernel log"));
    cr_assert_null(strstr(text, "CPU time"));
    cr_assert_null(strstr(text, "Timeline"));
    /* laid out for the size: the panel's frame spans (almost) the whole picture */
    char err[256];
    rd_ctx *rd = rd_new_offscreen(960, 540, 1.0f, err, sizeof err);
    ui_layout L;
    ui_layout_single(&L, rd, 960, 540, &W->app.st, UI_PANEL_TREE, 0);
    cr_assert_gt(L.side[0].tree.w, 900);
    cr_assert_gt(L.side[0].tree.h, 500);
    cr_assert_eq(L.side[0].cpus.w, 0);
    /* compare's kernel logs one above the other, each the whole width (side by side, omap-stall's stall
     * line stayed small in half the width of a slide); other panels side by side */
    bool was = W->app.st.compare;
    W->app.st.compare = true;
    ui_layout_single(&L, rd, 960, 540, &W->app.st, UI_PANEL_KLOG, 0);
    cr_expect_gt(L.side[0].klog.w, 900);
    cr_expect_gt(L.side[1].klog.w, 900);
    cr_expect_gt(L.side[1].klog.y, L.side[0].klog.y + L.side[0].klog.h - 1, "3.7's log below 3.6's");
    ui_layout_single(&L, rd, 960, 540, &W->app.st, UI_PANEL_TREE, 0);
    cr_expect_lt(L.side[0].tree.w, 480);
    cr_expect_eq(L.side[1].tree.y, L.side[0].tree.y, "trees side by side");
    W->app.st.compare = was;
    rd_free(rd);
    cr_assert_eq(ui_panel_from_name("accounting"), UI_PANEL_ACCT);
    cr_assert_eq(ui_panel_from_name("nope"), -1);
}

/* Where a text run was drawn, to check that a fitted panel's longest line is whole and big. */
typedef struct run_seen { const char *want; int x, w, h, found; } run_seen;
static void watch_run(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    (void)y;
    run_seen *rs = ctx;
    size_t n = end ? (size_t)(end - s) : strlen(s);
    size_t wl = strlen(rs->want);
    if (n >= wl && !strncmp(s, rs->want, wl)) { rs->x = x; rs->w = w; rs->h = h; rs->found++; }
}

/* The CPU time panel alone, hackbench: its top list (16 ksoftirqd/N rows and more) filled the picture
 * at scale 1, and each row a larger text pushed out failed the fit, so a speaker's 1280x720 slide had
 * 11-px text and a fifth of it empty. Now the rows past the first RCU thread may go: the text grows,
 * and the rows the panel must keep are still drawn whole (the in-all row, rcu_sched's cost line, the
 * rcu_sched thread). */
Test(export, a_cpu_time_panel_grows_past_its_long_top_list)
{
    char err[4096];
    load_shipped("hackbench", false);
    ui_app_seek(&W->app, 5000000000LL);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    ui_app_refresh_reports(&W->app, 0, 0);
    rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ex_look acct = {.panel = UI_PANEL_ACCT, .klog = -1, .caption = -1};
    float k = ex_fit_panel_scale(&W->app, rd, &acct);
    cr_expect_geq(k, 1.5f, "the CPU time panel alone at 1280x720 got text scale %.2f", k);
    cr_expect_not(W->app.st.top_essentials, "the fit leaves the top list whole for the picture");
    static const char *const keep[] = {"in all: GP, QS and callback work", "cost ", "rcu_sched", "own "};
    for (size_t i = 0; i < sizeof keep / sizeof *keep; i++) {
        run_seen rs = {.want = keep[i]};
        rd_set_text_observer(rd, watch_run, &rs);
        rd_text_stats_reset(rd);
        ex_draw(&W->app, rd, &acct);
        rd_end(rd);
        rd_set_text_observer(rd, NULL, NULL);
        cr_expect_geq(rs.found, 1, "at %.2f the panel has no \"%s\"", k, keep[i]);
        rd_text_stats ts;
        rd_text_stats_get(rd, &ts);
        cr_expect_eq(ts.clipped, 0, "at %.2f text cut: %s", k, ts.nsamples ? ts.samples[0] : "");
    }
    rd_free(rd);
}

Test(export, one_panel_text_grows_to_fill_the_picture)
{
    /* omap-stall's kernel log at 80.5 s holds one line: at scale 1 it was an 11-px line in an empty
     * 960x540 picture; fitted, the line is drawn whole, at least 1.5 times as tall, and fills most
     * of the width */
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[600], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/omap-stall.json", root);
    ui_app_free(&W->app);
    ui_app_init(&W->app);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
    ui_app_seek(&W->app, 80500000000LL);
    ui_app_refresh_reports(&W->app, 0, 0);
    static const struct { int w, h; } sizes[] = {{960, 540}, {1280, 720}, {1600, 900}};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        rd_ctx *rd = rd_new_offscreen(sizes[i].w, sizes[i].h, 1.0f, err, sizeof err);
        cr_assert(rd, "%s", err);
        ex_look klog = {.panel = UI_PANEL_KLOG, .klog = -1, .caption = -1};
        run_seen rs = {.want = "INFO: rcu_sched self-detected stall"};
        rd_set_text_observer(rd, watch_run, &rs);
        ex_draw(&W->app, rd, &klog);
        rd_end(rd);
        int h1 = rs.h;
        cr_assert_eq(rs.found, 1, "the stall line is drawn at scale 1 (%d times)", rs.found);
        float k = ex_fit_panel_scale(&W->app, rd, &klog);
        cr_assert_geq(k, 1.5f, "%dx%d: a one-line kernel log got text scale %.2f", sizes[i].w, sizes[i].h, k);
        cr_assert_leq(k, ex_panel_scale_limit(sizes[i].w, sizes[i].h));
        rs.found = 0;
        rd_set_text_observer(rd, watch_run, &rs); /* the fit watched the text with its own observer */
        rd_text_stats_reset(rd);
        ex_draw(&W->app, rd, &klog);
        rd_end(rd);
        rd_text_stats ts;
        rd_text_stats_get(rd, &ts);
        cr_assert_eq(ts.clipped + ts.shortened, 0, "%dx%d at %.2f: text cut: %s", sizes[i].w, sizes[i].h, k, ts.nsamples ? ts.samples[0] : "");
        cr_assert_eq(rs.found, 1);
        rd_set_text_observer(rd, NULL, NULL);
        cr_assert_geq(rs.h, h1 * 3 / 2, "%dx%d: the line is %d px tall, %d at scale 1", sizes[i].w, sizes[i].h, rs.h, h1);
        cr_assert_leq(rs.x + rs.w, sizes[i].w, "the line runs off the picture");
        cr_assert_gt(rs.x + rs.w, sizes[i].w * 6 / 10, "%dx%d: the line ends at x=%d", sizes[i].w, sizes[i].h, rs.x + rs.w);
        /* every panel: the fitted picture cuts no more text than scale 1 did (omap cuts none) */
        for (int p = 0; p < UI_NPANELS; p++) {
            ex_look one = {.panel = p, .klog = -1, .caption = -1};
            float kp = ex_fit_panel_scale(&W->app, rd, &one);
            rd_text_stats_reset(rd);
            ex_draw(&W->app, rd, &one);
            rd_end(rd);
            rd_text_stats_get(rd, &ts);
            cr_assert_eq(ts.clipped, 0, "panel %d at %dx%d, scale %.2f: %d runs clipped (%s)", p, sizes[i].w, sizes[i].h, kp, ts.clipped,
                         ts.nsamples ? ts.samples[0] : "");
            if (p == UI_PANEL_TREE || p == UI_PANEL_TIMELINE || p == UI_PANEL_CAPTION)
                cr_assert_geq(kp, 1.5f, "panel %d at %dx%d stayed at scale %.2f", p, sizes[i].w, sizes[i].h, kp);
        }
        rd_free(rd);
    }
    /* hackbench (16 busy CPUs, long thread list) at 5 s: no panel cuts text either */
    snprintf(path, sizeof path, "%s/scenarios/hackbench.json", root);
    ui_app_free(&W->app);
    ui_app_init(&W->app);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
    ui_app_seek(&W->app, 5000000000LL);
    ui_app_refresh_reports(&W->app, 0, 0);
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        rd_ctx *rd = rd_new_offscreen(sizes[i].w, sizes[i].h, 1.0f, err, sizeof err);
        cr_assert(rd, "%s", err);
        for (int p = 0; p < UI_NPANELS; p++) {
            ex_look one = {.panel = p, .klog = -1, .caption = -1};
            float kp = ex_fit_panel_scale(&W->app, rd, &one);
            rd_text_stats ts;
            rd_text_stats_reset(rd);
            ex_draw(&W->app, rd, &one);
            rd_end(rd);
            rd_text_stats_get(rd, &ts);
            cr_assert_eq(ts.clipped, 0, "hackbench panel %d at %dx%d, scale %.2f: %d runs clipped (%s)", p, sizes[i].w, sizes[i].h, kp,
                         ts.clipped, ts.nsamples ? ts.samples[0] : "");
        }
        rd_free(rd);
    }
}

/* Counts runs that hold a phrase (the observer sees each text run as drawn). */
typedef struct phrase_seen { const char *want; int found; } phrase_seen;
static void watch_phrase(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    (void)x; (void)y; (void)w; (void)h;
    phrase_seen *ps = ctx;
    char t[600];
    size_t n = end ? (size_t)(end - s) : strlen(s);
    snprintf(t, sizeof t, "%.*s", (int)(n < sizeof t - 1 ? n : sizeof t - 1), s);
    if (strstr(t, ps->want)) ps->found++;
}

Test(export, a_fitted_panel_keeps_the_figures_a_shorter_form_would_drop)
{
    /* hackbench compared at 30 s in a 1920x1080 picture: at scale 1 both halves' flavor lines end in
     * "· N idle probes". The fit picked 1.25, where the panel's shorter form of that line left the
     * probes out with no "…" to say so, against the README's "no label gone" */
    char err[4096];
    load_shipped("hackbench", true);
    ui_app_seek(&W->app, 30000000000LL);
    ui_app_refresh_reports(&W->app, 0, 0);
    rd_ctx *rd = rd_new_offscreen(1920, 1080, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ex_look acct = {.panel = UI_PANEL_ACCT, .klog = -1, .caption = -1};
    phrase_seen base = {.want = "idle probes"};
    rd_set_text_observer(rd, watch_phrase, &base);
    ex_draw(&W->app, rd, &acct);
    rd_end(rd);
    rd_set_text_observer(rd, NULL, NULL);
    cr_assert_geq(base.found, 3, "scale 1 shows the idle probes of both halves' flavors (%d lines)", base.found);
    float k = ex_fit_panel_scale(&W->app, rd, &acct);
    phrase_seen fitted = {.want = "idle probes"};
    rd_set_text_observer(rd, watch_phrase, &fitted);
    ex_draw(&W->app, rd, &acct);
    rd_end(rd);
    rd_set_text_observer(rd, NULL, NULL);
    cr_assert_eq(fitted.found, base.found, "at the fitted scale %.2f, %d of %d lines still name the idle probes", k, fitted.found,
                 base.found);
    rd_free(rd);
}

/* The caption strip's text runs, frame by frame, of a clip drawn through ex_clip_frames (the frames
 * `shot --from --to` writes): the strip is app->L.caption while a frame is drawn. */
enum { CLIP_MAX_FRAMES = 32 };
typedef struct strip_frame { int runs, hmin, hmax, outside, xmin, xmax; char first[40]; } strip_frame;
typedef struct strip_watch { const ui_layout *L; int nframes; strip_frame f[CLIP_MAX_FRAMES + 1]; } strip_watch;

static void watch_strip(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    strip_watch *sw = ctx;
    rd_rect c = sw->L->caption;
    if (sw->nframes > CLIP_MAX_FRAMES || c.h <= 0 || y < c.y || y >= c.y + c.h || x < c.x || x >= c.x + c.w) return;
    strip_frame *f = &sw->f[sw->nframes];
    if (!f->runs++) {
        size_t n = end ? (size_t)(end - s) : strlen(s);
        snprintf(f->first, sizeof f->first, "%.*s", (int)(n < sizeof f->first - 1 ? n : sizeof f->first - 1), s);
        f->hmin = f->hmax = h;
        f->xmin = f->xmax = x;
    }
    if (h < f->hmin) f->hmin = h;
    if (h > f->hmax) f->hmax = h;
    if (x < f->xmin) f->xmin = x;
    if (x > f->xmax) f->xmax = x;
    f->outside += y + h > c.y + c.h || x + w > c.x + c.w; /* the caption must show whole in its strip */
}

static int strip_frame_done(void *ctx, rd_ctx *rd, int i, int n)
{
    (void)rd; (void)i; (void)n;
    strip_watch *sw = ctx;
    if (sw->nframes <= CLIP_MAX_FRAMES) sw->nframes++;
    return 0;
}

/* A clip of scenario from..to (seconds, fps frames a second) drawn as look says at w x h: the caption
 * text of every frame is drawn whole and at one height, across the captions the clip shows (at least
 * two, and in compare both a caption across the strip and one under each side); the clip's text
 * height is returned. */
static int clip_caption_height(const char *scenario, bool compare, ex_look look, double from, double to, double fps, int w, int h)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[600], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/%s.json", root, scenario);
    ui_app_free(&W->app);
    ui_app_init(&W->app);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
    if (compare) cr_assert_eq(ui_app_set_compare(&W->app, true, err, sizeof err), 0, "%s", err);
    rd_ctx *rd = rd_new_offscreen(w, h, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ex_anim an = {.from_ns = (int64_t)(from * 1e9 + 0.5), .to_ns = (int64_t)(to * 1e9 + 0.5), .fps = fps, .length_s = to - from,
                  .out = "unused/", .w = w, .h = h, .scale = 1.0f};
    static strip_watch sw;
    memset(&sw, 0, sizeof sw);
    sw.L = &W->app.L;
    rd_set_text_observer(rd, watch_strip, &sw);
    cr_assert_eq(ex_clip_frames(&W->app, rd, &an, &look, strip_frame_done, &sw), 0);
    rd_set_text_observer(rd, NULL, NULL);
    rd_free(rd);
    int n = (int)((to - from) * fps + 0.5);
    cr_assert_eq(sw.nframes, n, "%s: %d frames drawn, %d expected", scenario, sw.nframes, n);
    int distinct = 0, split = 0, across = 0;
    for (int i = 0; i < n; i++) {
        const strip_frame *f = &sw.f[i];
        cr_assert_gt(f->runs, 0, "%s frame %d: no caption text in the strip", scenario, i + 1);
        cr_assert_eq(f->outside, 0, "%s frame %d (\"%s\"): %d caption lines run out of the strip", scenario, i + 1, f->first, f->outside);
        /* one size for the whole clip: the first frame's */
        cr_assert(f->hmin == sw.f[0].hmin && f->hmax == sw.f[0].hmin,
                  "%s frame %d (\"%s\"): caption text %d to %d px tall, frame 1's (\"%s\") %d px", scenario, i + 1, f->first, f->hmin,
                  f->hmax, sw.f[0].first, sw.f[0].hmin);
        distinct += !i || strcmp(f->first, sw.f[i - 1].first) != 0;
        if (f->xmax > f->xmin + w / 4) split++;
        else across++;
    }
    cr_assert_geq(distinct, 2, "%s: the clip should show more than one caption", scenario);
    if (compare) cr_assert(split && across, "%s: %d frames split the strip, %d show one caption across", scenario, split, across);
    return sw.f[0].hmin;
}

Test(export, a_clip_keeps_one_caption_size_for_all_its_frames)
{
    /* hackbench compared, the window's picture: its first two captions are the same for both sides,
     * each fits the whole strip on one line or two in the big font; from 0.1 s each side has its own,
     * in half the strip, in the bold one. The text jumped from 24 to 16 px tall at 0.1 s */
    ex_look window = {.clean = false, .panel = -1, .klog = -1, .caption = -1};
    int hb = clip_caption_height("hackbench", true, window, 0.0, 0.3, 40, 1280, 720);
    /* a single picture is not a clip: at 0.01 s the caption across still takes the big font */
    char err[256];
    rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ui_app_seek(&W->app, 10000000LL);
    ui_app_refresh_reports(&W->app, 0, 0);
    static strip_watch one;
    memset(&one, 0, sizeof one);
    one.L = &W->app.L;
    rd_set_text_observer(rd, watch_strip, &one);
    ex_draw(&W->app, rd, &window);
    rd_end(rd);
    rd_set_text_observer(rd, NULL, NULL);
    rd_free(rd);
    cr_assert_gt(one.f[0].runs, 0);
    cr_assert_gt(one.f[0].hmin, hb, "the picture at 0.01 s draws \"%s\" %d px tall, the clip %d", one.f[0].first, one.f[0].hmin, hb);
    /* omap-stall as a slide with the cue bar, one version: boot and "userspace has finished" fit the
     * big font, the burst and the extra grace period need the bold one (the text went from 24 px
     * tall to 16 at 4.5 s) */
    ex_look slide = {.clean = true, .panel = -1, .cues = true, .klog = -1, .caption = -1};
    clip_caption_height("omap-stall", false, slide, 3.0, 6.0, 2, 960, 540);
}

static void touch(const char *d, const char *name)
{
    char p[400];
    snprintf(p, sizeof p, "%s/%s", d, name);
    FILE *f = fopen(p, "w");
    cr_assert(f, "%s", p);
    fputs("x", f);
    fclose(f);
}

static bool exists_in(const char *d, const char *name)
{
    char p[400];
    snprintf(p, sizeof p, "%s/%s", d, name);
    return access(p, F_OK) == 0;
}

Test(export, a_clips_frame_directory_is_rcuviss_own)
{
    char fd[300], err[8192];
    int earlier = -1, lock = -1;
    bool created = false;
    snprintf(fd, sizeof fd, "%s/clip-frames", dir);
    /* the check before simulating changes nothing: a missing directory is still missing after it */
    cr_assert_eq(ex_frames_dir_check(fd, "", err, sizeof err), 0, "%s", err);
    cr_assert(access(fd, F_OK) != 0, "the check left %s behind", fd);
    char deep[400];
    snprintf(deep, sizeof deep, "%s/no/such/clip-frames", dir);
    cr_assert_eq(ex_frames_dir_check(deep, "", err, sizeof err), -1);
    cr_assert(strstr(err, "the directory ") && strstr(err, "/no/such does not exist"), "%s", err);
    /* missing: made, and said so (a clip that writes no frame removes it again) */
    cr_assert_eq(ex_frames_dir_prepare(fd, "", &earlier, &created, &lock, err, sizeof err), 0, "%s", err);
    cr_assert_eq(earlier, 0);
    cr_assert(created);
    /* held by one export, the directory is refused to another (two clips into one directory at once
     * both exited 0 with their frames mixed): the check before simulating says so too */
    cr_assert(lock >= 0);
    int lock2 = -1;
    cr_assert_eq(ex_frames_dir_prepare(fd, "; clip.gif was not written", &earlier, &created, &lock2, err, sizeof err), -1);
    cr_assert(strstr(err, "another rcuvis is writing a clip's frames into ") && strstr(err, "; clip.gif was not written"), "%s", err);
    cr_assert_eq(lock2, -1);
    cr_assert_eq(ex_frames_dir_check(fd, "", err, sizeof err), -1);
    cr_assert(strstr(err, "another rcuvis is writing a clip's frames into "), "%s", err);
    close(lock);
    /* an earlier clip's frames: all removed (a shorter clip leaves none), and counted */
    touch(fd, "frame-00001.png");
    touch(fd, "frame-00002.png");
    touch(fd, "frame-00003.png");
    cr_assert_eq(ex_frames_dir_check(fd, "", err, sizeof err), 0, "%s", err);
    cr_assert(exists_in(fd, "frame-00002.png"), "the check removed an earlier frame");
    cr_assert_eq(ex_frames_dir_prepare(fd, "", &earlier, &created, &lock, err, sizeof err), 0, "%s", err);
    close(lock);
    cr_assert_eq(earlier, 3);
    cr_assert(!created, "the directory was there before: never ours to remove");
    cr_assert(!exists_in(fd, "frame-00001.png") && !exists_in(fd, "frame-00003.png"));
    /* someone else's file: refused, nothing removed, the message names it and ends with the note */
    touch(fd, "frame-00001.png");
    touch(fd, "frame-1.png"); /* not rcuvis's name: five digits */
    cr_assert_eq(ex_frames_dir_check(fd, "", err, sizeof err), -1);
    cr_assert(strstr(err, "holds 1 entry that rcuvis did not write (frame-1.png)"), "%s", err);
    cr_assert_eq(ex_frames_dir_prepare(fd, "; clip.gif was left unchanged", &earlier, &created, &lock, err, sizeof err), -1);
    cr_assert(strstr(err, "holds 1 entry that rcuvis did not write (frame-1.png)"), "%s", err);
    cr_assert(strstr(err, "nothing was written or removed"), "%s", err);
    cr_assert(strstr(err, "; clip.gif was left unchanged"), "%s", err);
    cr_assert(exists_in(fd, "frame-00001.png") && exists_in(fd, "frame-1.png"), "a refused directory must be left as it was");
    /* not a directory */
    char file[400];
    snprintf(file, sizeof file, "%s/frame-1.png", fd);
    cr_assert_eq(ex_frames_dir_prepare(file, "", &earlier, &created, &lock, err, sizeof err), -1);
    cr_assert(strstr(err, "is not a directory"), "%s", err);
    cr_assert_eq(ex_frames_dir_check(file, "", err, sizeof err), -1);
    cr_assert(strstr(err, "is not a directory"), "%s", err);
    cr_assert(ex_is_frame_name("frame-00042.png") && !ex_is_frame_name("frame-0042.png") && !ex_is_frame_name("frame-00042.png~"));
}

Test(export, ctrl_e_saves_csv_for_the_visible_range_without_overwriting)
{
    ui_app_draw(&W->app, W->rd);
    press_mod(SDLK_e, KMOD_LCTRL);
    cr_assert(strstr(W->app.st.status, "Saved 3 CSV files"), "status: %s", W->app.st.status);
    press_mod(SDLK_e, KMOD_LCTRL);
    cr_assert(strstr(W->app.st.status, "Saved 3 CSV files"), "status: %s", W->app.st.status);
    DIR *d = opendir(dir);
    int gps = 0, series = 0, threads = 0;
    struct dirent *de;
    char one[600] = "", top[600] = "";
    while ((de = readdir(d))) {
        gps += strstr(de->d_name, "-gps") != NULL;
        series += strstr(de->d_name, "-timeseries") != NULL;
        threads += strstr(de->d_name, "-threads") != NULL;
        if (strstr(de->d_name, "-gps.csv")) snprintf(one, sizeof one, "%s/%s", dir, de->d_name);
        if (strstr(de->d_name, "-threads.csv")) snprintf(top, sizeof top, "%s/%s", dir, de->d_name);
        /* the range's files are named by the range, the threads' by the moment they are counted to */
        if (strstr(de->d_name, "-gps") || strstr(de->d_name, "-timeseries"))
            cr_expect(strstr(de->d_name, "-t1.8125s-2.0625s-") != NULL, "%s", de->d_name);
        if (strstr(de->d_name, "-threads")) cr_expect(strstr(de->d_name, "-t2.000s-threads") != NULL, "%s", de->d_name);
    }
    closedir(d);
    cr_assert_eq(gps, 2, "two presses, two gps files (no overwrite)");
    cr_assert_eq(series, 2);
    cr_assert_eq(threads, 2, "a table of threads up to the moment shown");
    FILE *tf = fopen(top, "r");
    cr_assert(tf);
    char head[256];
    cr_assert(fgets(head, sizeof head, tf));
    cr_expect(!strncmp(head, "name,kind,cpu_us,alive,tasks", 28), "%s", head);
    fclose(tf);
    /* rows lie in the visible range: every GP row ends at or after its start, none after now + span */
    FILE *f = fopen(one, "r");
    cr_assert(f);
    char line[1024];
    cr_assert(fgets(line, sizeof line, f));
    cr_assert(!strncmp(line, "flavor,gp,completed,start_s,end_s,duration_us,", 46), "%s", line);
    int rows = 0;
    /* the timeline shows a quarter of its span ahead of now (already simulated, faded) */
    double right = 2.0 + panel_timeline_span(&W->app.st, ui_app_end(&W->app)) / 4 / 1e9;
    while (fgets(line, sizeof line, f)) {
        double st = 0;
        char fl[32];
        cr_assert_eq(sscanf(line, "%31[^,],%*u,%*[a-z],%lf", fl, &st), 2, "%s", line);
        cr_assert_leq(st, right + 1e-9, "a GP starting after the visible range: %s", line);
        rows++;
    }
    fclose(f);
    cr_assert_gt(rows, 0);
}

Test(export, csv_fields_follow_rfc4180)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    csv_field(f, "plain");
    fputc(',', f);
    csv_field(f, "a,b");
    fputc(',', f);
    csv_field(f, "say \"hi\"");
    fputc(',', f);
    csv_field(f, "two\nlines");
    fclose(f);
    cr_assert_str_eq(buf, "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\"");
    free(buf);
}

/* Per frame of a clip: where the accounting and kernel-log panels of side 0 are, and the timeline's span. */
typedef struct layout_watch { const ui_app *a; int n; rd_rect acct[64], klog[64]; int64_t span[64]; } layout_watch;
static int layout_frame_done(void *ctx, rd_ctx *rd, int i, int n)
{
    (void)rd; (void)n;
    layout_watch *lw = ctx;
    if (i < 64) {
        lw->acct[i] = lw->a->L.side[0].acct;
        lw->klog[i] = lw->a->L.side[0].klog;
        lw->span[i] = panel_timeline_span(&lw->a->st, ui_app_end(lw->a));
    }
    lw->n++;
    return 0;
}

static bool same_rect(rd_rect x, rd_rect y) { return x.x == y.x && x.y == y.y && x.w == y.w && x.h == y.h; }

Test(export, a_clip_is_laid_out_once_and_its_timeline_holds_the_clip)
{
    /* omap-stall compared from 79.9 to 80.1 s, the window's picture: 3.6's stall warning (80.0078 s)
     * is the log's first line. The empty log was folded to its title until then and opened at it,
     * so every panel above moved ~55 px mid-clip; and a 0.2 s clip played at 1x had a 25 s timeline
     * window, its grace periods in the first pixels */
    char err[4096];
    load_shipped("omap-stall", true);
    rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ex_anim an = {.from_ns = 79900000000LL, .to_ns = 80100000000LL, .fps = 20, .length_s = 0.2, .out = "unused/", .w = 1280,
                  .h = 720, .scale = 1.0f};
    ex_look look = {.panel = -1, .klog = -1, .caption = -1};
    static layout_watch lw;
    memset(&lw, 0, sizeof lw);
    lw.a = &W->app;
    cr_assert_eq(ex_clip_frames(&W->app, rd, &an, &look, layout_frame_done, &lw), 0);
    cr_assert_geq(lw.n, 4);
    for (int i = 1; i < lw.n && i < 64; i++) {
        cr_expect(same_rect(lw.acct[i], lw.acct[0]) && same_rect(lw.klog[i], lw.klog[0]),
                  "frame %d: accounting %d,%d %dx%d, log %d,%d %dx%d; frame 1: %d,%d %dx%d and %d,%d %dx%d", i + 1, lw.acct[i].x,
                  lw.acct[i].y, lw.acct[i].w, lw.acct[i].h, lw.klog[i].x, lw.klog[i].y, lw.klog[i].w, lw.klog[i].h, lw.acct[0].x,
                  lw.acct[0].y, lw.acct[0].w, lw.acct[0].h, lw.klog[0].x, lw.klog[0].y, lw.klog[0].w, lw.klog[0].h);
        cr_expect_leq(lw.span[i], an.to_ns - an.from_ns, "frame %d: a %.3f s timeline for a 0.2 s clip", i + 1, lw.span[i] / 1e9);
    }
    /* afterwards the window's own rules are back: the log folds or not by what is logged */
    cr_expect_eq(W->app.klog_hold, 0);
    cr_expect_eq(W->app.st.timeline_cap, 0);
    rd_free(rd);
}

Test(export, the_kernel_log_panel_stays_the_kernel_log_with_a_cpu_selected)
{
    /* compare's why answers take the log's slot in the window while a CPU is selected; the one-panel
     * picture `--panel klog --compare --select 0` drew two Why panels and no log */
    char err[4096];
    load_shipped("omap-stall", true);
    ui_app_seek(&W->app, 80007812501LL);
    W->app.st.sel_cpu = 0;
    ui_app_refresh_reports(&W->app, 0, 0);
    rd_ctx *rd = rd_new_offscreen(960, 540, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ex_look klog = {.panel = UI_PANEL_KLOG, .klog = -1, .caption = -1};
    phrase_seen log = {.want = "Kernel log"}, why = {.want = "Why is it waiting"};
    rd_set_text_observer(rd, watch_phrase, &log);
    ex_draw(&W->app, rd, &klog);
    rd_end(rd);
    rd_set_text_observer(rd, watch_phrase, &why);
    ex_draw(&W->app, rd, &klog);
    rd_end(rd);
    rd_set_text_observer(rd, NULL, NULL);
    cr_expect_eq(log.found, 2, "each half titled Kernel log (%d)", log.found);
    cr_expect_eq(why.found, 0, "no Why panel in a kernel-log picture (%d)", why.found);
    rd_free(rd);
}

Test(export, a_fitted_panel_hides_no_more_of_a_cut_line)
{
    /* omap-stall compared at its stall, kernel log alone at 960x540: the stall line is cut at each half's
     * edge even at scale 1 ("... CPU { 0}  (t"); the fit took a bigger scale that cut it at
     * "INFO: rcu_sched sel", one clipped run either way, so the count of clipped runs did not see it */
    char err[4096];
    load_shipped("omap-stall", true);
    ui_app_seek(&W->app, 80007812501LL);
    ui_app_refresh_reports(&W->app, 0, 0);
    rd_ctx *rd = rd_new_offscreen(960, 540, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ex_look klog = {.panel = UI_PANEL_KLOG, .klog = -1, .caption = -1};
    rd_text_stats one, fitted;
    rd_text_stats_reset(rd);
    ex_draw(&W->app, rd, &klog);
    rd_end(rd);
    rd_text_stats_get(rd, &one);
    float k = ex_fit_panel_scale(&W->app, rd, &klog);
    rd_text_stats_reset(rd);
    ex_draw(&W->app, rd, &klog);
    rd_end(rd);
    rd_text_stats_get(rd, &fitted);
    cr_expect_leq(fitted.cut_glyphs, one.cut_glyphs, "at the fitted scale %.2f a clip edge hides %d glyphs, at 1 %d", k, fitted.cut_glyphs,
                  one.cut_glyphs);
    rd_free(rd);
}

/* With the workbook column open a student pressed Ctrl+E for their answers and got the simulation's
 * CSVs, with nothing said; the status says which these are and how to export the answers. */
Test(export, ctrl_e_beside_the_workbook_says_how_to_export_answers)
{
    W->app.st.show_workbook = true;
    ui_app_draw(&W->app, W->rd);
    press_mod(SDLK_e, KMOD_LCTRL);
    cr_expect(strstr(W->app.st.status, "CSV files of the simulation (your answers: A, then Ctrl+E)"), "status: %s", W->app.st.status);
}

/* A clip without --length: its span at the window's starting speed (1/100), held between 5 and 30 s.
 * The span in real time made tree's 31 ms grace period a 0.12 s GIF of 3 frames. */
Test(export, a_clip_without_length_plays_at_the_windows_pace_within_bounds)
{
    cr_expect_float_eq(ex_clip_default_length(0.0315), EX_CLIP_MIN_S, 1e-9, "31.5 ms: 3.15 s at 1/100, raised to 5 s");
    cr_expect_float_eq(ex_clip_default_length(0.1), 10.0, 1e-9, "100 ms at the window's 1/100");
    cr_expect_float_eq(ex_clip_default_length(10.0), EX_CLIP_MAX_S, 1e-9, "10 s would take 1000 s at 1/100");
    ex_anim an = {.from_ns = 163000000LL, .to_ns = 194500000LL, .fps = 25, .length_s = ex_clip_default_length(0.0315)};
    cr_expect_eq(ex_clip_frame_count(&an), 125);
}

/* The words of the runs drawn inside r, joined by spaces (at most n bytes). */
static void words_in(rd_rect r, const char *const *texts, const rd_rect *rects, int nruns, char *out, size_t n)
{
    out[0] = 0;
    for (int i = 0; i < nruns; i++) {
        if (!(rects[i].x >= r.x && rects[i].y >= r.y && rects[i].x < r.x + r.w && rects[i].y < r.y + r.h)) continue;
        size_t l = strlen(out);
        snprintf(out + l, n - l, "%s%s", l ? " " : "", texts[i]);
    }
}

typedef struct seen_runs { char text[512][200]; const char *p[512]; rd_rect r[512]; int n; } seen_runs;
static void keep_seen(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    seen_runs *q = ctx;
    if (q->n == 512) return;
    size_t len = end ? (size_t)(end - s) : strlen(s);
    snprintf(q->text[q->n], 200, "%.*s", (int)(len < 199 ? len : 199), s);
    q->p[q->n] = q->text[q->n];
    q->r[q->n++] = (rd_rect){x, y, w, h};
}

/* `shot hackbench --panel timeline --cue 3` (and the other panels) drew the panel without the cue's
 * words, which the whole picture at that cue shows in its strip: a speaker exporting one panel at a
 * lecture stop lost what the stop says. The strip goes under the panel, whole, at 1280x720 and 1600x900;
 * --no-caption (look.caption 0) leaves it out, and the panel then has the picture. */
Test(export, one_panel_at_a_cue_keeps_the_cues_words)
{
    static const int panels[] = {UI_PANEL_TIMELINE, UI_PANEL_TREE, UI_PANEL_CPUS, UI_PANEL_ACCT, UI_PANEL_KLOG};
    static const struct { int w, h; } sizes[] = {{1280, 720}, {1600, 900}};
    static seen_runs q;
    load_shipped("hackbench", false);
    char err[512];
    cr_assert_eq(ui_app_goto_cue(&W->app, 2, err, sizeof err), 0, "%s", err);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    W->app.st.presenting = true; /* as shot --cue shows a cue */
    ui_app_refresh_reports(&W->app, 0, 0);
    const char *cue = W->app.base.cues[2].caption;
    cr_assert(cue[0], "hackbench's cue 3 has words");
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
        for (size_t p = 0; p < sizeof panels / sizeof *panels; p++)
            for (int nocap = 0; nocap < 2; nocap++) {
                rd_ctx *rd = rd_new_offscreen(sizes[s].w, sizes[s].h, 1.0f, err, sizeof err);
                cr_assert(rd, "%s", err);
                ex_look look = {.panel = panels[p], .klog = -1, .caption = nocap ? 0 : -1};
                ex_fit_panel_scale(&W->app, rd, &look);
                q.n = 0;
                rd_set_text_observer(rd, keep_seen, &q);
                ex_draw(&W->app, rd, &look);
                rd_end(rd);
                rd_set_text_observer(rd, NULL, NULL);
                const char *what = ui_panel_name(panels[p]);
                if (nocap) {
                    cr_expect_eq(W->app.L.caption.h, 0, "%dx%d %s --no-caption: a strip %d px high", sizes[s].w, sizes[s].h, what,
                                 W->app.L.caption.h);
                } else {
                    rd_rect c = W->app.L.caption;
                    cr_expect_gt(c.h, 0, "%dx%d %s at cue 3: no caption strip", sizes[s].w, sizes[s].h, what);
                    char words[4096];
                    words_in(c, q.p, q.r, q.n, words, sizeof words);
                    cr_expect(!strncmp(words, "Two seconds in.", 15) && strstr(words, "The figures are the model's."),
                              "%dx%d %s: the strip reads \"%s\", not the cue's words whole", sizes[s].w, sizes[s].h, what, words);
                    /* below the panel, not over it */
                    const ui_side *sd = &W->app.L.side[0];
                    rd_rect pr = panels[p] == UI_PANEL_TIMELINE ? sd->timeline : panels[p] == UI_PANEL_TREE ? sd->tree
                               : panels[p] == UI_PANEL_CPUS ? sd->cpus : panels[p] == UI_PANEL_ACCT ? sd->acct : sd->klog;
                    cr_expect_leq(pr.y + pr.h, c.y, "%dx%d %s: the panel runs into the strip", sizes[s].w, sizes[s].h, what);
                    cr_expect_leq(c.y + c.h, sizes[s].h, "%dx%d %s: the strip leaves the picture", sizes[s].w, sizes[s].h, what);
                }
                rd_free(rd);
            }
    W->app.st.presenting = false;
}
