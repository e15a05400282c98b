/* report.h — the run report as JSON (`rcuvis run --json`, the expect paths) and as a text summary. */
/*
 * Module app/report/ — owns the run report in its user-visible shapes: the JSON of
 * `rcuvis run --json` (whose dotted paths `expect`, `reproduce` and predict questions read), the
 * text summary, and the `expect` assertions. It reads the engine's rv_report and nothing else:
 * it may include the engine's header only.
 */
#ifndef RCUVIS_CLI_REPORT_H
#define RCUVIS_CLI_REPORT_H

#include "rcuvis.h"

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>

/* The shape of the report JSON (shape.c), for `rcuvis check` to vet expect paths and what they
 * are compared with: each level is an array of keys ended by a NULL name. */
typedef enum rk_kind {
    RK_LEAF,    /* one value, of the key's type */
    RK_OBJECT,  /* fixed keys: sub */
    RK_FLAVORS, /* one key per enabled flavor, each an object with the keys sub */
    RK_ARRAY,   /* items by index (or "length"); sub = keys of each item, NULL for plain values */
} rk_kind;
/* What a value holds, as the report builder writes it: RT_COUNT is a uint64 counter written as a
 * raw integer (and an array's length), RT_NUMBER any other number. */
typedef enum rk_type { RT_NONE, RT_NUMBER, RT_COUNT, RT_STRING, RT_BOOL } rk_type;
/* What a leaf can hold beyond its type, where the set is closed: `rcuvis check` refuses an "equals"
 * outside it, and --paths lists it. */
typedef enum rk_domain {
    RKD_ANY,      /* whatever the type allows */
    RKD_VALUES,   /* a string of rk_key.values */
    RKD_FLAVOR,   /* a flavor name, rcu_sched, rcu_bh or rcu_preempt; only enabled ones appear */
    RKD_CPU,      /* a CPU number, 0..cpus-1 */
    RKD_CPU_ALL,  /* a CPU number or -1 (an event for all CPUs) */
    RKD_THREAD,   /* a thread's name: a phase's task or a kernel thread of the configuration */
} rk_domain;
typedef struct rk_key {
    const char *name;
    rk_kind kind;
    const struct rk_key *sub;
    bool by_name; /* RK_ARRAY: items can also be named by their "name" (threads.rcu_sched) */
    rk_type type; /* RK_LEAF: its value's; RK_ARRAY without sub: each item's; else RT_NONE */
    rk_domain domain;
    const char *const *values; /* RKD_VALUES: the strings, NULL-terminated */
} rk_key;
/* The strings a leaf with a closed set can hold, NULL-terminated (the flavor names for RKD_FLAVOR);
 * NULL for any other leaf. */
const char *const *rk_key_values(const rk_key *k);
extern const rk_key cli_report_shape[];
/* "a number", "a count (a whole number, 0 or more)", "a string", "true or false": what a path holds. */
const char *rk_type_name(rk_type t);

/* Which report path counts a trace event kind (paths.c): path NULL when none does (the note says
 * what to assert instead). Ends with a NULL event. */
typedef struct report_event_paths { const char *event, *path, *note; } report_event_paths;
extern const report_event_paths report_event_path_table[];
/* `rcuvis check --paths`: every path of the report's shape, then the table above. */
void report_print_paths(FILE *out);

/* The report of a finished run as one JSON object (caller frees with cJSON_Delete); NULL on OOM.
 * cfg supplies what the report does not carry (enabled flavors, duration); wall_s is the real
 * time the simulation took. */
cJSON *cli_report_json(const rv_report *r, const rv_config *cfg, double wall_s);
/* Adds captions_missed.{count, judged, list.N.{index, path, text, why}} to a report object, as
 * `rcuvis run --json` prints it and predict questions read it. judged: false for a run cut short
 * (before the file's end), whose list is then empty by design, not because every caption showed. */
void report_add_captions_missed(cJSON *json, const rv_engine *e, const rv_config *cfg, bool judged);

/* A readable summary: threads like top, per-flavor grace-period figures, accounting, latency,
 * safety and stall lines. */
void cli_report_text(FILE *out, const rv_report *r, const rv_config *cfg, double wall_s);
/* One "warning: FILE: $.events[N] (KIND, cpu C, due at T s) was not applied: WHY; HOW TO FIX" line per
 * event that failed (no "due at" for a triggered event whose trigger never fired); file is the
 * scenario's path (or name), as the caption warnings say it. */
void cli_report_not_applied(FILE *out, const rv_report *r, const char *file);
/* lint.c: one "warning: FILE: $.captions[A] (...) ... $.captions[B] ..." line per pair of timed
 * captions of cfg (their `when` holding) that overlap: the strip shows one caption at a time, so the
 * later one cuts the earlier one's until_s short. Returns how many. */
size_t cli_report_caption_overlaps(FILE *out, const rv_config *cfg, const char *file);
size_t cli_report_fired_overlaps(FILE *out, const rv_engine *e, const char *file); /* run: captions cut short, triggered ones included */
size_t cli_report_unreachable_triggers(FILE *out, const rv_config *cfg, const char *file); /* check: a gp_end min_duration_s no run can meet */
size_t cli_report_outlasting_events(FILE *out, const rv_config *cfg, const char *file); /* check: a reader or loop longer than the run */
size_t cli_report_caption_overlaps_other_mode(FILE *out, const rv_config *cfg, const char *file); /* check: the other kernel's runs */
/* The first max_bytes of s (whole UTF-8 characters, control characters as spaces, "..." when cut). */
void cli_caption_start(const char *s, size_t max_bytes, char *out, size_t n);
/* lint.c: one warning per caption or event whose `when` names a flavor cfg does not enable (it is
 * never shown or applied in this run). Returns how many. */
size_t cli_report_dead_conditions(FILE *out, const rv_config *cfg, const char *file);

#endif
