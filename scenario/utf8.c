/* utf8.c — is a string UTF-8? The one check every JSON text rcuvis reads goes through (scenarios, --set values, quizzes, progress). */
#include "priv.h"

#include <stdio.h>
#include <string.h>

/*
 * RFC 3629: no overlong forms (C0, C1, E0 80..9F, F0 80..8F), no UTF-16 surrogates (ED A0..BF), nothing
 * past U+10FFFF (F4 90.., F5..FF). A Latin-1 "é" (0xE9) passed before: `run --json` then wrote the raw
 * byte into its report, which no JSON reader accepts, and the renderer drew a box.
 */

/* The bytes a character starting with lead b takes (0: b starts none), and the range its second byte
 * must lie in (the first continuation byte is where overlongs, surrogates and > U+10FFFF show). */
static int seq_len(unsigned char b, unsigned char *lo, unsigned char *hi)
{
    *lo = 0x80; *hi = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) return 2;
    if (b >= 0xE0 && b <= 0xEF) {
        if (b == 0xE0) *lo = 0xA0;      /* below: an overlong 3-byte form */
        else if (b == 0xED) *hi = 0x9F; /* above: a UTF-16 surrogate, U+D800..DFFF */
        return 3;
    }
    if (b >= 0xF0 && b <= 0xF4) {
        if (b == 0xF0) *lo = 0x90;      /* overlong */
        else if (b == 0xF4) *hi = 0x8F; /* past U+10FFFF */
        return 4;
    }
    return 0;
}

size_t sc_utf8_char(const char *s, size_t n, char *why, size_t whylen)
{
    const unsigned char *u = (const unsigned char *)s;
    if (n == 0) return 0;
    unsigned char b = u[0];
    if (b < 0x80) return 1;
    unsigned char lo, hi;
    int len = seq_len(b, &lo, &hi);
    char what[160];
    if (len == 0) {
        snprintf(what, sizeof what, "%s", b <= 0xBF ? "a continuation byte with no character before it"
                                         : b <= 0xC1 ? "the start of an overlong form, which UTF-8 forbids"
                                                     : "never used in UTF-8");
    } else {
        int k = 1;
        for (; k < len && (size_t)k < n; k++) {
            unsigned char c = u[k], l = k == 1 ? lo : 0x80, h = k == 1 ? hi : 0xBF;
            if (c >= l && c <= h) continue;
            if (c >= 0x80 && c <= 0xBF) /* a continuation, but one that makes a forbidden character */
                snprintf(what, sizeof what, "with 0x%02x after it the start of %s", c,
                         b == 0xED ? "a UTF-16 surrogate, which UTF-8 forbids"
                         : b == 0xF4 ? "a code point past U+10FFFF" : "an overlong form, which UTF-8 forbids");
            else if (c >= 0x20 && c < 0x7f)
                snprintf(what, sizeof what, "the start of a %d-byte character, but byte %d is '%c', not a continuation byte", len,
                         k + 1, c);
            else
                snprintf(what, sizeof what, "the start of a %d-byte character, but byte %d is 0x%02x, not a continuation byte", len,
                         k + 1, c);
            break;
        }
        if (k == len) return (size_t)len;
        if ((size_t)k >= n) snprintf(what, sizeof what, "the start of a %d-byte character cut off after %d byte%s", len, k, k == 1 ? "" : "s");
    }
    if (why && whylen) {
        /* 0xA0..0xFF in Latin-1 (ISO 8859-1) is U+00A0..U+00FF: the likeliest source of a stray byte
         * is an editor that saved the file that way */
        char hint[48] = "";
        if (b >= 0xA0) snprintf(hint, sizeof hint, "; in Latin-1 0x%02x is \"%c%c\"", b, (char)(0xC0 | (b >> 6)), (char)(0x80 | (b & 0x3F)));
        snprintf(why, whylen, "%s%s", what, hint);
    }
    return 0;
}

bool sc_utf8_check(const char *s, size_t n, size_t *bad, char *why, size_t whylen)
{
    for (size_t i = 0; i < n;) {
        size_t k = sc_utf8_char(s + i, n - i, why, whylen);
        if (k == 0) {
            if (bad) *bad = i;
            return false;
        }
        i += k;
    }
    return true;
}

void sc_utf8_escape(const char *s, char *out, size_t n)
{
    size_t o = 0, len = strlen(s);
    if (n == 0) return;
    for (size_t i = 0; i < len && o + 5 < n;) {
        size_t k = sc_utf8_char(s + i, len - i, NULL, 0);
        if (k == 0) { o += (size_t)snprintf(out + o, n - o, "\\x%02X", (unsigned char)s[i]); i++; continue; }
        if (o + k >= n) break;
        memcpy(out + o, s + i, k);
        o += k;
        i += k;
    }
    out[o] = 0;
}
