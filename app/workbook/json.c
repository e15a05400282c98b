/* json.c — JSON helpers for the workbook: file reading, line:col syntax errors, message lists, printing. */
#include "workbook/json.h"
#include "scenario.h"
#include "util/readfile.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Like the scenario loader: nothing rcuvis reads is this big, and /dev/zero must not eat memory. */
#define QJ_MAX_FILE ((size_t)64 << 20)

char *qj_read_file(const char *path, size_t *len) { return rf_read_file(path, len, QJ_MAX_FILE); }

cJSON *qj_parse(const char *text, int *line, int *col, char *what, size_t whatsz)
{
    /* The scenario loader's checker first: cJSON only says where it gave up ("unexpected end of
     * input" for a trailing comma), the checker says what it expected and found there, so a quiz
     * file's syntax error reads as a scenario's does. It is strict RFC 8259, as for scenarios. */
    size_t skip = 0;
    if (rv_json_syntax(text, strlen(text), &skip, line, col, what, whatsz) != 0) return NULL;
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithOpts(text + skip, &end, 1);
    if (root) return root;
    /* valid JSON that cJSON still refuses (nested too deep for it, out of memory) */
    text += skip;
    /* cJSON reports the byte where parsing stopped; turn it into the line:column editors show */
    if (!end || end < text) end = text;
    /* cJSON stops after the whitespace following the culprit: point at the culprit itself */
    while (end > text && *end && isspace((unsigned char)*end)) end--;
    int l = 1, c = 1;
    for (const char *p = text; p < end && *p; p++) {
        if (*p == '\n') { l++; c = 1; }
        else if (((unsigned char)*p & 0xC0) != 0x80) c++; /* count UTF-8 characters, not bytes */
    }
    *line = l; *col = c;
    if (!*end) snprintf(what, whatsz, "unexpected end of input");
    else if ((unsigned char)*end >= 0x20 && (unsigned char)*end < 0x7f) snprintf(what, whatsz, "unexpected character '%c'", *end);
    else snprintf(what, whatsz, "unexpected byte 0x%02x", (unsigned char)*end);
    return NULL;
}

void qj_errs_init(qj_errs *e, const char *file, char *buf, size_t cap)
{
    e->buf = buf; e->cap = cap; e->len = 0; e->file = file; e->count = 0; e->dropped = 0;
    e->text = NULL; e->text_len = 0;
    if (buf && cap) buf[0] = 0;
}

void qj_errs_text(qj_errs *e, const char *text, size_t len) { e->text = text; e->text_len = len; }

/* Where path sits in the text, as the scenario loader says it ("file:line:col:"), so that an editor
 * jumps there: its own key, or for a key that is missing ("explanation ... got nothing"), the
 * nearest enclosing key or item that is there. */
static bool path_pos(const qj_errs *e, const char *path, int *line, int *col)
{
    if (!e->text || !path || path[0] != '$') return false;
    char p[512];
    snprintf(p, sizeof p, "%s", path);
    for (;;) {
        if (rv_json_path_pos(e->text, e->text_len, p, line, col)) return true;
        char *dot = strrchr(p, '.'), *br = strrchr(p, '[');
        char *cut = dot > br ? dot : br;
        if (!cut || cut == p) return false;
        *cut = 0;
    }
}

/* Copy src to dst escaping control characters (a key or value may hold "\n" or a terminal escape
 * sequence; printed raw it would forge lines or recolour the terminal). Returns the length. */
static size_t escape_controls(char *dst, size_t n, const char *src)
{
    size_t o = 0;
    for (; *src && o + 7 < n; src++) {
        unsigned char c = (unsigned char)*src;
        if (c == '\n') { dst[o++] = '\\'; dst[o++] = 'n'; }
        else if (c < 0x20 || c == 0x7f) o += (size_t)snprintf(dst + o, n - o, "\\u%04x", c);
        else dst[o++] = (char)c;
    }
    dst[o] = 0;
    return o;
}

/* Room kept at the end of the buffer for the "... and N more" line. */
#define QJ_MORE_ROOM 96

void qj_err(qj_errs *e, const char *path, const char *fmt, ...)
{
    e->count++;
    if (!e->buf || !e->cap) return;
    char msg[1024], line[1400], clean[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int l, c;
    bool stored = !e->dropped && e->len + QJ_MORE_ROOM < e->cap; /* a dropped line needs no place (each costs a parse) */
    if (path && stored && path_pos(e, path, &l, &c)) snprintf(line, sizeof line, "%s:%d:%d: %s: %s", e->file, l, c, path, msg);
    else if (path) snprintf(line, sizeof line, "%s: %s: %s", e->file, path, msg);
    else snprintf(line, sizeof line, "%s: %s", e->file, msg);
    size_t w = escape_controls(clean, sizeof clean, line);
    /* whole lines only: when the next one does not fit, count it and say so on the last line */
    if (!e->dropped && e->len + w + 1 + QJ_MORE_ROOM < e->cap) {
        memcpy(e->buf + e->len, clean, w);
        e->buf[e->len + w] = '\n';
        e->len += w + 1;
        e->buf[e->len] = 0;
        return;
    }
    e->dropped++;
    char file[64];
    escape_controls(file, sizeof file, e->file);
    snprintf(e->buf + e->len, e->cap - e->len, "%s: ... and %d more\n", file, e->dropped);
}

void qj_describe(const cJSON *v, char *buf, size_t bufsz)
{
    if (!v) snprintf(buf, bufsz, "nothing");
    else if (cJSON_IsString(v)) {
        char cut[48], esc[300];
        snprintf(cut, sizeof cut, "%.40s", v->valuestring);
        escape_controls(esc, sizeof esc, cut);
        snprintf(buf, bufsz, "a string \"%s%s\"", esc, strlen(v->valuestring) > 40 ? "..." : "");
    }
    /* cJSON reads 1e400 as inf: say what happened, never a made-up literal */
    else if (cJSON_IsNumber(v) && !isfinite(v->valuedouble)) snprintf(buf, bufsz, "a number too large to represent (it overflows a double)");
    else if (cJSON_IsNumber(v)) snprintf(buf, bufsz, "%g", v->valuedouble);
    else if (cJSON_IsTrue(v)) snprintf(buf, bufsz, "true");
    else if (cJSON_IsFalse(v)) snprintf(buf, bufsz, "false");
    else if (cJSON_IsNull(v)) snprintf(buf, bufsz, "null");
    else if (cJSON_IsArray(v)) snprintf(buf, bufsz, cJSON_GetArraySize(v) ? "an array" : "an empty array");
    else snprintf(buf, bufsz, "an object");
}

/* The loader's "did you mean" rule (rv_suggest(), scenario.h), so a quiz's misspelt key is
 * answered as a scenario's is; `allowed` ends with NULL. */
const char *qj_nearest(const char *word, const char *const *allowed)
{
    size_t n = 0;
    while (allowed[n]) n++;
    char low[65]; /* the quiz's words are lower case: "KERNEL" means kernel */
    size_t len = strlen(word);
    if (len >= sizeof low) return rv_suggest(word, allowed, n);
    for (size_t i = 0; i <= len; i++) low[i] = (char)tolower((unsigned char)word[i]);
    return rv_suggest(low, allowed, n);
}

int qj_check_keys(qj_errs *e, const char *path, const cJSON *obj, const char *const *allowed)
{
    int unknown = 0;
    for (const cJSON *k = obj ? obj->child : NULL; k; k = k->next) {
        bool ok = false;
        for (size_t i = 0; allowed[i] && !ok; i++) ok = strcmp(k->string, allowed[i]) == 0;
        if (ok) continue;
        unknown++;
        char kp[256];
        snprintf(kp, sizeof kp, "%s.%s", path, k->string);
        const char *near = qj_nearest(k->string, allowed);
        if (near) qj_err(e, kp, "unknown key; did you mean \"%s\"?", near);
        else qj_err(e, kp, "unknown key");
    }
    return unknown;
}

/* ---------------------------------------------------------------- printer */

typedef struct sbuf { char *p; size_t len, cap; bool oom; } sbuf;

static void sb_putn(sbuf *s, const char *t, size_t n)
{
    if (s->oom) return;
    if (s->len + n + 1 > s->cap) {
        size_t ncap = s->cap ? s->cap : 4096;
        while (s->len + n + 1 > ncap) ncap *= 2;
        char *np = realloc(s->p, ncap);
        if (!np) { s->oom = true; return; }
        s->p = np; s->cap = ncap;
    }
    memcpy(s->p + s->len, t, n);
    s->len += n;
    s->p[s->len] = 0;
}
static void sb_puts(sbuf *s, const char *t) { sb_putn(s, t, strlen(t)); }

static void put_string(sbuf *s, const char *str)
{
    sb_puts(s, "\"");
    for (const unsigned char *p = (const unsigned char *)str; *p; p++) {
        char esc[8];
        switch (*p) {
        case '"': sb_puts(s, "\\\""); break;
        case '\\': sb_puts(s, "\\\\"); break;
        case '\n': sb_puts(s, "\\n"); break;
        case '\t': sb_puts(s, "\\t"); break;
        case '\r': sb_puts(s, "\\r"); break;
        default:
            if (*p < 0x20) { snprintf(esc, sizeof esc, "\\u%04x", *p); sb_puts(s, esc); }
            else sb_putn(s, (const char *)p, 1);
        }
    }
    sb_puts(s, "\"");
}

static void put_number(sbuf *s, double d)
{
    char b[40];
    if (!isfinite(d)) snprintf(b, sizeof b, "null");
    else if (d == floor(d) && fabs(d) < 9007199254740992.0) snprintf(b, sizeof b, "%.0f", d);
    else {
        /* shortest form that reads back to the same double */
        for (int prec = 15; prec <= 17; prec++) {
            snprintf(b, sizeof b, "%.*g", prec, d);
            if (strtod(b, NULL) == d) break;
        }
    }
    sb_puts(s, b);
}

static void put_value(sbuf *s, const cJSON *v, int indent, bool compact);

static void put_container(sbuf *s, const cJSON *v, int indent, bool compact)
{
    bool obj = cJSON_IsObject(v);
    if (!v->child) { sb_puts(s, obj ? "{}" : "[]"); return; }
    sb_puts(s, obj ? (compact ? "{" : "{\n") : (compact ? "[" : "[\n"));
    for (const cJSON *c = v->child; c; c = c->next) {
        if (!compact) for (int i = 0; i < indent + 2; i++) sb_puts(s, " ");
        if (obj) { put_string(s, c->string); sb_puts(s, ": "); }
        put_value(s, c, indent + 2, compact);
        if (c->next) sb_puts(s, compact ? ", " : ",");
        if (!compact) sb_puts(s, "\n");
    }
    if (!compact) for (int i = 0; i < indent; i++) sb_puts(s, " ");
    sb_puts(s, obj ? "}" : "]");
}

static void put_value(sbuf *s, const cJSON *v, int indent, bool compact)
{
    if (cJSON_IsString(v)) put_string(s, v->valuestring);
    else if (cJSON_IsNumber(v)) put_number(s, v->valuedouble);
    else if (cJSON_IsTrue(v)) sb_puts(s, "true");
    else if (cJSON_IsFalse(v)) sb_puts(s, "false");
    else if (cJSON_IsNull(v)) sb_puts(s, "null");
    else {
        if (!compact) {
            /* try the one-line form first; keep it if it is short enough */
            sbuf t = {0};
            put_container(&t, v, 0, true);
            bool fits = !t.oom && t.len + (size_t)indent + 24 <= 100 && !strchr(t.p ? t.p : "", '\n');
            if (fits) { sb_puts(s, t.p); free(t.p); return; }
            free(t.p);
        }
        put_container(s, v, indent, compact);
    }
}

char *qj_print(const cJSON *v)
{
    sbuf s = {0};
    put_value(&s, v, 0, false);
    sb_puts(&s, "\n");
    if (s.oom) { free(s.p); return NULL; }
    return s.p;
}
