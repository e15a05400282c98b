/* schema.c — `rcuvis schema`: print the scenario JSON Schema generated from the loader's tables and the engine's defaults. */
#include "commands.h"
#include "scenario.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cmd_schema(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: rcuvis schema\n"
               "Print the JSON Schema of scenario files: defaults, ranges and descriptions come\n"
               "from the loader and the engine, so `rcuvis schema > scenarios/schema.json`\n"
               "refreshes the shipped copy.\n");
        return 0;
    }
    if (argc > 1) {
        fprintf(stderr, "rcuvis: schema: unexpected argument '%s' (see rcuvis schema --help)\n", argv[1]);
        return 2;
    }
    char *text = rv_scenario_schema();
    if (!text) {
        fprintf(stderr, "rcuvis: schema: cannot build the schema (out of memory, or a broken template)\n");
        return 2;
    }
    printf("%s\n", text);
    free(text);
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 2;
}
