/* theme.c — the light (projector) and dark palettes, both built on the Okabe–Ito colours. */
#include "render/theme.h"

#include <string.h>

static ui_theme themes[UI_NTHEMES];
static int ready;

/* The palettes are data (assets/palettes.def): one row per role, light and dark. */
static void init(void)
{
    ui_theme *l = &themes[UI_THEME_LIGHT], *d = &themes[UI_THEME_DARK];
    l->name = "light";
    d->name = "dark";
#define PALETTE(field, light, dark) l->field = rd_rgb(light); d->field = rd_rgb(dark);
#include "palettes.def"
#undef PALETTE
    ready = 1;
}

const ui_theme *ui_theme_get(int which)
{
    if (!ready) init();
    return &themes[(which >= 0 && which < UI_NTHEMES) ? which : 0];
}

const char *ui_theme_name(int which) { return ui_theme_get(which)->name; }

int ui_theme_from_name(const char *name)
{
    for (int i = 0; name && i < UI_NTHEMES; i++)
        if (!strcmp(name, ui_theme_get(i)->name)) return i;
    return -1;
}
