/* render.c — SDL2/SDL_ttf drawing: shapes, clipping, glyph-cached text, window or off-screen output. */
#include "render/render.h"
#include "render/png.h"
#include "render/svg.h"

#include "paths.h"
#include "util/readfile.h"

#include <SDL_ttf.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Point sizes at scale 1; chosen so a 1280x800 window at scale 1 shows 64 CPU tiles legibly. */
static const float font_pt[RD_NFONTS] = {13.0f, 13.0f, 12.0f, 10.5f, 10.5f, 20.0f};
static const char *const font_file[RD_NFONTS] = {
    "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf",
    "DejaVuSans.ttf", "DejaVuSansMono.ttf", "DejaVuSans-Bold.ttf",
};

#define TINTS 6

typedef struct glyph {
    uint32_t cp;
    bool have_metrics;
    int advance, minx;
    SDL_Texture *tex; /* white glyph, tinted per draw (colours with alpha); NULL until first drawn */
    int tw, th;
    /* the same glyph pre-rendered in its last few opaque colours: the software renderer blits
     * these much faster than a colour-modulated copy, and a screen uses few text colours */
    struct { uint32_t rgb; SDL_Texture *tex; int w, h; } tint[TINTS];
    uint8_t next_tint;
} glyph;

#define EXTRA_GLYPHS 160

typedef struct font_slot {
    TTF_Font *font;
    int height, ascent;
    glyph ascii[128];
    glyph extra[EXTRA_GLYPHS]; /* non-ASCII code points (arrows, µ, ellipsis...), first come */
    int nextra;
} font_slot;

struct rd_ctx {
    SDL_Renderer *ren;
    bool owns_renderer;
    SDL_Surface *surface; /* off-screen target, or NULL */
    float scale;
    font_slot fonts[RD_NFONTS];
    SDL_Rect clip[16];
    bool rows_only[16]; /* per clip level: text rows not wholly inside are left out (rd_clip_push_rows) */
    int nclip;
    SDL_Texture *grid_tex; /* reused by rd_grid */
    int grid_w, grid_h;
    uint32_t *grid_buf;
    rd_svg *svg;          /* second backend (svg.c): records every primitive too; NULL = raster only */
    long drawn_runs, drawn_fills; /* primitives drawn, for tests comparing the two backends */
    rd_text_observer observer;
    void *observer_ctx;
    rd_text_stats stats; /* text cut by a clip edge or shortened with an ellipsis (tests read it) */
    bool preview;        /* text drawn now repeats text shown whole elsewhere (rd_set_preview) */
};

/* Remember one cut string (the first few) so a failing test can name the label. */
static void note_cut(rd_ctx *c, bool shortened, const char *s, const char *end)
{
    if (shortened) { c->stats.shortened += !c->preview; return; } /* panels may give these a hover tip */
    c->stats.clipped++;
    if (c->stats.nsamples >= RD_CUT_SAMPLES) return;
    size_t n = end ? (size_t)(end - s) : strlen(s);
    if (n >= sizeof c->stats.samples[0]) n = sizeof c->stats.samples[0] - 1;
    memcpy(c->stats.samples[c->stats.nsamples], s, n);
    c->stats.samples[c->stats.nsamples][n] = 0;
    c->stats.nsamples++;
}

void rd_text_stats_get(const rd_ctx *c, rd_text_stats *out) { *out = c->stats; }
void rd_text_stats_reset(rd_ctx *c) { memset(&c->stats, 0, sizeof c->stats); }
void rd_note_dropped(rd_ctx *c, int n) { if (n > 0) c->stats.dropped += n; }
void rd_set_text_observer(rd_ctx *c, rd_text_observer fn, void *ctx) { c->observer = fn; c->observer_ctx = ctx; }
void rd_set_preview(rd_ctx *c, bool on) { c->preview = on; }
bool rd_in_preview(const rd_ctx *c) { return c->preview; }

static int ttf_users;

static void close_fonts(rd_ctx *c)
{
    for (int f = 0; f < RD_NFONTS; f++) {
        font_slot *s = &c->fonts[f];
        for (int i = 0; i < 128 + s->nextra; i++) {
            glyph *g = i < 128 ? &s->ascii[i] : &s->extra[i - 128];
            if (g->tex) SDL_DestroyTexture(g->tex);
            for (int k = 0; k < TINTS; k++)
                if (g->tint[k].tex) SDL_DestroyTexture(g->tint[k].tex);
        }
        if (s->font) TTF_CloseFont(s->font);
        memset(s, 0, sizeof *s);
    }
}

/* A font file's bytes, read once per process. FreeType reads a face's outlines from its stream glyph
 * by glyph as text is first drawn; on a file stream each read is an lseek and a read system call,
 * which took a tenth of a drawing test's time, and every context (each window resize, each export)
 * opened the same three files again. The bytes live until the process ends. */
typedef struct font_bytes { const char *file; char *data; size_t len; } font_bytes;
#define FONT_MAX_BYTES ((size_t)64 << 20) /* DejaVu's are under 1 MB; a font file is never this big */
static font_bytes font_cache[RD_NFONTS];

/* The bytes of one of font_file[]'s files: the copy under assets/fonts/ if there is one, else the
 * system's DejaVu. NULL when neither can be read. */
static const font_bytes *font_file_bytes(const char *file)
{
    font_bytes *free_slot = NULL;
    for (int i = 0; i < RD_NFONTS; i++) {
        if (font_cache[i].file && strcmp(font_cache[i].file, file) == 0) return &font_cache[i];
        if (!font_cache[i].file && !free_slot) free_slot = &font_cache[i];
    }
    if (!free_slot) return NULL; /* more distinct files than slots: font_file[] has at most RD_NFONTS */
    char buf[1024];
    if (!(free_slot->data = rf_read_file(rcuvis_font_path(file, buf, sizeof buf), &free_slot->len, FONT_MAX_BYTES)))
        return NULL;
    free_slot->file = file;
    return free_slot;
}

static TTF_Font *open_font(const char *file, int pt)
{
    const font_bytes *b = font_file_bytes(file);
    if (!b) {
        TTF_SetError("cannot read %s: %s", file, strerror(errno));
        return NULL;
    }
    SDL_RWops *rw = SDL_RWFromConstMem(b->data, (int)b->len);
    return rw ? TTF_OpenFontRW(rw, 1, pt) : NULL; /* the font closes rw when it is closed */
}

static int open_fonts(rd_ctx *c, char *err, size_t errlen)
{
    for (int f = 0; f < RD_NFONTS; f++) {
        int pt = (int)lroundf(font_pt[f] * c->scale);
        if (pt < 5) pt = 5;
        errno = 0;
        TTF_Font *font = open_font(font_file[f], pt);
        if (!font) {
            /* the package is the answer to a missing file only: out of memory (seen under ulimit -v)
             * or an unreadable file needs another */
            bool missing = errno == ENOENT;
            snprintf(err, errlen, "cannot open font %s%s: %s", font_file[f], missing ? " (install fonts-dejavu-core)" : "", TTF_GetError());
            close_fonts(c);
            return -1;
        }
        /* light hinting keeps small digits crisp without distorting widths */
        TTF_SetFontHinting(font, TTF_HINTING_LIGHT);
        c->fonts[f].font = font;
        c->fonts[f].height = TTF_FontHeight(font);
        c->fonts[f].ascent = TTF_FontAscent(font);
    }
    return 0;
}

static rd_ctx *ctx_new(SDL_Renderer *ren, bool owns, SDL_Surface *surf, float scale, char *err, size_t errlen)
{
    if (ttf_users++ == 0 && !TTF_WasInit() && TTF_Init() != 0) {
        snprintf(err, errlen, "TTF_Init: %s", TTF_GetError());
        ttf_users--;
        return NULL;
    }
    rd_ctx *c = calloc(1, sizeof *c);
    if (!c) { snprintf(err, errlen, "out of memory"); return NULL; }
    c->ren = ren;
    c->owns_renderer = owns;
    c->surface = surf;
    c->scale = scale > 0.25f ? scale : 1.0f;
    if (open_fonts(c, err, errlen) != 0) {
        free(c);
        return NULL;
    }
    SDL_SetRenderDrawBlendMode(ren, SDL_BLENDMODE_BLEND);
    return c;
}

rd_ctx *rd_new_window(SDL_Renderer *ren, float scale, char *err, size_t errlen)
{
    return ctx_new(ren, false, NULL, scale, err, errlen);
}

rd_ctx *rd_new_offscreen(int w, int h, float scale, char *err, size_t errlen)
{
    if (w < 1 || h < 1 || w > 16384 || h > 16384) {
        snprintf(err, errlen, "image size %dx%d out of range (1..16384)", w, h);
        return NULL;
    }
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s) { snprintf(err, errlen, "cannot allocate a %dx%d image: %s", w, h, SDL_GetError()); return NULL; }
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
    if (!r) {
        snprintf(err, errlen, "software renderer: %s", SDL_GetError());
        SDL_FreeSurface(s);
        return NULL;
    }
    rd_ctx *c = ctx_new(r, true, s, scale, err, errlen);
    if (!c) { SDL_DestroyRenderer(r); SDL_FreeSurface(s); }
    return c;
}

void rd_free(rd_ctx *c)
{
    if (!c) return;
    close_fonts(c);
    if (c->grid_tex) SDL_DestroyTexture(c->grid_tex);
    free(c->grid_buf);
    if (c->owns_renderer) SDL_DestroyRenderer(c->ren);
    if (c->surface) SDL_FreeSurface(c->surface);
    free(c);
    if (--ttf_users == 0) TTF_Quit();
}

int rd_set_scale(rd_ctx *c, float scale)
{
    if (scale < 0.25f) scale = 0.25f;
    if (fabsf(scale - c->scale) < 0.001f) return 0;
    float old = c->scale;
    close_fonts(c);
    c->scale = scale;
    char err[256];
    if (open_fonts(c, err, sizeof err) != 0) {
        c->scale = old; /* keep drawing at the old size rather than with no fonts */
        open_fonts(c, err, sizeof err);
        return -1;
    }
    return 0;
}

float rd_scale(const rd_ctx *c) { return c->scale; }

int rd_px(const rd_ctx *c, float v)
{
    int p = (int)lroundf(v * c->scale);
    return (v > 0 && p < 1) ? 1 : p;
}

void rd_output_size(const rd_ctx *c, int *w, int *h)
{
    if (c->surface) { *w = c->surface->w; *h = c->surface->h; return; }
    if (SDL_GetRendererOutputSize(c->ren, w, h) != 0) { *w = 0; *h = 0; }
}

SDL_Surface *rd_surface(rd_ctx *c) { return c->surface; }

/* Opaque colours draw without blending: the software renderer then fills like memset, several
 * times faster than its blend loop, which is what keeps full-window frames cheap. */
static void set_color(rd_ctx *c, rd_color col)
{
    SDL_SetRenderDrawColor(c->ren, col.r, col.g, col.b, col.a);
    SDL_SetRenderDrawBlendMode(c->ren, col.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
}

void rd_begin(rd_ctx *c, rd_color bg)
{
    c->nclip = 0;
    SDL_RenderSetClipRect(c->ren, NULL);
    set_color(c, bg);
    SDL_RenderClear(c->ren);
    c->drawn_runs = c->drawn_fills = 0;
    if (c->svg) svg_rec_clear(c->svg, bg);
}

void rd_end(rd_ctx *c)
{
    SDL_RenderSetClipRect(c->ren, NULL);
    if (c->surface) SDL_RenderFlush(c->ren);
    else SDL_RenderPresent(c->ren);
}

void rd_fill(rd_ctx *c, rd_rect r, rd_color col)
{
    if (r.w <= 0 || r.h <= 0) return;
    c->drawn_fills++;
    if (c->svg) svg_rec_fill(c->svg, r, col);
    set_color(c, col);
    SDL_RenderFillRect(c->ren, &(SDL_Rect){r.x, r.y, r.w, r.h});
}

void rd_frame(rd_ctx *c, rd_rect r, rd_color col, int t)
{
    if (r.w <= 0 || r.h <= 0) return;
    if (t < 1) t = 1;
    if (2 * t >= r.w || 2 * t >= r.h) { rd_fill(c, r, col); return; }
    if (c->svg) {
        svg_rec_fill(c->svg, (rd_rect){r.x, r.y, r.w, t}, col);
        svg_rec_fill(c->svg, (rd_rect){r.x, r.y + r.h - t, r.w, t}, col);
        svg_rec_fill(c->svg, (rd_rect){r.x, r.y + t, t, r.h - 2 * t}, col);
        svg_rec_fill(c->svg, (rd_rect){r.x + r.w - t, r.y + t, t, r.h - 2 * t}, col);
    }
    c->drawn_fills += 4;
    set_color(c, col);
    SDL_Rect rs[4] = {{r.x, r.y, r.w, t}, {r.x, r.y + r.h - t, r.w, t},
                      {r.x, r.y + t, t, r.h - 2 * t}, {r.x + r.w - t, r.y + t, t, r.h - 2 * t}};
    SDL_RenderFillRects(c->ren, rs, 4);
}

void rd_line(rd_ctx *c, int x0, int y0, int x1, int y1, rd_color col)
{
    if (c->svg) svg_rec_line(c->svg, x0, y0, x1, y1, col);
    set_color(c, col);
    SDL_RenderDrawLine(c->ren, x0, y0, x1, y1);
}

void rd_hatch(rd_ctx *c, rd_rect r, rd_color col, int spacing)
{
    if (r.w <= 0 || r.h <= 0) return;
    if (spacing < 3) spacing = 3;
    if (c->svg) svg_rec_hatch(c->svg, r, col, spacing);
    rd_svg *rec = c->svg;
    c->svg = NULL; /* the recorder has the stripes already; keep the clip out of it */
    rd_clip_push(c, r);
    set_color(c, col);
    for (int k = -r.h; k < r.w; k += spacing)
        SDL_RenderDrawLine(c->ren, r.x + k, r.y + r.h, r.x + k + r.h, r.y);
    rd_clip_pop(c);
    c->svg = rec;
}

void rd_dots(rd_ctx *c, rd_rect r, rd_color col, int spacing)
{
    if (r.w <= 0 || r.h <= 0) return;
    if (spacing < 2) spacing = 2;
    if (c->svg) svg_rec_dots(c->svg, r, col, spacing);
    set_color(c, col);
    SDL_Point pts[512];
    int n = 0;
    for (int y = r.y + spacing / 2, row = 0; y < r.y + r.h; y += spacing, row++)
        for (int x = r.x + spacing / 2 + (row & 1) * spacing / 2; x < r.x + r.w; x += spacing) {
            pts[n++] = (SDL_Point){x, y};
            if (n == 512) { SDL_RenderDrawPoints(c->ren, pts, n); n = 0; }
        }
    if (n) SDL_RenderDrawPoints(c->ren, pts, n);
}

void rd_triangle(rd_ctx *c, int x, int y, int size, bool down, rd_color col)
{
    if (c->svg) svg_rec_triangle(c->svg, x, y, size, down, col);
    set_color(c, col);
    for (int i = 0; i < size; i++) {
        int half = down ? (size - i) / 2 : i / 2;
        SDL_RenderDrawLine(c->ren, x - half, y + i, x + half, y + i);
    }
}

void rd_grid(rd_ctx *c, rd_rect r, int w, int h, const uint32_t *rgb)
{
    if (w <= 0 || h <= 0 || r.w <= 0 || r.h <= 0) return;
    if (c->svg) svg_rec_grid(c->svg, r, w, h, rgb);
    if (!c->grid_tex || c->grid_w != w || c->grid_h != h) {
        if (c->grid_tex) SDL_DestroyTexture(c->grid_tex);
        free(c->grid_buf);
        c->grid_tex = SDL_CreateTexture(c->ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, w, h);
        c->grid_buf = malloc((size_t)w * h * 4);
        c->grid_w = w; c->grid_h = h;
        if (!c->grid_tex || !c->grid_buf) return;
        SDL_SetTextureScaleMode(c->grid_tex, SDL_ScaleModeNearest);
    }
    for (int i = 0; i < w * h; i++) c->grid_buf[i] = 0xff000000u | (rgb[i] & 0xffffffu);
    SDL_UpdateTexture(c->grid_tex, NULL, c->grid_buf, w * 4);
    SDL_RenderCopy(c->ren, c->grid_tex, NULL, &(SDL_Rect){r.x, r.y, r.w, r.h});
}

static SDL_Rect cur_clip(rd_ctx *c)
{
    if (c->nclip > 0) return c->clip[c->nclip - 1];
    int w, h;
    rd_output_size(c, &w, &h);
    return (SDL_Rect){0, 0, w, h};
}

void rd_clip_push(rd_ctx *c, rd_rect r)
{
    SDL_Rect a = cur_clip(c), b = {r.x, r.y, r.w > 0 ? r.w : 0, r.h > 0 ? r.h : 0}, out;
    if (!SDL_IntersectRect(&a, &b, &out)) out = (SDL_Rect){r.x, r.y, 0, 0};
    if (c->nclip < 16) {
        c->rows_only[c->nclip] = c->nclip > 0 && c->rows_only[c->nclip - 1]; /* nested clips keep the rule */
        c->clip[c->nclip++] = out;
    }
    if (c->svg && c->nclip <= 16) svg_rec_clip_push(c->svg, (rd_rect){out.x, out.y, out.w, out.h});
    /* an empty SDL clip rect means "no clipping", so clip to a 1px corner off the content instead */
    SDL_Rect set = out;
    if (set.w <= 0 || set.h <= 0) set = (SDL_Rect){-10, -10, 1, 1};
    SDL_RenderSetClipRect(c->ren, &set);
}

/* A scrolled text column: a row the clip would cut in half is left out instead (the scroll reaches
 * it), so the column never shows half a line or half a button row (the workbook at 1280x720). */
void rd_clip_push_rows(rd_ctx *c, rd_rect r)
{
    rd_clip_push(c, r);
    if (c->nclip > 0) c->rows_only[c->nclip - 1] = true;
}

bool rd_clip_holds_rows(rd_ctx *c, rd_rect r)
{
    SDL_Rect clip = cur_clip(c);
    return r.y >= clip.y && r.y + r.h <= clip.y + clip.h;
}

void rd_clip_pop(rd_ctx *c)
{
    if (c->svg && c->nclip > 0) svg_rec_clip_pop(c->svg);
    if (c->nclip > 0) c->nclip--;
    if (c->nclip == 0) SDL_RenderSetClipRect(c->ren, NULL);
    else {
        SDL_Rect set = c->clip[c->nclip - 1];
        if (set.w <= 0 || set.h <= 0) set = (SDL_Rect){-10, -10, 1, 1};
        SDL_RenderSetClipRect(c->ren, &set);
    }
}

/* ---- text */

static uint32_t utf8_next(const char **ps)
{
    const unsigned char *s = (const unsigned char *)*ps;
    uint32_t cp = s[0];
    int n = 1;
    if (cp >= 0xf0 && s[1] && s[2] && s[3]) { cp = ((cp & 7u) << 18) | ((s[1] & 63u) << 12) | ((s[2] & 63u) << 6) | (s[3] & 63u); n = 4; }
    else if (cp >= 0xe0 && s[1] && s[2]) { cp = ((cp & 15u) << 12) | ((s[1] & 63u) << 6) | (s[2] & 63u); n = 3; }
    else if (cp >= 0xc0 && s[1]) { cp = ((cp & 31u) << 6) | (s[1] & 63u); n = 2; }
    else if (cp >= 0x80) cp = '?';
    *ps += n;
    return cp;
}

static glyph *get_glyph(rd_ctx *c, enum rd_font f, uint32_t cp)
{
    font_slot *s = &c->fonts[f];
    glyph *g = NULL;
    /* a tab (the kernel's boot log indents its notes with one) draws as a space: after dmesg's
     * 15-character "[    0.000000] " stamp the next tab stop is one column on */
    if (cp == '\t') cp = ' ';
    if (cp < 128) g = &s->ascii[cp];
    else {
        for (int i = 0; i < s->nextra; i++)
            if (s->extra[i].cp == cp) { g = &s->extra[i]; break; }
        if (!g) {
            if (s->nextra == EXTRA_GLYPHS || !TTF_GlyphIsProvided32(s->font, cp)) return get_glyph(c, f, '?');
            g = &s->extra[s->nextra++];
        }
    }
    if (!g->have_metrics) {
        int minx = 0, maxx = 0, miny = 0, maxy = 0, adv = 0;
        TTF_GlyphMetrics32(s->font, cp, &minx, &maxx, &miny, &maxy, &adv);
        g->cp = cp; g->advance = adv; g->minx = minx; g->have_metrics = true;
    }
    return g;
}

static SDL_Texture *glyph_tex(rd_ctx *c, enum rd_font f, glyph *g)
{
    if (g->tex || g->cp == ' ') return g->tex;
    SDL_Surface *gs = TTF_RenderGlyph32_Blended(c->fonts[f].font, g->cp, (SDL_Color){255, 255, 255, 255});
    if (!gs) return NULL;
    g->tex = SDL_CreateTextureFromSurface(c->ren, gs);
    g->tw = gs->w; g->th = gs->h;
    SDL_FreeSurface(gs);
    if (g->tex) SDL_SetTextureBlendMode(g->tex, SDL_BLENDMODE_BLEND);
    return g->tex;
}

static SDL_Texture *glyph_tinted(rd_ctx *c, enum rd_font f, glyph *g, rd_color col, int *w, int *h)
{
    uint32_t key = ((uint32_t)col.r << 16) | ((uint32_t)col.g << 8) | col.b;
    for (int k = 0; k < TINTS; k++)
        if (g->tint[k].tex && g->tint[k].rgb == key) { *w = g->tint[k].w; *h = g->tint[k].h; return g->tint[k].tex; }
    if (g->cp == ' ') return NULL;
    SDL_Surface *gs = TTF_RenderGlyph32_Blended(c->fonts[f].font, g->cp, (SDL_Color){col.r, col.g, col.b, 255});
    if (!gs) return NULL;
    int k = g->next_tint++ % TINTS;
    if (g->tint[k].tex) SDL_DestroyTexture(g->tint[k].tex);
    g->tint[k].tex = SDL_CreateTextureFromSurface(c->ren, gs);
    g->tint[k].rgb = key;
    g->tint[k].w = *w = gs->w;
    g->tint[k].h = *h = gs->h;
    SDL_FreeSurface(gs);
    if (g->tint[k].tex) SDL_SetTextureBlendMode(g->tint[k].tex, SDL_BLENDMODE_BLEND);
    return g->tint[k].tex;
}

int rd_text_width(rd_ctx *c, enum rd_font f, const char *s)
{
    int w = 0;
    while (s && *s) w += get_glyph(c, f, utf8_next(&s))->advance;
    return w;
}

int rd_line_height(const rd_ctx *c, enum rd_font f) { return c->fonts[f].height; }

static int draw_run(rd_ctx *c, enum rd_font f, int x, int y, rd_color col, const char *s, const char *end)
{
    int x0 = x;
    const char *start = s;
    SDL_Rect clip = cur_clip(c);
    int h = c->fonts[f].height;
    bool visible_row = y + h > clip.y && y < clip.y + clip.h;
    /* a row that only partly shows, or glyphs that cross or fall beyond a side, are cut text;
     * rows wholly outside the clip are scrolled away on purpose and not counted */
    bool cut = visible_row && (y < clip.y - h / 4 || y + h > clip.y + clip.h + h / 4);
    /* rd_clip_push_rows(): a row not wholly inside is scrolled, not cut, and left out whole; the quarter
     * of a line allowed above is line spacing elsewhere, but here it let an answer's last line show its
     * top two thirds over the workbook's "more below" */
    bool rows = c->nclip > 0 && c->rows_only[c->nclip - 1];
    bool left_out = rows && visible_row && (y < clip.y || y + h > clip.y + clip.h);
    if (left_out) visible_row = cut = false;
    while (*s && (!end || s < end)) {
        uint32_t cp = utf8_next(&s);
        glyph *g = get_glyph(c, f, cp);
        if (visible_row && cp != ' ' && (x < clip.x || x + g->advance > clip.x + clip.w + 1)) { cut = true; c->stats.cut_glyphs++; }
        if (visible_row && x + g->advance > clip.x && x < clip.x + clip.w) {
            int tw, th;
            SDL_Texture *t = col.a == 255 ? glyph_tinted(c, f, g, col, &tw, &th) : NULL;
            if (t) {
                int ox = g->minx < 0 ? g->minx : 0;
                SDL_RenderCopy(c->ren, t, NULL, &(SDL_Rect){x + ox, y, tw, th});
            } else if ((t = glyph_tex(c, f, g))) {
                SDL_SetTextureColorMod(t, col.r, col.g, col.b);
                SDL_SetTextureAlphaMod(t, col.a);
                int ox = g->minx < 0 ? g->minx : 0; /* SDL_ttf shifts the box left for negative bearings */
                SDL_RenderCopy(c->ren, t, NULL, &(SDL_Rect){x + ox, y, g->tw, g->th});
            }
        }
        x += g->advance;
    }
    if (!left_out && (end ? end > start : *start)) {
        c->drawn_runs++;
        if (c->svg)
            svg_rec_text(c->svg, (f == RD_MONO || f == RD_MONO_SMALL) ? "DejaVu Sans Mono" : "DejaVu Sans",
                         f == RD_BOLD || f == RD_BIG, (int)lroundf(font_pt[f] * c->scale) < 5 ? 5 : (int)lroundf(font_pt[f] * c->scale),
                         x0, y + c->fonts[f].ascent, x - x0, col, start, end ? (size_t)(end - start) : strlen(start));
    }
    if (cut) note_cut(c, false, start, end);
    if (c->observer && visible_row) c->observer(c->observer_ctx, start, end, x0, y, x - x0, h);
    return x - x0;
}

int rd_text(rd_ctx *c, enum rd_font f, int x, int y, rd_color col, const char *s)
{
    return s ? draw_run(c, f, x, y, col, s, NULL) : 0;
}

int rd_text_n(rd_ctx *c, enum rd_font f, int x, int y, rd_color col, const char *s, const char *end)
{
    return s && end && end >= s ? draw_run(c, f, x, y, col, s, end) : 0;
}

int rd_text_fit(rd_ctx *c, enum rd_font f, int x, int y, int max_w, rd_color col, const char *s)
{
    if (!s || max_w <= 0) return 0;
    int w = rd_text_width(c, f, s);
    if (w <= max_w) return draw_run(c, f, x, y, col, s, NULL);
    int ell = rd_text_width(c, f, "…");
    const char *p = s, *cut = s;
    int acc = 0;
    while (*p) {
        const char *q = p;
        int adv = get_glyph(c, f, utf8_next(&q))->advance;
        if (acc + adv + ell > max_w) break;
        acc += adv;
        p = q;
        cut = p;
    }
    note_cut(c, true, s, NULL);
    int drawn = draw_run(c, f, x, y, col, s, cut);
    if (ell <= max_w) drawn += draw_run(c, f, x + drawn, y, col, "…", NULL);
    return drawn;
}

void rd_text_in(rd_ctx *c, enum rd_font f, rd_rect r, int align, rd_color col, const char *s)
{
    int w = rd_text_width(c, f, s);
    if (w > r.w) w = r.w;
    int x = align == RD_CENTER ? r.x + (r.w - w) / 2 : align == RD_RIGHT ? r.x + r.w - w : r.x;
    int y = r.y + (r.h - c->fonts[f].height) / 2;
    rd_text_fit(c, f, x, y, r.w, col, s);
}

int rd_text_wrap(rd_ctx *c, enum rd_font f, rd_rect r, rd_color col, const char *s)
{
    int lh = c->fonts[f].height, y = r.y;
    const char *p = s;
    while (p && *p) {
        /* take words while they fit; a single over-long word is cut */
        const char *line_end = p, *q = p;
        int w = 0;
        while (*q && *q != '\n') {
            const char *word_end = q;
            while (*word_end == ' ') word_end++;
            while (*word_end && *word_end != ' ' && *word_end != '\n') word_end++;
            int ww = 0;
            for (const char *t = q; t < word_end;) ww += get_glyph(c, f, utf8_next(&t))->advance;
            if (w + ww > r.w && line_end != p) break;
            w += ww;
            q = word_end;
            line_end = q;
        }
        if (y + lh > r.y + r.h + lh / 2) { note_cut(c, false, p, NULL); break; }
        rd_clip_push(c, r);
        draw_run(c, f, r.x, y, col, p, line_end);
        rd_clip_pop(c);
        y += lh;
        p = line_end;
        if (*p == '\n') p++;
        while (*p == ' ') p++;
    }
    return y - r.y;
}

void rd_svg_attach(rd_ctx *c, rd_svg *s) { c->svg = s; }
long rd_drawn_text_runs(const rd_ctx *c) { return c->drawn_runs; }
long rd_drawn_fills(const rd_ctx *c) { return c->drawn_fills; }

bool rd_contains(rd_rect r, int x, int y) { return x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h; }
rd_rect rd_inset(rd_rect r, int d) { return (rd_rect){r.x + d, r.y + d, r.w - 2 * d, r.h - 2 * d}; }
rd_color rd_rgb(uint32_t rgb) { return (rd_color){(uint8_t)(rgb >> 16), (uint8_t)(rgb >> 8), (uint8_t)rgb, 255}; }
rd_color rd_alpha(rd_color c, uint8_t a) { c.a = a; return c; }

rd_color rd_mix(rd_color a, rd_color b, float t)
{
    if (t < 0) t = 0;
    if (t > 1) t = 1;
    return (rd_color){(uint8_t)(a.r + (b.r - a.r) * t), (uint8_t)(a.g + (b.g - a.g) * t),
                      (uint8_t)(a.b + (b.b - a.b) * t), (uint8_t)(a.a + (b.a - a.a) * t)};
}

int rd_save_png(rd_ctx *c, const char *path, char *err, size_t errlen)
{
    SDL_Surface *s = c->surface, *tmp = NULL;
    if (!s) {
        int w, h;
        rd_output_size(c, &w, &h);
        tmp = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
        if (!tmp || SDL_RenderReadPixels(c->ren, NULL, SDL_PIXELFORMAT_ARGB8888, tmp->pixels, tmp->pitch) != 0) {
            snprintf(err, errlen, "cannot read the window's pixels: %s", SDL_GetError());
            SDL_FreeSurface(tmp);
            return -1;
        }
        s = tmp;
    } else {
        SDL_RenderFlush(c->ren);
    }
    /* A screen is opaque: the window shows it over nothing. Its surface's alpha is only what the
     * blending arithmetic left (text and translucent fills bring ~7 % of pixels to 251-253), which
     * would show faintly through on a slide's background, so the file is RGB. */
    int rc = rd_png_save(s, true, path, err, errlen);
    SDL_FreeSurface(tmp);
    return rc;
}
