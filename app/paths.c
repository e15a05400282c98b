/* paths.c — find shipped data (scenarios, quizzes, fonts) from the source tree or the install prefix. */
#include "paths.h"
#include "scenario.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

const char *rcuvis_font_path(const char *file, char *buf, size_t bufsz)
{
    char rel[256];
    snprintf(rel, sizeof rel, "assets/fonts/%s", file);
    const char *p = rcuvis_data_path(rel, buf, bufsz);
    if (p && access(p, R_OK) == 0) return p;
    snprintf(buf, bufsz, "/usr/share/fonts/truetype/dejavu/%s", file);
    return buf;
}

/* " (did you mean \"NAME\"?)" when arg is a near miss of a shipped scenario in dir (within two edits,
 * or the start of one name alone), else "". schema.json lives there too but is no scenario. */
static void near_shipped(const char *arg, const char *dir, char *out, size_t outlen)
{
    out[0] = 0;
    char word[256];
    snprintf(word, sizeof word, "%s", arg);
    size_t wl = strlen(word);
    if (wl > 5 && !strcmp(word + wl - 5, ".json")) word[wl - 5] = 0;
    DIR *d = opendir(dir);
    if (!d) return;
    enum { MAX_NAMES = 256 };
    char names[MAX_NAMES][128];
    const char *cands[MAX_NAMES];
    size_t n = 0;
    struct dirent *de;
    while ((de = readdir(d)) && n < MAX_NAMES) {
        size_t l = strlen(de->d_name);
        if (de->d_name[0] == '.' || l <= 5 || l - 5 >= sizeof names[0] || strcmp(de->d_name + l - 5, ".json")) continue;
        snprintf(names[n], sizeof names[n], "%.*s", (int)(l - 5), de->d_name);
        if (!strcmp(names[n], "schema")) continue;
        cands[n] = names[n];
        n++;
    }
    closedir(d);
    /* readdir's order is the file system's: sorted, the first of two equally near names is always the same */
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && strcmp(cands[j - 1], cands[j]) > 0; j--) {
            const char *t = cands[j]; cands[j] = cands[j - 1]; cands[j - 1] = t;
        }
    const char *near = rv_suggest(word, cands, n);
    if (near) snprintf(out, outlen, "; did you mean \"%s\"?", near);
}

const char *rcuvis_scenario_path(const char *arg, char *buf, size_t n, char *err, size_t errlen)
{
    struct stat sb;
    if (access(arg, F_OK) == 0) {
        /* a folder named like a shipped scenario (a "tree" folder in the working directory) is no
         * scenario file: "tree: cannot read: Is a directory" left the user guessing why `rcuvis tree` broke */
        if (!strchr(arg, '/') && stat(arg, &sb) == 0 && S_ISDIR(sb.st_mode)) {
            char rel[600];
            snprintf(rel, sizeof rel, "scenarios/%s%s", arg, strstr(arg, ".json") ? "" : ".json");
            const char *p = rcuvis_data_path(rel, buf, n);
            if (access(p, R_OK) == 0) {
                snprintf(err, errlen, "%s: this is a folder in the working directory, not a scenario file; the shipped scenario "
                                      "of that name is %s: give that path, or run from another folder", arg, p);
                return NULL;
            }
        }
        return arg;
    }
    if (strchr(arg, '/')) {
        /* a path: as given (the loader says it cannot be read), unless only its ".json" is missing */
        size_t l = strlen(arg);
        char with[4096];
        if ((l < 5 || strcmp(arg + l - 5, ".json")) && snprintf(with, sizeof with, "%s.json", arg) < (int)sizeof with &&
            access(with, F_OK) == 0) {
            snprintf(err, errlen, "%s: no such file; did you mean %s?", arg, with);
            return NULL;
        }
        return arg;
    }
    char rel[600];
    snprintf(rel, sizeof rel, "scenarios/%s%s", arg, strstr(arg, ".json") ? "" : ".json");
    const char *p = rcuvis_data_path(rel, buf, n);
    if (access(p, R_OK) == 0) return p;
    char dir[1024], near[300];
    near_shipped(arg, rcuvis_data_path("scenarios", dir, sizeof dir), near, sizeof near);
    const char *env = getenv("RCUVIS_DATA");
    if (env && *env)
        snprintf(err, errlen, "%s: no such file here, and no shipped scenario of that name in RCUVIS_DATA (%s/%s)%s", arg, env, rel, near);
    else
        snprintf(err, errlen, "%s: no such file here, and no shipped scenario of that name: rcuvis looks for %s beside its binary's "
                              "folder (a source tree's build/rcuvis), then in %s/share/rcuvis (make install); RCUVIS_DATA=DIR names "
                              "another place%s", arg, rel, RCUVIS_PREFIX, near);
    return NULL;
}

static const char *invoked_as = "rcuvis";

void rcuvis_set_invoked_as(const char *argv0)
{
    /* "build/rcuvis" or "./rcuvis" is what this user types; a bare name came through PATH, where
     * "rcuvis" finds it; no argv[0] says nothing */
    if (argv0) invoked_as = strchr(argv0, '/') ? argv0 : "rcuvis";
}

const char *rcuvis_command_name(void) { return invoked_as; }
