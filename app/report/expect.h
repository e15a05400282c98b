/* expect.h — evaluate a scenario's `expect` assertions against the report JSON of a run. */
#ifndef RCUVIS_EXPECT_H
#define RCUVIS_EXPECT_H

#include "rcuvis.h"
#include "report/report.h"

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* One assertion checked: passed or not, and a line "ok   PATH = VALUE, expected BOUNDS: WHY" or
 * "FAIL PATH ..." explaining it (a path that is not in the report fails with the reason). */
typedef struct expect_result {
    bool ok;
    char line[1400];
    char value[256]; /* the value found, as text ("" if none) */
} expect_result;

/* The keys `rcuvis run` adds to the report after cli_report_json() (captions_missed), in the
 * shape's terms, so that expect paths may name them and `rcuvis check --paths` lists them. */
extern const rk_key expect_run_shape[];

/* Check x against report (the JSON `rcuvis run --json` prints, parsed back). */
void expect_eval(const cJSON *report, const rv_expect *x, expect_result *out);

/* Resolve a dotted path: object keys, array indexes, "length" of an array, and array items by
 * their "name" (threads.rcu_sched). Returns the value, or NULL with the reason in why. When the
 * last part is "length", *length receives it and the array is returned. */
const cJSON *expect_lookup(const cJSON *report, const char *path, char *why, size_t whylen, bool *is_length,
                           double *length);

/* For `rcuvis check`, without a run: can the path name a value in the report of this scenario?
 * Checks keys at every level against the report's shape, flavor names against the enabled flavors
 * (cfg may be NULL), indexes and "length" of arrays, and thread names against the threads cfg can have
 * (its phases' tasks and the kernel threads of its mode, flavors and CPUs). 0 yes, else -1 and a
 * message ("\"flavours\" is not a report key; did you mean \"flavors\"?"). Array sizes, and whether
 * a CPU's ksoftirqd/N ran at all, are only known after a run, so those are left to `rcuvis run --expect`. */
int expect_check_path(const char *path, const rv_config *cfg, char *msg, size_t msglen);
/* The same, and on success *type is what the value at the path holds (RT_COUNT for "length"). */
int expect_path_type(const char *path, const rv_config *cfg, rk_type *type, char *msg, size_t msglen);
/* The same, and *leaf (may be NULL) the shape's key of the value, for its domain (NULL for "length"). */
int expect_path_leaf(const char *path, const rv_config *cfg, rk_type *type, const rk_key **leaf, char *msg, size_t msglen);

/* Without a run, every expectation of cfg that can never pass, each problem one line on err:
 * "rcuvis: FILE: $.expect[I].KEY: MSG" (KEY path, equals, min or max): a path not in the report's
 * shape; min or max on a string or true/false; an "equals" of the wrong type for the path (a
 * string for a number, a number for a string, 2 for true/false, 2.5 or -1 for a count); a max
 * below 0 for a count; a number "equals" outside min..max. (The loader refuses min > max and an
 * expectation with no comparison.)
 * Returns how many problems it printed. */
int expect_vet(const rv_config *cfg, const char *file, FILE *err);
/* The same for the expectations with a `when` that holds in cfg only: `check` vets those of the other
 * mode in a copy of the file's config set to it. */
int expect_vet_when(const rv_config *cfg, const char *file, FILE *err);

#endif
