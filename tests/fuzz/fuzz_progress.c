/* fuzz_progress.c — the progress file loader on any bytes, then an answer saved over it (merge + write). */
#include "fuzz.h"
#include "workbook/progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[128], msg[8192];
    snprintf(path, sizeof path, "%s/progress.json", fuzz_dir());
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    if (size) fwrite(data, 1, size, f);
    fclose(f);
    progress p;
    if (progress_load(&p, path, msg, sizeof msg) >= 0) {
        progress_record(&p, "workbook/1", "1.1", "a", true, 1);
        progress_save(&p, msg, sizeof msg);
    }
    progress_free(&p);
    /* a corrupt input was set aside as progress.json.corrupt-*: keep the directory small */
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -f %s/progress.json*", fuzz_dir());
    if (system(cmd) != 0) abort();
    return 0;
}
