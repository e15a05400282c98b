/* captions_missed.c — the report's captions_missed object: the captions a run never showed, and why. */
#include "report/report.h"

#include <stdio.h>

void report_add_captions_missed(cJSON *json, const rv_engine *e, const rv_config *cfg, bool judged)
{
    cJSON *o = cJSON_AddObjectToObject(json, "captions_missed");
    if (!o) return;
    cJSON *list = cJSON_CreateArray();
    size_t n = 0;
    for (size_t i = 0; judged && list && i < cfg->ncaptions; i++) {
        char why[512], path[48];
        if (!rv_caption_missed(e, i, why, sizeof why)) continue;
        snprintf(path, sizeof path, "$.captions[%d]", cfg->captions[i].file_index);
        cJSON *c = cJSON_CreateObject();
        if (!c) break;
        cJSON_AddNumberToObject(c, "index", cfg->captions[i].file_index);
        cJSON_AddStringToObject(c, "path", path);
        cJSON_AddStringToObject(c, "text", cfg->captions[i].text);
        cJSON_AddStringToObject(c, "why", why);
        cJSON_AddItemToArray(list, c);
        n++;
    }
    cJSON_AddNumberToObject(o, "count", (double)n);
    cJSON_AddBoolToObject(o, "judged", judged);
    if (list) cJSON_AddItemToObject(o, "list", list);
}
