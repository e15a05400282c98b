/* main.c — rcuvis's entry point: dispatches to the subcommand, or opens the window. */
#include "commands.h"
#include "paths.h"
#include "rcuvis.h"
#include "scenario.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static void usage(FILE *out)
{
    /* 80 columns: a command too long for its column has its words on the next line */
    fprintf(out,
            "usage: rcuvis [SCENARIO]           open the window (none: the default scenario)\n"
            "       rcuvis run SCENARIO [options]\n"
            "                                   run headless: a summary, or --json\n"
            "       rcuvis check FILE...        validate scenario and quiz files\n"
            "                                   (--paths: the report's paths)\n"
            "       rcuvis schema [quiz]        print the scenario (or quiz file) JSON Schema\n"
            "       rcuvis shot SCENARIO --at S -o FILE.png\n"
            "                                   render the window's picture off-screen:\n"
            "                                   PNG or SVG, a slide (--clean), one panel\n"
            "                                   (--panel), a lecture cue (--cue N), or a\n"
            "                                   clip (--from S --to S, -o x.gif/.mp4)\n"
            "       rcuvis reproduce [--quick] [--json] [--html F]\n"
            "                                   check the claims of the article and of the\n"
            "                                   OMAP thread\n"
            "       rcuvis quiz [LESSON]        the workbook in a terminal\n"
            "       rcuvis glossary [TERM...]   what the terms of the window and the\n"
            "                                   workbook mean\n"
            "       rcuvis --help | --version\n"
            "SCENARIO is a shipped scenario's name (omap-stall) or a .json file.\n"
            "Run `rcuvis COMMAND --help` for a command's options, and\n"
            "`rcuvis SCENARIO --help` for the window's.\n");
}

/* The subcommands, in the order `rcuvis --help` lists them. "help" is accepted too but is no command
 * to suggest in a list. */
typedef struct command { const char *name; int (*run)(int argc, char **argv); } command;
static const command commands[] = {
    {"run", cmd_run},         {"check", cmd_check}, {"schema", cmd_schema},     {"shot", cmd_shot},
    {"reproduce", cmd_reproduce}, {"quiz", cmd_quiz}, {"glossary", cmd_glossary},
};
enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

/* A first argument that is a bare word (no '/' or '.', so no file name) and neither a file here nor a
 * shipped scenario: a command misspelled ("chek"), or a word that names nothing ("slide"). The window
 * would only say that no scenario has that name (and `rcuvis slide --help` printed the window's help
 * and exit 0), which hides that rcuvis has commands at all. Returns an exit status, or -1 to go on
 * and open the window. */
static int not_a_scenario(const char *word)
{
    if (word[0] == '-' || strchr(word, '/') || strchr(word, '.')) return -1;
    char buf[1024], err[4096];
    if (rcuvis_scenario_path(word, buf, sizeof buf, err, sizeof err)) return -1; /* a file, or a shipped scenario: it wins */
    if (strstr(err, "this is a folder in the working directory")) { /* a shipped scenario's name after all: no command talk */
        fprintf(stderr, "rcuvis: %s\n", err);
        return 2;
    }
    const char *names[NCOMMANDS + 1];
    for (int i = 0; i < NCOMMANDS; i++) names[i] = commands[i].name;
    names[NCOMMANDS] = "help";
    const char *near = rv_suggest(word, names, NCOMMANDS + 1);
    if (near) {
        fprintf(stderr, "rcuvis: unknown command \"%s\"; did you mean \"%s\"? (rcuvis --help lists the commands)\n", word, near);
        return 2;
    }
    char list[256] = "";
    for (int i = 0; i < NCOMMANDS; i++) {
        size_t l = strlen(list);
        snprintf(list + l, sizeof list - l, "%s%s", i == 0 ? "" : i == NCOMMANDS - 1 ? " and " : ", ", commands[i].name);
    }
    fprintf(stderr, "rcuvis: %s\nrcuvis: %s is no command either: the commands are %s (rcuvis --help says what each does)\n",
            err, word, list);
    return 2;
}

/* Output that never arrived is a failure: `rcuvis --help > /dev/full`, `quiz --list` or `check FILE`
 * into a full disk exited 0 with nothing written. A command that saw the error itself returns 2 and
 * has said why; anything else is told here, once. */
static int finish(int rc)
{
    /* A text past the stream's buffer (shot --help's 4.2 kB) failed inside its own fprintf(), which left
     * the buffer empty: the flush below then writes nothing and sets no errno, and the failed write's
     * errno is the one still here, if it is one a write gives (not an unrelated call's stale one). */
    const int seen = errno;
    const bool write_error = seen == ENOSPC || seen == EIO || seen == EPIPE || seen == EFBIG || seen == EDQUOT || seen == EBADF;
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout)) return rc;
    if (rc == 2) return 2;
    const int e = errno ? errno : write_error ? seen : 0;
    fprintf(stderr, "rcuvis: cannot write to standard output: %s\n", e ? strerror(e) : "a write failed");
    return 2;
}

int main(int argc, char **argv)
{
    rcuvis_set_invoked_as(argv[0]);
    if (argc >= 2) {
        const char *c = argv[1];
        if (!strcmp(c, "--help") || !strcmp(c, "-h") || !strcmp(c, "help")) { usage(stdout); return finish(0); }
        if (!strcmp(c, "--version")) { printf("rcuvis %s\n", RCUVIS_VERSION); return finish(0); }
        for (int i = 0; i < NCOMMANDS; i++)
            if (!strcmp(c, commands[i].name)) return finish(commands[i].run(argc - 1, argv + 1));
        if (!c[0]) { /* `rcuvis "$CMD"` with CMD unset: "rcuvis: : no such file ... rcuvis:  is no command either" */
            fprintf(stderr, "rcuvis: the first argument is empty: expected a command (rcuvis --help lists them) or a scenario file\n");
            return 2;
        }
        if (c[0] == '-' && strcmp(c, "--scale") && strcmp(c, "--compare") && strcmp(c, "--mode") && strcmp(c, "--seed") &&
            strcmp(c, "--quiz")) {
            fprintf(stderr, "rcuvis: unknown option '%s'\n", c);
            usage(stderr);
            return 2;
        }
        int rc = not_a_scenario(c);
        if (rc >= 0) return rc;
    }
    return finish(cmd_window(argc, argv));
}
