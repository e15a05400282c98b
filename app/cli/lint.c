/* lint.c — the warnings about a loaded scenario that `rcuvis check` prints, and `rcuvis run` before it simulates. */
#include "cli/lint.h"

#include "cli/check_held.h"
#include "cli/check_hotplug.h"
#include "cli/check_text.h"
#include "report/report.h"
#include "util/readfile.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

/* An event with neither at_s nor "on" happens at 0 s. The loader takes it (a --set that appends an
 * event key by key relies on it), but in a file it is more often a forgotten at_s than a wish for
 * the very start, so the file's own events are warned about. */
static size_t check_moments(const char *path, FILE *out)
{
    size_t n, warned = 0;
    char *text = rf_read_file(path, &n, (size_t)64 << 20);
    if (!text) return 0;
    size_t skip = n >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3) ? 3 : 0; /* as the loader skips a byte order mark */
    cJSON *root = cJSON_Parse(text + skip);
    free(text);
    int i = 0;
    for (const cJSON *ev = cJSON_GetObjectItemCaseSensitive(root, "events") ? cJSON_GetObjectItemCaseSensitive(root, "events")->child : NULL;
         ev; ev = ev->next, i++) {
        if (!cJSON_IsObject(ev) || cJSON_HasObjectItem(ev, "at_s") || cJSON_HasObjectItem(ev, "on")) continue;
        fprintf(out, "warning: %s: $.events[%d]: neither at_s nor \"on\", so it happens at 0 s; write \"at_s\": 0 if the start "
                "is meant\n", path, i);
        warned++;
    }
    cJSON_Delete(root);
    return warned;
}

size_t cli_scenario_warnings(const rv_config *cfg, const char *path, FILE *out, size_t *errors, bool before_run)
{
    size_t n = 0, hp_errors = 0;
    n += check_hotplug(cfg, path, out, errors ? &hp_errors : NULL);
    if (errors) *errors = hp_errors;
    n += check_held(cfg, path, out);
    /* what no run of the file will show; warnings, so the file still checks ok */
    if (!before_run) n += cli_report_caption_overlaps(out, cfg, path);
    /* the other configuration's overlaps are judged by a run in it (run --mode softirq), not by this one */
    if (!before_run) n += cli_report_caption_overlaps_other_mode(out, cfg, path);
    n += cli_report_outlasting_events(out, cfg, path);
    n += cli_report_unreachable_triggers(out, cfg, path);
    if (!before_run) n += cli_report_dead_conditions(out, cfg, path);
    n += check_text(cfg, path, out);
    n += check_moments(path, out);
    return n;
}
