/* shot.c — `rcuvis shot`: render the window's picture at a given moment, off-screen, to a PNG. */
#include "commands.h"
#include "export/export.h"
#include "render/svg.h"
#include "scenario.h"
#include "view/layout_export.h"
#include "window/app.h"
#include "util/numparse.h"
#include "util/overrides.h"
#include "util/seconds.h"
#include "util/ownfile.h"
#include "util/safefile.h"

#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static void usage(FILE *out)
{
    fprintf(out,
            "usage: rcuvis shot SCENARIO --at SECONDS -o FILE.png [options]\n"
            "  --at S          simulated time of the picture (seconds, from 0 to the\n"
            "                  scenario's duration); events at exactly S are not applied yet,\n"
            "                  as in the window: its cues and moment keys land 1 ns past the\n"
            "                  moment t = names; hover t = for the time to copy here\n"
            "  --cue N         instead of --at: lecture cue N (1 = first) as PgDn shows it in\n"
            "                  presentation mode (its mode, flavor and selection: --mode,\n"
            "                  --flavor or --select saying otherwise is refused)\n"
            "  -o FILE.png     output file (written atomically); a name not ending in .png or\n"
            "                  .svg is refused, and so is a directory or a clip's name\n"
            "                  (.gif ...) without --from/--to; a file already there is\n"
            "                  replaced only when it is a PNG (an SVG for .svg) or empty\n"
            "  --size WxH      picture size in logical pixels (default 1600x900)\n"
            "  --scale N       pixel density: 2 doubles the size with text re-rasterized\n"
            "                  sharp (0.5..4); with --panel and no --scale, the picture stays\n"
            "                  WxH and its text scale is fitted: the largest (in steps of\n"
            "                  0.25, up to min(W/480, H/270), at most 4) at which the panel\n"
            "                  still shows all it shows at 1 (nothing more cut, shortened or\n"
            "                  hidden)\n"
            "  --mode M        softirq (3.6), kthread (3.7) or compare (both side by side)\n"
            "  --compare       same as --mode compare\n"
            "  --seed N        override the scenario's seed\n"
            "  --cpus N        number of CPUs, 1..4096 (as for rcuvis run: same as\n"
            "                  --set cpus=N)\n"
            "  --set PATH=VALUE  override a scenario key, as for rcuvis run:\n"
            "                  rcu.fanout_leaf=4, workload.0.busy_frac=0.5; VALUE is JSON\n"
            "                  when it parses, else a string; repeatable (at most 16 keys),\n"
            "                  later ones win\n"
            "  --flavor F      rcu_sched, rcu_bh or rcu_preempt (tree and tiles); one the\n"
            "                  scenario does not enable is refused\n"
            "  --select CPU    select a CPU, as a click would (the \"why\" panel explains it)\n"
            "  --theme T       light (default) or dark\n"
            "  --timeline S    the timeline's span in simulated seconds (default: follows\n"
            "                  the speed, 250 ms at first), e.g. 60 for a 45 s stall\n"
            "  --clean         a slide: no buttons, hints, scrubber or empty panels; the\n"
            "                  panels fill the space. Without --scale its text is a 1280x720\n"
            "                  slide's scaled to the picture: min(W/1280, H/720) to the\n"
            "                  nearest 0.25, at least 1 (--size 1920x1080 gives 1.5)\n"
            "  --panel P       one panel alone at --size: cpus, tree, accounting, timeline,\n"
            "                  klog, why or caption; its text grows to fill the picture (see\n"
            "                  --scale). At a --cue, the cue's caption goes under it, as\n"
            "                  the whole picture shows it\n"
            "  --no-caption    with --clean or --panel: leave the caption strip out\n"
            "  -o FILE.svg     the same picture as vector graphics (text stays text)\n"
            "animation (instead of --at):\n"
            "  --from A --to B simulated seconds of the first and last frame\n"
            "  --fps N         frames per second of the clip (default 25)\n"
            "  --length S      clip length in real seconds (0.1..600; default: the span at\n"
            "                  the window's starting speed, 1/100, held between 5 and 30 s;\n"
            "                  said before the frames are drawn)\n"
            "  --cues          burn in a cue bar: the simulated time and an event in words\n"
            "                  (of the flavor shown, or of none): the weightiest since the\n"
            "                  frame before, a stall or GP start/end first, then the grace\n"
            "                  period's steps, then readers and callbacks, a caption last\n"
            "  -o DIR/         PNG frames only: DIR/frame-00001.png ...\n"
            "  -o FILE.gif     also .apng, .mp4, .webm: frames in FILE-frames/, then encoded\n"
            "                  by ffmpeg. Exporting again replaces what rcuvis made: FILE\n"
            "                  atomically (as -o FILE.png), and the frames of the earlier\n"
            "                  clip (all of them). A frame directory holding any other file\n"
            "                  is refused, and nothing is changed\n"
            "SCENARIO is a shipped scenario's name (omap-stall) or a .json file; \"-\" is\n"
            "the built-in demo.\n");
}

void ex_error(const char *msg)
{
    /* every line carries the prefix: a scenario's loader reports several problems, one a line,
     * and a line without it reads as if some other program printed it */
    const char *p = msg;
    do {
        const char *nl = strchr(p, '\n');
        int n = nl ? (int)(nl - p) : (int)strlen(p);
        if (n > 0 || p == msg) fprintf(stderr, "rcuvis: shot: %.*s\n", n, p);
        p = nl ? nl + 1 : NULL;
    } while (p && *p);
}

static int bad(const char *fmt, const char *a)
{
    char msg[8448];
    snprintf(msg, sizeof msg, fmt, a);
    ex_error(msg);
    return 2;
}

static bool ends_with(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a > b && !strcasecmp(s + a - b, suf);
}

/* One picture goes to FILE.png or FILE.svg, or through a device or pipe that exists (/dev/stdout,
 * /dev/full, a FIFO: PNG data). Any other name would get PNG bytes under a name that promises
 * something else (x.jpg), or is a clip's target given without --from/--to. */
static bool picture_target_ok(const char *out)
{
    if (ends_with(out, ".png") || ends_with(out, ".svg")) return true;
    if (!strncmp(out, "/dev/", 5) || !strncmp(out, "/proc/self/fd/", 14)) return true; /* a device or descriptor */
    struct stat sb;
    return stat(out, &sb) == 0 && !S_ISREG(sb.st_mode) && !S_ISDIR(sb.st_mode);
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Frame-time benchmark (hidden option used by tests/bench/frames.sh): N frames of playback at the
 * window's default speed from --at, each = advance 1/60 s of real time + build views + draw. */
static int bench(ui_app *a, rd_ctx *rd, int frames)
{
    double *ft = malloc(sizeof *ft * (size_t)frames), *dt = malloc(sizeof *dt * (size_t)frames);
    if (!ft || !dt) { free(ft); free(dt); return 2; }
    int64_t step = (int64_t)(a->st.speed * 1e9 / 60.0);
    for (int i = 0; i < frames; i++) {
        double t0 = now_ms();
        ui_app_advance(a, ui_app_now(a) + step, 0);
        ui_app_refresh_reports(a, t0, 250);
        double t1 = now_ms();
        ui_app_draw(a, rd);
        rd_end(rd);
        double t2 = now_ms();
        ft[i] = t2 - t0;
        dt[i] = t2 - t1;
    }
    qsort(ft, (size_t)frames, sizeof *ft, cmp_double);
    qsort(dt, (size_t)frames, sizeof *dt, cmp_double);
    int w, h;
    rd_output_size(rd, &w, &h);
    printf("frames=%d size=%dx%d cpus=%d frame_ms_p50=%.2f frame_ms_p99=%.2f draw_ms_p50=%.2f draw_ms_p99=%.2f\n",
           frames, w, h, a->base.cpus, ft[frames / 2], ft[(frames * 99) / 100], dt[frames / 2], dt[(frames * 99) / 100]);
    free(ft);
    free(dt);
    return 0;
}

/* Seek benchmark (hidden, for tests/bench/frames.sh): after simulating up to --at once, N seeks to
 * pseudo-random times in [0, at]; each is a checkpoint restore + re-simulation, as the scrubber does. */
static int bench_seeks(ui_app *a, int n, int64_t upto)
{
    double *ms = malloc(sizeof *ms * (size_t)n);
    if (!ms) return 2;
    uint64_t x = 88172645463325252ULL;
    for (int i = 0; i < n; i++) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17; /* xorshift: the same targets on every run */
        int64_t t = (int64_t)(x % (uint64_t)(upto > 0 ? upto : 1));
        double t0 = now_ms();
        ui_app_seek(a, t);
        ms[i] = now_ms() - t0;
    }
    qsort(ms, (size_t)n, sizeof *ms, cmp_double);
    printf("seeks=%d over=%.0fs checkpoints=%zu interval=%.2fs seek_ms_p50=%.2f seek_ms_p99=%.2f seek_ms_max=%.2f\n", n, upto / 1e9,
           tt_checkpoints(a->s[0].tt), tt_interval(a->s[0].tt) / 1e9, ms[n / 2], ms[(n * 99) / 100], ms[n - 1]);
    free(ms);
    return 0;
}

/* The kernel a --mode (or rcu.mode) value names: softirq or 3.6, kthread or 3.7; -1 for anything else
 * (compare, a typo) or NULL. */
static int kernel_named(const char *m)
{
    return !m ? -1 : !strcmp(m, "softirq") || !strcmp(m, "3.6") ? RV_MODE_SOFTIRQ : !strcmp(m, "kthread") || !strcmp(m, "3.7") ? RV_MODE_KTHREAD : -1;
}

/* A lecture cue sets its own view (compare or not, flavor, selected CPU), or keeps the one an
 * earlier cue set (ui_cue_view_at: the window's state after PgDn to it): an option that asks for
 * another one would be overridden without a word (`--cue 5 --mode kthread` gave the compare
 * picture). True, with the message in err, when one does; options no cue up to it sets apply. */
static bool cue_conflict(const rv_config *cfg, int file_mode, int n, const char *mode, const char *mode_flag, int flavor, int select,
                         char *err, size_t errlen)
{
    const ui_cue_view q = ui_cue_view_at(cfg, n - 1);
    const rv_cue *cue = &cfg->cues[n - 1];
    char what[300] = "", by[40] = "";
    int setter = -1;
    /* one engine in another mode than the run the cue narrates: its caption speaks of that run, so the
     * picture would show it marked as not matching (or the window's M is what the cue asks for) */
    int one = kernel_named(mode);
    bool invites_mode = rv_cue_invites(cue, "mode");
    if (mode && q.compare >= 0 && (q.compare == 1) != !strcmp(mode, "compare")) {
        snprintf(what, sizeof what, "%s%s: cue %d is shown %s", mode_flag, mode, n, q.compare ? "in compare mode (both engines)" : "with one engine");
        setter = q.compare_by;
    } else if (one >= 0 && q.compare != 1 && one != file_mode && !invites_mode) {
        /* "its caption describes that run" only when it has one: an author whose captionless cue showed
         * a caption valid in both modes read the reason as false */
        snprintf(what, sizeof what, "%s%s: cue %d is written for the scenario's own mode, %s, %s", mode_flag, mode, n,
                 file_mode == RV_MODE_KTHREAD ? "kthread (3.7)" : "softirq (3.6)",
                 cue->caption[0] ? "and its caption describes that run"
                                 : "as every cue without \"invites\": [\"mode\"] is (a lecture steps through the run as written)");
    } else if (flavor >= 0 && q.flavor >= 0 && q.flavor != flavor) {
        snprintf(what, sizeof what, "--flavor %s: cue %d shows %s", rv_flavor_name(flavor), n, rv_flavor_name(q.flavor));
        setter = q.flavor_by;
    } else if (select >= 0 && q.select_cpu >= -1 && q.select_cpu != select) {
        if (q.select_cpu < 0) snprintf(what, sizeof what, "--select %d: cue %d selects no CPU", select, n);
        else snprintf(what, sizeof what, "--select %d: cue %d selects CPU %d", select, n, q.select_cpu);
        setter = q.select_by;
    }
    if (!what[0]) return false;
    /* the cue that set it, when an earlier one did: the author looks there, not at cue n */
    if (setter >= 0 && setter != n - 1) snprintf(by, sizeof by, " (as cue %d set it)", setter + 1);
    /* nine decimals: %.10g printed 80.0078125 for omap-stall cue 6, the event itself, before the
     * stall line the cue shows */
    snprintf(err, errlen, "%s%s. Leave the option out to picture the cue as the lecture shows it, or picture its moment "
             "your way with --at %.9f instead of --cue %d (1 ns past it, as the cue shows it)", what, by,
             cfg->cues[n - 1].at_s + 1e-9, n);
    return true;
}

/* On a terminal, a long way to --at (kernel-build's 7,800 s take most of a minute) says how far it
 * got instead of sitting silent: the run goes there in hundredths, each stopping short of t, and
 * the caller's seek then lands exactly as a direct one does (the engine is deterministic). */
static void seek_saying_progress(ui_app *a, int64_t t)
{
    if (!isatty(STDERR_FILENO) || t <= 0) return;
    double t0 = now_ms();
    bool said = false;
    for (int pct = 1; pct < 100; pct++) {
        int64_t to = t / 100 * pct;
        if (to <= ui_app_now(a) || to >= t) continue;
        ui_app_advance(a, to, 0);
        if (now_ms() - t0 > 1000) {
            fprintf(stderr, "\rrcuvis: shot: simulating to %.3f s: %d %%", t / 1e9, pct);
            said = true;
        }
    }
    if (said) fprintf(stderr, "\rrcuvis: shot: simulating to %.3f s: done\n", t / 1e9);
}

/* One --set or --cpus (util/overrides.c, as `rcuvis run` checks it) into the room ui_app keeps for
 * an override: 16 of them, 127 characters each. A longer one is refused, not cut short, which would
 * load some other value than the one typed. 0, or -1 with err. */
static int add_set(char items[16][128], char labels[16][160], int *n, const char *flag, const char *val, char *err, size_t errlen)
{
    char *item;
    int rc = ov_option(flag, val, &item, err, errlen);
    if (rc == -2) snprintf(err, errlen, "out of memory");
    if (rc != 0) return -1;
    if (*n == 16) snprintf(err, errlen, "%s %s: at most 16 --set and --cpus options", flag, val);
    else if (strlen(item) >= sizeof items[0])
        snprintf(err, errlen, "%s %s: an override may be at most %zu characters long", flag, val, sizeof items[0] - 1);
    else {
        snprintf(items[*n], sizeof items[0], "%s", item);
        /* messages name the option as typed: "--cpus 4", "--set rcu.fanout_leaf=3" */
        snprintf(labels[*n], sizeof labels[0], "%s %s", flag, val);
        (*n)++;
        rc = 1;
    }
    free(item);
    return rc == 1 ? 0 : -1;
}

/* --clean without --scale: the text of a 1280x720 slide at scale 1, scaled up to the picture (a
 * 1920x1080 slide at scale 1 had 11-13 px text, too small for a projector): min(W/1280, H/720) to
 * the nearest quarter, never below 1. */
static double clean_scale(int w, int h)
{
    double k = (double)w / 1280 < (double)h / 720 ? (double)w / 1280 : (double)h / 720;
    k = (double)(long)(k * 4 + 0.5) / 4;
    return k < 1 ? 1 : k;
}

/* "1/161 speed", "3.3x speed": how fast a clip plays its simulated span */
static void speed_text(char *b, size_t n, double speed)
{
    if (speed < 1) snprintf(b, n, "1/%.0f speed", 1 / speed);
    else snprintf(b, n, "%.3gx speed", speed);
}

/* The length a clip without --length got, and why: the window's pace, or the bound that overrode it
 * (a default that quietly changes the pace would pass for the window's). */
static void say_default_length(const ex_anim *an)
{
    double span = (an->to_ns - an->from_ns) / 1e9, at_window = span / UI_START_SPEED;
    char spans[40], pace[40], win[40];
    exact_seconds(spans, sizeof spans, an->to_ns - an->from_ns);
    speed_text(pace, sizeof pace, span / an->length_s);
    speed_text(win, sizeof win, UI_START_SPEED);
    char why[200] = "";
    if (at_window < EX_CLIP_MIN_S - 1e-9)
        snprintf(why, sizeof why, ", not the window's %s, which would be over in %.3g s", win, at_window);
    else if (at_window > EX_CLIP_MAX_S + 1e-9)
        snprintf(why, sizeof why, ", not the window's %s, which would take %.3g s", win, at_window);
    else snprintf(why, sizeof why, ", the window's");
    fprintf(stderr, "rcuvis: shot: a %g s clip (%d frames at %g fps) without --length: %s s of simulated time at %s%s; "
            "--length SECONDS sets another\n", an->length_s, ex_clip_frame_count(an), an->fps, spans, pace, why);
}

int cmd_shot(int argc, char **argv)
{
    const char *scen = NULL, *out = NULL, *flavor = NULL, *mode = NULL, *theme = NULL, *cue_text = NULL;
    const char *at_text = NULL, *to_text = NULL; /* as typed, for messages: %g rounds 60.000000001 to 60 */
    double at = -1, scale = 1, from = -1, to = -1, fps = 25, length = 0;
    int w = 1600, h = 900, bench_frames = 0, bench_seek = 0, select = -1, cue = 0;
    double timeline_s = 0; /* 0: the window's own span, which follows the speed */
    /* --set and --cpus, as `rcuvis run` and the window take them: applied when the scenario loads */
    char sets[16][128], set_labels[16][160];
    int nsets = 0;
    unsigned long long seed = 0;
    bool has_seed = false;
    bool compare = false, scale_given = false, length_given = false;
    ex_look look = {.clean = false, .panel = -1, .klog = -1, .caption = -1};
    bool opts_done = false; /* after "--" every word is the scenario, as for rcuvis run (a file named -x.json) */
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!opts_done && !strcmp(o, "--")) { opts_done = true; continue; }
        if (opts_done) {
            if (scen) return bad("unexpected argument '%s'", o);
            scen = o;
            continue;
        }
        if (!strcmp(o, "--help") || !strcmp(o, "-h")) { usage(stdout); return 0; }
        if (!strcmp(o, "--compare")) { compare = true; continue; }
        if (!strcmp(o, "--clean")) { look.clean = true; continue; }
        if (!strcmp(o, "--cues")) { look.cues = true; continue; }
        if (!strcmp(o, "--no-caption")) { look.caption = 0; continue; }
        bool takes = !strcmp(o, "--at") || !strcmp(o, "-o") || !strcmp(o, "--size") || !strcmp(o, "--scale") ||
                     !strcmp(o, "--mode") || !strcmp(o, "--seed") || !strcmp(o, "--flavor") || !strcmp(o, "--theme") ||
                     !strcmp(o, "--bench-frames") || !strcmp(o, "--bench-seeks") || !strcmp(o, "--select") || !strcmp(o, "--panel") ||
                     !strcmp(o, "--timeline") ||
                     !strcmp(o, "--from") || !strcmp(o, "--to") || !strcmp(o, "--fps") || !strcmp(o, "--length") ||
                     !strcmp(o, "--cue") || ov_is_option(o);
        if (takes && !val) return bad("option %s needs a value", o);
        /* the next word is another option: "--theme --at 1" took "--at" as the theme and then said
         * "unexpected argument '1'"; "-o --at 1" wrote to a file named --at. A file of such a name is ./--at. */
        if (takes && ((val[0] == '-' && val[1] == '-' && val[2]) || !strcmp(val, "-o") || !strcmp(val, "-h")))
        {
            char msg[300];
            snprintf(msg, sizeof msg, "option %.40s needs a value, got the option %.200s", o, val);
            return bad("%s", msg);
        }
        /* given twice, the later one won without a word (--at 1 --at 2 drew 2 s); --set may repeat, one
         * key each (a key set twice keeps the later, as for rcuvis run) */
        if (takes && strcmp(o, "--set")) {
            for (int j = 1; j < i; j++)
                if (!strcmp(argv[j], o)) return bad("%s given twice; keep one", o);
        }
        /* numbers: util/numparse.h (whole text, finite, in range; the message names the option).
         * --at is capped at a week (the longest run) so seconds * 1e9 always fits an int64. */
        char nerr[256];
        int nrc = 0;
        if (!strcmp(o, "--at")) { nrc = np_double(o, val, 0, 604800, &at, nerr, sizeof nerr); at_text = val; }
        else if (!strcmp(o, "-o")) out = val;
        /* 320x180: a 16:9 thumbnail, the smallest 16:9 size at the width allowed */
        else if (!strcmp(o, "--size")) nrc = np_size(o, val, 320, 180, 8192, 8192, &w, &h, nerr, sizeof nerr);
        else if (!strcmp(o, "--scale")) { nrc = np_double(o, val, 0.5, 4, &scale, nerr, sizeof nerr); scale_given = true; }
        else if (!strcmp(o, "--mode")) mode = val;
        else if (!strcmp(o, "--seed")) { nrc = np_seed(o, val, &seed, nerr, sizeof nerr); has_seed = nrc == 0; }
        else if (!strcmp(o, "--flavor")) flavor = val;
        else if (!strcmp(o, "--theme")) theme = val;
        else if (!strcmp(o, "--select")) nrc = np_int(o, val, 0, 4095, &select, nerr, sizeof nerr);
        /* a speaker's 45 s stalled grace period was a sliver of the 250 ms window, with no way to widen it */
        else if (!strcmp(o, "--timeline")) nrc = np_double(o, val, 0.001, 604800, &timeline_s, nerr, sizeof nerr);
        else if (!strcmp(o, "--cue")) cue_text = val; /* checked once the scenario says how many cues it has */
        else if (ov_is_option(o)) nrc = add_set(sets, set_labels, &nsets, o, val, nerr, sizeof nerr);
        else if (!strcmp(o, "--bench-frames")) nrc = np_int(o, val, 1, 100000, &bench_frames, nerr, sizeof nerr);
        else if (!strcmp(o, "--bench-seeks")) nrc = np_int(o, val, 1, 100000, &bench_seek, nerr, sizeof nerr);
        else if (!strcmp(o, "--from")) nrc = np_double(o, val, 0, 604800, &from, nerr, sizeof nerr);
        else if (!strcmp(o, "--to")) { nrc = np_double(o, val, 0, 604800, &to, nerr, sizeof nerr); to_text = val; }
        else if (!strcmp(o, "--fps")) nrc = np_double(o, val, 1, 120, &fps, nerr, sizeof nerr);
        else if (!strcmp(o, "--length")) { nrc = np_double(o, val, 0.1, 600, &length, nerr, sizeof nerr); length_given = true; }
        else if (!strcmp(o, "--panel")) {
            look.panel = ui_panel_from_name(val);
            if (look.panel < 0) return bad("--panel: expected cpus, tree, accounting, timeline, klog, why or caption, got \"%s\"", val);
        }
        else if (o[0] == '-' && o[1]) {
            static const char *const opts[] = {"-o", "--at", "--size", "--scale", "--mode", "--seed", "--flavor", "--theme", "--select", "--timeline",
                                               "--panel", "--from", "--to", "--fps", "--length", "--cue", "--cues", "--clean", "--no-caption",
                                               "--compare", "--set", "--cpus", "--help"};
            char hint[96], what[200];
            snprintf(what, sizeof what, "'%s'%s", o, rv_option_hint(o, opts, sizeof opts / sizeof *opts, hint, sizeof hint));
            return bad("unknown option %s (see rcuvis shot --help)", what);
        }
        else if (!scen) { scen = o; continue; }
        else return bad("unexpected argument '%s'", o);
        /* times are bare simulated seconds: "2s" was told "a number from 0 to 604800", the option's cap, not the run's */
        if (nrc != 0 && (!strcmp(o, "--at") || !strcmp(o, "--from") || !strcmp(o, "--to"))) {
            char *end;
            (void)strtod(val, &end);
            if (end != val && *end)
                snprintf(nerr, sizeof nerr, "%s: expected a number of simulated seconds without a unit (2, 0.05, 80.0078125), got \"%s\"", o, val);
        }
        if (nrc != 0) return bad("%s", nerr);
        if (takes) i++;
    }
    if (!scen) return bad("%s", "missing SCENARIO, a shipped scenario's name or a .json file (see rcuvis shot --help)");
    /* the renderer's limit, checked before the simulation (kernel-build ran 34 s to be refused) */
    long pix_w = lround(w * scale), pix_h = lround(h * scale);
    if (pix_w > 16384 || pix_h > 16384) {
        char msg[200];
        snprintf(msg, sizeof msg, "--size %dx%d at --scale %g is %ldx%ld pixels; at most 16384 each way: lower --scale or --size",
                 w, h, scale, pix_w, pix_h);
        return bad("%s", msg);
    }
    bool anim = from >= 0 || to >= 0;
    if (anim) {
        if (from < 0 || to < 0) return bad("%s", "an animation needs both --from and --to");
        if (to <= from) return bad("%s", "--to must be after --from");
        if (at >= 0) return bad("%s", "--at is for one picture; an animation takes --from and --to");
        if (!out) return bad("%s", "missing -o DIR/ or -o FILE.gif");
        if (!length_given) length = ex_clip_default_length(to - from);
        if (length * fps > 20000) return bad("%s", "more than 20000 frames: lower --fps or --length");
        at = from;
    } else if (fps != 25 || length > 0 || look.cues) return bad("%s", "--fps, --length and --cues belong to an animation (--from/--to)");
    if (cue_text && (anim || at >= 0)) return bad("%s", "--cue picks the moment itself: leave out --at, --from and --to");
    /* the window's picture is the window's, caption strip and all; a slide or one panel may leave it out */
    if (look.caption == 0 && !look.clean && look.panel < 0)
        return bad("%s", "--no-caption goes with --clean (a slide) or --panel: the window's picture keeps its caption strip");
    if (look.caption == 0 && look.panel == UI_PANEL_CAPTION) return bad("%s", "--no-caption with --panel caption leaves nothing to draw");
    if (at < 0 && !cue_text) return bad("%s", "missing --at SECONDS (or --cue N)");
    if (cue_text) at = 0;
    if (!out && !bench_frames && !bench_seek) return bad("%s", "missing -o FILE.png");
    if (!anim && out && !picture_target_ok(out)) {
        /* say what the name is for: a directory or a .gif is right for a clip, but this is one picture */
        const char *clip_ext = ends_with(out, ".gif") ? ".gif" : ends_with(out, ".apng") ? ".apng"
                             : ends_with(out, ".mp4") ? ".mp4" : ends_with(out, ".webm") ? ".webm" : NULL;
        struct stat sb;
        char msg[8448];
        if (out[0] && (out[strlen(out) - 1] == '/' || (stat(out, &sb) == 0 && S_ISDIR(sb.st_mode))))
            snprintf(msg, sizeof msg, "-o %s: a directory is for a clip's frames (--from and --to); one picture goes to a "
                     "file ending in .png or .svg", out);
        else if (clip_ext)
            snprintf(msg, sizeof msg, "-o %s: a %s file is a clip, made with --from and --to; one picture goes to a file "
                     "ending in .png or .svg", out, clip_ext);
        else snprintf(msg, sizeof msg, "-o %s: expected a file ending in .png or .svg", out);
        return bad("%s", msg);
    }
    /* FILE.svg is vector; anything else is a PNG (FILE.png, /dev/stdout, a pipe...) */
    bool svg_out = out && ends_with(out, ".svg");

    ui_app a;
    ui_app_init(&a);
    if (mode) {
        if (!strcmp(mode, "compare")) compare = true;
        else if (kernel_named(mode) >= 0) { a.mode_forced = true; a.forced_mode = (enum rv_mode)kernel_named(mode); }
        else return bad("--mode: expected softirq, kthread or compare, got \"%s\"", mode);
    }
    int want_flavor = -1; /* set once loaded: loading picks an enabled flavor in place of one the file lacks */
    if (flavor) {
        want_flavor = rv_flavor_from_name(flavor);
        if (want_flavor < 0) return bad("--flavor: expected rcu_sched, rcu_bh or rcu_preempt, got \"%s\"", flavor);
    }
    if (theme) {
        int t = ui_theme_from_name(theme);
        if (t < 0) return bad("--theme: expected light or dark, got \"%s\"", theme);
        a.st.theme = t;
    }
    a.st.compare = compare;
    if (timeline_s > 0) { /* as a wheel zoom in the window: the span stays put, whatever the speed */
        a.st.timeline_span = (int64_t)llround(timeline_s * 1e9);
        a.st.timeline_manual = true;
    }
    for (int i = 0; i < nsets; i++) {
        char *eq = strchr(sets[i], '=');
        *eq = 0;
        if (ui_app_set_override_labeled(&a, sets[i], eq + 1, set_labels[i]) != 0) {
            ui_app_free(&a);
            return bad("%s: at most 16 different keys in --set and --cpus", set_labels[i]);
        }
    }
    char err[8192];
    if (ui_app_load_seed(&a, strcmp(scen, "-") ? scen : NULL, has_seed, seed, err, sizeof err) != 0) {
        ex_error(err);
        ui_app_free(&a);
        return 2;
    }
    if (want_flavor >= 0 && !a.base.rcu.flavors[want_flavor]) {
        /* drawing another flavor under the one asked for would put the wrong tree on a slide */
        char has[64] = "";
        int nhas = 0, k = 0;
        for (int f = 0; f < RV_NFLAVORS; f++) nhas += a.base.rcu.flavors[f];
        for (int f = 0; f < RV_NFLAVORS; f++) {
            if (!a.base.rcu.flavors[f]) continue;
            size_t l = strlen(has);
            snprintf(has + l, sizeof has - l, "%s%s", k == 0 ? "" : k == nhas - 1 ? " and " : ", ", rv_flavor_name(f));
            k++;
        }
        fprintf(stderr, "rcuvis: shot: --flavor %s: %s does not enable %s; it has %s\n", flavor, scen, rv_flavor_name(want_flavor), has);
        ui_app_free(&a);
        return 2;
    }
    if (want_flavor >= 0) a.st.flavor = want_flavor;
    if (select >= a.base.cpus) {
        /* read the count before ui_app_free: it used to print whatever the freed memory held */
        fprintf(stderr, "rcuvis: shot: --select: expected a CPU number from 0 to %d (the scenario has %d CPUs), got %d\n",
                a.base.cpus - 1, a.base.cpus, select);
        ui_app_free(&a);
        return 2;
    }
    a.st.sel_cpu = select;
    int64_t t = (int64_t)(at * 1e9 + 0.5);
    if ((anim ? (int64_t)(to * 1e9 + 0.5) : t) > ui_app_end(&a)) {
        char end[40];
        exact_seconds(end, sizeof end, ui_app_end(&a));
        fprintf(stderr, "rcuvis: shot: %s %s is after the end of the run (%s s)\n", anim ? "--to" : "--at", anim ? to_text : at_text, end);
        ui_app_free(&a);
        return 2;
    }
    /* The output is checked now, before the simulation (kernel-build --at 7799 is 45 s of it): a missing
     * or read-only directory, a directory or read-only file as target, a frame directory holding the
     * user's files. The real writes still check everything (a disk may fill up meanwhile). */
    if (out && (anim ? ex_animate_check(out, err, sizeof err) : sf_check(out, err, sizeof err)) != 0) {
        ex_error(err);
        ui_app_free(&a);
        return 2;
    }
    /* and a file already there is replaced only when it is a picture of the kind written (-o notes.png
     * typed by mistake lost the notes without a word); asked again just before the write */
    enum of_kind kind = svg_out ? OF_SVG : OF_PNG;
    bool replaces = false;
    if (out && !anim && of_check(out, kind, &replaces, err, sizeof err) != 0) {
        ex_error(err);
        ui_app_free(&a);
        return 2;
    }
    /* a slide's text, unless --scale (or --panel's fitting) says otherwise: the picture stays WxH */
    double text_scale = scale;
    if (look.clean && look.panel < 0 && !scale_given) text_scale = clean_scale(w, h);
    /* larger text bought with a layout in fewer logical pixels than the window is made for (a speaker's
     * --size 1024x576 --scale 1.25, for 1280x720 pixels of larger text): panels drop rows, the 3.6 tree
     * shrinks to a sliver. Said, not refused: the picture is what was asked for. A small picture at
     * scale 1 (a thumbnail, a test's 320x200 clip) is what it looks like and says nothing */
    double logical_w = w * scale / text_scale, logical_h = h * scale / text_scale;
    /* compare mode is made for less (UI_MIN_COMPARE_W: a projector's 1280x720 at 133 %), a cue's included
     * (its number is checked below; one out of range says nothing here) */
    int cue_n = cue_text ? atoi(cue_text) : 0;
    bool compared = a.st.compare || (cue_n >= 1 && (size_t)cue_n <= a.base.ncues && ui_cue_view_at(&a.base, cue_n - 1).compare == 1);
    int min_w = compared ? UI_MIN_COMPARE_W : UI_MIN_LOGICAL_W, min_h = compared ? UI_MIN_COMPARE_H : UI_MIN_LOGICAL_H;
    if (look.panel < 0 && text_scale > 1.001 && (logical_w < min_w - 0.5 || logical_h < min_h - 0.5))
        fprintf(stderr, "rcuvis: shot: warning: the window's layout gets %.0fx%.0f points here, less than the %dx%d it is made "
                "for: panels may hide rows or shrink; for larger text on a small picture take one panel (--panel tree, "
                "--panel klog, ...), which fits its text to the picture\n", logical_w, logical_h, min_w, min_h);
    /* the whole window at a size far beyond it, text at scale 1: 8K showed the window's text at a
     * window's size, microscopic on the picture, and said nothing */
    int k = (int)(w / 1920.0 < h / 1080.0 ? w / 1920.0 : h / 1080.0); /* whole: --size W/k x H/k --scale k is these pixels */
    if (k > 4) k = 4;
    if (look.panel < 0 && !look.clean && !scale_given && k >= 2)
        fprintf(stderr, "rcuvis: shot: warning: %dx%d at scale 1 draws the window's text at its usual size, small on so big "
                "a picture: --size %dx%d --scale %d gives %dx%d pixels with text %d times larger, and --clean scales a "
                "slide's text to the picture\n", w, h, w / k, h / k, k, w / k * k, h / k * k, k);
    if (anim) {
        ex_anim an = {.from_ns = t, .to_ns = (int64_t)(to * 1e9 + 0.5), .fps = fps, .length_s = length, .out = out,
                      .w = (int)(w * scale + 0.5), .h = (int)(h * scale + 0.5), .scale = (float)text_scale,
                      .fit_scale = look.panel >= 0 && !scale_given};
        /* said before a frame is drawn (it used to come after "wrote x.gif", once the clip existed),
         * and only when the length is ours to choose: a --length given is what was asked for */
        if (!length_given) say_default_length(&an);
        int rc = ex_animate(&a, &an, &look);
        ui_app_free(&a);
        return rc;
    }
    double sim0 = now_ms();
    if (cue_text) { /* the lecture's stop: its time, flavor, selection, compare state and caption, presented */
        if (a.base.ncues == 0) {
            fprintf(stderr, "rcuvis: shot: --cue: %s has no lecture cues (`cues` in the file); use --at\n", scen);
            ui_app_free(&a);
            return 2;
        }
        /* checked against the file's own count, so 0 and 7 get the same words: "from 1 to 6" */
        char nerr[256];
        int ncues = a.base.ncues > 100000 ? 100000 : (int)a.base.ncues;
        if (np_int("--cue", cue_text, 1, ncues, &cue, nerr, sizeof nerr) != 0) {
            fprintf(stderr, "rcuvis: shot: --cue: expected 1 to %d (the lecture cues of %s), got \"%s\"\n", ncues, scen, cue_text);
            /* the cues by name: a speaker had only the file's JSON to learn which stop was which */
            for (int n = 0; n < ncues && n < 40; n++) {
                const rv_cue *q = &a.base.cues[n];
                fprintf(stderr, "  %d  at %.9g s%s%s%s\n", n + 1, q->at_s, q->compare == 1 ? ", compared" : "", q->title[0] ? ": " : "", q->title);
            }
            ui_app_free(&a);
            return 2;
        }
        /* --set rcu.mode=X is --mode X spelt as an override (the split above left each set's key, then its
         * value): refused where --mode is, as it silenced the cue's caption just the same */
        const char *set_mode = NULL;
        for (int i = 0; i < nsets; i++)
            if (!strcmp(sets[i], "rcu.mode")) set_mode = sets[i] + strlen(sets[i]) + 1;
        char set_mode_text[32] = "";
        if (set_mode) { /* a JSON string or a bare word: its text */
            snprintf(set_mode_text, sizeof set_mode_text, "%s", set_mode + (*set_mode == '"'));
            char *q = strchr(set_mode_text, '"');
            if (q) *q = 0;
        }
        /* the file's own mode: a.base holds the run's, which the --set changed */
        int file_mode = a.file_knobs.known ? (int)a.file_knobs.mode : (int)a.base.rcu.mode;
        int set_as = kernel_named(set_mode_text);
        /* only the other kernel on a single-view cue (the file's own mode changes nothing; a compare cue
         * shows both kernels whichever the file names), and also beside --mode */
        bool set_other = set_mode && set_as >= 0 && set_as != file_mode && ui_cue_view_at(&a.base, cue - 1).compare != 1;
        if (cue_conflict(&a.base, file_mode, cue, mode ? mode : compare ? "compare" : NULL, "--mode ", want_flavor, select, err,
                         sizeof err) ||
            (set_other && cue_conflict(&a.base, file_mode, cue, set_mode_text, "--set rcu.mode=", -1, -1, err, sizeof err))) {
            fprintf(stderr, "rcuvis: shot: %s\n", err);
            ui_app_free(&a);
            return 2;
        }
        if (ui_app_goto_cue(&a, cue - 1, err, sizeof err) != 0) { /* refused, or past a shortened run's end */
            fprintf(stderr, "rcuvis: shot: --cue %d: %s\n", cue, err);
            ui_app_free(&a);
            return 2;
        }
        a.st.presenting = true;
        if (timeline_s > 0) a.st.timeline_span = (int64_t)llround(timeline_s * 1e9); /* given: it wins over the cue's */
    } else {
        seek_saying_progress(&a, t);
        ui_app_seek(&a, t);
    }
    if (bench_seek) {
        printf("first pass: simulated %.0f s in %.0f ms\n", t / 1e9, now_ms() - sim0);
        int rc = bench_seeks(&a, bench_seek, t);
        ui_app_free(&a);
        return rc;
    }
    ui_app_refresh_reports(&a, 0, 0);
    int pw = (int)(w * scale + 0.5), ph = (int)(h * scale + 0.5);
    rd_ctx *rd = rd_new_offscreen(pw, ph, (float)text_scale, err, sizeof err);
    if (!rd) {
        ex_error(err);
        ui_app_free(&a);
        return 2;
    }
    int rc = 0;
    if (bench_frames) {
        rc = bench(&a, rd, bench_frames);
    } else {
        /* one panel alone: its text grows with the picture unless --scale says otherwise (fit.c) */
        if (look.panel >= 0 && !scale_given) ex_fit_panel_scale(&a, rd, &look);
        /* SVG: the raster context still runs (it measures text), the recorder keeps the elements */
        rd_svg *svg = svg_out ? rd_svg_new(pw, ph) : NULL;
        if (svg) rd_svg_attach(rd, svg);
        ex_draw(&a, rd, &look);
        rd_end(rd);
        int wrc = of_check(out, kind, &replaces, err, sizeof err); /* what is there now, after the simulation */
        if (wrc == 0) wrc = svg_out ? rd_svg_save(svg, out, err, sizeof err) : rd_save_png(rd, out, err, sizeof err);
        if (wrc != 0) {
            ex_error(err);
            rc = 2;
        } else fprintf(stderr, "rcuvis: shot: %s %s\n", replaces ? "replaced" : "wrote", out); /* as a clip says it */
        rd_svg_free(svg);
    }
    rd_free(rd);
    ui_app_free(&a);
    return rc;
}
