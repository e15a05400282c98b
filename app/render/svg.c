/* svg.c — SVG writer behind the renderer's hook: rects, lines, patterns, clip groups and <text> runs. */
#include "render/svg.h"
#include "util/safefile.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct rd_svg {
    int w, h;
    char *defs, *body;      /* growing strings: <defs> content, drawing elements */
    size_t ndefs, capdefs, nbody, capbody;
    int depth;              /* open clip groups */
    int next_id;
    rd_svg_counts n;
    bool oom;
};

static void add(rd_svg *s, bool defs, const char *fmt, ...)
{
    char **buf = defs ? &s->defs : &s->body;
    size_t *len = defs ? &s->ndefs : &s->nbody, *cap = defs ? &s->capdefs : &s->capbody;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        size_t room = *cap - *len;
        int k = *buf ? vsnprintf(*buf + *len, room, fmt, ap) : -1;
        va_end(ap);
        if (k >= 0 && (size_t)k < room) { *len += (size_t)k; return; }
        size_t ncap = *cap ? *cap * 2 : 65536;
        if (k > 0 && ncap < *len + (size_t)k + 1) ncap = *len + (size_t)k + 1;
        char *nb = realloc(*buf, ncap);
        if (!nb) { s->oom = true; return; }
        *buf = nb;
        *cap = ncap;
    }
}

rd_svg *rd_svg_new(int w, int h)
{
    rd_svg *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->w = w; s->h = h;
    return s;
}

void rd_svg_free(rd_svg *s)
{
    if (!s) return;
    free(s->defs);
    free(s->body);
    free(s);
}

rd_svg_counts rd_svg_count(const rd_svg *s) { return s->n; }

/* "#rrggbb" plus an opacity attribute when not opaque */
static void paint(char *out, size_t n, const char *attr, rd_color c)
{
    if (c.a == 255) snprintf(out, n, "%s=\"#%02x%02x%02x\"", attr, c.r, c.g, c.b);
    else snprintf(out, n, "%s=\"#%02x%02x%02x\" %s-opacity=\"%.3f\"", attr, c.r, c.g, c.b, attr, c.a / 255.0);
}

void svg_rec_clear(rd_svg *s, rd_color bg)
{
    /* a new frame replaces the previous one: the recorder holds what the last frame drew */
    s->nbody = s->ndefs = 0;
    if (s->body) s->body[0] = 0;
    if (s->defs) s->defs[0] = 0;
    s->depth = 0;
    s->next_id = 0;
    memset(&s->n, 0, sizeof s->n);
    char p[64];
    paint(p, sizeof p, "fill", bg);
    add(s, false, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" %s/>\n", s->w, s->h, p);
    s->n.rects++;
}

void svg_rec_fill(rd_svg *s, rd_rect r, rd_color col)
{
    char p[64];
    paint(p, sizeof p, "fill", col);
    add(s, false, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" %s/>\n", r.x, r.y, r.w, r.h, p);
    s->n.rects++;
}

void svg_rec_line(rd_svg *s, int x0, int y0, int x1, int y1, rd_color col)
{
    char p[64];
    paint(p, sizeof p, "stroke", col);
    /* SDL lines cover whole pixels from end to end: centre the stroke on the pixel row/column */
    add(s, false, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" %s stroke-width=\"1\" stroke-linecap=\"square\"/>\n",
        x0 + 0.5, y0 + 0.5, x1 + 0.5, y1 + 0.5, p);
    s->n.lines++;
}

void svg_rec_hatch(rd_svg *s, rd_rect r, rd_color col, int spacing)
{
    /* the same stripes as the raster side: x - r.x + (y - r.y - r.h) = k for k = -r.h + n*spacing */
    int id = s->next_id++;
    char p[64];
    paint(p, sizeof p, "stroke", col);
    add(s, true, "<clipPath id=\"h%d\"><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/></clipPath>\n", id, r.x, r.y, r.w, r.h);
    add(s, false, "<path clip-path=\"url(#h%d)\" %s stroke-width=\"1\" fill=\"none\" d=\"", id, p);
    for (int k = -r.h; k < r.w; k += spacing)
        add(s, false, "M%.1f %.1fL%.1f %.1f", r.x + k + 0.5, r.y + r.h + 0.5, r.x + k + r.h + 0.5, r.y + 0.5);
    add(s, false, "\"/>\n");
    s->n.patterns++;
}

void svg_rec_dots(rd_svg *s, rd_rect r, rd_color col, int spacing)
{
    /* one dot every `spacing` px, odd rows shifted by half: a pattern tile of spacing x 2*spacing */
    int id = s->next_id++;
    char p[64];
    paint(p, sizeof p, "fill", col);
    int h = spacing / 2;
    add(s, true,
        "<pattern id=\"d%d\" patternUnits=\"userSpaceOnUse\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\">"
        "<rect x=\"%d\" y=\"%d\" width=\"1\" height=\"1\" %s/><rect x=\"%d\" y=\"%d\" width=\"1\" height=\"1\" %s/></pattern>\n",
        id, r.x, r.y, spacing, 2 * spacing, h, h, p, (h + spacing / 2) % spacing, h + spacing, p);
    add(s, false, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"url(#d%d)\"/>\n", r.x, r.y, r.w, r.h, id);
    s->n.patterns++;
}

void svg_rec_triangle(rd_svg *s, int x, int y, int size, bool down, rd_color col)
{
    char p[64];
    paint(p, sizeof p, "fill", col);
    double l = x - size / 2.0, rr = x + size / 2.0 + 1;
    if (down) add(s, false, "<polygon points=\"%.1f,%d %.1f,%d %.1f,%d\" %s/>\n", l, y, rr, y, x + 0.5, y + size, p);
    else add(s, false, "<polygon points=\"%.1f,%d %.1f,%d %.1f,%d\" %s/>\n", x + 0.5, y, rr, y + size, l, y + size, p);
    s->n.polys++;
}

void svg_rec_grid(rd_svg *s, rd_rect r, int w, int h, const uint32_t *rgb)
{
    /* cells as rects, runs of one colour in a row merged; edges as the raster's nearest scaling */
    for (int j = 0; j < h; j++) {
        int y0 = r.y + (int)((long)r.h * j / h), y1 = r.y + (int)((long)r.h * (j + 1) / h);
        for (int i = 0; i < w;) {
            uint32_t c = rgb[j * w + i] & 0xffffffu;
            int k = i + 1;
            while (k < w && (rgb[j * w + k] & 0xffffffu) == c) k++;
            int x0 = r.x + (int)((long)r.w * i / w), x1 = r.x + (int)((long)r.w * k / w);
            add(s, false, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#%06x\"/>\n", x0, y0, x1 - x0, y1 - y0, c);
            s->n.rects++;
            i = k;
        }
    }
}

void svg_rec_clip_push(rd_svg *s, rd_rect r)
{
    int id = s->next_id++;
    add(s, true, "<clipPath id=\"c%d\"><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/></clipPath>\n", id, r.x, r.y,
        r.w > 0 ? r.w : 0, r.h > 0 ? r.h : 0);
    add(s, false, "<g clip-path=\"url(#c%d)\">\n", id);
    s->depth++;
}

void svg_rec_clip_pop(rd_svg *s)
{
    if (s->depth <= 0) return;
    add(s, false, "</g>\n");
    s->depth--;
}

void svg_rec_text(rd_svg *s, const char *family, bool bold, int size_px, int x, int y, int width, rd_color col,
                  const char *text, size_t len)
{
    char p[64];
    paint(p, sizeof p, "fill", col);
    /* a generic family after DejaVu: a viewer without DejaVu (a slide deck opened elsewhere) otherwise
     * falls back to its default, a serif face in most, where sans or monospace keeps the look */
    const char *generic = strstr(family, "Mono") ? "monospace" : "sans-serif";
    add(s, false, "<text x=\"%d\" y=\"%d\" font-family=\"%s, %s\" font-size=\"%d\"%s %s", x, y, family, generic, size_px,
        bold ? " font-weight=\"bold\"" : "", p);
    if (width > 0) add(s, false, " textLength=\"%d\" lengthAdjust=\"spacingAndGlyphs\"", width);
    add(s, false, ">");
    /* XML escapes; text is UTF-8 already, control characters are dropped (not allowed in XML 1.0) */
    size_t start = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        const char *esc = ch == '&' ? "&amp;" : ch == '<' ? "&lt;" : ch == '>' ? "&gt;" : ch < 0x20 ? "" : NULL;
        if (!esc) continue;
        add(s, false, "%.*s%s", (int)(i - start), text + start, esc);
        start = i + 1;
    }
    add(s, false, "%.*s</text>\n", (int)(len - start), text + start);
    s->n.texts++;
}

static int write_body(const rd_svg *s, FILE *f)
{
    /* spaces in text are layout ("[   80.007812] ", aligned columns): xml:space="preserve" keeps them
     * in every renderer (rsvg-convert ignores CSS white-space); the CSS is for SVG 2 renderers */
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" xml:space=\"preserve\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
            s->w, s->h, s->w, s->h);
    fprintf(f, "<style>text{white-space:pre}</style>\n");
    fprintf(f, "<defs>\n%s</defs>\n", s->defs ? s->defs : "");
    if (s->body) fputs(s->body, f);
    for (int i = 0; i < s->depth; i++) fputs("</g>\n", f);
    fputs("</svg>\n", f);
    return ferror(f) || s->oom ? -1 : 0;
}

int rd_svg_write_inline(const rd_svg *s, FILE *f) { return write_body(s, f); }

int rd_svg_write(const rd_svg *s, FILE *f)
{
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
    return write_body(s, f);
}

int rd_svg_save(const rd_svg *s, const char *path, char *err, size_t errlen)
{
    if (s->oom) { snprintf(err, errlen, "out of memory while recording the SVG"); return -1; }
    /* the document is built in memory, then written the one safe way (util/safefile.h) */
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m) { snprintf(err, errlen, "%s: out of memory", path); return -1; }
    int rc = rd_svg_write(s, m);
    if (fclose(m) != 0 || rc != 0) { free(buf); snprintf(err, errlen, "%s: out of memory", path); return -1; }
    sf_out *o = sf_open(path, 0666, err, errlen);
    if (!o) { free(buf); return -1; }
    sf_write(o, buf, len);
    free(buf);
    return sf_commit(o, err, errlen);
}
