// pre.js — runs inside the compiled module before main(): mount the saved state from IndexedDB.
// /persist holds settings (config/) and workbook progress (state/); main() must not start before
// the previous visit's files are back, so the sync is a run dependency.
// Without IndexedDB (a browser that blocks site data, some private modes, file://) the page runs on
// memory alone and says so in its bar for the whole visit: a student must not learn at the next
// visit that their answers were never kept. (Mounting IDBFS with no indexedDB aborted the module,
// and the page stayed at "Running..." for good.)
function rcuvisNoStorage(why) {
  Module.rcuvisNoPersist = true;
  // what to do first (a student reads the start of the bar), the browser's own words last, for a teacher
  console.warn("rcuvis: no storage for this page: " + why);
  if (typeof rcuvisStorageWarning === "function")
    rcuvisStorageWarning("Answers are kept for this visit only (this browser keeps no data for the page): press W, A, then " +
                         "Ctrl+E to download them before closing the tab");
}
// A save that failed (a full quota, a transaction aborted as the tab closed): said while it lasts, and
// the next save tries again; one that works takes the warning away.
function rcuvisSaveFailed(why) {
  Module.rcuvisSaveFailing = true;
  if (typeof rcuvisStorageWarning === "function")
    rcuvisStorageWarning("Your latest answers are not saved in this browser yet (" + why + "); rcuvis keeps trying");
}
Module.preRun = Module.preRun || [];
Module.preRun.push(function () {
  FS.mkdir("/persist");
  var idb = null;
  try { idb = window.indexedDB; } catch (e) { idb = null; }
  if (!idb) { rcuvisNoStorage("no IndexedDB"); return; }
  try { FS.mount(IDBFS, {}, "/persist"); } catch (e) { rcuvisNoStorage(String(e)); return; }
  addRunDependency("rcuvis-idbfs");
  FS.syncfs(true, function (err) {
    if (err) rcuvisNoStorage(String(err));
    removeRunDependency("rcuvis-idbfs");
  });
});

// Push /persist to IndexedDB: one FS.syncfs at a time (IDBFS stores all changed files in one
// transaction); a request during a sync runs once after it. Called between frames by the program
// (web_files.c) and by the page when the tab is hidden or closed. Between frames no C code is in
// the middle of a write, so what is pushed is always whole files.
Module.rcuvisPersist = function () {
  if (Module.rcuvisNoPersist) return;
  if (Module.rcuvisSyncing) { Module.rcuvisSyncAgain = true; return; }
  Module.rcuvisSyncing = true;
  FS.syncfs(false, function done(e) {
    if (e) { console.warn("rcuvis: saving to IndexedDB failed: " + e); rcuvisSaveFailed(String(e)); }
    else if (Module.rcuvisSaveFailing && !Module.rcuvisSyncAgain) {
      Module.rcuvisSaveFailing = false;
      if (typeof rcuvisStorageWarningClear === "function") rcuvisStorageWarningClear();
    }
    if (Module.rcuvisSyncAgain) { Module.rcuvisSyncAgain = false; FS.syncfs(false, done); return; }
    Module.rcuvisSyncing = false;
    Module.rcuvisSynced = (Module.rcuvisSynced || 0) + 1;
  });
};
