/* web_url.h — what a page URL's fragment asks for: scenario, moment, lecture cue, CPU, mode, theme, changed settings. */
#ifndef RCUVIS_WEB_URL_H
#define RCUVIS_WEB_URL_H
#include <stdbool.h>
#include <stddef.h>

/*
 * The browser build reads location.hash, e.g. "#omap-stall&t=80.02&cpu=3", so a teacher can link a
 * moment. Grammar: [#][SCENARIO][&KEY=VALUE]... with keys
 *   t=SECONDS     open paused at this simulated time (>= 0)
 *   cue=N         go to the scenario's N-th lecture cue (its "cues", 1-based, as PgDn does: time,
 *                 flavor, selection, compare); t, when also given, moves the time after it
 *   cpu=N         select CPU N (as a click on its tile)
 *   mode=M        softirq | 3.6 | kthread | 3.7 | compare
 *   theme=T       light | dark
 *   set=KEY=VALUE a change of the scenario's configuration, as the window's --set (rcu.fast_no_hz=false);
 *                 repeatable, up to WEB_URL_SETS; letters, digits and . _ , : + - only
 * SCENARIO is a shipped scenario's file name without .json (letters, digits, '-', '_'); empty =
 * the default scenario. Pure C, no browser: tests/web/test_web_url.c runs it natively.
 */
typedef struct web_url {
    char scenario[64];      /* "" = default */
    bool has_t;   double t_s;
    int cue;                /* 0 = none, else 1-based index into the scenario's cues */
    int cpu;                /* -1 = none */
    char mode[16];          /* "" = the scenario's own */
    int theme;              /* -1 = the saved setting, 0 light, 1 dark */
    char sets[8][96];       /* set=, in order */
    int nsets;
} web_url;
enum { WEB_URL_SETS = 8 };

/* Can override "KEY=VALUE" go in a link's set= as it is? */
bool web_url_set_ok(const char *kv);

/* Parse; 0 on success, -1 with "what was expected, what was found" in err (nothing half-applied). */
int web_url_parse(const char *hash, web_url *u, char *err, size_t errlen);
#endif
