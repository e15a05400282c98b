/* glossary.h — one-line explanations of every term the panels show (hover tips and the `G` overlay). */
#ifndef RCUVIS_GLOSSARY_H
#define RCUVIS_GLOSSARY_H
#include <stddef.h>

typedef struct glossary_entry { const char *term, *line; } glossary_entry;

/* The explanation of term (case-sensitive first, then ignoring case), or NULL. */
const char *glossary_line(const char *term);
/* All entries, in the order the overlay lists them. */
const glossary_entry *glossary_all(size_t *n);
#endif
