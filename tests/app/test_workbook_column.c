/* test_workbook_column.c — the window's workbook column through the window's own key and click paths: the keys that
 * scroll it tick nothing, and every lesson chip opens its lesson wherever on it the click lands. */
#include "window_fixture.h"
#include "text_runs.h"
#include "window/workbook_hooks.h"
#include "workbook/progress.h"
#include "workbook/score.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char cfgdir[64];
static runs R; /* static: 4096 runs of 200 bytes are too many for a stack */

/* The shipped workbook with a fresh progress file, in a w x h window; the column is not shown yet. */
static void open_window(int w, int h)
{
    window_fixture_open(cfgdir, "wbcol", w, h, true);
    char state[128];
    snprintf(state, sizeof state, "%s/state", cfgdir);
    setenv("XDG_STATE_HOME", state, 1);
    unsetenv("RCUVIS_DATA"); /* the shipped workbook (the fixture hid the data directory for the built-in demo) */
}

static void teardown(void) { window_fixture_close(cfgdir); }

/* One frame, keeping the text it draws in R. */
static void frame_runs(void)
{
    R.n = 0;
    rd_set_text_observer(W->rd, keep_run, &R);
    frame();
    rd_set_text_observer(W->rd, NULL, NULL);
}

/* The first run in the column that starts with prefix, or NULL. */
static const run *column_run(const char *prefix)
{
    rd_rect c = W->app.L.workbook;
    for (int i = 0; i < R.n; i++)
        if (starts_in(R.v[i].r, c) && !strncmp(R.v[i].text, prefix, strlen(prefix))) return &R.v[i];
    return NULL;
}

/* The lesson chips as drawn: runs "6 0/23" (or "6 ✓") in the column above the "Lesson N: ..." heading. */
static int chips(const run **out, int max)
{
    const run *head = column_run("Lesson ");
    cr_assert(head, "the column shows its lesson's heading");
    rd_rect c = W->app.L.workbook;
    int n = 0;
    for (int i = 0; i < R.n && n < max; i++) {
        const run *u = &R.v[i];
        int id, done, all;
        char tick[8];
        if (!starts_in(u->r, c) || u->r.y >= head->r.y) continue;
        if (sscanf(u->text, "%d %d/%d", &id, &done, &all) == 3 || sscanf(u->text, "%d %7s", &id, tick) == 2) out[n++] = u;
    }
    return n;
}

/* The lesson the column shows: its heading reads "Lesson <id>: ...". */
static bool shows_lesson(const char *id)
{
    char want[32];
    snprintf(want, sizeof want, "Lesson %s:", id);
    return column_run(want) != NULL;
}

/* Shift+Down scrolls the column's text, Shift+Up back, and neither picks an answer; nor does A (Shift+a,
 * "answer") pressed after a click on a lesson's chip has given the column the keyboard. A student took
 * lesson 6's chip, pressed A and Shift+Down, and found "[x] a)" ticked: it was A, which picked a. Plain
 * Up/Down still move the highlight, Space and lower-case a still pick. */
Test(column, shift_arrows_and_A_scroll_or_take_the_keyboard_and_pick_nothing, .fini = teardown)
{
    open_window(1280, 720);
    key(SDLK_w);
    cr_assert(W->app.st.show_workbook);
    cr_assert(ui_workbook_available(), "the shipped workbook loads");
    frame_runs();
    const run *ch[32];
    int n = chips(ch, 32);
    cr_assert_geq(n, 6, "the shipped workbook's lesson chips are drawn (%d found)", n);
    const run *six = NULL;
    for (int i = 0; i < n; i++)
        if (!strncmp(ch[i]->text, "6 ", 2)) six = ch[i];
    cr_assert(six, "lesson 6's chip is drawn");
    click_left(six->r.x + six->r.w / 2, six->r.y + six->r.h / 2);
    frame_runs();
    cr_assert(shows_lesson("6"), "the chip opened lesson 6");
    cr_assert(column_run("[ ] a)"), "question 6.1 is a choice, nothing picked yet");
    const run *head = column_run("Lesson 6:");
    int head_y = head->r.y;

    keymod(SDLK_a, KMOD_LSHIFT); /* A, as the footer says, with the keyboard already the column's */
    frame_runs();
    cr_expect_null(column_run("[x]"), "A after a click on a chip picked an answer");
    cr_expect(column_run("[ ] a)"), "A left option a as it was");

    keymod(SDLK_DOWN, KMOD_LSHIFT);
    frame_runs();
    head = column_run("Lesson 6:");
    cr_expect(!head || head->r.y < head_y, "Shift+Down scrolled the column's text up");
    cr_expect_null(column_run("[x]"), "Shift+Down picked an answer");
    cr_expect(column_run("[ ] a)"), "the options are still in view, none picked");

    keymod(SDLK_UP, KMOD_RSHIFT);
    frame_runs();
    head = column_run("Lesson 6:");
    cr_expect(head && head->r.y == head_y, "Shift+Up scrolled back to the top");
    cr_expect_null(column_run("[x]"), "Shift+Up picked an answer");

    /* plain keys still pick: Down moves the highlight to b, Space picks it (b is under the column's edge
     * at 1280x720: Shift+Down brings it up, and picks nothing on the way); lower-case c picks c */
    key(SDLK_DOWN);
    key(SDLK_SPACE);
    for (int i = 0; i < 4; i++) keymod(SDLK_DOWN, KMOD_LSHIFT);
    frame_runs();
    cr_expect(column_run("[x] b)"), "Down then Space picks b");
    cr_expect_null(column_run("[x] a)"), "and not a");
    key(SDLK_c);
    frame_runs();
    cr_expect(column_run("[x] c)"), "c picks c");
    cr_expect(column_run("[ ] b)"), "in place of b (6.1 is a choice of one)");
}

/* Every lesson chip drawn, clicked at its centre and 2 px inside its left and right edges, opens its own
 * lesson. The chip's box is its label's run widened by the padding the drawing adds on either side
 * (rd_px(4), at least 4 px), so 2 px inside the drawn box is 2 px or more outside the label. The points
 * are in window points: hidpi 2 draws twice as many pixels, as a Retina window does. */
static void every_chip_opens_its_lesson(int w, int h, float hidpi)
{
    open_window(w, h);
    if (hidpi != 1.0f) {
        char err[512];
        rd_free(W->rd);
        W->rd = rd_new_offscreen((int)(w * hidpi), (int)(h * hidpi), hidpi, err, sizeof err);
        cr_assert(W->rd, "%s", err);
        W->hidpi = hidpi;
    }
    key(SDLK_w);
    cr_assert(ui_workbook_available(), "the shipped workbook loads");
    frame_runs();
    const run *found[32];
    int n = chips(found, 32);
    cr_assert_geq(n, 6, "%dx%d: the lesson chips are drawn (%d found)", w, h, n);
    /* copies: R is drawn over by every frame below */
    run ch[32];
    for (int i = 0; i < n; i++) ch[i] = *found[i];
    int pad = (int)(4 * hidpi);
    const char *where[3] = {"2 px inside its left edge", "at its centre", "2 px inside its right edge"};
    int clicks = 0;
    for (int p = 0; p < 3; p++)
        for (int i = 0; i < n; i++) {
            /* first another lesson, by its chip's middle: a probe that opened nothing must not pass
             * because the lesson was open already */
            const run *o = &ch[(i + 1) % n];
            click_left((int)((o->r.x + o->r.w / 2) / hidpi), (int)((o->r.y + o->r.h / 2) / hidpi));
            frame_runs();
            char oid[16];
            snprintf(oid, sizeof oid, "%.*s", (int)strcspn(o->text, " "), o->text);
            cr_assert(shows_lesson(oid), "%dx%d: the middle of chip \"%s\" opens lesson %s", w, h, o->text, oid);
            rd_rect t = ch[i].r;
            int left = t.x - pad, right = t.x + t.w + pad; /* [left, right) as drawn */
            int px = p == 0 ? left + 2 : p == 1 ? t.x + t.w / 2 : right - 1 - 2, py = t.y + t.h / 2;
            click_left((int)(px / hidpi), (int)(py / hidpi));
            frame_runs();
            char id[16];
            snprintf(id, sizeof id, "%.*s", (int)strcspn(ch[i].text, " "), ch[i].text);
            cr_expect(shows_lesson(id), "%dx%d (hidpi %.0f): a click on chip \"%s\" (drawn at x %d..%d) %s, x=%d, did not open lesson %s",
                      w, h, hidpi, ch[i].text, left, right - 1, where[p], px, id);
            clicks++;
        }
    cr_expect_eq(clicks, 3 * n);
}

Test(column, every_chip_opens_its_lesson_at_1280x720, .fini = teardown) { every_chip_opens_its_lesson(1280, 720, 1.0f); }
Test(column, every_chip_opens_its_lesson_at_1600x900, .fini = teardown) { every_chip_opens_its_lesson(1600, 900, 1.0f); }
Test(column, every_chip_opens_its_lesson_at_1280x720_hidpi_2, .fini = teardown) { every_chip_opens_its_lesson(1280, 720, 2.0f); }

/* The column's title line gives the lesson's score; three kinds of answer ("1 first try, 1 after
 * retries, 1 with help, 4 to do - A to answer") ran past a 1280x720 column and ended "1 t...". Too long,
 * it says how many are done, whole. */
Test(column, the_title_lines_score_is_whole_at_1280x720, .fini = teardown)
{
    open_window(1280, 720);
    char path[256], msg[1024];
    progress p;
    progress_default_path(path, sizeof path);
    cr_assert_eq(progress_load(&p, path, msg, sizeof msg), 0, "%s", msg);
    progress_record(&p, "workbook/1", "1.1", "x", true, 10);
    progress_record(&p, "workbook/1", "1.2", "x", false, 11);
    progress_record(&p, "workbook/1", "1.2", "y", true, 12);
    cr_assert(wb_mark_hint(&p, "workbook/1", "1.3"));
    progress_record(&p, "workbook/1", "1.3", "z", true, 13);
    cr_assert_eq(progress_save(&p, msg, sizeof msg), 0, "%s", msg);
    progress_free(&p);
    key(SDLK_w);
    frame_runs();
    const run *title = column_run("lesson 1:");
    cr_assert(title, "the column's title line names its lesson");
    cr_expect_null(strstr(title->text, "\u2026"), "the title line is cut: \"%s\"", title->text);
    cr_expect(strstr(title->text, "3 of 7 done") || strstr(title->text, "with help"), "it gives the score: \"%s\"", title->text);
}
