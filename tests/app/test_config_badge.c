/* test_config_badge.c — a stray U in a lecture: the "changed" badge names only what differs from the file, in its red badge when presenting too; a cue's caption under a changed configuration says it describes the file's; Backspace restores the file's configuration. */
#include <criterion/criterion.h>

#include "window/window.h"
#include "window_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char cfgdir[64];

static void setup(void) { window_fixture_open(cfgdir, "badge", 1280, 720, false); }
static void teardown(void) { window_fixture_close(cfgdir); }

TestSuite(config_badge, .init = setup, .fini = teardown);

static void open_scenario(const char *name)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/%s", root, name);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
}

/* The text runs of one frame (rd_set_text_observer), for the top bar. */
static char runs[64][320];
static int nruns;
static int top_h;

static void keep_run(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    (void)ctx; (void)x; (void)w; (void)h;
    if (y >= top_h || nruns == 64) return;
    size_t len = end ? (size_t)(end - s) : strlen(s);
    snprintf(runs[nruns++], sizeof runs[0], "%.*s", (int)(len < sizeof runs[0] ? len : sizeof runs[0] - 1), s);
}

static void top_bar_runs(void)
{
    nruns = 0;
    top_h = rd_px(W->rd, 34);
    rd_set_text_observer(W->rd, keep_run, NULL);
    frame();
    rd_set_text_observer(W->rd, NULL, NULL);
}

/* hackbench, F5, cue 3 (compare), U: 32 CPUs. The cue's caption quotes the file's 16-CPU figures. */
static void lecture_at_cue_3_then_u(void)
{
    open_scenario("hackbench.json");
    frame();
    key(SDLK_F5);
    for (int i = 0; i < 3; i++) key(SDLK_PAGEDOWN);
    cr_assert_eq(W->app.st.cue, 2);
    cr_assert_str_eq(W->app.st.config_badge, "");
    key(SDLK_u);
    cr_assert_eq(W->app.base.cpus, 32);
}

Test(config_badge, a_cue_caption_under_a_changed_configuration_says_so)
{
    lecture_at_cue_3_then_u();
    cr_assert_str_eq(W->app.st.config_badge, "cpus=32");
    const char *cap = W->app.s[0].view.caption;
    cr_assert(cap && strstr(cap, "this cue describes the scenario as shipped"), "caption: %s", cap ? cap : "(none)");
    cr_assert(strstr(cap, "Backspace"), "the caption names the key that restores: %s", cap);
    cr_assert(strstr(cap, W->app.base.cues[2].caption), "the cue's own caption follows");
    key(SDLK_PAGEDOWN); /* the next cue (if any) speaks the same way while 32 CPUs are kept */
    cap = W->app.s[0].view.caption;
    int q = W->app.st.cue;
    if (q >= 0 && (size_t)q < W->app.base.ncues && W->app.base.cues[q].caption[0])
        cr_assert(cap && strstr(cap, "as shipped"), "cue %d: %s", q + 1, cap ? cap : "(none)");
    /* Shift+U: 16 CPUs again, the file's: nothing is changed, the caption is the cue's alone */
    keymod(SDLK_u, KMOD_SHIFT);
    cr_assert_eq(W->app.base.cpus, 16);
    cr_assert_str_eq(W->app.st.config_badge, "", "badge after Shift+U: \"%s\"", W->app.st.config_badge);
    cap = W->app.s[0].view.caption;
    cr_assert(!cap || !strstr(cap, "as shipped"), "marked with nothing changed: %s", cap);
}

Test(config_badge, backspace_restores_the_files_configuration)
{
    lecture_at_cue_3_then_u();
    int64_t t = ui_app_now(&W->app);
    key(SDLK_BACKSPACE);
    cr_assert_eq(W->app.base.cpus, 16);
    cr_assert_eq(W->app.noverrides, 0);
    cr_assert_str_eq(W->app.st.config_badge, "");
    cr_assert_eq(ui_app_now(&W->app), t, "the moment is kept");
    cr_assert_str_eq(W->app.s[0].view.caption, W->app.base.cues[2].caption);
}

Test(config_badge, presenting_shows_the_badge_on_its_own)
{
    lecture_at_cue_3_then_u();
    top_bar_runs();
    bool badge = false;
    for (int i = 0; i < nruns; i++) {
        if (!strcmp(runs[i], "changed: cpus=32")) badge = true;
        else cr_assert_null(strstr(runs[i], "changed:"), "the badge inside the line of text: %s", runs[i]);
    }
    cr_assert(badge, "no \"changed: cpus=32\" badge in the presenting top bar");
}

/* omap-stall's cue 6 asks for X (rcu.needs_gp_fix); doing so is following the cue, not leaving it:
 * the caption says the change is the cue's own invitation, not that the cue no longer fits (a
 * lecturer met "describes the scenario as shipped" right after pressing X as told). */
Test(config_badge, a_change_the_cue_invites_is_not_called_a_departure)
{
    open_scenario("omap-stall.json");
    frame();
    key(SDLK_F5);
    for (int i = 0; i < 6; i++) key(SDLK_PAGEDOWN);
    cr_assert_eq(W->app.st.cue, 5);
    cr_assert(strstr(W->app.base.cues[5].caption, "rcu.needs_gp_fix"), "cue 6 names the fix it invites");
    key(SDLK_x);
    cr_assert(strstr(W->app.st.config_badge, "needs_gp_fix"), "badge: %s", W->app.st.config_badge);
    const char *cap = W->app.s[0].view.caption;
    cr_assert(cap && strstr(cap, "as this cue invites"), "caption: %s", cap ? cap : "(none)");
    cr_expect_null(strstr(cap, "may not match the screen"), "caption: %s", cap);
    cr_expect(strstr(cap, W->app.base.cues[5].caption) != NULL, "the cue's own caption follows");
}

/* Only the cue's "invites" list makes a change its invitation: a caption that merely names the key
 * (here a copy of cue 6 without the list) still gets the warning that it describes the file's run. */
Test(config_badge, naming_a_key_in_a_caption_is_not_an_invitation)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char src[1024], dst[128], cmd[2300], err[4096];
    snprintf(src, sizeof src, "%s/scenarios/omap-stall.json", root);
    snprintf(dst, sizeof dst, "%s/no-invites.json", cfgdir);
    snprintf(cmd, sizeof cmd, "sed '/\"invites\"/d' '%s' > '%s'", src, dst);
    cr_assert_eq(system(cmd), 0);
    cr_assert_eq(ui_app_load(&W->app, dst, -1, err, sizeof err), 0, "%s", err);
    frame();
    key(SDLK_F5);
    for (int i = 0; i < 6; i++) key(SDLK_PAGEDOWN);
    cr_assert_eq(W->app.st.cue, 5);
    cr_assert_eq(W->app.base.cues[5].ninvites, 0);
    cr_assert(strstr(W->app.base.cues[5].caption, "rcu.needs_gp_fix"));
    key(SDLK_x);
    const char *cap = W->app.s[0].view.caption;
    cr_assert(cap && strstr(cap, "may not match the screen"), "caption: %s", cap ? cap : "(none)");
}

/* A status message stood where "hackbench · 3.7 (kthread)" was, so while the caption was held to be read
 * (a status) a student could not tell which kernel the single view showed: the kernel stays before it. */
Test(config_badge, a_status_keeps_the_kernel_in_the_top_bar)
{
    open_scenario("hackbench.json");
    frame();
    snprintf(W->app.st.status, sizeof W->app.st.status, "Caption held to be read (J skips)");
    top_bar_runs();
    bool mode = false, status = false;
    for (int i = 0; i < nruns; i++) {
        /* the scenario may come with it, in a shorter form where room is short ("hackbench · 3.7 · ") */
        size_t l = strlen(runs[i]), sl = strlen(" · ");
        mode |= strstr(runs[i], "3.7") && l > sl && !strcmp(runs[i] + l - sl, " · ");
        status |= strstr(runs[i], "Caption held") != NULL;
    }
    cr_expect(status, "the status is shown");
    cr_expect(mode, "the kernel shown stays beside the status");
}

/* A small 3.6 lecture written for these tests: a timed caption with no `when`, one written for 3.7
 * only, and a single-view cue that asks the reader to press M. */
static void open_lecture(void)
{
    char path[128], err[4096];
    snprintf(path, sizeof path, "%s/lecture.json", cfgdir);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs("{\"name\": \"lecture\", \"cpus\": 4, \"duration_s\": 2, \"rcu\": {\"mode\": \"softirq\"},\n"
          " \"workload\": [{\"task\": \"w\", \"cpus\": \"all\", \"busy_frac\": 0.5, \"call_rcu_per_s\": {\"rcu_sched\": 200}}],\n"
          " \"captions\": [{\"at_s\": 0, \"text\": \"Written for 3.6: each CPU's softirq does the work.\"},\n"
          "              {\"at_s\": 0, \"when\": {\"mode\": \"kthread\"}, \"text\": \"Written for 3.7: the kthread does it.\"}],\n"
          " \"cues\": [{\"at_s\": 0.5, \"title\": \"one\", \"caption\": \"Press M to see the same moment under 3.7.\",\n"
          "           \"invites\": [\"mode\"]},\n"
          "          {\"at_s\": 1, \"title\": \"two\", \"caption\": \"Under 3.6 the softirq did it.\"}]}\n", f);
    cr_assert_eq(fclose(f), 0);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
    frame();
}

/* A single-view cue that invites M kept silent once M was pressed (only compare cues spoke), and the
 * strip fell back to "(no caption at this moment)": it speaks, marked as followed. */
Test(config_badge, a_single_view_cue_speaks_after_the_change_it_invites)
{
    open_lecture();
    key(SDLK_F5);
    key(SDLK_PAGEDOWN);
    cr_assert_eq(W->app.st.cue, 0);
    cr_assert_eq(W->app.st.compare, false);
    key(SDLK_m);
    cr_assert_str_eq(W->app.st.config_badge, "mode=kthread");
    const char *cap = W->app.s[0].view.caption;
    cr_assert(cap && strstr(cap, "as this cue invites"), "caption: %s", cap ? cap : "(none)");
    cr_expect(strstr(cap, "Press M to see the same moment") != NULL, "the cue's own caption follows: %s", cap);
    /* cue 2 invites nothing: under 3.7 it stays silent, and the file's 3.7 caption speaks */
    key(SDLK_PAGEDOWN);
    cr_assert_eq(W->app.st.cue, 1);
    cap = W->app.s[0].view.caption;
    cr_assert(cap && !strcmp(cap, "Written for 3.7: the kthread does it."), "caption: %s", cap ? cap : "(none)");
}

/* A timed caption is written for the file's configuration too: under a change its `when` does not
 * test, it says so before its text; one whose `when` tests the changed key speaks as written. */
Test(config_badge, a_timed_caption_under_a_change_says_it_was_written_for_the_file)
{
    open_lecture();
    frame();
    cr_assert_str_eq(W->app.s[0].view.caption, "Written for 3.6: each CPU's softirq does the work.");
    key(SDLK_x); /* rcu.needs_gp_fix: not tested by the caption's `when` */
    cr_assert(strstr(W->app.st.config_badge, "needs_gp_fix"), "badge: %s", W->app.st.config_badge);
    const char *cap = W->app.s[0].view.caption;
    cr_assert(cap && strstr(cap, "this caption describes the scenario as shipped"), "caption: %s", cap ? cap : "(none)");
    cr_expect(strstr(cap, "Written for 3.6: each CPU's softirq") != NULL, "%s", cap);
    key(SDLK_x); /* back to the file's */
    key(SDLK_m); /* 3.7: the 3.7 caption's `when` tests the mode */
    cr_assert_str_eq(W->app.st.config_badge, "mode=kthread");
    cap = W->app.s[0].view.caption;
    cr_assert(cap && !strcmp(cap, "Written for 3.7: the kthread does it."), "caption: %s", cap ? cap : "(none)");
}

/* tree's cues carry its whole narration and it has no timed captions: under a change no cue invites
 * (U: 32 CPUs) the strip went blank ("(no caption at this moment)") without a word. It says the cue's
 * caption is hidden by the change, and Backspace brings the caption back. */
Test(config_badge, a_silenced_single_view_cue_says_why_the_strip_is_empty)
{
    open_scenario("tree.json");
    frame();
    key(SDLK_F5);
    for (int i = 0; i < 4; i++) key(SDLK_PAGEDOWN);
    cr_assert_eq(W->app.st.cue, 3);
    char own[512]; /* a copy: U re-simulates, and the loaded configuration is a new one */
    snprintf(own, sizeof own, "%s", W->app.base.cues[3].caption);
    cr_assert_str_eq(W->app.s[0].view.caption, own);
    key(SDLK_u);
    cr_assert(W->app.st.config_badge[0], "U changed nothing");
    const char *cap = W->app.s[0].view.caption;
    cr_assert(cap && strstr(cap, "cue 4's caption is written for the scenario as shipped, so it is not shown"),
              "caption: %s", cap ? cap : "(none)");
    cr_expect(strstr(cap, own) == NULL, "the silenced caption itself is not shown: %s", cap);
    key(SDLK_BACKSPACE);
    frame();
    cr_assert_str_eq(W->app.st.config_badge, "");
    cr_assert_str_eq(W->app.s[0].view.caption, own);
}

/* Z on hackbench (NO_HZ and FAST_NO_HZ on) was refused with the loader's message, a file path and a
 * JSON path cut off on the projector: FAST_NO_HZ depends on NO_HZ, so it goes with it; Shift+Z without
 * NO_HZ says what to press instead. */
Test(config_badge, z_takes_fast_no_hz_with_no_hz_and_shift_z_says_it_needs_no_hz)
{
    open_scenario("hackbench.json");
    frame();
    cr_assert(W->app.base.rcu.no_hz && W->app.base.rcu.fast_no_hz);
    key(SDLK_z);
    cr_expect_not(W->app.base.rcu.no_hz, "Z turned NO_HZ off: %s", W->app.st.status);
    cr_expect_not(W->app.base.rcu.fast_no_hz, "and FAST_NO_HZ with it");
    cr_expect(strstr(W->app.st.config_badge, "rcu.no_hz=false") && strstr(W->app.st.config_badge, "rcu.fast_no_hz=false"),
              "badge: %s", W->app.st.config_badge);
    keymod(SDLK_z, KMOD_LSHIFT);
    cr_expect_not(W->app.base.rcu.fast_no_hz);
    cr_expect(strstr(W->app.st.status, "FAST_NO_HZ depends on NO_HZ, which is off: Z turns NO_HZ on first"), "%s", W->app.st.status);
    cr_expect_null(strstr(W->app.st.status, ".json"), "no file path in the status line: %s", W->app.st.status);
}

/* Z twice on hackbench left FAST_NO_HZ off (the first Z takes it with NO_HZ): the lecture stayed
 * "changed" until Backspace. The second Z brings the file's FAST_NO_HZ back with NO_HZ. */
Test(config_badge, z_twice_is_the_files_configuration_again)
{
    open_scenario("hackbench.json");
    frame();
    key(SDLK_z);
    cr_assert_not(W->app.base.rcu.fast_no_hz);
    key(SDLK_z);
    cr_expect(W->app.base.rcu.no_hz && W->app.base.rcu.fast_no_hz, "NO_HZ and FAST_NO_HZ back");
    cr_expect_str_eq(W->app.st.config_badge, "", "nothing differs from the file");
}

/* Words about the run are no change of it: a slide without captions (--set captions=[]) or with an
 * edited description carries no "changed" badge; a change of the machine beside them still does. */
Test(config_badge, captions_and_descriptions_are_no_change_of_the_run)
{
    char err[4096];
    cr_assert_eq(ui_app_set_override_labeled(&W->app, "captions", "[]", "--set captions=[]"), 0);
    cr_assert_eq(ui_app_set_override_labeled(&W->app, "description", "\"For my talk\"", "--set description"), 0);
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024];
    snprintf(path, sizeof path, "%s/scenarios/hackbench.json", root);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
    frame(); /* the badge is the frame's */
    cr_expect_str_eq(W->app.st.config_badge, "", "no badge for words about the run");
    cr_expect_eq(W->app.base.ncaptions, 0, "the captions did go");
    cr_assert_eq(ui_app_set_override_labeled(&W->app, "cpus", "8", "--cpus 8"), 0);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
    frame();
    cr_expect_str_eq(W->app.st.config_badge, "cpus=8", "the machine's change is named alone: %s", W->app.st.config_badge);
}
