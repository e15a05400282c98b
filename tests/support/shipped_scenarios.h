/* shipped_scenarios.h — walk every shipped scenario (every JSON file in scenarios/ but the schema), loaded, for tests that read all their captions and cues. */
#ifndef RCUVIS_TESTS_SHIPPED_SCENARIOS_H
#define RCUVIS_TESTS_SHIPPED_SCENARIOS_H

#include "rcuvis.h"
#include "scenario.h"

#include <criterion/criterion.h>
#include <glob.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 *     fx_shipped it;
 *     for (fx_shipped_begin(&it); fx_shipped_next(&it);) use(it.name, &it.cfg);
 * Each scenario is loaded as the window loads it (a file that does not load fails the test) and
 * freed when the next one is loaded or the walk ends. A new scenario is read without a test change.
 */
typedef struct fx_shipped {
    glob_t g;
    size_t i;
    bool loaded;
    rv_config cfg;
    const char *path, *name; /* the file, and its name without the folder ("tree.json") */
} fx_shipped;

static inline void fx_shipped_begin(fx_shipped *it)
{
    memset(it, 0, sizeof *it);
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char pat[1024];
    snprintf(pat, sizeof pat, "%s/scenarios/*.json", root);
    cr_assert_eq(glob(pat, 0, NULL, &it->g), 0, "no scenarios in %s", pat);
}

static inline bool fx_shipped_next(fx_shipped *it)
{
    if (it->loaded) rv_config_free(&it->cfg);
    it->loaded = false;
    while (it->i < it->g.gl_pathc && strstr(it->g.gl_pathv[it->i], "schema.json")) it->i++;
    if (it->i >= it->g.gl_pathc) {
        globfree(&it->g);
        return false;
    }
    it->path = it->g.gl_pathv[it->i++];
    const char *slash = strrchr(it->path, '/');
    it->name = slash ? slash + 1 : it->path;
    char err[4096];
    cr_assert_eq(rv_scenario_load(it->path, &it->cfg, err, sizeof err), 0, "%s", err);
    it->loaded = true;
    return true;
}
#endif
