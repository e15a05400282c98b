/* priv.h — internals shared by the scenario loader's files (not part of the public face, scenario.h). */
#ifndef RCUVIS_SCENARIO_PRIV_H
#define RCUVIS_SCENARIO_PRIV_H

#include "scenario.h"

#include <cjson/cJSON.h>
#include <stdarg.h>

/* Past this many problems the loader stops listing them: a wrong file usually has one root cause,
 * and a screenful of follow-on errors hides it. */
#define SC_MAX_ERRORS 25

/* Collected problems: one "FILE: ..." line each, all of them, not just the first. */
typedef struct sc_errs {
    const char *file;
    char *buf;
    size_t cap, len;
    int count;
} sc_errs;

void sc_errs_init(sc_errs *e, const char *file, char *buf, size_t cap);
/* Append "FILE: <formatted>" as one line. */
void sc_errf(sc_errs *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Append a line that already carries its own prefix (syntax errors: "FILE:LINE:COL: ..."). */
void sc_err_line(sc_errs *e, const char *line);
/* Close the list: "... and N more problems" when some were left off. */
void sc_errs_finish(sc_errs *e);

/* A JSONPath-like location ("$.workload[1].cpus") built as the walker descends. */
typedef struct sc_path {
    char s[512];
    size_t len;
} sc_path;

void sc_path_root(sc_path *p);
size_t sc_path_key(sc_path *p, const char *key); /* returns the length to restore with sc_path_pop */
size_t sc_path_index(sc_path *p, int i);
void sc_path_pop(sc_path *p, size_t len);

/* What a JSON value is, the way messages print it after "got ": "100", "a string \"16\"",
 * "an array", "true". */
void sc_describe(const cJSON *v, char *buf, size_t n);
/* A string quoted for a message, shortened when long: "\"0-7\"". */
void sc_quote(const char *s, char *buf, size_t n);
/* Shortest "%g" form that reads back as the same double. */
void sc_fmt_num(double v, char *buf, size_t n);
/* The candidate closest to word by edit distance, or NULL if none is plausibly meant. */
const char *sc_suggest(const char *word, const char *const *cands, size_t n);
/* Levenshtein distance, capped (values above cap are returned as cap + 1). */
int sc_edit_distance(const char *a, const char *b, int cap);

/* Number literals a double cannot hold (1e400 overflows to inf, 1e-400 underflows to 0), or that a
 * message would print otherwise (an exponent: 1e15, not 1e+15; a trailing fractional zero): their
 * place among the text's numbers (the n-th, in document order) and their text, so that a message
 * quotes what the file says instead of the double cJSON made of it. */
typedef struct sc_numlit { size_t ordinal, off, len; } sc_numlit;
typedef struct sc_numlits { sc_numlit *v; size_t n, cap, seen; } sc_numlits;
void sc_numlits_free(sc_numlits *l);
/* Give each such number node of root (parsed from text) its literal, kept in the node's otherwise
 * unused valuestring (cJSON_Delete frees it); sc_describe prints it. */
void sc_numlits_attach(cJSON *root, const char *text, const sc_numlits *l);

/* Check the JSON text's syntax. On the first error appends "FILE:LINE:COL: syntax error: ..." and
 * returns -1. *skip receives how many leading bytes to ignore (a UTF-8 byte order mark). lits (may
 * be NULL) collects those literals (see sc_numlits), their offsets counted after the skip. */
int sc_syntax_check(const char *text, size_t len, sc_errs *errs, size_t *skip, sc_numlits *lits);
/* utf8.c: the length of the UTF-8 character at s[0..n) (RFC 3629: no overlong forms, surrogates or
 * code points past U+10FFFF), or 0 when the first byte starts none, with what is wrong in why (may be
 * NULL): "the start of a 2-byte character, but byte 2 is '"', not a continuation byte; in Latin-1
 * 0xe9 is \"é\"". The syntax checker runs it on every string of a JSON text, so scenarios, quizzes
 * and progress files share it. sc_utf8_check: a whole string, the first bad byte's offset in *bad. */
size_t sc_utf8_char(const char *s, size_t n, char *why, size_t whylen);
/* s for a message: valid characters as they are, a byte that is not UTF-8 as \xE9 (a terminal or a
 * JSON report gets no raw byte). */
void sc_utf8_escape(const char *s, char *out, size_t n);
bool sc_utf8_check(const char *s, size_t n, size_t *bad, char *why, size_t whylen);
/* Where the value at path (child indexes from the root: an object's n-th member, an array's n-th
 * item, as cJSON orders them) begins in text, an object member at its key's opening quote: the byte
 * offset in *off, 0; -1 when text has no such place. Only for messages: the text passed the check. */
int sc_locate(const char *text, size_t len, const int *path, size_t depth, size_t *off);
/* 1-based line and column (in characters, not bytes) of byte offset off. */
void sc_line_col(const char *text, size_t off, int *line, int *col);

/* Where a value came from when an override put it there: the JSON path it set (or created on the
 * way) and the override as the user gave it ("--set rcu.fanout_leaf=3", "--cpus 1"). */
typedef struct sc_origin { char path[512]; char label[200]; } sc_origin;
typedef struct sc_origins { sc_origin *v; size_t n, cap; } sc_origins;
void sc_origins_free(sc_origins *o);
/* The override that set path (or a value that contains it), the last one when several did; NULL
 * when the value is the file's own. */
const sc_origin *sc_origin_of(const sc_origins *o, const char *path);
/* How a message names override i: labels[i], or "override ITEM" when the caller gave none. */
void sc_override_label(const rv_overrides *ov, const char *const *labels, size_t i, char *buf, size_t n);
/* A JSON path as a --set PATH: "$.workload[0].cpus" -> "workload.0.cpus". */
void sc_dotted(const char *json_path, char *buf, size_t n);

/* Apply --set overrides to the parsed tree, recording in origins (may be NULL) the paths each one
 * set. Returns the number of problems appended. */
int sc_apply_overrides(cJSON *root, const rv_overrides *ov, const char *const *labels, sc_errs *errs,
                       sc_origins *origins);

/* ---- the schema walker: checks every value against what rv_config accepts and fills cfg ---- */

typedef struct sc_ctx {
    sc_errs *errs;
    sc_path path;
    rv_config *cfg;
    int ncpus;       /* CPUs to check cpusets and event CPUs against (RV_MAX_CPUS until known) */
    /* Checks that depend on another key use its value only once it was read without error: after
     * "cpus": "2" a later message must not quote the engine's default CPU count as the file's. */
    bool cpus_known, hz_known;
    /* The end that timed events, captions and cues must fall within: the longer of the file's own
     * duration_s (file_end_s, read before --set) and the run's. A --set that shortens the run does
     * not make the file wrong (its later events are reported as not applied at run time); 0 when
     * neither is known, and then nothing is compared with it. */
    double file_end_s, end_s;
    /* Values that overrides set (NULL: none): a problem in one is reported as the override's, not
     * the file's. dep: the JSON path of another key the current check compares against ("$.cpus"
     * for a CPU list); when an override set that key, the message says so. */
    const sc_origins *origins;
    const char *dep;
    /* The file's text (after a byte order mark) and the tree parsed from it, for messages that can
     * say where in the file (sc_node_pos); text is NULL when there is none. */
    const char *text;
    size_t text_len;
    const cJSON *root;
    /* Unknown keys answered with "did you mean K?" where their object lacks K: should K then be
     * required, the missing K is the same typo again, so sc_get adds "(required, missing)" to that
     * message (ending at byte `end` of the error text) rather than give a second one. */
    struct sc_meant { const cJSON *obj; const char *key; size_t end; } meant[8];
    size_t nmeant;
} sc_ctx;

/* Make the checks until sc_dep_end depend on the key at path (see sc_ctx.dep); returns the
 * previous dependency to restore. */
static inline const char *sc_dep_begin(sc_ctx *c, const char *path) { const char *o = c->dep; c->dep = path; return o; }
static inline void sc_dep_end(sc_ctx *c, const char *prev) { c->dep = prev; }

/* Error at the current path plus ".key" (key may be NULL for the current path itself). */
void sc_bad(sc_ctx *c, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Line and column in the file of node (an object member: its key), when it is the file's own
 * (not set by an override) and the text is known; otherwise false. */
bool sc_node_pos(sc_ctx *c, const cJSON *node, int *line, int *col);
/* As sc_bad, with "FILE:LINE:COL: " before the path when sc_node_pos knows where node is. */
void sc_bad_node(sc_ctx *c, const cJSON *node, const char *key, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Report keys of obj not in keys[] ("unknown key; did you mean ...") and duplicate keys. */
void sc_check_keys(sc_ctx *c, const cJSON *obj, const char *const *keys, size_t n);
/* Same, and a key that belongs in another block gets "did you mean \"<elsewhere(k)>k\"?" when
 * elsewhere returns a prefix such as "rcu." for it. */
void sc_check_keys_hint(sc_ctx *c, const cJSON *obj, const char *const *keys, size_t n,
                        const char *(*elsewhere)(const char *key));
/* Does obj have key? If required and absent, reports "required key missing". */
const cJSON *sc_get(sc_ctx *c, const cJSON *obj, const char *key, bool required);

/* Typed getters: absent → false and *out untouched; present and valid → true; invalid → an error
 * naming the path and false. */
bool sc_int(sc_ctx *c, const cJSON *obj, const char *key, long lo, long hi, long *out);
bool sc_num(sc_ctx *c, const cJSON *obj, const char *key, double lo, double hi, double *out);
bool sc_num_pos(sc_ctx *c, const cJSON *obj, const char *key, double hi, double *out); /* (0, hi] */
bool sc_bool(sc_ctx *c, const cJSON *obj, const char *key, bool *out);
bool sc_str(sc_ctx *c, const cJSON *obj, const char *key, char *out, size_t outsz);
/* How a string the learner sees is checked (sc_text): what it is ("a caption"), what to write
 * instead of a control character, and whether '\n' may stay (every place that shows it breaks the
 * line there). */
typedef struct sc_shown { const char *what, *instead; bool newline_ok; } sc_shown;
/* As sc_str, and refuses control characters (tab, newline, escape, DEL ...): the renderer draws
 * them as boxes and a terminal obeys them. */
bool sc_text(sc_ctx *c, const cJSON *obj, const char *key, char *out, size_t outsz, const sc_shown *how);
/* The first control character of s (not '\n' when newline_ok), or NULL. */
const char *sc_find_control(const char *s, bool newline_ok);
/* A string of a fixed set; *out is its index. */
bool sc_enum(sc_ctx *c, const cJSON *obj, const char *key, const char *const *names, size_t n, int *out);
/* A flavor name ("rcu_sched", also "sched"); *out is RV_SCHED... */
/* "softirq" or "kthread" (RV_MODE_*); "3.6"/"3.7" get the mode that kernel had as a did you mean. */
bool sc_mode(sc_ctx *c, const cJSON *obj, const char *key, int *out);
bool sc_flavor(sc_ctx *c, const cJSON *obj, const char *key, int *out);
/* The enabled flavors as a message lists them ("rcu_sched, rcu_bh"), for "add it to rcu.flavors or ..." */
void sc_enabled_flavors(const sc_ctx *c, char *buf, size_t n);
/* A CPU set string ("all", "0-3,8"); a bare number is refused (a phase's "cpus": 4 reads as a count). */
bool sc_cpuset(sc_ctx *c, const cJSON *obj, const char *key, rv_cpuset *out);
/* Is v an object? Otherwise report "expected an object, got ..." at key. */
bool sc_is_object(sc_ctx *c, const cJSON *v, const char *key);
bool sc_is_array(sc_ctx *c, const cJSON *v, const char *key);

extern const char *const sc_flavor_keys[RV_NFLAVORS];

/* keys.c: the "rcu" and "costs" keys as data, for the loader and for `rcuvis schema`. */
/* SK_MODE_BOOL: a boolean whose absence means "as the mode had it" (an int field, -1 by default);
 * SK_TEXT: free text, checked to be a string and not kept. */
typedef enum sk_type { SK_INT, SK_BOOL, SK_INT_HZ, SK_MODE, SK_FLAVORS, SK_NR_CPUS, SK_MODE_BOOL, SK_TEXT } sk_type;
typedef struct sc_key_spec {
    const char *key;
    sk_type type;
    long lo, hi;        /* SK_INT; SK_INT_HZ: lo..hz */
    size_t off;         /* in rv_rcu_config (SK_INT, SK_BOOL, SK_INT_HZ, SK_NR_CPUS) */
    const char *desc;   /* without the default, which `rcuvis schema` appends from the engine */
} sc_key_spec;
extern const sc_key_spec sc_rcu_spec[];
extern const size_t sc_rcu_nspec;
typedef struct sc_cost_spec { const char *key, *desc; } sc_cost_spec;
extern const sc_cost_spec sc_cost_spec_table[];
extern const size_t sc_cost_nspec;
#define SC_COST_MAX 1000000000L
#define SC_HZ_MAX 10000
#define SC_DURATION_MAX 604800 /* a week of simulated time: the bound of every time key */
#define SC_DURATION_MIN 1e-9   /* duration_s: one nanosecond, the engine's unit (shorter ran 0 s) */

/* schema_template.c: the schema's JSON with "@..." marks (NULL-terminated lines). */
extern const char *const sc_schema_template[];

/* trigger.c: "on" + "delay_s" of obj into out (true when obj has "on"; at_s and "on" exclude each
 * other; out is "at a time" otherwise), and "when" (true when present). Events, captions and cues
 * share the shape: {"on": {"event": "gp_start", "flavor": "rcu_sched", "cpu": 2, "n": 1,
 * "count": 1000}, "delay_s": 0.0005, "when": {"mode": "kthread", "needs_gp_fix": true}}. */
bool sc_trigger(sc_ctx *c, const cJSON *obj, rv_trigger *out);
bool sc_when(sc_ctx *c, const cJSON *obj, rv_when *out);
/* An event's or caption's moment must come before the end (c->end_s): a timed one's at_s (at the
 * end itself when end_ok), a triggered one's delay_s (its trigger happens at 0 s at the earliest).
 * Otherwise the run never reaches it, and the event would never be applied or the caption never shown. */
void sc_check_before_end(sc_ctx *c, const cJSON *obj, const rv_trigger *on, double at_s, bool end_ok);

/* Parts of the walk (scenario_schema.c, scenario_workload.c, scenario_script.c). */
void sc_build_config(sc_ctx *c, const cJSON *root);
void sc_build_workload(sc_ctx *c, const cJSON *arr);
void sc_build_events(sc_ctx *c, const cJSON *arr);
void sc_build_captions(sc_ctx *c, const cJSON *arr);
void sc_build_expects(sc_ctx *c, const cJSON *arr);
void sc_build_cues(sc_ctx *c, const cJSON *arr); /* cues.c */
/* After validation: a compare cue or one inviting "mode" needs the other mode to accept the file. */
void sc_check_cue_modes(sc_ctx *c, const cJSON *root);

#endif
