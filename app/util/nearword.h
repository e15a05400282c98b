/* nearword.h — the word a user probably meant: edit distance and the nearest of a list, for "did you mean". */
#ifndef RCUVIS_UTIL_NEARWORD_H
#define RCUVIS_UTIL_NEARWORD_H
#include <stddef.h>

/* Levenshtein distance between a and b (bytes), or cap + 1 once it is sure to exceed cap. */
int nw_distance(const char *a, const char *b, int cap);

/* The candidate nearest to word within max_dist edits (the first of equals), else the one candidate
 * that word is a prefix of (at least 3 characters, and only when a single one matches), else NULL. A
 * word equal to a candidate is no misspelling: NULL. */
const char *nw_nearest(const char *word, const char *const *cands, size_t n, int max_dist);
#endif
