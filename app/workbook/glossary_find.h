/* glossary_find.h — which glossary entries answer what a reader typed, best first: `rcuvis glossary TERM` and the G overlay's search. */
#ifndef RCUVIS_GLOSSARY_FIND_H
#define RCUVIS_GLOSSARY_FIND_H
#include "workbook/glossary.h"

/* How an entry matches, best first; GM_NONE: it does not. */
enum glossary_match {
    GM_NONE = 0,
    GM_EXACT,        /* the entry's name, any case ("gp" is "GP") */
    GM_WHOLE_WORD,   /* a whole word of the name ("WAIT" in "WAIT segment") */
    GM_WORD_START,   /* the start of a word of the name ("dyn" in "dyntick-idle") */
    GM_LONGER_NAME,  /* the kernel's longer name of the entry ("blkd_tasks" for "blkd") */
    GM_ON_SCREEN,    /* a name the window draws that the entry explains ("rnp1", "ksoftirqd/3") */
    GM_MENTIONED,    /* only the explanation mentions it */
};

/* Every entry's match with `want`: rank[i] for glossary_all()'s entry i (n of them). Returns the
 * best match found (GM_NONE when nothing, or when want is empty). */
enum glossary_match glossary_rank_all(const char *want, enum glossary_match *rank, size_t n);

/* The indices of the entries that match want, best match first and in the glossary's order within
 * a match; at most cap of them. Returns how many match (may exceed cap); *named (if not NULL) gets
 * how many of them match by name, all before those whose explanation alone mentions want. */
size_t glossary_find(const char *want, size_t *idx, size_t cap, size_t *named);
#endif
