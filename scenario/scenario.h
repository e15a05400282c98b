/* scenario.h — the scenario file format: JSON files and --set overrides in, a validated rv_config out. */
#ifndef RCUVIS_SCENARIO_H
#define RCUVIS_SCENARIO_H

/*
 * The scenario module owns everything about scenario files: reading them (capped in size),
 * parsing JSON with cJSON, located error messages (file:line:column, JSON paths, "did you mean"),
 * --set overrides, and turning the result into the engine's rv_config. The engine never sees a
 * file or JSON. This module may include the engine's public header and nothing of the app.
 */

#include "rcuvis.h"

#include <stddef.h>


/* Load and fully validate a scenario file. On error returns -1 and writes one or more lines
 * (separated by '\n') into err, each "FILE:LINE:COL: message" for syntax errors or
 * "FILE: $.path.to.key: expected ..., got ..." for schema errors (unknown keys: "... did you mean
 * `x`?"). On success cfg is filled (call rv_config_free later). */
int rv_scenario_load(const char *path, rv_config *cfg, char *err, size_t errlen);
/* Same from a string; `name` stands in for the file name in messages. */
int rv_scenario_parse(const char *text, const char *name, rv_config *cfg, char *err, size_t errlen);
/* Apply a --set override "rcu.fanout_leaf=32" (VALUE parsed as JSON, else a string) to the source
 * JSON before validation. The loader keeps the overrides list; call before rv_scenario_load... */
typedef struct rv_overrides { const char **items; size_t n; } rv_overrides;
int rv_scenario_load_with(const char *path, const rv_overrides *ov, rv_config *cfg, char *err, size_t errlen);
/* Same, with labels[i] (may be NULL, or a NULL entry) naming override i in messages as the user gave
 * it ("--set rcu.fanout_leaf=32", "--cpus 1"; unnamed ones read "override ITEM"). A problem in a
 * value an override set is reported as that override's, not the file's ("--set rcu.fanoutleaf=3:
 * unknown key ..."), and a file value checked against an overridden key says so ("... (cpus is set
 * by --cpus 1)"). */
int rv_scenario_load_labeled(const char *path, const rv_overrides *ov, const char *const *labels, rv_config *cfg,
                             char *err, size_t errlen);
/* The same overrides applied to a parsed scenario (a cJSON object), e.g. to write a file that loads
 * as the file plus its overrides did (the window's recorder). 0 ok, -1 with the messages in err. */
struct cJSON;
int rv_scenario_override_tree(struct cJSON *root, const rv_overrides *ov, char *err, size_t errlen);

/* The loader's JSON syntax check, for the other JSON files rcuvis reads (quizzes, progress), so their
 * syntax errors read like a scenario's: strict RFC 8259, stopping at the first error. 0 when text is
 * valid; else -1 with the error's 1-based line and column (in characters) and what was expected and
 * found ("expected a key after ',', found '}' (JSON allows no trailing comma)") in msg (400 bytes hold
 * any). *skip is the length of a UTF-8 byte order mark to leave out before parsing (0 or 3). A string
 * that is not UTF-8 is refused too, and then msg is no syntax error: it starts with the string's JSON
 * path ('$') and gives the file offset of the byte ("$.lessons[0].title: expected UTF-8 text, got the
 * byte 0xe9 at file offset 31 (after \"caf\"), ..."). */
int rv_json_syntax(const char *text, size_t len, size_t *skip, int *line, int *col, char *msg, size_t msglen);
/* Where a JSON path such as "$.expect[0].path" or "$.events[4]" sits in a JSON text (its key, or an
 * array item's value), as line and column: for messages about a file made after it was loaded (an
 * expect path, a hotplug event), so an editor can jump there. False when the path is not in the text. */
bool rv_json_path_pos(const char *text, size_t len, const char *jpath, int *line, int *col);

/* The loader's "did you mean": the candidate nearest to word by edit distance (one slip in a short
 * word, up to a third of a long one; else a candidate that word begins), or NULL. The command line's
 * mistyped commands and scenario names use it too, so every suggestion follows one rule. */
const char *rv_suggest(const char *word, const char *const *cands, size_t n);
/* For a mistyped command-line option ("--expct"): "; did you mean '--expect'?" into buf when
 * rv_suggest() finds one among opts; for a known option written with "=" ("--cue=2"), which the
 * command does not take, a note saying so; else "".
 * Returns buf. */
const char *rv_option_hint(const char *typed, const char *const *opts, size_t n, char *buf, size_t bufsz);

/* `rcuvis schema`: the JSON Schema of scenario files (scenarios/schema.json), generated from the
 * loader's key tables, its ranges and the engine's defaults. Caller frees; NULL on OOM. */
char *rv_scenario_schema(void);

#endif
