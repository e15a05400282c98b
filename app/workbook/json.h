/* json.h — JSON helpers for the workbook: file reading, line:col syntax errors, message lists, printing. */
#ifndef RCUVIS_QUIZ_JSON_H
#define RCUVIS_QUIZ_JSON_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

/* Whole file, NUL-terminated; NULL with errno (EFBIG above 64 MiB, like the scenario loader). */
char *qj_read_file(const char *path, size_t *len);

/* Parse text (a UTF-8 byte order mark is skipped); on a syntax error returns NULL, fills *line, *col
 * (1-based) of the offending character and says in `what` what was expected and found there, in the
 * scenario loader's words ("expected a value after ',', found ']' (JSON allows no trailing comma)");
 * QJ_WHAT_MAX bytes hold any such text. */
#define QJ_WHAT_MAX 400
cJSON *qj_parse(const char *text, int *line, int *col, char *what, size_t whatsz);

/* A list of messages, one per line, written into a caller's buffer: whole lines only, control
 * characters escaped; when the buffer is full the last line says "FILE: ... and N more". */
typedef struct qj_errs {
    char *buf; size_t cap, len;
    const char *file;
    const char *text; size_t text_len; /* the file's text, when known: messages then say where (qj_errs_text) */
    int count;
    int dropped; /* lines that did not fit */
} qj_errs;
void qj_errs_init(qj_errs *e, const char *file, char *buf, size_t cap);
/* The text the messages' JSON paths point into (kept, not copied): each message then starts
 * "FILE:LINE:COL:", at the path's key, or at the nearest enclosing one a missing key would go in. */
void qj_errs_text(qj_errs *e, const char *text, size_t len);
/* Appends "FILE: PATH: message\n" (PATH omitted if NULL), "FILE:LINE:COL: PATH: ..." with a text. */
void qj_err(qj_errs *e, const char *path, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* In the scenario loader's words (sc_describe()): "a string \"abc\"", "3", "true", "an object", "an array",
 * "null": for "expected ..., got X". */
void qj_describe(const cJSON *v, char *buf, size_t bufsz);

/* Check the keys of an object against the allowed list (NULL-terminated); reports unknown keys
 * with a "did you mean" when one is close. Returns the number of unknown keys. */
int qj_check_keys(qj_errs *e, const char *path, const cJSON *obj, const char *const *allowed);
/* The allowed word nearest to `word`, by the loader's rule (rv_suggest()) and ignoring case, or NULL. */
const char *qj_nearest(const char *word, const char *const *allowed);

/* Pretty-print in the workbook's canonical style: two-space indent, containers that fit in 100
 * columns on one line, UTF-8 kept as is, integers without exponent. malloc'd, ends with '\n'. */
char *qj_print(const cJSON *v);

#endif
