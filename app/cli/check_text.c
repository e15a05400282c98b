/* check_text.c — `rcuvis check`: warn about text the window cannot draw as written (characters its font lacks, right-to-left script). */
#include "cli/check_text.h"

#include "paths.h"
#include "util/fontcover.h"

#include <stdio.h>
#include <string.h>

/* The window draws a scenario's texts with DejaVu Sans and its bold (render.c's font_file[], read from rcuvis_font_path()): a
 * character either one lacks comes out as "?" somewhere. */
static const char *const font_files[] = {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf"};
#define NFONTS (sizeof font_files / sizeof *font_files)

/* Scripts written right to left: the renderer lays every string out left to right, glyph after
 * glyph (no bidirectional reordering, no Arabic joining), so such text reads backwards. */
static const char *rtl_script(uint32_t cp)
{
    if (cp >= 0x0590 && cp <= 0x05FF) return "Hebrew";
    if ((cp >= 0x0600 && cp <= 0x06FF) || (cp >= 0x0750 && cp <= 0x077F) || (cp >= 0x08A0 && cp <= 0x08FF) ||
        (cp >= 0xFB50 && cp <= 0xFDFF) || (cp >= 0xFE70 && cp <= 0xFEFF))
        return "Arabic";
    if ((cp >= 0x0700 && cp <= 0x074F) || (cp >= 0x0780 && cp <= 0x089F) || (cp >= 0xFB1D && cp <= 0xFB4F) ||
        (cp >= 0x10800 && cp <= 0x10FFF) || (cp >= 0x1E800 && cp <= 0x1EFFF))
        return "a right-to-left script";
    return NULL;
}

/* The code point at s (the loader has checked that text is UTF-8) and its length. */
static uint32_t next_cp(const unsigned char *s, size_t *len)
{
    if (s[0] < 0x80) { *len = 1; return s[0]; }
    if (s[0] < 0xE0) { *len = 2; return (uint32_t)(s[0] & 0x1F) << 6 | (s[1] & 0x3F); }
    if (s[0] < 0xF0) { *len = 3; return (uint32_t)(s[0] & 0x0F) << 12 | (uint32_t)(s[1] & 0x3F) << 6 | (s[2] & 0x3F); }
    *len = 4;
    return (uint32_t)(s[0] & 0x07) << 18 | (uint32_t)(s[1] & 0x3F) << 12 | (uint32_t)(s[2] & 0x3F) << 6 | (s[3] & 0x3F);
}

typedef struct text_sink {
    FILE *out;
    const char *file;
    fc_font fonts[NFONTS];
    int fonts_state;    /* 0 not read yet, 1 read, -1 unreadable */
    size_t warnings;
} text_sink;

/* The fonts, read at the first character past ASCII (which they all cover): `rcuvis run` checks its
 * file's texts before every run, and reading them cost ~7 ms of a 25 ms run whose texts were ASCII. */
static bool have_fonts(text_sink *k)
{
    if (k->fonts_state == 0) {
        k->fonts_state = 1;
        for (size_t f = 0; f < NFONTS; f++) {
            char buf[1024];
            if (fc_load(rcuvis_font_path(font_files[f], buf, sizeof buf), &k->fonts[f]) != 0) k->fonts_state = -1;
        }
        if (k->fonts_state < 0) /* the window could not start either; say what is left unchecked, as no warning */
            fprintf(k->out, "note: %s: cannot read the window's fonts (install fonts-dejavu-core), so characters they lack are "
                    "not checked\n", k->file);
    }
    return k->fonts_state > 0;
}

/* One text of the file: at most one warning for missing glyphs and one for right-to-left script,
 * each naming the first such character (as written, its code point, its place in the text) and
 * how many more there are. */
static void check_one(text_sink *k, const char *jpath, const char *text)
{
    size_t at = 0, missing = 0, rtl = 0, first_missing = 0, first_rtl = 0;
    char miss_ch[5] = "", rtl_ch[5] = "";
    uint32_t miss_cp = 0, rtl_cp = 0;
    const char *script = NULL, *font = NULL;
    for (const unsigned char *s = (const unsigned char *)text; *s; at++) {
        size_t len;
        uint32_t cp = next_cp(s, &len);
        const char *lacking = NULL;
        for (size_t f = 0; cp >= 0x80 && have_fonts(k) && f < NFONTS && !lacking; f++)
            if (!fc_covers(&k->fonts[f], cp)) lacking = font_files[f];
        if (lacking && missing++ == 0) {
            first_missing = at + 1, miss_cp = cp, font = lacking;
            memcpy(miss_ch, s, len), miss_ch[len] = 0;
        }
        const char *r = rtl_script(cp);
        if (r && rtl++ == 0) {
            first_rtl = at + 1, rtl_cp = cp, script = r;
            memcpy(rtl_ch, s, len), rtl_ch[len] = 0;
        }
        s += len;
    }
    char more[64] = "";
    if (missing) {
        if (missing > 1) snprintf(more, sizeof more, " and %zu more character%s", missing - 1, missing > 2 ? "s" : "");
        fprintf(k->out, "warning: %s: %s: the window's font (%s) has no glyph for \"%s\" (U+%04X, character %zu)%s, which it "
                "draws as \"?\" (DejaVu Sans has Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew, Arabic and many symbols; "
                "not Chinese, Japanese, Korean, Thai, Indic scripts or Ethiopic: see docs/authoring.md)\n",
                k->file, jpath, font, miss_ch, (unsigned)miss_cp, first_missing, more);
        k->warnings++;
    }
    if (rtl) {
        more[0] = 0;
        if (rtl > 1) snprintf(more, sizeof more, " and %zu more character%s", rtl - 1, rtl > 2 ? "s" : "");
        fprintf(k->out, "warning: %s: %s: \"%s\" (U+%04X, character %zu)%s is %s, written right to left, which the window "
                "draws left to right, so the words read backwards; right-to-left text is not supported\n",
                k->file, jpath, rtl_ch, (unsigned)rtl_cp, first_rtl, more, script);
        k->warnings++;
    }
}

size_t check_text(const rv_config *cfg, const char *file, FILE *out)
{
    text_sink k = {.out = out, .file = file};
    char jpath[64];
    check_one(&k, "$.name", cfg->name);
    check_one(&k, "$.description", cfg->description);
    for (size_t i = 0; i < cfg->nphases; i++) {
        snprintf(jpath, sizeof jpath, "$.workload[%zu].task", i);
        check_one(&k, jpath, cfg->phases[i].task);
    }
    for (size_t i = 0; i < cfg->ncaptions; i++) {
        snprintf(jpath, sizeof jpath, "$.captions[%d].text", cfg->captions[i].file_index);
        check_one(&k, jpath, cfg->captions[i].text);
    }
    for (size_t i = 0; i < cfg->ncues; i++) {
        snprintf(jpath, sizeof jpath, "$.cues[%zu].title", i);
        check_one(&k, jpath, cfg->cues[i].title);
        snprintf(jpath, sizeof jpath, "$.cues[%zu].caption", i);
        check_one(&k, jpath, cfg->cues[i].caption);
    }
    for (size_t f = 0; f < NFONTS; f++) fc_free(&k.fonts[f]); /* a font never read is all zeros */
    return k.warnings;
}
