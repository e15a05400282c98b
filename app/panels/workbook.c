/* workbook.c — the window's workbook column: lessons, progress, the current question, answering, "show me". */
#include "panels/workbook.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum wb_hit { WB_ANSWER = 1, WB_CHECK, WB_HINT, WB_REVEAL, WB_SHOWME, WB_PREV, WB_NEXT, WB_DOT, WB_LESSON };
typedef struct wb_hitrec { rd_rect r; int kind, arg; } wb_hitrec;

struct workbook_panel {
    quiz_session s;
    bool focus;
    int scroll;                 /* pixels scrolled down in the content */
    int content_h, view_h;      /* last frame's content height and visible height, to clamp scroll */
    rd_rect column, view_r;     /* last frame's column and its scrolling text area (the bar is right of it) */
    int drag;                   /* 0, or a press that may drag: 1 the text (a finger), 2 the scroll bar */
    int drag_y;                 /* the pointer's y at the last drag step */
    bool follow;                /* scroll the new feedback or explanation into view at the next draw */
    bool show_intro;            /* I: the lesson's intro above any of its questions, not only the first */
    int line_h;
    workbook_show_me_fn show_me;
    void *show_me_ctx;
    char note[512];             /* panel-local status ("show me: ..."), about one question: */
    const quiz_question *note_q; /* the question the note is about; another one shown hides it */
    const quiz_question *warned; /* m on this unanswered prediction was answered with a warning: m again looks */
    wb_hitrec hits[64];
    int nhits;
};

workbook_panel *workbook_panel_new(const char *quiz_dir, const char *progress_path, char *err, size_t errlen)
{
    workbook_panel *wb = calloc(1, sizeof *wb);
    if (!wb) { snprintf(err, errlen, "out of memory"); return NULL; }
    if (quiz_session_open(&wb->s, quiz_dir, progress_path, err, errlen) != 0) { free(wb); return NULL; }
    return wb;
}

void workbook_panel_free(workbook_panel *wb)
{
    if (!wb) return;
    quiz_session_close(&wb->s);
    free(wb);
}

void workbook_panel_on_show_me(workbook_panel *wb, workbook_show_me_fn fn, void *ctx) { wb->show_me = fn; wb->show_me_ctx = ctx; }
void workbook_panel_set_review(workbook_panel *wb, bool on) { quiz_session_set_review(&wb->s, on); }
void workbook_panel_set_focus(workbook_panel *wb, bool on) { wb->focus = on; }
bool workbook_panel_has_focus(const workbook_panel *wb) { return wb->focus; }
const char *workbook_panel_note(const workbook_panel *wb)
{
    return wb->note[0] && wb->note_q == quiz_session_question(&wb->s) ? wb->note : "";
}
const char *workbook_panel_message(const workbook_panel *wb)
{
    const char *n = workbook_panel_note(wb);
    return n[0] ? n : wb->s.message;
}
void workbook_panel_set_note(workbook_panel *wb, const char *text)
{
    snprintf(wb->note, sizeof wb->note, "%s", text ? text : "");
    wb->note_q = quiz_session_question(&wb->s);
}

int workbook_panel_open_for(workbook_panel *wb, const char *scenario)
{
    int rc = quiz_session_open_for(&wb->s, scenario);
    size_t f, l;
    if (rc == QS_PLACE_MOVED) wb->scroll = 0;
    if (rc == QS_PLACE_KEPT && quiz_session_scenario_lesson(&wb->s, scenario, &f, &l)) {
        /* the student's place is kept; still say where the loaded scenario's questions are */
        const quiz_lesson *ls = &wb->s.set.files[f].lessons[l];
        const quiz_lesson *cur = quiz_session_lesson(&wb->s);
        if (ls != cur) {
            char base[128], note[512];
            const char *b = strrchr(scenario, '/');
            snprintf(base, sizeof base, "%s", b ? b + 1 : scenario);
            size_t n = strlen(base);
            if (n > 5 && !strcmp(base + n - 5, ".json")) base[n - 5] = 0;
            snprintf(note, sizeof note, "Your place is kept. Lesson %s, %s, is about %s, the scenario loaded: "
                                        "click its chip above to go there.", ls->id, ls->title, base);
            workbook_panel_set_note(wb, note);
        }
    }
    return rc;
}
quiz_session *workbook_panel_session(workbook_panel *wb) { return &wb->s; }

static void hit(workbook_panel *wb, rd_rect r, int kind, int arg)
{
    if (wb->nhits < (int)(sizeof wb->hits / sizeof wb->hits[0])) wb->hits[wb->nhits++] = (wb_hitrec){r, kind, arg};
}

/* ---------------------------------------------------------------- actions */

/* m on a question without a scenario: say so, and where in the lesson "show me" has something */
static void nothing_to_show(workbook_panel *wb, const quiz_question *q)
{
    const quiz_lesson *l = quiz_session_lesson(&wb->s);
    const quiz_question *next = NULL, *prev = NULL;
    for (size_t i = 0; l && i < l->nquestions; i++) {
        const quiz_question *o = &l->questions[i];
        if (!o->has_scenario) continue;
        if (i > wb->s.question) { next = o; break; }
        prev = o;
    }
    const quiz_question *o = next ? next : prev;
    char note[256];
    if (o)
        snprintf(note, sizeof note, "Show me: question %s has no scenario to show; in this lesson %s has one (%s).", q->id,
                 o->id, next ? "PgDn" : "PgUp");
    else snprintf(note, sizeof note, "Show me: question %s has no scenario to show, nor has any question of lesson %s.", q->id,
                  l ? l->id : "?");
    workbook_panel_set_note(wb, note);
    wb->follow = true; /* under a long question, bring it into view */
}

static void show_me(workbook_panel *wb)
{
    const quiz_question *q = quiz_session_question(&wb->s);
    if (!q) return;
    if (!q->has_scenario) { nothing_to_show(wb, q); return; }
    if (!wb->show_me) { workbook_panel_set_note(wb, "\"Show me\" is not available here."); return; }
    /* a prediction's moment shows the answer (5.6's t=9660 in the kernel log): a right answer typed
     * after it counted as a first try in the teacher's statistics. Warned first; a second m looks,
     * and that counts as help. */
    bool unanswered = quiz_session_unanswered_prediction(&wb->s);
    if (unanswered && wb->warned != q) {
        char note[320];
        snprintf(note, sizeof note, "Question %s is a prediction, and its moment shows the answer: answer first, then m shows "
                 "the run. Press m again to look now; that counts as help, as the hint does.", q->id);
        workbook_panel_set_note(wb, note);
        wb->warned = q;
        wb->follow = true;
        return;
    }
    char path[1024], err[400];
    quiz_scenario_path(q, path, sizeof path);
    double at = 0;
    /* resolve "first_stall" here, so the window only ever seeks to a time */
    if (q->has_at && quiz_moment_resolve(q, &at, err, sizeof err) != 0) {
        char note[512];
        snprintf(note, sizeof note, "show me %s: %.400s", q->id, err);
        workbook_panel_set_note(wb, note);
        return;
    }
    /* the engine runs events strictly before the time it is asked for: stop just after the warning */
    if (q->at_first_stall) at += 1e-9; /* 1 ns, as the window's moment keys land */
    /* a prediction without a moment of its own opens where its measure is read, not at 0 s (3.9's "first
     * 2 s" opened at 0.000 s): a window's end, the moment named, or the run's end (the window's seek
     * stops at it) */
    if (!q->has_at && q->kind == QUIZ_PREDICT) {
        double h = quiz_measure_horizon(&q->measure);
        at = h >= 0 ? h : 1e9; /* -1: the end of the run, where the window's seek stops */
    }
    workbook_show_me req = {path, (const char *const *)q->overrides, q->noverrides, q->has_seed, q->seed, at, q->id};
    if (unanswered) quiz_session_looked(&wb->s);
    wb->warned = NULL;
    wb->note[0] = 0;
    wb->show_me(&req, wb->show_me_ctx);
}

static void act(workbook_panel *wb, int kind, int arg)
{
    quiz_session *s = &wb->s;
    switch (kind) {
    case WB_ANSWER: quiz_session_pick(s, arg); break;
    case WB_CHECK:
        if (s->done) { if (quiz_session_step(s, +1)) wb->scroll = 0; }
        else { quiz_session_submit(s); wb->follow = true; }
        break;
    case WB_HINT: {
        const quiz_question *q = quiz_session_question(s);
        /* h on a question without a hint did nothing at all: say so where a note goes */
        if (q && !q->hint) {
            char note[128];
            snprintf(note, sizeof note, "Question %s has no hint; s shows the answer and its explanation.", q->id);
            workbook_panel_set_note(wb, note);
            break;
        }
        quiz_session_hint(s);
        wb->follow = true;
        break;
    }
    case WB_REVEAL: quiz_session_reveal(s); wb->follow = true; break;
    case WB_SHOWME: show_me(wb); break;
    case WB_PREV: if (quiz_session_step(s, -1)) wb->scroll = 0; break;
    case WB_NEXT: if (quiz_session_step(s, +1)) wb->scroll = 0; break;
    case WB_DOT: quiz_session_goto(s, s->file, s->lesson, (size_t)arg); wb->scroll = 0; break;
    case WB_LESSON: quiz_session_open_lesson(s, (size_t)arg >> 8, (size_t)arg & 0xff); wb->scroll = 0; break;
    default: break;
    }
}

bool workbook_panel_click(workbook_panel *wb, int x, int y)
{
    for (int i = wb->nhits - 1; i >= 0; i--)
        if (rd_contains(wb->hits[i].r, x, y)) { wb->focus = true; act(wb, wb->hits[i].kind, wb->hits[i].arg); return true; }
    return false;
}


static void scroll_to(workbook_panel *wb, int px)
{
    int max = wb->content_h - wb->view_h;
    wb->scroll = px > max ? max : px;
    if (wb->scroll < 0) wb->scroll = 0;
}

void workbook_panel_scroll(workbook_panel *wb, int lines) { scroll_to(wb, wb->scroll + lines * (wb->line_h ? wb->line_h : 16) * 3); }

bool workbook_panel_wheel(workbook_panel *wb, int x, int y, int lines)
{
    if (!rd_contains(wb->column, x, y)) return false;
    workbook_panel_scroll(wb, lines);
    return true;
}

/* A tablet has no wheel and no Shift+Down: the Check button under a long question was out of reach.
 * A press in the text may drag it as a finger does; one on the scroll bar (or just right of the
 * text) moves the bar. A press that does not move stays a click (workbook_panel_click). */
bool workbook_panel_press(workbook_panel *wb, int x, int y)
{
    wb->drag = 0;
    if (wb->content_h <= wb->view_h || !rd_contains(wb->column, x, y)) return false;
    rd_rect v = wb->view_r;
    if (y < v.y || y >= v.y + v.h) return false;
    wb->drag = x >= v.x + v.w ? 2 : rd_contains(v, x, y) ? 1 : 0;
    wb->drag_y = y;
    return wb->drag != 0;
}

void workbook_panel_drag(workbook_panel *wb, int y)
{
    if (!wb->drag || wb->view_h <= 0) return;
    int dy = y - wb->drag_y;
    wb->drag_y = y;
    if (wb->drag == 1) scroll_to(wb, wb->scroll - dy); /* the text follows the finger */
    else scroll_to(wb, wb->scroll + (int)((long long)dy * wb->content_h / wb->view_h)); /* the bar follows the pointer */
}

void workbook_panel_release(workbook_panel *wb) { wb->drag = 0; }

int workbook_panel_scrolled(const workbook_panel *wb) { return wb->scroll; }

bool workbook_panel_key(workbook_panel *wb, SDL_Keycode key, Uint16 mod)
{
    if (!wb->focus) return false;
    quiz_session *s = &wb->s;
    const quiz_question *q = quiz_session_question(s);
    if (!q) return false;
    bool letters = q->kind == QUIZ_CHOICE || q->kind == QUIZ_MULTI;
    bool yesno = q->kind == QUIZ_PREDICT && q->expected.is_bool;
    bool number = !letters && !yesno;
    if (mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI)) return false; /* leave shortcuts to the window */
    if (letters && key >= SDLK_a && key <= SDLK_g) { quiz_session_pick(s, (int)(key - SDLK_a)); return true; }
    if (yesno && (key == SDLK_y || key == SDLK_n)) { snprintf(s->input, sizeof s->input, "%s", key == SDLK_y ? "yes" : "no"); return true; }
    if (number && ((key >= SDLK_0 && key <= SDLK_9) || key == SDLK_PERIOD || key == SDLK_MINUS)) {
        char c[2] = {(char)key, 0};
        quiz_session_type(s, c);
        return true;
    }
    if (number && key >= SDLK_KP_1 && key <= SDLK_KP_0) {
        char c[2] = {key == SDLK_KP_0 ? '0' : (char)('1' + (key - SDLK_KP_1)), 0};
        quiz_session_type(s, c);
        return true;
    }
    if (mod & KMOD_SHIFT && (key == SDLK_UP || key == SDLK_DOWN)) { workbook_panel_scroll(wb, key == SDLK_DOWN ? 1 : -1); return true; }
    switch (key) {
    case SDLK_BACKSPACE: if (yesno) s->input[0] = 0; else quiz_session_backspace(s); return true;
    case SDLK_UP: if (letters && s->cursor > 0) s->cursor--; return true;
    case SDLK_DOWN: if (letters && (size_t)s->cursor + 1 < q->nanswers) s->cursor++; return true;
    case SDLK_SPACE: if (letters) quiz_session_pick(s, s->cursor); return true;
    case SDLK_RETURN: case SDLK_KP_ENTER: act(wb, WB_CHECK, 0); return true;
    case SDLK_h: act(wb, WB_HINT, 0); return true;
    case SDLK_s: act(wb, WB_REVEAL, 0); return true;
    case SDLK_i: wb->show_intro = !wb->show_intro; wb->scroll = 0; return true;
    case SDLK_m: act(wb, WB_SHOWME, 0); return true;
    case SDLK_v: quiz_session_set_review(s, !s->review); return true;
    case SDLK_PAGEDOWN: case SDLK_RIGHT: act(wb, WB_NEXT, 0); return true;
    case SDLK_PAGEUP: case SDLK_LEFT: act(wb, WB_PREV, 0); return true;
    case SDLK_HOME: if (quiz_session_step_lesson(s, -1)) wb->scroll = 0; return true;
    case SDLK_END: if (quiz_session_step_lesson(s, +1)) wb->scroll = 0; return true;
    case SDLK_ESCAPE: wb->focus = false; return true;
    default: return false;
    }
}

bool workbook_panel_moment(workbook_panel *wb, const char *scenario_path, double prev_s, double now_s)
{
    if (!quiz_session_moment(&wb->s, scenario_path, prev_s, now_s)) return false;
    wb->focus = true;
    wb->scroll = 0;
    return true;
}

/* ---------------------------------------------------------------- drawing */

typedef struct pen { ui_frame *fr; rd_rect c; int y; } pen; /* c: content column; y: next line */

static void para(pen *p, enum rd_font f, rd_color col, const char *text)
{
    rd_rect r = {p->c.x, p->y, p->c.w, 1 << 20};
    p->y += rd_text_wrap(p->fr->rd, f, r, col, text);
}

static void gap(pen *p, float px) { p->y += rd_px(p->fr->rd, px); }

/* A small button with its key at *x on the pen's line; buttons flow and wrap to a new line, so a
 * narrow column (1280x720) never cuts one off. */
static void button(workbook_panel *wb, pen *p, int *x, const char *label, int kind, bool on)
{
    rd_ctx *rd = p->fr->rd;
    const ui_theme *th = p->fr->th;
    int h = rd_line_height(rd, RD_SANS) + rd_px(rd, 6), w = rd_text_width(rd, RD_SANS, label) + rd_px(rd, 12);
    if (*x > p->c.x && *x + w > p->c.x + p->c.w) { *x = p->c.x; p->y += h + rd_px(rd, 4); }
    rd_rect b = {*x, p->y, w, h};
    *x += w + rd_px(rd, 6);
    if (!rd_clip_holds_rows(rd, b)) return; /* half a button under the column's edge: scrolling shows it whole */
    rd_fill(rd, b, on ? rd_mix(th->panel, th->heading, 0.18f) : th->panel);
    rd_frame(rd, b, th->panel_edge, 1);
    rd_text_in(rd, RD_SANS, b, RD_CENTER, th->text, label);
    hit(wb, b, kind, 0);
}

/* A lesson chip's words: "3 4/7", or for a finished lesson where the row is short of room "6 ✓".
 * Returns how many of its questions are done. */
static size_t chip_label(workbook_panel *wb, const quiz_file *f, const quiz_lesson *l, bool compact, char *label, size_t n)
{
    wb_score sc;
    wb_lesson_score(&wb->s.prog, f, l, &sc);
    size_t right = wb_score_done(&sc);
    if (compact && right == l->nquestions) snprintf(label, n, "%s \u2713", l->id);
    else snprintf(label, n, "%s %zu/%zu", l->id, right, l->nquestions);
    return right;
}

/* One chip per lesson, "3 4/7": its id and how many of its questions are done (right or shown); full
 * lessons are filled, the current one framed. A click opens the lesson. Where the chips would take a
 * second row, finished lessons say "6 ✓" (a student's "7 0/6" wrapped under the rest at 1280x720). */
static void lesson_chips(workbook_panel *wb, pen *p)
{
    rd_ctx *rd = p->fr->rd;
    const ui_theme *th = p->fr->th;
    int h = rd_line_height(rd, RD_SANS_SMALL) + rd_px(rd, 4), sp = rd_px(rd, 4), x = p->c.x;
    int row_w = 0;
    for (size_t fi = 0; fi < wb->s.set.n; fi++)
        for (size_t li = 0; li < wb->s.set.files[fi].nlessons && li < 256; li++) {
            char label[48];
            chip_label(wb, &wb->s.set.files[fi], &wb->s.set.files[fi].lessons[li], false, label, sizeof label);
            row_w += rd_text_width(rd, RD_SANS_SMALL, label) + rd_px(rd, 8) + sp;
        }
    bool compact = row_w - sp > p->c.w;
    for (size_t fi = 0; fi < wb->s.set.n; fi++) {
        const quiz_file *f = &wb->s.set.files[fi];
        for (size_t li = 0; li < f->nlessons && li < 256; li++) {
            const quiz_lesson *l = &f->lessons[li];
            char label[48];
            size_t right = chip_label(wb, f, l, compact, label, sizeof label);
            int w = rd_text_width(rd, RD_SANS_SMALL, label) + rd_px(rd, 8);
            if (x + w > p->c.x + p->c.w && x > p->c.x) { x = p->c.x; p->y += h + sp; }
            rd_rect b = {x, p->y, w, h};
            x += w + sp;
            if (!rd_clip_holds_rows(rd, b)) continue; /* scrolled half out: shown whole or not at all */
            bool full = right == l->nquestions;
            rd_fill(rd, b, full ? rd_mix(th->panel, th->ok, 0.35f) : right ? rd_mix(th->panel, th->ok, 0.12f) : th->panel);
            bool cur = fi == wb->s.file && li == wb->s.lesson;
            rd_frame(rd, b, cur ? th->heading : th->panel_edge, cur ? rd_px(rd, 2) : 1);
            rd_text_in(rd, RD_SANS_SMALL, b, RD_CENTER, th->text, label);
            hit(wb, b, WB_LESSON, (int)(fi << 8 | li));
        }
    }
    p->y += h + sp;
}

/* One square per question of the lesson: first try, after retries, with help, tried, untouched; the current one framed. */
static void dots(workbook_panel *wb, pen *p, const quiz_lesson *l)
{
    rd_ctx *rd = p->fr->rd;
    const ui_theme *th = p->fr->th;
    int sz = rd_px(rd, 12), sp = rd_px(rd, 4), x = p->c.x;
    char key[128];
    quiz_lesson_key(quiz_session_file(&wb->s), l, key, sizeof key);
    for (size_t i = 0; i < l->nquestions; i++) {
        if (x + sz > p->c.x + p->c.w) { x = p->c.x; p->y += sz + sp; }
        const progress_entry *e = progress_get(&wb->s.prog, key, l->questions[i].id, false);
        rd_rect d = {x, p->y, sz, sz};
        x += sz + sp;
        if (!rd_clip_holds_rows(rd, rd_inset(d, -rd_px(rd, 2)))) continue;
        enum wb_outcome o = wb_outcome_of(e);
        rd_color col = o == WB_UNTOUCHED ? th->grid : o == WB_FIRST_TRY ? th->ok : o == WB_RETRIES ? rd_mix(th->ok, th->panel, 0.45f)
                     : o == WB_HELPED ? th->fqs : th->owed;
        rd_fill(rd, d, col);
        /* the state is also readable without colour: a slash for "with help", a dot for "after retries" */
        if (o == WB_HELPED) rd_line(rd, d.x, d.y + d.h - 1, d.x + d.w - 1, d.y, th->panel);
        if (o == WB_RETRIES) rd_fill(rd, rd_inset(d, d.w / 3), th->panel);
        if (i == wb->s.question) rd_frame(rd, rd_inset(d, -rd_px(rd, 2)), th->heading, rd_px(rd, 2));
        hit(wb, d, WB_DOT, (int)i);
    }
    p->y += sz + sp;
}

static void answers(workbook_panel *wb, pen *p, const quiz_question *q, bool show)
{
    rd_ctx *rd = p->fr->rd;
    const ui_theme *th = p->fr->th;
    const quiz_session *s = &wb->s;
    int lead = rd_text_width(rd, RD_MONO, "[x] a) ");
    /* a right-hand column for the verdict marks, so they never cover the text */
    int mark_w = show ? rd_text_width(rd, RD_BOLD, "\u2713") + rd_px(rd, 6) : 0;
    for (size_t i = 0; i < q->nanswers; i++) {
        const quiz_answer *a = &q->answers[s->order.shown[i]]; /* the student's order */
        bool picked = s->sel & (1u << i);
        int y0 = p->y;
        /* the row's height is only known after wrapping: draw the text, then the background under it would
         * hide it, so the picked tint is drawn first over a measured height from a dry run off-clip */
        rd_rect tr = {p->c.x + lead, p->y, p->c.w - lead - mark_w, 1 << 20};
        int h = rd_text_wrap(rd, RD_SANS, (rd_rect){tr.x, -(1 << 20), tr.w, 1 << 20}, th->text, a->text);
        rd_rect tint = {p->c.x - rd_px(rd, 3), y0 - rd_px(rd, 1), p->c.w + rd_px(rd, 6), h + rd_px(rd, 2)};
        if (picked && rd_clip_holds_rows(rd, tint)) rd_fill(rd, tint, rd_mix(th->panel, th->select, 0.12f)); /* not a band of colour with its words left out */
        char tag[16];
        snprintf(tag, sizeof tag, "[%c] %c)", picked ? 'x' : ' ', (char)('a' + i));
        rd_text(rd, RD_MONO, p->c.x, p->y, th->text, tag);
        rd_text_wrap(rd, RD_SANS, tr, th->text, a->text);
        if (show && a->correct) rd_text(rd, RD_BOLD, p->c.x + p->c.w - mark_w + rd_px(rd, 3), p->y, th->ok, "\u2713");
        else if (show && picked) rd_text(rd, RD_BOLD, p->c.x + p->c.w - mark_w + rd_px(rd, 3), p->y, th->stall_text, "\u2717");
        p->y += h;
        if (s->review) {
            rd_rect fb = {p->c.x + lead, p->y, p->c.w - lead - mark_w, 1 << 20};
            p->y += rd_text_wrap(rd, RD_SANS_SMALL, fb, th->text_dim, a->feedback);
        }
        rd_rect row = {p->c.x - rd_px(rd, 3), y0 - rd_px(rd, 1), p->c.w + rd_px(rd, 6), p->y - y0 + rd_px(rd, 2)};
        if (wb->focus && (int)i == s->cursor && rd_clip_holds_rows(rd, row)) rd_frame(rd, row, th->select, 1);
        /* a row the column's edge cuts answers clicks on its part in view only (none when out of view) */
        rd_rect in = row;
        if (in.y < p->c.y) { in.h -= p->c.y - in.y; in.y = p->c.y; }
        if (in.y + in.h > p->c.y + p->c.h) in.h = p->c.y + p->c.h - in.y;
        if (in.h > 0) hit(wb, in, WB_ANSWER, (int)i);
        gap(p, 3);
    }
}

static void input_box(workbook_panel *wb, pen *p, const quiz_question *q)
{
    rd_ctx *rd = p->fr->rd;
    const ui_theme *th = p->fr->th;
    bool yesno = q->kind == QUIZ_PREDICT && q->expected.is_bool;
    const char *label = yesno ? "Your prediction (y / n): " : q->kind == QUIZ_PREDICT ? "Your prediction: " : "Your answer: ";
    int w = rd_text(rd, RD_SANS, p->c.x, p->y, th->text, label);
    rd_rect box = {p->c.x + w, p->y - rd_px(rd, 1), rd_px(rd, 110), rd_line_height(rd, RD_MONO) + rd_px(rd, 2)};
    if (!rd_clip_holds_rows(rd, box)) { p->y += box.h + rd_px(rd, 4); return; }
    rd_fill(rd, box, th->bg);
    rd_frame(rd, box, wb->focus ? th->select : th->panel_edge, 1);
    char shown[64];
    snprintf(shown, sizeof shown, "%s%s", wb->s.input, wb->focus ? "_" : "");
    rd_text(rd, RD_MONO, box.x + rd_px(rd, 4), p->y, th->text, shown);
    p->y += box.h + rd_px(rd, 4);
}

void workbook_panel_draw(workbook_panel *wb, ui_frame *fr, rd_rect r)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    quiz_session *s = &wb->s;
    quiz_session_keep_student(s); /* shown to the student: the order they see must hold next time */
    wb->nhits = 0;
    const quiz_file *f = quiz_session_file(s);
    const quiz_lesson *l = quiz_session_lesson(s);
    const quiz_question *q = quiz_session_question(s);
    if (!f || !l || !q) { /* quiz_session_goto() keeps the place valid; an empty set draws the frame alone */
        panel_frame(fr, r, "Workbook", "no question to show");
        return;
    }
    char sub[256], score[160];
    wb_score sc;
    wb_lesson_score(&s->prog, f, l, &sc);
    wb_score_format(&sc, score, sizeof score);
    /* the score is the current lesson's: say so ("none of 7 done" read as the whole workbook's) */
    /* presenting (F5) without the keyboard: no how-to for the room, as the window's other hints go */
    bool quiet = fr->audience && !wb->focus;
    snprintf(sub, sizeof sub, "%slesson %s: %s%s", s->review ? "teacher view - " : "", l->id, score, wb->focus || quiet ? "" : " - A to answer");
    /* too long for the column's title line ("lesson 7: 4 first try, 1 after retries, 1 t..." at
     * 1280x720): the count done, whose parts the lesson's own lines and quiz --list give */
    int pad = rd_px(rd, 6), room = r.w - rd_text_width(rd, RD_BOLD, "Workbook") - 3 * pad;
    if (rd_text_width(rd, RD_SANS, sub) > room) {
        snprintf(sub, sizeof sub, "%slesson %s: %zu of %zu done%s", s->review ? "teacher view - " : "", l->id, wb_score_done(&sc), sc.total,
                 wb->focus || quiet ? "" : " - A to answer");
        if (rd_text_width(rd, RD_SANS, sub) > room)
            snprintf(sub, sizeof sub, "%slesson %s: %zu of %zu done", s->review ? "teacher view - " : "", l->id, wb_score_done(&sc), sc.total);
    }
    rd_rect c = panel_frame(fr, r, "Workbook", sub);
    wb->line_h = rd_line_height(rd, RD_SANS);
    /* the key line stays put at the bottom, as many lines as it wraps to at this width (a narrow
     * column at 1280x720 needs four); everything above scrolls */
    const char *keys = wb->focus ? "a-g pick (Up/Down, Space), 0-9 type, Enter check, h hint, s show answer, m show me, "
                                   "PgUp/PgDn question, Home/End lesson, i lesson intro, v teacher view, Ctrl+E your answers as a file for your teacher, "
                                   "Esc back to the simulation"
                                 : "A (answer) or a click gives the workbook the keyboard; Esc gives it back.";
    int foot_lines = panel_wrap_lines(rd, RD_SANS_SMALL, c.w, keys);
    if (foot_lines < 1) foot_lines = 1;
    if (foot_lines > 6) foot_lines = 6; /* a very narrow column: the last line ends in "…" with a tip */
    int foot_h = quiet ? 0 : rd_line_height(rd, RD_SANS_SMALL) * foot_lines + rd_px(rd, 4);
    /* when the text ran past the bottom last frame, a strip under it holds the "more below" cue, which
     * was drawn over the text's last line and hid words of an explanation at 1280x720 */
    int more_h = rd_line_height(rd, RD_SANS_SMALL);
    bool overflow = wb->content_h > c.h - foot_h;
    rd_rect view = {c.x, c.y, c.w - rd_px(rd, 6), c.h - foot_h - (overflow ? more_h : 0)}; /* room for a scroll bar on the right */
    wb->view_h = view.h;
    wb->column = r;
    wb->view_r = view;
    rd_clip_push_rows(rd, view); /* a line or button the edge would cut in half is left for the scroll */
    pen p = {fr, view, view.y - wb->scroll};
    lesson_chips(wb, &p);
    gap(&p, 4);
    char line[256];
    snprintf(line, sizeof line, "Lesson %s: %s", l->id, l->title);
    para(&p, RD_BOLD, th->heading, line);
    /* the lesson's intro, as the terminal prints it at the lesson's start: it states facts its
     * questions need (what a quiescent state is per flavor, the stall timeout, blimit...), which the
     * window never showed; above the first question, and above any other while I is on */
    if (l->intro && (s->question == 0 || wb->show_intro)) {
        gap(&p, 2);
        para(&p, RD_SANS_SMALL, th->text_dim, l->intro);
    }
    gap(&p, 3);
    dots(wb, &p, l);
    gap(&p, 4);
    bool show = s->done || s->review;
    /* "a trick question" says the obvious answer is wrong: for the teacher, and for a student who fell
     * for it (or asked to see the answer), never after a right first answer (as in the terminal) */
    const progress_entry *pe = quiz_session_entry(s);
    bool missed = s->review || !pe || !pe->first_ok;
    snprintf(line, sizeof line, "Question %s  (%s%s%s%s)", q->id, quiz_kind_name(q->kind),
             q->trick && show && missed ? ", a trick question" : "", q->basis != QB_NONE ? " · " : "", quiz_basis_label(q->basis));
    para(&p, RD_SANS_SMALL, th->text_dim, line);
    if (q->source) para(&p, RD_SANS_SMALL, th->text_dim, q->source);
    gap(&p, 2);
    para(&p, RD_SANS, th->text, q->question);
    gap(&p, 6);
    if (q->kind == QUIZ_CHOICE || q->kind == QUIZ_MULTI) answers(wb, &p, q, show);
    else input_box(wb, &p, q);
    gap(&p, 4);
    int x = p.c.x;
    if (s->review) button(wb, &p, &x, "Next (PgDn)", WB_NEXT, false);
    else button(wb, &p, &x, s->done ? "Next (Enter)" : "Check (Enter)", WB_CHECK, false);
    if (q->hint && !s->review) button(wb, &p, &x, "Hint (h)", WB_HINT, s->hint_shown);
    if (!s->done && !s->review) button(wb, &p, &x, "Show answer (s)", WB_REVEAL, false);
    if (q->has_scenario) button(wb, &p, &x, "Show me (m)", WB_SHOWME, false);
    p.y += rd_line_height(rd, RD_SANS) + rd_px(rd, 12);
    int verdict_y = p.y + wb->scroll - view.y; /* where the feedback starts, in content coordinates */
    /* the panel's note about this question (m with nothing to show...) right under the buttons the
     * student just used: at the end of a long explanation it was scrolled out of sight */
    const char *note = workbook_panel_note(wb);
    if (note[0]) { para(&p, RD_SANS_SMALL, th->stall_text, note); gap(&p, 6); }
    if (s->last.status >= 0) {
        /* a question without a hint offered one ("ask for a hint", then h: "has no hint") */
        const char *wrong = q->hint && !s->hint_shown ? "Not quite. Try again, or ask for a hint (h)."
                            : "Not quite. Try again, or see the answer (s).";
        para(&p, RD_BOLD, s->last.status ? th->ok : th->stall_text, s->last.status ? "Correct." : wrong);
        para(&p, RD_SANS, th->text, s->last.message);
        gap(&p, 6);
    } else if (s->last.status == -1) {
        para(&p, RD_SANS, th->stall_text, s->last.message);
        gap(&p, 6);
    }
    if (q->hint && (s->hint_shown || s->review)) {
        para(&p, RD_BOLD, th->heading, "Hint");
        para(&p, RD_SANS, th->text, q->hint);
        gap(&p, 6);
    }
    if (show) {
        char ans[160];
        quiz_correct_answer_ordered(q, &s->order, ans, sizeof ans);
        snprintf(line, sizeof line, "The answer: %s%s", ans, q->kind == QUIZ_PREDICT ? ", computed by running the simulation" : "");
        para(&p, RD_BOLD, th->heading, line);
        para(&p, RD_SANS, th->text, q->explanation);
    }
    const char *msg = s->message; /* corrupt progress set aside, a save that failed */
    if (msg[0]) { gap(&p, 6); para(&p, RD_SANS_SMALL, th->stall_text, msg); }
    wb->content_h = p.y + wb->scroll - view.y;
    rd_clip_pop(rd);
    /* after an answer, a hint or "show answer", bring the feedback into view (next frame) */
    if (wb->follow) {
        wb->follow = false;
        /* the text runs past the bottom: show as much of the feedback as fits, from its start. Measured
         * against the next frame's view, which gives up a strip to the "more below" cue when the text
         * overflows: measured against this one, a note's last line ended up under that cue. */
        int next_h = c.h - foot_h - (wb->content_h > c.h - foot_h ? more_h : 0);
        if (wb->content_h - wb->scroll > next_h) {
            int target = verdict_y - wb->line_h, max = wb->content_h - next_h;
            if (target > max) target = max;
            if (target > wb->scroll) wb->scroll = target;
        }
    }
    /* more text than fits: a scroll bar and how to reach the rest */
    if (wb->content_h > view.h) {
        int bar_h = view.h * view.h / wb->content_h, bar_y = view.y + (view.h - bar_h) * wb->scroll / (wb->content_h - view.h);
        rd_fill(rd, (rd_rect){view.x + view.w + rd_px(rd, 2), view.y, rd_px(rd, 3), view.h}, th->grid);
        rd_fill(rd, (rd_rect){view.x + view.w + rd_px(rd, 2), bar_y, rd_px(rd, 3), bar_h}, th->text_dim);
        if (wb->scroll < wb->content_h - view.h) {
            const char *more = "more below: wheel, drag or Shift+Down";
            int mw = rd_text_width(rd, RD_SANS_SMALL, more) + rd_px(rd, 8), mh = more_h;
            rd_rect m = {view.x + view.w - mw, view.y + view.h, mw, mh}; /* in the strip under the text, when it was reserved */
            if (!overflow) m.y -= mh; /* the frame the text first runs over: as before, until the next frame */
            rd_fill(rd, m, th->panel);
            rd_text_in(rd, RD_SANS_SMALL, m, RD_CENTER, th->text_dim, more);
        }
    }
    /* footer: the keys, so the panel is usable without a mouse */
    if (!quiet) {
        rd_rect foot = {c.x, c.y + c.h - foot_h, c.w, foot_h};
        rd_line(rd, foot.x, foot.y, foot.x + foot.w, foot.y, th->grid);
        foot.y += rd_px(rd, 3);
        foot.h = foot_h - rd_px(rd, 3);
        panel_wrap_fit(fr, RD_SANS_SMALL, foot, th->text_dim, keys);
    }
    hit(wb, (rd_rect){r.x, r.y, r.w, r.h}, 0, 0); /* the whole column: a click anywhere focuses */
    /* keep the panel's own rects first in lookup order over the catch-all */
    wb_hitrec all = wb->hits[wb->nhits - 1];
    memmove(wb->hits + 1, wb->hits, (size_t)(wb->nhits - 1) * sizeof *wb->hits);
    wb->hits[0] = all;
}

void workbook_panel_publish_hits(const workbook_panel *wb, ui_frame *fr, int hit_kind)
{
    for (int i = 0; i < wb->nhits; i++) ui_hit_add(fr, wb->hits[i].r, hit_kind, i, 0);
}

bool workbook_panel_click_hit(workbook_panel *wb, int index)
{
    if (index < 0 || index >= wb->nhits) return false;
    wb->focus = true;
    act(wb, wb->hits[index].kind, wb->hits[index].arg);
    return true;
}
