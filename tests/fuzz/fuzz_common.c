/* fuzz_common.c — helpers shared by the harnesses: input as a string, a scratch directory. */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *fuzz_text(const uint8_t *data, size_t size)
{
    char *t = malloc(size + 1);
    if (!t) abort();
    memcpy(t, data, size);
    t[size] = 0;
    return t;
}

const char *fuzz_dir(void)
{
    static char dir[64];
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/rcuvis-fuzz-%ld", (long)getpid());
        mkdir(dir, 0700);
    }
    return dir;
}
