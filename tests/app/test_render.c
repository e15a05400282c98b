/* test_render.c — off-screen pictures of known moments: panels filled where expected, never blank, deterministic. */
#include <criterion/criterion.h>

#include "window/app.h"
#include "temp_json.h"

#include <SDL_image.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "rmtree.h"

static uint32_t px(SDL_Surface *s, int x, int y) { return ((uint32_t *)((uint8_t *)s->pixels + y * s->pitch))[x] & 0xffffff; }

static uint32_t rgb(rd_color c) { return ((uint32_t)c.r << 16) | ((uint32_t)c.g << 8) | c.b; }

static int count_color(SDL_Surface *s, rd_rect r, uint32_t col)
{
    int n = 0;
    for (int y = r.y; y < r.y + r.h && y < s->h; y++)
        for (int x = r.x; x < r.x + r.w && x < s->w; x++) n += px(s, x, y) == col;
    return n;
}

static int distinct_colors(SDL_Surface *s, rd_rect r)
{
    uint32_t seen[64];
    int n = 0;
    for (int y = r.y; y < r.y + r.h; y += 2)
        for (int x = r.x; x < r.x + r.w; x += 2) {
            uint32_t c = px(s, x, y);
            int k = 0;
            while (k < n && seen[k] != c) k++;
            if (k == n && n < 64) seen[n++] = c;
        }
    return n;
}

static void render_builtin(ui_app *a, rd_ctx **rd, double at_s)
{
    ui_app_init(a);
    char err[1024];
    cr_assert_eq(ui_app_load(a, NULL, -1, err, sizeof err), 0, "%s", err);
    ui_app_seek(a, (int64_t)(at_s * 1e9));
    ui_app_refresh_reports(a, 0, 0);
    *rd = rd_new_offscreen(1280, 800, 1.0f, err, sizeof err);
    cr_assert(*rd, "%s", err);
    ui_app_draw(a, *rd);
    rd_end(*rd);
}

Test(render, known_moment_has_pixels_in_the_right_panels)
{
    ui_app a;
    rd_ctx *rd;
    /* t = 0.15 s of the built-in demo: CPU 3 is in a long reader that began before the GP */
    setenv("RCUVIS_DATA", "/nonexistent", 1); /* force the built-in demo whatever scenarios/ holds */
    render_builtin(&a, &rd, 0.15);
    SDL_Surface *s = rd_surface(rd);
    const ui_theme *th = ui_theme_get(a.st.theme);
    const ui_side *sd = &a.L.side[0];
    cr_assert_gt(distinct_colors(s, sd->cpus), 8, "CPU panel looks empty");
    cr_assert_gt(count_color(s, sd->cpus, rgb(th->reader_old)), 50, "no pre-existing-reader mark on the CPU tiles");
    cr_assert_gt(count_color(s, sd->tree, rgb(th->owed)), 50, "no owed qsmask bit in the tree");
    cr_assert_gt(count_color(s, sd->timeline, rgb(th->flavor[RV_SCHED])), 100, "no rcu_sched grace periods on the timeline");
    cr_assert_gt(distinct_colors(s, sd->acct), 5, "accounting panel looks empty");
    cr_assert_gt(count_color(s, a.L.caption, rgb(th->caption_bg)) , 1000, "caption strip not shown");
    /* the CPU 3 tile is clickable where it was drawn */
    bool found = false;
    for (int i = 0; i < a.fr.nhits; i++) found |= a.fr.hits[i].kind == HIT_CPU && a.fr.hits[i].a == 3;
    cr_assert(found);
    rd_free(rd);
    ui_app_free(&a);
    unsetenv("RCUVIS_DATA");
}

Test(render, never_blank_across_moments_and_modes)
{
    double ts[] = {0.0, 0.15, 0.3, 0.6, 9.0};
    for (int m = 0; m < 2; m++)
        for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++) {
            ui_app a;
            rd_ctx *rd;
            setenv("RCUVIS_DATA", "/nonexistent", 1);
            ui_app_init(&a);
            a.st.compare = m == 1;
            char err[512];
            cr_assert_eq(ui_app_load(&a, NULL, -1, err, sizeof err), 0, "%s", err);
            ui_app_seek(&a, (int64_t)(ts[i] * 1e9));
            ui_app_refresh_reports(&a, 0, 0);
            rd = rd_new_offscreen(1100, 700, 1.0f, err, sizeof err);
            cr_assert(rd);
            ui_app_draw(&a, rd);
            rd_end(rd);
            SDL_Surface *s = rd_surface(rd);
            for (int k = 0; k < a.L.nsides; k++) {
                cr_assert_gt(distinct_colors(s, a.L.side[k].cpus), 4, "blank CPU panel at t=%g compare=%d", ts[i], m);
                cr_assert_gt(distinct_colors(s, a.L.side[k].tree), 3, "blank tree at t=%g compare=%d", ts[i], m);
            }
            rd_free(rd);
            ui_app_free(&a);
            unsetenv("RCUVIS_DATA");
        }
}

Test(render, dense_heat_map_at_4096_cpus)
{
    rv_config cfg;
    ui_builtin_scenario(&cfg);
    cfg.cpus = 4096;
    cfg.duration_s = 1;
    for (size_t i = 0; i < cfg.nphases; i++) rv_cpuset_parse(&cfg.phases[i].cpus, i ? "3000-4095" : "0-2999", 4096, NULL, 0);
    ui_app a;
    ui_app_init(&a);
    char err[512];
    cr_assert_eq(ui_app_set_config(&a, &cfg, "big", "", err, sizeof err), 0, "%s", err);
    rv_config_free(&cfg);
    ui_app_seek(&a, 20000000LL);
    ui_app_refresh_reports(&a, 0, 0);
    rd_ctx *rd = rd_new_offscreen(1280, 800, 1.0f, err, sizeof err);
    ui_app_draw(&a, rd);
    rd_end(rd);
    cr_assert_gt(distinct_colors(rd_surface(rd), a.L.side[0].cpus), 3);
    cr_assert_gt(distinct_colors(rd_surface(rd), a.L.side[0].tree), 3);
    rd_free(rd);
    ui_app_free(&a);
}

static int run(const char *cmd, char *out, size_t n)
{
    FILE *p = popen(cmd, "r");
    cr_assert(p);
    size_t got = fread(out, 1, n - 1, p);
    out[got] = 0;
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static long file_bytes(const char *path, char **data)
{
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    *data = malloc((size_t)n);
    if (fread(*data, 1, (size_t)n, f) != (size_t)n) n = -1;
    fclose(f);
    return n;
}

Test(render, shot_png_is_deterministic_and_scales)
{
    const char *bin = getenv("RCUVIS_BIN"), *root = getenv("RCUVIS_ROOT");
    cr_assert(bin && root, "run through tools/run-tests.sh (RCUVIS_BIN, RCUVIS_ROOT)");
    char dir[] = "/tmp/rcuvis-render-XXXXXX", cmd[4096], out[4096];
    cr_assert(mkdtemp(dir));
    const char *scen = "scenarios/small-busy.json";
    char sp[2048];
    snprintf(sp, sizeof sp, "%s/%s", root, scen);
    if (access(sp, R_OK) != 0) snprintf(sp, sizeof sp, "-");
    for (int i = 0; i < 2; i++) {
        snprintf(cmd, sizeof cmd, "'%s' shot '%s' --at 5.02 --seed 3 --size 900x600 -o %s/a%d.png 2>&1", bin, sp, dir, i);
        cr_assert_eq(run(cmd, out, sizeof out), 0, "%s", out);
    }
    char *d0, *d1;
    char p0[256], p1[256];
    snprintf(p0, sizeof p0, "%s/a0.png", dir);
    snprintf(p1, sizeof p1, "%s/a1.png", dir);
    long n0 = file_bytes(p0, &d0), n1 = file_bytes(p1, &d1);
    cr_assert_gt(n0, 1000);
    cr_assert(n0 == n1 && memcmp(d0, d1, (size_t)n0) == 0, "same scenario, seed and time gave different PNGs");
    free(d0);
    free(d1);
    snprintf(cmd, sizeof cmd, "'%s' shot '%s' --at 5.02 --seed 3 --size 900x600 --scale 2 -o %s/b.png 2>&1", bin, sp, dir);
    cr_assert_eq(run(cmd, out, sizeof out), 0, "%s", out);
    snprintf(p0, sizeof p0, "%s/b.png", dir);
    SDL_Surface *img = IMG_Load(p0);
    cr_assert(img);
    cr_assert_eq(img->w, 1800);
    cr_assert_eq(img->h, 1200);
    SDL_FreeSurface(img);
    cr_assert_eq(rmtree(dir), 0);
}

Test(render, shot_bad_input_exits_2_with_message)
{
    const char *bin = getenv("RCUVIS_BIN");
    cr_assert(bin);
    const char *cases[] = {
        "shot /nonexistent/x.json --at 1 -o /tmp/x.png",
        "shot - --at -3 -o /tmp/x.png",
        "shot - --at 1",
        "shot - --at 1 -o /tmp/x.png --size 10x10",
        "shot - --at 1 -o /tmp/x.png --flavor rcu_nope",
        "shot - --at 1 -o /tmp/x.png --bogus",
        "shot - --at 99999 -o /tmp/x.png",
        "shot - --at 1 -o /nonexistent-dir/x.png",
        "shot - --at 1 -o /tmp/rcuvis-test-never.jpg", /* PNG bytes under a .jpg name: refused */
        "shot - --at 1 -o /tmp/rcuvis-test-never.gif", /* a clip's name without --from/--to */
        "shot BAD --at 1 -o /tmp/x.png",               /* the loader's three problems, three lines */
    };
    unlink("/tmp/rcuvis-test-never.jpg"); /* an older binary's leftover would fail the check below */
    char bad[] = "/tmp/rcuvis-bad3-XXXXXX.json";
    write_temp_json(bad, "{\"cpus\": 2, \"bogus\": 1}\n");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char cmd[2048], out[4096], c[512];
        snprintf(c, sizeof c, "%s", cases[i]);
        char *at = strstr(c, "BAD");
        if (at) snprintf(c, sizeof c, "shot %s --at 1 -o /tmp/x.png", bad);
        snprintf(cmd, sizeof cmd, "'%s' %s 2>&1 >/dev/null", bin, c);
        cr_assert_eq(run(cmd, out, sizeof out), 2, "'%s' should exit 2; said: %s", c, out);
        /* every line: a second or third problem without the prefix reads as another program's */
        int lines = 0;
        for (const char *l = out; *l; lines++) {
            cr_assert(!strncmp(l, "rcuvis: ", 8), "'%s': every line must start with 'rcuvis: ', got: %s", c, out);
            const char *nl = strchr(l, '\n');
            l = nl ? nl + 1 : l + strlen(l);
        }
        if (at) cr_assert_geq(lines, 3, "three problems, three lines: %s", out);
    }
    unlink(bad);
    cr_assert_eq(access("/tmp/rcuvis-test-never.jpg", F_OK), -1, "a refused .jpg must not be written");
}

Test(render, shot_reports_scenario_errors_exactly)
{
    const char *bin = getenv("RCUVIS_BIN");
    cr_assert(bin);
    char path[] = "/tmp/rcuvis-bad-XXXXXX.json";
    write_temp_json(path, "{\n  \"name\": \"bad\",\n  \"cpus\": 4,,\n}\n");
    char cmd[1024], out[4096];
    snprintf(cmd, sizeof cmd, "'%s' shot '%s' --at 1 -o /tmp/x.png 2>&1", bin, path);
    cr_assert_eq(run(cmd, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, path) && strstr(out, ":3:"), "the loader's file:line should reach the user: %s", out);
    unlink(path);
}
