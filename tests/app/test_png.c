/* test_png.c — a saved PNG holds exactly the pixels it was made from (colours, alpha, odd pitches; a screen opaque), and failures name the file. */
#include <criterion/criterion.h>

#include "render/png.h"
#include "window/app.h"

#include <SDL_image.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "rmtree.h"

static char tmpdir[64];

static void make_tmpdir(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/rcuvis-test-png-XXXXXX");
    cr_assert(mkdtemp(tmpdir), "mkdtemp");
}
static void remove_tmpdir(void)
{
    cr_assert_eq(rmtree(tmpdir), 0);
}

static void in_tmp(char *out, size_t n, const char *name) { snprintf(out, n, "%s/%s", tmpdir, name); }

/* Every pixel of the file at path, decoded by SDL_image, against want's (both read through
 * SDL_GetRGBA, so neither side relies on the writer's byte order). opaque: the file must have no
 * alpha channel, and only the colours are compared. */
static void assert_file_holds_as(const char *path, SDL_Surface *want, bool opaque)
{
    SDL_Surface *got = IMG_Load(path);
    cr_assert(got, "IMG_Load %s: %s", path, IMG_GetError());
    if (opaque) cr_assert_eq(got->format->Amask, 0u, "%s has an alpha channel", path);
    cr_assert_eq(got->w, want->w);
    cr_assert_eq(got->h, want->h);
    long differ = 0;
    int fx = -1, fy = -1;
    uint8_t g[4] = {0}, w[4] = {0};
    for (int y = 0; y < want->h; y++)
        for (int x = 0; x < want->w; x++) {
            uint32_t gv = 0, wv = 0;
            memcpy(&gv, (uint8_t *)got->pixels + y * got->pitch + x * got->format->BytesPerPixel, got->format->BytesPerPixel);
            memcpy(&wv, (uint8_t *)want->pixels + y * want->pitch + x * want->format->BytesPerPixel, want->format->BytesPerPixel);
            uint8_t gr, gg, gb, ga, wr, wg, wb, wa;
            SDL_GetRGBA(gv, got->format, &gr, &gg, &gb, &ga);
            SDL_GetRGBA(wv, want->format, &wr, &wg, &wb, &wa);
            if (opaque) wa = 255;
            if (gr != wr || gg != wg || gb != wb || ga != wa) {
                if (differ++ == 0) {
                    fx = x, fy = y;
                    g[0] = gr, g[1] = gg, g[2] = gb, g[3] = ga;
                    w[0] = wr, w[1] = wg, w[2] = wb, w[3] = wa;
                }
            }
        }
    SDL_FreeSurface(got);
    cr_assert_eq(differ, 0, "%s: %ld of %d pixels differ; first at (%d,%d): RGBA %d,%d,%d,%d in the file, %d,%d,%d,%d drawn",
                 path, differ, want->w * want->h, fx, fy, g[0], g[1], g[2], g[3], w[0], w[1], w[2], w[3]);
}
static void assert_file_holds(const char *path, SDL_Surface *want) { assert_file_holds_as(path, want, false); }

/* Deterministic noise: every byte value in every channel, alpha included. */
static uint32_t noise(uint32_t *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state ^ (*state >> 15);
}

static void fill_noise(SDL_Surface *s, uint32_t seed)
{
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            uint32_t v = noise(&seed);
            memcpy((uint8_t *)s->pixels + y * s->pitch + x * 4, &v, 4);
        }
}

Test(png, rendered_screen_reads_back_pixel_for_pixel, .init = make_tmpdir, .fini = remove_tmpdir)
{
    setenv("RCUVIS_DATA", "/nonexistent", 1); /* the built-in demo whatever scenarios/ holds */
    ui_app a;
    ui_app_init(&a);
    char err[1024];
    cr_assert_eq(ui_app_load(&a, NULL, -1, err, sizeof err), 0, "%s", err);
    ui_app_seek(&a, (int64_t)(0.15 * 1e9));
    ui_app_refresh_reports(&a, 0, 0);
    rd_ctx *rd = rd_new_offscreen(1280, 800, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ui_app_draw(&a, rd);
    rd_end(rd);
    SDL_Surface *s = rd_surface(rd);
    /* the picture must be able to show a channel mix-up: many colours, red differing from blue */
    long r_ne_b = 0;
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            uint32_t v = ((uint32_t *)((uint8_t *)s->pixels + y * s->pitch))[x];
            r_ne_b += ((v >> 16) & 0xff) != (v & 0xff);
        }
    cr_assert_gt(r_ne_b, 10000, "the rendered picture is too grey to catch swapped channels");
    char path[256];
    in_tmp(path, sizeof path, "screen.png");
    cr_assert_eq(rd_save_png(rd, path, err, sizeof err), 0, "%s", err);
    assert_file_holds_as(path, s, true); /* a screen is written opaque: colours exact, no alpha channel */
    rd_free(rd);
    ui_app_free(&a);
    unsetenv("RCUVIS_DATA");
}

/* Fill s with noise from seed, save it as name (alpha kept), read it back, free s. */
static void noise_round_trip(SDL_Surface *s, unsigned seed, const char *name)
{
    cr_assert(s, "%s: no surface", name);
    fill_noise(s, seed);
    char path[256], err[512];
    in_tmp(path, sizeof path, name);
    cr_assert_eq(rd_png_save(s, false, path, err, sizeof err), 0, "%s", err);
    assert_file_holds(path, s);
    SDL_FreeSurface(s);
}

Test(png, every_channel_value_and_alpha_survive, .init = make_tmpdir, .fini = remove_tmpdir)
{
    noise_round_trip(SDL_CreateRGBSurfaceWithFormat(0, 257, 131, 32, SDL_PIXELFORMAT_ARGB8888), 12345, "noise.png");
}

Test(png, rows_wider_than_the_picture_and_other_formats, .init = make_tmpdir, .fini = remove_tmpdir)
{
    /* a pitch with padding after each row (as a window read-back may have) */
    enum { W = 93, H = 47, PITCH = W * 4 + 36 };
    static uint8_t buf[PITCH * H];
    memset(buf, 0x5a, sizeof buf);
    noise_round_trip(SDL_CreateRGBSurfaceWithFormatFrom(buf, W, H, 32, PITCH, SDL_PIXELFORMAT_ARGB8888), 777, "padded.png");
    /* another byte order is converted first, not written as if it were ARGB */
    noise_round_trip(SDL_CreateRGBSurfaceWithFormat(0, 64, 32, 32, SDL_PIXELFORMAT_ABGR8888), 99, "abgr.png");
}

Test(png, failures_name_the_file, .init = make_tmpdir, .fini = remove_tmpdir)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 300, 200, 32, SDL_PIXELFORMAT_ARGB8888);
    cr_assert(s);
    fill_noise(s, 4242); /* incompressible: the file is larger than any write buffer */
    char path[256], err[512] = "";
    in_tmp(path, sizeof path, "no/such/dir/x.png");
    cr_assert_eq(rd_png_save(s, false, path, err, sizeof err), -1);
    cr_assert(strstr(err, path), "message does not name the file: %s", err);
    if (access("/dev/full", W_OK) == 0) { /* a device is written through; its error reaches the user */
        err[0] = 0;
        cr_assert_eq(rd_png_save(s, false, "/dev/full", err, sizeof err), -1);
        cr_assert(strstr(err, "/dev/full") && strstr(err, "No space left on device"), "%s", err);
    }
    SDL_FreeSurface(s);
}
