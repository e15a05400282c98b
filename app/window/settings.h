/* settings.h — user settings (UI scale, palette, last scenario) in $XDG_CONFIG_HOME/rcuvis/settings.json. */
#ifndef RCUVIS_SETTINGS_H
#define RCUVIS_SETTINGS_H
#include <stdbool.h>
#include <stddef.h>

typedef struct ui_settings {
    float ui_scale;
    int theme;
    bool fullscreen;            /* the window opens fullscreen when it was left so */
    char last_scenario[1024];
} ui_settings;

/* Path of the settings file (does not create anything). */
const char *ui_settings_path(char *buf, size_t n);
/* Load; missing file = defaults, returns 0. A corrupt file is renamed to
 * settings.json.corrupt-<unix time> and a one-line explanation goes to note (returns 1). */
int ui_settings_load(ui_settings *s, char *note, size_t notelen);
/* Write atomically (temp file + rename), creating the directory. 0 ok, -1 + message. */
int ui_settings_save(const ui_settings *s, char *err, size_t errlen);
#endif
