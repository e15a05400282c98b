/* numparse.h — the one strict parser for numbers given as options: whole string, finite, in range, messages naming the option. */
#ifndef RCUVIS_UTIL_NUMPARSE_H
#define RCUVIS_UTIL_NUMPARSE_H

#include <stddef.h>

/*
 * Every command-line number goes through these. Accepted: optional '-', decimal digits, for
 * np_double also a fraction and an exponent. Refused: empty strings, leading or trailing
 * characters (spaces included), hex, "nan", "inf", values that overflow, values outside [lo, hi].
 * On refusal err holds `OPT: expected ... from LO to HI, got "TEXT"` and -1 is returned; the value
 * is left untouched, so a caller's default survives.
 */
int np_double(const char *opt, const char *text, double lo, double hi, double *out, char *err, size_t errlen);
/* As np_double over (0, hi]: err says `OPT: expected a number above 0 and at most HI, got "TEXT"`. */
int np_double_pos(const char *opt, const char *text, double hi, double *out, char *err, size_t errlen);
int np_int64(const char *opt, const char *text, long long lo, long long hi, long long *out, char *err, size_t errlen);
/* An unsigned 64-bit integer (seeds: the scenario's seed is a uint64_t, so every option that sets
 * one takes all of 0..2^64-1). No sign, not even '-0'. */
int np_uint64(const char *opt, const char *text, unsigned long long lo, unsigned long long hi, unsigned long long *out, char *err,
              size_t errlen);
/* A seed option: np_uint64 over the whole range, so `run`, `shot`, the window and `reproduce` take the
 * same seeds and refuse the same text with the same words. */
int np_seed(const char *opt, const char *text, unsigned long long *out, char *err, size_t errlen);
int np_int(const char *opt, const char *text, int lo, int hi, int *out, char *err, size_t errlen);
/* "WxH" (or "WXH"), each side an integer in its range. */
int np_size(const char *opt, const char *text, int wlo, int hlo, int whi, int hhi, int *w, int *h, char *err, size_t errlen);

#endif
