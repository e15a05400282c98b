/* fuzz_scenario.c — the scenario loader on any bytes, then a short engine run of whatever it accepts. */
#include "fuzz.h"
#include "rcuvis.h"
#include "scenario.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    rv_config cfg;
    static char err[16384];
    if (rv_scenario_parse(text, "fuzz.json", &cfg, err, sizeof err) == 0) {
        rv_engine *e = rv_engine_new(&cfg, NULL, err, sizeof err);
        /* a short run: at most 2000 events, so a 4096-CPU input still costs milliseconds */
        for (int i = 0; e && i < 2000 && rv_step_event(e) >= 0; i++) {}
        rv_engine_free(e);
    }
    rv_config_free(&cfg);
    free(text);
    return 0;
}
