/* overrides.c — one parser for --set PATH=VALUE and --cpus N, so `run` and `shot` accept and refuse the same text in the same words. */
#include "util/overrides.h"
#include "util/numparse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool ov_is_option(const char *flag) { return !strcmp(flag, "--set") || !strcmp(flag, "--cpus"); }

const char *ov_format(const char *flag) { return !strcmp(flag, "--cpus") ? "cpus=%s" : !strcmp(flag, "--set") ? "%s" : NULL; }

int ov_option(const char *flag, const char *text, char **item, char *err, size_t errlen)
{
    *item = NULL;
    const char *fmt = ov_format(flag);
    if (!strcmp(flag, "--cpus")) {
        /* checked here and not only by the loader: "--cpus 0" is reported as the flag typed, not as
         * the scenario key it stands for */
        int n;
        if (np_int(flag, text, 1, 4096, &n, err, errlen) != 0) return -1;
        /* the parsed number, not the text: "0004" passed the check and then, as JSON, no number, was
         * refused by the loader as `got a string "0004"` */
        if (!(*item = malloc(24))) return -2;
        snprintf(*item, 24, "cpus=%d", n);
        return 0;
    } else if (!strcmp(flag, "--set")) {
        if (!strchr(text, '=') || text[0] == '=') {
            snprintf(err, errlen, "--set: expected PATH=VALUE, got \"%s\"", text);
            return -1;
        }
    } else {
        snprintf(err, errlen, "%s: not an override option", flag);
        return -1;
    }
    size_t n = strlen(fmt) + strlen(text) + 1;
    if (!(*item = malloc(n))) return -2;
    snprintf(*item, n, fmt, text);
    return 0;
}
