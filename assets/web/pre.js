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
