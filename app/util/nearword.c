/* nearword.c — edit distance and the nearest word of a list, for the "did you mean" of a mistyped name. */
#include "util/nearword.h"

#include <stdbool.h>
#include <string.h>

int nw_distance(const char *a, const char *b, int cap)
{
    size_t la = strlen(a), lb = strlen(b);
    /* names are short; longer ones are never near anything rcuvis suggests */
    if (la > 63 || lb > 63) return cap + 1;
    if ((la > lb ? la - lb : lb - la) > (size_t)cap) return cap + 1;
    int row[64];
    for (size_t j = 0; j <= lb; j++) row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0], best = row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int v = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < v) v = up + 1;
            if (row[j - 1] + 1 < v) v = row[j - 1] + 1;
            row[j] = v;
            diag = up;
            if (v < best) best = v;
        }
        if (best > cap) return cap + 1; /* every later row is at least this */
    }
    return row[lb] > cap ? cap + 1 : row[lb];
}

const char *nw_nearest(const char *word, const char *const *cands, size_t n, int max_dist)
{
    const char *best = NULL, *prefixed = NULL;
    int bd = max_dist + 1, nprefixed = 0;
    size_t wl = strlen(word);
    for (size_t i = 0; i < n; i++) {
        if (!strcmp(word, cands[i])) return NULL;
        int d = nw_distance(word, cands[i], max_dist);
        if (d < bd) { bd = d; best = cands[i]; }
        if (wl >= 3 && !strncmp(cands[i], word, wl)) { prefixed = cands[i]; nprefixed++; }
    }
    if (best) return best;
    return nprefixed == 1 ? prefixed : NULL;
}
