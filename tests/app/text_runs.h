/* text_runs.h — tests: collect the text runs the renderer draws (rd_set_text_observer), with their rectangles, to check what shows where. */
#ifndef RCUVIS_TESTS_TEXT_RUNS_H
#define RCUVIS_TESTS_TEXT_RUNS_H

#include "render/render.h"

#include <stdio.h>
#include <string.h>

/* One drawn run, its text cut at 199 bytes. */
typedef struct run { char text[200]; rd_rect r; } run;
typedef struct runs { run v[4096]; int n; } runs;

/* The observer: ctx is a runs; runs past the 4096th are dropped. */
static inline void keep_run(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    runs *q = ctx;
    size_t len = end ? (size_t)(end - s) : strlen(s);
    if (q->n == 4096) return;
    run *u = &q->v[q->n++];
    snprintf(u->text, sizeof u->text, "%.*s", (int)(len < sizeof u->text ? len : sizeof u->text - 1), s);
    u->r = (rd_rect){x, y, w, h};
}

/* a begins inside r */
static inline bool starts_in(rd_rect a, rd_rect r) { return a.x >= r.x && a.y >= r.y && a.x < r.x + r.w && a.y < r.y + r.h; }

#endif
