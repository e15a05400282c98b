/* caption_numbers.h — the numbers a caption states ("GP 40", "qsmask 0xc", "about 43 ms"), read for tests that check captions against the engine. */
#ifndef RCUVIS_TESTS_CAPTION_NUMBERS_H
#define RCUVIS_TESTS_CAPTION_NUMBERS_H

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The number written right after `phrase` in t, at its first place at or after *from (from NULL: from
 * the start) where phrase starts a word and a digit follows: decimal, with a fraction, or hex after
 * "0x". -1 when there is none; *from then moves past the number, for the next one. ("D 29" is found,
 * "CPU 2's D 2" inside a word is not.) */
static inline double fx_number_after(const char *t, const char *phrase, const char **from)
{
    size_t l = strlen(phrase);
    for (const char *p = from && *from ? *from : t; (p = strstr(p, phrase)) != NULL; p += l) {
        const char *q = p + l;
        if (p > t && isalnum((unsigned char)p[-1]) && isalnum((unsigned char)phrase[0])) continue;
        if (!isdigit((unsigned char)*q)) continue;
        char *end;
        double v = strtod(q, &end); /* strtod reads "0xc" as 12 */
        if (from) *from = end;
        return v;
    }
    return -1;
}
#endif
