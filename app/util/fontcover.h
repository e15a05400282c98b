/* fontcover.h — does a TrueType font have a glyph for a character? (its cmap table, no font library) */
#ifndef RCUVIS_UTIL_FONTCOVER_H
#define RCUVIS_UTIL_FONTCOVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct fc_font {
    char *data;     /* the file's bytes */
    size_t len;
    unsigned format; /* the Unicode cmap subtable read: 12 or 4 */
    size_t sub;     /* its offset in data */
} fc_font;

/* Read the font file at path; 0, or -1 when it cannot be read or has no Unicode cmap subtable. */
int fc_load(const char *path, fc_font *out);
void fc_free(fc_font *font);
/* Has the font a glyph for code point cp (what SDL_ttf's TTF_GlyphIsProvided32 answers)? */
bool fc_covers(const fc_font *font, uint32_t cp);
#endif
