/* test_schema_doc.c — scenarios/schema.json is exactly what `rcuvis schema` generates, and the defaults it advertises load back as the engine's. */
#include "engine_fixtures.h"
#include "scenario.h"

#include <cjson/cJSON.h>

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s (run the tests from the repository root)", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    cr_assert_not_null(s);
    cr_assert_eq(fread(s, 1, (size_t)n, f), (size_t)n);
    s[n] = 0;
    fclose(f);
    return s;
}

Test(schema_doc, shipped_file_is_the_generated_one)
{
    char *gen = rv_scenario_schema();
    cr_assert_not_null(gen);
    const char *root = getenv("RCUVIS_ROOT");
    char path[1024];
    snprintf(path, sizeof path, "%s/scenarios/schema.json", root ? root : ".");
    char *file = slurp(path);
    size_t fl = strlen(file);
    if (fl && file[fl - 1] == '\n') file[--fl] = 0;
    size_t i = 0;
    while (gen[i] && gen[i] == file[i]) i++;
    int line = 1;
    for (size_t k = 0; k < i; k++) line += gen[k] == '\n';
    cr_expect(gen[i] == 0 && file[i] == 0,
              "scenarios/schema.json differs from `rcuvis schema` at line %d: regenerate it with "
              "`build/rcuvis schema > scenarios/schema.json`", line);
    cr_expect(strchr(gen, '@') == NULL || !strstr(gen, "\"@"), "an unfilled @mark is left in the schema");
    free(gen);
    free(file);
}

/* Every rcu and costs default the schema advertises is accepted by the loader and equals the engine's. */
Test(schema_doc, advertised_defaults_load_as_the_engines)
{
    char *gen = rv_scenario_schema();
    cJSON *s = cJSON_Parse(gen);
    cr_assert_not_null(s);
    cJSON *defs = cJSON_GetObjectItem(s, "$defs");
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddStringToObject(doc, "name", "defaults");
    cJSON_AddNumberToObject(doc, "cpus", 4);
    cJSON_AddNumberToObject(doc, "duration_s", 1);
    const char *blocks[] = {"rcu", "costs"};
    int keys = 0;
    for (int b = 0; b < 2; b++) {
        cJSON *out = cJSON_AddObjectToObject(doc, blocks[b]);
        cJSON *props = cJSON_GetObjectItem(cJSON_GetObjectItem(defs, blocks[b]), "properties");
        for (cJSON *p = props ? props->child : NULL; p; p = p->next) {
            cJSON *d = cJSON_GetObjectItem(p, "default");
            if (!d) { /* only keys whose default follows the mode or the word size, and free text, may have none */
                const char *desc = cJSON_GetStringValue(cJSON_GetObjectItem(p, "description"));
                const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(p, "type"));
                cr_assert((desc && (strstr(desc, "as the mode had it") || strstr(desc, "(config_64bit)"))) ||
                              (type && !strcmp(type, "string")),
                          "%s.%s has no default", blocks[b], p->string);
                continue;
            }
            cJSON_AddItemToObject(out, p->string, cJSON_Duplicate(d, true));
            keys++;
        }
    }
    cr_expect_geq(keys, 30);
    char *text = cJSON_Print(doc);
    rv_config got, want;
    char err[4096];
    cr_assert_eq(rv_scenario_parse(text, "defaults.json", &got, err, sizeof err), 0, "%s", err);
    rv_config_defaults(&want);
    cr_expect_eq(memcmp(&got.costs, &want.costs, sizeof want.costs), 0, "cost defaults differ");
    cr_expect_eq(memcmp(&got.rcu, &want.rcu, sizeof want.rcu), 0, "rcu defaults differ");
    rv_config_free(&got);
    rv_config_free(&want);
    free(text);
    cJSON_Delete(doc);
    cJSON_Delete(s);
    free(gen);
}

/* cJSON prints numbers beyond int with %.15g: the seed's bound 2^53 - 1 came out rounded as
 * 9.00719925474099e+15, a different number than the loader accepts. */
Test(schema_doc, integers_print_exactly)
{
    char *gen = rv_scenario_schema();
    cr_assert_not_null(gen);
    cr_expect(strstr(gen, "\"maximum\": 9007199254740991\n") != NULL, "the seed's maximum is not 2^53 - 1 as written");
    for (const char *p = strstr(gen, "e+"); p; p = strstr(p + 2, "e+"))
        cr_expect(p == gen || p[-1] < '0' || p[-1] > '9', "a number in exponent form: %.30s", p > gen + 20 ? p - 20 : gen);
    free(gen);
}

/* Does the schema's event "allOf" forbid key for kind (an "if" on kind, "then" key: false)? */
static bool schema_forbids(const cJSON *all_of, const char *kind, const char *key)
{
    for (const cJSON *b = all_of ? all_of->child : NULL; b; b = b->next) {
        const cJSON *then = cJSON_GetObjectItem(cJSON_GetObjectItem(b, "then"), "properties");
        if (!cJSON_IsFalse(cJSON_GetObjectItem(then, key))) continue;
        const cJSON *k = cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(b, "if"), "properties"), "kind");
        const char *c = cJSON_GetStringValue(cJSON_GetObjectItem(k, "const"));
        if (c && !strcmp(c, kind)) return true;
        for (const cJSON *e = cJSON_GetObjectItem(k, "enum") ? cJSON_GetObjectItem(k, "enum")->child : NULL; e; e = e->next)
            if (!strcmp(e->valuestring, kind)) return true;
    }
    return false;
}

/* The schema's per-kind rules and the loader's refuse the same keys: an editor marks exactly what
 * `rcuvis check` refuses (the schema used to allow a duration_s on an offline, as the loader did). */
Test(schema_doc, event_keys_per_kind_agree_with_the_loader)
{
    char *gen = rv_scenario_schema();
    cJSON *s = cJSON_Parse(gen);
    cr_assert_not_null(s);
    const cJSON *all_of = cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(s, "$defs"), "event"), "allOf");
    cr_assert_not_null(all_of, "the event schema has no per-kind rules");
    static const char *const keys[] = {"flavor", "duration_s", "count"};
    int forbidden = 0;
    for (int k = 0; k < RV_INJ_NKINDS; k++) {
        const char *kind = rv_inject_kind_name((enum rv_inject_kind)k);
        for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
            char text[400], err[2048], want[64];
            /* cpu and duration_s as the kinds that need them want them; the key under test added */
            snprintf(text, sizeof text, "{\"name\":\"k\",\"cpus\":2,\"duration_s\":1,\"events\":[{\"kind\":\"%s\",\"cpu\":0%s%s}]}",
                     kind, strcmp(keys[i], "duration_s") && k <= RV_INJ_KERNEL_LOOP ? ",\"duration_s\":0.1" : "",
                     !strcmp(keys[i], "flavor") ? ",\"flavor\":\"rcu_preempt\"" : !strcmp(keys[i], "count") ? ",\"count\":2"
                                                                                                       : ",\"duration_s\":0.1");
            rv_config cfg;
            bool refused = rv_scenario_parse(text, "k.json", &cfg, err, sizeof err) != 0;
            rv_config_free(&cfg);
            snprintf(want, sizeof want, "takes no %s", keys[i]);
            cr_expect(!refused || strstr(err, want), "%s: refused for another reason: %s", text, err);
            bool forbids = schema_forbids(all_of, kind, keys[i]);
            cr_expect_eq(refused, forbids, "%s with %s: the loader %s it, the schema %s it", kind, keys[i],
                         refused ? "refuses" : "accepts", forbids ? "forbids" : "allows");
            forbidden += forbids;
        }
    }
    cr_expect_eq(forbidden, 5 + 6 + 9, "flavor on 5 kinds, duration_s on 6, count on 9");
    cJSON_Delete(s);
    free(gen);
}
