/* reproduce.c — `rcuvis reproduce`: simulate every claim of the article on one or more seeds, print holds/calibrated/GAP/FAILS. */
#include "commands.h"
#include "scenario.h"
#include "reproduce/reproduce.h"
#include "reproduce/html.h"
#include "util/numparse.h"
#include "util/ownfile.h"
#include "util/safefile.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* --quick: a steady run (hackbench, rcutorture) stops after a tenth of its duration; kernel-build's
 * two hours and ten minutes are squeezed a hundredfold (72 s of builds still hold ~35,000 grace periods,
 * so its totals scaled back move by well under a percent, and it was nine tenths of --quick's CPU). */
static double quick_factor(enum rp_scale how)
{
    return how == RP_COMPRESS ? 0.01 : how == RP_TRUNCATE ? 0.1 : 1;
}
#define MAX_SEEDS 64

typedef struct opts {
    bool json, quick, list, help;
    const char *only;
    const char *html;     /* --html FILE: also write the page (html.c) */
    const char *figures;  /* --figures DIR: also write the page's figures as pictures (html.c) */
    bool has_seed;
    uint64_t seed;
    int seeds, jobs;
    double timeout_s;
} opts;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: rcuvis reproduce [options]\n"
            "Simulate every claim of \"The new visibility of RCU processing\" (2012) and of the\n"
            "OMAP stall thread, and print each source's figure next to the simulated one.\n"
            "  --json        print one JSON object {claims:[{id, claim, article, simulated,\n"
            "                holds, gap, calibrated, seeds}], all_hold, none_fail, quick,\n"
            "                runs, wall_seconds, cpu_seconds}; a calibrated claim also holds\n"
            "  --only ID     check one claim (see --list)\n"
            "  --html FILE   also write one self-contained HTML page: the table and a figure\n"
            "                per claim family (--html /dev/stdout: the page alone on stdout,\n"
            "                the table on stderr)\n"
            "  --figures DIR also write the page's figures, each as DIR/NAME.svg and\n"
            "                DIR/NAME.png (scaling, idle, where, omap; the PNG at twice\n"
            "                the SVG's size, its text sharp), for slides\n"
            "  --list        list the claims and exit\n"
            "  --seed N      seed every run with N instead of its scenario's own seed\n"
            "  --seeds K     run each claim on K seeds (the base seed, +1, ...); it holds\n"
            "                only if it holds on all\n"
            "  --quick       hackbench and rcutorture stop after a tenth of their time,\n"
            "                kernel-build's timeline is squeezed a hundredfold; counts are\n"
            "                scaled back to the article's span (the table says so)\n"
            "  --jobs N      simulations run at once (default: the number of CPUs)\n"
            "  --timeout S   stop a simulation after S seconds of wall time; its claims fail\n"
            "                (default 600, 0 = none)\n"
            "Scenarios come from scenarios/ ($RCUVIS_DATA/scenarios/ when set).\n"
            "A claim whose figure the scenario was set to give is shown as calibrated, not as\n"
            "holds.\n"
            "Exit status: 0 every claim holds (calibrated ones too) or is a bounded GAP (its\n"
            "sweep shows no parameter setting reaches it), 1 a claim fails, 2 bad usage or a\n"
            "missing scenario.\n");
}

static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "rcuvis: reproduce: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    return 2;
}

static bool parse_u64(const char *s, uint64_t *out)
{
    if (!s || !*s || strspn(s, "0123456789") != strlen(s)) return false;
    errno = 0;
    unsigned long long v = strtoull(s, NULL, 10);
    if (errno) return false;
    *out = (uint64_t)v;
    return true;
}

static int parse(int argc, char **argv, opts *o)
{
    memset(o, 0, sizeof *o);
    o->seeds = 1;
    o->timeout_s = 600;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        char name[32];
        const char *val = NULL;
        const char *eq = strchr(a, '=');
        if (!strncmp(a, "--", 2) && eq && (size_t)(eq - a) < sizeof name) {
            memcpy(name, a, (size_t)(eq - a));
            name[eq - a] = 0;
            val = eq + 1;
        } else {
            snprintf(name, sizeof name, "%s", a);
        }
        if (!strcmp(name, "--help") || !strcmp(name, "-h")) { o->help = true; return 0; }
        if (!strcmp(name, "--json")) { o->json = true; continue; }
        if (!strcmp(name, "--quick")) { o->quick = true; continue; }
        if (!strcmp(name, "--list")) { o->list = true; continue; }
        bool takes = !strcmp(name, "--only") || !strcmp(name, "--seed") || !strcmp(name, "--seeds") ||
                     !strcmp(name, "--jobs") || !strcmp(name, "--timeout") || !strcmp(name, "--html") ||
                     !strcmp(name, "--figures");
        if (!takes && a[0] != '-') return usage_error("unexpected argument '%s' (claims are chosen with --only ID)", a);
        if (!takes) {
            static const char *const known[] = {"--json", "--quick", "--list", "--only", "--seed", "--seeds", "--jobs", "--timeout",
                                               "--html", "--figures", "--help"};
            char hint[96];
            return usage_error("unknown option '%s'%s (see rcuvis reproduce --help)", a,
                               rv_option_hint(name, known, sizeof known / sizeof *known, hint, sizeof hint));
        }
        if (!val) {
            if (i + 1 >= argc) return usage_error("%s needs a value", name);
            /* `--html --quick` named no page: it would have written one called --quick */
            if (!strncmp(argv[i + 1], "--", 2)) return usage_error("%s needs a value, not the option %s", name, argv[i + 1]);
            val = argv[++i];
        }
        uint64_t n;
        if (!strcmp(name, "--figures")) {
            if (!*val) return usage_error("--figures: expected a folder name");
            if (o->figures) return usage_error("--figures given twice ('%s', then '%s')", o->figures, val);
            o->figures = val;
        } else if (!strcmp(name, "--html")) {
            if (!*val) return usage_error("--html: expected a file name");
            if (o->html) return usage_error("--html given twice ('%s', then '%s'): one page per run", o->html, val);
            o->html = val;
        } else if (!strcmp(name, "--only")) {
            if (o->only) return usage_error("--only given twice ('%s', then '%s'): one claim per run (--list names them)", o->only, val);
            o->only = val;
        } else if (!strcmp(name, "--seed")) {
            /* the parser run, shot and the window use: the same seeds, refused in the same words */
            unsigned long long s;
            char nerr[256];
            if (np_seed(name, val, &s, nerr, sizeof nerr) != 0) return usage_error("%s", nerr);
            o->seed = s;
            o->has_seed = true;
        } else if (!strcmp(name, "--seeds")) {
            if (!parse_u64(val, &n) || n < 1 || n > MAX_SEEDS)
                return usage_error("--seeds: expected an integer 1..%d, got '%s'", MAX_SEEDS, val);
            o->seeds = (int)n;
        } else if (!strcmp(name, "--timeout")) {
            char *end;
            errno = 0;
            double t = strtod(val, &end);
            if (errno || end == val || *end || !(t >= 0) || t > 86400)
                return usage_error("--timeout: expected seconds 0..86400, got '%s'", val);
            o->timeout_s = t;
        } else {
            if (!parse_u64(val, &n) || n < 1 || n > 256) return usage_error("--jobs: expected an integer 1..256, got '%s'", val);
            o->jobs = (int)n;
        }
    }
    return 0;
}

/* CPU time of this process and its finished children: with the wall time it tells a slow machine
 * from a busy one. */
static double cpu_s(void)
{
    struct rusage self, kids;
    getrusage(RUSAGE_SELF, &self);
    getrusage(RUSAGE_CHILDREN, &kids);
    double t = 0;
    const struct rusage *u[] = {&self, &kids};
    for (int i = 0; i < 2; i++)
        t += (double)u[i]->ru_utime.tv_sec + u[i]->ru_utime.tv_usec / 1e6 + (double)u[i]->ru_stime.tv_sec +
             u[i]->ru_stime.tv_usec / 1e6;
    return t;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---------------------------------------------------------------- runs: distinct across claims */

static bool same_run(const rp_run *a, const rp_run *b)
{
    if (strcmp(a->scenario, b->scenario) || a->scale != b->scale || a->marks != b->marks) return false;
    for (int i = 0; i < RP_MAX_SETS; i++) {
        const char *x = a->sets[i], *y = b->sets[i];
        if (!x || !y) return x == y;
        if (strcmp(x, y)) return false;
    }
    return true;
}

typedef struct plan {
    const rp_claim **claims;
    size_t nclaims;
    const rp_run **runs; /* distinct */
    size_t nruns;
    int (*idx)[RP_MAX_RUNS]; /* per claim: index into runs of each of its runs */
    rp_job *jobs;            /* nruns * seeds; job of run r, seed k at r * seeds + k */
    int seeds;
    bool quick;
} plan;

static void plan_free(plan *p)
{
    for (size_t i = 0; p->jobs && i < p->nruns * (size_t)p->seeds; i++) rp_job_free(&p->jobs[i]);
    free(p->jobs);
    free(p->claims);
    free(p->runs);
    free(p->idx);
}

static size_t run_index(plan *p, const rp_run *r)
{
    for (size_t i = 0; i < p->nruns; i++)
        if (same_run(p->runs[i], r)) return i;
    p->runs[p->nruns] = r;
    return p->nruns++;
}

/* Close matches for a mistyped claim id, to put in the message. */
static void suggest(const char *id, char *buf, size_t n)
{
    size_t k = 0;
    buf[0] = 0;
    for (size_t i = 0; i < rp_nclaims; i++) {
        const char *c = rp_claims[i].id;
        size_t l = strlen(id) < 6 ? strlen(id) : 6;
        if ((l && !strncmp(c, id, l)) || (strlen(id) >= 4 && strstr(c, id)))
            k += (size_t)snprintf(buf + k, k < n ? n - k : 0, "%s%s", k ? ", " : "", c);
        if (k >= n) break;
    }
}

/* Every line of a multi-line loader message gets the "rcuvis: " prefix. */
static void print_lines(const char *msg)
{
    for (const char *p = msg; *p;) {
        size_t n = strcspn(p, "\n");
        fprintf(stderr, "rcuvis: %.*s\n", (int)n, p);
        p += n;
        if (*p) p++;
    }
}

/* --quick: cut a steady run short, or squeeze a phased one (its phases and scripted events keep
 * their proportions, so "two hours of builds, then ten idle minutes" stays that shape). */
static void shorten(rv_config *cfg, enum rp_scale how)
{
    const double f = quick_factor(how);
    if (how == RP_FULL) return;
    cfg->duration_s *= f;
    if (how != RP_COMPRESS) return;
    for (size_t i = 0; i < cfg->nphases; i++) {
        cfg->phases[i].start_s *= f;
        cfg->phases[i].end_s *= f; /* 0 ("until the end") stays 0 */
    }
    for (size_t i = 0; i < cfg->nevents; i++) cfg->events[i].at_s *= f;
    for (size_t i = 0; i < cfg->ncaptions; i++) {
        cfg->captions[i].at_s *= f;
        cfg->captions[i].until_s *= f;
    }
}

/* Load each distinct run's scenario once, then make one job per seed. 0, or 2 with a message. */
static int load_jobs(plan *p, const opts *o)
{
    p->jobs = calloc(p->nruns * (size_t)p->seeds, sizeof *p->jobs);
    if (!p->jobs) return usage_error("out of memory");
    static char err[16384];
    for (size_t r = 0; r < p->nruns; r++) {
        const rp_run *run = p->runs[r];
        char rel[256], path[1024];
        snprintf(rel, sizeof rel, "scenarios/%s.json", run->scenario);
        rcuvis_data_path(rel, path, sizeof path);
        if (access(path, R_OK) != 0)
            return usage_error("scenario '%s' not found (looked for %s: %s)", run->scenario, path, strerror(errno));
        const char *sets[RP_MAX_SETS];
        size_t nsets = 0;
        while (nsets < RP_MAX_SETS && run->sets[nsets]) sets[nsets] = run->sets[nsets], nsets++;
        rv_overrides ov = {sets, nsets};
        rv_config base;
        if (rv_scenario_load_with(path, &ov, &base, err, sizeof err) < 0) {
            print_lines(err);
            rv_config_free(&base);
            return 2;
        }
        for (int k = 0; k < p->seeds; k++) {
            rp_job *j = &p->jobs[r * (size_t)p->seeds + (size_t)k];
            if (rv_config_copy(&j->cfg, &base) < 0) {
                rv_config_free(&base);
                return usage_error("out of memory");
            }
            j->cfg.seed = (o->has_seed ? o->seed : base.seed) + (uint64_t)k;
            if (o->quick) shorten(&j->cfg, run->scale);
            if (run->marks) j->nmarks = run->marks(&j->cfg, j->marks, RP_MAX_MARKS);
            j->cost = (double)j->cfg.cpus * j->cfg.duration_s;
        }
        rv_config_free(&base);
    }
    return 0;
}

static int make_plan(plan *p, const opts *o)
{
    memset(p, 0, sizeof *p);
    p->seeds = o->seeds;
    p->quick = o->quick;
    p->claims = calloc(rp_nclaims, sizeof *p->claims);
    p->runs = calloc(rp_nclaims * RP_MAX_RUNS, sizeof *p->runs);
    p->idx = calloc(rp_nclaims, sizeof *p->idx);
    if (!p->claims || !p->runs || !p->idx) return usage_error("out of memory");
    for (size_t i = 0; i < rp_nclaims; i++)
        if (!o->only || !strcmp(o->only, rp_claims[i].id)) p->claims[p->nclaims++] = &rp_claims[i];
    if (p->nclaims == 0) {
        char near[512];
        suggest(o->only, near, sizeof near);
        if (near[0]) return usage_error("no claim '%s'; did you mean %s? (--list shows them all)", o->only, near);
        return usage_error("no claim '%s' (--list shows them all)", o->only);
    }
    for (size_t c = 0; c < p->nclaims; c++)
        for (int r = 0; r < p->claims[c]->nruns; r++) p->idx[c][r] = (int)run_index(p, &p->claims[c]->runs[r]);
    return load_jobs(p, o);
}

/* ---------------------------------------------------------------- verdicts */

typedef struct result {
    bool holds;
    bool gap;            /* does not hold on some seed, but is a bounded gap on every such seed */
    bool calibrated;     /* holds, and the claim's figure was an input of its scenario (rp_claim.calibrated) */
    char simulated[560];
    rp_verdict per_seed[MAX_SEEDS];
} result;

/* A headline figure for the seeds' range: whole numbers when large, three digits otherwise. */
static const char *figure(double x, char *buf, size_t n)
{
    if (!isfinite(x)) snprintf(buf, n, "-");
    else if (fabs(x) >= 1000) snprintf(buf, n, "%.0f", x);
    else snprintf(buf, n, "%.3g", x);
    return buf;
}

static void judge(const plan *p, size_t c, result *res)
{
    const rp_claim *cl = p->claims[c];
    double lo = INFINITY, hi = -INFINITY;
    int first_fail = -1;
    for (int k = 0; k < p->seeds; k++) {
        rp_verdict *vd = &res->per_seed[k];
        memset(vd, 0, sizeof *vd);
        rp_view v;
        memset(&v, 0, sizeof v);
        const char *failed = NULL;
        for (int r = 0; r < cl->nruns; r++) {
            const rp_job *j = &p->jobs[(size_t)p->idx[c][r] * (size_t)p->seeds + (size_t)k];
            if (!j->final) { failed = j->err; break; }
            v.rep[r] = j->final;
            v.cfg[r] = &j->cfg;
            v.scale[r] = p->quick ? quick_factor(cl->runs[r].scale) : 1;
            v.nsnaps[r] = j->nmarks;
            for (int m = 0; m < j->nmarks; m++) v.snap[r][m] = j->snaps[m];
            if (r == 0) v.seed = j->cfg.seed;
        }
        if (failed) snprintf(vd->text, sizeof vd->text, "run failed: %.180s", failed[0] ? failed : "no report");
        else cl->check(&v, vd);
        if (!vd->holds && first_fail < 0) first_fail = k;
        if (isfinite(vd->fig)) {
            lo = vd->fig < lo ? vd->fig : lo;
            hi = vd->fig > hi ? vd->fig : hi;
        }
    }
    res->holds = first_fail < 0;
    /* only a claim that holds is "calibrated": one that misses the figure it was set to give fails as any other */
    res->calibrated = res->holds && cl->calibrated;
    res->gap = !res->holds;
    for (int k = 0; k < p->seeds; k++) res->gap &= res->per_seed[k].holds || res->per_seed[k].gap;
    if (p->seeds == 1) {
        snprintf(res->simulated, sizeof res->simulated, "%s", res->per_seed[0].text);
    } else if (first_fail >= 0) {
        const rp_job *j = &p->jobs[(size_t)p->idx[c][0] * (size_t)p->seeds + (size_t)first_fail];
        snprintf(res->simulated, sizeof res->simulated, "seed %" PRIu64 ": %s", j->cfg.seed,
                 res->per_seed[first_fail].text);
    } else {
        char a[40], b[40];
        const char *unit = res->per_seed[0].unit;
        snprintf(res->simulated, sizeof res->simulated, "%s (%d seeds: %s..%s%s%s)", res->per_seed[0].text, p->seeds,
                 figure(lo, a, sizeof a), figure(hi, b, sizeof b), unit ? " " : "", unit ? unit : "");
    }
}

/* ---------------------------------------------------------------- output */

/* The verdict as the table says it. "calibrated" is a kind of holding, said apart so that a row
 * the scenario was tuned to give is not read as a prediction. */
static const char *verdict_word(const result *r)
{
    return r->calibrated ? "calibrated" : r->holds ? "holds" : r->gap ? "GAP" : "FAILS";
}

/* The footer's counts, in the words of the table's last line (and of the --html page's). */
static void count_verdicts(const result *res, size_t n, int *holds, int *calibrated, int *gaps)
{
    *holds = *calibrated = *gaps = 0;
    for (size_t c = 0; c < n; c++) {
        *holds += res[c].holds && !res[c].calibrated;
        *calibrated += res[c].calibrated;
        *gaps += res[c].gap;
    }
}

/* Print cells side by side, each wrapped to its column's width at spaces (or at a '\n' in it). */
static void row(const char *const *cells, const int *width, int n)
{
    const char *pos[8];
    for (int i = 0; i < n; i++) pos[i] = cells[i];
    for (;;) {
        bool more = false;
        for (int i = 0; i < n; i++) more |= *pos[i] != 0;
        if (!more) break;
        char line[1024];
        size_t k = 0;
        for (int i = 0; i < n; i++) {
            const char *s = pos[i];
            size_t take = strcspn(s, "\n");
            if ((int)take > width[i]) {
                size_t w = (size_t)width[i];
                while (w > 0 && s[w] != ' ') w--;
                take = w ? w : (size_t)width[i]; /* one long word: cut it */
            }
            if (k < sizeof line)
                k += (size_t)snprintf(line + k, sizeof line - k, "%-*.*s%s", width[i], (int)take, s, i + 1 < n ? "  " : "");
            s += take;
            while (*s == ' ' || *s == '\n') s++;
            pos[i] = s;
        }
        if (k >= sizeof line) k = sizeof line - 1;
        while (k > 0 && line[k - 1] == ' ') line[--k] = 0;
        printf("%s\n", line);
    }
}

/* The four-column table needs 120 columns: the side-by-side article and simulated figures are its
 * point, and its cells are sentences that narrower columns would stretch to ten lines a claim. So it
 * stays when there is room, and when there is no terminal to fit (a pipe or a file, whose reader
 * may be anything: tests and scripts read that layout); a terminal narrower than that, or COLUMNS
 * below it, gets one block per claim within 80 columns instead. */
enum { TABLE_COLUMNS = 120, NARROW_COLUMNS = 80 };

static bool narrow_output(void)
{
    const char *c = getenv("COLUMNS");
    char *end = NULL;
    long w = c && *c ? strtol(c, &end, 10) : 0;
    if (!end || *end || w <= 0) w = 0;
    struct winsize ws;
    if (w == 0 && isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0) w = ws.ws_col;
    return w > 0 && w < TABLE_COLUMNS;
}

/* A paragraph of prose wrapped to width columns. */
static void para(const char *text, int width)
{
    const char *cells[] = {text};
    const int w[] = {width};
    row(cells, w, 1);
}

/* One claim in 80 columns: its id and verdict on the first line (as the table's first line has
 * them, so `grep '^\[ID\].*GAP$'` reads either layout), the claim, then the article's figure and
 * the simulated one. */
static void print_block(const rp_claim *cl, const result *r)
{
    char id[80];
    snprintf(id, sizeof id, "[%s]", cl->id);
    printf("\n%s%*s\n", id, NARROW_COLUMNS - (int)strlen(id), verdict_word(r));
    static const int text_w[] = {0, NARROW_COLUMNS - 4}, fig_w[] = {12, NARROW_COLUMNS - 16};
    const char *claim[] = {"", cl->claim};
    row(claim, text_w, 2);
    const char *article[] = {"  article:", cl->article}, *simulated[] = {"  simulated:", r->simulated};
    row(article, fig_w, 2);
    row(simulated, fig_w, 2);
}

static void print_table(const plan *p, const result *res, const opts *o, double wall, double cpu, int jobs)
{
    bool narrow = narrow_output();
    int prose = narrow ? NARROW_COLUMNS : 110;
    int holds, calibrated, gaps;
    count_verdicts(res, p->nclaims, &holds, &calibrated, &gaps);
    if (narrow) {
        for (size_t c = 0; c < p->nclaims; c++) print_block(p->claims[c], &res[c]);
    } else {
        /* the id heads the claim's cell: it is what --only takes. The verdict column fits "calibrated";
         * the claim column gave up two characters for it, so a line stays within 120. */
        static const int width[] = {40, 24, 40, 10};
        const char *head[] = {"CLAIM", "ARTICLE", "SIMULATED", ""};
        row(head, width, 4);
        for (size_t c = 0; c < p->nclaims; c++) {
            char claim[600];
            snprintf(claim, sizeof claim, "[%s]\n%s", p->claims[c]->id, p->claims[c]->claim);
            const char *cells[] = {claim, p->claims[c]->article, res[c].simulated, verdict_word(&res[c])};
            row(cells, width, 4);
        }
    }
    bool shortened = false;
    for (size_t r = 0; r < p->nruns; r++) shortened |= p->runs[r]->scale != RP_FULL;
    if (o->quick && shortened) {
        printf("\n");
        para("--quick: hackbench and rcutorture ran for a tenth of their scenarios' durations and kernel-build on a "
             "timeline squeezed a hundredfold. Figures given per 10 min or for the two hours are scaled back to the "
             "article's span (the run's own figure in parentheses); seconds compared between two runs or threads "
             "(softirq-same-cost, hackbench-still-spread, softirq-hidden, kernel-build-top) are the shortened runs' "
             "own; ratios, per-GP and per-update figures need no scaling. The tolerances are the same as in a full run.",
             prose);
    }
    printf("\n");
    para(narrow ? "article: the article's figure or words; a range in parentheses is the tolerance rcuvis checks them "
                  "with, its own reading of the article (the article states no such bounds)."
                : "ARTICLE: the article's figure or words; a range in parentheses is the tolerance rcuvis checks them "
                  "with, its own reading of the article (the article states no such bounds).",
         prose);
    printf("\nTo see one claim's runs: rcuvis reproduce --only ID --json\n");
    printf("%zu run%s", p->nruns * (size_t)p->seeds, p->nruns * (size_t)p->seeds == 1 ? "" : "s");
    if (p->seeds > 1) printf(" (%zu on each of %d seeds)", p->nruns, p->seeds);
    printf(", %d at a time, %.1f s wall time, %.1f s CPU time\n", jobs, wall, cpu);
    if (gaps)
        para("GAP: kept to the kernel's mechanisms and its estimated 2012 costs, the model does not reach that figure; "
             "the claim's sweep over the mechanism's parameters (given beside the simulated figure) bounds it. hackbench: in this "
             "model the article's rate of grace periods needs RCU_FAST_NO_HZ's idle-entry drains (the article names no "
             "configuration), and in 3.7 a drain that finds RCU_GP_FLAG_FQS clear wakes the GP kthread (about four in "
             "five do), so none of the swept settings gives both its rate and its cost per GP;\n"
             "hackbench-cpu, -us-per-gp and -ns-per-update are that one figure, rcu_sched's CPU time, divided three "
             "ways. scaling: on the GP machinery only the busy 2-CPU box falls under 15 us.\n"
             "README.md (\"The gaps, and why\") explains each one.",
             prose);
    if (calibrated) {
        /* which input each calibrated row was set from, wrapped as the table's cells are */
        const int item_w[] = {27, narrow ? NARROW_COLUMNS - 29 : 76};
        para("calibrated: the scenario's inputs were chosen so that the model gives the figure, so the row "
             "shows that the model can be set to give it, not that it predicts it:",
             narrow ? NARROW_COLUMNS : 105);
        for (size_t c = 0; c < p->nclaims; c++) {
            if (!res[c].calibrated) continue;
            char id[64], why[400];
            snprintf(id, sizeof id, "  %s:", p->claims[c]->id);
            snprintf(why, sizeof why, "%s.", p->claims[c]->calibrated);
            const char *cells[] = {id, why};
            row(cells, item_w, 2);
        }
    }
    printf("reproduce: %d of %zu claim%s hold%s", holds, p->nclaims, p->nclaims == 1 ? "" : "s", p->nclaims == 1 ? "s" : "");
    if (calibrated)
        printf(", %d %s (the scenario was set to give %s)", calibrated, calibrated == 1 ? "is calibrated" : "are calibrated",
               calibrated == 1 ? "it" : "them");
    if (gaps) printf(", %d %s", gaps, gaps == 1 ? "is a bounded gap" : "are bounded gaps");
    printf("\n");
}

static void print_json(const plan *p, const result *res, const opts *o, double wall, double cpu)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *arr = cJSON_AddArrayToObject(root, "claims");
    bool all = true, none_fail = true;
    for (size_t c = 0; c < p->nclaims; c++) {
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "id", p->claims[c]->id);
        cJSON_AddStringToObject(x, "claim", p->claims[c]->claim);
        cJSON_AddStringToObject(x, "article", p->claims[c]->article);
        cJSON_AddStringToObject(x, "simulated", res[c].simulated);
        cJSON_AddBoolToObject(x, "holds", res[c].holds);
        cJSON_AddBoolToObject(x, "gap", res[c].gap);
        /* a key of its own, so that readers of "holds" keep working: a calibrated claim holds too */
        cJSON_AddBoolToObject(x, "calibrated", res[c].calibrated);
        if (res[c].calibrated) cJSON_AddStringToObject(x, "calibrated_by", p->claims[c]->calibrated);
        cJSON *seeds = cJSON_AddArrayToObject(x, "seeds");
        for (int k = 0; k < p->seeds; k++) {
            const rp_job *j = &p->jobs[(size_t)p->idx[c][0] * (size_t)p->seeds + (size_t)k];
            cJSON *s = cJSON_CreateObject();
            char b[32];
            snprintf(b, sizeof b, "%" PRIu64, j->cfg.seed);
            cJSON_AddRawToObject(s, "seed", b);
            cJSON_AddNumberToObject(s, "figure", isfinite(res[c].per_seed[k].fig) ? res[c].per_seed[k].fig : 0);
            if (res[c].per_seed[k].unit) cJSON_AddStringToObject(s, "unit", res[c].per_seed[k].unit);
            cJSON_AddStringToObject(s, "simulated", res[c].per_seed[k].text);
            cJSON_AddBoolToObject(s, "holds", res[c].per_seed[k].holds);
            cJSON_AddBoolToObject(s, "gap", res[c].per_seed[k].gap);
            cJSON_AddItemToArray(seeds, s);
        }
        cJSON_AddItemToArray(arr, x);
        all &= res[c].holds;
        none_fail &= res[c].holds || res[c].gap;
    }
    cJSON_AddBoolToObject(root, "all_hold", all);
    cJSON_AddBoolToObject(root, "none_fail", none_fail); /* every claim holds or is a bounded gap */
    cJSON_AddBoolToObject(root, "quick", o->quick);
    cJSON *runs = cJSON_AddArrayToObject(root, "runs");
    for (size_t r = 0; r < p->nruns; r++)
        for (int k = 0; k < p->seeds; k++) {
            const rp_job *j = &p->jobs[r * (size_t)p->seeds + (size_t)k];
            cJSON *x = cJSON_CreateObject();
            cJSON_AddStringToObject(x, "scenario", p->runs[r]->scenario);
            cJSON *sets = cJSON_AddArrayToObject(x, "sets");
            for (int i = 0; i < RP_MAX_SETS && p->runs[r]->sets[i]; i++)
                cJSON_AddItemToArray(sets, cJSON_CreateString(p->runs[r]->sets[i]));
            char b[32];
            snprintf(b, sizeof b, "%" PRIu64, j->cfg.seed);
            cJSON_AddRawToObject(x, "seed", b);
            cJSON_AddNumberToObject(x, "duration_s", j->cfg.duration_s);
            cJSON_AddNumberToObject(x, "wall_seconds", j->wall_s);
            if (j->err[0]) cJSON_AddStringToObject(x, "error", j->err);
            cJSON_AddItemToArray(runs, x);
        }
    cJSON_AddNumberToObject(root, "wall_seconds", wall);
    cJSON_AddNumberToObject(root, "cpu_seconds", cpu);
    char *text = cJSON_Print(root);
    if (text) printf("%s\n", text);
    free(text);
    cJSON_Delete(root);
}

/* --html, --figures: the first seed's reports of every claim, as judged */
static rp_html_claim *judged(const plan *p, const result *res)
{
    rp_html_claim *hc = calloc(p->nclaims, sizeof *hc);
    if (!hc) { fprintf(stderr, "rcuvis: reproduce: out of memory\n"); return NULL; }
    for (size_t c = 0; c < p->nclaims; c++) {
        hc[c].claim = p->claims[c];
        hc[c].holds = res[c].holds;
        hc[c].gap = !res[c].holds && res[c].gap;
        hc[c].calibrated = res[c].calibrated;
        hc[c].simulated = res[c].simulated;
        hc[c].nruns = p->claims[c]->nruns;
        for (int r = 0; r < hc[c].nruns; r++) {
            const rp_job *j = &p->jobs[(size_t)p->idx[c][r] * (size_t)p->seeds];
            hc[c].rep[r] = j->final;
            hc[c].cfg[r] = &j->cfg;
        }
    }
    return hc;
}

static int write_html(const plan *p, const result *res, const opts *o)
{
    rp_html_claim *hc = judged(p, res);
    if (!hc) return -1;
    char err[4400];
    bool replaced = false;
    int rc = rp_html_write(o->html, hc, p->nclaims, o->quick, &replaced, err, sizeof err);
    if (rc != 0) fprintf(stderr, "rcuvis: reproduce: %s\n", err);
    /* on stderr, as shot says it: stdout has the table, and may be the page itself (--html /dev/stdout) */
    else fprintf(stderr, "rcuvis: reproduce: %s %s\n", replaced ? "replaced" : "wrote", o->html);
    free(hc);
    return rc;
}

static int write_figures(const plan *p, const result *res, const opts *o)
{
    rp_html_claim *hc = judged(p, res);
    if (!hc) return -1;
    char err[4400];
    int written = 0;
    int rc = rp_figures_write(o->figures, hc, p->nclaims, &written, err, sizeof err);
    if (rc != 0) fprintf(stderr, "rcuvis: reproduce: --figures: %s\n", err);
    else if (!written) /* said, not silent: --only a claim with no figure */
        fprintf(stderr, "rcuvis: reproduce: --figures: the claims chosen have no figure (figures belong to the scaling, "
                        "softirq and omap claims)\n");
    free(hc);
    return rc;
}

static void progress(size_t done, size_t total, void *ctx)
{
    (void)ctx;
    fprintf(stderr, "\rrcuvis: reproduce: %zu of %zu runs done", done, total);
    fflush(stderr);
}

static void list_claims(void)
{
    for (size_t i = 0; i < rp_nclaims; i++) printf("%-32s %s\n", rp_claims[i].id, rp_claims[i].claim);
}

int cmd_reproduce(int argc, char **argv)
{
    opts o;
    int rc = parse(argc, argv, &o);
    if (rc) return rc;
    if (o.help) { usage(stdout); return 0; }
    if (o.list) { list_claims(); return 0; }
    if (o.figures) { /* before the runs too: the folder must be there (no folder is made on a typo's say-so) */
        struct stat st;
        if (stat(o.figures, &st) != 0) return usage_error("--figures: %s: %s (make the folder first)", o.figures, strerror(errno));
        if (!S_ISDIR(st.st_mode)) return usage_error("--figures: %s is not a folder", o.figures);
    }
    if (o.html) { /* before the runs (the full table is about 40 s): a path that cannot take the page stops us now */
        char err[4400];
        bool replaces;
        if (sf_check(o.html, err, sizeof err) != 0 || of_check(o.html, OF_HTML, &replaces, err, sizeof err) != 0)
            return usage_error("--html: %s", err);
    }
    double t0 = now_s(), c0 = cpu_s();
    plan p;
    if ((rc = make_plan(&p, &o)) != 0) {
        plan_free(&p);
        return rc;
    }
    int jobs = o.jobs;
    if (jobs <= 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        jobs = n < 1 ? 1 : n > 64 ? 64 : (int)n;
    }
    size_t njobs = p.nruns * (size_t)p.seeds;
    if ((size_t)jobs > njobs) jobs = (int)njobs;
    /* a progress line only for a person watching: never in pipes, logs or tests */
    bool tty = isatty(STDERR_FILENO);
    if (tty) progress(0, njobs, NULL);
    rp_pool_run(p.jobs, njobs, jobs, o.timeout_s, tty ? progress : NULL, NULL);
    if (tty) fprintf(stderr, "\r\033[K");
    result *res = calloc(p.nclaims, sizeof *res);
    if (!res) {
        plan_free(&p);
        return usage_error("out of memory");
    }
    bool all = true, html_failed = false; /* all: every claim holds or is a bounded gap */
    for (size_t c = 0; c < p.nclaims; c++) {
        judge(&p, c, &res[c]);
        all &= res[c].holds || res[c].gap;
    }
    double wall = now_s() - t0, cpu = cpu_s() - c0;
    /* --html /dev/stdout (or /dev/fd/1): stdout is the page, so the table or JSON goes to stderr, as
     * run's summary does beside --trace - (written before the page, it would have opened the file) */
    bool page_on_stdout = o.html && sf_own_fd(o.html) == STDOUT_FILENO;
    int saved_stdout = -1;
    fflush(stdout);
    if (page_on_stdout && (saved_stdout = dup(STDOUT_FILENO)) >= 0 && dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        close(saved_stdout);
        saved_stdout = -1;
    }
    if (o.json) print_json(&p, res, &o, wall, cpu);
    else print_table(&p, res, &o, wall, cpu, jobs);
    fflush(stdout);
    if (saved_stdout >= 0) {
        dup2(saved_stdout, STDOUT_FILENO);
        close(saved_stdout);
    }
    if (o.html && write_html(&p, res, &o) != 0) all = false, html_failed = true;
    if (o.figures && write_figures(&p, res, &o) != 0) all = false, html_failed = true;
    free(res);
    plan_free(&p);
    return html_failed ? 2 : all ? 0 : 1;
}
