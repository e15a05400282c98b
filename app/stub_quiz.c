/* stub_quiz.c — TEMPORARY stubs; the owner of these commands deletes this file when implementing them. */
#include "commands.h"
#include <stdio.h>
int cmd_quiz(int argc, char **argv) { (void)argc; fprintf(stderr, "rcuvis: %s: not implemented yet\n", argv[0]); return 2; }
int quiz_check_file(const char *path, char *err, size_t errlen) { (void)path; (void)err; (void)errlen; return 1; }
