/* schema.c — `rcuvis schema`: print the scenario JSON Schema generated from the loader's tables and the engine's defaults, or (`rcuvis schema quiz`) the shipped quiz-file schema. */
#include "commands.h"
#include "paths.h"
#include "scenario.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 0 when everything printed reached stdout, else 2 and why (`rcuvis schema > /dev/full` exited 2 without a word) */
static int stdout_ok(const char *cmd, int write_errno)
{
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout)) return 0;
    int e = write_errno ? write_errno : errno;
    fprintf(stderr, "rcuvis: %s: cannot write to standard output: %s\n", cmd, e ? strerror(e) : "a write failed");
    return 2;
}

/* The quiz schema is written by hand (quizzes/schema.json) and not built into the binary: print the
 * shipped file, found where every other shipped file is (rcuvis_data_path()). */
static int print_quiz_schema(void)
{
    char path[1024];
    rcuvis_data_path("quizzes/schema.json", path, sizeof path);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "rcuvis: schema quiz: cannot read %s: %s\n", path, strerror(errno));
        return 2;
    }
    char buf[8192];
    size_t n;
    int werr = 0; /* the first write error's errno: stdio does not keep it for the final check */
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        if (fwrite(buf, 1, n, stdout) != n && !werr) werr = errno;
    bool bad = ferror(f);
    fclose(f);
    if (bad) { fprintf(stderr, "rcuvis: schema quiz: cannot read %s\n", path); return 2; }
    return stdout_ok("schema quiz", werr);
}

int cmd_schema(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: rcuvis schema [scenario | quiz]\n"
               "Print the JSON Schema of scenario files (the default): defaults, ranges and\n"
               "descriptions come from the loader and the engine, so\n"
               "`rcuvis schema > scenarios/schema.json` refreshes the shipped copy.\n"
               "`rcuvis schema quiz` prints the schema of quiz files, the shipped\n"
               "quizzes/schema.json.\n");
        return 0;
    }
    if (argc > 2) {
        fprintf(stderr, "rcuvis: schema: unexpected argument '%s' (see rcuvis schema --help)\n", argv[2]);
        return 2;
    }
    if (argc > 1 && !strcmp(argv[1], "quiz")) return print_quiz_schema();
    if (argc > 1 && strcmp(argv[1], "scenario")) {
        fprintf(stderr, "rcuvis: schema: unexpected argument '%s': expected scenario or quiz (see rcuvis schema --help)\n", argv[1]);
        return 2;
    }
    char *text = rv_scenario_schema();
    if (!text) {
        fprintf(stderr, "rcuvis: schema: cannot build the schema (out of memory, or a broken template)\n");
        return 2;
    }
    errno = 0;
    int werr = printf("%s\n", text) < 0 ? errno : 0;
    free(text);
    return stdout_ok("schema", werr);
}
