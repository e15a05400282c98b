/* export.h — pictures of the window for slides and documents: `rcuvis shot`. */
#ifndef RCUVIS_EXPORT_H
#define RCUVIS_EXPORT_H

/*
 * Module app/export/ — owns output made for people outside the window: `rcuvis shot` (PNG of the
 * window's picture at a moment, off-screen). It reuses the window's app state and the panels, so
 * an exported picture is the window's picture. It may include every module but the CLI.
 */

#include "window/app.h"

/* What an exported picture shows: the window's picture, a clean slide, or one panel. */
typedef struct ex_look {
    bool clean;   /* no buttons, hints, scrubber or empty panels (slides) */
    int panel;    /* enum ui_panel_id (view/layout_export.h), or -1 for the whole picture */
    bool cues;    /* burn in a cue bar: simulated time and the latest event in words */
    /* clean slides drop an empty kernel log and an idle caption strip; an animation fixes both
     * for the whole clip (1 show, 0 hide) so the panels do not jump between frames; -1 = decide */
    int klog, caption;
    /* the cue bar of a clip, fixed for all its frames so its text neither jumps nor gets cut (anim.c):
     * the decimals of its times (6 or 9; 0 = as each picture's times need) and its font (an index
     * into ex_cue_bar_fit's fonts, biggest first; 0 = the biggest; EX_BAR_TWO_ROWS: the smallest on
     * two rows) */
    int bar_digits, bar_font;
    /* a clip's title clock, fixed for all its frames in the same way: 6 or 9 decimals (0 = a still's,
     * as many as its time needs); the clock changing width moved the jiffy beside it every frame */
    int clock_digits;
} ex_look;

/* An animation: frames at evenly spaced simulated times from from_ns to to_ns. */
typedef struct ex_anim {
    int64_t from_ns, to_ns;
    double fps, length_s;   /* frames per second of the clip and its length in real seconds */
    const char *out;        /* DIR/ (frames only) or FILE.gif|.apng|.mp4|.webm (frames beside it, then encoded) */
    int w, h;               /* output pixels */
    float scale;
    bool fit_scale;         /* --panel without --scale: fit the text scale to the clip (fit.c) */
} ex_anim;

/* A clip without --length plays its span at the window's starting speed (UI_START_SPEED), held
 * between these real seconds: the span in real time, the old default, made tree's 31 ms grace period a
 * 0.12 s GIF of 3 frames, over before a viewer saw it; and 10 s of hackbench at 1/100 would last 17 min. */
#define EX_CLIP_MIN_S 5.0
#define EX_CLIP_MAX_S 30.0
/* The default length in real seconds of a clip of span_s simulated seconds. */
double ex_clip_default_length(double span_s);
/* How many frames an makes: length_s * fps, rounded, at least 2 (a first and a last). */
int ex_clip_frame_count(const ex_anim *an);
/* Write the frames (always) and encode them when out names a clip (anim.c). Returns an exit
 * status: 0 ok, 2 with a message on stderr. */
int ex_animate(ui_app *a, const ex_anim *an, const ex_look *look);
/* Called once frame i of n of a clip is drawn into rd; a nonzero return stops the clip. */
typedef int (*ex_frame_fn)(void *ctx, rd_ctx *rd, int i, int n);
/* The frames of an as ex_animate draws them, into rd (an->w x an->h), each handed to frame: the
 * panels, the kernel log and the caption strip laid out once for the clip, the caption text in one
 * font for all of it, and with an->fit_scale rd's text scale fitted first (which leaves rd without
 * a text observer). Returns frame's nonzero return, -1 when out of memory, else 0. */
int ex_clip_frames(ui_app *a, rd_ctx *rd, const ex_anim *an, const ex_look *look, ex_frame_fn frame, void *ctx);

/* The frame directory of a clip (frames_dir.c). rcuvis owns it: missing, it is created; holding only
 * frame-NNNNN.png plain files (an earlier clip's), they are removed and *earlier says how many; holding
 * anything else, nothing is touched and -1 comes back with a message naming what is there, ended by
 * note (e.g. "; clip.gif was left unchanged", or ""). *created says whether it was made now (so that a
 * clip that writes no frame can remove it again, and never a directory the user had). *lock is an flock
 * held on dir, refused when another export holds it (two clips into one directory mixed their frames):
 * the caller closes it once the clip is encoded. */
int ex_frames_dir_prepare(const char *dir, const char *note, int *earlier, bool *created, int *lock, char *err, size_t errlen);
/* The same checks without changing anything but a probe file made and removed again (and dir, made and
 * removed, when it did not exist): could the frames go into dir? For `shot` before it simulates. */
int ex_frames_dir_check(const char *dir, const char *note, char *err, size_t errlen);
/* Before simulating: would ex_animate accept -o out (its form, the clip file, the frame directory)?
 * 0, or -1 with a message. Nothing of the user's is changed. */
int ex_animate_check(const char *out, char *err, size_t errlen);
/* A name rcuvis gives a frame: frame-NNNNN.png, five digits. */
bool ex_is_frame_name(const char *name);

/* Draw the app's current moment into rd as look says (slide.c). */
void ex_draw(ui_app *a, rd_ctx *rd, const ex_look *look);
/* The same picture laid out into a->L, nothing drawn: where its caption strip is (a->L.caption). */
void ex_layout(ui_app *a, rd_ctx *rd, const ex_look *look);
/* The captions that picture shows, one per side (2 in compare mode) into caps (texts in bufs when
 * a slide drops a sentence); returns the number of sides. */
int ex_captions(ui_app *a, rd_ctx *rd, const ex_look *look, char bufs[2][4096], const char *caps[2]);
/* --panel without --scale (fit.c): the largest text scale (1 to ex_panel_scale_limit, steps of 1/4)
 * at which the panel, drawn at the app's current moment into rd's w x h pixels, still shows all it
 * shows at scale 1. rd is left at that scale, without a text observer. */
float ex_fit_panel_scale(ui_app *a, rd_ctx *rd, const ex_look *look);
/* The largest scale tried for a w x h picture: the panel keeps at least 480x270 logical pixels (1..4). */
float ex_panel_scale_limit(int w, int h);
/* Height of an animation's cue bar of one row (look->cues); a bar of two rows (EX_BAR_TWO_ROWS) is taller. */
int ex_cue_bar_height(rd_ctx *rd);
/* The cue bar's words (slide.c): "t = CLOCK s   [side]event at T s: WHAT" with digits decimals
 * (6 or 9), or without the event when ev_t < 0. side is "3.6: " or "3.7: " in compare, else "". */
void ex_cue_bar_text(char *buf, size_t n, int64_t clock_ns, int64_t ev_t, const char *what, const char *side, int digits);
/* The biggest of the cue bar's fonts (an index for ex_look.bar_font) in which text fits the bar of
 * rd's picture whole, on one row, else EX_BAR_TWO_ROWS when two rows of the smallest hold it; -1 when
 * not even those do (the bar then ends it at a word with "…"). A bar of two rows is taller: a clip
 * fitting a panel's text scale leaves room for it rather than shrink the panel to keep one row. */
enum { EX_BAR_TWO_ROWS = 3 };
int ex_cue_bar_fit(rd_ctx *rd, const char *text);

/* An error of `rcuvis shot` on stderr, each of its lines prefixed "rcuvis: shot: " (shot.c). */
void ex_error(const char *msg);

/* rcuvis shot SCENARIO.json --at S -o FILE.png [...] (shot.c); also declared in commands.h for main.c. */
int cmd_shot(int argc, char **argv);

#endif
