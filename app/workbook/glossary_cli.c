/* glossary_cli.c — `rcuvis glossary [TERM...]`: the window's glossary (G) in a terminal, for a student working over SSH or in the terminal workbook. */
#include "commands.h"
#include "workbook/glossary.h"
#include "workbook/term.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool has_ci(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++)
        if (!strncasecmp(hay, needle, n)) return true;
    return false;
}

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
 * "dyntick-idle", which the prefix pass then finds with "dynticks") */
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

static void print_entry(const glossary_entry *g, int width)
{
    printf("%s\n", g->term);
    quiz_wrap(stdout, g->line, 4, width);
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

int cmd_glossary(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: rcuvis glossary [TERM...]\n"
               "Explain the terms the window and the workbook use, as the window's glossary (G) does: every\n"
               "entry, or those whose name matches TERM (any case; \"qsmask\", \"fqs\", \"dyntick\"). A TERM\n"
               "that names no entry also finds the entries whose explanation mentions it.\n"
               "Exit 0, or 2 when a TERM matches nothing.\n");
        return 0;
    }
    size_t n = 0;
    const glossary_entry *all = glossary_all(&n);
    int width = quiz_term_width();
    if (argc <= 1) {
        for (size_t i = 0; i < n; i++) print_entry(&all[i], width);
        return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 2;
    }
    int rc = 0;
    for (int a = 1; a < argc; a++) {
        const char *want = argv[a];
        if (a > 1) printf("\n");
        size_t found = 0;
        for (size_t i = 0; i < n; i++) /* the exact name first: "GP" is not every entry that says "GP" */
            if (!strcasecmp(all[i].term, want)) { print_entry(&all[i], width); found++; }
        for (size_t i = 0; i < n && !found; i++)
            if (has_whole_word_ci(all[i].term, want)) { print_entry(&all[i], width); found++; }
        for (size_t i = 0; i < n && !found; i++)
            if (has_word_ci(all[i].term, want)) { print_entry(&all[i], width); found++; }
        /* the kernel's longer name of a term: "blkd_tasks" is "blkd"; four letters at least, so that
         * "cpu_needs_another_gp" is not "CPU" */
        for (size_t i = 0; i < n && !found; i++)
            if (strlen(all[i].term) >= 4 && !strncasecmp(want, all[i].term, strlen(all[i].term))) { print_entry(&all[i], width); found++; }
        /* a name on screen the window explains with an entry of another name: "rnp1" (rnp0's), "g40 c39",
         * "ksoftirqd/3", "drains" (the drain step) */
        if (!found) {
            screen_word sw = {want, strlen(want), NULL};
            glossary_scan(want, NULL, whole_word_hit, &sw);
            for (size_t i = 0; i < n && sw.term && !found; i++)
                if (!strcmp(all[i].term, sw.term)) { print_entry(&all[i], width); found++; }
        }
        if (!found) {
            size_t k = 0;
            for (size_t i = 0; i < n; i++)
                if (has_ci(all[i].line, want)) {
                    if (!k++) printf("No term is named \"%s\"; these explanations mention it:\n", want);
                    print_entry(&all[i], width);
                }
            found = k;
        }
        if (!found) {
            fprintf(stderr, "rcuvis: glossary: no term matches \"%s\" (`rcuvis glossary` lists all %zu)\n", want, n);
            rc = 2;
        }
    }
    if (fflush(stdout) != 0 || ferror(stdout)) return 2;
    return rc;
}
