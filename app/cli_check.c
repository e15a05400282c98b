/* cli_check.c — `rcuvis check FILE...`: validate quiz and scenario files without running them. */
#include "cli_util.h"
#include "commands.h"
#include "expect.h"
#include "rcuvis.h"

#include <stdio.h>
#include <string.h>

static void usage(void)
{
    printf("usage: rcuvis check FILE...\n"
           "Validate scenario and quiz files without running the scenarios: JSON syntax (with line:column),\n"
           "every key and value against the schema, and the report paths of `expect` assertions.\n"
           "Prints \"FILE: ok\" for each valid file and one message per problem on stderr.\n"
           "Exit status: 0 when every file is valid, 2 otherwise.\n");
}

/* Loading already validated everything but the expect paths, which only the CLI knows how to read. */
static int check_scenario(const char *path)
{
    static char err[16384];
    rv_config cfg;
    if (rv_scenario_load(path, &cfg, err, sizeof err) < 0) {
        cli_print_lines(err);
        rv_config_free(&cfg);
        return -1;
    }
    int bad = 0;
    for (size_t i = 0; i < cfg.nexpects; i++) {
        char msg[400];
        if (expect_check_path(cfg.expects[i].path, msg, sizeof msg) < 0) {
            fprintf(stderr, "rcuvis: %s: $.expect[%zu].path: %s\n", path, i, msg);
            bad = 1;
        }
    }
    rv_config_free(&cfg);
    return bad ? -1 : 0;
}

int cmd_check(int argc, char **argv)
{
    int files = 0, bad = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { usage(); return 0; }
        if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "rcuvis: check: unknown option '%s' (see rcuvis check --help)\n", argv[i]);
            return 2;
        }
    }
    for (int i = 1; i < argc; i++) {
        static char err[16384];
        const char *path = argv[i];
        files++;
        err[0] = 0;
        int rc = quiz_check_file(path, err, sizeof err); /* 1: not a quiz, so a scenario */
        if (rc == 1) rc = check_scenario(path);
        else if (rc < 0 && err[0]) cli_print_lines(err);
        else if (rc < 0) fprintf(stderr, "rcuvis: %s: invalid quiz file\n", path);
        if (rc == 0) printf("%s: ok\n", path);
        else bad++;
    }
    if (files == 0) {
        fprintf(stderr, "rcuvis: check: expected at least one FILE (see rcuvis check --help)\n");
        return 2;
    }
    return bad ? 2 : 0;
}
