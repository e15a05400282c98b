/* commands.h — entry points of rcuvis's subcommands; main.c dispatches to them, each owner implements one. */
#ifndef RCUVIS_COMMANDS_H
#define RCUVIS_COMMANDS_H
#include "paths.h"

#include <stddef.h>

/* Each returns the process exit status: 0 success, 1 a check/claim failed, 2 bad input or usage.
 * argv[0] is the subcommand name ("run"); messages on stderr start with "rcuvis: ". */
int cmd_run(int argc, char **argv);        /* rcuvis run SCENARIO.json [...]        (cli_run.c) */
int cmd_check(int argc, char **argv);      /* rcuvis check FILE...                  (cli_check.c) */
int cmd_schema(int argc, char **argv);     /* rcuvis schema: the scenario JSON Schema (cli/schema.c) */
int cmd_window(int argc, char **argv);     /* rcuvis [SCENARIO.json]: the SDL window (window_main.c) */
int cmd_shot(int argc, char **argv);       /* rcuvis shot SCENARIO.json --at S -o F (shot.c) */
int cmd_quiz(int argc, char **argv);       /* rcuvis quiz [LESSON]: terminal workbook (quiz_cli.c) */
int cmd_reproduce(int argc, char **argv);  /* rcuvis reproduce: the article's claims (reproduce.c) */
int cmd_glossary(int argc, char **argv);   /* rcuvis glossary [TERM]: the window's glossary (workbook/glossary_cli.c) */

/* Used by `rcuvis check`: validate a quiz file. Returns 0 valid, 1 when the file is not a quiz
 * (no top-level "lessons"), -1 invalid with one message per line in err. (quiz_check.c) */
int quiz_check_file(const char *path, char *err, size_t errlen);

#endif
