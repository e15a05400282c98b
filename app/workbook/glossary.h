/* glossary.h — one-line explanations of every term the panels and the workbook show (hover tips, the `G` overlay, `rcuvis glossary`, the terminal quiz). */
#ifndef RCUVIS_GLOSSARY_H
#define RCUVIS_GLOSSARY_H
#include <stddef.h>

typedef struct glossary_entry { const char *term, *line; } glossary_entry;
/* Room for one entry drawn whole, "term — explanation" and its NUL: the overlay's and a hover tip's
 * buffers (ui_tip holds as much). test_glossary checks every entry fits. */
#define GLOSSARY_TEXT_MAX 2048

/* The explanation of term (case-sensitive first, then ignoring case), or NULL. */
const char *glossary_line(const char *term);
/* The glossary's own spelling of term, matched exactly (case included), or NULL; near (may be NULL)
 * gets the spelling of the same term in another case, "" when there is none. */
const char *glossary_term(const char *term, const char **near);
/* All entries, in the order the overlay lists them. */
const glossary_entry *glossary_all(size_t *n);
/* Finds the glossary terms written in s (to end, or its NUL when end is NULL): whole words like
 * "qsmask" or "FQS", numbered names like "rnp3", "ksoftirqd/2", "g155 c154", "{ 0}". fn gets each
 * occurrence with the glossary term that explains it. */
typedef void (*glossary_hit_fn)(void *ctx, const char *term, const char *at, size_t len);
void glossary_scan(const char *s, const char *end, glossary_hit_fn fn, void *ctx);
#endif
