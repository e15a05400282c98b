/* paths.c — find shipped data (scenarios, quizzes, fonts) from the source tree or the install prefix. */
#include "paths.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef RCUVIS_PREFIX
#define RCUVIS_PREFIX "/usr/local"
#endif

static int exists(const char *p) { return access(p, R_OK) == 0; }

const char *rcuvis_data_path(const char *rel, char *buf, size_t bufsz)
{
    const char *env = getenv("RCUVIS_DATA");
    if (env && *env) {
        snprintf(buf, bufsz, "%s/%s", env, rel);
        return buf;
    }
    /* the binary lives in <tree>/build/rcuvis: look in <tree>/ */
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        for (int up = 0; up < 2; up++) {
            char *slash = strrchr(exe, '/');
            if (!slash) break;
            *slash = 0;
            snprintf(buf, bufsz, "%s/%s", exe, rel);
            if (exists(buf)) return buf;
        }
    }
    snprintf(buf, bufsz, "%s/share/rcuvis/%s", RCUVIS_PREFIX, rel);
    if (exists(buf)) return buf;
    snprintf(buf, bufsz, "%s", rel); /* relative to the working directory, last resort */
    return buf;
}

const char *rcuvis_scenario_path(const char *arg, char *buf, size_t n, char *err, size_t errlen)
{
    if (access(arg, F_OK) == 0 || strchr(arg, '/')) return arg;
    char rel[600];
    snprintf(rel, sizeof rel, "scenarios/%s%s", arg, strstr(arg, ".json") ? "" : ".json");
    const char *p = rcuvis_data_path(rel, buf, n);
    if (access(p, R_OK) == 0) return p;
    const char *env = getenv("RCUVIS_DATA");
    if (env && *env)
        snprintf(err, errlen, "%s: no such file here, and no shipped scenario of that name in RCUVIS_DATA (%s/%s)", arg, env, rel);
    else
        snprintf(err, errlen, "%s: no such file here, and no shipped scenario of that name: rcuvis looks for %s beside its binary's "
                              "folder (a source tree's build/rcuvis), then in %s/share/rcuvis (make install); RCUVIS_DATA=DIR names "
                              "another place", arg, rel, RCUVIS_PREFIX);
    return NULL;
}

static const char *invoked_as = "rcuvis";

void rcuvis_set_invoked_as(const char *argv0)
{
    /* "build/rcuvis" or "./rcuvis" is what this user types; a bare name came through PATH */
    if (argv0 && strchr(argv0, '/')) invoked_as = argv0;
}

const char *rcuvis_command_name(void) { return invoked_as; }
