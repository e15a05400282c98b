/* web_url.c — parse the page URL's fragment (#SCENARIO&t=S&cue=N&cpu=N&mode=M&theme=T); see web_url.h. */
#include "window/web_url.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool parse_nonneg_double(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end || errno || !(v >= 0) || v > 1e9) return false; /* !(v>=0) also rejects NaN */
    *out = v;
    return true;
}

static bool parse_int(const char *s, int lo, int hi, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno || v < lo || v > hi) return false;
    *out = (int)v;
    return true;
}

bool web_url_set_ok(const char *kv)
{
    const char *eq = strchr(kv, '=');
    if (!eq || eq == kv || !eq[1] || strlen(kv) >= sizeof ((web_url *)0)->sets[0]) return false;
    for (const char *p = kv; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr("._,:=+-", *p)) return false;
    return true;
}

int web_url_parse(const char *hash, web_url *out, char *err, size_t errlen)
{
    web_url u = {.cpu = -1, .theme = -1};
    char buf[1024]; /* eight set= of up to 95 characters fit */
    if (!hash) hash = "";
    if (*hash == '#') hash++;
    if (strlen(hash) >= sizeof buf) { snprintf(err, errlen, "URL fragment: longer than %zu characters", sizeof buf - 1); return -1; }
    snprintf(buf, sizeof buf, "%s", hash);
    char *save = NULL;
    bool first = true;
    unsigned seen = 0; /* bit i: keys[i] below was given */
    for (char *part = strtok_r(buf, "&", &save); part; part = strtok_r(NULL, "&", &save), first = false) {
        char *eq = strchr(part, '=');
        if (!eq) {
            /* the bare word must come first: it names the scenario */
            if (!first) { snprintf(err, errlen, "URL fragment: expected KEY=VALUE after '&', found \"%s\"", part); return -1; }
            if (strlen(part) >= sizeof u.scenario) { snprintf(err, errlen, "URL fragment: scenario name \"%.40s...\" is too long", part); return -1; }
            for (const char *p = part; *p; p++)
                if (!isalnum((unsigned char)*p) && *p != '-' && *p != '_') {
                    snprintf(err, errlen, "URL fragment: scenario name \"%s\": expected letters, digits, '-' or '_', found '%c'", part, *p);
                    return -1;
                }
            snprintf(u.scenario, sizeof u.scenario, "%s", part);
            continue;
        }
        *eq = 0;
        const char *k = part, *v = eq + 1;
        /* a setting the view had (a workbook question's, or M X Z U): "Link to this moment" opened
         * fast-no-hz with FAST_NO_HZ on, 3915 grace periods where the student's screen showed 992 */
        if (!strcmp(k, "set")) {
            if (!web_url_set_ok(v)) {
                snprintf(err, errlen, "URL fragment: set: expected KEY=VALUE of letters, digits and . _ , : + - (as "
                         "set=rcu.fast_no_hz=false), found \"%s\"", v);
                return -1;
            }
            if (u.nsets == WEB_URL_SETS) { snprintf(err, errlen, "URL fragment: set: at most %d settings", WEB_URL_SETS); return -1; }
            snprintf(u.sets[u.nsets++], sizeof u.sets[0], "%s", v);
            continue;
        }
        /* a key given twice: the later one won without a word (#omap-stall&t=80.02&t=1 opened at 1 s) */
        static const char *const keys[] = {"t", "cue", "cpu", "mode", "theme"};
        for (int i = 0; i < 5; i++)
            if (!strcmp(k, keys[i])) {
                if (seen & (1u << i)) { snprintf(err, errlen, "URL fragment: %s given twice; keep one", k); return -1; }
                seen |= 1u << i;
            }
        if (!strcmp(k, "t")) {
            if (!parse_nonneg_double(v, &u.t_s)) { snprintf(err, errlen, "URL fragment: t: expected seconds >= 0, found \"%s\"", v); return -1; }
            u.has_t = true;
        } else if (!strcmp(k, "cue")) {
            if (!parse_int(v, 1, 100000, &u.cue)) { snprintf(err, errlen, "URL fragment: cue: expected a lecture cue number >= 1, found \"%s\"", v); return -1; }
        } else if (!strcmp(k, "cpu")) {
            if (!parse_int(v, 0, 4095, &u.cpu)) { snprintf(err, errlen, "URL fragment: cpu: expected a CPU number 0..4095, found \"%s\"", v); return -1; }
        } else if (!strcmp(k, "mode")) {
            if (strcmp(v, "softirq") && strcmp(v, "3.6") && strcmp(v, "kthread") && strcmp(v, "3.7") && strcmp(v, "compare")) {
                snprintf(err, errlen, "URL fragment: mode: expected softirq, kthread or compare, found \"%s\"", v);
                return -1;
            }
            snprintf(u.mode, sizeof u.mode, "%s", v);
        } else if (!strcmp(k, "theme")) {
            if (!strcmp(v, "light")) u.theme = 0;
            else if (!strcmp(v, "dark")) u.theme = 1;
            else { snprintf(err, errlen, "URL fragment: theme: expected light or dark, found \"%s\"", v); return -1; }
        } else {
            snprintf(err, errlen, "URL fragment: unknown key \"%s\" (expected t, cue, cpu, mode, theme or set)", k);
            return -1;
        }
    }
    /* a cue sets the lecture's own view (compare or one kernel), as PgDn shows it: a mode beside it was
     * ignored without a word (#omap-stall&mode=kthread&cue=5 opened the compare cue); a t moves the
     * cue's view to another moment (the README's &cue=5&t=7.5) */
    if (u.cue && u.mode[0]) {
        snprintf(err, errlen, "URL fragment: cue=%d shows the lecture's own view, as PgDn does: leave out mode=, or give t= "
                 "without cue= for a view of your own", u.cue);
        return -1;
    }
    *out = u;
    return 0;
}
