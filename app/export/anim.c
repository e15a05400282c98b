/* anim.c — `rcuvis shot --from A --to B --fps N`: a PNG frame sequence, encoded to GIF/APNG/MP4/WebM by ffmpeg when present. */
#include "export/export.h"
#include "util/ownfile.h"
#include "util/safefile.h"

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static bool ends_with(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && !strcasecmp(s + a - b, suf);
}

/* The clip formats and the ffmpeg arguments that make each one look right for slides:
 * GIF with a palette computed from the frames (no dithering noise on flat panels), APNG
 * lossless, MP4 H.264 yuv420p (plays everywhere; even sizes), WebM VP9. */
/* kind: what a file this clip may replace must already be (util/ownfile.h): a clip over someone's notes.gif is refused */
typedef struct clip_fmt { const char *ext, *muxer; enum of_kind kind; const char *args[12]; } clip_fmt;
static const clip_fmt formats[] = {
    {".gif", "gif", OF_GIF, {"-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=none", "-loop", "0", NULL}},
    {".apng", "apng", OF_PNG, {"-plays", "0", NULL}},
    {".mp4", "mp4", OF_MP4, {"-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18", "-movflags", "+faststart", NULL}},
    {".webm", "webm", OF_WEBM, {"-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "30", NULL}},
};

/* ffmpeg's output (a temp file in the frames directory) into the user's file through safefile: a
 * regular target is replaced atomically (temp file beside it, rename), a symlink keeps pointing where
 * it points, a FIFO or device is written through. */
static int copy_into(const char *from, sf_out *o, char *err, size_t errlen)
{
    FILE *f = fopen(from, "rb");
    if (!f) { snprintf(err, errlen, "cannot read the encoded clip %s: %s", from, strerror(errno)); return -1; }
    char buf[65536];
    size_t n;
    int rc = 0;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        if (sf_write(o, buf, n) != 0) { rc = -1; break; } /* sf_commit reports the write error */
    if (ferror(f)) { snprintf(err, errlen, "cannot read the encoded clip %s: %s", from, strerror(errno)); rc = -2; }
    fclose(f);
    return rc;
}

/* ffmpeg (Debian package "ffmpeg"), found on PATH at run time; RCUVIS_FFMPEG names another. It writes
 * into a temp file of safefile's pattern in the frames directory (a crashed run's is removed by the
 * next one), which then goes into o. On failure o is aborted: the user's file is untouched, and err
 * ends with on_disk, which says what the clip file and the frames directory now hold. */
static int encode(const clip_fmt *fmt, const char *frames_dir, double fps, const char *out, sf_out *o, const char *on_disk,
                  char *err, size_t errlen)
{
    /* the encoder named by RCUVIS_FFMPEG is the user's setting: when it fails, that is what to fix,
     * not a package to install */
    const char *ffmpeg = getenv("RCUVIS_FFMPEG");
    bool named = ffmpeg && *ffmpeg;
    if (!named) ffmpeg = "ffmpeg";
    char pattern[4400], rate[32], tmp[4400];
    snprintf(pattern, sizeof pattern, "%s/frame-%%05d.png", frames_dir);
    snprintf(rate, sizeof rate, "%g", fps);
    snprintf(tmp, sizeof tmp, "%s/.encoded%s.rcuvis-tmp-%ld-XXXXXX", frames_dir, fmt->ext, (long)getpid());
    int tfd = mkstemp(tmp);
    if (tfd < 0) {
        snprintf(err, errlen, "cannot create a temp file in %s/ for the encoder: %s; %s", frames_dir, strerror(errno), on_disk);
        sf_abort(o);
        return -1;
    }
    close(tfd);
    const char *argv[40];
    int n = 0;
    /* -y: the temp file exists already (mkstemp made it, so its name is ours alone) */
    argv[n++] = ffmpeg; argv[n++] = "-nostdin"; argv[n++] = "-y"; argv[n++] = "-v"; argv[n++] = "error";
    argv[n++] = "-framerate"; argv[n++] = rate; argv[n++] = "-i"; argv[n++] = pattern;
    for (int i = 0; fmt->args[i]; i++) argv[n++] = fmt->args[i];
    argv[n++] = "-f"; argv[n++] = fmt->muxer; argv[n++] = tmp; argv[n] = NULL;
    pid_t pid;
    int rc = posix_spawnp(&pid, ffmpeg, NULL, NULL, (char *const *)argv, environ);
    if (rc != 0) {
        if (named)
            snprintf(err, errlen, "cannot run %s (%s), the encoder RCUVIS_FFMPEG names: set RCUVIS_FFMPEG to an ffmpeg program, "
                     "or unset it to use ffmpeg from PATH; %s", ffmpeg, strerror(rc), on_disk);
        else
            snprintf(err, errlen, "cannot run ffmpeg (%s): install the Debian package ffmpeg (apt-get install ffmpeg) to get %s; %s",
                     strerror(rc), out, on_disk);
        unlink(tmp);
        sf_abort(o);
        return -1;
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        char how[48];
        if (WIFEXITED(status)) snprintf(how, sizeof how, "exit %d", WEXITSTATUS(status));
        else snprintf(how, sizeof how, "killed by signal %d", WIFSIGNALED(status) ? WTERMSIG(status) : 0);
        snprintf(err, errlen, "%s%s failed (%s) encoding %s; %s", ffmpeg, named ? " (RCUVIS_FFMPEG)" : "", how, out, on_disk);
        unlink(tmp);
        sf_abort(o);
        return -1;
    }
    char werr[4800];
    int crc = copy_into(tmp, o, err, errlen);
    unlink(tmp);
    if (crc == -2) { /* reading ffmpeg's output failed: say so, and what is on disk now */
        size_t l = strlen(err);
        snprintf(err + l, errlen - l, "; %s", on_disk);
        sf_abort(o);
        return -1;
    }
    if (sf_commit(o, werr, sizeof werr) != 0) {
        snprintf(err, errlen, "%s; %s", werr, on_disk);
        return -1;
    }
    return 0;
}

/* What -o names for a clip: DIR/ (or an existing directory) for the frames alone, or FILE.gif|.apng|
 * .mp4|.webm (*fmt set) with its frames in FILE-frames/. 0, or -1 with a message. */
static int clip_target(const char *out, const clip_fmt **fmt, char *dir, size_t dirlen, char *err, size_t errlen)
{
    *fmt = NULL;
    size_t ol = strlen(out);
    if (ol && out[ol - 1] == '/') {
        snprintf(dir, dirlen, "%.*s", (int)(ol - 1), out);
        return 0;
    }
    for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
        if (ends_with(out, formats[i].ext)) *fmt = &formats[i];
    struct stat sb;
    if (!*fmt && stat(out, &sb) == 0 && S_ISDIR(sb.st_mode)) snprintf(dir, dirlen, "%s", out);
    else if (!*fmt) {
        snprintf(err, errlen, "-o: an animation goes to DIR/ (frames) or FILE.gif, .apng, .mp4 or .webm, got \"%s\"", out);
        return -1;
    } else snprintf(dir, dirlen, "%.*s-frames", (int)(ol - strlen((*fmt)->ext)), out);
    return 0;
}

int ex_animate_check(const char *out, char *err, size_t errlen)
{
    const clip_fmt *fmt;
    char dir[4200];
    if (clip_target(out, &fmt, dir, sizeof dir, err, errlen) != 0) return -1;
    if (fmt && sf_check(out, err, errlen) != 0) return -1;
    bool replaces;
    if (fmt && of_check(out, fmt->kind, &replaces, err, errlen) != 0) return -1;
    /* the same note as ex_animate's: a refused frame directory says the clip was not touched */
    char note[4400] = "";
    struct stat sb;
    if (fmt) snprintf(note, sizeof note, stat(out, &sb) == 0 ? "; %s was left unchanged" : "; %s was not written", out);
    return ex_frames_dir_check(dir, note, err, errlen);
}

double ex_clip_default_length(double span_s)
{
    double len = span_s / UI_START_SPEED;
    return len < EX_CLIP_MIN_S ? EX_CLIP_MIN_S : len > EX_CLIP_MAX_S ? EX_CLIP_MAX_S : len;
}

/* A clip's frame count: its length times its rate, at least a first and a last frame. */
int ex_clip_frame_count(const ex_anim *an)
{
    int n = (int)(an->length_s * an->fps + 0.5);
    return n < 2 ? 2 : n;
}

/* Frame i of n: evenly spaced in simulated time from from_ns to to_ns, both included. */
static int64_t frame_time(const ex_anim *an, int i, int n)
{
    return an->from_ns + (int64_t)((double)(an->to_ns - an->from_ns) * i / (n - 1) + 0.5);
}

/* The caption strips a clip shows, each once: the sides' captions (two in compare mode) as drawn. */
typedef struct strip_seen { char *cap[2]; int n; } strip_seen;
typedef struct clip_strips { strip_seen *v; size_t n, room; } clip_strips;

static bool same_text(const char *x, const char *y) { return !strcmp(x ? x : "", y ? y : ""); }

/* Notes the strip of the app's moment as look shows it, unless it is noted already. -1: out of memory. */
static int note_strip(clip_strips *cs, ui_app *a, rd_ctx *rd, const ex_look *look)
{
    char bufs[2][4096];
    const char *caps[2] = {NULL, NULL};
    int n = ex_captions(a, rd, look, bufs, caps);
    for (size_t i = 0; i < cs->n; i++)
        if (cs->v[i].n == n && same_text(cs->v[i].cap[0], caps[0]) && same_text(cs->v[i].cap[1], caps[1])) return 0;
    if (cs->n == cs->room) {
        size_t room = cs->room ? 2 * cs->room : 8;
        strip_seen *v = realloc(cs->v, room * sizeof *v);
        if (!v) return -1;
        cs->v = v;
        cs->room = room;
    }
    strip_seen *s = &cs->v[cs->n];
    *s = (strip_seen){{NULL, NULL}, n};
    for (int k = 0; k < n; k++)
        if (caps[k] && !(s->cap[k] = strdup(caps[k]))) {
            free(s->cap[0]);
            return -1;
        }
    cs->n++;
    return 0;
}

/* The font of every strip the clip shows, in the strip r: the smallest any of them takes, so that
 * each caption still shows whole (panel_captions_font()). */
static int strips_font(const clip_strips *cs, rd_ctx *rd, rd_rect r)
{
    int f = 0;
    for (size_t i = 0; i < cs->n; i++) {
        int k = cs->v[i].n ? panel_captions_font(rd, r, (const char *const *)cs->v[i].cap, cs->v[i].n) : 0;
        if (k > f) f = k;
    }
    return f;
}

static void strips_free(clip_strips *cs)
{
    for (size_t i = 0; i < cs->n; i++) {
        free(cs->v[i].cap[0]);
        free(cs->v[i].cap[1]);
    }
    free(cs->v);
    *cs = (clip_strips){NULL, 0, 0};
}

/* What the cue bar says in each frame of a clip, noted in the first pass: its clock, its event's time
 * and words (shared with the frame before when the same). */
typedef struct bar_note { int64_t clock, ev_t; const char *what; bool compare_side; enum rv_mode mode; } bar_note;

static void bar_notes_free(bar_note *b, int n)
{
    for (int i = 0; b && i < n; i++)
        if (!i || b[i].what != b[i - 1].what) free((char *)b[i].what);
    free(b);
}

/* Notes frame i's bar from the left side's view (the one the bar speaks for). -1: out of memory. */
static int note_bar(bar_note *b, int i, const ui_app *a)
{
    const ui_view *v = &a->s[0].view;
    b[i] = (bar_note){v->moment >= 0 ? v->moment : v->now, v->bar_event_t, NULL, a->st.compare, v->mode};
    if (i && !strcmp(b[i - 1].what, v->bar_event)) b[i].what = b[i - 1].what;
    else if (!(b[i].what = strdup(v->bar_event))) return -1;
    return 0;
}

/* One precision for the bar's times in the whole clip: nine decimals when any of them needs them (a
 * frame at 0.009395302 s and the next at 0.012100 s made the text jump), else six. */
static int bar_digits(const bar_note *b, int n)
{
    for (int i = 0; i < n; i++)
        if (b[i].clock % 1000 || (b[i].ev_t >= 0 && b[i].ev_t % 1000)) return 9;
    return 6;
}

/* The biggest of the bar's fonts (ex_cue_bar_fit's index, EX_BAR_TWO_ROWS last) in which every frame's
 * words fit at rd's scale; 1000 when some frame's fit in none (the bar then takes its smallest and ends
 * them at a word). */
static int bar_font(rd_ctx *rd, const bar_note *b, int n, int digits)
{
    int font = 0;
    for (int i = 0; i < n; i++) {
        if (i && b[i].what == b[i - 1].what && b[i].ev_t == b[i - 1].ev_t) continue; /* digits are equally wide */
        char t[600];
        const char *side = b[i].compare_side && b[i].ev_t >= 0 ? (b[i].mode == RV_MODE_SOFTIRQ ? "3.6: " : "3.7: ") : "";
        ex_cue_bar_text(t, sizeof t, b[i].clock, b[i].ev_t, b[i].what, side, digits);
        int f = ex_cue_bar_fit(rd, t);
        if (f < 0) return 1000;
        if (f > font) font = f;
    }
    return font;
}

int ex_clip_frames(ui_app *a, rd_ctx *rd, const ex_anim *an, const ex_look *look, ex_frame_fn frame, void *ctx)
{
    int n = ex_clip_frame_count(an);
    /* playback speed as the window would have it, so the timeline's window and the highlight
     * flashes follow the clip's pace exactly as they follow the window's speed */
    a->st.speed = (an->to_ns - an->from_ns) / 1e9 / an->length_s;
    a->st.timeline_cap = an->to_ns - an->from_ns;
    /* a first pass over the clip's moments, drawing nothing: which caption strips it shows (their
     * font is fixed below, once the picture is laid out), and by its last frame what is logged */
    clip_strips cs = {NULL, 0, 0};
    bar_note *bars = look->cues ? calloc((size_t)n, sizeof *bars) : NULL;
    if (look->cues && !bars) return -1;
    ui_app_seek(a, an->from_ns);
    for (int i = 0; i < n; i++) {
        if (i) ui_app_advance(a, frame_time(an, i, n), 0);
        a->st.bar_since_ns = i ? frame_time(an, i - 1, n) : -1; /* the bar names what happened since the last frame */
        if (note_strip(&cs, a, rd, look) != 0 || (bars && note_bar(bars, i, a) != 0)) {
            a->st.bar_since_ns = -1;
            strips_free(&cs);
            bar_notes_free(bars, bars ? i + 1 : 0);
            return -1;
        }
    }
    /* a stable layout for the whole clip: the kernel log if anything is logged by the last frame,
     * the caption strip if the scenario has captions */
    ex_look lk = *look;
    lk.klog = 0;
    for (int s = 0; s < a->nsessions; s++) {
        const rv_engine *e = tt_engine(a->s[s].tt);
        lk.klog |= rv_klog_count(e) > rv_klog_boot_count(e); /* the window's log starts after boot (view.c) */
    }
    a->klog_hold = lk.klog ? 2 : 1; /* the window's look folds an empty log: fixed for the clip too */
    lk.caption = look->caption != 0 && a->base.ncaptions > 0; /* --no-caption holds for the clip */
    look = &lk;
    /* one panel: the text scale that keeps everything at both ends of the clip (the last frame has
     * the most log lines, the first may have other labels), fixed for every frame */
    if (an->fit_scale) {
        /* beside the bar at its tallest (two rows): the bar's words wrap before the panel's text
         * shrinks for them (tree's clip with --cues at 960x540 was fitted at 1.25, the same without
         * at 2, the bottom half of the picture empty) */
        ex_look fl = lk;
        if (bars) fl.bar_font = EX_BAR_TWO_ROWS;
        ui_app_refresh_reports(a, 0, 0);
        float k = ex_fit_panel_scale(a, rd, &fl);
        ui_app_seek(a, an->from_ns);
        ui_app_refresh_reports(a, 0, 0);
        float k0 = ex_fit_panel_scale(a, rd, &fl);
        if (k0 < k) k = k0;
        /* and the cue bar's words, every frame's, whole in one of its fonts or on two rows (a smaller
         * panel only when not even those hold them): the panel's rule alone let the longest be cut
         * mid-word ("... for rcu_sched GP 4 (n…") */
        if (bars) {
            int digits = bar_digits(bars, n);
            for (; k > 1.0f; k -= 0.25f) {
                rd_set_scale(rd, k);
                if (bar_font(rd, bars, n, digits) < 1000) break;
            }
        }
        rd_set_scale(rd, k < 1.0f ? 1.0f : k);
    }
    ui_app_seek(a, an->from_ns);
    /* the caption text in one size for the whole clip, or it jumps as the caption changes (a short
     * one took the big font, the next a small one; compare's strip, split under two different
     * captions, takes a smaller font than one caption across): every frame gets the font of the
     * strip that needs the smallest, in the strip's place, which does not move during the clip */
    ex_layout(a, rd, look);
    a->fr.caption_font = strips_font(&cs, rd, a->L.caption);
    strips_free(&cs);
    /* the bar's words at the scale the frames are drawn at: with --scale, or a whole picture, its
     * smaller fonts before cutting words */
    if (bars) {
        lk.bar_digits = bar_digits(bars, n);
        lk.bar_font = bar_font(rd, bars, n, lk.bar_digits);
    }
    bar_notes_free(bars, n);
    lk.clock_digits = 6; /* the title's clock as the bar's: nine decimals if any frame's time needs them */
    for (int i = 0; i < n; i++)
        if (frame_time(an, i, n) % 1000) { lk.clock_digits = 9; break; }
    int rc = 0;
    for (int i = 0; i < n && !rc; i++) {
        if (i) ui_app_advance(a, frame_time(an, i, n), 0);
        a->st.bar_since_ns = i ? frame_time(an, i - 1, n) : -1;
        ui_app_refresh_reports(a, 0, 0);
        ex_draw(a, rd, look);
        rd_end(rd);
        rc = frame(ctx, rd, i, n);
    }
    a->fr.caption_font = 0; /* the window and single pictures fit each caption on its own */
    a->st.bar_since_ns = -1;
    a->klog_hold = 0;
    a->st.timeline_cap = 0;
    return rc;
}

/* Where ex_animate's frames go, and what a failed write says. */
typedef struct frames_out { const char *dir, *note; bool created; char err[16384]; } frames_out;

/* Frame i of n as DIR/frame-NNNNN.png; 2 with fo->err set when it cannot be written. */
static int save_frame(void *ctx, rd_ctx *rd, int i, int n)
{
    frames_out *fo = ctx;
    char path[4300], werr[4800];
    snprintf(path, sizeof path, "%s/frame-%05d.png", fo->dir, i + 1);
    if (rd_save_png(rd, path, werr, sizeof werr) == 0) return 0;
    /* werr names the frame file and the OS's reason. With no frame written, a directory this run
     * made goes again (empty: the failed frame's temp file is gone), so a full disk leaves no
     * litter; one the user had stays, and may keep frames of nobody's clip: say so */
    if (i > 0) snprintf(fo->err, sizeof fo->err, "%s; %s/ holds frames 1 to %d of %d%s", werr, fo->dir, i, n, fo->note);
    else if (fo->created && rmdir(fo->dir) == 0)
        snprintf(fo->err, sizeof fo->err, "%s; no frame was written, %s/ was removed again%s", werr, fo->dir, fo->note);
    else snprintf(fo->err, sizeof fo->err, "%s; no frame was written into %s/%s", werr, fo->dir, fo->note);
    return 2;
}

/* ex_animate's work; *lock is the frame directory's lock (frames_dir.c), which ex_animate lets go */
static int animate(ui_app *a, const ex_anim *an, const ex_look *look, int *lock)
{
    char err[16384], dir[4200];
    const clip_fmt *fmt = NULL;
    if (clip_target(an->out, &fmt, dir, sizeof dir, err, sizeof err) != 0) {
        ex_error(err);
        return 2;
    }
    /* The user named the clip, so it is replaced as -o FILE.png is (safefile: atomically, symlinks
     * kept, devices written through); opened first, so a target that cannot be written (a directory,
     * a read-only file) stops us before any frame is drawn. Every failure after this point says the
     * clip was left as it was. */
    sf_out *o = NULL;
    bool existed = false;
    char note[4400] = "";
    if (fmt) {
        struct stat sb;
        existed = stat(an->out, &sb) == 0;
        bool replaces;
        if (of_check(an->out, fmt->kind, &replaces, err, sizeof err) != 0) { ex_error(err); return 2; }
        if (!(o = sf_open(an->out, 0644, err, sizeof err))) { ex_error(err); return 2; }
        snprintf(note, sizeof note, existed ? "; %s was left unchanged" : "; %s was not written", an->out);
    }
    int n = ex_clip_frame_count(an);
    rd_ctx *rd = rd_new_offscreen(an->w, an->h, an->scale, err, sizeof err);
    if (!rd) { sf_abort(o); ex_error(err); return 2; }
    /* the frame directory last, once everything else is ready: it may remove an earlier clip's frames */
    int earlier = 0;
    bool created = false;
    if (ex_frames_dir_prepare(dir, note, &earlier, &created, lock, err, sizeof err) != 0) {
        rd_free(rd);
        sf_abort(o);
        ex_error(err);
        return 2;
    }
    frames_out fo = {.dir = dir, .note = note, .created = created};
    int rc = ex_clip_frames(a, rd, an, look, save_frame, &fo);
    if (rc < 0) { /* before any frame: a directory this run made goes again, as when frame 1 cannot be written */
        if (created && rmdir(dir) == 0)
            snprintf(fo.err, sizeof fo.err, "out of memory noting the clip's captions; no frame was written, %s/ was removed again%s", dir, note);
        else snprintf(fo.err, sizeof fo.err, "out of memory noting the clip's captions; no frame was written into %s/%s", dir, note);
    }
    if (rc != 0) {
        ex_error(fo.err);
        rd_free(rd);
        sf_abort(o);
        return 2;
    }
    float k = rd_scale(rd);
    rd_free(rd);
    char fitted[48] = "";
    if (an->fit_scale) snprintf(fitted, sizeof fitted, ", text scale %g", k);
    if (earlier)
        fprintf(stderr, "rcuvis: shot: %d frames (%dx%d, %g fps%s) in %s/, replacing the %d frames of an earlier clip\n", n, an->w,
                an->h, an->fps, fitted, dir, earlier);
    else fprintf(stderr, "rcuvis: shot: %d frames (%dx%d, %g fps%s) in %s/\n", n, an->w, an->h, an->fps, fitted, dir);
    if (!fmt) return 0;
    /* An encoder that fails leaves the clip file as it was, while the frame directory holds this run's
     * frames (the ones to encode by hand, or again): say exactly that, so nobody takes an earlier clip
     * for these frames' or the frames for its. */
    char on_disk[9000], gone[96] = "";
    if (earlier) snprintf(gone, sizeof gone, " (replacing the %d that were there)", earlier);
    if (existed)
        snprintf(on_disk, sizeof on_disk, "%s was left unchanged and is still the earlier clip, while %s/ now holds this run's "
                 "%d frames%s, which that clip does not show: export again once the encoder works", an->out, dir, n, gone);
    else snprintf(on_disk, sizeof on_disk, "%s was not written; %s/ holds this run's %d frames%s", an->out, dir, n, gone);
    if (encode(fmt, dir, an->fps, an->out, o, on_disk, err, sizeof err) != 0) {
        ex_error(err);
        return 2;
    }
    fprintf(stderr, "rcuvis: shot: %s %s\n", existed ? "replaced" : "wrote", an->out);
    return 0;
}

int ex_animate(ui_app *a, const ex_anim *an, const ex_look *look)
{
    int lock = -1;
    int rc = animate(a, an, look, &lock);
    if (lock >= 0) close(lock); /* after the encoder has read the frames: the next export may replace them */
    return rc;
}
