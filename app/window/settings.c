/* settings.c — reads and atomically writes the user's settings; a corrupt file is set aside, never dropped. */
#include "window/settings.h"

#include "render/theme.h"
#include "util/safefile.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static void dir_of(char *buf, size_t n)
{
    const char *x = getenv("XDG_CONFIG_HOME"), *h = getenv("HOME");
    if (x && *x) snprintf(buf, n, "%s/rcuvis", x);
    else if (h && *h) snprintf(buf, n, "%s/.config/rcuvis", h);
    else snprintf(buf, n, ".rcuvis");
}

const char *ui_settings_path(char *buf, size_t n)
{
    char d[900];
    dir_of(d, sizeof d);
    snprintf(buf, n, "%s/settings.json", d);
    return buf;
}

static void defaults(ui_settings *s)
{
    memset(s, 0, sizeof *s);
    s->ui_scale = 1.0f;
    s->theme = UI_THEME_LIGHT;
}

static int set_aside(const char *path, const char *why, char *note, size_t notelen)
{
    char aside[1100];
    snprintf(aside, sizeof aside, "%s.corrupt-%lld", path, (long long)time(NULL));
    if (rename(path, aside) == 0)
        snprintf(note, notelen, "settings file %s was unreadable (%s); moved it to %s and started from defaults", path, why, aside);
    else
        snprintf(note, notelen, "settings file %s is unreadable (%s) and could not be moved aside: %s", path, why, strerror(errno));
    return 1;
}

int ui_settings_load(ui_settings *s, char *note, size_t notelen)
{
    defaults(s);
    note[0] = 0;
    char path[1024];
    ui_settings_path(path, sizeof path);
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    char *text = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len + 4096 > cap) {
            cap = cap ? cap * 2 : 8192;
            char *nt = realloc(text, cap);
            if (!nt) break;
            text = nt;
        }
        size_t got = fread(text + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0) break;
    }
    fclose(f);
    if (!text) return 0;
    text[len] = 0;
    cJSON *j = cJSON_Parse(text);
    free(text);
    if (!cJSON_IsObject(j)) {
        cJSON_Delete(j);
        return set_aside(path, "not a JSON object", note, notelen);
    }
    const cJSON *sc = cJSON_GetObjectItemCaseSensitive(j, "ui_scale");
    const cJSON *th = cJSON_GetObjectItemCaseSensitive(j, "theme");
    const cJSON *ls = cJSON_GetObjectItemCaseSensitive(j, "last_scenario");
    const char *bad = NULL;
    if (sc && (!cJSON_IsNumber(sc) || sc->valuedouble < 0.5 || sc->valuedouble > 4)) bad = "ui_scale must be a number from 0.5 to 4";
    else if (th && (!cJSON_IsString(th) || ui_theme_from_name(th->valuestring) < 0)) bad = "theme must be \"light\" or \"dark\"";
    else if (ls && !cJSON_IsString(ls)) bad = "last_scenario must be a string";
    if (bad) {
        cJSON_Delete(j);
        return set_aside(path, bad, note, notelen);
    }
    if (sc) s->ui_scale = (float)sc->valuedouble;
    if (th) s->theme = ui_theme_from_name(th->valuestring);
    if (ls) snprintf(s->last_scenario, sizeof s->last_scenario, "%s", ls->valuestring);
    cJSON_Delete(j);
    return 0;
}

static int mkdirs(const char *dir)
{
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s", dir);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') { *p = 0; mkdir(tmp, 0755); *p = '/'; }
    return (mkdir(tmp, 0755) == 0 || errno == EEXIST) ? 0 : -1;
}

int ui_settings_save(const ui_settings *s, char *err, size_t errlen)
{
    char dir[900], path[1024];
    dir_of(dir, sizeof dir);
    if (mkdirs(dir) != 0) { snprintf(err, errlen, "cannot create %s: %s", dir, strerror(errno)); return -1; }
    ui_settings_path(path, sizeof path);
    cJSON *j = cJSON_CreateObject();
    cJSON_AddNumberToObject(j, "ui_scale", (double)((int)(s->ui_scale * 100 + 0.5)) / 100.0);
    cJSON_AddStringToObject(j, "theme", ui_theme_name(s->theme));
    cJSON_AddStringToObject(j, "last_scenario", s->last_scenario);
    char *text = cJSON_Print(j);
    cJSON_Delete(j);
    if (!text) { snprintf(err, errlen, "out of memory"); return -1; }
    sf_out *o = sf_open(path, 0644, err, errlen);
    if (o) sf_write(o, text, strlen(text));
    if (o) sf_write(o, "\n", 1);
    free(text);
    return o ? sf_commit(o, err, errlen) : -1;
}
