/* glossary_search.c — finding a term in the glossary overlay: / (or Ctrl+F from anywhere) starts typing, the overlay lists what matches (glossary_find.c), Enter keeps the search, Esc shows every entry again. */
#include "window/window.h"
#include "util/utf8.h"

#include <stdio.h>
#include <string.h>

static void start_typing(ui_win *w, bool from_slash_key)
{
    ui_state *st = &w->app.st;
    st->glossary_typing = true;
    w->gloss_skip_slash = from_slash_key;
    /* typed letters arrive as text: the caption editor may have turned text input off when it closed */
    SDL_StartTextInput();
}

static void set_query(ui_state *st, const char *q)
{
    snprintf(st->glossary_query, sizeof st->glossary_query, "%s", q);
    st->glossary_scroll = 0; /* a new list starts at its best match */
}

void ui_glossary_close(ui_state *st)
{
    st->show_glossary = false;
    st->glossary_typing = false;
    st->glossary_query[0] = 0;
}

/* While typing: a key that types nothing and means something to the window still reaches it (F11
 * fullscreen, F12 a picture, F5, Ctrl+= ...); F2 and F3 would start recording a caption under the
 * search, which takes the text, so they wait. */
static bool passes_while_typing(SDL_Keycode sym, bool ctrl_or_alt)
{
    if (ctrl_or_alt) return sym != SDLK_f;
    return sym >= SDLK_F1 && sym <= SDLK_F12 && sym != SDLK_F2 && sym != SDLK_F3;
}

bool ui_glossary_key(ui_win *w, const SDL_KeyboardEvent *k)
{
    ui_state *st = &w->app.st;
    SDL_Keycode sym = k->keysym.sym;
    bool ctrl = k->keysym.mod & KMOD_CTRL, shift = k->keysym.mod & KMOD_SHIFT, alt = k->keysym.mod & KMOD_ALT;
    w->gloss_skip_slash = false; /* only the text of the key that started the search is skipped */
    /* a caption being typed (F2) keeps the keyboard: its Esc and Enter are its own */
    if (w->rec.editing) return false;
#ifndef __EMSCRIPTEN__ /* a page leaves Ctrl+F to the browser's own find */
    if (ctrl && sym == SDLK_f) { /* from anywhere: the glossary, searching */
        if (!st->show_glossary) {
            st->show_glossary = true;
            st->show_help = st->show_picker = false;
            set_query(st, "");
        }
        start_typing(w, false);
        return true;
    }
#endif
    if (!st->show_glossary) return false;
    if (!st->glossary_typing) {
        if (!ctrl && !shift && (sym == SDLK_SLASH || sym == SDLK_KP_DIVIDE)) { start_typing(w, true); return true; }
        if (sym == SDLK_ESCAPE && st->glossary_query[0]) { set_query(st, ""); return true; } /* first every entry, then close */
        return false;
    }
    if (passes_while_typing(sym, ctrl || alt)) return false;
    switch (sym) {
    case SDLK_ESCAPE: set_query(st, ""); st->glossary_typing = false; break;
    case SDLK_RETURN: case SDLK_KP_ENTER: st->glossary_typing = false; break;
    case SDLK_BACKSPACE: {
        char q[sizeof st->glossary_query];
        snprintf(q, sizeof q, "%s", st->glossary_query);
        utf8_pop(q);
        set_query(st, q);
        break;
    }
    case SDLK_DOWN: case SDLK_PAGEDOWN: st->glossary_scroll += sym == SDLK_DOWN ? 3 : 9; break;
    case SDLK_UP: case SDLK_PAGEUP:
        st->glossary_scroll -= sym == SDLK_UP ? 3 : 9;
        if (st->glossary_scroll < 0) st->glossary_scroll = 0;
        break;
    default: break; /* letters come as text (ui_glossary_text); no key acts on the simulation meanwhile */
    }
    return true;
}

bool ui_glossary_text(ui_win *w, const char *utf8)
{
    ui_state *st = &w->app.st;
    if (!st->show_glossary || w->rec.editing) return false;
    bool skip = w->gloss_skip_slash;
    w->gloss_skip_slash = false;
    if (!st->glossary_typing) {
        /* a layout whose "/" is shifted (German: Shift+7) sends no / key, only its text */
        if (!strcmp(utf8, "/")) { start_typing(w, false); return true; }
        return false;
    }
    if (skip && !strcmp(utf8, "/")) return true;
    size_t n = strlen(st->glossary_query), m = strlen(utf8);
    if (n + m < sizeof st->glossary_query) {
        char q[sizeof st->glossary_query];
        memcpy(q, st->glossary_query, n);
        memcpy(q + n, utf8, m + 1);
        set_query(st, q);
    }
    return true;
}
