/* render.h — the one drawing layer: rects, lines, text with cached glyphs, clipping, off-screen targets. */
/*
 * Module app/render/ — owns every SDL2 / SDL_ttf drawing call and the colour palettes (theme).
 * Panels describe what to draw through this header; the renderer knows nothing of panels, views
 * or the engine. It may include nothing else of the project but paths.h (where the font is).
 */
#ifndef RCUVIS_RENDER_H
#define RCUVIS_RENDER_H

/*
 * Every pixel rcuvis draws goes through these functions; nothing else in app/ calls SDL_Render* or
 * TTF_*. A render context draws either into a window's renderer or into an SDL_Surface through
 * SDL's software renderer (headless screenshots, tests), and the panels cannot tell which.
 *
 * Coordinates are in output pixels. A context has a `scale` (UI scale x HiDPI factor x export
 * factor); panels multiply their logical sizes by it with rd_px(). Fonts are opened at
 * point size x scale, so text stays sharp at any scale instead of being stretched.
 *
 * Text is drawn from per-font glyph textures rendered once (white, alpha = coverage) and tinted
 * with the requested colour, so numbers that change every frame cost blits, not rasterization.
 */

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct rd_ctx rd_ctx;

typedef struct rd_rect { int x, y, w, h; } rd_rect;
typedef struct rd_color { uint8_t r, g, b, a; } rd_color;

enum rd_font {
    RD_SANS = 0,    /* DejaVu Sans: labels and prose */
    RD_BOLD,        /* DejaVu Sans Bold: headings, numbers that matter */
    RD_MONO,        /* DejaVu Sans Mono: kernel log, counters, kernel field names */
    RD_SANS_SMALL,  /* smaller Sans for dense tiles and legends */
    RD_MONO_SMALL,  /* smaller Mono for dense tiles */
    RD_BIG,         /* large Bold for captions and banners */
    RD_NFONTS
};

/* Text alignment inside a rect for rd_text_in(). */
enum { RD_LEFT = 0, RD_CENTER = 1, RD_RIGHT = 2 };

/* A context on an existing window renderer (not owned). scale as above. NULL + message on error. */
rd_ctx *rd_new_window(SDL_Renderer *ren, float scale, char *err, size_t errlen);
/* A context that owns a w x h ARGB8888 surface and a software renderer on it (no display needed). */
rd_ctx *rd_new_offscreen(int w, int h, float scale, char *err, size_t errlen);
void rd_free(rd_ctx *c);

/* Change the scale (re-opens the fonts at the new size, drops cached glyphs). 0 ok, -1 on error. */
int rd_set_scale(rd_ctx *c, float scale);
float rd_scale(const rd_ctx *c);
/* A logical length in output pixels (rounded, at least 1 for positive v). */
int rd_px(const rd_ctx *c, float v);
/* Size of the drawing area in output pixels (window drawable size or surface size). */
void rd_output_size(const rd_ctx *c, int *w, int *h);
/* The off-screen surface (NULL for a window context). Valid until rd_free. */
SDL_Surface *rd_surface(rd_ctx *c);

/* Frame bracket: clear to colour / present (window) or flush (surface). */
void rd_begin(rd_ctx *c, rd_color bg);
void rd_end(rd_ctx *c);

/* Shapes. Alpha < 255 blends. */
void rd_fill(rd_ctx *c, rd_rect r, rd_color col);
void rd_frame(rd_ctx *c, rd_rect r, rd_color col, int thickness); /* outline, drawn inside r */
void rd_line(rd_ctx *c, int x0, int y0, int x1, int y1, rd_color col);
void rd_hatch(rd_ctx *c, rd_rect r, rd_color col, int spacing);   /* diagonal stripes (offline, "no data") */
void rd_dots(rd_ctx *c, rd_rect r, rd_color col, int spacing);    /* dot pattern (dyntick-idle) */
void rd_triangle(rd_ctx *c, int x, int y, int size, bool down, rd_color col); /* marker centred on x */
/* A w x h grid of 0xRRGGBB cells stretched over r with sharp (nearest) edges: dense heat maps. */
void rd_grid(rd_ctx *c, rd_rect r, int w, int h, const uint32_t *rgb);

/* Clipping: push intersects with the current clip; pop restores. Depth up to 16. */
void rd_clip_push(rd_ctx *c, rd_rect r);
/* as rd_clip_push, for a scrolled column: text rows it would cut are left out (nested clips keep it) */
void rd_clip_push_rows(rd_ctx *c, rd_rect r);
/* whether r lies wholly inside the current clip, top to bottom (a button row drawn only whole) */
bool rd_clip_holds_rows(rd_ctx *c, rd_rect r);
void rd_clip_pop(rd_ctx *c);

/* Text (UTF-8). Returns the advance width in pixels. Clipped to the current clip. */
int rd_text(rd_ctx *c, enum rd_font f, int x, int y, rd_color col, const char *s);
/* rd_text of s up to end (not included): a wrapped line drawn in place, however long. */
int rd_text_n(rd_ctx *c, enum rd_font f, int x, int y, rd_color col, const char *s, const char *end);
/* Like rd_text but stops before max_w pixels, ending with an ellipsis when cut. */
int rd_text_fit(rd_ctx *c, enum rd_font f, int x, int y, int max_w, rd_color col, const char *s);
/* Aligned horizontally (RD_LEFT/CENTER/RIGHT) and centred vertically in r, cut to fit. */
void rd_text_in(rd_ctx *c, enum rd_font f, rd_rect r, int align, rd_color col, const char *s);
int rd_text_width(rd_ctx *c, enum rd_font f, const char *s);
int rd_line_height(const rd_ctx *c, enum rd_font f);
/* Word-wrapped paragraph in r ('\n' breaks lines). Returns the height used. */
int rd_text_wrap(rd_ctx *c, enum rd_font f, rd_rect r, rd_color col, const char *s);

/* Primitives drawn since rd_begin (text runs, filled rects): tests compare the raster and SVG backends. */
long rd_drawn_text_runs(const rd_ctx *c);
long rd_drawn_fills(const rd_ctx *c);

/* Text that did not show whole since the last reset: `clipped` = glyphs cut by a clip edge or a
 * wrapped paragraph out of room; `shortened` = rd_text_fit ended it with an ellipsis; `dropped` =
 * parts a panel left out of a line by picking a shorter form of it (rd_note_dropped). The first
 * few cut strings are kept so a test can say which label it was. */
#define RD_CUT_SAMPLES 8
typedef struct rd_text_stats {
    int clipped, shortened, dropped, nsamples;
    int cut_glyphs; /* glyphs of rows in view that a clip edge hid, wholly or in part: how much clipped hides */
    char samples[RD_CUT_SAMPLES][96];
} rd_text_stats;
void rd_text_stats_get(const rd_ctx *c, rd_text_stats *out);
void rd_text_stats_reset(rd_ctx *c);
/* A panel drew a shorter form of a line that leaves out n of its parts (a figure, a label, a
 * phrase): no "…" shows it, so a one-panel picture's text fit (export/fit.c) counts these too. */
void rd_note_dropped(rd_ctx *c, int n);

/* Tests may watch every text run drawn (text from s to end, or to its NUL when end is NULL, and
 * where it went) to check what a reader sees; NULL stops watching. */
typedef void (*rd_text_observer)(void *ctx, const char *s, const char *end, int x, int y, int w, int h);
void rd_set_text_observer(rd_ctx *c, rd_text_observer fn, void *ctx);
/* Text drawn while on previews text that shows whole elsewhere (the timeline's caption lane, a
 * reminder of captions the caption strip or panel shows): an ellipsis ending it is no text lost, so it
 * is not counted as shortened, and an observer asks rd_in_preview() to tell such runs from the rest. */
void rd_set_preview(rd_ctx *c, bool on);
bool rd_in_preview(const rd_ctx *c);

/* Geometry helpers. */
bool rd_contains(rd_rect r, int x, int y);
rd_rect rd_inset(rd_rect r, int d);
rd_color rd_rgb(uint32_t rgb);                /* 0xRRGGBB, opaque */
rd_color rd_alpha(rd_color c, uint8_t a);
rd_color rd_mix(rd_color a, rd_color b, float t); /* t=0 a, t=1 b */

/* Save the current output as an opaque RGB PNG with exactly its colours (render/png.c), atomically as
 * util/safefile.h promises. 0 ok, -1 + a message naming path. */
int rd_save_png(rd_ctx *c, const char *path, char *err, size_t errlen);

#endif
