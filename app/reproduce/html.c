/* html.c — the reproduce report as one HTML page: claims table and SVG figures drawn through the renderer's SVG backend. */
#include "reproduce/html.h"
#include "render/render.h"
#include "render/svg.h"
#include "util/ownfile.h"
#include "util/safefile.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Okabe–Ito hues, as the window uses: distinguishable under colour-vision deficiencies */
#define C_BLUE 0x0072B2
#define C_ORANGE 0xE69F00
#define C_GREEN 0x009E73
#define C_RED 0xD55E00
#define C_SKY 0x56B4E9
#define C_PURPLE 0xCC79A7
#define C_GREY 0x888888
#define C_INK 0x222222

static void esc(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '<') fputs("&lt;", f);
        else if (*s == '>') fputs("&gt;", f);
        else if (*s == '&') fputs("&amp;", f);
        else if (*s == '"') fputs("&quot;", f);
        else fputc(*s, f);
    }
}

/* ---- a small plotting layer over rd_*: a figure is a raster context with an SVG recorder */

/* --figures DIR: each figure also as DIR/NAME.svg and DIR/NAME.png, for a slide (a speaker cut them
 * out of the page by hand and rasterised them in a browser); NAME is set before each figure is drawn.
 * The SVG and the page's copy come from the figure drawn at its size; the PNG from the figure drawn
 * again at twice the density (1640x840 for 820x420), text rasterized sharp: at 1x a slide blurred it.
 * One per rp_figures_write() call, handed down to each plot: no state outlives the call. */
typedef struct fig_files {
    const char *dir, *name;
    int written;
    bool failed;
    bool png_pass;        /* the figure drawn again at twice the density, for its PNG alone */
    char err[4400];
} fig_files;


typedef struct plot {
    rd_ctx *rd;
    rd_svg *svg;                  /* NULL in the PNG pass */
    fig_files *files;             /* --figures: where the figure goes as files; NULL for the page alone */
    int k;                        /* output pixels per figure pixel: 1, or 2 in the PNG pass */
    int w, h;                     /* the figure's size, in figure pixels */
    rd_rect area;                 /* the data rectangle, in figure pixels */
    double x0, x1, y0, y1;
} plot;

/* The figure's drawing calls, in figure pixels: the PNG pass draws the same figure k times larger. */
static rd_rect pk(const plot *p, rd_rect r) { return (rd_rect){r.x * p->k, r.y * p->k, r.w * p->k, r.h * p->k}; }
static void pl_line(plot *p, int x0, int y0, int x1, int y1, rd_color c) { rd_line(p->rd, x0 * p->k, y0 * p->k, x1 * p->k, y1 * p->k, c); }
static void pl_fill(plot *p, rd_rect r, rd_color c) { rd_fill(p->rd, pk(p, r), c); }
static void pl_text(plot *p, enum rd_font f, int x, int y, rd_color c, const char *s) { rd_text(p->rd, f, x * p->k, y * p->k, c, s); }
static void pl_text_in(plot *p, enum rd_font f, rd_rect r, int align, rd_color c, const char *s) { rd_text_in(p->rd, f, pk(p, r), align, c, s); }
static void pl_triangle(plot *p, int x, int y, int size, bool down, rd_color c) { rd_triangle(p->rd, x * p->k, y * p->k, size * p->k, down, c); }

static bool plot_begin(plot *p, fig_files *files, int w, int h, const char *title)
{
    char err[256];
    memset(p, 0, sizeof *p);
    p->files = files;
    const bool png_pass = files && files->png_pass;
    p->k = png_pass ? 2 : 1;
    p->w = w;
    p->h = h;
    p->rd = rd_new_offscreen(w * p->k, h * p->k, (float)p->k, err, sizeof err);
    if (!p->rd) return false;
    if (!png_pass) {
        p->svg = rd_svg_new(w, h);
        if (!p->svg) { rd_free(p->rd); return false; }
        rd_svg_attach(p->rd, p->svg);
    }
    rd_begin(p->rd, rd_rgb(0xFFFFFF));
    pl_text(p, RD_BOLD, 10, 6, rd_rgb(C_INK), title);
    /* the legend goes right of the data, where it cannot hide a point */
    p->area = (rd_rect){80, 44, w - 80 - 240, h - 44 - 50};
    return true;
}

static int px(const plot *p, double x) { return p->area.x + (int)lround((x - p->x0) / (p->x1 - p->x0) * p->area.w); }
static int py(const plot *p, double y) { return p->area.y + p->area.h - (int)lround((y - p->y0) / (p->y1 - p->y0) * p->area.h); }

static void axes(plot *p, const char *xlabel, const char *ylabel, double ystep, bool xticks, double xstep)
{
    rd_color ink = rd_rgb(C_INK), grid = rd_rgb(0xDDDDDD);
    char b[32];
    for (double y = p->y0; y <= p->y1 + 1e-9; y += ystep) {
        int yy = py(p, y);
        pl_line(p, p->area.x, yy, p->area.x + p->area.w, yy, grid);
        snprintf(b, sizeof b, "%g", y);
        pl_text_in(p, RD_SANS_SMALL, (rd_rect){0, yy - 8, p->area.x - 6, 16}, RD_RIGHT, ink, b);
    }
    for (double x = p->x0; xticks && x <= p->x1 + 1e-9; x += xstep) {
        int xx = px(p, x);
        pl_line(p, xx, p->area.y + p->area.h, xx, p->area.y + p->area.h + 4, ink);
        snprintf(b, sizeof b, "%g", x);
        pl_text_in(p, RD_SANS_SMALL, (rd_rect){xx - 30, p->area.y + p->area.h + 6, 60, 16}, RD_CENTER, ink, b);
    }
    pl_line(p, p->area.x, p->area.y, p->area.x, p->area.y + p->area.h, ink);
    pl_line(p, p->area.x, p->area.y + p->area.h, p->area.x + p->area.w, p->area.y + p->area.h, ink);
    int h = p->h;
    pl_text_in(p, RD_SANS, (rd_rect){p->area.x, h - 22, p->area.w, 18}, RD_CENTER, ink, xlabel);
    pl_text(p, RD_SANS, 10, 22, rd_rgb(0x555555), ylabel);
}

static void legend(plot *p, int i, uint32_t rgb, const char *label)
{
    int x = p->area.x + p->area.w + 16, y = p->area.y + 6 + i * 18;
    pl_fill(p, (rd_rect){x, y + 3, 12, 10}, rd_rgb(rgb));
    pl_text(p, RD_SANS_SMALL, x + 18, y, rd_rgb(C_INK), label);
}


static void fig_save(plot *p)
{
    fig_files *out = p->files;
    if (!out || !out->dir || !out->name || out->failed) return;
    static const struct { const char *ext; enum of_kind kind; } forms[] = {{"svg", OF_SVG}, {"png", OF_PNG}};
    for (size_t i = out->png_pass ? 1 : 0; i < (out->png_pass ? 2u : 1u) && !out->failed; i++) {
        char path[4200];
        bool replaces;
        snprintf(path, sizeof path, "%s/%s.%s", out->dir, out->name, forms[i].ext);
        int rc = of_check(path, forms[i].kind, &replaces, out->err, sizeof out->err);
        if (rc == 0)
            rc = forms[i].kind == OF_SVG ? rd_svg_save(p->svg, path, out->err, sizeof out->err)
                                         : rd_save_png(p->rd, path, out->err, sizeof out->err);
        if (rc != 0) out->failed = true;
        else {
            out->written++;
            fprintf(stderr, "rcuvis: reproduce: %s %s\n", replaces ? "replaced" : "wrote", path);
        }
    }
}

static void plot_end(plot *p, FILE *f, const char *caption)
{
    rd_end(p->rd);
    fig_save(p);
    if (f && p->svg) {
        fputs("<figure>\n", f);
        rd_svg_write_inline(p->svg, f);
        fputs("<figcaption>", f);
        esc(f, caption);
        fputs("</figcaption>\n</figure>\n", f);
    }
    if (p->svg) rd_svg_free(p->svg);
    rd_free(p->rd);
}

static const rp_html_claim *find(const rp_html_claim *c, size_t n, const char *id)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(c[i].claim->id, id)) return &c[i];
    return NULL;
}

static double num(const cJSON *rep, const char *path)
{
    double v = NAN;
    if (rep && !rp_num(rep, path, &v)) v = NAN;
    return v;
}


/* A sweep series' legend in words, not its --set keys ("workload.0.cpus=0-47" read as code). */
static const char *series_label(const char *key, char *buf, size_t n)
{
    int lo, hi;
    double rate;
    if (!key[0]) return "all CPUs busy (as shipped)";
    if (strstr(key, "busy_frac=0.5")) return "half the CPUs idle";
    if (sscanf(key, "workload.0.cpus=%d-%d", &lo, &hi) == 2 && hi >= lo) {
        snprintf(buf, n, "%d busy CPUs, the rest idle", hi - lo + 1);
        return buf;
    }
    if (sscanf(key, "workload.0.call_rcu_per_s.rcu_sched=%lf", &rate) == 1) {
        snprintf(buf, n, "%g call_rcu() a second per CPU", rate);
        return buf;
    }
    return key;
}

/* ---- figure 1: per-GP cost against CPUs, one series per workload variant of the sweep */

static void fig_scaling(FILE *f, fig_files *files, const rp_html_claim *c)
{
    double ymax = 1, xmax = 1;
    for (int r = 0; r < c->nruns; r++) {
        double y = num(c->rep[r], "flavors.rcu_sched.overhead_per_gp_us");
        if (isfinite(y) && y > ymax) ymax = y;
        if (c->cfg[r] && c->cfg[r]->cpus > xmax) xmax = c->cfg[r]->cpus;
    }
    plot p;
    if (!plot_begin(&p, files, 820, 420, "Per-grace-period cost against CPUs (rcu_sched, scaling sweep)")) return;
    p.x0 = 0; p.x1 = ceil(xmax / 16) * 16; p.y0 = 0;
    double step = ymax > 200 ? 50 : ymax > 50 ? 20 : 5;
    p.y1 = ceil(ymax * 1.1 / step) * step;
    int leaf = c->cfg[0] ? c->cfg[0]->rcu.fanout_leaf : 16;
    if (leaf < 1) leaf = 16;
    /* the leaf boundaries: every fanout_leaf CPUs one more rcu_node to initialize and scan */
    for (int x = leaf; x <= p.x1; x += leaf) {
        for (int y = p.area.y; y < p.area.y + p.area.h; y += 8) pl_line(&p, px(&p, x), y, px(&p, x), y + 3, rd_rgb(C_GREY));
    }
    axes(&p, "CPUs (dashed: every fanout_leaf = 16 CPUs a new leaf rcu_node)", "µs of GP machinery per grace period", step, true, 8);
    /* series: runs with the same overrides apart from cpus= */
    const uint32_t hue[] = {C_BLUE, C_ORANGE, C_GREEN, C_PURPLE};
    char keys[4][128];
    int nkeys = 0;
    for (int r = 0; r < c->nruns; r++) {
        char key[128] = "";
        const rp_run *run = &c->claim->runs[r];
        for (int s = 0; s < RP_MAX_SETS && run->sets[s]; s++)
            if (strncmp(run->sets[s], "cpus=", 5)) snprintf(key + strlen(key), sizeof key - strlen(key), "%s%s", key[0] ? ", " : "", run->sets[s]);
        int k = 0;
        while (k < nkeys && strcmp(keys[k], key)) k++;
        if (k == nkeys && nkeys < 4) snprintf(keys[nkeys++], sizeof keys[0], "%s", key);
    }
    char lab[128];
    for (int k = 0; k < nkeys; k++) {
        int lx = -1, ly = -1;
        for (int r = 0; r < c->nruns; r++) {
            char key[128] = "";
            const rp_run *run = &c->claim->runs[r];
            for (int s = 0; s < RP_MAX_SETS && run->sets[s]; s++)
                if (strncmp(run->sets[s], "cpus=", 5)) snprintf(key + strlen(key), sizeof key - strlen(key), "%s%s", key[0] ? ", " : "", run->sets[s]);
            double y = num(c->rep[r], "flavors.rcu_sched.overhead_per_gp_us");
            if (strcmp(key, keys[k]) || !isfinite(y) || !c->cfg[r]) continue;
            int x = px(&p, c->cfg[r]->cpus), yy = py(&p, y);
            if (lx >= 0) pl_line(&p, lx, ly, x, yy, rd_rgb(hue[k]));
            pl_fill(&p, (rd_rect){x - 3, yy - 3, 7, 7}, rd_rgb(hue[k]));
            lx = x; ly = yy;
        }
        legend(&p, k, hue[k], series_label(keys[k], lab, sizeof lab));
    }
    plot_end(&p, f, "Each point is one simulated run of scenarios/scaling.json; the cost is the rcu_sched grace-period "
                    "machinery's CPU time divided by the grace periods completed. It jumps where one more leaf rcu_node "
                    "joins the tree (17, 33 CPUs). The series at 64 CPUs alone keep 25, 50 and 75 % of the CPUs idle: "
                    "there the total falls (fewer CPUs report for themselves), while the part spent forcing quiescent "
                    "states rises: one remote probe per idle CPU (the scaling-idle figure, drawn when that claim runs, splits it out).");
}

/* ---- figure 1b: at 64 CPUs, the per-GP cost split into forcing and the rest, as CPUs go idle */

/* The share of a sweep run's 64 CPUs left idle: its workload covers "workload.0.cpus=0-B" (-1: not an idle point) */
static int idle_pct_of(const rp_run *run, const rv_config *cfg)
{
    if (!cfg || cfg->cpus != 64) return -1;
    int lo, hi, pct = 0;
    for (int s = 0; s < RP_MAX_SETS && run->sets[s]; s++) {
        if (sscanf(run->sets[s], "workload.0.cpus=%d-%d", &lo, &hi) == 2 && hi >= lo) pct = (int)lround(100.0 * (64 - (hi - lo + 1)) / 64);
        else if (strncmp(run->sets[s], "cpus=", 5)) return -1; /* another variant (an update rate) */
    }
    return pct;
}

static void fig_idle(FILE *f, fig_files *files, const rp_html_claim *c)
{
    double fqs[4], rest[4];
    bool have[4] = {false};
    for (int r = 0; r < c->nruns; r++) {
        int pct = idle_pct_of(&c->claim->runs[r], c->cfg[r]);
        int i = pct == 0 ? 0 : pct == 25 ? 1 : pct == 50 ? 2 : pct == 75 ? 3 : -1;
        double all = num(c->rep[r], "flavors.rcu_sched.overhead_per_gp_us"), f_us = num(c->rep[r], "flavors.rcu_sched.fqs_overhead_us"),
               g = num(c->rep[r], "flavors.rcu_sched.grace_periods");
        if (i < 0 || !isfinite(all) || !isfinite(f_us) || !isfinite(g) || g <= 0) continue;
        fqs[i] = f_us / g;
        rest[i] = all - fqs[i] > 0 ? all - fqs[i] : 0;
        have[i] = true;
    }
    double ymax = 1;
    for (int i = 0; i < 4; i++) {
        if (!have[i]) return; /* a partial figure would read as a trend it does not show */
        if (fqs[i] + rest[i] > ymax) ymax = fqs[i] + rest[i];
    }
    plot p;
    if (!plot_begin(&p, files, 820, 420, "64 CPUs, more of them idle: forcing work per grace period (rcu_sched)")) return;
    p.x0 = -0.5; p.x1 = 3.5; p.y0 = 0;
    double step = ymax > 200 ? 50 : ymax > 50 ? 10 : 5;
    p.y1 = ceil(ymax * 1.15 / step) * step;
    axes(&p, "share of the 64 CPUs idle", "µs of GP machinery per grace period", step, false, 1);
    static const char *const xl[4] = {"0 %", "25 %", "50 %", "75 %"};
    char b[48];
    for (int i = 0; i < 4; i++) {
        int x = px(&p, i), half = 50;
        int y0 = py(&p, 0), yf = py(&p, fqs[i]), yt = py(&p, fqs[i] + rest[i]);
        pl_fill(&p, (rd_rect){x - half, yf, 2 * half, y0 - yf}, rd_rgb(C_RED));
        pl_fill(&p, (rd_rect){x - half, yt, 2 * half, yf - yt}, rd_rgb(C_SKY));
        snprintf(b, sizeof b, "%.1f", fqs[i]);
        if (y0 - yf >= 18) pl_text_in(&p, RD_BOLD, (rd_rect){x - half, y0 - 18, 2 * half, 16}, RD_CENTER, rd_rgb(0xFFFFFF), b);
        else pl_text_in(&p, RD_BOLD, (rd_rect){x - half, yf - 18, 2 * half, 16}, RD_CENTER, rd_rgb(C_RED), b);
        snprintf(b, sizeof b, "%.0f in all", fqs[i] + rest[i]);
        pl_text_in(&p, RD_SANS_SMALL, (rd_rect){x - half - 10, yt - 18, 2 * half + 20, 16}, RD_CENTER, rd_rgb(C_INK), b);
        pl_text_in(&p, RD_SANS_SMALL, (rd_rect){x - 30, p.area.y + p.area.h + 6, 60, 16}, RD_CENTER, rd_rgb(C_INK), xl[i]);
    }
    legend(&p, 0, C_RED, "forcing quiescent states (FQS)");
    legend(&p, 1, C_SKY, "the rest: start, reports, end");
    plot_end(&p, f, "The same 64-CPU machine with 0, 25, 50 and 75 % of its CPUs idle (scenarios/scaling.json, the "
                    "scaling-idle row of the table). Red: the forcing passes' work per grace period, which rises with "
                    "every idle CPU, as the article says: each pass probes every idle CPU's dynticks counter, a remote "
                    "cache miss, until it is credited. Blue: the rest, which falls, because an idle CPU no longer notes "
                    "the grace period and reports for itself. So the total can fall while the forcing work, the part "
                    "the article's second factor is about, rises.");
}

/* ---- figure 2: where RCU's CPU time is charged, 3.6 against 3.7 */

static void fig_where(FILE *f, fig_files *files, const rp_html_claim *c)
{
    static const struct { const char *path, *label; uint32_t hue; } part[] = {
        {"accounting.rcu_gp_kthreads_s", "GP kthreads", C_BLUE},
        {"accounting.ksoftirqd_s", "ksoftirqd/N", C_ORANGE},
        {"accounting.softirq_inline_s", "softirq at irq exit", C_RED},
        {"accounting.rcuc_s", "rcuc/N", C_PURPLE},
        {"accounting.tick_s", "scheduling-clock tick", C_SKY},
        {"accounting.caller_s", "tasks (call_rcu, idle drains)", C_GREEN},
    };
    enum { NP = sizeof part / sizeof *part };
    /* the claim's first two runs, 3.7 and 3.6 at the model's prices: softirq-same-cost (the figure's
     * claim when softirq-hidden is not run, as under --only softirq-same-cost) adds its price sweep,
     * eight more runs, which drew ten groups labelled "3.6…" and "3.7…" with every bar's value cut */
    const int nruns = c->nruns < 2 ? c->nruns : 2;
    double ymax = 0.001;
    /* a part no run has (rcuc/N without RCU_BOOST) gets no bar and no legend entry: a speaker had to
     * explain an "rcuc/N" swatch with nothing above it on either side */
    int kept[NP], nk = 0;
    for (int k = 0; k < NP; k++) {
        bool any = false;
        for (int r = 0; r < nruns; r++) {
            double v = num(c->rep[r], part[k].path);
            if (isfinite(v) && v > 0) any = true;
            if (isfinite(v) && v > ymax) ymax = v;
        }
        if (any) kept[nk++] = k;
    }
    plot p;
    if (!plot_begin(&p, files, 820, 420, "Where RCU's CPU time is charged: 3.6 (softirq) against 3.7 (kthread), hackbench")) return;
    double step = pow(10, floor(log10(ymax)));
    if (ymax / step < 3) step /= 2;
    p.x0 = 0; p.x1 = 1; p.y0 = 0; p.y1 = ceil(ymax * 1.1 / step) * step;
    /* the axis says how long the runs were: a --quick run's seconds are a tenth of a full one's, and a
     * speaker quoted them without the span */
    char ylab[64] = "CPU seconds";
    if (nruns && c->cfg[0]) snprintf(ylab, sizeof ylab, "CPU seconds in %.3g s of hackbench", c->cfg[0]->duration_s);
    axes(&p, "", ylab, step, false, 1);
    int group_w = p.area.w / (nruns ? nruns : 1);
    /* 3.6 on the left, as in every compare picture of the window and of shot */
    int order[RP_MAX_RUNS], no = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int r = 0; r < nruns && no < RP_MAX_RUNS; r++)
            if ((c->cfg[r] && c->cfg[r]->rcu.mode == RV_MODE_KTHREAD) == (pass == 1)) order[no++] = r;
    for (int slot = 0; slot < no; slot++) {
        int r = order[slot];
        int gx = p.area.x + slot * group_w + group_w / 10, bw = (group_w * 8 / 10) / (nk ? nk : 1);
        for (int j = 0; j < nk; j++) {
            int k = kept[j];
            double v = num(c->rep[r], part[k].path);
            if (!isfinite(v)) continue;
            int y = py(&p, v);
            pl_fill(&p, (rd_rect){gx + j * bw + 2, y, bw - 4, p.area.y + p.area.h - y}, rd_rgb(part[k].hue));
            char b[32];
            snprintf(b, sizeof b, "%.3g", v);
            pl_text_in(&p, RD_SANS_SMALL, (rd_rect){gx + j * bw - 10, y - 16, bw + 20, 14}, RD_CENTER, rd_rgb(C_INK), b);
        }
        char lab[64];
        snprintf(lab, sizeof lab, "%s", c->cfg[r] && c->cfg[r]->rcu.mode == RV_MODE_KTHREAD ? "3.7: rcu.mode=kthread" : "3.6: rcu.mode=softirq");
        pl_text_in(&p, RD_BOLD, (rd_rect){gx, p.area.y + p.area.h + 6, group_w * 8 / 10, 18}, RD_CENTER, rd_rgb(C_INK), lab);
        /* each side's sum under its name, as the claim's table says it ("3.7 32.49 s, 3.6 32.15 s") and
         * run --json's accounting.total_s holds it: the figure of a talk on "moved, not added" showed
         * five bars a side and left the audience to add them up, and the speaker to do it on stage */
        double all = num(c->rep[r], "accounting.total_s");
        if (isfinite(all)) {
            snprintf(lab, sizeof lab, "%.2f s in all", all);
            pl_text_in(&p, RD_SANS, (rd_rect){gx, p.h - 22, group_w * 8 / 10, 18}, RD_CENTER, rd_rgb(C_INK), lab);
        }
    }
    for (int j = 0; j < nk; j++) legend(&p, j, part[kept[j]].hue, part[kept[j]].label);
    plot_end(&p, f, "The same hackbench run under both designs. 3.7 moves grace-period work into the rcu_* kthreads, "
                    "where top can see it under an RCU name. 3.6 does the same kinds of work under other names: most of it in the idle task's "
                    "FAST_NO_HZ drains (the tasks bar), the rest in RCU_SOFTIRQ, charged to ksoftirqd and to whatever "
                    "task an interrupt hit. In this model 3.7's total is larger by the kthread's own wakeups and context switches.");
}

/* ---- figure 3: the OMAP board's grace periods over time, 3.6 against 3.7 */

typedef struct span { double a, b; } span;
typedef struct lane {
    span gp[4096]; int ngp;
    double open_at;               /* start of the GP running now, < 0 none */
    double fqs[4096]; int nfqs;
    double stall[16]; int nstall;
    span idles[64]; int nidle;
    int ncpus; double idle_from;
    bool idle[RV_MAX_CPUS];       /* per CPU: idle now (enter/exit may repeat, e.g. tick stop) */
    int nidle_cpus;
} lane;

static void lane_sink(const rv_event *ev, void *ctx)
{
    lane *l = ctx;
    double t = ev->t / 1e9;
    if (ev->flavor == RV_SCHED && ev->type == RV_EV_GP_START) l->open_at = t;
    else if (ev->flavor == RV_SCHED && ev->type == RV_EV_GP_END && l->open_at >= 0) {
        if (l->ngp < 4096) l->gp[l->ngp++] = (span){l->open_at, t};
        l->open_at = -1;
    } else if (ev->flavor == RV_SCHED && ev->type == RV_EV_FQS && l->nfqs < 4096) l->fqs[l->nfqs++] = t;
    else if (ev->type == RV_EV_STALL && l->nstall < 16) l->stall[l->nstall++] = t;
    else if ((ev->type == RV_EV_IDLE_ENTER || ev->type == RV_EV_IDLE_EXIT) && ev->cpu >= 0 && ev->cpu < RV_MAX_CPUS) {
        bool now_idle = ev->type == RV_EV_IDLE_ENTER;
        if (l->idle[ev->cpu] == now_idle) return;
        l->idle[ev->cpu] = now_idle;
        l->nidle_cpus += now_idle ? 1 : -1;
        /* the board is quiet when every CPU idles: shade that stretch */
        if (now_idle && l->nidle_cpus == l->ncpus) l->idle_from = t;
        /* only stretches of a second or more: the boot's millisecond gaps would be noise at this scale */
        if (!now_idle && l->nidle_cpus == l->ncpus - 1 && t - l->idle_from >= 1.0 && l->nidle < 64)
            l->idles[l->nidle++] = (span){l->idle_from, t};
    }
}

static void fig_omap(FILE *f, fig_files *files, const rv_config *c36, const rv_config *c37)
{
    const rv_config *cfg[2] = {c36, c37};
    const char *name[2] = {"3.6", "3.7"};
    lane *L = calloc(2, sizeof *L);
    if (!L) return;
    double end = 0;
    for (int i = 0; i < 2; i++) {
        char err[512];
        L[i].open_at = -1;
        L[i].ncpus = cfg[i]->cpus;
        rv_engine *e = cfg[i] ? rv_engine_new(cfg[i], NULL, err, sizeof err) : NULL;
        if (!e) continue;
        rv_engine_set_sink(e, lane_sink, &L[i]);
        rv_run_until(e, rv_end_ns(e));
        rv_engine_set_sink(e, NULL, NULL);
        end = rv_end_ns(e) / 1e9;
        if (L[i].nidle_cpus == L[i].ncpus && L[i].nidle < 64) L[i].idles[L[i].nidle++] = (span){L[i].idle_from, end};
        rv_engine_free(e);
    }
    plot p;
    if (plot_begin(&p, files, 820, 300, "OMAP board (omap-stall): rcu_sched grace periods over the run")) {
        p.x0 = 0; p.x1 = end > 0 ? end : 90; p.y0 = 0; p.y1 = 2;
        for (int i = 0; i < 2; i++) {
            int top = p.area.y + i * p.area.h / 2 + 10, h = p.area.h / 2 - 20;
            for (int k = 0; k < L[i].nidle; k++)
                pl_fill(&p, (rd_rect){px(&p, L[i].idles[k].a), top, px(&p, L[i].idles[k].b) - px(&p, L[i].idles[k].a), h}, rd_rgb(0xE4E4E4));
            for (int k = 0; k < L[i].ngp; k++) {
                int x = px(&p, L[i].gp[k].a), w = px(&p, L[i].gp[k].b) - x;
                pl_fill(&p, (rd_rect){x, top + h / 4, w > 1 ? w : 1, h / 2}, rd_rgb(C_BLUE));
            }
            if (L[i].open_at >= 0) {
                int x = px(&p, L[i].open_at);
                pl_fill(&p, (rd_rect){x, top + h / 4, px(&p, p.x1) - x, h / 2}, rd_rgb(C_SKY));
            }
            for (int k = 0; k < L[i].nfqs; k++) pl_line(&p, px(&p, L[i].fqs[k]), top + h * 3 / 4, px(&p, L[i].fqs[k]), top + h, rd_rgb(C_GREEN));
            for (int k = 0; k < L[i].nstall; k++) pl_triangle(&p, px(&p, L[i].stall[k]), top, 14, true, rd_rgb(C_RED));
            pl_text_in(&p, RD_BOLD, (rd_rect){0, top, p.area.x - 6, h}, RD_RIGHT, rd_rgb(C_INK), name[i]);
        }
        p.y1 = 1; /* axes draw only the x ticks that matter here */
        for (double x = 0; x <= p.x1 + 1e-9; x += 10) {
            char b[16];
            snprintf(b, sizeof b, "%g s", x);
            pl_text_in(&p, RD_SANS_SMALL, (rd_rect){px(&p, x) - 30, p.area.y + p.area.h + 6, 60, 16}, RD_CENTER, rd_rgb(C_INK), b);
        }
        pl_line(&p, p.area.x, p.area.y + p.area.h, p.area.x + p.area.w, p.area.y + p.area.h, rd_rgb(C_INK));
        legend(&p, 0, C_BLUE, "grace period (start to end)");
        legend(&p, 1, C_SKY, "grace period still open");
        legend(&p, 2, C_GREEN, "FQS pass");
        legend(&p, 3, C_RED, "stall warning");
        legend(&p, 4, 0xE4E4E4, "every CPU idle");
        plot_end(&p, f, "Grey: both CPUs idle. Under 3.6 a callback-free grace period starts just before the idle "
                        "stretch and nothing drives it while the CPUs sleep, so the first tick after 75 s of silence "
                        "finds it 'stalled'. Under 3.7 the grace-period kthread's timed FQS pass credits the idle CPUs and "
                        "that grace period ends within a few jiffies; after it none is open, so the kthread sleeps "
                        "through the idle stretch.");
    }
    free(L);
}

/* ---- the page */

/* The figures the claims chosen have, in the page's order; f NULL: drawn for --figures only. With
 * --figures each is drawn a second time, twice as dense, for its PNG (files->png_pass). */
static int figures(FILE *f, fig_files *files, const rp_html_claim *c, size_t n)
{
    int figs = 0;
    const rp_html_claim *sc = find(c, n, "scaling-leaf-step");
    if (!sc) sc = find(c, n, "scaling-range");
    const rp_html_claim *si = find(c, n, "scaling-idle");
    const rp_html_claim *wh = find(c, n, "softirq-hidden");
    if (!wh) wh = find(c, n, "softirq-same-cost");
    const rp_html_claim *o36 = find(c, n, "omap-stall"), *o37 = find(c, n, "omap-kthread");
    bool omap = o36 && o37 && o36->cfg[0] && o37->cfg[0];
    for (int pass = 0; pass < (files ? 2 : 1); pass++) {
        FILE *out = pass ? NULL : f;
        if (files) files->png_pass = pass == 1;
        if (files) files->name = "scaling";
        if (sc) { fig_scaling(out, files, sc); figs += !pass; }
        if (files) files->name = "idle";
        if (si) { fig_idle(out, files, si); figs += !pass; }
        if (files) files->name = "where";
        if (wh) { fig_where(out, files, wh); figs += !pass; }
        if (files) files->name = "omap";
        if (omap) { fig_omap(out, files, o36->cfg[0], o37->cfg[0]); figs += !pass; }
    }
    return figs;
}

static void page(FILE *f, const rp_html_claim *c, size_t n, bool quick)
{
    int holds = 0, calibrated = 0, gaps = 0;
    for (size_t i = 0; i < n; i++) {
        holds += c[i].holds && !c[i].calibrated;
        calibrated += c[i].calibrated;
        gaps += c[i].gap;
    }
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
          "<title>rcuvis reproduce</title>\n<style>\n"
          "body{font-family:'DejaVu Sans',sans-serif;margin:24px auto;max-width:1100px;color:#222}\n"
          "table{border-collapse:collapse;width:100%;font-size:13px}\n"
          "th,td{border-bottom:1px solid #ddd;padding:5px 8px;text-align:left;vertical-align:top}\n"
          "th{background:#f3f3f3} td.id{font-family:'DejaVu Sans Mono',monospace;white-space:nowrap}\n"
          "td.ok{color:#007a4d;font-weight:bold} td.no{color:#c0392b;font-weight:bold} td.gap{color:#9a6700;font-weight:bold}\n"
          /* calibrated: neither the green of a result nor a warning colour; a dashed box says "by construction" */
          "td.cal{color:#44546a;font-weight:bold} td.cal span{border:1px dashed #8a99ad;padding:0 3px}\n"
          "figure{margin:28px 0} figcaption{font-size:13px;color:#444;max-width:820px}\n"
          "</style></head><body>\n", f);
    /* the same counts and words as the terminal's last line */
    char cal_note[96] = "", gap_note[64] = "";
    if (calibrated)
        snprintf(cal_note, sizeof cal_note, ", %d %s (the scenario was set to give %s)", calibrated,
                 calibrated == 1 ? "is calibrated" : "are calibrated", calibrated == 1 ? "it" : "them");
    if (gaps) snprintf(gap_note, sizeof gap_note, ", %d %s", gaps, gaps == 1 ? "is a bounded gap" : "are bounded gaps");
    fprintf(f, "<h1>rcuvis reproduce</h1>\n<p>The claims of &ldquo;The new visibility of RCU processing&rdquo; (LWN, 2012) and "
               "of the OMAP stall thread, each simulated by rcuvis's Tree RCU engine: <b>%d of %zu hold</b>%s%s%s.</p>\n",
            holds, n, cal_note, gap_note, quick ? " (--quick: shortened runs, counts scaled back to the article's span)" : "");
    if (calibrated) {
        fputs("<p><b>calibrated</b>: the scenario's inputs were chosen so that the model gives that figure, so the row shows "
              "that the model can be set to give it, not that it predicts it.", f);
        for (size_t i = 0; i < n; i++) {
            if (!c[i].calibrated) continue;
            fputs(" <code>", f); esc(f, c[i].claim->id);
            fputs("</code>: ", f); esc(f, c[i].claim->calibrated);
            fputs(".", f);
        }
        fputs("</p>\n", f);
    }
    if (gaps)
        fputs("<p><b>GAP</b>: kept to the kernel's mechanisms and its estimated 2012 costs, the model does not reach that figure; the "
              "claim's sweep over the mechanism's parameters (in its simulated cell) bounds the best it can do. "
              "The README's &ldquo;What the model reproduces&rdquo; explains each one.</p>\n", f);
    fputs("<p>The article column gives the article's figure or words; a range in parentheses is the tolerance rcuvis "
          "checks them with, its own reading of the article, which states no such bounds.</p>\n", f);
    fputs("<table>\n<tr><th>id</th><th>claim</th><th>article</th><th>simulated</th><th></th></tr>\n", f);
    for (size_t i = 0; i < n; i++) {
        fputs("<tr><td class=\"id\">", f); esc(f, c[i].claim->id);
        fputs("</td><td>", f); esc(f, c[i].claim->claim);
        fputs("</td><td>", f); esc(f, c[i].claim->article);
        fputs("</td><td>", f); esc(f, c[i].simulated);
        if (c[i].calibrated) {
            /* the legend above names the input; hovering the verdict names it too */
            fputs("</td><td class=\"cal\" title=\"", f); esc(f, c[i].claim->calibrated);
            fputs("\"><span>calibrated</span></td></tr>\n", f);
            continue;
        }
        fprintf(f, "</td><td class=\"%s\">%s</td></tr>\n", c[i].holds ? "ok" : c[i].gap ? "gap" : "no",
                c[i].holds ? "holds" : c[i].gap ? "GAP" : "FAILS");
    }
    fputs("</table>\n<h2>Figures</h2>\n", f);
    int figs = figures(f, NULL, c, n);
    if (!figs) fputs("<p>(The claims selected have no figure: figures belong to the scaling, softirq and omap claims.)</p>\n", f);
    fputs("<p style=\"font-size:12px;color:#666\">Made by <code>rcuvis reproduce --html</code>; figures drawn by rcuvis's own renderer (SVG backend).</p>\n"
          "</body></html>\n", f);
}

int rp_html_write(const char *path, const rp_html_claim *c, size_t n, bool quick, bool *replaced, char *err, size_t errlen)
{
    /* asked again now, a full table (about 40 s) after reproduce first asked: what is there may have changed */
    if (of_check(path, OF_HTML, replaced, err, errlen) != 0) return -1;
    /* built in memory, then written the one safe way (util/safefile.h) */
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m) { snprintf(err, errlen, "%s: out of memory", path); return -1; }
    page(m, c, n, quick);
    if (fclose(m) != 0) { free(buf); snprintf(err, errlen, "%s: out of memory", path); return -1; }
    sf_out *o = sf_open(path, 0666, err, errlen);
    if (!o) { free(buf); return -1; }
    sf_write(o, buf, len);
    free(buf);
    return sf_commit(o, err, errlen);
}

int rp_figures_write(const char *dir, const rp_html_claim *c, size_t n, int *written, char *err, size_t errlen)
{
    fig_files files = {.dir = dir};
    figures(NULL, &files, c, n);
    *written = files.written;
    if (files.failed) snprintf(err, errlen, "%s", files.err);
    return files.failed ? -1 : 0;
}
