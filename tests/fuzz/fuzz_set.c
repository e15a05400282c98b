/* fuzz_set.c — `--set PATH=VALUE` overrides (one per input line) applied to a valid scenario. */
#include "fuzz.h"
#include "rcuvis.h"
#include "scenario.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char base[256];
    if (!base[0]) {
        snprintf(base, sizeof base, "%s/base.json", fuzz_dir());
        FILE *f = fopen(base, "w");
        if (!f) abort();
        fputs("{\"name\": \"f\", \"cpus\": 4, \"duration_s\": 0.01, \"workload\": [{\"kind\": \"readers\"}]}", f);
        fclose(f);
    }
    char *text = fuzz_text(data, size);
    const char *items[16];
    size_t n = 0;
    for (char *line = text, *next; line && n < 16; line = next) {
        next = strchr(line, '\n');
        if (next) *next++ = 0;
        items[n++] = line;
    }
    rv_overrides ov = {items, n};
    rv_config cfg;
    static char err[16384];
    if (rv_scenario_load_with(base, &ov, &cfg, err, sizeof err) == 0) {
        rv_engine *e = rv_engine_new(&cfg, NULL, err, sizeof err);
        for (int i = 0; e && i < 500 && rv_step_event(e) >= 0; i++) {}
        rv_engine_free(e);
    }
    rv_config_free(&cfg);
    free(text);
    return 0;
}
