/* test_check_text.c — check's warnings about text the window cannot draw: the cmap reader agrees with SDL_ttf, and the warnings name the place. */
#include "cli/check_text.h"
#include "paths.h"
#include "scenario.h"
#include "util/fontcover.h"

#include <SDL_ttf.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* fontcover.c reads the cmap itself (the CLI may not use the renderer): for every code point of the
 * first three planes it must answer what the renderer's TTF_GlyphIsProvided32 answers, or check would
 * warn about text the window draws, or stay silent about a "?". */
Test(check_text, cmap_reader_agrees_with_sdl_ttf)
{
    static const char *const files[] = {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf"};
    cr_assert_eq(TTF_Init(), 0, "%s", TTF_GetError());
    for (size_t f = 0; f < 2; f++) {
        char buf[1024];
        const char *path = rcuvis_font_path(files[f], buf, sizeof buf);
        fc_font font;
        cr_assert_eq(fc_load(path, &font), 0, "cannot read %s", path);
        TTF_Font *ttf = TTF_OpenFont(path, 12);
        cr_assert(ttf, "%s", TTF_GetError());
        long covered = 0, differ = 0;
        for (uint32_t cp = 0x20; cp < 0x30000; cp++) {
            bool a = fc_covers(&font, cp), b = TTF_GlyphIsProvided32(ttf, cp) != 0;
            covered += a;
            if (a != b && differ++ < 5) cr_expect_eq(a, b, "%s U+%04X: cmap reader %d, SDL_ttf %d", files[f], (unsigned)cp, a, b);
        }
        cr_expect_eq(differ, 0, "%s: %ld code points differ", files[f], differ);
        cr_expect_gt(covered, 3000, "%s: only %ld code points covered", files[f], covered);
        TTF_CloseFont(ttf);
        fc_free(&font);
    }
    TTF_Quit();
}

static char *warnings_of(const char *json, size_t *n)
{
    char err[4096];
    rv_config cfg;
    cr_assert_eq(rv_scenario_parse(json, "t.json", &cfg, err, sizeof err), 0, "%s", err);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert(f);
    *n = check_text(&cfg, "t.json", f);
    fclose(f);
    rv_config_free(&cfg);
    return buf;
}

/* The review's file: CJK drew as "???" and Hebrew left to right while check said ok (no warning). */
Test(check_text, cjk_and_hebrew_are_warned_about)
{
    size_t n;
    char *out = warnings_of("{\"name\": \"N\\u00fcm \\u65e5\\u672c\", \"cpus\": 2, \"duration_s\": 1,"
                            " \"captions\": [{\"at_s\": 0, \"text\": \"ok\"}, {\"at_s\": 0.5, \"text\": \"a \\u05e2\\u05d1 b\"}],"
                            " \"cues\": [{\"at_s\": 0.1, \"title\": \"\\u0e01\"}]}", &n);
    cr_expect_eq(n, 3, "%s", out);
    cr_expect(strstr(out, "warning: t.json: $.name: the window's font (DejaVuSans.ttf) has no glyph for \"\xe6\x97\xa5\" "
                          "(U+65E5, character 5) and 1 more character, which it draws as \"?\"") != NULL, "%s", out);
    cr_expect(strstr(out, "warning: t.json: $.captions[1].text: \"\xd7\xa2\" (U+05E2, character 3) and 1 more character is "
                          "Hebrew, written right to left, which the window draws left to right") != NULL, "%s", out);
    cr_expect(strstr(out, "warning: t.json: $.cues[0].title: the window's font (DejaVuSans.ttf) has no glyph for \"\xe0\xb8\x81\"")
              != NULL, "%s", out);
    free(out);
}

/* What the font has is not warned about: accents, Greek, arrows, the micro sign. */
Test(check_text, drawable_text_is_quiet)
{
    size_t n;
    char *out = warnings_of("{\"name\": \"caf\\u00e9\", \"description\": \"\\u03bb \\u2192 \\u00b5s \\u2264 3\", \"cpus\": 2,"
                            " \"duration_s\": 1, \"workload\": [{\"task\": \"\\u0436\"}]}", &n);
    cr_expect_eq(n, 0, "%s", out);
    cr_expect_str_eq(out, "");
    free(out);
}
