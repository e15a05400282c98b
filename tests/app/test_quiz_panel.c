/* test_quiz_panel.c — the window's workbook: session logic, keyboard-only answering, "show me" requests, drawing. */
#include "panels/workbook.h"
#include "window/workbook_hooks.h"
#include "workbook/session.h"
#include "rmtree.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char dir[128], qdir[256], ppath[256];

static const char *quiz_text =
    "{\"id\": \"p\", \"title\": \"P\", \"lessons\": ["
    "{\"id\": \"1\", \"title\": \"One\", \"intro\": \"Facts for lesson one.\", \"questions\": ["
    " {\"id\": \"1.1\", \"kind\": \"choice\", \"trick\": true, \"question\": \"Pick b.\", \"explanation\": \"Because b.\", \"hint\": \"Not a.\","
    "  \"answers\": [{\"text\": \"A\", \"feedback\": \"no a\"}, {\"text\": \"B\", \"correct\": true, \"feedback\": \"yes b\"}],"
    "  \"scenario\": {\"file\": \"small-busy.json\"}, \"at\": 2.5},"
    " {\"id\": \"1.2\", \"kind\": \"multi\", \"question\": \"Pick a and c.\", \"explanation\": \"E.\","
    "  \"answers\": [{\"text\": \"A\", \"correct\": true, \"feedback\": \"fa\"}, {\"text\": \"B\", \"feedback\": \"fb\"},"
    "  {\"text\": \"C\", \"correct\": true, \"feedback\": \"fc\"}]}]},"
    "{\"id\": \"2\", \"title\": \"Two\", \"questions\": ["
    " {\"id\": \"2.1\", \"kind\": \"numeric\", \"question\": \"Nodes for 1024 CPUs?\", \"explanation\": \"65.\","
    "  \"answers\": [{\"value\": 65, \"correct\": true, \"feedback\": \"yes\"}]},"
    " {\"id\": \"2.2\", \"kind\": \"choice\", \"question\": \"Stall?\", \"explanation\": \"E.\","
    "  \"answers\": [{\"text\": \"yes\", \"correct\": true, \"feedback\": \"y\"}, {\"text\": \"no\", \"feedback\": \"n\"}],"
    "  \"scenario\": {\"file\": \"omap-stall.json\", \"overrides\": [\"duration_s=81\"], \"seed\": 7}, \"at\": \"first_stall\"}]}]}";

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/rcuvis-test-panel-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    snprintf(qdir, sizeof qdir, "%s/quizzes", dir);
    snprintf(ppath, sizeof ppath, "%s/state/progress.json", dir);
    char path[300];
    snprintf(path, sizeof path, "%s/p.json", qdir);
    cr_assert_eq(mkdir(qdir, 0700), 0);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(quiz_text, f);
    fclose(f);
    const char *root = getenv("RCUVIS_ROOT");
    setenv("RCUVIS_DATA", root && *root ? root : ".", 1); /* show-me resolves scenarios in the source tree */
}

static void teardown(void)
{
    ui_workbook_close(); /* the window's one column, as a window's close leaves it: the next test opens its own */
    if (rmtree(dir) != 0) fprintf(stderr, "could not remove %s\n", dir);
}

TestSuite(session, .init = setup, .fini = teardown);

/* Options are shuffled per student (a random id here): the shown position of the file's option i */
static int shown_at(const quiz_session *s, size_t i) { return quiz_order_letter(&s->order, i) - 'a'; }
TestSuite(panel, .init = setup, .fini = teardown);

Test(session, answer_records_progress_and_resume_skips_done)
{
    quiz_session s;
    char msg[1024];
    cr_assert_eq(quiz_session_open(&s, qdir, ppath, msg, sizeof msg), 0, "%s", msg);
    cr_expect_str_eq(quiz_session_question(&s)->id, "1.1");
    quiz_session_pick(&s, shown_at(&s, 0));
    cr_expect_eq(quiz_session_submit(&s), 0);
    cr_expect_str_eq(s.last.message, "no a");
    cr_expect_not(s.done);
    quiz_session_pick(&s, shown_at(&s, 1));
    cr_expect_eq(quiz_session_submit(&s), 1);
    cr_expect(s.done, "a right answer opens the explanation");
    cr_expect_eq(quiz_session_entry(&s)->attempts, 2);
    quiz_session_close(&s);

    /* a new session (the window restarted) continues at the first unfinished question */
    cr_assert_eq(quiz_session_open(&s, qdir, ppath, msg, sizeof msg), 0, "%s", msg);
    cr_expect_str_eq(quiz_session_question(&s)->id, "1.2");
    quiz_session_close(&s);
}

Test(session, navigation_crosses_lessons_and_stops_at_the_ends)
{
    quiz_session s;
    char msg[1024];
    cr_assert_eq(quiz_session_open(&s, qdir, ppath, msg, sizeof msg), 0, "%s", msg);
    cr_expect_not(quiz_session_step(&s, -1), "nothing before the first question");
    cr_expect(quiz_session_step(&s, +1));
    cr_expect(quiz_session_step(&s, +1));
    cr_expect_str_eq(quiz_session_question(&s)->id, "2.1", "the next lesson follows the last question");
    cr_expect(quiz_session_step_lesson(&s, -1));
    cr_expect_str_eq(quiz_session_question(&s)->id, "1.1");
    cr_expect(quiz_session_step_lesson(&s, +1));
    cr_expect(quiz_session_step(&s, +1));
    cr_expect_not(quiz_session_step(&s, +1), "nothing after the last question");
    quiz_session_close(&s);
}

/* A place the set lacks goes to the nearest it has: the window's monkey clicked a question dot drawn for a
 * longer lesson after a key had opened a shorter one, and the column's next frame read a question that
 * did not exist (an UBSan null member access). */
Test(session, a_place_out_of_range_lands_on_the_nearest_question)
{
    quiz_session s;
    char msg[1024];
    cr_assert_eq(quiz_session_open(&s, qdir, ppath, msg, sizeof msg), 0, "%s", msg);
    quiz_session_goto(&s, 0, 0, 99);
    cr_assert_not_null(quiz_session_question(&s));
    cr_expect_str_eq(quiz_session_question(&s)->id, "1.2", "the lesson's last question");
    quiz_session_goto(&s, 0, 99, 0);
    cr_assert_not_null(quiz_session_question(&s));
    cr_expect_str_eq(quiz_session_question(&s)->id, "2.1", "the last lesson's first question");
    quiz_session_goto(&s, 7, 0, 0);
    cr_expect_not_null(quiz_session_question(&s), "a file the set lacks");
    quiz_session_close(&s);
}

Test(session, multi_toggles_numeric_types_and_review_records_nothing)
{
    quiz_session s;
    char msg[1024];
    cr_assert_eq(quiz_session_open(&s, qdir, ppath, msg, sizeof msg), 0, "%s", msg);
    quiz_session_goto(&s, 0, 0, 1);
    quiz_session_pick(&s, shown_at(&s, 0));
    quiz_session_pick(&s, shown_at(&s, 1));
    quiz_session_pick(&s, shown_at(&s, 1));
    quiz_session_pick(&s, shown_at(&s, 2));
    cr_expect_eq(quiz_session_submit(&s), 1, "a and c picked, b toggled off");
    quiz_session_goto(&s, 0, 1, 0);
    quiz_session_type(&s, "66");
    quiz_session_backspace(&s);
    quiz_session_type(&s, "5");
    cr_expect_eq(quiz_session_submit(&s), 1);
    s.review = true;
    quiz_session_goto(&s, 0, 1, 1);
    quiz_session_pick(&s, 0);
    cr_expect_eq(quiz_session_submit(&s), 1);
    cr_expect_null(quiz_session_entry(&s), "teacher view leaves no trace in the progress file");
    quiz_session_close(&s);
}

Test(session, moments_of_plain_scenarios_select_their_question)
{
    quiz_session s;
    char msg[1024];
    cr_assert_eq(quiz_session_open(&s, qdir, ppath, msg, sizeof msg), 0, "%s", msg);
    quiz_session_goto(&s, 0, 1, 0);
    cr_expect_not(quiz_session_moment(&s, "/x/scenarios/small-busy.json", 1.0, 2.4));
    cr_expect(quiz_session_moment(&s, "/x/scenarios/small-busy.json", 2.4, 2.6));
    cr_expect_str_eq(quiz_session_question(&s)->id, "1.1");
    cr_expect_not(quiz_session_moment(&s, "/x/scenarios/omap-stall.json", 0, 90), "a run with another seed is not the one on screen");
    quiz_session_close(&s);
}

Test(session, shipped_questions_pause_the_shipped_scenarios)
{
    quiz_session s;
    char msg[1024], qd[512];
    const char *root = getenv("RCUVIS_ROOT");
    snprintf(qd, sizeof qd, "%s/quizzes", root && *root ? root : ".");
    cr_assert_eq(quiz_session_open(&s, qd, ppath, msg, sizeof msg), 0, "%s", msg);
    /* question 1.5 only shortens small-busy (duration_s=3): it is asked while small-busy plays */
    cr_expect(quiz_session_moment(&s, "scenarios/small-busy.json", 1.99, 2.01));
    cr_expect_str_eq(quiz_session_question(&s)->id, "1.5");
    /* 5.5 is asked at omap-stall's first stall warning, found by running the scenario once */
    cr_expect_not(quiz_session_moment(&s, "scenarios/omap-stall.json", 50, 79.9));
    cr_expect(quiz_session_moment(&s, "scenarios/omap-stall.json", 79.9, 80.1));
    cr_expect_str_eq(quiz_session_question(&s)->id, "5.5");
    quiz_session_close(&s);
}

/* ---------------------------------------------------------------- the panel */

typedef struct shown { int calls; char path[1024]; char ov[128]; double at; bool has_seed; uint64_t seed; char qid[16]; } shown;

static void on_show(const workbook_show_me *req, void *ctx)
{
    shown *sh = ctx;
    sh->calls++;
    snprintf(sh->path, sizeof sh->path, "%s", req->scenario_path);
    snprintf(sh->ov, sizeof sh->ov, "%s", req->noverrides ? req->overrides[0] : "");
    sh->at = req->at_s;
    sh->has_seed = req->has_seed;
    sh->seed = req->seed;
    snprintf(sh->qid, sizeof sh->qid, "%s", req->question_id);
}

static void draw(workbook_panel *wb, rd_ctx *rd)
{
    ui_frame fr = {.rd = rd, .th = ui_theme_get(UI_THEME_LIGHT)};
    rd_begin(rd, fr.th->bg);
    workbook_panel_draw(wb, &fr, (rd_rect){400, 0, 400, 600});
    rd_end(rd);
    ui_frame_free(&fr);
}

/* The panel on the test's quiz and progress file, and an 800x600 off-screen renderer to draw it. */
static workbook_panel *open_panel(rd_ctx **rd)
{
    char err[1024];
    workbook_panel *wb = workbook_panel_new(qdir, ppath, err, sizeof err);
    cr_assert_not_null(wb, "%s", err);
    *rd = rd_new_offscreen(800, 600, 1.0f, err, sizeof err);
    cr_assert_not_null(*rd, "%s", err);
    return wb;
}

Test(panel, keyboard_only_answering)
{
    rd_ctx *rd;
    workbook_panel *wb = open_panel(&rd);
    quiz_session *s = workbook_panel_session(wb);
    draw(wb, rd);
    cr_expect_not(workbook_panel_key(wb, SDLK_b, 0), "without focus the window keeps its keys");
    workbook_panel_set_focus(wb, true);
    cr_expect(workbook_panel_key(wb, SDLK_DOWN, 0));
    cr_expect(workbook_panel_key(wb, SDLK_UP, 0));
    for (int i = 0; i < shown_at(s, 1); i++) workbook_panel_key(wb, SDLK_DOWN, 0);
    cr_expect(workbook_panel_key(wb, SDLK_SPACE, 0), "Space picks the answer under the cursor");
    cr_expect_eq(s->sel, 1u << shown_at(s, 1));
    cr_expect(workbook_panel_key(wb, SDLK_h, 0));
    cr_expect(s->hint_shown);
    draw(wb, rd);
    cr_expect(workbook_panel_key(wb, SDLK_RETURN, 0));
    cr_expect_eq(s->last.status, 1);
    draw(wb, rd);
    cr_expect(workbook_panel_key(wb, SDLK_RETURN, 0), "Enter on an answered question goes on");
    cr_expect_str_eq(quiz_session_question(s)->id, "1.2");
    workbook_panel_key(wb, SDLK_PAGEDOWN, 0);
    cr_expect_str_eq(quiz_session_question(s)->id, "2.1");
    workbook_panel_key(wb, SDLK_6, 0);
    workbook_panel_key(wb, SDLK_KP_5, 0);
    cr_expect_str_eq(s->input, "65");
    workbook_panel_key(wb, SDLK_RETURN, 0);
    cr_expect_eq(s->last.status, 1);
    cr_expect_not(workbook_panel_key(wb, SDLK_F11, 0), "window shortcuts pass through");
    cr_expect(workbook_panel_key(wb, SDLK_ESCAPE, 0));
    cr_expect_not(workbook_panel_has_focus(wb));
    draw(wb, rd);
    rd_free(rd);
    workbook_panel_free(wb);
}

Test(panel, show_me_resolves_the_moment_and_passes_overrides)
{
    char err[1024];
    workbook_panel *wb = workbook_panel_new(qdir, ppath, err, sizeof err);
    cr_assert_not_null(wb, "%s", err);
    shown sh = {0};
    workbook_panel_on_show_me(wb, on_show, &sh);
    workbook_panel_set_focus(wb, true);
    workbook_panel_key(wb, SDLK_m, 0);
    cr_expect_eq(sh.calls, 1);
    cr_expect(strstr(sh.path, "/scenarios/small-busy.json") != NULL, "%s", sh.path);
    cr_expect_eq(sh.at, 2.5);
    quiz_session_goto(workbook_panel_session(wb), 0, 1, 1);
    workbook_panel_key(wb, SDLK_m, 0);
    cr_expect_eq(sh.calls, 2);
    cr_expect_str_eq(sh.ov, "duration_s=81");
    cr_expect(sh.has_seed && sh.seed == 7);
    cr_expect_str_eq(sh.qid, "2.2");
    cr_expect(sh.at > 60 && sh.at <= 81, "first_stall becomes the time of the first warning (%g s)", sh.at);
    /* 1 ns past the warning's tick, as the window's moment keys land (it was 1 us: "t = 80.0078135 s"
     * where the README and the keys give 80.007812501); every HZ's jiffy is a multiple of 500 ns */
    long long ns = (long long)(sh.at * 1e9 + 0.5);
    cr_expect_eq(ns % 500, 1, "first_stall lands at %lld ns", ns);
    workbook_panel_free(wb);
}

/* A prediction's moment shows its answer (5.6's t=9660 in the kernel log), and a right answer typed
 * after "show me" counted as a first try in the teacher's statistics: the first m warns, the second
 * looks and counts as help; once answered, m shows the moment at once. */
Test(panel, show_me_on_an_unanswered_prediction_warns_then_counts_as_help)
{
    char err[1024], pdir[300], path[400];
    snprintf(pdir, sizeof pdir, "%s/predict", dir);
    cr_assert_eq(mkdir(pdir, 0700), 0);
    snprintf(path, sizeof path, "%s/q.json", pdir);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs("{\"id\": \"q\", \"title\": \"Q\", \"lessons\": [{\"id\": \"1\", \"title\": \"One\", \"questions\": ["
          " {\"id\": \"1.1\", \"kind\": \"choice\", \"question\": \"Pick b.\", \"explanation\": \"E.\","
          "  \"answers\": [{\"text\": \"A\", \"feedback\": \"no\"}, {\"text\": \"B\", \"correct\": true, \"feedback\": \"yes\"}], \"scenario\": {\"file\": \"small-busy.json\"}, \"at\": 1},"
          " {\"id\": \"1.2\", \"kind\": \"predict\", \"question\": \"How many rcu_sched GPs from 1 s to 2 s?\", \"explanation\": \"E.\","
          "  \"measure\": {\"measure\": \"grace_periods\", \"flavor\": \"rcu_sched\", \"from_s\": 1, \"to_s\": 2}, \"expected\": 100,"
          "  \"tolerance\": 1000, \"scenario\": {\"file\": \"small-busy.json\"}, \"at\": 2}]}]}", f);
    fclose(f);
    workbook_panel *wb = workbook_panel_new(pdir, ppath, err, sizeof err);
    cr_assert_not_null(wb, "%s", err);
    shown sh = {0};
    workbook_panel_on_show_me(wb, on_show, &sh);
    workbook_panel_set_focus(wb, true);
    quiz_session *s = workbook_panel_session(wb);
    quiz_session_goto(s, 0, 0, 1);
    cr_assert_str_eq(quiz_session_question(s)->id, "1.2");
    workbook_panel_key(wb, SDLK_m, 0);
    cr_expect_eq(sh.calls, 0, "the first m does not go to the moment");
    cr_expect(strstr(workbook_panel_note(wb), "is a prediction") != NULL, "%s", workbook_panel_note(wb));
    workbook_panel_key(wb, SDLK_m, 0);
    cr_expect_eq(sh.calls, 1, "the second m looks");
    cr_expect_eq(sh.at, 2.0);
    const progress_entry *e = quiz_session_entry(s);
    cr_assert_not_null(e);
    cr_expect(e->hinted, "looking first counts as help");
    quiz_session_type(s, "100");
    cr_expect_eq(quiz_session_submit(s), 1);
    e = quiz_session_entry(s);
    cr_expect_not(e->first_ok, "a right answer after looking is no first try");
    workbook_panel_key(wb, SDLK_m, 0);
    cr_expect_eq(sh.calls, 2, "answered: m shows the moment at once");
    /* a plain question's m is not held back */
    quiz_session_goto(s, 0, 0, 0);
    workbook_panel_key(wb, SDLK_m, 0);
    cr_expect_eq(sh.calls, 3);
    workbook_panel_free(wb);
}

/* A tablet has no wheel and no Shift+Down: the Check button under a long question was out of reach.
 * The wheel over the column, a drag of its text (a finger) and a drag of its scroll bar all scroll it;
 * a press outside the column, or in a column that fits, starts no drag. */
Test(panel, the_column_scrolls_by_wheel_by_dragging_its_text_and_its_bar)
{
    rd_ctx *rd;
    workbook_panel *wb = open_panel(&rd);
    ui_frame fr = {.rd = rd, .th = ui_theme_get(UI_THEME_LIGHT)};
    rd_rect r = {400, 0, 300, 220}; /* short: question 1.1 with its options and buttons overflows */
    rd_begin(rd, fr.th->bg);
    workbook_panel_draw(wb, &fr, r);
    rd_end(rd);
    cr_assert_eq(workbook_panel_scrolled(wb), 0);
    cr_expect_not(workbook_panel_wheel(wb, 100, 100, 1), "the wheel outside the column is not the column's");
    cr_expect(workbook_panel_wheel(wb, 500, 100, 1));
    int after_wheel = workbook_panel_scrolled(wb);
    cr_expect_gt(after_wheel, 0, "the wheel scrolls down");
    workbook_panel_wheel(wb, 500, 100, -10);
    cr_expect_eq(workbook_panel_scrolled(wb), 0, "and back up, stopping at the top");
    /* a finger drags the text up by 40 px: the content scrolls down by 40 */
    cr_expect_not(workbook_panel_press(wb, 100, 100), "a press outside the column");
    cr_assert(workbook_panel_press(wb, 500, 150), "a press in the text may drag");
    workbook_panel_drag(wb, 130);
    workbook_panel_drag(wb, 110);
    cr_expect_eq(workbook_panel_scrolled(wb), 40);
    workbook_panel_release(wb);
    workbook_panel_drag(wb, 10);
    cr_expect_eq(workbook_panel_scrolled(wb), 40, "released: motion no longer scrolls");
    /* the bar moves the other way, by the content's scale */
    cr_assert(workbook_panel_press(wb, 400 + 300 - 6, 100), "a press right of the text grips the bar");
    workbook_panel_drag(wb, 90);
    cr_expect_lt(workbook_panel_scrolled(wb), 40, "the bar dragged up scrolls up");
    workbook_panel_release(wb);
    /* a tall column: everything fits, nothing to drag */
    rd_begin(rd, fr.th->bg);
    workbook_panel_draw(wb, &fr, (rd_rect){400, 0, 400, 2000});
    rd_end(rd);
    rd_begin(rd, fr.th->bg);
    workbook_panel_draw(wb, &fr, (rd_rect){400, 0, 400, 2000});
    rd_end(rd);
    cr_expect_not(workbook_panel_press(wb, 500, 150), "nothing to scroll: a press is only a click");
    ui_frame_free(&fr);
    rd_free(rd);
    workbook_panel_free(wb);
}

Test(panel, clicks_pick_answers_and_teacher_view_draws)
{
    rd_ctx *rd;
    workbook_panel *wb = open_panel(&rd);
    draw(wb, rd);
    /* click the middle of every hit area until answer b is picked */
    quiz_session *s = workbook_panel_session(wb);
    bool picked = false;
    for (int y = 0; y < 600 && !picked; y += 2) {
        workbook_panel_click(wb, 600, y);
        picked = s->sel == 2u;
        if (s->sel == 1u) s->sel = 0;
    }
    cr_expect(picked, "answer b can be clicked");
    /* the lesson chips along the top open a lesson */
    bool moved = false;
    for (int x = 400; x < 800 && !moved; x += 2) {
        workbook_panel_click(wb, x, 30);
        moved = s->lesson == 1;
    }
    cr_expect(moved, "a click on the chip of lesson 2 opens it");
    draw(wb, rd);
    cr_expect(workbook_panel_has_focus(wb), "a click gives the panel the keyboard");
    workbook_panel_set_review(wb, true);
    draw(wb, rd);
    SDL_Surface *surf = rd_surface(rd);
    int ink = 0;
    for (int y = 0; y < 600; y++)
        for (int x = 400; x < 800; x++) {
            uint32_t px = ((uint32_t *)((uint8_t *)surf->pixels + y * surf->pitch))[x] & 0xffffff;
            int lum = (int)((px >> 16) & 255) + (int)((px >> 8) & 255) + (int)(px & 255);
            ink += lum < 300; /* dark pixels: text on the light theme */
        }
    cr_expect_gt(ink, 1000, "the teacher view has text in the column (%d dark pixels)", ink);
    rd_free(rd);
    workbook_panel_free(wb);
}

/* ---------------------------------------------------------------- the window's hooks (ui_workbook.h) */

#include "window/app.h"

static SDL_KeyboardEvent keyev(SDL_Keycode sym)
{
    SDL_KeyboardEvent k;
    memset(&k, 0, sizeof k);
    k.type = SDL_KEYDOWN;
    k.keysym.sym = sym;
    return k;
}

Test(panel, window_hooks_answer_and_show_me)
{
    char env[300], path[512], err[4096];
    snprintf(env, sizeof env, "%s/xdg", dir);
    setenv("XDG_STATE_HOME", env, 1);
    const char *root = getenv("RCUVIS_ROOT");
    snprintf(path, sizeof path, "%s/scenarios/small-busy.json", root && *root ? root : ".");
    ui_app a;
    ui_app_init(&a);
    cr_assert_eq(ui_app_load(&a, path, -1, err, sizeof err), 0, "%s", err);
    a.st.show_workbook = true;
    rd_ctx *rd = rd_new_offscreen(1280, 800, 1.0f, err, sizeof err);
    cr_assert_not_null(rd, "%s", err);
    cr_assert(ui_workbook_available(), "the shipped workbook loads");
    ui_app_draw(&a, rd);
    int wb_hits = 0;
    for (int i = 0; i < a.fr.nhits; i++) wb_hits += a.fr.hits[i].kind == HIT_WORKBOOK;
    cr_expect_gt(wb_hits, 3, "the column's click areas are in the window's hit list");
    SDL_KeyboardEvent k = keyev(SDLK_b);
    cr_expect_not(ui_workbook_key(&a, &k, 0), "keys stay with the window until A");
    k = keyev(SDLK_TAB);
    cr_expect_not(ui_workbook_key(&a, &k, 0), "Tab is the window's (it selects CPUs)");
    k = keyev(SDLK_a);
    cr_expect(ui_workbook_key(&a, &k, 0), "A gives the workbook the keyboard");
    k = keyev(SDLK_TAB);
    cr_expect_not(ui_workbook_key(&a, &k, 0), "even while the workbook has the keyboard");
    /* to question 1.5, a prediction about small-busy at t = 2 s, and "show me" */
    for (int i = 0; i < 4; i++) { k = keyev(SDLK_PAGEDOWN); ui_workbook_key(&a, &k, 0); }
    k = keyev(SDLK_m);
    cr_expect(ui_workbook_key(&a, &k, 0));
    ui_workbook_frame(&a, 0);
    cr_expect_eq(ui_app_now(&a), 0, "1.5 is a prediction not answered yet: the first m only warns");
    cr_expect(ui_workbook_key(&a, &k, 0));
    ui_workbook_frame(&a, 0);
    cr_expect_str_eq(a.source, path);
    cr_expect_eq(ui_app_now(&a), 2000000000LL, "stopped at the question's moment");
    cr_expect_not(a.st.playing);
    cr_expect(strstr(a.st.status, "Question 1.5") != NULL, "%s", a.st.status);
    cr_expect_eq(a.base.duration_s, 3.0, "the question's overrides were applied");
    char badge[256];
    ui_app_config_badge(&a, badge, sizeof badge);
    cr_expect_str_eq(badge, "", "a shorter run is no change to the machine the captions describe");
    /* a click on an answer area goes through HIT_WORKBOOK */
    ui_app_draw(&a, rd);
    bool clicked = false;
    for (int i = a.fr.nhits - 1; i >= 0 && !clicked; i--)
        if (a.fr.hits[i].kind == HIT_WORKBOOK && a.fr.hits[i].a > 0) clicked = ui_workbook_click(&a, &a.fr.hits[i], 0);
    cr_expect(clicked);
    rd_free(rd);
    ui_app_free(&a);
}

/* Q3.10 runs fast-no-hz with rcu.fast_no_hz=false; its Show me loaded that as the file's own
 * configuration, so the captions, written for FAST_NO_HZ, told a student that grace periods end "well
 * under two jiffies" over 2 ms ones, and nothing said the setting was off. The question's settings are
 * the window's changes now: the badge names the one that differs, and the captions say so. */
/* small-busy in a with the workbook open and its keyboard, `steps` PgDn from 1.1, then Show me (m twice:
 * a prediction not answered yet warns first); returns the app's renderer, to free */
static rd_ctx *show_me_after(ui_app *a, const char *state, int steps)
{
    char env[300], err[4096];
    snprintf(env, sizeof env, "%s/%s", dir, state);
    setenv("XDG_STATE_HOME", env, 1);
    ui_app_init(a);
    cr_assert_eq(ui_app_load(a, "small-busy", -1, err, sizeof err), 0, "%s", err);
    a->st.show_workbook = true;
    rd_ctx *rd = rd_new_offscreen(1280, 800, 1.0f, err, sizeof err);
    cr_assert_not_null(rd, "%s", err);
    ui_app_draw(a, rd);
    SDL_KeyboardEvent k = keyev(SDLK_a);
    ui_workbook_key(a, &k, 0);
    for (int i = 0; i < steps; i++) { k = keyev(SDLK_PAGEDOWN); ui_workbook_key(a, &k, 0); }
    ui_app_draw(a, rd);
    k = keyev(SDLK_m);
    cr_expect(ui_workbook_key(a, &k, 0));
    cr_expect(ui_workbook_key(a, &k, 0));
    ui_workbook_frame(a, 0);
    return rd;
}

Test(panel, show_me_settings_are_changes_the_captions_know_of)
{
    ui_app a;
    rd_ctx *rd = show_me_after(&a, "xdg2", 7 + 11 + 9); /* 3.10: lesson 1's 7 questions, lesson 2's 11, then 9 more */
    SDL_KeyboardEvent k;
    cr_expect(strstr(a.st.status, "Question 3.10") != NULL, "status: %s", a.st.status);
    cr_assert(strstr(a.source, "fast-no-hz") != NULL, "%s", a.source);
    cr_expect_not(a.base.rcu.fast_no_hz);
    /* a prediction about the whole run opens at its end, where the figure is read (3.9 opened at 0 s) */
    cr_expect_eq(ui_app_now(&a), 2000000000LL, "Show me of 3.10 at %lld ns", (long long)ui_app_now(&a));
    cr_expect(strstr(a.st.status, "at 2.000 s") != NULL, "status: %s", a.st.status);
    /* the run has the keyboard: End went to the next lesson instead of the run's end */
    k = keyev(SDLK_END);
    cr_expect_not(ui_workbook_key(&a, &k, 0), "after Show me the keys are the simulation's");
    char badge[256];
    ui_app_config_badge(&a, badge, sizeof badge);
    cr_expect_str_eq(badge, "rcu.fast_no_hz=false", "only the setting that differs from the file");
    ui_app_draw(&a, rd);
    const char *c = a.s[0].view.caption;
    cr_expect(c && strstr(c, "Changed (rcu.fast_no_hz=false)") == c, "caption: %s", c ? c : "(none)");
    rd_free(rd);
    ui_app_free(&a);
}

/* Q5.7 runs omap-stall (a 3.6 file) with rcu.mode=kthread. As an override, M then read "mode=softirq ·
 * rcu.mode=kthread" over the file's own run, and omap-stall's 3.6 cues spoke on the 3.7 half in compare.
 * A question's kernel version is the window's forced mode, as M makes it. */
Test(panel, show_me_of_a_questions_kernel_version_is_the_windows_mode)
{
    char msg[512];
    ui_app a;
    rd_ctx *rd = show_me_after(&a, "xdg3", 7 + 11 + 12 + 7 + 6); /* 5.7 */
    cr_assert(strstr(a.st.status, "Question 5.7") != NULL, "status: %s", a.st.status);
    cr_expect(a.mode_forced && a.forced_mode == RV_MODE_KTHREAD, "the question's 3.7 is the window's mode");
    cr_expect_eq(a.st.file_mode, RV_MODE_SOFTIRQ, "the file is 3.6's");
    char badge[256];
    ui_app_config_badge(&a, badge, sizeof badge);
    cr_expect_str_eq(badge, "mode=kthread");
    cr_assert_eq(ui_app_turn(&a, UI_KNOB_MODE, msg, sizeof msg), 0, "%s", msg);
    ui_app_config_badge(&a, badge, sizeof badge);
    cr_expect_str_eq(badge, "", "M back to the file's 3.6: nothing changed (%s)", msg);
    rd_free(rd);
    ui_app_free(&a);
}

#include "view/layout.h"

/* At 1280x720 the column is narrow: every question of the shipped workbook, in its fullest state
 * (hint read, unanswered: Check, Hint, Show answer, Show me), keeps every click area inside the
 * column, and a long explanation can be scrolled to its end. Before buttons wrapped, "Show me"
 * stuck out past the column's right edge. */
Test(panel, every_shipped_question_fits_a_1280x720_column)
{
    char err[1024], sq[1024], pp[300];
    const char *root = getenv("RCUVIS_ROOT");
    snprintf(sq, sizeof sq, "%s/quizzes", root && *root ? root : ".");
    snprintf(pp, sizeof pp, "%s/fit-progress.json", dir);
    workbook_panel *wb = workbook_panel_new(sq, pp, err, sizeof err);
    cr_assert_not_null(wb, "%s", err);
    rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
    cr_assert_not_null(rd, "%s", err);
    ui_state st = {.ui_scale = 1, .show_workbook = true};
    ui_layout L;
    ui_layout_compute(&L, rd, 1280, 720, &st, 0, rd_line_height(rd, RD_BOLD) * 2);
    rd_rect col = L.workbook;
    cr_assert_gt(col.w, 200);
    quiz_session *s = workbook_panel_session(wb);
    quiz_session_goto(s, 0, 0, 0);
    ui_hit hits[256];
    int questions = 0;
    do {
        quiz_session_hint(s);
        ui_frame fr = {.rd = rd, .th = ui_theme_get(UI_THEME_LIGHT), .hits = hits, .caphits = 256};
        rd_begin(rd, fr.th->bg);
        rd_text_stats_reset(rd);
        workbook_panel_draw(wb, &fr, col);
        workbook_panel_publish_hits(wb, &fr, HIT_WORKBOOK);
        rd_end(rd);
        /* the column scrolls, but never shows half a line: a student saw the Check / Hint / Show answer
         * row cut in half under "more below" at 1280x720 */
        rd_text_stats ts;
        rd_text_stats_get(rd, &ts);
        cr_expect_eq(ts.clipped, 0, "question %s: %d text rows cut, e.g. \"%s\"", quiz_session_question(s)->id, ts.clipped,
                     ts.nsamples ? ts.samples[0] : "");
        for (int i = 1; i < fr.nhits; i++) { /* 0 is the whole column */
            cr_expect(hits[i].r.x >= col.x && hits[i].r.x + hits[i].r.w <= col.x + col.w,
                      "question %s: a click area [%d, %d) sticks out of the column [%d, %d)", quiz_session_question(s)->id,
                      hits[i].r.x, hits[i].r.x + hits[i].r.w, col.x, col.x + col.w);
            cr_expect(hits[i].r.y >= col.y && hits[i].r.y + hits[i].r.h <= col.y + col.h,
                      "question %s: a button or row [%d, %d) is drawn across the column's edge [%d, %d)", quiz_session_question(s)->id,
                      hits[i].r.y, hits[i].r.y + hits[i].r.h, col.y, col.y + col.h);
        }
        free(fr.tips); /* the hits are this test's own array */
        questions++;
    } while (quiz_session_step(s, +1));
    cr_expect_gt(questions, 60);
    workbook_panel_free(wb);
    rd_free(rd);
}

/* The order is fixed while a question is open: a wrong answer does not reshuffle it (the student
 * would lose track of what was tried); it is drawn again from the new attempt count on the next visit. */
Test(session, order_stays_put_while_open_and_follows_attempts_on_return)
{
    quiz_session s;
    char msg[1024];
    /* the student's id comes from the progress file: the window saves a new one as soon as it opens a
     * question, and the first id saved stays */
    char sdir[300];
    snprintf(sdir, sizeof sdir, "%s/state", dir);
    cr_assert_eq(mkdir(sdir, 0700), 0);
    FILE *pf = fopen(ppath, "w");
    cr_assert_not_null(pf);
    fputs("{\"version\": 2, \"student\": \"panel-order\", \"lessons\": {}}", pf);
    fclose(pf);
    cr_assert_eq(quiz_session_open(&s, qdir, ppath, msg, sizeof msg), 0, "%s", msg);
    cr_assert_str_eq(s.prog.student, "panel-order");
    quiz_session_goto(&s, 0, 0, 1); /* 1.2, three options */
    quiz_order before = s.order, want;
    quiz_order_make(quiz_session_question(&s), "panel-order", 0, &want);
    cr_expect_eq(memcmp(before.shown, want.shown, want.n), 0, "first visit: attempt 0");
    quiz_session_pick(&s, shown_at(&s, 1)); /* B alone: wrong */
    cr_expect_eq(quiz_session_submit(&s), 0);
    cr_expect_eq(memcmp(s.order.shown, before.shown, before.n), 0, "a wrong answer does not reshuffle");
    quiz_session_step(&s, -1);
    quiz_session_step(&s, +1);
    quiz_order_make(quiz_session_question(&s), "panel-order", 1, &want);
    cr_expect_eq(memcmp(s.order.shown, want.shown, want.n), 0, "coming back: drawn for attempt 1");
    quiz_session_close(&s);
}

/* A new student who leaves before answering finds the same order when they come back: the id that
 * seeds it is saved when the workbook is first shown (it was drawn anew each time until an answer). */
Test(session, a_new_students_order_survives_leaving_before_an_answer)
{
    quiz_session s;
    char msg[1024];
    cr_assert_eq(quiz_session_open(&s, qdir, ppath, msg, sizeof msg), 0, "%s", msg);
    struct stat st;
    cr_assert_neq(stat(ppath, &st), 0, "opening a session writes nothing (the window opens one at its first frame)");
    quiz_session_goto(&s, 0, 0, 1); /* 1.2, three options */
    quiz_session_keep_student(&s); /* what drawing the column does */
    quiz_order first = s.order;
    char id[sizeof s.prog.student];
    snprintf(id, sizeof id, "%s", s.prog.student);
    quiz_session_close(&s);
    cr_assert_eq(stat(ppath, &st), 0, "showing the workbook saved the new student's id");
    cr_assert_eq(quiz_session_open(&s, qdir, ppath, msg, sizeof msg), 0, "%s", msg);
    cr_expect_str_eq(s.prog.student, id, "the same student comes back");
    quiz_session_goto(&s, 0, 0, 1);
    cr_expect_eq(memcmp(s.order.shown, first.shown, first.n), 0, "the same order on the second visit");
    quiz_session_close(&s);
}

/* The key footer takes the lines it wraps to: in the narrow column of a 1280x720 window (and at
 * larger UI scales) it used to get three lines whatever the width and lost its end ("Esc back to
 * the"). Nothing of it may be clipped or shortened at any of these widths. */
Test(panel, key_footer_is_never_cut)
{
    char err[1024];
    workbook_panel *wb = workbook_panel_new(qdir, ppath, err, sizeof err);
    cr_assert_not_null(wb, "%s", err);
    const float scales[] = {1.0f, 1.25f, 1.5f};
    for (size_t k = 0; k < sizeof scales / sizeof scales[0]; k++)
        for (int w = 260; w <= 480; w += 20)
            for (int focus = 0; focus < 2; focus++) {
                rd_ctx *rd = rd_new_offscreen(1000, 700, scales[k], err, sizeof err);
                cr_assert_not_null(rd, "%s", err);
                workbook_panel_set_focus(wb, focus);
                ui_frame fr = {.rd = rd, .th = ui_theme_get(UI_THEME_LIGHT)};
                rd_begin(rd, fr.th->bg);
                rd_text_stats_reset(rd);
                workbook_panel_draw(wb, &fr, (rd_rect){0, 0, w, 600});
                rd_end(rd);
                rd_text_stats st;
                rd_text_stats_get(rd, &st);
                ui_frame_free(&fr);
                for (int i = 0; i < st.nsamples && i < RD_CUT_SAMPLES; i++)
                    cr_expect(!strstr(st.samples[i], "Esc") && !strstr(st.samples[i], "simulation") && !strstr(st.samples[i], "gives it back"),
                              "width %d, scale %.2f, focus %d: footer cut: \"%s\"", w, scales[k], focus, st.samples[i]);
                rd_free(rd);
            }
    workbook_panel_free(wb);
}

static void collect(void *ctx, const char *t, const char *end, int x, int y, int w, int h)
{
    (void)x; (void)y; (void)w; (void)h;
    char *buf = ctx;
    size_t len = end ? (size_t)(end - t) : strlen(t), have = strlen(buf);
    if (have + len + 2 < 8192) { memcpy(buf + have, t, len); buf[have + len] = '\n'; buf[have + len + 1] = 0; }
}

/* 1.1 is marked trick: "a trick question" tells a student who fell for the obvious answer why it was
 * wrong; after a right first answer it said the student had been tricked (the terminal already
 * showed it only to those who missed). Pick b at once: no note; pick a first: the note. */
Test(panel, trick_note_only_after_a_miss)
{
    char err[1024];
    for (int miss = 0; miss < 2; miss++) {
        char pp[300];
        snprintf(pp, sizeof pp, "%s/state/progress-%d.json", dir, miss);
        workbook_panel *wb = workbook_panel_new(qdir, pp, err, sizeof err);
        cr_assert_not_null(wb, "%s", err);
        rd_ctx *rd = rd_new_offscreen(800, 600, 1.0f, err, sizeof err);
        cr_assert_not_null(rd, "%s", err);
        quiz_session *s = workbook_panel_session(wb);
        cr_assert_str_eq(quiz_session_question(s)->id, "1.1");
        workbook_panel_set_focus(wb, true);
        for (int pick = miss ? 0 : 1; pick < 2; pick++) {
            s->sel = 1u << shown_at(s, (size_t)pick);
            workbook_panel_key(wb, SDLK_RETURN, 0);
        }
        cr_assert_eq(s->last.status, 1);
        static char texts[8192];
        texts[0] = 0;
        rd_set_text_observer(rd, collect, texts);
        draw(wb, rd);
        cr_expect_eq(strstr(texts, "a trick question") != NULL, miss == 1, "%s: the trick note %s",
                     miss ? "wrong, then right" : "right at once", miss ? "is missing" : "is shown");
        rd_free(rd);
        workbook_panel_free(wb);
    }
}

/* A lesson's intro states facts its questions need (the shipped workbook's say what a quiescent state
 * is per flavor, the stall timeout, blimit...): the terminal printed it at the lesson's start, the
 * window never showed it. Above the lesson's first question, and above any other after I. */
Test(panel, the_lesson_intro_above_its_first_question_and_on_i)
{
    rd_ctx *rd;
    workbook_panel *wb = open_panel(&rd);
    quiz_session *s = workbook_panel_session(wb);
    static char texts[8192];
    rd_set_text_observer(rd, collect, texts);
    texts[0] = 0;
    draw(wb, rd);
    cr_assert_str_eq(quiz_session_question(s)->id, "1.1");
    cr_expect(strstr(texts, "Facts for lesson one."), "1.1, the lesson's first question, shows the intro:\n%s", texts);
    workbook_panel_set_focus(wb, true);
    workbook_panel_key(wb, SDLK_PAGEDOWN, 0);
    cr_assert_str_eq(quiz_session_question(s)->id, "1.2");
    texts[0] = 0;
    draw(wb, rd);
    cr_expect(!strstr(texts, "Facts for lesson one."), "1.2 does not repeat it");
    cr_expect(workbook_panel_key(wb, SDLK_i, 0), "I is the workbook's key");
    texts[0] = 0;
    draw(wb, rd);
    cr_expect(strstr(texts, "Facts for lesson one."), "after I, 1.2 shows it too");
    rd_free(rd);
    workbook_panel_free(wb);
}

/* ---------------------------------------------------------------- where the column opens, and m with nothing to show */

static void collect_all(void *ctx, const char *t, const char *end, int x, int y, int w, int h)
{
    (void)x; (void)y; (void)w; (void)h;
    char *buf = ctx;
    size_t len = end ? (size_t)(end - t) : strlen(t), have = strlen(buf);
    if (have + len + 2 < 65536) { memcpy(buf + have, t, len); buf[have + len] = '\n'; buf[have + len + 1] = 0; }
}

/* A lecturer's report: with omap-stall loaded, the column opened on 1.1 instead of the lesson whose
 * questions use omap-stall. A student who has answered nothing starts at the first question of that
 * lesson (its intro above it); one with unfinished work keeps their place; one who has done everything
 * has no place to keep (the session wraps to the top) and goes to the scenario's lesson too. */
Test(session, opens_on_the_loaded_scenarios_lesson_unless_there_is_a_place_to_keep)
{
    quiz_session s;
    char msg[1024];
    cr_assert_eq(quiz_session_open(&s, qdir, ppath, msg, sizeof msg), 0, "%s", msg);
    cr_expect_str_eq(quiz_session_question(&s)->id, "1.1");
    cr_expect_eq(quiz_session_open_for(&s, "/somewhere/kernel-build.json"), QS_PLACE_NONE, "no question uses it");
    cr_expect_str_eq(quiz_session_question(&s)->id, "1.1", "nothing moved");
    cr_expect_eq(quiz_session_open_for(&s, "/data/scenarios/omap-stall.json"), QS_PLACE_MOVED);
    cr_expect_str_eq(quiz_session_question(&s)->id, "2.1", "the first question of omap-stall's lesson, not 2.2 itself");
    size_t f = 9, l = 9;
    cr_expect(quiz_session_scenario_lesson(&s, "small-busy", &f, &l), "a shipped name works too");
    cr_expect_eq(l, 0);
    /* a student who answered 1.1 and stopped: their place (1.2) is kept */
    quiz_session_goto(&s, 0, 0, 0);
    quiz_session_pick(&s, shown_at(&s, 1));
    cr_assert_eq(quiz_session_submit(&s), 1);
    quiz_session_close(&s);
    cr_assert_eq(quiz_session_open(&s, qdir, ppath, msg, sizeof msg), 0, "%s", msg);
    cr_expect_str_eq(quiz_session_question(&s)->id, "1.2");
    cr_expect_eq(quiz_session_open_for(&s, "omap-stall.json"), QS_PLACE_KEPT);
    cr_expect_str_eq(quiz_session_question(&s)->id, "1.2", "the place is kept");
    /* everything done: no place to keep */
    do quiz_session_reveal(&s); while (quiz_session_step(&s, +1));
    quiz_session_close(&s);
    cr_assert_eq(quiz_session_open(&s, qdir, ppath, msg, sizeof msg), 0, "%s", msg);
    cr_expect_eq(quiz_session_open_for(&s, "omap-stall.json"), QS_PLACE_MOVED);
    cr_expect_str_eq(quiz_session_question(&s)->id, "2.1");
    quiz_session_close(&s);
}

/* A student who worked lesson 2 first (`rcuvis quiz 2` in a terminal) and stopped there was put back
 * at 1.1, the first unanswered question of the workbook, and told "Your place is kept". Their place is
 * the lesson they last answered in: the window and `rcuvis quiz` both carry on at 2.2. */
Test(session, the_place_is_the_lesson_last_answered_in)
{
    quiz_session s;
    char msg[1024];
    cr_assert_eq(quiz_session_open(&s, qdir, ppath, msg, sizeof msg), 0, "%s", msg);
    quiz_session_goto(&s, 0, 1, 0);
    cr_assert_str_eq(quiz_session_question(&s)->id, "2.1");
    quiz_session_type(&s, "65");
    cr_assert_eq(quiz_session_submit(&s), 1);
    quiz_session_close(&s);
    cr_assert_eq(quiz_session_open(&s, qdir, ppath, msg, sizeof msg), 0, "%s", msg);
    cr_expect_str_eq(quiz_session_question(&s)->id, "2.2", "where they stopped, not 1.1");
    cr_expect_eq(quiz_session_open_for(&s, "small-busy.json"), QS_PLACE_KEPT);
    cr_expect_str_eq(quiz_session_question(&s)->id, "2.2", "the place is kept");
    /* lesson 2 done: the lessons after it (none), then from the top */
    quiz_session_reveal(&s);
    quiz_session_close(&s);
    cr_assert_eq(quiz_session_open(&s, qdir, ppath, msg, sizeof msg), 0, "%s", msg);
    cr_expect_str_eq(quiz_session_question(&s)->id, "1.1");
    quiz_session_close(&s);
}

/* The shipped workbook: each lecture scenario opens the lesson about it. The tree scenario opened lesson 3
 * (dyntick-idle), whose one question used it, instead of lesson 2, the rcu_node tree; a tie goes to the
 * earlier lesson. */
Test(session, shipped_scenarios_open_their_own_lessons)
{
    const char *r = getenv("RCUVIS_ROOT");
    char shipped[512], msg[1024];
    snprintf(shipped, sizeof shipped, "%s/quizzes", r && *r ? r : ".");
    quiz_session s;
    cr_assert_eq(quiz_session_open(&s, shipped, ppath, msg, sizeof msg), 0, "%s", msg);
    static const struct { const char *scenario, *title; } want[] = {
        {"tree.json", "The rcu_node tree"},
        {"omap-stall.json", "The OMAP stall"},
        {"fast-no-hz.json", "Dyntick-idle and forcing quiescent states"},
        {"small-busy.json", "Grace periods and readers"},
        {"hackbench.json", "Where the CPU time goes"},
        {"callbacks.json", "Callbacks and batch limits"},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        size_t f = 99, l = 99;
        cr_assert(quiz_session_scenario_lesson(&s, want[i].scenario, &f, &l), "%s has a lesson", want[i].scenario);
        cr_expect_str_eq(s.set.files[f].lessons[l].title, want[i].title, "%s", want[i].scenario);
    }
    quiz_session_close(&s);
}

/* A review answer or a hint read later is not where the student stopped: 2.1 answered last as a new
 * question, then a review of 1.1; the place is still 2.2 (a review once sent a student back to lesson 2
 * from lesson 6). */
Test(session, a_review_does_not_move_the_place)
{
    progress p;
    char msg[1024];
    cr_assert_geq(progress_load(&p, ppath, msg, sizeof msg), 0, "%s", msg);
    progress_record(&p, "p/1", "1.1", "b", true, 1000); /* 1.2 left undone */
    progress_record(&p, "p/2", "2.1", "65", true, 2000);
    wb_mark_review(&p, "p/1", "1.1", true, true);
    progress_record(&p, "p/1", "1.1", "b", true, 3000); /* the review's answer */
    wb_mark_hint(&p, "p/1", "1.2");                    /* and a hint read on 1.2 */
    cr_assert_eq(progress_save(&p, msg, sizeof msg), 0, "%s", msg);
    progress_free(&p);
    quiz_session s;
    cr_assert_eq(quiz_session_open(&s, qdir, ppath, msg, sizeof msg), 0, "%s", msg);
    cr_expect_str_eq(quiz_session_question(&s)->id, "2.2", "the place after 2.1, the latest new answer, not 1.2");
    quiz_session_close(&s);
}

/* The window: omap-stall loaded, W shows the column on lesson 5's first question; m there (5.1 has no
 * scenario) says so in the column, under its buttons, and in the status line, instead of nothing.
 * Once the student has used the column, loading another scenario does not move it. */
Test(panel, the_column_opens_on_the_scenarios_lesson_and_m_says_when_there_is_nothing_to_show)
{
    char env[300], path[512], err[4096];
    snprintf(env, sizeof env, "%s/xdg", dir);
    setenv("XDG_STATE_HOME", env, 1); /* a student with no progress */
    const char *root = getenv("RCUVIS_ROOT");
    snprintf(path, sizeof path, "%s/scenarios/omap-stall.json", root && *root ? root : ".");
    ui_app a;
    ui_app_init(&a);
    cr_assert_eq(ui_app_load(&a, path, -1, err, sizeof err), 0, "%s", err);
    a.st.show_workbook = true;
    rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
    cr_assert_not_null(rd, "%s", err);
    cr_assert(ui_workbook_available(), "the shipped workbook loads");
    ui_workbook_frame(&a, 0);
    ui_app_draw(&a, rd);
    rd_end(rd);
    /* what the window draws (the whole window: a bigger buffer than collect()'s) */
    static char texts[65536];
    texts[0] = 0;
    rd_set_text_observer(rd, collect_all, texts);
    ui_app_draw(&a, rd);
    rd_end(rd);
    cr_expect(strstr(texts, "Lesson 5: The OMAP stall"), "the column opens on omap-stall's lesson:\n%s", texts);
    cr_expect(strstr(texts, "Question 5.1"), "at its first question:\n%s", texts);
    SDL_KeyboardEvent k = keyev(SDLK_a);
    cr_assert(ui_workbook_key(&a, &k, 0), "A gives the workbook the keyboard");
    a.st.status[0] = 0;
    k = keyev(SDLK_m);
    cr_expect(ui_workbook_key(&a, &k, 0), "m is the workbook's");
    ui_workbook_frame(&a, 0);
    cr_expect(strstr(a.st.status, "question 5.1 has no scenario to show") && strstr(a.st.status, "5.5"),
              "the status line says why nothing happens, and where show me has something: \"%s\"", a.st.status);
    texts[0] = 0;
    ui_app_draw(&a, rd);
    rd_end(rd);
    cr_expect(strstr(texts, "has no scenario to show"), "the column says it too:\n%s", texts);
    cr_expect_str_eq(a.source, path, "nothing was loaded");
    /* the student used the column: another scenario loaded later does not move it */
    snprintf(path, sizeof path, "%s/scenarios/small-busy.json", root && *root ? root : ".");
    cr_assert_eq(ui_app_load(&a, path, -1, err, sizeof err), 0, "%s", err);
    texts[0] = 0;
    ui_app_draw(&a, rd);
    rd_end(rd);
    cr_expect(strstr(texts, "Question 5.1"), "still at 5.1 after small-busy was loaded:\n%s", texts);
    rd_set_text_observer(rd, NULL, NULL);
    rd_free(rd);
    ui_app_free(&a);
}

/* A student back at a lesson by its chip landed on its first question, not the one left unfinished
 * (the page: after Show me 3.9 the lesson-3 chip opened 3.1). The chip opens the first not done. */
Test(session, a_lesson_chip_opens_its_first_question_not_done)
{
    quiz_session s;
    char msg[1024];
    cr_assert_eq(quiz_session_open(&s, qdir, ppath, msg, sizeof msg), 0, "%s", msg);
    quiz_session_goto(&s, 0, 0, 0);
    quiz_session_reveal(&s); /* 1.1 done (shown) */
    quiz_session_goto(&s, 0, 1, 0);
    quiz_session_open_lesson(&s, 0, 0);
    cr_expect_str_eq(quiz_session_question(&s)->id, "1.2", "lesson 1's first question not done");
    quiz_session_reveal(&s);
    quiz_session_open_lesson(&s, 0, 0);
    cr_expect_str_eq(quiz_session_question(&s)->id, "1.1", "all done: the lesson's first");
    quiz_session_close(&s);
}

/* `rcuvis SCENARIO --quiz FILE`: a teacher's own file alone in the column, not every file of the
 * data's quizzes/ beside it. */
Test(session, a_quiz_file_opens_alone)
{
    char mine[300], msg[1024];
    snprintf(mine, sizeof mine, "%s/zz.json", qdir);
    FILE *f = fopen(mine, "w");
    cr_assert_not_null(f);
    fputs("{\"id\": \"zz\", \"title\": \"Z\", \"lessons\": [{\"id\": \"9\", \"title\": \"Nine\", \"questions\": ["
          " {\"id\": \"9.1\", \"kind\": \"numeric\", \"question\": \"Nine?\", \"explanation\": \"9.\","
          "  \"answers\": [{\"value\": 9, \"correct\": true, \"feedback\": \"yes\"}]}]}]}", f);
    fclose(f);
    quiz_session s;
    cr_assert_eq(quiz_session_open(&s, qdir, ppath, msg, sizeof msg), 0, "%s", msg);
    cr_expect_eq(s.set.n, 2, "the folder: both files");
    quiz_session_close(&s);
    cr_assert_eq(quiz_session_open(&s, mine, ppath, msg, sizeof msg), 0, "%s", msg);
    cr_expect_eq(s.set.n, 1, "a file: that file alone");
    cr_expect_str_eq(quiz_session_question(&s)->id, "9.1");
    quiz_session_close(&s);
}

/* A question answered right comes back with that answer marked (a choice, at its place in this visit's
 * order) or typed (a number): a student revisiting the night before read an unmarked, reshuffled
 * question as a lost answer. */
Test(session, a_revisited_right_answer_is_marked)
{
    quiz_session s;
    char msg[1024];
    cr_assert_eq(quiz_session_open(&s, qdir, ppath, msg, sizeof msg), 0, "%s", msg);
    cr_assert_str_eq(quiz_session_question(&s)->id, "1.1");
    quiz_session_pick(&s, shown_at(&s, 1)); /* B, the right one */
    cr_assert_eq(quiz_session_submit(&s), 1);
    quiz_session_goto(&s, 0, 1, 0); /* 2.1, a number */
    cr_assert_str_eq(quiz_session_question(&s)->id, "2.1");
    quiz_session_type(&s, "65");
    cr_assert_eq(quiz_session_submit(&s), 1);
    quiz_session_goto(&s, 0, 0, 1);
    cr_expect_eq(s.sel, 0u, "an unanswered question starts unmarked");
    quiz_session_goto(&s, 0, 0, 0);
    cr_expect(s.done);
    cr_expect_eq(s.sel, 1u << shown_at(&s, 1), "1.1 comes back with B marked where it is shown now (sel %#x)", s.sel);
    quiz_session_goto(&s, 0, 1, 0);
    cr_expect_str_eq(s.input, "65", "2.1 comes back with its number");
    quiz_session_close(&s);
}

/* The lesson chips in a column too narrow for all of them on one row: a finished lesson reads "1 ✓"
 * (a student's "7 0/6" sat alone on a second row at 1280x720); in a wide one each keeps "1 2/2". */
Test(panel, finished_lessons_chips_shorten_where_the_row_is_short)
{
    rd_ctx *rd;
    workbook_panel *wb = open_panel(&rd);
    quiz_session *s = workbook_panel_session(wb);
    quiz_session_pick(s, shown_at(s, 1));
    cr_assert_eq(quiz_session_submit(s), 1);
    quiz_session_goto(s, 0, 0, 1);
    quiz_session_pick(s, shown_at(s, 0));
    quiz_session_pick(s, shown_at(s, 2));
    cr_assert_eq(quiz_session_submit(s), 1); /* lesson 1 done: 2/2 */
    static char texts[8192];
    ui_frame fr = {.rd = rd, .th = ui_theme_get(UI_THEME_LIGHT)};
    /* the narrowest column that holds "1 ✓" and "2 0/2" on one row but not "1 2/2" beside "2 0/2" */
    int pad = rd_px(rd, 8), sp = rd_px(rd, 4);
    int full = rd_text_width(rd, RD_SANS_SMALL, "1 2/2") + rd_text_width(rd, RD_SANS_SMALL, "2 0/2") + 2 * pad + sp;
    int tick = rd_text_width(rd, RD_SANS_SMALL, "1 \u2713") + rd_text_width(rd, RD_SANS_SMALL, "2 0/2") + 2 * pad + sp;
    cr_assert_lt(tick, full);
    bool shortened = false, whole = false;
    for (int w = 60; w < 400 && !(shortened && whole); w += 2) {
        texts[0] = 0;
        fr.ntips = fr.nhits = 0; /* a frame's own, as the window starts each */
        rd_set_text_observer(rd, collect, texts);
        rd_begin(rd, fr.th->bg);
        workbook_panel_draw(wb, &fr, (rd_rect){0, 0, w, 600});
        rd_end(rd);
        rd_set_text_observer(rd, NULL, NULL);
        if (strstr(texts, "1 \u2713\n")) shortened = true;
        if (strstr(texts, "1 2/2\n")) whole = true;
    }
    cr_expect(shortened, "a narrow column shortens the finished lesson's chip");
    cr_expect(whole, "a wide one keeps its count");
    ui_frame_free(&fr);
    rd_free(rd);
    workbook_panel_free(wb);
}

static void count_run(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    (void)s; (void)end; (void)x; (void)y; (void)w; (void)h;
    ++*(int *)ctx;
}

/* The workbook's scrolling text (rd_clip_push_rows) shows no part of a row: at 1280x720 an answer's second
 * line showed its top two thirds over "more below", since a row that overhung the edge by less than a
 * quarter of its height counted as whole. A plain clip still draws such a row (line spacing, no ink). */
Test(panel, a_scrolled_column_leaves_out_a_row_the_edge_would_cut_at_all)
{
    char err[512];
    rd_ctx *rd = rd_new_offscreen(400, 300, 1.0f, err, sizeof err);
    cr_assert_not_null(rd, "%s", err);
    int h = rd_line_height(rd, RD_SANS), seen = 0;
    rd_rect clip = {10, 10, 300, 5 * h};
    rd_set_text_observer(rd, count_run, &seen);
    rd_begin(rd, rd_rgb(0xFFFFFF));
    for (int over = 1; over <= h / 4; over++) {
        int y = clip.y + clip.h - h + over; /* over px below the edge */
        rd_clip_push_rows(rd, clip);
        seen = 0;
        rd_text(rd, RD_SANS, clip.x, y, rd_rgb(0), "minute while the board only seemed idle.");
        cr_expect_eq(seen, 0, "a row %d px past the bottom of %d is drawn in part", over, h);
        seen = 0;
        rd_text(rd, RD_SANS, clip.x, clip.y - over, rd_rgb(0), "the row above");
        cr_expect_eq(seen, 0, "a row %d px above the top is drawn in part", over);
        seen = 0;
        rd_text(rd, RD_SANS, clip.x, clip.y + clip.h - h, rd_rgb(0), "a whole row");
        cr_expect_eq(seen, 1, "a row wholly inside is drawn");
        rd_clip_pop(rd);
        rd_clip_push(rd, clip);
        seen = 0;
        rd_text(rd, RD_SANS, clip.x, y, rd_rgb(0), "plain clip");
        cr_expect_eq(seen, 1, "a plain clip keeps its tolerance (%d px over)", over);
        rd_clip_pop(rd);
    }
    rd_end(rd);
    rd_free(rd);
}

/* A quiz folder with many broken files beside a good one: the panel's message was cut mid-line at
 * 1024 bytes with nothing to say more errors followed. Now whole lines, then a line that says so. */
Test(session, many_broken_quiz_files_end_the_message_with_whole_lines)
{
    for (int i = 0; i < 40; i++) {
        char path[400];
        snprintf(path, sizeof path, "%s/broken-file-with-a-long-name-%02d.json", qdir, i);
        FILE *f = fopen(path, "w");
        cr_assert_not_null(f);
        fputs("{\"id\": \"b\", \"title\": \"B\", \"lessons\": [", f); /* cut off */
        fclose(f);
    }
    quiz_session s;
    char msg[2048];
    cr_assert_eq(quiz_session_open(&s, qdir, ppath, msg, sizeof msg), 0, "%s", msg);
    size_t n = strlen(s.message);
    cr_assert_lt(n, sizeof s.message);
    const char *last = strrchr(s.message, '\n');
    cr_assert_not_null(last, "%s", s.message);
    cr_expect_str_eq(last + 1, "… and more: rcuvis check on the quiz files lists every error");
    /* every line before it is one file's whole error: it names a file and ends as that file's line does */
    int lines = 0;
    for (const char *p = s.message; p < last; lines++) {
        const char *nl = strchr(p, '\n');
        cr_assert_not_null(nl);
        cr_expect(strstr(p, "broken-file-with-a-long-name-") && strstr(p, "broken-file-with-a-long-name-") < nl, "a line names its file: %.*s",
                  (int)(nl - p), p);
        p = nl + 1;
    }
    cr_expect_geq(lines, 3, "some errors are shown whole: %s", s.message);
    cr_expect_str_eq(quiz_session_question(&s)->id, "1.1", "the good file still loads");
    quiz_session_close(&s);
}
