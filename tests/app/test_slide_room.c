/* test_slide_room.c — pictures nobody can scroll: the "Why is it waiting?" answer stops only at a sentence's end, and the timeline drawn alone uses its height, its captions shortened at a word. */
#include <criterion/criterion.h>

#include "panels/panels.h"
#include "app_load.h"
#include "text_runs.h"
#include "window/app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static runs R;

/* a drawn at w x h logical pixels and scale (the layout, theme and views' reports set), then fn into r
 * of a fresh renderer of that size, its text runs in R. */
static void frame_then(ui_app *a, int w, int h, float scale, void (*fn)(ui_app *, rd_rect), rd_rect r)
{
    char err[512];
    ui_app_refresh_reports(a, 0, 0);
    rd_ctx *rd = rd_new_offscreen((int)(w * scale), (int)(h * scale), scale, err, sizeof err);
    cr_assert(rd, "%s", err);
    ui_app_draw(a, rd);
    rd_end(rd);
    a->fr.rd = rd;
    rd_begin(rd, a->fr.th->bg);
    a->fr.nhits = 0;
    R.n = 0;
    rd_set_text_observer(rd, keep_run, &R);
    fn(a, r);
    rd_end(rd);
    rd_set_text_observer(rd, NULL, NULL);
    a->fr.rd = NULL;
    rd_free(rd);
}

static void why_alone(ui_app *a, rd_rect r) { panel_why_draw(&a->fr, r, &a->s[0].view, &a->st, false); }

/* omap-stall's cue 4 as a slide (`shot --cue 4 --clean --size 1280x720 --scale 1.5`): the answer stopped
 * at "...ran only then, 75.469 s after the GP began, and found CPU 0" over "▼ 4 more lines". At every
 * height of the panel, the text shown ends a sentence, or is all of it. */
Test(slide_room, a_slides_why_answer_stops_at_a_sentences_end)
{
    ui_app a;
    char err[512];
    app_load(&a, "omap-stall.json", false);
    cr_assert_eq(ui_app_goto_cue(&a, 3, err, sizeof err), 0, "%s", err);
    while (ui_app_seek_continue(&a, 1000)) {}
    a.st.clean = true;
    int cut = 0;
    for (int h = 80; h < 260; h += 4) {
        frame_then(&a, 1066, 600, 1.5f, why_alone, (rd_rect){0, 0, 300, h});
        int last = -1;
        bool cue = false;
        for (int i = 0; i < R.n; i++) {
            if (!strncmp(R.v[i].text, "\u25BC", 3)) cue = true;
            else if (R.v[i].r.y > R.v[0].r.y + 1 && strcmp(R.v[i].text, "Why is it waiting?")) last = i; /* the answer's lines */
        }
        if (!cue || last < 0) continue;
        cut++;
        /* its first sentence longer than the room: the lines that fit, then the count (nothing better) */
        bool whole_sentence = false;
        for (int i = 1; i <= last; i++) whole_sentence |= strstr(R.v[i].text, ". ") || (R.v[i].text[0] && strchr(".:", R.v[i].text[strlen(R.v[i].text) - 1]));
        if (!whole_sentence) continue;
        const char *t = R.v[last].text;
        size_t n = strlen(t);
        while (n && t[n - 1] == ' ') n--;
        cr_expect(n && strchr(".:?!", t[n - 1]), "%d px: the answer stops mid-sentence at \"%s\"", h, t);
    }
    cr_expect_gt(cut, 0, "no height left part of the answer out (the check would prove nothing)");
    ui_app_free(&a);
}

static int side_drawn;
static void timeline_alone(ui_app *a, rd_rect r) { panel_timeline_draw(&a->fr, r, &a->s[side_drawn].view, &a->st); }

/* Is the last word of t a whole word of one of a's captions (after a space or at its start, before a
 * space or at its end)? */
static bool ends_a_word(const ui_app *a, const char *t)
{
    const char *w = strrchr(t, ' ') ? strrchr(t, ' ') + 1 : t;
    size_t n = strlen(w);
    for (int s = 0; s < a->nsessions; s++)
        for (size_t c = 0; n && c < a->s[s].view.cfg->ncaptions; c++) {
            const char *text = a->s[s].view.cfg->captions[c].text;
            for (const char *p = text; (p = strstr(p, w)); p++)
                if ((p == text || p[-1] == ' ') && (p[n] == 0 || p[n] == ' ')) return true;
        }
    return false;
}

/* `shot omap-stall --at 80.02 --compare --panel timeline --size 1920x1080`: its lanes filled the top
 * third, each caption cut with "…" in one line. Drawn alone in a tall rectangle, the lanes take most of
 * its height. Its captions lane once took every line its captions wrapped to (most of the picture, at
 * the fitted scale a word or two a line, words broken); now it takes a few lines, and a caption longer
 * than those ends with "…" after a whole word. */
Test(slide_room, the_timeline_alone_uses_its_height_and_shortens_captions_at_a_word)
{
    ui_app a;
    app_load(&a, "omap-stall.json", true);
    app_seek(&a, 80020000000LL);
    a.st.clean = true;
    for (side_drawn = 0; side_drawn < 2; side_drawn++) {
        rd_rect r = {0, 0, 700, 520};
        frame_then(&a, 1280, 720, 1.0f, timeline_alone, r);
        const ui_hit *plot = NULL;
        for (int k = 0; k < a.fr.nhits; k++)
            if (a.fr.hits[k].kind == HIT_TIMELINE) plot = &a.fr.hits[k];
        cr_assert(plot, "side %d: no timeline drawn", side_drawn);
        cr_expect_gt(plot->r.h, r.h / 2, "side %d: the lanes take %d of %d px", side_drawn, plot->r.h, r.h);
        for (int i = 1; i < R.n; i++)
            if (!strcmp(R.v[i].text, "\u2026"))
                cr_expect(ends_a_word(&a, R.v[i - 1].text), "side %d: a caption cut inside a word with \"…\" (after \"%s\")", side_drawn,
                          R.v[i - 1].text);
    }
    ui_app_free(&a);
}
