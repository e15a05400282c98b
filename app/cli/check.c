/* check.c — `rcuvis check FILE...`: validate quiz and scenario files without running them. */
#include "cli/lint.h"
#include "cli/util.h"
#include "commands.h"
#include "report/expect.h"
#include "report/report.h"
#include "util/readfile.h"
#include "rcuvis.h"
#include "scenario.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(void)
{
    printf("usage: rcuvis check [--strict] FILE...\n"
           "       rcuvis check --paths   list every report path an expect can name, and\n"
           "                              which trace events they count\n"
           "Validate scenario and quiz files without running the scenarios: JSON syntax\n"
           "(with line:column), every key and value against the schema, each `expect`\n"
           "assertion against the report's shape (its path, the threads this\n"
           "configuration can have, and whether what it compares with can match the value\n"
           "there: no min/max on a string, no \"equals\" outside a closed set such as\n"
           "stalls.N.kind's \"self\" or \"other\", no CPU number the machine lacks), and the\n"
           "hotplug events: an online of a CPU that is online then, an offline of one\n"
           "that is offline, or of the last online CPU, is an error when the file alone\n"
           "makes it certain (timed events, nothing else that could change the CPU's\n"
           "state) and a warning when it only may happen.\n"
           "Prints \"FILE: ok\" for each valid file (\"ok, with N warnings\" when it had\n"
           "some) and one message per problem on stderr;\n"
           "a \"warning:\" line (also two timed captions that overlap, in the file's own\n"
           "configuration or with a mode, needs_gp_fix or fast_no_hz their `when` names\n"
           "turned the other way; a `when` that never holds, an event with neither at_s\n"
           "nor on, a reader, kernel loop or caption longer than the whole run, a gp_end\n"
           "trigger's min_duration_s as long as the run, an idle, synchronize or\n"
           "kernel_loop due while a scripted kernel loop or reader holds its CPU, a\n"
           "kernel_loop on a CPU that no phase covers then, text the window's font cannot\n"
           "draw or draws left to right) does not make a file invalid.\n"
           "  --strict   also fail (exit 1) when any warning was printed; rcuvis run\n"
           "             prints the same warnings before it simulates (a hotplug event\n"
           "             that can never apply is a warning there, not an error) and\n"
           "             its --strict fails on them too, all but captions that overlap\n"
           "             only in the other configuration, which a run in that one\n"
           "             (--mode, --set) reports\n"
           "Exit status: 0 when every file is valid, 1 with --strict when there were\n"
           "warnings, 2 when a file is invalid (or on a usage error).\n");
}

/* A JSON Schema (scenarios/schema.json, quizzes/schema.json) sits beside the data it describes, so
 * a check of every .json file in a directory meets it; it is recognised by its "$schema" and only parsed. */
static bool is_json_schema(const char *path)
{
    size_t n;
    char *text = rf_read_file(path, &n, (size_t)4 << 20); /* no schema comes near */
    if (!text) return false;
    cJSON *root = cJSON_Parse(text);
    free(text);
    const char *dialect = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(root, "$schema"));
    bool yes = dialect && strncmp(dialect, "https://json-schema.org/", 24) == 0 &&
               (cJSON_HasObjectItem(root, "properties") || cJSON_HasObjectItem(root, "$defs"));
    cJSON_Delete(root);
    return yes;
}

/* Loading already validated everything but the expect paths and what each is compared with,
 * which need the report's shape: only the app knows it. */
static int check_scenario(const char *path, size_t *warnings)
{
    static char err[16384];
    rv_config cfg;
    if (rv_scenario_load(path, &cfg, err, sizeof err) < 0) {
        cli_print_lines(err);
        rv_config_free(&cfg);
        return -1;
    }
    /* these messages name a JSON path only: gathered, then given the place in the file as the
     * loader's own are ("FILE:LINE:COL: $.expect[0].path: ..."), so an editor can jump there */
    char *said = NULL;
    size_t said_len = 0;
    FILE *m = open_memstream(&said, &said_len);
    FILE *out = m ? m : stderr;
    int bad = expect_vet(&cfg, path, out) > 0;
    /* expectations for the other mode (`when`: {"mode": ...}) are vetted against that mode's report */
    rv_config other;
    if (rv_config_copy(&other, &cfg) == 0) {
        other.rcu.mode = cfg.rcu.mode == RV_MODE_KTHREAD ? RV_MODE_SOFTIRQ : RV_MODE_KTHREAD;
        bad |= expect_vet_when(&other, path, out) > 0;
        rv_config_free(&other);
    }
    size_t hp_errors = 0;
    *warnings += cli_scenario_warnings(&cfg, path, out, &hp_errors, false); /* run --strict fails on the same ones */
    bad |= hp_errors > 0;
    if (m) {
        fclose(m);
        cli_print_with_places(said, path);
        free(said);
    }
    /* the engine may refuse what the loader accepts (a limit of its own); creating one is cheap
     * and runs nothing, so check that too */
    char msg[1024];
    rv_engine *e = bad ? NULL : rv_engine_new(&cfg, NULL, msg, sizeof msg);
    if (!bad && !e) {
        fprintf(stderr, "rcuvis: %s: %s\n", path, msg);
        bad = 1;
    }
    rv_engine_free(e);
    rv_config_free(&cfg);
    return bad ? -1 : 0;
}

int cmd_check(int argc, char **argv)
{
    int files = 0, bad = 0;
    bool strict = false;
    size_t warnings = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { usage(); return 0; }
        if (!strcmp(argv[i], "--paths")) { report_print_paths(stdout); return 0; } /* main.c's finish() flushes, and says why a write failed */
        if (!strcmp(argv[i], "--strict")) { strict = true; continue; }
        if (argv[i][0] == '-' && argv[i][1]) {
            static const char *const opts[] = {"--strict", "--paths", "--help"};
            char hint[96];
            fprintf(stderr, "rcuvis: check: unknown option '%s'%s (see rcuvis check --help)\n", argv[i],
                    rv_option_hint(argv[i], opts, sizeof opts / sizeof *opts, hint, sizeof hint));
            return 2;
        }
    }
    for (int i = 1; i < argc; i++) {
        static char err[16384];
        const char *path = argv[i];
        if (!strcmp(path, "--strict")) continue;
        files++;
        err[0] = 0;
        int rc = quiz_check_file(path, err, sizeof err); /* 1: not a quiz, so a scenario */
        if (rc == 1 && is_json_schema(path)) {
            printf("%s: ok (a JSON Schema; only its syntax is checked)\n", path);
            continue;
        }
        const size_t warned_before = warnings;
        if (rc == 1) rc = check_scenario(path, &warnings);
        else if (rc < 0 && err[0]) cli_print_lines(err);
        else if (rc < 0) fprintf(stderr, "rcuvis: %s: invalid quiz file\n", path);
        /* a valid file with warnings says so beside its "ok" (an author read "ok" then exit 1 under
         * --strict as a pass) */
        const size_t warned = warnings - warned_before;
        if (rc == 0 && warned) printf("%s: ok, with %zu warning%s%s\n", path, warned, warned == 1 ? "" : "s",
                                   strict ? (warned == 1 ? " (--strict fails on it)" : " (--strict fails on them)") : "");
        else if (rc == 0) printf("%s: ok\n", path);
        else bad++;
    }
    if (files == 0) {
        fprintf(stderr, "rcuvis: check: expected at least one FILE (see rcuvis check --help)\n");
        return 2;
    }
    if (bad) return 2;
    if (strict && warnings) {
        fprintf(stderr, "rcuvis: check: --strict: %zu warning%s\n", warnings, warnings == 1 ? "" : "s");
        return 1;
    }
    return 0;
}
