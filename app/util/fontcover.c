/* fontcover.c — which characters a TrueType font has glyphs for, read from its cmap table without a font library. */
#include "util/fontcover.h"

#include "util/readfile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The renderer draws a character the font lacks as '?' (SDL_ttf's TTF_GlyphIsProvided32, that is
 * FreeType's FT_Get_Char_Index on the Unicode charmap, returns 0). This reads the same answer from
 * the font file's cmap subtable, so that `rcuvis check` can warn without SDL (the CLI may not use
 * the renderer). Only the Unicode subtables are read: format 12 (all planes) when the font has
 * one, else format 4 (the BMP), as FreeType prefers.
 */

static uint32_t u16(const unsigned char *p) { return (uint32_t)p[0] << 8 | p[1]; }
static uint32_t u32(const unsigned char *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

/* The cmap subtable of the given format among the Unicode encodings, or 0. */
static size_t find_subtable(const unsigned char *f, size_t n, size_t cmap, size_t cmap_len, unsigned format)
{
    if (cmap + 4 > n || cmap_len < 4) return 0;
    size_t count = u16(f + cmap + 2);
    for (size_t i = 0; i < count && cmap + 4 + i * 8 + 8 <= n; i++) {
        const unsigned char *rec = f + cmap + 4 + i * 8;
        uint32_t platform = u16(rec), encoding = u16(rec + 2);
        bool unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10));
        size_t off = cmap + u32(rec + 4);
        if (unicode && off + 2 <= n && u16(f + off) == format) return off;
    }
    return 0;
}

int fc_load(const char *path, fc_font *out)
{
    memset(out, 0, sizeof *out);
    size_t n;
    char *data = rf_read_file(path, &n, (size_t)64 << 20);
    if (!data) return -1;
    const unsigned char *f = (const unsigned char *)data;
    size_t cmap = 0, cmap_len = 0;
    for (size_t i = 0, tables = n >= 12 ? u16(f + 4) : 0; i < tables && 12 + i * 16 + 16 <= n; i++) {
        const unsigned char *rec = f + 12 + i * 16;
        if (!memcmp(rec, "cmap", 4)) cmap = u32(rec + 8), cmap_len = u32(rec + 12);
    }
    size_t sub12 = cmap ? find_subtable(f, n, cmap, cmap_len, 12) : 0;
    size_t sub4 = cmap && !sub12 ? find_subtable(f, n, cmap, cmap_len, 4) : 0;
    if (!sub12 && !sub4) { free(data); return -1; }
    out->data = data;
    out->len = n;
    out->format = sub12 ? 12 : 4;
    out->sub = sub12 ? sub12 : sub4;
    return 0;
}

void fc_free(fc_font *font)
{
    free(font->data);
    memset(font, 0, sizeof *font);
}

static bool covers12(const unsigned char *f, size_t n, size_t sub, uint32_t cp)
{
    if (sub + 16 > n) return false;
    uint32_t groups = u32(f + sub + 12);
    for (uint32_t g = 0; g < groups && sub + 16 + (size_t)g * 12 + 12 <= n; g++) {
        const unsigned char *p = f + sub + 16 + (size_t)g * 12;
        uint32_t lo = u32(p), hi = u32(p + 4), glyph = u32(p + 8);
        if (cp >= lo && cp <= hi) return glyph + (cp - lo) != 0;
    }
    return false;
}

static bool covers4(const unsigned char *f, size_t n, size_t sub, uint32_t cp)
{
    if (cp > 0xFFFF || sub + 14 > n) return false;
    size_t segs = u16(f + sub + 6) / 2;
    size_t ends = sub + 14, starts = ends + segs * 2 + 2, deltas = starts + segs * 2, ranges = deltas + segs * 2;
    if (ranges + segs * 2 > n) return false;
    for (size_t i = 0; i < segs; i++) {
        uint32_t end = u16(f + ends + i * 2), start = u16(f + starts + i * 2);
        if (cp > end) continue;
        if (cp < start) return false;
        uint32_t delta = u16(f + deltas + i * 2), range = u16(f + ranges + i * 2);
        if (range == 0) return ((cp + delta) & 0xFFFF) != 0;
        /* idRangeOffset counts from its own place to the glyph id of cp */
        size_t at = ranges + i * 2 + range + (cp - start) * 2;
        if (at + 2 > n) return false;
        uint32_t glyph = u16(f + at);
        return glyph != 0 && ((glyph + delta) & 0xFFFF) != 0;
    }
    return false;
}

bool fc_covers(const fc_font *font, uint32_t cp)
{
    if (!font->data) return false;
    const unsigned char *f = (const unsigned char *)font->data;
    return font->format == 12 ? covers12(f, font->len, font->sub, cp) : covers4(f, font->len, font->sub, cp);
}
