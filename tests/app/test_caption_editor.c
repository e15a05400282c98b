/* test_caption_editor.c — the recorder's caption editor keeps the words being typed in view and says when the caption is nearly full. */
#include <criterion/criterion.h>

#include "panels/caption_editor.h"
#include "render/theme.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

typedef struct seen { char v[32][700]; int n; } seen;

static void keep(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    (void)x; (void)y; (void)w; (void)h;
    seen *S = ctx;
    if (S->n >= 32) return;
    size_t n = end ? (size_t)(end - s) : strlen(s);
    if (n >= sizeof S->v[0]) n = sizeof S->v[0] - 1;
    memcpy(S->v[S->n], s, n);
    S->v[S->n++][n] = 0;
}

static bool ends_with(const char *s, const char *tail)
{
    size_t a = strlen(s), b = strlen(tail);
    return a >= b && !strcmp(s + a - b, tail);
}

static void draw(const char *text, seen *S)
{
    char err[256];
    rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ui_frame fr;
    memset(&fr, 0, sizeof fr);
    fr.rd = rd;
    fr.th = ui_theme_get(0);
    memset(S, 0, sizeof *S);
    rd_set_text_observer(rd, keep, S);
    panel_caption_editor_draw(&fr, (rd_rect){0, 0, 1280, 720}, text, 511, 1500000000, "every mode");
    rd_set_text_observer(rd, NULL, NULL);
    rd_end(rd);
    ui_frame_free(&fr);
    rd_free(rd);
}

/* Typed past the box's width, the caption was cut from the right ("…" where the cursor was), so an
 * author typed blind; and at 511 bytes the editor took no more keys without a word why. */
Test(caption_editor, the_end_of_a_long_caption_and_its_cursor_stay_in_view)
{
    char text[512] = "";
    while (strlen(text) + 40 < 300) strcat(text, "a grace period ends when every CPU passed ");
    strcat(text, "THE LAST WORDS");
    seen S;
    draw(text, &S);
    bool tail = false, ellipsis = false, counter = false;
    for (int i = 0; i < S.n; i++) {
        if (ends_with(S.v[i], "THE LAST WORDS_")) tail = true;
        if (!strcmp(S.v[i], "…")) ellipsis = true;
        if (strstr(S.v[i], "bytes")) counter = true;
    }
    cr_expect(tail, "the words being typed and the cursor are drawn");
    cr_expect(ellipsis, "the start, left out, is marked");
    cr_expect_not(counter, "well below the limit: no count (%zu bytes)", strlen(text));

    while (strlen(text) + 36 < 511) strcat(text, " and then some more words are typed.");
    while (strlen(text) < 511) strcat(text, "x");
    cr_assert_eq(strlen(text), 511);
    draw(text, &S);
    bool full = false;
    for (int i = 0; i < S.n; i++) full |= strstr(S.v[i], "511 of 511 bytes: full") != NULL;
    cr_expect(full, "at the limit the editor says it is full");
}
