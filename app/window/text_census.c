/* text_census.c — what a drawn frame shows of its text (runs, hidden rows, cut or shortened text): the panel-fitting rule that shot --panel and the window's V share. */
#include "window/text_census.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a reader loses when a panel gets less room: text cut at an edge or ended with "…", lines or
 * rows behind a "▼ N more" cue or a "… and N more leaves" line, and runs that vanish altogether
 * (older kernel-log lines, node titles, labels that no longer fit). Some runs do not count: axis
 * labels ("80.45 s"), which any width spaces out by design; the timeline's caption-lane previews
 * (rd_set_preview: the caption strip and panel show the caption whole); and compare's side heads
 * ("3.6 (softirq) — grace periods driven from RCU_SOFTIRQ") ending in "…": the engine's name comes
 * first, the rest repeats what the panels show. */
typedef struct seen {
    const ui_app *a;
    const rd_ctx *rd;
    long runs, hidden;
    int excused;        /* "…" that ends a caption's preview in the timeline, or a compare side's head */
    bool after_caption; /* the last run was a caption's start: a "…" now ends a shortened preview */
} seen;

static bool axis_label(const char *t)
{
    const char *p = t;
    while ((*p >= '0' && *p <= '9') || *p == '.' || *p == '-' || *p == '+') p++;
    return p > t && (!strcmp(p, " s") || !strcmp(p, " ms") || !strcmp(p, " µs") || !strcmp(p, " ns") || !strcmp(p, "s"));
}

/* A caption's text, or its start (rd_text_fit draws a shortened label as its start, then a run "…"):
 * 1 whole, 2 shortened, 0 neither */
static int caption_run(const ui_app *a, const char *t)
{
    size_t n = strlen(t);
    if (n < 8) return 0;
    for (size_t i = 0; i < a->base.ncaptions; i++)
        if (!strncmp(a->base.captions[i].text, t, n)) return a->base.captions[i].text[n] ? 2 : 1;
    return 0;
}

static bool in_side_head(const ui_layout *L, int y)
{
    for (int i = 0; i < L->nsides && L->nsides > 1; i++)
        if (L->side[i].head.h > 0 && y >= L->side[i].head.y && y < L->side[i].head.y + L->side[i].head.h) return true;
    return false;
}

/* A run in the caption strip under a panel (shot --panel at a cue): the strip shows the cue's words
 * whole in the font that fits, so a larger scale wraps them over more runs; counted, those extra runs
 * paid for what the panel above lost (tree's cue 4 dropped its kthread line and named the root's bits
 * "0 1 2 3"). Cut or shortened words in it still count, through the renderer's stats. */
static bool in_strip_under_a_panel(const ui_layout *L, int y)
{
    const ui_side *s = &L->side[0];
    bool panel = s->cpus.h > 0 || s->tree.h > 0 || s->acct.h > 0 || s->timeline.h > 0 || s->klog.h > 0;
    return panel && L->caption.h > 0 && y >= L->caption.y && y < L->caption.y + L->caption.h;
}

static void observe(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    (void)x; (void)w; (void)h;
    seen *sn = ctx;
    /* the caption lane's reminders: as many words as the room allows, down to none in a box narrower
     * than a word, so a larger scale (fewer words per line, a line fewer) loses nothing the caption
     * strip or panel does not show whole */
    if (rd_in_preview(sn->rd)) return;
    size_t n = end ? (size_t)(end - s) : strlen(s);
    char t[600];
    snprintf(t, sizeof t, "%.*s", (int)(n < sizeof t - 1 ? n : sizeof t - 1), s);
    if (!strcmp(t, "…")) { sn->excused += sn->after_caption || in_side_head(&sn->a->L, y); sn->after_caption = false; return; }
    int cap = caption_run(sn->a, t);
    sn->after_caption = cap == 2;
    if (cap || axis_label(t) || in_strip_under_a_panel(&sn->a->L, y)) return;
    sn->runs++;
    const char *num = NULL;
    if (!strncmp(t, "▼ ", strlen("▼ "))) num = t + strlen("▼ ");
    else if (!strncmp(t, "… and ", strlen("… and "))) num = t + strlen("… and ");
    if (num && *num >= '0' && *num <= '9') sn->hidden += strtol(num, NULL, 10);
}

ui_text_census ui_text_census_take(ui_app *a, rd_ctx *rd, float k, void (*draw)(ui_app *a, rd_ctx *rd, void *ctx), void *ctx)
{
    seen sn = {a, rd, 0, 0, 0, false};
    rd_set_scale(rd, k);
    rd_text_stats_reset(rd);
    rd_set_text_observer(rd, observe, &sn);
    draw(a, rd, ctx);
    rd_end(rd);
    rd_set_text_observer(rd, NULL, NULL);
    rd_text_stats ts;
    rd_text_stats_get(rd, &ts);
    return (ui_text_census){sn.runs, sn.hidden, ts.clipped, ts.shortened - sn.excused, ts.dropped, ts.cut_glyphs};
}

float ui_text_census_limit(int w, int h)
{
    float k = (float)w / 480.0f, kh = (float)h / 270.0f;
    if (kh < k) k = kh;
    if (k > 4.0f) k = 4.0f;
    return k < 1.0f ? 1.0f : k;
}

bool ui_text_census_keeps(const ui_text_census *s, const ui_text_census *base)
{
    return s->clipped <= base->clipped && s->cut_glyphs <= base->cut_glyphs && s->shortened <= base->shortened &&
           s->dropped <= base->dropped && s->hidden <= base->hidden && s->runs >= base->runs;
}

float ui_text_census_fit(ui_app *a, rd_ctx *rd, float base_k, float limit, void (*draw)(ui_app *a, rd_ctx *rd, void *ctx), void *ctx)
{
    ui_text_census base = ui_text_census_take(a, rd, base_k, draw, ctx);
    for (float k = (float)((int)(limit * 4.0f)) / 4.0f; k > base_k + 0.001f; k -= 0.25f) {
        ui_text_census s = ui_text_census_take(a, rd, k, draw, ctx);
        if (ui_text_census_keeps(&s, &base)) return k;
    }
    return base_k;
}
