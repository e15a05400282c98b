/* export.c — one student's progress as RFC 4180 CSV, written safely, and read back for a class summary. */
#include "workbook/classroom.h"
#include "workbook/score.h"
#include "workbook/json.h"
#include "util/ownfile.h"
#include "util/safefile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- writing */

typedef struct sbuf { char *s; size_t len, cap; bool oom; } sbuf;

static void put(sbuf *b, const char *text, size_t n)
{
    if (b->oom) return;
    if (b->len + n + 1 > b->cap) {
        size_t ncap = (b->cap ? b->cap * 2 : 4096) + n;
        char *ns = realloc(b->s, ncap);
        if (!ns) { b->oom = true; return; }
        b->s = ns;
        b->cap = ncap;
    }
    memcpy(b->s + b->len, text, n);
    b->len += n;
    b->s[b->len] = 0;
}

/* RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled */
static void field(sbuf *b, const char *v, bool last)
{
    if (strpbrk(v, ",\"\r\n")) {
        put(b, "\"", 1);
        for (const char *c = v; *c; c++) {
            if (*c == '"') put(b, "\"", 1);
            put(b, c, 1);
        }
        put(b, "\"", 1);
    } else {
        put(b, v, strlen(v));
    }
    put(b, last ? "\r\n" : ",", last ? 2 : 1);
}

typedef struct csv_walk { sbuf b; const char *student; } csv_walk;

/* One row: the question's progress as --export writes it (an untouched question too: 0 attempts) */
static void csv_row(void *ctx, const wb_question_ref *q)
{
    csv_walk *w = ctx;
    const progress_entry *e = q->e;
    enum wb_outcome o = wb_outcome_of(e);
    char att[16], secs[32];
    snprintf(att, sizeof att, "%d", e ? e->attempts : 0);
    snprintf(secs, sizeof secs, "%.0f", e ? e->seconds : 0.0);
    field(&w->b, w->student, false);
    field(&w->b, q->key, false);
    field(&w->b, q->l->questions[q->question].id, false);
    field(&w->b, att, false);
    field(&w->b, o == WB_FIRST_TRY ? "1" : "0", false);
    field(&w->b, wb_outcome_name(o), false);
    field(&w->b, e && e->hinted ? "1" : "0", false);
    field(&w->b, e && e->revealed ? "1" : "0", false);
    field(&w->b, secs, false);
    field(&w->b, e ? e->first : "", true);
}

char *wb_csv_text(const quiz_set *set, progress *p)
{
    csv_walk w = {{0}, NULL};
    put(&w.b, WB_CSV_HEADER "\r\n", strlen(WB_CSV_HEADER) + 2);
    w.student = progress_student(p); /* made here when the student has none yet, before the walk reads p */
    wb_each_question(set, p, csv_row, &w);
    if (w.b.oom) { free(w.b.s); return NULL; }
    return w.b.s;
}

/* An export replaces only an earlier one (util/ownfile.h's OF_ANSWERS) or nothing a user would miss. */
int wb_export_check(const char *path, char *err, size_t errlen)
{
    bool replaces;
    return strcmp(path, "-") ? of_check(path, OF_ANSWERS, &replaces, err, errlen) : 0;
}

int wb_export_csv(const quiz_set *set, progress *p, const char *path, char *err, size_t errlen)
{
    char *text = wb_csv_text(set, p);
    if (!text) { snprintf(err, errlen, "out of memory"); return -1; }
    size_t n = strlen(text);
    int rc = 0;
    if (!strcmp(path, "-")) {
        if (fwrite(text, 1, n, stdout) != n || fflush(stdout) != 0) {
            snprintf(err, errlen, "cannot write to standard output: %s", strerror(errno));
            rc = -1;
        }
    } else if ((rc = wb_export_check(path, err, errlen)) == 0) {
        /* util/safefile: temp file beside the target and rename; symlinks kept, pipes written through.
         * 0644, unlike progress: an export is meant to be handed to someone */
        rc = sf_write_file(path, text, n, 0644, err, errlen);
    }
    free(text);
    return rc;
}

/* ---------------------------------------------------------------- reading */

/* One RFC 4180 record from *pos, its fields separated by sep: fields into out (malloc'd strings),
 * count in *n. Line numbers advance over line breaks inside quotes. 0 ok, 1 end of text, -1 a
 * malformed quote (why set). */
static int read_record(const char **pos, int *line, char sep, char ***out, size_t *n, const char **why)
{
    const char *c = *pos;
    *out = NULL;
    *n = 0;
    if (!*c) return 1;
    size_t cap = 0;
    for (;;) {
        sbuf f = {0};
        put(&f, "", 0);
        if (*c == '"') {
            for (c++;; c++) {
                if (!*c) { *why = "a quoted field is not closed"; free(f.s); return -1; }
                if (*c == '"' && c[1] == '"') { put(&f, "\"", 1); c++; continue; }
                if (*c == '"') { c++; break; }
                if (*c == '\n') (*line)++;
                put(&f, c, 1);
            }
            if (*c && *c != sep && *c != '\r' && *c != '\n') { *why = "text after a closing quote"; free(f.s); return -1; }
        } else {
            const char *s = c;
            while (*c && *c != sep && *c != '\r' && *c != '\n') {
                if (*c == '"') { *why = "a quote inside an unquoted field"; free(f.s); return -1; }
                c++;
            }
            put(&f, s, (size_t)(c - s));
        }
        if (f.oom) { *why = "out of memory"; free(f.s); return -1; }
        if (*n == cap) {
            cap = cap ? cap * 2 : 16;
            char **nf = realloc(*out, cap * sizeof *nf);
            if (!nf) { *why = "out of memory"; free(f.s); return -1; }
            *out = nf;
        }
        (*out)[(*n)++] = f.s;
        if (*c == sep) { c++; continue; }
        if (*c == '\r') c++;
        if (*c == '\n') { c++; (*line)++; }
        break;
    }
    *pos = c;
    return 0;
}

static void free_record(char **f, size_t n)
{
    for (size_t i = 0; i < n; i++) free(f[i]);
    free(f);
}

enum { C_STUDENT, C_LESSON, C_QUESTION, C_ATTEMPTS, C_FIRST_OK, C_OUTCOME, C_HINTS, C_SHOWN, C_TIME, C_FIRST, C_N };
static const char *const col_names[C_N] = {"student", "lesson", "question", "attempts", "first_try_right", "outcome",
                                           "hints_used", "shown", "time_spent_s", "first_answer"};

static bool is_flag(const char *v) { return !strcmp(v, "0") || !strcmp(v, "1"); }

/* One data row into p; false with a message naming the column. */
static bool row_to_entry(progress *p, char **f, const int *col, char *why, size_t whysz)
{
    char *end;
    long att = strtol(f[col[C_ATTEMPTS]], &end, 10);
    if (!*f[col[C_ATTEMPTS]] || *end || att < 0 || att > 1000000) {
        snprintf(why, whysz, "column attempts: expected a whole number, got \"%s\"", f[col[C_ATTEMPTS]]);
        return false;
    }
    static const int flags[] = {C_FIRST_OK, C_HINTS, C_SHOWN};
    for (int i = 0; i < 3; i++)
        if (!is_flag(f[col[flags[i]]])) {
            snprintf(why, whysz, "column %s: expected 0 or 1, got \"%s\"", col_names[flags[i]], f[col[flags[i]]]);
            return false;
        }
    double secs = strtod(f[col[C_TIME]], &end);
    if (!*f[col[C_TIME]] || *end || secs < 0) {
        snprintf(why, whysz, "column time_spent_s: expected a number of seconds, got \"%s\"", f[col[C_TIME]]);
        return false;
    }
    enum wb_outcome o = WB_NOUTCOMES;
    for (int i = 0; i < WB_NOUTCOMES; i++)
        if (!strcmp(f[col[C_OUTCOME]], wb_outcome_name((enum wb_outcome)i))) o = (enum wb_outcome)i;
    if (o == WB_NOUTCOMES) {
        snprintf(why, whysz, "column outcome: expected \"first try\", \"after retries\", \"with help\", \"to do\" or "
                 "\"not answered\", got \"%s\"", f[col[C_OUTCOME]]);
        return false;
    }
    if (strlen(f[col[C_LESSON]]) >= sizeof p->e[0].lesson || strlen(f[col[C_QUESTION]]) >= sizeof p->e[0].qid ||
        strlen(f[col[C_STUDENT]]) >= sizeof p->student || strlen(f[col[C_FIRST]]) >= sizeof p->e[0].first) {
        snprintf(why, whysz, "a student, lesson, question or answer that is too long");
        return false;
    }
    if (!p->student[0]) snprintf(p->student, sizeof p->student, "%s", f[col[C_STUDENT]]);
    else if (strcmp(p->student, f[col[C_STUDENT]])) {
        snprintf(why, whysz, "column student: one file holds one student, found \"%s\" after \"%s\"", f[col[C_STUDENT]], p->student);
        return false;
    }
    /* every row is kept, an untouched one too: the merge counts an export's rows (it has one per
     * question of the quiz it was made with) and hints read on questions left unanswered */
    progress_entry *e = progress_get(p, f[col[C_LESSON]], f[col[C_QUESTION]], true);
    if (!e) { snprintf(why, whysz, "out of memory"); return false; }
    e->attempts = (int)att;
    e->first_ok = o == WB_FIRST_TRY;
    e->hinted = f[col[C_HINTS]][0] == '1';
    e->revealed = f[col[C_SHOWN]][0] == '1';
    /* "with help" with the answer shown is either shown and never answered right, or shown and
     * answered right later (--again); the row does not say which. With no answer given it cannot
     * have been right; with answers but no first answer, the answer was shown before any and the
     * answers came after, most often right (--again asks until right; a student may also quit on a
     * wrong one: this is a guess, which a progress file's record of the same question overrules in
     * the merge); a first answer means a wrong one before the answer was shown, the usual way to give
     * up (the rarer wrong, shown, right later reads as shown) */
    e->correct = o == WB_FIRST_TRY || o == WB_RETRIES ||
                 (o == WB_HELPED && (!e->revealed || (att > 0 && !f[col[C_FIRST]][0])));
    e->helped = o == WB_HELPED;
    e->seconds = secs;
    snprintf(e->first, sizeof e->first, "%s", f[col[C_FIRST]]);
    return true;
}

/* Two rows for one question: most likely a spreadsheet that read a question id such as "2.10" as
 * the number 2.1. Taking either row would count one question's record under another's id, so the
 * file is refused, naming both lines. rows[i] is the line of the row that made entry i (a row makes
 * exactly one entry, as a second row for an entry is refused here). */
static bool row_is_new(const progress *p, char **f, const int *col, const int *rows, char *why, size_t whysz)
{
    for (size_t i = 0; i < p->n; i++)
        if (!strcmp(p->e[i].lesson, f[col[C_LESSON]]) && !strcmp(p->e[i].qid, f[col[C_QUESTION]])) {
            snprintf(why, whysz, "a second row for question %s of %s (the first is line %d): a spreadsheet may have "
                     "read a question id such as 1.10 as the number 1.1; export the file again, or import the "
                     "question column as text", f[col[C_QUESTION]], f[col[C_LESSON]], rows[i]);
            return false;
        }
    return true;
}

/* The header record, its separator found: "," as rcuvis writes, or ";" or a tab, which a
 * spreadsheet saving CSV in a locale whose decimal mark is a comma (or as "Text (Tab delimited)")
 * writes instead; the fields rcuvis writes hold neither. *sep is set to the one that splits it. */
static int read_header(const char **pos, int *line, char *sep, char ***f, size_t *n, const char **why)
{
    static const char seps[] = {',', ';', '\t'};
    for (size_t i = 0; i < sizeof seps; i++) {
        const char *at = *pos;
        int l = *line;
        int r = read_record(&at, &l, seps[i], f, n, why);
        if (r != 0) return r;
        if (*n > 1 || i + 1 == sizeof seps) { *pos = at; *line = l; *sep = seps[i]; return 0; }
        free_record(*f, *n);
    }
    return 1; /* not reached: the last separator is taken whatever it splits */
}

int wb_csv_read(const char *path, progress *p, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    size_t len;
    char *text = qj_read_file(path, &len);
    if (!text) { snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno)); return -1; }
    const char *pos = text, *why = NULL;
    /* a spreadsheet's "Unicode text" is UTF-16 (a byte order mark, or a zero byte in every other
     * place), which no header check below could make sense of */
    if (len >= 2 && (!memcmp(text, "\xFF\xFE", 2) || !memcmp(text, "\xFE\xFF", 2) || !text[0] || !text[1])) {
        snprintf(err, errlen, "%s:1: the file is UTF-16 (a spreadsheet's \"Unicode text\"), expected UTF-8 CSV: "
                 "save it as CSV (UTF-8), or export it again", path);
        free(text);
        return -1;
    }
    if (!strncmp(pos, "\xEF\xBB\xBF", 3)) pos += 3; /* a spreadsheet's UTF-8 byte order mark */
    int line = 1, col[C_N], rc = 0;
    char **f, sep = ',';
    size_t n;
    char msg[512];
    /* the header names the columns; their order is free, as spreadsheets may reorder them */
    if (read_header(&pos, &line, &sep, &f, &n, &why) != 0) {
        snprintf(err, errlen, "%s:1: %s", path, why ? why : "the file is empty, expected the header " WB_CSV_HEADER);
        free(text);
        return -1;
    }
    for (int c = 0; c < C_N; c++) {
        col[c] = -1;
        for (size_t i = 0; i < n; i++)
            if (!strcmp(f[i], col_names[c])) col[c] = (int)i;
        if (col[c] < 0) {
            snprintf(err, errlen, "%s:1: the header lacks the column %s (expected %s)", path, col_names[c], WB_CSV_HEADER);
            free_record(f, n);
            free(text);
            return -1;
        }
    }
    size_t ncols = n;
    free_record(f, n);
    int *rows = NULL;
    size_t rows_cap = 0;
    for (;;) {
        int at = line;
        int r = read_record(&pos, &line, sep, &f, &n, &why);
        if (r == 1) break;
        if (r < 0) { snprintf(err, errlen, "%s:%d: %s", path, at, why); rc = -1; break; }
        if (n == 1 && !f[0][0]) { free_record(f, n); continue; } /* an empty line */
        if (n != ncols) {
            snprintf(err, errlen, "%s:%d: expected %zu fields like the header, got %zu", path, at, ncols, n);
            free_record(f, n);
            rc = -1;
            break;
        }
        if (p->n == rows_cap) {
            rows_cap = rows_cap ? rows_cap * 2 : 128;
            int *nr = realloc(rows, rows_cap * sizeof *nr);
            if (!nr) { snprintf(err, errlen, "%s:%d: out of memory", path, at); free_record(f, n); rc = -1; break; }
            rows = nr;
        }
        rows[p->n] = at;
        bool ok = row_is_new(p, f, col, rows, msg, sizeof msg) && row_to_entry(p, f, col, msg, sizeof msg);
        free_record(f, n);
        if (!ok) { snprintf(err, errlen, "%s:%d: %s", path, at, msg); rc = -1; break; }
    }
    free(rows);
    free(text);
    if (rc != 0) progress_free(p);
    return rc;
}
