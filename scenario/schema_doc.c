/* schema_doc.c — `rcuvis schema`: scenarios/schema.json generated from the loader's key tables and the engine's defaults, never copied by hand. */
#include "priv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void append_default(cJSON *obj, const char *text)
{
    cJSON *d = cJSON_GetObjectItemCaseSensitive(obj, "description");
    if (!cJSON_IsString(d) || !text[0]) return; /* no single default (e.g. one that follows the mode) */
    size_t n = strlen(d->valuestring) + strlen(text) + 16;
    char *s = malloc(n);
    if (!s) return;
    snprintf(s, n, "%s Default %s.", d->valuestring, text);
    cJSON_ReplaceItemInObjectCaseSensitive(obj, "description", cJSON_CreateString(s));
    free(s);
}

static cJSON *flavor_list(const bool on[RV_NFLAVORS])
{
    cJSON *a = cJSON_CreateArray();
    for (int f = 0; f < RV_NFLAVORS; f++)
        if (on[f]) cJSON_AddItemToArray(a, cJSON_CreateString(rv_flavor_name(f)));
    return a;
}

static cJSON *rcu_properties(const rv_config *def)
{
    cJSON *props = cJSON_CreateObject();
    for (size_t i = 0; i < sc_rcu_nspec; i++) {
        const sc_key_spec *k = &sc_rcu_spec[i];
        const char *field = (const char *)&def->rcu + k->off;
        cJSON *p = cJSON_AddObjectToObject(props, k->key);
        cJSON_AddStringToObject(p, "description", k->desc);
        char dtext[64] = "";
        switch (k->type) {
        case SK_INT: case SK_INT_HZ: case SK_NR_CPUS: {
            int v = *(const int *)field;
            cJSON_AddStringToObject(p, "type", "integer");
            cJSON_AddNumberToObject(p, "minimum", (double)k->lo);
            cJSON_AddNumberToObject(p, "maximum", k->type == SK_INT ? (double)k->hi : k->type == SK_INT_HZ ? SC_HZ_MAX : RV_MAX_CPUS);
            if (v < k->lo) break; /* no single default: rcu.fanout's follows config_64bit (said in desc) */
            cJSON_AddNumberToObject(p, "default", v);
            snprintf(dtext, sizeof dtext, "%d", v);
            break;
        }
        case SK_BOOL: {
            bool v = *(const bool *)field;
            cJSON_AddStringToObject(p, "type", "boolean");
            cJSON_AddBoolToObject(p, "default", v);
            snprintf(dtext, sizeof dtext, "%s", v ? "true" : "false");
            break;
        }
        case SK_MODE: {
            cJSON *e = cJSON_AddArrayToObject(p, "enum");
            cJSON_AddItemToArray(e, cJSON_CreateString(rv_mode_name(RV_MODE_SOFTIRQ)));
            cJSON_AddItemToArray(e, cJSON_CreateString(rv_mode_name(RV_MODE_KTHREAD)));
            cJSON_AddStringToObject(p, "default", rv_mode_name(def->rcu.mode));
            snprintf(dtext, sizeof dtext, "%s", rv_mode_name(def->rcu.mode));
            break;
        }
        case SK_MODE_BOOL: {
            cJSON_AddStringToObject(p, "type", "boolean"); /* its default follows the mode: said in desc */
            break;
        }
        case SK_TEXT:
            cJSON_AddStringToObject(p, "type", "string");
            break;
        case SK_FLAVORS: {
            cJSON_AddStringToObject(p, "type", "array");
            cJSON_AddNumberToObject(p, "minItems", 1);
            cJSON_AddNumberToObject(p, "maxItems", RV_NFLAVORS);
            cJSON_AddBoolToObject(p, "uniqueItems", true);
            cJSON *it = cJSON_AddObjectToObject(p, "items");
            cJSON_AddStringToObject(it, "$ref", "#/$defs/flavor");
            cJSON_AddItemToObject(p, "default", flavor_list(def->rcu.flavors));
            size_t o = 0;
            for (int f = 0; f < RV_NFLAVORS; f++)
                if (def->rcu.flavors[f] && o < sizeof dtext)
                    o += (size_t)snprintf(dtext + o, sizeof dtext - o, "%s%s", o ? ", " : "", rv_flavor_name(f));
            break;
        }
        }
        append_default(p, dtext);
    }
    return props;
}

static cJSON *cost_properties(const rv_costs *def)
{
    cJSON *props = cJSON_CreateObject();
    const int64_t *field = &def->node_lock_ns;
    for (size_t i = 0; i < sc_cost_nspec; i++) {
        cJSON *p = cJSON_AddObjectToObject(props, sc_cost_spec_table[i].key);
        cJSON_AddStringToObject(p, "description", sc_cost_spec_table[i].desc);
        cJSON_AddStringToObject(p, "$ref", "#/$defs/ns");
        cJSON_AddNumberToObject(p, "default", (double)field[i]);
        char t[32];
        snprintf(t, sizeof t, "%lld", (long long)field[i]);
        append_default(p, t);
    }
    return props;
}

/* Replace every "@..." mark below obj. */
static void fill(cJSON *obj, const rv_config *def)
{
    for (cJSON *it = obj ? obj->child : NULL; it; it = it->next) {
        if (!cJSON_IsString(it) || it->valuestring[0] != '@') { fill(it, def); continue; }
        const char *m = it->valuestring + 1;
        cJSON *rep = NULL;
        char t[64] = "";
        if (!strcmp(m, "rcu")) rep = rcu_properties(def);
        else if (!strcmp(m, "costs")) rep = cost_properties(&def->costs);
        else if (!strcmp(m, "max:cpus")) rep = cJSON_CreateNumber(RV_MAX_CPUS);
        else if (!strcmp(m, "max:cost")) rep = cJSON_CreateNumber((double)SC_COST_MAX);
        else if (!strcmp(m, "default:hz")) { rep = cJSON_CreateNumber(def->hz); snprintf(t, sizeof t, "%d", def->hz); }
        else if (!strcmp(m, "default:seed")) {
            rep = cJSON_CreateNumber((double)def->seed);
            snprintf(t, sizeof t, "%llu", (unsigned long long)def->seed);
        } else if (!strcmp(m, "trig_events")) {
            rep = cJSON_CreateArray();
            for (int k = 1; k < RV_TRIG_NKINDS; k++)
                cJSON_AddItemToArray(rep, cJSON_CreateString(rv_trig_event_name((enum rv_trig_event)k)));
        }
        if (!rep) continue; /* an unknown mark stays visible in the output, and the test fails on it */
        if (t[0]) append_default(obj, t);
        if (it->string) {
            cJSON_ReplaceItemInObjectCaseSensitive(obj, it->string, rep);
            it = cJSON_GetObjectItemCaseSensitive(obj, rep->string ? rep->string : "");
            if (!it) return;
        }
    }
}

/* cJSON prints a number outside int's range with %.15g, so the seed's maximum 2^53 - 1 came out as
 * 9.00719925474099e+15: a different, rounded bound. Whole numbers that a double holds exactly are
 * printed as integers instead (raw items keep their text as given). */
static void exact_integers(cJSON *obj)
{
    for (cJSON *it = obj ? obj->child : NULL; it; it = it->next) {
        if (!cJSON_IsNumber(it)) { exact_integers(it); continue; }
        double d = it->valuedouble;
        if (d != floor(d) || fabs(d) > 9007199254740991.0) continue;
        char t[32];
        snprintf(t, sizeof t, "%.0f", d);
        cJSON *raw = cJSON_CreateRaw(t);
        if (!raw) continue;
        raw->string = it->string; /* the key moves over: ReplaceItemViaPointer keeps the replacement's name */
        it->string = NULL;
        cJSON_ReplaceItemViaPointer(obj, it, raw);
        it = raw;
    }
}

/* Two-space indentation, one key per line, like the files people write (cJSON_Print uses tabs). */
static char *indent2(const char *u)
{
    size_t n = strlen(u), cap = n * 4 + 64, o = 0;
    int depth = 0;
    bool in_str = false;
    char *out = malloc(cap);
    if (!out) return NULL;
#define PUT(ch) do { if (o + 1 >= cap) { char *g = realloc(out, cap *= 2); if (!g) { free(out); return NULL; } out = g; } out[o++] = (ch); } while (0)
#define NL() do { PUT('\n'); for (int d_ = 0; d_ < depth * 2; d_++) PUT(' '); } while (0)
    for (const char *p = u; *p; p++) {
        char ch = *p;
        if (in_str) {
            PUT(ch);
            if (ch == '\\' && p[1]) PUT(*++p);
            else if (ch == '"') in_str = false;
            continue;
        }
        switch (ch) {
        case '"': in_str = true; PUT(ch); break;
        case '{': case '[':
            PUT(ch);
            if (p[1] == (ch == '{' ? '}' : ']')) { PUT(*++p); break; }
            depth++;
            NL();
            break;
        case '}': case ']': depth--; NL(); PUT(ch); break;
        case ',': PUT(ch); NL(); break;
        case ':': PUT(ch); PUT(' '); break;
        default: PUT(ch); break;
        }
    }
    PUT('\0');
#undef NL
#undef PUT
    return out;
}

char *rv_scenario_schema(void)
{
    size_t n = 1;
    for (size_t i = 0; sc_schema_template[i]; i++) n += strlen(sc_schema_template[i]) + 1;
    char *text = malloc(n), *p = text;
    if (!text) return NULL;
    for (size_t i = 0; sc_schema_template[i]; i++) {
        size_t l = strlen(sc_schema_template[i]);
        memcpy(p, sc_schema_template[i], l);
        p += l;
        *p++ = '\n';
    }
    *p = 0;
    cJSON *root = cJSON_Parse(text);
    free(text);
    if (!root) return NULL;
    rv_config def;
    rv_config_defaults(&def);
    fill(root, &def);
    rv_config_free(&def);
    exact_integers(root);
    char *flat = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    char *out = flat ? indent2(flat) : NULL;
    free(flat);
    return out;
}
