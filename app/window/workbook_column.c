/* workbook_column.c — the window's workbook column: one workbook panel for the process, its keys, clicks and "show me". */
#include "panels/workbook.h"
#include "scenario.h"
#include "window/app.h"
#include "window/workbook_hooks.h"

#include "util/newfile.h"
#include "workbook/classroom.h"
#include "workbook/progress.h"
#include "workbook/quiz.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>


/*
 * The window calls these; they are the implementation of window/workbook_hooks.h. One panel
 * lives for the whole process (created on first use, progress saved after every answer, so
 * nothing is lost at exit). "Show me" is only recorded when asked and carried out in
 * ui_workbook_frame(), the one place where the window lets the workbook move the simulation.
 */

static workbook_panel *g_wb;
static char g_wb_err[2048];
static bool g_wb_tried;
static char g_quiz_file[1024]; /* --quiz FILE: this file alone, not the data's quizzes/ */

typedef struct pending_show {
    bool set;
    char path[1024], qid[24];
    char ov[16][160]; size_t nov;
    bool has_seed; uint64_t seed;
    double at_s;
} pending_show;
static pending_show g_show;
static double g_last_s = -1;       /* simulated time seen by the last frame, for moments */
static char g_last_source[1024];
/* Where the column opens: shown with a scenario loaded, it goes to that scenario's lesson (omap-stall:
 * lesson 5, not 1.1), unless the student has a place to keep (session.c: quiz_session_open_for). Done
 * again when the column is shown with another scenario, until the student has used the column (a key
 * it took, a click, a question's moment): from then on it stays where they are. */
static char g_opened_for[1024];
static bool g_used;

static void remember_show_me(const workbook_show_me *req, void *ctx)
{
    (void)ctx;
    pending_show *p = &g_show;
    memset(p, 0, sizeof *p);
    p->set = true;
    snprintf(p->path, sizeof p->path, "%s", req->scenario_path);
    snprintf(p->qid, sizeof p->qid, "%s", req->question_id);
    for (size_t i = 0; i < req->noverrides && i < 16; i++) snprintf(p->ov[p->nov++], sizeof p->ov[0], "%s", req->overrides[i]);
    p->has_seed = req->has_seed;
    p->seed = req->seed;
    p->at_s = req->at_s;
}

static workbook_panel *panel(void)
{
    if (!g_wb && !g_wb_tried) {
        g_wb_tried = true; /* a missing quizzes/ directory is reported once, not retried every frame */
        g_wb = workbook_panel_new(g_quiz_file[0] ? g_quiz_file : NULL, NULL, g_wb_err, sizeof g_wb_err);
        if (g_wb) workbook_panel_on_show_me(g_wb, remember_show_me, NULL);
    }
    return g_wb;
}

int ui_workbook_use_file(const char *path, char *err, size_t errlen)
{
    /* loaded as the column will load it (quiz_session_open()), so its messages are those of `check` */
    quiz_set s = {0};
    int rc = quiz_set_add_file(&s, path, err, errlen);
    quiz_set_free(&s);
    if (rc != 0) return -1;
    if (strlen(path) >= sizeof g_quiz_file) { snprintf(err, errlen, "%s: path too long\n", path); return -1; }
    snprintf(g_quiz_file, sizeof g_quiz_file, "%s", path);
    return 0;
}
bool ui_workbook_available(void) { return panel() != NULL; }

void ui_workbook_close(void)
{
    workbook_panel_free(g_wb); /* its progress is already saved: after every answer */
    g_wb = NULL;
    g_wb_tried = g_used = false;
    g_wb_err[0] = g_quiz_file[0] = g_last_source[0] = g_opened_for[0] = 0;
    memset(&g_show, 0, sizeof g_show);
    g_last_s = -1;
}

void ui_workbook_draw(ui_frame *fr, rd_rect r, struct ui_app *a)
{
    workbook_panel *wb = panel();
    if (!wb) {
        rd_rect c = panel_frame(fr, r, "Workbook", "W hides this column");
        rd_text_wrap(fr->rd, RD_SANS, c, fr->th->stall_text, g_wb_err);
        return;
    }
    if (a && !g_used && strcmp(g_opened_for, a->source)) {
        snprintf(g_opened_for, sizeof g_opened_for, "%s", a->source);
        workbook_panel_open_for(wb, a->source);
    }
    workbook_panel_draw(wb, fr, r);
    workbook_panel_publish_hits(wb, fr, HIT_WORKBOOK);
}

/* The column as this frame lays it out, and nothing over it: V's one panel has no column (the last one
 * drawn was still there to the wheel), and the help, glossary and picker cover it */
static bool column_open(const struct ui_app *a, int x, int y)
{
    const ui_state *st = &a->st;
    return g_wb && st->show_workbook && !st->show_help && !st->show_glossary && !st->show_picker && st->focus_panel < 0 &&
           a->L.workbook.w > 0 && rd_contains(a->L.workbook, x, y);
}

bool ui_workbook_wheel(struct ui_app *a, int x, int y, int dy) { return column_open(a, x, y) && workbook_panel_wheel(g_wb, x, y, -dy); }

bool ui_workbook_press(struct ui_app *a, int x, int y) { return column_open(a, x, y) && workbook_panel_press(g_wb, x, y); }

void ui_workbook_drag(struct ui_app *a, int y)
{
    (void)a;
    if (g_wb) workbook_panel_drag(g_wb, y);
}

void ui_workbook_release(struct ui_app *a)
{
    (void)a;
    if (g_wb) workbook_panel_release(g_wb);
}

/* Ctrl+E in the column: the student's answers as the CSV file `rcuvis quiz --export` writes, for a
 * teacher's `rcuvis quiz --merge`, into the pictures folder beside F12's pictures; in the page that
 * folder is the browser's downloads (a student there had no way to hand their work in). A new name
 * each time, never over a file already there. */
static void export_answers(ui_app *a, workbook_panel *wb, double now_ms)
{
    quiz_session *s = workbook_panel_session(wb);
    char stem[PATH_MAX], path[PATH_MAX + 16], err[512];
    snprintf(stem, sizeof stem, "%s/rcuvis-answers-%s", nf_pictures_dir(), progress_student(&s->prog));
    if (nf_reserve(stem, "csv", path, sizeof path) != 0) {
        ui_app_status(a, now_ms, "Answers not saved: cannot create %s: %s", path, strerror(errno));
        return;
    }
    if (wb_export_csv(&s->set, &s->prog, path, err, sizeof err) != 0) {
        unlink(path);
        ui_app_status(a, now_ms, "Answers not saved: %s", err);
        return;
    }
    char where[PATH_MAX + 64];
    ui_app_status(a, now_ms, "Your answers, for your teacher: %s", ui_saved_where(path, where, sizeof where));
}

bool ui_workbook_key(struct ui_app *a, const SDL_KeyboardEvent *k, double now_ms)
{
    workbook_panel *wb = panel();
    if (!wb) return false;
    Uint16 mod = k->keysym.mod;
    /* A ("answer") takes the keyboard; until then every key is the window's (Tab selects CPUs).
     * Shift+a counts too: the footer says "A", and W, C, G work with Shift as well. */
    if (!workbook_panel_has_focus(wb)) {
        if (k->keysym.sym == SDLK_a && !(mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI))) {
            workbook_panel_set_focus(wb, true);
            g_used = true;
            return true;
        }
        return false;
    }
    /* A with the keyboard here already (a click, on a lesson's chip say, gives it) has nothing left to
     * give: it picked option a, and a student who clicked lesson 6's chip and then pressed A, as the footer
     * says, found "[x] a)" ticked under the text they had scrolled with Shift+Down. Lower-case a picks. */
    if (k->keysym.sym == SDLK_a && (mod & KMOD_SHIFT) && !(mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI))) {
        g_used = true;
        return true;
    }
    if (k->keysym.sym == SDLK_e && (mod & KMOD_CTRL)) {
        export_answers(a, wb, now_ms);
        return true;
    }
    bool used = workbook_panel_key(wb, k->keysym.sym, mod);
    g_used = g_used || used;
    /* m with nothing to show: the column says why under its buttons, and so does the status line,
     * where show me's "Question 1.5: ..." goes (a load request is carried out next frame instead) */
    if (used && k->keysym.sym == SDLK_m && !g_show.set && workbook_panel_note(wb)[0])
        ui_app_status(a, now_ms, "%s", workbook_panel_note(wb));
    const quiz_question *q = quiz_session_question(workbook_panel_session(wb));
    if (used && k->keysym.sym == SDLK_h && q && !q->hint && workbook_panel_note(wb)[0]) /* no hint: said, not silence */
        ui_app_status(a, now_ms, "%s", workbook_panel_note(wb));
    return used;
}

bool ui_workbook_click(struct ui_app *a, const ui_hit *h, double now_ms)
{
    (void)a; (void)now_ms;
    workbook_panel *wb = panel();
    bool used = wb && workbook_panel_click_hit(wb, h->a);
    g_used = g_used || used;
    return used;
}

static void do_show_me(ui_app *a, double now_ms)
{
    pending_show *p = &g_show;
    p->set = false;
    /* the question's settings go in as the window's own changes (--set's path), not into the file's
     * configuration: after Q3.10's rcu.fast_no_hz=false the captions, written for FAST_NO_HZ, said grace
     * periods end "well under two jiffies" over 2 ms ones with nothing on screen saying it was off; as
     * changes they get the badge, the captions say they describe the file, a link carries them and
     * Backspace gives the file back */
    /* kept for a load that fails (a file broken on disk since): the window's changes stay the run's */
    ui_changes kept;
    ui_app_changes_keep(a, &kept);
    a->noverrides = 0;
    a->mode_forced = false;
    for (size_t i = 0; i < p->nov; i++) {
        const char *eq = strchr(p->ov[i], '=');
        char key[128];
        if (!eq) continue; /* the loader checked the question's overrides */
        snprintf(key, sizeof key, "%.*s", (int)(eq - p->ov[i]), p->ov[i]);
        /* the kernel version is the window's M, not a setting: as an override, M after Show me of 5.7
         * read "mode=softirq · rcu.mode=kthread" over the file's own run; forced, it is dropped when it
         * is the file's own mode (ui_app_set_config) */
        if (!strcmp(key, "rcu.mode") && (!strcmp(eq + 1, "kthread") || !strcmp(eq + 1, "softirq"))) {
            a->mode_forced = true;
            a->forced_mode = !strcmp(eq + 1, "kthread") ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ;
            continue;
        }
        ui_app_set_override_labeled(a, key, eq + 1, "");
    }
    char err[4096];
    if (ui_app_load_seed(a, p->path, p->has_seed, p->seed, err, sizeof err) != 0) {
        snprintf(a->st.error, sizeof a->st.error, "%s", err);
        ui_app_changes_restore(a, &kept);
    } else {
        a->loads++; /* the question's own run: a recording of the one before is not replayed into it (record.c) */
        double end_s = (double)ui_app_end(a) / 1e9;
        if (p->at_s > end_s) p->at_s = end_s; /* "the run's end" (a whole-run prediction) */
        ui_app_seek(a, (int64_t)(p->at_s * 1e9 + 0.5)); /* rounded: a stall moment is 1 ns past its event */
        a->st.playing = false;
        /* the simulation has the keyboard now: End after Show me went to the next lesson, not the run's end */
        workbook_panel *wb = panel();
        if (wb) workbook_panel_set_focus(wb, false);
        ui_app_status(a, now_ms, "Question %.23s: %.127s at %.3f s (keys move it; A: back to the question)", p->qid, a->name, p->at_s);
        /* Q6.16's kernel-build at 7700 s took minutes with no word after this one faded */
        snprintf(a->seek_said, sizeof a->seek_said, "question %.23s's moment", p->qid);
        g_last_s = p->at_s;
        snprintf(g_last_source, sizeof g_last_source, "%s", a->source);
    }
}

void ui_workbook_frame(struct ui_app *a, double now_ms)
{
    workbook_panel *wb = panel();
    if (!wb) return;
    if (g_show.set) { do_show_me(a, now_ms); return; }
    double t = (double)ui_app_now(a) / 1e9;
    bool same = !strcmp(g_last_source, a->source);
    /* a question waits at its moment: when playback crosses it, stop there and ask */
    if (same && a->st.playing && a->st.show_workbook && g_last_s >= 0 && t > g_last_s &&
        workbook_panel_moment(wb, a->source, g_last_s, t)) {
        const quiz_question *q = quiz_session_question(workbook_panel_session(wb));
        double at = t;
        char err[256];
        if (q->has_at && quiz_moment_resolve(q, &at, err, sizeof err) != 0) at = t;
        if (q->at_first_stall) at += 1e-9; /* 1 ns after the warning, as the moment keys land: the log shows it */
        a->st.playing = false;
        g_used = true; /* the column moved to that question: the student is in it now */
        ui_app_seek(a, (int64_t)(at * 1e9 + 0.5));
        ui_app_status(a, now_ms, "Workbook: question %s is about this moment", q->id);
        t = at;
    }
    g_last_s = t;
    snprintf(g_last_source, sizeof g_last_source, "%s", a->source);
}
