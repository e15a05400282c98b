/* glossary_find.c — ranks the glossary's entries against what a reader typed, so that the terminal's `rcuvis glossary TERM` and the window's search (G, then /) find the same entries in the same order. */
#include "workbook/glossary_find.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* needle at the start of a word of hay: "top" is not in "tick stopped" (a student asked for "top" and
 * got that entry), "dyntick" is in "dyntick-idle" */
static bool has_word_ci(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (const char *p = hay; *p; p++)
        if ((p == hay || !isalnum((unsigned char)p[-1])) && !strncasecmp(p, needle, n)) return true;
    return false;
}

/* needle as a whole word of hay: "WAIT" is the segment, not the first name that starts "wait"
 * ("Why is it waiting?"); a hyphen or underscore continues a word ("dyntick" is not whole in
 * "dyntick-idle", which the word-start match then finds) */
static bool has_whole_word_ci(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (const char *p = hay; *p; p++) {
        char before = p != hay ? p[-1] : ' ';
        if (isalnum((unsigned char)before) || before == '-' || before == '_' || strncasecmp(p, needle, n)) continue;
        char c = p[n];
        if (!isalnum((unsigned char)c) && c != '-' && c != '_') return true;
    }
    return false;
}

/* glossary_scan()'s hit that covers the whole word looked up: its entry's term */
typedef struct screen_word { const char *word; size_t len; const char *term; } screen_word;
static void whole_word_hit(void *ctx, const char *term, const char *at, size_t len)
{
    screen_word *sw = ctx;
    /* "ksoftirqd/3": the scan names the "ksoftirqd/" before the CPU's number */
    bool numbered = len < sw->len && at[len - 1] == '/' && strspn(at + len, "0123456789") == sw->len - len;
    if (!sw->term && at == sw->word && (len == sw->len || numbered)) sw->term = term;
}

static enum glossary_match rank_one(const glossary_entry *g, const char *want, const char *screen_term)
{
    if (!strcasecmp(g->term, want)) return GM_EXACT; /* "GP" is not every entry that says "GP" */
    if (has_whole_word_ci(g->term, want)) return GM_WHOLE_WORD;
    if (has_word_ci(g->term, want)) return GM_WORD_START;
    /* four letters at least, so that "cpu_needs_another_gp" is not "CPU" */
    size_t tl = strlen(g->term);
    if (tl >= 4 && !strncasecmp(want, g->term, tl)) return GM_LONGER_NAME;
    if (screen_term && !strcmp(g->term, screen_term)) return GM_ON_SCREEN;
    /* at a word's start, as names are: "top" is not in "stopped" (the overlay lists these always); one
     * letter only as a word of its own ("Y" is the key, not every "yet" and "your") */
    if (want[1] ? has_word_ci(g->line, want) : has_whole_word_ci(g->line, want)) return GM_MENTIONED;
    return GM_NONE;
}

static enum glossary_match rank_all_as_typed(const char *want, enum glossary_match *rank, size_t n)
{
    size_t all_n = 0;
    const glossary_entry *all = glossary_all(&all_n);
    if (n > all_n) n = all_n;
    screen_word sw = {want, strlen(want), NULL};
    if (sw.len) glossary_scan(want, NULL, whole_word_hit, &sw);
    enum glossary_match best = GM_NONE;
    for (size_t i = 0; i < n; i++) {
        rank[i] = sw.len ? rank_one(&all[i], want, sw.term) : GM_NONE;
        if (rank[i] != GM_NONE && (best == GM_NONE || rank[i] < best)) best = rank[i];
    }
    return best;
}

enum glossary_match glossary_rank_all(const char *want, enum glossary_match *rank, size_t n)
{
    size_t all_n = 0;
    glossary_all(&all_n);
    if (n > all_n) n = all_n;
    enum glossary_match best = rank_all_as_typed(want, rank, n);
    /* a scenario key as --set and the workbook's "Scenario:" lines write it ("rcu.needs_gp_fix",
     * "rcu.fast_no_hz") names its last part, when that part names an entry and the whole did not */
    const char *dot = strrchr(want, '.');
    if ((best == GM_NONE || best == GM_MENTIONED) && dot && dot > want && dot[1]) {
        enum glossary_match *alt = malloc((n ? n : 1) * sizeof *alt);
        if (!alt) return best;
        enum glossary_match alt_best = rank_all_as_typed(dot + 1, alt, n);
        if (alt_best != GM_NONE && alt_best < GM_MENTIONED) {
            memcpy(rank, alt, n * sizeof *rank);
            best = alt_best;
        }
        free(alt);
    }
    return best;
}

size_t glossary_find(const char *want, size_t *idx, size_t cap, size_t *named)
{
    size_t n = 0;
    if (named) *named = 0;
    glossary_all(&n);
    enum glossary_match *rank = malloc((n ? n : 1) * sizeof *rank);
    if (!rank) return 0;
    glossary_rank_all(want, rank, n);
    size_t k = 0;
    for (int m = GM_EXACT; m <= GM_MENTIONED; m++) {
        if (m == GM_MENTIONED && named) *named = k;
        for (size_t i = 0; i < n; i++)
            if (rank[i] == (enum glossary_match)m) {
                if (k < cap) idx[k] = i;
                k++;
            }
    }
    free(rank);
    return k;
}
