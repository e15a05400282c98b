/* stub_reproduce.c — TEMPORARY stubs; the owner of these commands deletes this file when implementing them. */
#include "commands.h"
#include <stdio.h>
int cmd_reproduce(int argc, char **argv) { (void)argc; fprintf(stderr, "rcuvis: %s: not implemented yet\n", argv[0]); return 2; }
