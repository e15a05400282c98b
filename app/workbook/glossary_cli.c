/* glossary_cli.c — `rcuvis glossary [TERM...]`: the window's glossary (G) in a terminal, for a student working over SSH or in the terminal workbook. */
#include "commands.h"
#include "workbook/glossary.h"
#include "workbook/glossary_find.h"
#include "workbook/term.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_entry(const glossary_entry *g, int width)
{
    printf("%s\n", g->term);
    quiz_wrap(stdout, g->line, 4, width);
}

int cmd_glossary(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: rcuvis glossary [TERM...]\n"
               "Explain the terms the window and the workbook use, as the window's glossary\n"
               "(G) does: every entry, or those whose name matches TERM (any case; \"qsmask\",\n"
               "\"fqs\", \"dyntick\"). A TERM that names no entry also finds the entries whose\n"
               "explanation mentions it.\n"
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
    enum glossary_match *rank = malloc(n * sizeof *rank);
    if (!rank) { fprintf(stderr, "rcuvis: glossary: out of memory\n"); return 2; }
    int rc = 0;
    for (int a = 1; a < argc; a++) {
        const char *want = argv[a];
        if (a > 1) printf("\n");
        /* the best match's entries alone: the exact name before whole words of names, word starts,
         * the kernel's longer name ("blkd_tasks"), a name the window draws ("rnp1", "ksoftirqd/3");
         * only when no name matches, the explanations that mention it (glossary_find.c) */
        enum glossary_match best = glossary_rank_all(want, rank, n);
        size_t found = 0;
        for (size_t i = 0; i < n; i++) {
            if (best == GM_NONE || rank[i] != best) continue;
            if (best == GM_MENTIONED && !found) printf("No term is named \"%s\"; these explanations mention it:\n", want);
            print_entry(&all[i], width);
            found++;
        }
        if (!found) {
            fprintf(stderr, "rcuvis: glossary: no term matches \"%s\" (`rcuvis glossary` lists all %zu)\n", want, n);
            rc = 2;
        }
    }
    free(rank);
    if (fflush(stdout) != 0 || ferror(stdout)) return 2;
    return rc;
}
