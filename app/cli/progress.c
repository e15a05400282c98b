/* progress.c — `rcuvis run`'s progress line on a terminal: a two-hour kernel-build takes half a minute and said nothing meanwhile. */
#include "cli/progress.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double wall_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

void cli_run_with_progress(rv_engine *e, int64_t end_ns, const char *name)
{
    const char *env = getenv("RCUVIS_PROGRESS");
    bool forced = env && !strcmp(env, "1");
    if ((env && !strcmp(env, "0")) || (!forced && !isatty(STDERR_FILENO))) {
        rv_run_until(e, end_ns);
        return;
    }
    /* a hundred stops over the run: each a cheap return from the engine's loop, no event moved */
    int64_t start = rv_now_ns(e), span = end_ns - start, step = span / 100;
    if (step < 1000000) step = 1000000; /* 1 ms of simulated time at least */
    /* the wall clock decides only whether and how often the line is drawn, never what the run does */
    double t0 = wall_s(), last = -1;
    bool shown = false, tty = isatty(STDERR_FILENO);
    int decimals = end_ns < 100000000000LL ? 1 : 0; /* "4.5 of 5", "1234 of 7800" */
    for (int64_t t = start; t < end_ns;) {
        t = end_ns - t > step ? t + step : end_ns;
        rv_run_until(e, t);
        double now = wall_s() - t0;
        if (t < end_ns && (forced || (now > 1.0 && now - last >= 0.25))) {
            fprintf(stderr, "%srcuvis: run: %s: %.*f of %.*f simulated s (%d %%)%s", tty ? "\r" : "", name, decimals, t / 1e9,
                    decimals, end_ns / 1e9, (int)((t - start) * 100 / (span ? span : 1)), tty ? "" : "\n");
            fflush(stderr);
            last = now;
            shown = true;
        }
    }
    /* the report follows on stdout, often the same terminal: leave no half line behind */
    if (shown && tty) fprintf(stderr, "\r\033[K");
}
