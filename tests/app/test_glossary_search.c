/* test_glossary_search.c — finding a term: the ranking `rcuvis glossary TERM` and the G overlay share, and the overlay's search as a student types it. */
#include "text_runs.h"
#include "window_fixture.h"
#include "workbook/glossary_find.h"

#include <ctype.h>
#include <strings.h>

static char cfgdir[64];
static void setup(void) { window_fixture_open(cfgdir, "gsearch", 1280, 720, true); }
static void teardown(void) { window_fixture_close(cfgdir); }

static const char *term_at(size_t i)
{
    size_t n;
    const glossary_entry *g = glossary_all(&n);
    return i < n ? g[i].term : "";
}

Test(glossary_find, names_first_then_mentions)
{
    size_t idx[512], named = 0;
    size_t n = glossary_find("dyntick", idx, 512, &named);
    cr_assert_geq(named, 3, "every name with a word starting \"dyntick\": %zu", named);
    cr_expect_gt(n, named, "explanations mention dynticks too");
    for (size_t i = 0; i < named; i++) cr_expect(strstr(term_at(idx[i]), "dyntick"), "%s", term_at(idx[i]));
    n = glossary_find("qsmask", idx, 512, &named);
    cr_assert_geq(n, 1);
    cr_expect_str_eq(term_at(idx[0]), "qsmask", "the exact name first");
    n = glossary_find("hotplug", idx, 512, &named);
    cr_expect_eq(named, 0, "no term is named hotplug");
    cr_expect_gt(n, 0, "but explanations mention it");
    cr_expect_eq(glossary_find("xyzzy", idx, 512, &named), 0);
    cr_expect_eq(glossary_find("", idx, 512, &named), 0, "nothing typed finds nothing (the overlay then lists all)");
    n = glossary_find("rnp1", idx, 512, &named);
    cr_expect(n >= 1 && named >= 1, "a leaf's name on screen finds the entry that explains it");
}

/* what the workbook's "Scenario:" lines and --set write: a key path names its last part's entry */
Test(glossary_find, a_scenario_key_finds_its_last_part)
{
    size_t idx[512], named = 0;
    size_t n = glossary_find("rcu.needs_gp_fix", idx, 512, &named);
    cr_assert_geq(n, 1, "rcu.needs_gp_fix found nothing");
    cr_expect_str_eq(term_at(idx[0]), "needs_gp_fix");
    n = glossary_find("rcu.fast_no_hz", idx, 512, &named);
    cr_assert_geq(n, 1);
    cr_expect_str_eq(term_at(idx[0]), "FAST_NO_HZ");
    cr_expect_eq(glossary_find("costs.xyzzy", idx, 512, &named), 0, "an unknown last part finds nothing");
}

/* one letter is a key or a segment's name, not the start of every word: "Y" finds the entry that
 * names the Y key, not "yet" and "your" */
Test(glossary_find, one_letter_is_a_word_of_its_own)
{
    size_t idx[512], named = 0;
    size_t n = glossary_find("Y", idx, 512, &named);
    cr_assert_geq(n, 1, "the Y key is mentioned");
    cr_expect_eq(named, 0);
    bool synchronize = false;
    for (size_t i = 0; i < n && i < 512; i++) {
        size_t all_n;
        const char *line = glossary_all(&all_n)[idx[i]].line;
        bool whole = false;
        for (const char *p = line; *p; p++)
            if ((*p == 'Y' || *p == 'y') && (p == line || !isalnum((unsigned char)p[-1])) && !isalnum((unsigned char)p[1]) &&
                p[1] != '-' && p[1] != '_')
                whole = true;
        cr_expect(whole, "%s mentions no Y of its own: %s", term_at(idx[i]), line);
        if (!strcmp(term_at(idx[i]), "synchronize")) synchronize = true;
    }
    cr_expect(synchronize, "the synchronize entry names the Y key");
}

TestSuite(gsearch, .init = setup, .fini = teardown);

static void type(const char *s)
{
    for (; *s; s++) {
        char one[2] = {*s, 0};
        SDL_Event ev;
        memset(&ev, 0, sizeof ev);
        ev.type = SDL_TEXTINPUT;
        snprintf(ev.text.text, sizeof ev.text.text, "%s", one);
        ui_input_event(W, &ev, 1000);
    }
    frame();
}

/* the overlay's text runs in one frame */
static runs *drawn(void)
{
    static runs R;
    R.n = 0;
    rd_set_text_observer(W->rd, keep_run, &R);
    frame();
    rd_set_text_observer(W->rd, NULL, NULL);
    return &R;
}

static bool entry_drawn(const runs *R, const char *term)
{
    size_t tl = strlen(term);
    for (int i = 0; i < R->n; i++)
        if (!strncmp(R->v[i].text, term, tl) && !strncmp(R->v[i].text + tl, " — ", 5)) return true;
    return false;
}

static const char *run_with(const runs *R, const char *needle)
{
    for (int i = 0; i < R->n; i++)
        if (strstr(R->v[i].text, needle)) return R->v[i].text;
    return NULL;
}

Test(gsearch, ctrl_f_types_into_the_search_and_the_simulation_waits)
{
    keymod(SDLK_f, KMOD_LCTRL);
    cr_assert(W->app.st.show_glossary, "Ctrl+F opens the glossary");
    cr_assert(W->app.st.glossary_typing);
    int64_t t0 = tt_now(W->app.s[0].tt);
    bool playing = W->app.st.playing;
    type("fqs");
    key(SDLK_SPACE); /* a key while typing: not play */
    key(SDLK_RIGHT);
    cr_expect_eq(W->app.st.playing, playing, "Space while typing does not play");
    cr_expect_eq(tt_now(W->app.s[0].tt), t0, "no step while typing");
    cr_expect_str_eq(W->app.st.glossary_query, "fqs");
    runs *R = drawn();
    cr_expect(entry_drawn(R, "FQS"), "the FQS entry is listed");
    cr_expect(run_with(R, "Find: fqs"), "the search line says what is searched");
    cr_expect_not(entry_drawn(R, "qsmask") && !strstr(glossary_line("qsmask"), "FQS") && !strstr(glossary_line("qsmask"), "fqs"),
                  "an entry that does not mention it is not listed");
    key(SDLK_BACKSPACE);
    cr_expect_str_eq(W->app.st.glossary_query, "fq");
    key(SDLK_RETURN);
    cr_expect_not(W->app.st.glossary_typing, "Enter keeps the search and ends typing");
    cr_expect_str_eq(W->app.st.glossary_query, "fq");
    key(SDLK_ESCAPE);
    cr_expect(W->app.st.show_glossary, "the first Esc shows every entry again");
    cr_expect_str_eq(W->app.st.glossary_query, "");
    key(SDLK_ESCAPE);
    cr_expect_not(W->app.st.show_glossary, "the second closes it");
}

Test(gsearch, slash_starts_the_search_without_typing_itself)
{
    key(SDLK_g);
    cr_assert(W->app.st.show_glossary);
    cr_assert_not(W->app.st.glossary_typing, "G alone lists every entry");
    runs *R = drawn();
    cr_expect(run_with(R, "/ finds a term"), "the overlay says how to search");
    key(SDLK_SLASH);
    cr_assert(W->app.st.glossary_typing, "/ starts typing");
    type("/qsm"); /* the / key's own text, then the letters */
    cr_expect_str_eq(W->app.st.glossary_query, "qsm");
    type("ask");
    cr_expect_str_eq(W->app.st.glossary_query, "qsmask");
    R = drawn();
    cr_expect(entry_drawn(R, "qsmask"));
    key(SDLK_ESCAPE);
    cr_expect_str_eq(W->app.st.glossary_query, "", "Esc while typing shows every entry again");
    cr_expect_not(W->app.st.glossary_typing);
    key(SDLK_g);
    cr_expect_not(W->app.st.show_glossary, "G closes it");
    key(SDLK_g);
    cr_expect_str_eq(W->app.st.glossary_query, "", "it opens on every entry");
}

Test(gsearch, nothing_found_says_so_and_mentions_are_headed)
{
    keymod(SDLK_f, KMOD_LCTRL);
    type("xyzzy");
    runs *R = drawn();
    cr_expect(run_with(R, "no term or explanation mentions it"), "an empty search says so");
    for (int i = 0; i < 5; i++) key(SDLK_BACKSPACE);
    type("hotplug");
    R = drawn();
    cr_expect(run_with(R, "Explanations that mention \"hotplug\""), "entries found only in explanations are headed as such");
    cr_expect(run_with(R, "0 named") == NULL, "no count of nothing named");
}

/* Keys that type nothing still reach the window while the search has the keyboard (F11 fullscreen,
 * Ctrl+= the UI scale); letters and Space do not; closing the overlay any way forgets the search. */
Test(gsearch, window_keys_pass_while_typing_and_closing_forgets)
{
    keymod(SDLK_f, KMOD_LCTRL);
    type("rnp");
    key(SDLK_F11);
    cr_expect(W->toggle_fullscreen, "F11 while typing still asks for fullscreen");
    float sc = W->app.st.ui_scale;
    keymod(SDLK_EQUALS, KMOD_LCTRL);
    cr_expect_gt(W->app.st.ui_scale, sc, "Ctrl+= while typing still scales the UI");
    cr_expect(W->app.st.glossary_typing, "and the search keeps the keyboard");
    cr_expect_str_eq(W->app.st.glossary_query, "rnp");
    click_left(5, 5); /* a click anywhere closes the overlay */
    cr_expect_not(W->app.st.show_glossary);
    cr_expect_not(W->app.st.glossary_typing, "closed: no longer typing");
    cr_expect_str_eq(W->app.st.glossary_query, "", "closed: the search is forgotten");
}

/* An explanation mentions a word where a word starts so: "top" finds top's own entry and lines that
 * say "top", not every "tick stopped" (the overlay lists mentions under the names, always). */
Test(glossary_find, a_mention_is_a_word_not_a_substring)
{
    size_t idx[512], named = 0, total;
    const glossary_entry *g = glossary_all(&total);
    size_t n = glossary_find("top", idx, 512, &named);
    cr_assert_gt(n, 0);
    for (size_t i = named; i < n && i < 512; i++) {
        const char *line = g[idx[i]].line;
        bool word = false;
        for (const char *p = line; *p; p++)
            if (!strncasecmp(p, "top", 3) && (p == line || !isalnum((unsigned char)p[-1]))) word = true;
        cr_expect(word, "\"%s\" is listed for \"top\" only through a longer word: %s", g[idx[i]].term, line);
    }
}

/* A search's few results are drawn in the panel's larger font, one column wide, when they all fit: a
 * lecturer projecting "dti" for the room got a third of the overlay in small print. The full list
 * (nothing typed) keeps its columns of small print. */
Test(gsearch, a_few_results_are_drawn_large_for_the_room)
{
    keymod(SDLK_f, KMOD_LCTRL);
    type("dti");
    runs *R = drawn();
    int small = rd_line_height(W->rd, RD_SANS_SMALL), large = rd_line_height(W->rd, RD_SANS);
    cr_assert_gt(large, small);
    int h = -1, widest = 0;
    for (int i = 0; i < R->n; i++) {
        if (!strncmp(R->v[i].text, "dti — ", 7)) h = R->v[i].r.h;
        if (R->v[i].r.w > widest) widest = R->v[i].r.w;
    }
    cr_assert_gt(h, 0, "the entry named dti is drawn");
    cr_expect_geq(h, large - 1, "in the larger font: a run %d px high (small %d, large %d)", h, small, large);
    cr_expect_gt(widest, W->app.L.whole.w / 2, "one wide column, not a third of the overlay: %d of %d px", widest, W->app.L.whole.w);
    key(SDLK_DOWN); /* all on screen: nothing to scroll, and no flip to small print */
    R = drawn();
    int h_down = -1;
    for (int i = 0; i < R->n && h_down < 0; i++)
        if (!strncmp(R->v[i].text, "dti — ", 7)) h_down = R->v[i].r.h;
    cr_expect_geq(h_down, large - 1, "after ↓ the entry named dti is still drawn large: %d px", h_down);
    for (int i = 0; i < 3; i++) key(SDLK_BACKSPACE);
    R = drawn();
    int h_all = -1;
    for (int i = 0; i < R->n && h_all < 0; i++)
        if (strstr(R->v[i].text, " — ")) h_all = R->v[i].r.h;
    cr_expect(h_all > 0 && h_all < large - 1, "the whole list stays in small print: %d px", h_all);
}

/* The overlay drew each result through a 512-byte line: blimit, the report, FQS pass and four more
 * entries ended mid-word when searched for (or listed). Each long one, searched by its name, is drawn
 * to its last word. */
Test(gsearch, a_long_entry_is_drawn_to_its_last_word)
{
    size_t n;
    const glossary_entry *g = glossary_all(&n);
    int checked = 0;
    for (size_t k = 0; k < n; k++) {
        if (strlen(g[k].term) + strlen(g[k].line) < 480 || strlen(g[k].term) >= sizeof W->app.st.glossary_query) continue;
        keymod(SDLK_f, KMOD_LCTRL);
        type(g[k].term);
        runs *R = drawn();
        const char *last = strrchr(g[k].line, ' ');
        last = last ? last + 1 : g[k].line;
        size_t ll = strlen(last);
        bool found = false;
        for (int i = 0; i < R->n && !found; i++) {
            size_t rl = strlen(R->v[i].text);
            found = rl >= ll && !strcmp(R->v[i].text + rl - ll, last);
        }
        cr_expect(entry_drawn(R, g[k].term), "searching \"%s\" draws its entry", g[k].term);
        cr_expect(found, "%s: the entry's last word \"%s\" is not drawn", g[k].term, last);
        key(SDLK_ESCAPE);
        key(SDLK_ESCAPE);
        checked++;
    }
    cr_expect_geq(checked, 5, "the long entries (%d) were searched for", checked);
}
