/* util.c — the loader's message plumbing: error list, JSON paths, value descriptions, "did you mean". */
#include "priv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sc_errs_init(sc_errs *e, const char *file, char *buf, size_t cap)
{
    e->file = file ? file : "<scenario>";
    e->buf = buf;
    e->cap = buf ? cap : 0;
    e->len = 0;
    e->count = 0;
    if (e->cap) buf[0] = 0;
}

/* Lines are joined with '\n'; the buffer is truncated cleanly (snprintf semantics) when full. */
static void append(sc_errs *e, const char *s)
{
    if (e->len + 1 >= e->cap) return;
    if (e->len > 0) e->buf[e->len++] = '\n';
    int n = snprintf(e->buf + e->len, e->cap - e->len, "%s", s);
    if (n < 0) n = 0;
    e->len += (size_t)n < e->cap - e->len ? (size_t)n : e->cap - e->len - 1;
}

void sc_err_line(sc_errs *e, const char *line)
{
    e->count++;
    if (e->count <= SC_MAX_ERRORS) append(e, line);
}

void sc_errf(sc_errs *e, const char *fmt, ...)
{
    char msg[1024], line[1200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(line, sizeof line, "%s: %s", e->file, msg);
    sc_err_line(e, line);
}

void sc_errs_finish(sc_errs *e)
{
    if (e->count > SC_MAX_ERRORS) {
        char line[600];
        snprintf(line, sizeof line, "%s: ... and %d more problems", e->file, e->count - SC_MAX_ERRORS);
        append(e, line);
    }
}

void sc_path_root(sc_path *p)
{
    strcpy(p->s, "$");
    p->len = 1;
}

/* Appends are clipped at the buffer's end: a path that long is cut in the message, never overflows. */
static void path_grow(sc_path *p, int n)
{
    if (n > 0) p->len += (size_t)n < sizeof p->s - p->len ? (size_t)n : sizeof p->s - p->len - 1;
}

/* Plain keys read as ".key"; anything else (spaces, dots, a newline from "\n") as ["key"], quoted and
 * escaped, so that one problem always stays one line. */
size_t sc_path_key(sc_path *p, const char *key)
{
    size_t old = p->len;
    if (!key) key = "";
    bool plain = *key && strspn(key, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$-") == strlen(key);
    if (plain) {
        path_grow(p, snprintf(p->s + p->len, sizeof p->s - p->len, ".%s", key));
    } else {
        char q[200];
        sc_quote(key, q, sizeof q);
        path_grow(p, snprintf(p->s + p->len, sizeof p->s - p->len, "[%s]", q));
    }
    return old;
}

size_t sc_path_index(sc_path *p, int i)
{
    size_t old = p->len;
    path_grow(p, snprintf(p->s + p->len, sizeof p->s - p->len, "[%d]", i));
    return old;
}

void sc_path_pop(sc_path *p, size_t len)
{
    p->len = len;
    p->s[len] = 0;
}

void sc_fmt_num(double v, char *buf, size_t n)
{
    /* words, not a made-up literal: no JSON text reads back as these */
    if (isnan(v)) { snprintf(buf, n, "not a number (NaN)"); return; }
    if (isinf(v)) { snprintf(buf, n, "a %snumber too large to represent (overflows a double)", v < 0 ? "negative " : ""); return; }
    if (v == floor(v) && fabs(v) < 1e15) { snprintf(buf, n, "%.0f", v); return; } /* 1000000000, not 1e+09 */
    for (int prec = 6; prec <= 17; prec++) {
        snprintf(buf, n, "%.*g", prec, v);
        if (strtod(buf, NULL) == v) return;
    }
}

/* Long strings are cut so a message stays one readable line; quotes and controls are escaped.
 * Every piece is appended only if "...", the closing quote and the NUL still fit after it, so the
 * result never outgrows buf whatever the mix of plain and escaped characters (an escape is 6). */
void sc_quote(const char *s, char *buf, size_t n)
{
    const size_t limit = 60, tail = 5; /* "..." + '"' + NUL */
    if (n < 8) { if (n) buf[0] = 0; return; }
    size_t o = 0;
    buf[o++] = '"';
    for (size_t i = 0; s[i]; i++) {
        unsigned char ch = (unsigned char)s[i];
        char piece[8];
        size_t len;
        if (ch == '"' || ch == '\\') len = (size_t)snprintf(piece, sizeof piece, "\\%c", ch);
        else if (ch == '\n') len = (size_t)snprintf(piece, sizeof piece, "\\n");
        else if (ch == '\t') len = (size_t)snprintf(piece, sizeof piece, "\\t"); /* as the author wrote them in JSON */
        else if (ch == '\r') len = (size_t)snprintf(piece, sizeof piece, "\\r");
        else if (ch < 0x20 || ch == 0x7f) len = (size_t)snprintf(piece, sizeof piece, "\\u%04x", ch);
        else { piece[0] = (char)ch; len = 1; }
        if (i >= limit || o + len + tail > n) {
            memcpy(buf + o, "...", 3);
            o += 3;
            break;
        }
        memcpy(buf + o, piece, len);
        o += len;
    }
    buf[o++] = '"';
    buf[o] = 0;
}

void sc_describe(const cJSON *v, char *buf, size_t n)
{
    char tmp[200];
    if (!v) snprintf(buf, n, "nothing");
    else if (cJSON_IsString(v)) {
        /* quote into what is left after "a string ", so a long value is cut by sc_quote (with "...")
         * and not in the middle of an escape by the snprintf below */
        size_t room = n > 10 ? n - 9 : 0;
        sc_quote(v->valuestring, tmp, room < sizeof tmp ? room : sizeof tmp);
        snprintf(buf, n, "a string %s", tmp);
    }
    else if (cJSON_IsNumber(v) && v->valuestring) {
        /* the file's own text of a number a double cannot hold (sc_numlits_attach): 1e400, not inf */
        size_t len = strlen(v->valuestring);
        if (len <= 40) snprintf(buf, n, "%s", v->valuestring);
        else snprintf(buf, n, "%.24s... (a %zu-character number)", v->valuestring, len);
    }
    else if (cJSON_IsNumber(v)) sc_fmt_num(v->valuedouble, buf, n);
    else if (cJSON_IsTrue(v)) snprintf(buf, n, "true");
    else if (cJSON_IsFalse(v)) snprintf(buf, n, "false");
    else if (cJSON_IsNull(v)) snprintf(buf, n, "null");
    else if (cJSON_IsArray(v)) snprintf(buf, n, "an array");
    else if (cJSON_IsObject(v)) snprintf(buf, n, "an object");
    else snprintf(buf, n, "an invalid value");
}

/* Optimal-string-alignment distance: a swap of two neighbours ("nmae") counts as one slip. */
int sc_edit_distance(const char *a, const char *b, int cap)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64) return cap + 1; /* nobody misspells a 65-letter key */
    int d[65][65];
    for (size_t i = 0; i <= la; i++) d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++) d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        for (size_t j = 1; j <= lb; j++) {
            int v = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < v) v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v) v = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
        }
    }
    return d[la][lb] > cap ? cap + 1 : d[la][lb];
}

/* A suggestion is offered when the distance is small relative to the word: one slip in a short
 * key, up to a third of a long one. Ties keep the first candidate (tables list common keys first). */
const char *sc_suggest(const char *word, const char *const *cands, size_t n)
{
    size_t len = strlen(word);
    int cap = len <= 4 ? 1 : len <= 8 ? 2 : (int)(len / 3);
    const char *best = NULL;
    int bestd = cap + 1;
    for (size_t i = 0; i < n; i++) {
        int d = sc_edit_distance(word, cands[i], cap);
        if (d < bestd) { bestd = d; best = cands[i]; }
    }
    /* the unit left off ("at" for "at_s"): two edits, too many for so short a word */
    for (size_t i = 0; !best && len >= 2 && i < n; i++)
        if (strncmp(cands[i], word, len) == 0 && strcmp(cands[i] + len, "_s") == 0) best = cands[i];
    /* a shortened key ("rate" for "rate_per_s") is far in edits but obviously meant */
    for (size_t i = 0; !best && len >= 3 && i < n; i++)
        if (strncmp(cands[i], word, len) == 0) best = cands[i];
    return best;
}

const char *rv_suggest(const char *word, const char *const *cands, size_t n) { return sc_suggest(word, cands, n); }

const char *rv_option_hint(const char *typed, const char *const *opts, size_t n, char *buf, size_t bufsz)
{
    if (!bufsz) return buf;
    buf[0] = 0;
    /* "--at=3" is typed as one word: the name before "=" is what was mistyped */
    char name[64];
    const char *eq = strchr(typed, '=');
    size_t nl = eq ? (size_t)(eq - typed) : strlen(typed);
    snprintf(name, sizeof name, "%.*s", (int)(nl < sizeof name - 1 ? nl : sizeof name - 1), typed);
    /* the option is right, but this command takes no "=" ("--cue=2": its value is the next word; a
     * flag takes none) */
    for (size_t i = 0; eq && i < n; i++)
        if (!strcmp(opts[i], name)) {
            snprintf(buf, bufsz, "; '%s' is an option here, but not with '=': a value is the next word", name);
            return buf;
        }
    const char *near = sc_suggest(name, opts, n);
    if (near) snprintf(buf, bufsz, "; did you mean '%s'?", near);
    return buf;
}

void sc_line_col(const char *text, size_t off, int *line, int *col)
{
    int l = 1, c = 1;
    for (size_t i = 0; i < off; i++) {
        unsigned char ch = (unsigned char)text[i];
        /* a lone CR ends a line too (old Mac files); in CRLF the LF does */
        if (ch == '\n' || (ch == '\r' && text[i + 1] != '\n')) { l++; c = 1; }
        else if ((ch & 0xC0) != 0x80) c++; /* count characters, not UTF-8 continuation bytes */
    }
    *line = l;
    *col = c;
}
