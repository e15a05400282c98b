/* web_files.c — the page's files: downloads for what the program writes (F12), IndexedDB for saved state. */
#ifdef __EMSCRIPTEN__
#include "window/web.h"

#include <dirent.h>
#include <emscripten.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * Downloads: the program saves pictures (F12) and exports (E: CSV) with its usual atomic write
 * (temp file, then rename) into /downloads, its XDG_PICTURES_DIR; once a finished file is there it goes to the browser as a download and leaves
 * the in-memory file system. A name with ".tmp-" is a write in progress and is left alone.
 *
 * Saved state: /persist (settings in config/, workbook progress in state/) is an IDBFS mount,
 * filled from IndexedDB before main() runs (assets/web/pre.js). The program's own atomic save
 * (progress_file.c: temp file + rename) works unchanged on it, because IDBFS keeps its files in
 * memory. What reaches IndexedDB is a whole-file snapshot taken between frames, when no C code
 * is in the middle of a write, and FS.syncfs stores all changed files in one IndexedDB
 * transaction, so a closed tab or a crash leaves IndexedDB with either the old or the new
 * progress, never a torn file. Files are pushed when their size or time changes.
 */

EM_JS(void, web_download, (const char *path, const char *name), {
    var data = FS.readFile(UTF8ToString(path));
    var ext = UTF8ToString(path).split(".").pop();
    var types = {png: "image/png", csv: "text/csv", svg: "image/svg+xml", json: "application/json"};
    var blob = new Blob([data], {type: types[ext] || "application/octet-stream"});
    var a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = UTF8ToString(name);
    document.body.appendChild(a);
    a.click();
    setTimeout(function() { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
    if (typeof rcuvisPageDownload === "function") rcuvisPageDownload(UTF8ToString(name), data.length);
});

/* Ctrl+O: the page's own function clicks its hidden <input type=file> (assets/web/index.html);
 * it runs within the key press's user activation, so the browser shows its file dialog */
EM_JS(void, web_pick_file_js, (void), {
    if (typeof rcuvisPickFile === "function") rcuvisPickFile();
});
void web_pick_file(void) { web_pick_file_js(); }

/* push /persist to IndexedDB (assets/web/pre.js: one sync at a time, whole files) */
EM_JS(void, web_persist_sync, (void), { Module.rcuvisPersist(); });

static void flush_downloads(void)
{
    DIR *d = opendir("/downloads");
    if (!d) return;
    struct dirent *e;
    char path[512];
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.' || strstr(e->d_name, ".tmp-")) continue;
        snprintf(path, sizeof path, "/downloads/%s", e->d_name);
        web_download(path, e->d_name);
        unlink(path);
    }
    closedir(d);
}

/* sum of sizes and modification times under dir: changes when any saved file changes */
static unsigned long long signature(const char *dir, int depth)
{
    unsigned long long sig = 0;
    DIR *d = opendir(dir);
    if (!d) return 0;
    struct dirent *e;
    char path[1024];
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat sb;
        if (stat(path, &sb) != 0) continue;
        sig = sig * 1099511628211ULL + (unsigned long long)sb.st_size * 31u + (unsigned long long)sb.st_mtime + sb.st_ino;
        if (S_ISDIR(sb.st_mode) && depth < 4) sig += signature(path, depth + 1);
    }
    closedir(d);
    return sig;
}

void web_files_frame(double now_ms)
{
    static double last_check;
    static unsigned long long last_sig;
    static bool have_sig;
    flush_downloads();
    if (now_ms - last_check < 250 && have_sig) return; /* a few checks a second are plenty */
    last_check = now_ms;
    unsigned long long sig = signature("/persist", 0);
    if (have_sig && sig != last_sig) web_persist_sync();
    last_sig = sig;
    have_sig = true;
}
#endif
