/* glossary_cli.c — `rcuvis glossary [TERM...]`: the window's glossary (G) in a terminal, for a student working over SSH or in the terminal workbook. */
#include "commands.h"
#include "workbook/glossary.h"
#include "workbook/glossary_find.h"
#include "workbook/term.h"

#include <errno.h>
#include <stdbool.h>
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

/* The words, one space apart, into buf; false when they do not fit. */
static bool join_words(char *buf, size_t cap, char **words, int n)
{
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        size_t w = strlen(words[i]);
        if (len + (i > 0) + w + 1 > cap) return false;
        if (i > 0) buf[len++] = ' ';
        memcpy(buf + len, words[i], w);
        len += w;
    }
    buf[len] = 0;
    return true;
}

int cmd_glossary(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: rcuvis glossary [--] [TERM...]\n"
               "Explain the terms the window and the workbook use, as the window's glossary\n"
               "(G) does: every entry, or those whose name matches TERM (any case; \"qsmask\",\n"
               "\"fqs\", \"dyntick\"). A TERM that names no entry also finds the entries whose\n"
               "explanation mentions it. Words that together name an entry are one TERM\n"
               "(rcuvis glossary two-jiffy limit). After --, a TERM may start with a dash.\n"
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
    bool *shown = calloc(n, sizeof *shown); /* printed for an earlier TERM: said once */
    if (!rank || !shown) { free(rank); free(shown); fprintf(stderr, "rcuvis: glossary: out of memory\n"); return 2; }
    /* words typed without quotes that together are an entry's name or its start ("rcuvis glossary
     * two-jiffy limit", "the report") are one term: looked up word by word, "limit" and "report" each
     * found the same entry again, or others the student did not ask about */
    char phrase[256];
    const char *one[1] = {phrase};
    const char *const *wants = (const char *const *)argv + first;
    int nwants = argc - first;
    if (nwants > 1 && join_words(phrase, sizeof phrase, argv + first, nwants)) {
        enum glossary_match b = glossary_rank_all(phrase, rank, n);
        if (b != GM_NONE && b <= GM_WORD_START) { wants = one; nwants = 1; } /* not a name's longer form */
    }
    int rc = 0;
    for (int a = 0; a < nwants; a++) {
        const char *want = wants[a];
        if (a > 0) printf("\n");
        /* the best match's entries alone: the exact name before whole words of names, word starts,
         * the kernel's longer name ("blkd_tasks"), a name the window draws ("rnp1", "ksoftirqd/3");
         * only when no name matches, the explanations that mention it (glossary_find.c) */
        enum glossary_match best = glossary_rank_all(want, rank, n);
        size_t found = 0;
        for (size_t i = 0; i < n; i++) {
            if (best == GM_NONE || rank[i] != best) continue;
            if (best == GM_MENTIONED && !found) printf("No term is named \"%s\"; these explanations mention it:\n", want);
            if (shown[i]) printf("%s\n    (above)\n", all[i].term);
            else print_entry(&all[i], width);
            shown[i] = true;
            found++;
        }
        if (!found) {
            fprintf(stderr, "rcuvis: glossary: no term matches \"%s\" (`rcuvis glossary` lists all %zu)\n", want, n);
            rc = 2;
        }
    }
    free(rank);
    free(shown);
    return flushed() ? 2 : rc;
}
