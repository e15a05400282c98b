/* syntax.c — a strict JSON syntax checker that says where (line:col) and what was expected. */
#include "priv.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * cJSON only reports the byte where it gave up, not what it wanted there, so the loader first runs
 * this small recursive-descent checker over the text. It accepts exactly RFC 8259 JSON and stops at
 * the first error; once it passes, cJSON parses the same text into the tree the schema walker reads.
 */

#define MAX_DEPTH 256

typedef struct lx {
    const char *s;
    size_t len, pos;
    int depth;
    sc_errs *errs;        /* NULL: only the first error's place and text are kept (rv_json_syntax) */
    bool failed;
    int line, col;        /* of the first error */
    char msg[400];
    sc_numlits *lits; /* NULL: not collected */
    /* where the checker is, for a message about a string's bytes: not UTF-8 is a problem of one
     * value, which the author finds by its JSON path; base: the bytes before s (a byte order mark),
     * so an offset counts from the file's first byte */
    sc_path path;
    size_t base;
    bool encoding; /* the first error is about bytes, not syntax */
} lx;

static void fail_at(lx *x, size_t off, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail_at(lx *x, size_t off, const char *fmt, ...)
{
    if (x->failed) return;
    x->failed = true;
    char line[1000];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->msg, sizeof x->msg, fmt, ap);
    va_end(ap);
    sc_line_col(x->s, off, &x->line, &x->col);
    if (!x->errs) return;
    /* bytes that are not UTF-8: the message starts with the JSON path and says what is wrong */
    snprintf(line, sizeof line, "%s:%d:%d: %s%s", x->errs->file, x->line, x->col, x->encoding ? "" : "syntax error: ", x->msg);
    sc_err_line(x->errs, line);
}

/* What sits at off, for "found ...". */
static const char *found(const lx *x, size_t off, char *buf, size_t n)
{
    if (off >= x->len) return "end of file";
    unsigned char ch = (unsigned char)x->s[off];
    if (ch == '\n' || ch == '\r') return "a line break";
    if (ch == '\'') return "a single quote (JSON strings use double quotes)";
    if (ch == '/') return "'/' (JSON has no comments)";
    /* a file saved as UTF-16 (Windows editors' "Unicode"): its byte order mark, or a NUL byte beside
     * every character */
    if ((ch == 0xFF || ch == 0xFE) && off + 1 < x->len && (unsigned char)x->s[off + 1] == (ch ^ 0x01))
        return "a UTF-16 byte order mark (the file is UTF-16: save it as UTF-8)";
    if (ch == 0) return "a NUL byte (if the file is UTF-16 without a byte order mark, save it as UTF-8)";
    if (ch < 0x20 || ch == 0x7f) { snprintf(buf, n, "control character 0x%02x", ch); return buf; }
    if (ch >= 0x80) return "a non-ASCII character";
    if (isalnum(ch) || ch == '_') {
        size_t e = off;
        while (e < x->len && e - off < 24 && (isalnum((unsigned char)x->s[e]) || x->s[e] == '_')) e++;
        snprintf(buf, n, "\"%.*s\"", (int)(e - off), x->s + off);
        return buf;
    }
    snprintf(buf, n, "'%c'", ch);
    return buf;
}

static void ws(lx *x)
{
    while (x->pos < x->len) {
        char ch = x->s[x->pos];
        if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r') break;
        x->pos++;
    }
}

static bool at(const lx *x, char ch) { return x->pos < x->len && x->s[x->pos] == ch; }
static bool digit_at(const lx *x) { return x->pos < x->len && isdigit((unsigned char)x->s[x->pos]); }

static bool value(lx *x);

/* The 4 hex digits after "\\u" at s (checked to be hex) as a number. */
static unsigned hex4(const char *s)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char ch = s[i];
        v = v * 16 + (unsigned)(ch <= '9' ? ch - '0' : (ch | 0x20) - 'a' + 10);
    }
    return v;
}

/* A string's bytes that are not UTF-8, at off: the string's JSON path (a key's: the object's, "one of
 * its keys"), the file offset and what is wrong. The message starts with the path ('$'), which is how
 * rv_json_syntax's callers tell it from a syntax error. */
static void not_utf8(lx *x, size_t start, size_t off, bool key, const char *why)
{
    char before[48];
    size_t from = off - start > 24 ? off - 24 : start; /* the text just before, to find it by eye */
    while (from < off && ((unsigned char)x->s[from] & 0xC0) == 0x80) from++;
    snprintf(before, sizeof before, "%.*s", (int)(off - from), x->s + from);
    x->encoding = true;
    fail_at(x, off, "%s%s: expected UTF-8 text, got the byte 0x%02x at file offset %zu%s%s%s, %s; save the file as UTF-8",
            x->path.s[0] ? x->path.s : "$", key ? " (one of its keys)" : "", (unsigned char)x->s[off], x->base + off,
            off > start ? " (after \"" : "", before, off > start ? "\")" : "", why);
}

static bool string_in(lx *x, bool key)
{
    size_t start = x->pos++; /* opening quote */
    char fb[64];
    while (x->pos < x->len) {
        unsigned char ch = (unsigned char)x->s[x->pos];
        if (ch == '"') { x->pos++; return true; }
        if (ch < 0x20) {
            fail_at(x, x->pos, "expected '\"' to end the string, found %s", found(x, x->pos, fb, sizeof fb));
            return false;
        }
        if (ch >= 0x80) { /* JSON text is UTF-8 (RFC 8259 8.1): one character at a time */
            char why[200];
            size_t k = sc_utf8_char(x->s + x->pos, x->len - x->pos, why, sizeof why);
            if (k == 0) { not_utf8(x, start + 1, x->pos, key, why); return false; }
            x->pos += k;
            continue;
        }
        if (ch == '\\') {
            x->pos++;
            if (x->pos >= x->len) break;
            char e = x->s[x->pos];
            if (e == 'u') {
                for (int i = 1; i <= 4; i++) {
                    if (x->pos + (size_t)i >= x->len || !isxdigit((unsigned char)x->s[x->pos + (size_t)i])) {
                        fail_at(x, x->pos - 1, "expected 4 hex digits after '\\u'");
                        return false;
                    }
                }
                /* cJSON ends a C string at a NUL, so "a\u0000b" would silently become "a" */
                if (memcmp(x->s + x->pos + 1, "0000", 4) == 0) {
                    fail_at(x, x->pos - 1, "'\\u0000' (a NUL character) cannot appear in a string");
                    return false;
                }
                /* UTF-16 surrogates come in pairs; cJSON refuses a lone one, and the loader then
                 * could only say that cJSON gave up */
                unsigned u = hex4(x->s + x->pos + 1);
                if (u >= 0xDC00 && u <= 0xDFFF) {
                    fail_at(x, x->pos - 1, "'\\u%.4s' is the second half of a UTF-16 surrogate pair, without the first "
                            "(\\ud800..\\udbff) before it", x->s + x->pos + 1);
                    return false;
                }
                if (u >= 0xD800 && u <= 0xDBFF) {
                    const char *n = x->s + x->pos + 5;
                    bool pair = x->pos + 10 < x->len && n[0] == '\\' && n[1] == 'u' && isxdigit((unsigned char)n[2]) &&
                                isxdigit((unsigned char)n[3]) && isxdigit((unsigned char)n[4]) && isxdigit((unsigned char)n[5]) &&
                                hex4(n + 2) >= 0xDC00 && hex4(n + 2) <= 0xDFFF;
                    if (!pair) {
                        fail_at(x, x->pos - 1, "'\\u%.4s' is the first half of a UTF-16 surrogate pair, without the second "
                                "(\\udc00..\\udfff) after it", x->s + x->pos + 1);
                        return false;
                    }
                    x->pos += 6;
                }
                x->pos += 4;
            } else if (!strchr("\"\\/bfnrt", e)) {
                fail_at(x, x->pos - 1, "invalid escape '\\%c' in a string", isprint((unsigned char)e) ? e : '?');
                return false;
            }
        }
        x->pos++;
    }
    int l, c;
    sc_line_col(x->s, start, &l, &c);
    fail_at(x, x->len, "unterminated string (it starts at line %d, column %d)", l, c);
    return false;
}

static bool string(lx *x) { return string_in(x, false); }

/* Does the literal s[0..len) read as a double that says something else: beyond the range (inf),
 * nonzero digits that underflow to 0, or an integer too big for a double to hold exactly? */
static bool unrepresentable(const char *s, size_t len)
{
    char small[64], *buf = len < sizeof small ? small : malloc(len + 1); /* most numbers are short */
    if (!buf) return false;
    memcpy(buf, s, len);
    buf[len] = 0;
    double d = strtod(buf, NULL);
    size_t mant = strcspn(buf, "eE");
    bool nonzero = strcspn(buf, "123456789") < mant;
    /* an integer from 2^53 up may have been rounded (9007199254740993 parses to ...992): a message
     * quotes what was written */
    bool big_integer = strcspn(buf, ".eE") == len && fabs(d) >= 9007199254740992.0;
    if (buf != small) free(buf);
    return !isfinite(d) || (d == 0 && nonzero) || big_integer;
}

static void note_number(lx *x, size_t start)
{
    sc_numlits *l = x->lits;
    if (!l) return;
    size_t ordinal = l->seen++;
    /* besides the numbers a double cannot hold, those a message would print otherwise than written:
     * an exponent (1e15 would come back as 1e+15, 5e-1 as 0.5) or a fraction's trailing zero (2.50) */
    const char *lit = x->s + start;
    size_t len = x->pos - start, mant = 0;
    while (mant < len && lit[mant] != 'e' && lit[mant] != 'E') mant++;
    bool fraction = memchr(lit, '.', mant) != NULL;
    bool restyled = mant < len || (fraction && lit[mant - 1] == '0');
    if (!restyled && !unrepresentable(lit, len)) return;
    if (l->n == l->cap) { /* out of memory only costs the literal: the message then describes the value */
        size_t cap = l->cap ? l->cap * 2 : 8;
        sc_numlit *nv = realloc(l->v, cap * sizeof *nv);
        if (!nv) return;
        l->v = nv;
        l->cap = cap;
    }
    l->v[l->n++] = (sc_numlit){ordinal, start, x->pos - start};
}

static bool number(lx *x)
{
    char fb[64];
    size_t start = x->pos;
    if (at(x, '-')) x->pos++;
    if (!digit_at(x)) {
        fail_at(x, x->pos, "expected a digit after '-', found %s", found(x, x->pos, fb, sizeof fb));
        return false;
    }
    if (at(x, '0')) {
        x->pos++;
        if (digit_at(x)) { fail_at(x, x->pos - 1, "a number cannot have a leading zero"); return false; }
    } else {
        while (digit_at(x)) x->pos++;
    }
    if (at(x, '.')) {
        x->pos++;
        if (!digit_at(x)) {
            fail_at(x, x->pos, "expected a digit after '.', found %s", found(x, x->pos, fb, sizeof fb));
            return false;
        }
        while (digit_at(x)) x->pos++;
    }
    if (at(x, 'e') || at(x, 'E')) {
        x->pos++;
        if (at(x, '+') || at(x, '-')) x->pos++;
        if (!digit_at(x)) {
            fail_at(x, x->pos, "expected a digit in the exponent, found %s", found(x, x->pos, fb, sizeof fb));
            return false;
        }
        while (digit_at(x)) x->pos++;
    }
    note_number(x, start);
    return true;
}

static bool literal(lx *x, const char *word)
{
    size_t n = strlen(word);
    if (x->len - x->pos >= n && memcmp(x->s + x->pos, word, n) == 0 &&
        !(x->pos + n < x->len && isalnum((unsigned char)x->s[x->pos + n]))) {
        x->pos += n;
        return true;
    }
    char fb[64];
    fail_at(x, x->pos, "expected a value, found %s", found(x, x->pos, fb, sizeof fb));
    return false;
}

static bool object(lx *x)
{
    char fb[64], key[48];
    x->pos++; /* '{' */
    ws(x);
    if (at(x, '}')) { x->pos++; return true; }
    for (bool first = true;; first = false) {
        if (!at(x, '"')) {
            if (!first && at(x, '}'))
                fail_at(x, x->pos, "expected a key after ',', found '}' (JSON allows no trailing comma)");
            else
                fail_at(x, x->pos, "expected a key in double quotes%s, found %s", first ? " or '}'" : "",
                        found(x, x->pos, fb, sizeof fb));
            return false;
        }
        size_t kstart = x->pos + 1;
        if (!string_in(x, true)) return false;
        snprintf(key, sizeof key, "%.*s", (int)(x->pos - 1 - kstart < 40 ? x->pos - 1 - kstart : 40), x->s + kstart);
        /* the key as written (escapes and all), for a message's JSON path: the value's place */
        char pkey[200];
        snprintf(pkey, sizeof pkey, "%.*s", (int)(x->pos - 1 - kstart < 190 ? x->pos - 1 - kstart : 190), x->s + kstart);
        ws(x);
        if (!at(x, ':')) {
            fail_at(x, x->pos, "expected ':' after the key \"%s\", found %s", key, found(x, x->pos, fb, sizeof fb));
            return false;
        }
        x->pos++;
        ws(x);
        size_t old = sc_path_key(&x->path, pkey);
        size_t vstart = x->pos;
        if (!value(x)) return false;
        sc_path_pop(&x->path, old);
        ws(x);
        if (at(x, ',')) { x->pos++; ws(x); continue; }
        if (at(x, '}')) { x->pos++; return true; }
        /* a string value followed by a bare word: its closing quote is missing, and the string ran on to
         * the opening quote of the word ("title": "The end, "flavor": ...) */
        bool word = x->pos < x->len && (isalnum((unsigned char)x->s[x->pos]) || x->s[x->pos] == '_');
        fail_at(x, x->pos, "expected ',' or '}' after the value of \"%s\", found %s%s", key, found(x, x->pos, fb, sizeof fb),
                at(x, '"') ? " (a missing comma?)"
                : word && x->s[vstart] == '"' ? " (a string missing its closing quote? this value ran on to the quote before it)" : "");
        return false;
    }
}

static bool array(lx *x)
{
    char fb[64];
    x->pos++; /* '[' */
    ws(x);
    if (at(x, ']')) { x->pos++; return true; }
    for (int i = 0;; i++) {
        if (i > 0 && at(x, ']')) {
            fail_at(x, x->pos, "expected a value after ',', found ']' (JSON allows no trailing comma)");
            return false;
        }
        size_t old = sc_path_index(&x->path, i);
        if (!value(x)) return false;
        sc_path_pop(&x->path, old);
        ws(x);
        if (at(x, ',')) { x->pos++; ws(x); continue; }
        if (at(x, ']')) { x->pos++; return true; }
        fail_at(x, x->pos, "expected ',' or ']' after item %d of the array, found %s%s", i,
                found(x, x->pos, fb, sizeof fb),
                at(x, '"') || at(x, '{') || digit_at(x) ? " (a missing comma?)" : "");
        return false;
    }
}

static bool value(lx *x)
{
    char fb[64];
    if (x->pos >= x->len) { fail_at(x, x->pos, "expected a value, found end of file"); return false; }
    char ch = x->s[x->pos];
    if (ch == '{' || ch == '[') {
        if (++x->depth > MAX_DEPTH) { fail_at(x, x->pos, "nesting deeper than %d levels", MAX_DEPTH); return false; }
        bool ok = ch == '{' ? object(x) : array(x);
        x->depth--;
        return ok;
    }
    if (ch == '"') return string(x);
    if (ch == '-' || isdigit((unsigned char)ch)) return number(x);
    if (ch == 't') return literal(x, "true");
    if (ch == 'f') return literal(x, "false");
    if (ch == 'n') return literal(x, "null");
    fail_at(x, x->pos, "expected a value, found %s", found(x, x->pos, fb, sizeof fb));
    return false;
}

void sc_numlits_free(sc_numlits *l)
{
    free(l->v);
    *l = (sc_numlits){0};
}

/* cJSON keeps values in document order, as the checker met them: the n-th number node is the n-th
 * number literal. */
static void attach(cJSON *v, const char *text, const sc_numlits *l, size_t *ordinal, size_t *next)
{
    for (; v && *next < l->n; v = v->next) {
        if (cJSON_IsNumber(v)) {
            const sc_numlit *lit = &l->v[*next];
            if (lit->ordinal == (*ordinal)++) {
                (*next)++;
                char *s = cJSON_malloc(lit->len + 1);
                if (s && !v->valuestring) {
                    memcpy(s, text + lit->off, lit->len);
                    s[lit->len] = 0;
                    v->valuestring = s;
                } else if (s) {
                    cJSON_free(s);
                }
            }
        }
        if (v->child) attach(v->child, text, l, ordinal, next);
    }
}

void sc_numlits_attach(cJSON *root, const char *text, const sc_numlits *l)
{
    size_t ordinal = 0, next = 0;
    if (root && l && l->n) attach(root, text, l, &ordinal, &next);
}

static int check(lx *x)
{
    sc_path_root(&x->path);
    ws(x);
    if (!value(x)) return -1;
    ws(x);
    if (x->pos < x->len) {
        char fb[64];
        fail_at(x, x->pos, "expected end of file after the JSON value, found %s", found(x, x->pos, fb, sizeof fb));
        return -1;
    }
    return 0;
}

static size_t bom(const char *text, size_t len)
{
    return len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0; /* editors on Windows add one */
}

int sc_syntax_check(const char *text, size_t len, sc_errs *errs, size_t *skip, sc_numlits *lits)
{
    *skip = bom(text, len);
    lx x = {.s = text + *skip, .len = len - *skip, .errs = errs, .lits = lits, .base = *skip};
    return check(&x);
}

/* Step over one member's key and ':' (at its opening quote); *key receives where the key starts. */
static bool member_key(lx *x, size_t *key)
{
    if (!at(x, '"')) return false;
    *key = x->pos;
    if (!string(x)) return false;
    ws(x);
    if (!at(x, ':')) return false;
    x->pos++;
    ws(x);
    return true;
}

/* Past the value and the ',' after it, to the next member or item. */
static bool next_sibling(lx *x)
{
    if (!value(x)) return false;
    ws(x);
    if (!at(x, ',')) return false;
    x->pos++;
    ws(x);
    return true;
}

int sc_locate(const char *text, size_t len, const int *path, size_t depth, size_t *off)
{
    lx x = {.s = text, .len = len};
    ws(&x);
    *off = x.pos;
    for (size_t d = 0; d < depth; d++) {
        bool obj = at(&x, '{');
        if (!obj && !at(&x, '[')) return -1;
        x.pos++;
        ws(&x);
        for (int i = 0;; i++) {
            size_t key = x.pos;
            if (obj && !member_key(&x, &key)) return -1;
            if (i == path[d]) { *off = key; break; } /* a member's key, an item's value */
            if (!next_sibling(&x)) return -1;
        }
    }
    return 0;
}

bool rv_json_path_pos(const char *text, size_t len, const char *jpath, int *line, int *col)
{
    size_t skip = bom(text, len);
    if (!jpath || jpath[0] != '$') return false;
    cJSON *root = cJSON_ParseWithLength(text + skip, len - skip);
    if (!root) return false;
    /* each step's place among its siblings, as sc_locate follows the text (cJSON keeps no positions) */
    int idx[64];
    size_t depth = 0;
    const cJSON *node = root;
    bool ok = true;
    const char *p = jpath + 1;
    for (; *p && ok && depth < sizeof idx / sizeof idx[0];) {
        int i = 0;
        const cJSON *child = NULL;
        if (*p == '.') {
            const char *e = ++p;
            while (*e && *e != '.' && *e != '[') e++;
            for (child = node->child; child && !(child->string && strlen(child->string) == (size_t)(e - p) &&
                                                  !strncmp(child->string, p, (size_t)(e - p))); child = child->next) i++;
            p = e;
        } else if (*p == '[') {
            char *e;
            long n = strtol(p + 1, &e, 10);
            if (*e != ']' || n < 0 || !cJSON_IsArray(node)) { ok = false; break; }
            for (child = node->child; child && i < n; child = child->next) i++;
            p = e + 1;
        } else ok = false;
        if (!child) ok = false;
        else { idx[depth++] = i; node = child; }
    }
    cJSON_Delete(root);
    size_t off;
    if (!ok || *p || sc_locate(text + skip, len - skip, idx, depth, &off) < 0) return false; /* *p: deeper than idx holds */
    sc_line_col(text + skip, off, line, col);
    return true;
}

int rv_json_syntax(const char *text, size_t len, size_t *skip, int *line, int *col, char *msg, size_t msglen)
{
    *skip = bom(text, len);
    lx x = {.s = text + *skip, .len = len - *skip, .base = *skip};
    if (check(&x) == 0) return 0;
    /* line 1's column counts from after the BOM, as an editor shows it */
    *line = x.line;
    *col = x.col;
    snprintf(msg, msglen, "%s", x.msg);
    return -1;
}
