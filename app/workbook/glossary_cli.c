/* glossary_cli.c — `rcuvis glossary [TERM...]`: the window's glossary (G) in a terminal, for a student working over SSH or in the terminal workbook. */
#include "commands.h"
#include "workbook/glossary.h"
#include "workbook/glossary_find.h"
#include "workbook/term.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* stdout that never arrived (a full disk, a closed pipe) is exit 2 with the OS's reason, as elsewhere */
static int flushed(void)
{
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout)) return 0;
    fprintf(stderr, "rcuvis: glossary: cannot write to stdout: %s\n", strerror(errno ? errno : EIO));
    return 2;
}

static void print_entry(const glossary_entry *g, int width)
{
    printf("%s\n", g->term);
    quiz_wrap(stdout, g->line, 4, width);
}

int cmd_glossary(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: rcuvis glossary [--] [TERM...]\n"
               "Explain the terms the window and the workbook use, as the window's glossary\n"
               "(G) does: every entry, or those whose name matches TERM (any case; \"qsmask\",\n"
               "\"fqs\", \"dyntick\"). A TERM that names no entry also finds the entries whose\n"
               "explanation mentions it. After --, a TERM may start with a dash.\n"
               "Exit 0, or 2 when a TERM matches nothing.\n");
        return flushed();
    }
    /* options: only --help; "--" ends them, and any other word with a leading dash is a mistyped
     * option, not a term to look up */
    int first = 1;
    if (argc > 1 && !strcmp(argv[1], "--")) first = 2;
    else
        for (int a = 1; a < argc; a++)
            if (argv[a][0] == '-' && argv[a][1]) {
                if (!strcmp(argv[a], "--")) {
                    fprintf(stderr, "rcuvis: glossary: \"--\" goes before the terms (rcuvis glossary -- TERM)\n");
                    return 2;
                }
                fprintf(stderr, "rcuvis: glossary: unknown option \"%s\" (the only option is --help; after --, a term may start with a dash)\n", argv[a]);
                return 2;
            }
    size_t n = 0;
    const glossary_entry *all = glossary_all(&n);
    int width = quiz_term_width();
    if (argc <= first) {
        for (size_t i = 0; i < n; i++) print_entry(&all[i], width);
        return flushed();
    }
    enum glossary_match *rank = malloc(n * sizeof *rank);
    if (!rank) { fprintf(stderr, "rcuvis: glossary: out of memory\n"); return 2; }
    int rc = 0;
    for (int a = first; a < argc; a++) {
        const char *want = argv[a];
        if (a > first) printf("\n");
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
    return flushed() ? 2 : rc;
}
