/* web_entry.c — the page's main(): the URL fragment picks scenario, mode and moment, then the usual window starts. */
#ifdef __EMSCRIPTEN__
#include "commands.h"
#include "scenario.h"
#include "window/web.h"
#include "window/web_url.h"

#include <dirent.h>
#include <emscripten.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* ", " between this page's scenario names, sorted (the packed scenarios/ less its schema): a link that
 * names none of them gets the list, which the page turns into links (index.html), not a dead end */
static void page_scenarios(char *buf, size_t n)
{
    char *names[64];
    size_t k = 0, l = 0;
    buf[0] = 0;
    DIR *d = opendir("/rcuvis/scenarios");
    for (struct dirent *e; d && (e = readdir(d)) && k < 64;) {
        size_t len = strlen(e->d_name);
        if (len > 5 && !strcmp(e->d_name + len - 5, ".json") && strcmp(e->d_name, "schema.json")) {
            names[k] = strdup(e->d_name);
            if (names[k]) names[k++][len - 5] = 0;
        }
    }
    if (d) closedir(d);
    qsort(names, k, sizeof *names, by_name);
    for (size_t i = 0; i < k; i++) {
        if (l < n) l += (size_t)snprintf(buf + l, n - l, "%s%s", i ? ", " : "", names[i]);
        free(names[i]);
    }
}

/* (app/main.c is the desktop's main; the page has no command line, only its URL) */
int main(void)
{
    char err[1200];
    const char *hash = emscripten_run_script_string("decodeURIComponent(location.hash || '')");
    web_url u;
    if (web_url_parse(hash, &u, err, sizeof err) != 0) { web_page_error(err); return 2; }
    web_set_url(&u);
    /* emscripten starts with a umask of 0777, so files created with the usual 0644 & ~umask
     * (util/safefile.c) would be unreadable even to the page: use the desktop's default */
    umask(022);
    /* where the desktop looks in the file system, the page has its packed data and IndexedDB */
    setenv("RCUVIS_DATA", "/rcuvis", 1);
    /* SDL's software renderer, as `rcuvis shot` uses: the same pixels as the desktop's pictures, and
     * where WebGL is emulated on the CPU (no GPU, blocklisted drivers) 7x faster per frame than it
     * (measured in headless chromium: 42 ms against 99 ms per frame on a loaded machine) */
    setenv("SDL_RENDER_DRIVER", "software", 1);
    setenv("HOME", "/home/web_user", 1);
    setenv("XDG_CONFIG_HOME", "/persist/config", 1);
    setenv("XDG_STATE_HOME", "/persist/state", 1);
    setenv("XDG_DATA_HOME", "/persist/data", 1); /* scenarios recorded in the window (Ctrl+S) */
    setenv("XDG_PICTURES_DIR", "/downloads", 1);
    mkdir("/downloads", 0700);
    mkdir("/uploads", 0700);
    char scen[160];
    char *argv[8 + 2 * WEB_URL_SETS];
    int argc = 0;
    argv[argc++] = "rcuvis";
    if (u.scenario[0]) {
        snprintf(scen, sizeof scen, "/rcuvis/scenarios/%s.json", u.scenario);
        struct stat sb;
        bool schema = !strcmp(u.scenario, "schema"); /* scenarios/schema.json describes the files; it is none */
        if (schema || stat(scen, &sb) != 0) {
            char list[600];
            page_scenarios(list, sizeof list);
            if (schema)
                snprintf(err, sizeof err, "URL fragment: \"schema\" is the scenario files' format (scenarios/schema.json), not a "
                         "scenario. This page's scenarios: %s", list);
            else
                snprintf(err, sizeof err, "URL fragment: no scenario \"%s\" in this page (scenarios/%s.json). This page's scenarios: %s",
                         u.scenario, u.scenario, list);
            web_page_error(err);
            return 2;
        }
        argv[argc++] = scen;
    }
    if (u.mode[0]) { argv[argc++] = "--mode"; argv[argc++] = u.mode; }
    for (int i = 0; i < u.nsets; i++) { argv[argc++] = "--set"; argv[argc++] = u.sets[i]; }
    /* a set= the loader refuses (set=cpus=0, a key misspelt) is refused in the page with the loader's
     * reason, as every other bad link is: the window's start would say it only in the console */
    if (u.nsets > 0) {
        const char *items[WEB_URL_SETS];
        for (int i = 0; i < u.nsets; i++) items[i] = u.sets[i];
        rv_overrides ov = {items, (size_t)u.nsets};
        rv_config cfg;
        struct stat sb;
        const char *path = u.scenario[0] ? scen : stat("/rcuvis/scenarios/default.json", &sb) == 0 ? "/rcuvis/scenarios/default.json"
                                                                                                   : "/rcuvis/scenarios/small-busy.json";
        char why[1000];
        memset(&cfg, 0, sizeof cfg);
        if (rv_scenario_load_with(path, &ov, &cfg, why, sizeof why) != 0) {
            why[strcspn(why, "\n")] = 0;
            snprintf(err, sizeof err, "URL fragment: set: %s", why);
            web_page_error(err);
            return 2;
        }
        rv_config_free(&cfg);
    }
    argv[argc] = NULL;
    int rc = cmd_window(argc, argv); /* returns only when setup failed */
    snprintf(err, sizeof err, "rcuvis could not start (status %d): see the browser console", rc);
    web_page_error(err);
    return rc;
}
#endif
