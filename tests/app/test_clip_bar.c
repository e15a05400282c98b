/* test_clip_bar.c — a clip frame's event bar: a GP end and the next start between frames are both named; a report the picture shows outranks a later unreported QS. */
#include <criterion/criterion.h>

#include "app_load.h"
#include "view/history.h"
#include "view/timetravel.h"

#include <string.h>

/* The tree lecture's climax, GP 40's end, fell between two frames of a 10 fps clip together with
 * GP 41's start, and the bar named only "grace period 41 started on CPU 13". */
Test(clip_bar, an_end_and_the_next_start_between_frames_are_both_named)
{
    ui_app a;
    app_load(&a, "tree.json", false);
    app_seek(&a, (int64_t)300e6); /* a stretch of the run the history holds */
    const ui_history *h = tt_history(a.s[0].tt);
    const ui_gp_bar *prev = NULL, *next = NULL;
    for (size_t i = 1; i < h->gps[RV_SCHED].n && !next; i++) {
        const ui_gp_bar *p = &h->gps[RV_SCHED].v[i - 1], *q = &h->gps[RV_SCHED].v[i];
        if (p->end >= 0 && q->gp == p->gp + 1 && q->start >= p->end && q->start - p->end < 1000000) { prev = p; next = q; }
    }
    cr_assert(next, "tree.json has a GP that starts within 1 ms of the last one's end");
    a.st.bar_since_ns = prev->end - 1000; /* the frame before: just before the end */
    app_seek(&a, next->start + 1000);
    char err[256];
    rd_ctx *rd = rd_new_offscreen(640, 400, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ui_app_draw(&a, rd);
    rd_end(rd);
    char want[96];
    snprintf(want, sizeof want, "rcu_sched grace period %llu ended, %llu started", (unsigned long long)prev->gp, (unsigned long long)next->gp);
    cr_expect(strstr(a.s[0].view.bar_event, want), "the bar: \"%s\", wanted \"%s\"", a.s[0].view.bar_event, want);
    /* a still (no frame before) names its latest instant alone */
    a.st.bar_since_ns = -1;
    ui_app_draw(&a, rd);
    rd_end(rd);
    cr_expect_null(strstr(a.s[0].view.bar_event, "ended,"), "a still: %s", a.s[0].view.bar_event);
    rd_free(rd);
    ui_app_free(&a);
}

/* The speaker's tree clip, 10 fps over 31 ms: between two frames CPU 0 reported (its bit in rnp1 is
 * the one the picture shows cleared) and CPU 8 then passed a quiescent state it had not reported, and
 * the bar named CPU 8, the later of two events it ranked equal. */
Test(clip_bar, a_report_the_picture_shows_outranks_a_later_unreported_qs)
{
    ui_app a;
    app_load(&a, "tree.json", false);
    a.st.bar_since_ns = 163984810; /* the frame before */
    app_seek(&a, 164377215);
    char err[256];
    rd_ctx *rd = rd_new_offscreen(640, 400, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ui_app_draw(&a, rd);
    rd_end(rd);
    cr_expect(strstr(a.s[0].view.bar_event, "CPU 0 reported to rnp1"), "the bar: \"%s\"", a.s[0].view.bar_event);
    rd_free(rd);
    ui_app_free(&a);
}
