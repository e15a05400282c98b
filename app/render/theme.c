/* theme.c — the light (projector) and dark palettes, both built on the Okabe–Ito colours. */
#include "render/theme.h"

#include <string.h>

/* Okabe–Ito */
#define OI_ORANGE 0xE69F00
#define OI_SKY 0x56B4E9
#define OI_GREEN 0x009E73
#define OI_YELLOW 0xF0E442
#define OI_BLUE 0x0072B2
#define OI_VERMILLION 0xD55E00
#define OI_PURPLE 0xCC79A7

static ui_theme themes[UI_NTHEMES];
static int ready;

static void init(void)
{
    /* Light: projectors wash out dark backgrounds, so this is the default. */
    ui_theme *l = &themes[UI_THEME_LIGHT];
    l->name = "light";
    l->bg = rd_rgb(0xE9ECEF); l->panel = rd_rgb(0xFFFFFF); l->panel_edge = rd_rgb(0xB8BEC6);
    l->text = rd_rgb(0x111111); l->text_dim = rd_rgb(0x5A6270); l->heading = rd_rgb(0x1B2A3A); l->grid = rd_rgb(0xD5DAE0);
    l->user = rd_rgb(0xA9D6F5); l->kernel = rd_rgb(OI_ORANGE); l->idle_tick = rd_rgb(0xE4E4E4);
    l->idle_nohz = rd_rgb(0x9A9A9A); l->offline = rd_rgb(0x3A3A3A);
    l->reader_old = rd_rgb(OI_VERMILLION); l->reader_new = rd_rgb(OI_BLUE);
    l->owed = rd_rgb(OI_VERMILLION); l->passed = rd_rgb(OI_GREEN); l->cleared = rd_rgb(0xC9CED6);
    l->seg[0] = rd_rgb(OI_GREEN); l->seg[1] = rd_rgb(OI_ORANGE); l->seg[2] = rd_rgb(OI_SKY); l->seg[3] = rd_rgb(OI_PURPLE);
    l->flavor[0] = rd_rgb(OI_BLUE); l->flavor[1] = rd_rgb(OI_GREEN); l->flavor[2] = rd_rgb(OI_PURPLE);
    l->fqs = rd_rgb(OI_ORANGE); l->stall = rd_rgb(OI_VERMILLION);
    l->caption_bg = rd_rgb(0x14202D); l->caption_text = rd_rgb(0xFFFFFF);
    l->select = rd_rgb(0x000000); l->walk = rd_rgb(OI_YELLOW);
    l->error_bg = rd_rgb(0xFBE3D6); l->error_text = rd_rgb(0x7A2600); l->ok = rd_rgb(OI_GREEN);

    ui_theme *d = &themes[UI_THEME_DARK];
    *d = *l;
    d->name = "dark";
    d->bg = rd_rgb(0x15181C); d->panel = rd_rgb(0x22272E); d->panel_edge = rd_rgb(0x3C444F);
    d->text = rd_rgb(0xE8EAED); d->text_dim = rd_rgb(0x9AA3AE); d->heading = rd_rgb(0xFFFFFF); d->grid = rd_rgb(0x333A44);
    d->user = rd_rgb(0x2F6C96); d->idle_tick = rd_rgb(0x4A4F57); d->idle_nohz = rd_rgb(0x2C2F34); d->offline = rd_rgb(0x0A0A0A);
    d->reader_new = rd_rgb(OI_SKY); d->cleared = rd_rgb(0x48505B);
    d->flavor[0] = rd_rgb(OI_SKY);
    d->select = rd_rgb(0xFFFFFF);
    d->caption_bg = rd_rgb(0xF0E442); d->caption_text = rd_rgb(0x111111);
    d->error_bg = rd_rgb(0x4A1E0A); d->error_text = rd_rgb(0xFFD2B8);
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
