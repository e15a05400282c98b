/* reproduce.h — `rcuvis reproduce`: the claim table, the parallel run pool and the checkers' helpers. */
/*
 * Module app/reproduce/ — owns `rcuvis reproduce`: the article's claims, the pool of forked runs
 * and the table. It may include the engine, scenario and report modules; never the window.
 */
#ifndef RCUVIS_REPRODUCE_H
#define RCUVIS_REPRODUCE_H

#include "rcuvis.h"

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

/*
 * A claim is one sentence of the article (or of the OMAP thread) with a figure. It names the
 * scenario runs it needs (a scenario plus --set style overrides); the command runs every distinct
 * run once per seed, in parallel, and hands the checker the reports. Several claims usually share
 * a run (the hackbench claims all read the same kthread run), so runs are keyed by their text.
 */

#define RP_MAX_RUNS 20  /* runs one claim may read (the scaling sweep is the largest) */
#define RP_MAX_SETS 6   /* overrides per run */
#define RP_MAX_MARKS 4  /* moments at which a run also snapshots its report */

/* Moments (simulated seconds) at which a run snapshots the report besides the end: lets a claim
 * measure what happened inside a stretch ("FQS scans while both CPUs idle"). Returns how many. */
typedef int (*rp_marks_fn)(const rv_config *cfg, double *at_s, int max);

/* How --quick may shorten a run without changing what its claims read. */
enum rp_scale {
    RP_FULL = 0,     /* never: the claim needs the whole scenario (a stall after 60 s of idle) */
    RP_TRUNCATE,     /* stop early: a steady workload whose claims read rates (per 10 min, per GP) */
    RP_COMPRESS,     /* squeeze the timeline (phases, events, duration): totals scale with it */
};

typedef struct rp_run {
    const char *scenario;               /* name under scenarios/, without .json */
    const char *sets[RP_MAX_SETS];      /* "path=value" overrides, NULL-terminated (or full) */
    enum rp_scale scale;
    rp_marks_fn marks;
} rp_run;

/* What a checker gets for one seed: the reports of its runs, in the order the claim lists them. */
typedef struct rp_view {
    const cJSON *rep[RP_MAX_RUNS];                 /* final report of each run */
    const cJSON *snap[RP_MAX_RUNS][RP_MAX_MARKS];  /* reports at the run's marks */
    const rv_config *cfg[RP_MAX_RUNS];             /* the config each run used (after overrides) */
    double scale[RP_MAX_RUNS];                     /* 1, or the --quick factor the run was shortened by */
    int nsnaps[RP_MAX_RUNS];
    uint64_t seed;                                 /* seed of the first run */
} rp_view;

typedef struct rp_verdict {
    bool holds;
    /* A gap: the claim does not hold, and the claim's sweep over the mechanism's real parameters shows
     * that no setting reaches it together with the article's grace-period rate (README, "What the
     * model reproduces"). Shown as GAP; a gap does not fail the command, a sweep point that would
     * satisfy the claim makes it FAILS instead. */
    bool gap;
    double fig;          /* the headline figure, to summarise several seeds as a range */
    const char *unit;    /* what fig counts, for that range ("us per GP"); NULL = none */
    char text[640];      /* the simulated figure as the table shows it */
} rp_verdict;

typedef void (*rp_check_fn)(const rp_view *v, rp_verdict *out);

typedef struct rp_claim {
    const char *id;       /* --only ID */
    const char *claim;    /* the claim in our words */
    const char *article;  /* the figure as the seed gives it */
    rp_run runs[RP_MAX_RUNS];
    int nruns;
    rp_check_fn check;
    /* NULL for a figure the model gives of itself. Otherwise the claim's figure was an input: the
     * scenario's settings were chosen so that the model gives it, and this says which. Such a row,
     * when it holds, shows that the model can be set to give the figure, not that it predicts it,
     * so it is shown as "calibrated" and counted apart from the rows that hold (it still holds:
     * --json keeps "holds": true and the exit status treats it as holding). */
    const char *calibrated;
} rp_claim;

extern const rp_claim rp_claims[];
extern const size_t rp_nclaims;

/* ---------------------------------------------------------------- the run pool (reproduce_pool.c) */

typedef struct rp_job {
    rv_config cfg;                     /* loaded, overrides and seed applied; owned by the job */
    double marks[RP_MAX_MARKS];
    int nmarks;
    double cost;                       /* estimate, to start the longest runs first */
    /* results */
    cJSON *final;                      /* report JSON at the end, NULL on failure */
    cJSON *snaps[RP_MAX_MARKS];
    double wall_s;                     /* wall time of the simulation itself */
    char err[512];                     /* why it failed ("" when it did not) */
} rp_job;

/* Called after each job finishes with the number done so far (for a progress line). */
typedef void (*rp_progress_fn)(size_t done, size_t total, void *ctx);

/* Run every job, at most `parallel` at a time, in forked workers that each take one job after another
 * and write its report to a pipe (in this process only when fork or memory fails). A job still
 * running after limit_s seconds of wall time (0 = no limit) has its worker killed and fails; so does a
 * job whose worker crashes, and the rest go on in a new worker. Always fills final or err. */
void rp_pool_run(rp_job *jobs, size_t n, int parallel, double limit_s, rp_progress_fn progress, void *ctx);
void rp_job_free(rp_job *j);

/* ---------------------------------------------------------------- helpers for checkers (reproduce_claims.c) */

/* Number at a dotted report path ("flavors.rcu_sched.grace_periods", "threads.rcu_sched.cpu_seconds",
 * "stalls.length"). Returns false when absent; *out is then 0. */
bool rp_num(const cJSON *rep, const char *path, double *out);

#endif
