/* anim.c — `rcuvis shot --from A --to B --fps N`: a PNG frame sequence, encoded to GIF/APNG/MP4/WebM by ffmpeg when present. */
#include "export/export.h"

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
typedef struct clip_fmt { const char *ext, *muxer; const char *args[12]; } clip_fmt;
static const clip_fmt formats[] = {
    {".gif", "gif", {"-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=none", "-loop", "0", NULL}},
    {".apng", "apng", {"-plays", "0", NULL}},
    {".mp4", "mp4", {"-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18", "-movflags", "+faststart", NULL}},
    {".webm", "webm", {"-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "30", NULL}},
};

/* ffmpeg (Debian package "ffmpeg"), found on PATH at run time; RCUVIS_FFMPEG names another. */
static int encode(const clip_fmt *fmt, const char *frames_dir, double fps, const char *out, char *err, size_t errlen)
{
    const char *ffmpeg = getenv("RCUVIS_FFMPEG");
    if (!ffmpeg || !*ffmpeg) ffmpeg = "ffmpeg";
    char pattern[4400], rate[32], tmp[4400];
    snprintf(pattern, sizeof pattern, "%s/frame-%%05d.png", frames_dir);
    snprintf(rate, sizeof rate, "%g", fps);
    snprintf(tmp, sizeof tmp, "%s.tmp-%d", out, (int)getpid());
    const char *argv[40];
    int n = 0;
    argv[n++] = ffmpeg; argv[n++] = "-nostdin"; argv[n++] = "-v"; argv[n++] = "error";
    argv[n++] = "-framerate"; argv[n++] = rate; argv[n++] = "-i"; argv[n++] = pattern;
    for (int i = 0; fmt->args[i]; i++) argv[n++] = fmt->args[i];
    argv[n++] = "-f"; argv[n++] = fmt->muxer; argv[n++] = tmp; argv[n] = NULL;
    pid_t pid;
    int rc = posix_spawnp(&pid, ffmpeg, NULL, NULL, (char *const *)argv, environ);
    if (rc != 0) {
        snprintf(err, errlen, "cannot run %s (%s): install the Debian package ffmpeg to get %s; the frames are in %s/",
                 ffmpeg, strerror(rc), out, frames_dir);
        return -1;
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        snprintf(err, errlen, "%s failed (exit %d) encoding %s; the frames are in %s/", ffmpeg,
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1, out, frames_dir);
        unlink(tmp);
        return -1;
    }
    if (rename(tmp, out) != 0) {
        snprintf(err, errlen, "cannot rename %s to %s: %s", tmp, out, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

/* A directory for the frames that holds no frames yet: never mixes two clips' frames. */
static int frames_dir_ready(const char *dir, char *err, size_t errlen)
{
    struct stat sb;
    if (stat(dir, &sb) != 0) {
        if (mkdir(dir, 0755) != 0) { snprintf(err, errlen, "cannot create %s: %s", dir, strerror(errno)); return -1; }
        return 0;
    }
    if (!S_ISDIR(sb.st_mode)) { snprintf(err, errlen, "%s exists and is not a directory", dir); return -1; }
    char probe[4400];
    snprintf(probe, sizeof probe, "%s/frame-00001.png", dir);
    if (access(probe, F_OK) == 0) {
        snprintf(err, errlen, "%s already holds frames (frame-00001.png): choose another directory or remove them", dir);
        return -1;
    }
    return 0;
}

int ex_animate(ui_app *a, const ex_anim *an, const ex_look *look)
{
    char err[4800], dir[4200];
    const clip_fmt *fmt = NULL;
    size_t ol = strlen(an->out);
    if (ol && an->out[ol - 1] == '/') {
        snprintf(dir, sizeof dir, "%.*s", (int)(ol - 1), an->out);
    } else {
        for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
            if (ends_with(an->out, formats[i].ext)) fmt = &formats[i];
        struct stat sb;
        if (!fmt && stat(an->out, &sb) == 0 && S_ISDIR(sb.st_mode)) snprintf(dir, sizeof dir, "%s", an->out);
        else if (!fmt) {
            snprintf(err, sizeof err, "-o: an animation goes to DIR/ (frames) or FILE.gif, .apng, .mp4 or .webm, got \"%s\"", an->out);
            ex_error(err);
            return 2;
        } else snprintf(dir, sizeof dir, "%.*s-frames", (int)(ol - strlen(fmt->ext)), an->out);
    }
    if (frames_dir_ready(dir, err, sizeof err) != 0) { ex_error(err); return 2; }
    int n = (int)(an->length_s * an->fps + 0.5);
    if (n < 2) n = 2;
    /* playback speed as the window would have it, so the timeline's window and the highlight
     * flashes follow the clip's pace exactly as they follow the window's speed */
    a->st.speed = (an->to_ns - an->from_ns) / 1e9 / an->length_s;
    rd_ctx *rd = rd_new_offscreen(an->w, an->h, an->scale, err, sizeof err);
    if (!rd) { ex_error(err); return 2; }
    /* a stable layout for the whole clip: the kernel log if anything is logged by the last frame,
     * the caption strip if the scenario has captions */
    ex_look lk = *look;
    ui_app_seek(a, an->to_ns);
    lk.klog = 0;
    for (int s = 0; s < a->nsessions; s++) lk.klog |= rv_klog_count(tt_engine(a->s[s].tt)) > 0;
    lk.caption = a->base.ncaptions > 0;
    look = &lk;
    ui_app_seek(a, an->from_ns);
    for (int i = 0; i < n; i++) {
        int64_t t = an->from_ns + (int64_t)((double)(an->to_ns - an->from_ns) * i / (n - 1) + 0.5);
        if (i) ui_app_advance(a, t, 0);
        ui_app_refresh_reports(a, 0, 0);
        ex_draw(a, rd, look);
        rd_end(rd);
        char path[4300];
        snprintf(path, sizeof path, "%s/frame-%05d.png", dir, i + 1);
        if (rd_save_png(rd, path, err, sizeof err) != 0) {
            ex_error(err);
            rd_free(rd);
            return 2;
        }
    }
    rd_free(rd);
    fprintf(stderr, "rcuvis: shot: %d frames (%dx%d, %g fps) in %s/\n", n, an->w, an->h, an->fps, dir);
    if (!fmt) return 0;
    if (encode(fmt, dir, an->fps, an->out, err, sizeof err) != 0) {
        ex_error(err);
        return 2;
    }
    fprintf(stderr, "rcuvis: shot: wrote %s\n", an->out);
    return 0;
}
