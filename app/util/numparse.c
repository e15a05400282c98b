/* numparse.c — strict option numbers: strtod/strtoll on the whole text, finite, no overflow, in range. */
#include "util/numparse.h"

#include <errno.h>
#include <stdbool.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Only what a person types for a number; keeps strtod from taking "0x1p3", "nan", " 5" or "inf". */
static int plain_number(const char *s, int allow_fraction)
{
    if (*s == '-') s++;
    if (!*s) return 0;
    if (*s < '0' || *s > '9') {
        if (!(allow_fraction && *s == '.' && s[1] >= '0' && s[1] <= '9')) return 0;
    }
    return strspn(s, allow_fraction ? "0123456789.eE+-" : "0123456789") == strlen(s);
}

/* The text as given, but cut and with controls shown as '?', so the message stays one clean line. */
static void shown(const char *text, char *buf, size_t n)
{
    size_t i = 0;
    for (; text[i] && i + 4 < n && i < 40; i++) buf[i] = (unsigned char)text[i] < 0x20 || text[i] == 0x7f ? '?' : text[i];
    if (text[i]) { buf[i] = 0; strncat(buf, "...", n - strlen(buf) - 1); }
    else buf[i] = 0;
}

int np_double(const char *opt, const char *text, double lo, double hi, double *out, char *err, size_t errlen)
{
    char *end;
    errno = 0;
    double v = plain_number(text, 1) ? strtod(text, &end) : NAN;
    if (!plain_number(text, 1) || *end || errno == ERANGE || !isfinite(v) || v < lo || v > hi) {
        char t[64];
        shown(text, t, sizeof t);
        snprintf(err, errlen, "%s: expected a number from %g to %g, got \"%s\"", opt, lo, hi, t);
        return -1;
    }
    *out = v;
    return 0;
}

int np_double_pos(const char *opt, const char *text, double hi, double *out, char *err, size_t errlen)
{
    double v;
    if (np_double(opt, text, 0, hi, &v, err, errlen) == 0 && v > 0) {
        *out = v;
        return 0;
    }
    /* one message for every refusal: "from 0" would claim that 0 is taken */
    char t[64];
    shown(text, t, sizeof t);
    /* 1e-320 is above 0, but too close to it for a double (strtod's underflow): say so */
    char *end = NULL;
    errno = 0;
    double tiny = plain_number(text, 1) ? strtod(text, &end) : 0;
    bool underflow = end && !*end && errno == ERANGE && tiny >= 0 && tiny < 1 && text[0] != '-';
    snprintf(err, errlen, "%s: expected a number above 0 and at most %g, got \"%s\"%s", opt, hi, t,
             underflow ? ", too close to 0 to be told from it" : "");
    return -1;
}

int np_int64(const char *opt, const char *text, long long lo, long long hi, long long *out, char *err, size_t errlen)
{
    char *end = NULL;
    errno = 0;
    int ok = plain_number(text, 0);
    long long v = ok ? strtoll(text, &end, 10) : 0;
    if (!ok || *end || errno == ERANGE || v < lo || v > hi) {
        char t[64];
        shown(text, t, sizeof t);
        snprintf(err, errlen, "%s: expected an integer from %lld to %lld, got \"%s\"", opt, lo, hi, t);
        return -1;
    }
    *out = v;
    return 0;
}

int np_uint64(const char *opt, const char *text, unsigned long long lo, unsigned long long hi, unsigned long long *out, char *err,
              size_t errlen)
{
    char *end = NULL;
    errno = 0;
    /* strtoull takes "-1" and wraps it to 2^64-1: a sign is refused before it gets there */
    int ok = *text != '-' && plain_number(text, 0);
    unsigned long long v = ok ? strtoull(text, &end, 10) : 0;
    if (!ok || *end || errno == ERANGE || v < lo || v > hi) {
        char t[64];
        shown(text, t, sizeof t);
        snprintf(err, errlen, "%s: expected an integer from %llu to %llu, got \"%s\"", opt, lo, hi, t);
        return -1;
    }
    *out = v;
    return 0;
}

int np_seed(const char *opt, const char *text, unsigned long long *out, char *err, size_t errlen)
{
    return np_uint64(opt, text, 0, ULLONG_MAX, out, err, errlen);
}

int np_int(const char *opt, const char *text, int lo, int hi, int *out, char *err, size_t errlen)
{
    long long v;
    if (np_int64(opt, text, lo, hi, &v, err, errlen) != 0) return -1;
    *out = (int)v;
    return 0;
}

int np_size(const char *opt, const char *text, int wlo, int hlo, int whi, int hhi, int *w, int *h, char *err, size_t errlen)
{
    const char *x = strpbrk(text, "xX");
    char ws[32], t[64], sub[256];
    int wv, hv;
    if (x && (size_t)(x - text) < sizeof ws) {
        snprintf(ws, sizeof ws, "%.*s", (int)(x - text), text);
        if (np_int(opt, ws, wlo, whi, &wv, sub, sizeof sub) == 0 && np_int(opt, x + 1, hlo, hhi, &hv, sub, sizeof sub) == 0) {
            *w = wv;
            *h = hv;
            return 0;
        }
    }
    shown(text, t, sizeof t);
    snprintf(err, errlen, "%s: expected WIDTHxHEIGHT from %dx%d to %dx%d, got \"%s\"", opt, wlo, hlo, whi, hhi, t);
    return -1;
}
