/* replay.c — a main for the harnesses without libFuzzer: runs every file named (or in the directories
 * named) through LLVMFuzzerTestOneInput once, so `make test` replays the corpora and past crashes with gcc. */
#include "fuzz.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); return -1; }
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    if (!buf) { fprintf(stderr, "%s: out of memory\n", path); return -1; }
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    int files = 0, bad = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) { perror(argv[i]); bad++; continue; }
        if (!S_ISDIR(st.st_mode)) { bad += run_file(argv[i]) != 0; files++; continue; }
        DIR *d = opendir(argv[i]);
        for (struct dirent *de; d && (de = readdir(d));) {
            if (de->d_name[0] == '.') continue;
            char p[4096];
            snprintf(p, sizeof p, "%s/%s", argv[i], de->d_name);
            bad += run_file(p) != 0;
            files++;
        }
        if (d) closedir(d);
    }
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", fuzz_dir());
    if (system(cmd) != 0) bad++;
    printf("replayed %d inputs%s\n", files, bad ? ", some unreadable" : "");
    return bad ? 1 : 0;
}
