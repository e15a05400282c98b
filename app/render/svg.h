/* svg.h — the renderer's second backend: records every primitive as an SVG element (text stays text). */
#ifndef RCUVIS_SVG_H
#define RCUVIS_SVG_H

/*
 * A recorder attached to a render context (rd_svg_attach) receives every primitive the panels
 * draw, in output pixels, alongside the raster backend: the same panel code, one pass, two
 * pictures. The raster context still measures text (glyph advances), so the SVG's layout is the
 * PNG's layout; each text run carries its raster width as textLength, so a viewer with other
 * font metrics still fits it in the same box.
 */

#include "render/render.h"

#include <stdio.h>

typedef struct rd_svg rd_svg;

/* Element counts, recorded as they are written (tests compare them with the raster side). */
typedef struct rd_svg_counts { long rects, lines, texts, polys, patterns; } rd_svg_counts;

rd_svg *rd_svg_new(int w, int h);
void rd_svg_free(rd_svg *s);
/* Attach to (or with NULL detach from) a context: from then on every primitive is recorded too. */
void rd_svg_attach(rd_ctx *c, rd_svg *s);
rd_svg_counts rd_svg_count(const rd_svg *s);
/* The whole document (header, defs, elements, footer) to an open stream. 0 ok, -1 on write error. */
int rd_svg_write(const rd_svg *s, FILE *f);
/* The body only (no XML prolog): for inlining into an HTML page. */
int rd_svg_write_inline(const rd_svg *s, FILE *f);
/* Write atomically to path (temp file beside it, checked writes, rename). 0 ok, -1 + message. */
int rd_svg_save(const rd_svg *s, const char *path, char *err, size_t errlen);

/* Called by render.c only: one call per primitive, already in output pixels. */
void svg_rec_clear(rd_svg *s, rd_color bg);
void svg_rec_fill(rd_svg *s, rd_rect r, rd_color col);
void svg_rec_line(rd_svg *s, int x0, int y0, int x1, int y1, rd_color col);
void svg_rec_hatch(rd_svg *s, rd_rect r, rd_color col, int spacing);
void svg_rec_dots(rd_svg *s, rd_rect r, rd_color col, int spacing);
void svg_rec_triangle(rd_svg *s, int x, int y, int size, bool down, rd_color col);
void svg_rec_grid(rd_svg *s, rd_rect r, int w, int h, const uint32_t *rgb);
void svg_rec_clip_push(rd_svg *s, rd_rect r);
void svg_rec_clip_pop(rd_svg *s);
/* family "DejaVu Sans" or "DejaVu Sans Mono" (written with its generic fallback, sans-serif or monospace);
 * y is the baseline; width the raster advance. */
void svg_rec_text(rd_svg *s, const char *family, bool bold, int size_px, int x, int y, int width, rd_color col,
                  const char *text, size_t len);
#endif
