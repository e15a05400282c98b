// pre.js — runs inside the compiled module before main(): mount the saved state from IndexedDB.
// /persist holds settings (config/) and workbook progress (state/); main() must not start before
// the previous visit's files are back, so the sync is a run dependency.
Module.preRun = Module.preRun || [];
Module.preRun.push(function () {
  FS.mkdir("/persist");
  FS.mount(IDBFS, {}, "/persist");
  addRunDependency("rcuvis-idbfs");
  FS.syncfs(true, function (err) {
    // no IndexedDB (private mode, file://): run with memory only and say so in the page
    if (err && typeof rcuvisPageNote === "function") rcuvisPageNote("Progress is kept for this visit only: " + err);
    removeRunDependency("rcuvis-idbfs");
  });
});

// Push /persist to IndexedDB: one FS.syncfs at a time (IDBFS stores all changed files in one
// transaction); a request during a sync runs once after it. Called between frames by the program
// (web_files.c) and by the page when the tab is hidden or closed. Between frames no C code is in
// the middle of a write, so what is pushed is always whole files.
Module.rcuvisPersist = function () {
  if (Module.rcuvisSyncing) { Module.rcuvisSyncAgain = true; return; }
  Module.rcuvisSyncing = true;
  FS.syncfs(false, function done(e) {
    if (e) console.warn("rcuvis: saving to IndexedDB failed: " + e);
    if (Module.rcuvisSyncAgain) { Module.rcuvisSyncAgain = false; FS.syncfs(false, done); return; }
    Module.rcuvisSyncing = false;
    Module.rcuvisSynced = (Module.rcuvisSynced || 0) + 1;
  });
};
