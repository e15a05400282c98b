/* main.c — placeholder entry point until the CLI and the window land. */
#include "rcuvis.h"
#include <stdio.h>
int main(void) { printf("rcuvis %s\n", RCUVIS_VERSION); return 0; }
