/* main.c — rcuvis's entry point: dispatches to the subcommand, or opens the window. */
#include "commands.h"
#include "paths.h"
#include "rcuvis.h"

#include <stdio.h>
#include <string.h>

static void usage(FILE *out)
{
    fprintf(out,
            "usage: rcuvis [SCENARIO.json]            open the window (default scenario without an argument)\n"
            "       rcuvis run SCENARIO.json [options] run headless, print a summary or --json\n"
            "       rcuvis check FILE...               validate scenario and quiz files (--paths: report paths)\n"
            "       rcuvis schema                      print the scenario JSON Schema (defaults from the engine)\n"
            "       rcuvis shot SCENARIO.json --at S -o FILE.png   render the window's picture off-screen\n"
            "       rcuvis reproduce [--quick] [--json] [--html F]   check the article's and the OMAP thread's claims\n"
            "       rcuvis quiz [LESSON]               the workbook in a terminal\n"
            "       rcuvis glossary [TERM...]          what the terms the window and the workbook use mean\n"
            "       rcuvis --help | --version\n"
            "Run `rcuvis COMMAND --help` for a command's options, `rcuvis SCENARIO.json --help` for the window's.\n");
}

int main(int argc, char **argv)
{
    rcuvis_set_invoked_as(argv[0]);
    if (argc >= 2) {
        const char *c = argv[1];
        if (!strcmp(c, "--help") || !strcmp(c, "-h") || !strcmp(c, "help")) { usage(stdout); return 0; }
        if (!strcmp(c, "--version")) { printf("rcuvis %s\n", RCUVIS_VERSION); return 0; }
        if (!strcmp(c, "run")) return cmd_run(argc - 1, argv + 1);
        if (!strcmp(c, "check")) return cmd_check(argc - 1, argv + 1);
        if (!strcmp(c, "schema")) return cmd_schema(argc - 1, argv + 1);
        if (!strcmp(c, "shot")) return cmd_shot(argc - 1, argv + 1);
        if (!strcmp(c, "quiz")) return cmd_quiz(argc - 1, argv + 1);
        if (!strcmp(c, "reproduce")) return cmd_reproduce(argc - 1, argv + 1);
        if (!strcmp(c, "glossary")) return cmd_glossary(argc - 1, argv + 1);
        if (c[0] == '-' && strcmp(c, "--scale") && strcmp(c, "--compare") && strcmp(c, "--mode") && strcmp(c, "--seed")) {
            fprintf(stderr, "rcuvis: unknown option '%s'\n", c);
            usage(stderr);
            return 2;
        }
    }
    return cmd_window(argc, argv);
}
