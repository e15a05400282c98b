"""test_web.py — the browser build in headless chromium: first frame, no console errors, keys, the
picture against the native `rcuvis shot` of the same moment, "Link to this moment", F12 and Ctrl+E as
files the browser downloads, a lecture cue named by the URL, a scenario file dropped on the canvas
and one chosen in the browser's file dialog (Ctrl+O), workbook answers and settings surviving a
reload (IndexedDB), and bad links refused with a message in the page.

  python3 tests/web/test_web.py BUILD_DIR      (make test-web; BUILD_DIR/web built, BUILD_DIR/rcuvis native)

Time limits below only stop a hung browser; nothing asserts a speed. Figures are printed.
"""
import json, os, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import Chromium, Server  # noqa: E402
import pngdiff  # noqa: E402

W, H = 1280, 720
SCEN, AT = "omap-stall", "80.02"
failures = []


def check(cond, what):
    print("  %s %s" % ("ok  " if cond else "FAIL", what))
    if not cond:
        failures.append(what)


def state(c):
    return json.loads(c.eval("Module.UTF8ToString(Module._web_state())"))


def frames(c):
    return state(c)["frames"]


def press(c, key, code, keycode, text="", modifiers=0):
    """a key, then wait until a frame drawn after it is on screen"""
    before = frames(c)
    c.key(key, code, keycode, text, modifiers)
    c.wait_for("JSON.parse(Module.UTF8ToString(Module._web_state())).frames > %d" % (before + 1), "a frame after " + key)


def open_page(c, srv, frag):
    """navigate to index.html#frag and wait for its first frame (or its error message)"""
    c.eval("window.rcuvisOldPage = true")  # gone once the new document is there (a new hash reloads)
    url = srv.url("index.html#" + frag)
    if c.eval("location.href") == url:
        c.call("Page.reload")  # navigating to the same address would not load the page again
    else:
        c.call("Page.navigate", url=url)
    c.wait_for("!window.rcuvisOldPage && (document.documentElement.hasAttribute('data-first-frame-ms') || "
               "document.documentElement.hasAttribute('data-rcuvis-error'))", "the first frame", timeout=120)
    err = c.eval("document.documentElement.getAttribute('data-rcuvis-error')")
    if err:
        raise RuntimeError("the page reports: " + err)
    return float(c.eval("document.documentElement.getAttribute('data-first-frame-ms')"))


def wait_file(path, what, timeout=60):
    """a downloaded file, complete (chromium writes NAME.crdownload first); a hang protection only"""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if os.path.isfile(path) and os.path.getsize(path) > 0:
            return open(path, "rb").read()
        time.sleep(0.05)
    raise RuntimeError("timed out waiting for %s (%s)" % (what, path))


def js_str(text):
    return json.dumps(text)


def page_file(c, path):
    """a file in the page's file system as text, or None"""
    return c.eval("(() => { try { return Module.FS.readFile(%s, {encoding: 'utf8'}); } catch (e) { return null; } })()" % js_str(path))


def test_moment_keys_picture_link(c, srv, out, native):
    ms = open_page(c, srv, "%s&t=%s" % (SCEN, AT))
    print("  first frame %.0f ms after navigation (figure only)" % ms)
    s = state(c)
    check(s["t_ns"] == round(float(AT) * 1e9) and not s["playing"], "the URL's moment: paused at %s s (got t_ns %s)" % (AT, s["t_ns"]))

    # Tab selects CPU 0, Right steps one tick, c turns compare on, t the dark palette
    press(c, "Tab", "Tab", 9)
    press(c, "ArrowRight", "ArrowRight", 39)
    press(c, "c", "KeyC", 67, "c")
    press(c, "t", "KeyT", 84, "t")
    s = state(c)
    check(s["sel_cpu"] == 0 and s["compare"] == 1 and s["theme"] == 1 and s["t_ns"] > round(float(AT) * 1e9),
          "keys reached the program: CPU 0 selected, compare on, dark, one tick later")
    # the status line fades after a few seconds and the look-ahead finishes: then take the picture
    c.wait_for("(s => !s.status && !s.exploring)(JSON.parse(Module.UTF8ToString(Module._web_state())))", "a quiet screen")
    press(c, "Shift", "ShiftLeft", 16)  # one more frame drawn in the quiet state
    t_ns = state(c)["t_ns"]
    c.eval("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    web_png, nat_png = os.path.join(out, "web.png"), os.path.join(out, "native.png")
    cw, ch = c.eval("[canvas.width, canvas.height]")  # the page's bar sits under the canvas
    c.screenshot(web_png, clip=(0, 0, cw, ch))
    at = "%d.%09d" % (t_ns // 10**9, t_ns % 10**9)
    cmd = [native, "shot", "scenarios/%s.json" % SCEN, "--at", at, "--size", "%dx%d" % (cw, ch),
           "--mode", "compare", "--select", "0", "--theme", "dark", "-o", nat_png]
    r = subprocess.run(cmd, capture_output=True, text=True)
    check(r.returncode == 0, "native shot: %s %s" % (" ".join(cmd[1:]), r.stderr.strip()))
    if r.returncode == 0:
        mean, off = pngdiff.compare(web_png, nat_png, os.path.join(out, "diff.ppm"))
        print("  picture vs native: mean channel difference %.2f, %.2f%% of pixels off by > 64" % (mean, 100 * off))
        check(mean <= 4.0 and off <= 0.03, "the page shows what `rcuvis shot` draws at t=%s (limits: mean 4, 3%%)" % at)

    # "Link to this moment" puts scenario, time, mode and CPU in the address bar
    c.eval("document.getElementById('link').click()")
    href = c.wait_for("location.hash.length > 1 && location.hash", "the link")
    check(href == "#%s&t=%s&mode=compare&cpu=0" % (SCEN, at.rstrip("0")), "the link to this moment: %s" % href)


def test_downloads(c, dl):
    # F12: the picture, saved with the program's atomic write, reaches the browser's download folder
    press(c, "F12", "F12", 123)
    name = c.wait_for("document.documentElement.getAttribute('data-last-download')", "the F12 download")
    check(name.startswith("rcuvis-%s-" % SCEN) and name.endswith(".png"), "F12 hands %s to the browser" % name)
    data = wait_file(os.path.join(dl, name), "the downloaded picture")
    check(data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10000, "the download is a PNG on disk (%d bytes)" % len(data))
    # Ctrl+E: the numbers behind the timeline as CSV, one file per engine and kind (compare: 6)
    c.eval("rcuvisDownloads.length = 0")
    press(c, "e", "KeyE", 69, modifiers=2)
    names = c.wait_for("rcuvisDownloads.length >= 6 && rcuvisDownloads", "the Ctrl+E downloads")
    check(len(names) == 6 and all(n.endswith(".csv") for n in names), "Ctrl+E hands 6 CSV files to the browser: %s" % ", ".join(names))
    check("downloaded as rcuvis-" in state(c)["status"], "the status line names the download, not a page-internal path: %r"
          % state(c)["status"][:120])
    # Ctrl+S: a scenario recorded in the page is kept in the browser and downloaded (it could not be taken out)
    c.eval("rcuvisDownloads.length = 0")
    press(c, "s", "KeyS", 83, modifiers=2)
    saved = c.wait_for("rcuvisDownloads.length >= 1 && rcuvisDownloads", "the Ctrl+S download")
    check(len(saved) == 1 and saved[0].endswith(".json"), "Ctrl+S hands the recorded scenario to the browser: %s" % saved)
    text = wait_file(os.path.join(dl, saved[0]), "the scenario download").decode()
    check('"name"' in text and '"cpus"' in text, "the downloaded scenario is a scenario file (%d bytes)" % len(text))
    for n in names:
        text = wait_file(os.path.join(dl, n), "the CSV download").decode()
        lines = text.splitlines()
        # a grace-period table may be empty (3.7 has none open in this range); the time series has 100 rows
        rows_ok = len(lines) > 100 if n.endswith("-timeseries.csv") else len(lines) >= 1
        check(rows_ok and "," in lines[0], "%s on disk: header %r and %d rows" % (n, lines[0][:40], len(lines) - 1))


def test_cue_link(c, srv):
    # a link names a lecture cue: omap-stall's 4th, the stall warning (CPU 0 selected, t = 80.0078125 s)
    open_page(c, srv, SCEN + "&cue=4")
    s = state(c)
    cue_ns = round(80.0078125 * 1e9) + 1  # ui_app_seek_moment shows the moment itself: one ns after it
    check(s["t_ns"] == cue_ns and s["sel_cpu"] == 0 and s["cue"] == 4 and not s["playing"],
          "#%s&cue=4 opens the 4th cue paused: t_ns %d (want %d), CPU %d, cue %d" % (SCEN, s["t_ns"], cue_ns, s["sel_cpu"], s["cue"]))
    c.eval("document.getElementById('link').click()")
    href = c.wait_for("location.hash.includes('cue') && location.hash", "the link at a cue")
    check(href == "#%s&cue=4&cpu=0" % SCEN, "at a cue, the link names it: %s" % href)
    # PgDn keeps the lecture's place in the address, so a reload comes back to it (it went back to cue 4)
    press(c, "PageDown", "PageDown", 34)
    c.wait_for("JSON.parse(Module.UTF8ToString(Module._web_state())).cue == 5", "PgDn to cue 5")
    href = c.wait_for("location.hash.endsWith('cue=5') && location.hash", "the address at cue 5")
    check(href == "#%s&cue=5" % SCEN, "PgDn writes the cue into the address: %s" % href)
    open_page(c, srv, href[1:])
    check(state(c)["cue"] == 5, "a reload at cue 5 comes back to cue 5")
    # at a cue, but in a mode the page was opened with (&mode=): a cue link may not name a mode (the page
    # refused its own link), so the link names the time, and opens again
    open_page(c, srv, SCEN + "&mode=kthread")
    press(c, "PageDown", "PageDown", 34)
    c.wait_for("JSON.parse(Module.UTF8ToString(Module._web_state())).cue == 1", "PgDn to cue 1")
    c.eval("document.getElementById('link').click()")
    href = c.wait_for("location.hash.includes('t=') && location.hash", "the link at a cue in a forced mode")
    check("cue=" not in href and "&mode=kthread" in href, "a cue in a forced mode is linked by its time: %s" % href)
    open_page(c, srv, href[1:])
    check(state(c)["t_ns"] > 0, "the page opens its own link %s" % href)
    # a changed setting (Z: NO_HZ off, as a workbook question's Show me changes one) goes in the link as
    # set=, and the page opens it with the setting: the link once opened the file's run instead
    open_page(c, srv, SCEN + "&t=1")
    press(c, "z", "KeyZ", 90, "z")
    c.wait_for("JSON.parse(Module.UTF8ToString(Module._web_state())).status.includes('no_hz')", "Z re-simulated")
    c.eval("document.getElementById('link').click()")
    href = c.wait_for("location.hash.includes('set=') && location.hash", "the link with a changed setting")
    check("&set=rcu.no_hz=false" in href, "the link carries NO_HZ off: %s" % href)
    open_page(c, srv, href[1:])
    c.eval("history.replaceState(null, '', location.pathname)")  # the page's own link must write it again
    c.eval("document.getElementById('link').click()")
    again = c.wait_for("location.hash.includes('set=') && location.hash", "the link of the linked page")
    check(again == href, "the linked page has the setting: its own link is the same (%s, %s)" % (href, again))
    # cue then t: the cue's selection and compare, the link's time
    open_page(c, srv, SCEN + "&cue=5&t=7.5")
    s = state(c)
    check(s["t_ns"] == 7500000000 and s["compare"] == 1 and s["sel_cpu"] == 0,
          "#%s&cue=5&t=7.5: compare and CPU 0 from the cue, t = 7.5 s (got %s ns, compare %d)" % (SCEN, s["t_ns"], s["compare"]))


def test_device_pixel_ratio(c, srv):
    # a MacBook (2) or a laptop at 150 % scaling: the picture fills the canvas sharply, and a click lands
    # on what is drawn under it (SDL's HiDPI canvas once held the software renderer's picture in its
    # top-left quarter)
    c.call("Emulation.setDeviceMetricsOverride", width=W, height=H, deviceScaleFactor=2, mobile=False)
    try:
        open_page(c, srv, "tree&t=0.1662")
        dims = json.loads(c.eval("JSON.stringify([canvas.width, canvas.height, canvas.clientWidth, canvas.clientHeight])"))
        check(dims[0] == 2 * dims[2] and dims[1] == 2 * dims[3], "at 2 device pixels per CSS pixel the canvas holds twice "
              "its CSS size: %s" % dims)
        # the far corner is drawn (the scrubber's end), not left empty
        corner = json.loads(c.eval("JSON.stringify(Array.from(canvas.getContext('2d').getImageData(canvas.width - 8, "
                                   "canvas.height - 8, 1, 1).data))"))
        check(corner[3] == 255 and corner[:3] != [0, 0, 0], "the picture reaches the canvas's far corner: %s" % corner)
        # CPU 5's tile, second row, second column of the 4x4 grid at 1280x693 CSS pixels
        before = frames(c)
        for kind in ("mousePressed", "mouseReleased"):
            c.call("Input.dispatchMouseEvent", type=kind, x=185, y=163, button="left", clickCount=1)
        c.wait_for("JSON.parse(Module.UTF8ToString(Module._web_state())).frames > %d" % (before + 1), "a frame after the click")
        check(state(c)["sel_cpu"] == 5, "a click on CPU 5's tile selects CPU 5 (got %s)" % state(c)["sel_cpu"])
    finally:
        c.call("Emulation.setDeviceMetricsOverride", width=W, height=H, deviceScaleFactor=1, mobile=False)


def test_no_storage(c, srv):
    # a browser that gives the page no IndexedDB: the page still starts (mounting IDBFS aborted it, at
    # "Running..." for good) and its bar says for the whole visit that answers are not kept
    script = c.call("Page.addScriptToEvaluateOnNewDocument",
                    source="Object.defineProperty(window, 'indexedDB', {value: undefined, configurable: true});")
    try:
        open_page(c, srv, SCEN + "&t=1")
        warn = c.eval("document.documentElement.getAttribute('data-storage-warning')") or ""
        check("kept for this visit only" in warn and "Ctrl+E to download them" in warn, "without IndexedDB the page starts and says "
              "answers are kept for this visit only, and how to keep them: %r" % warn)
        check("kept for this visit only" in c.eval("!document.getElementById('warn').hidden && document.getElementById('warn').textContent"),
              "the warning is in the bar")
        check("OMAP stall" in c.eval("document.getElementById('hint').textContent"), "the lecture links stay beside it")
    finally:
        c.call("Page.removeScriptToEvaluateOnNewDocument", identifier=script["identifier"])


def test_touch_buttons(c, srv):
    # a tablet has no PgDn and no W: the page's bar walks a lecture's cues and opens the workbook
    open_page(c, srv, SCEN + "&t=1")
    check(c.eval("!document.getElementById('cue-next').hidden && !document.getElementById('cue-prev').hidden"),
          "a scenario with cues shows the bar's cue buttons")
    before = frames(c)
    c.eval("document.getElementById('cue-next').click()")
    c.wait_for("JSON.parse(Module.UTF8ToString(Module._web_state())).frames > %d" % (before + 1), "a frame after the cue button")
    check(state(c)["cue"] == 1, "the bar's \"Cue ▶\" goes to cue 1 (got %s)" % state(c)["cue"])
    c.eval("document.getElementById('wb').click()")
    c.wait_for("document.getElementById('wb').getAttribute('aria-pressed') == 'true'", "the workbook column shown")
    check(True, "the bar's Workbook button shows the column")
    open_page(c, srv, "small-busy&t=1")
    check(c.eval("document.getElementById('cue-next').hidden"), "no cue buttons for a scenario without cues")
    # F11 asks for fullscreen inside the key press, the user's gesture (a frame later it waited for the next key)
    c.key("F11", "F11", 122)
    c.wait_for("!!document.fullscreenElement", "fullscreen after F11")
    check(True, "F11 enters fullscreen at once")
    c.key("F11", "F11", 122)
    c.wait_for("!document.fullscreenElement", "F11 again leaves it")


def test_glossary_search(c, srv):
    # G, then / and typing: the page's keys reach the search as text (SDL's text input in the browser),
    # and while typing no key acts on the simulation
    open_page(c, srv, "small-busy&t=1")
    press(c, "g", "KeyG", 71, "g")
    check(state(c)["glossary"] == 1, "G opens the glossary in the page")
    playing = state(c)["playing"]
    press(c, "/", "Slash", 191, "/")
    for ch in "fqs":
        press(c, ch, "Key" + ch.upper(), ord(ch.upper()), ch)
    press(c, " ", "Space", 32, " ")
    st = state(c)
    check(st["glossary_query"] == "fqs ", "the page types into the glossary's search: %r" % st["glossary_query"])
    check(st["playing"] == playing, "Space while typing does not play or pause")
    press(c, "Escape", "Escape", 27)
    press(c, "Escape", "Escape", 27)
    check(state(c)["glossary"] == 0, "Esc twice: every entry again, then closed")
    # the browser's own shortcuts stay the browser's: SDL took Ctrl+F (find) and Ctrl+R (reload) from
    # the canvas, so a student could neither search the page nor reload it from the keyboard
    def browser_gets(key, code):
        return c.eval("(() => { const e = new KeyboardEvent('keydown', {key: '%s', code: '%s', ctrlKey: true, bubbles: true,"
                      " cancelable: true}); document.getElementById('canvas').dispatchEvent(e); return !e.defaultPrevented; })()" % (key, code))
    check(browser_gets("f", "KeyF") and browser_gets("r", "KeyR"), "Ctrl+F and Ctrl+R reach the browser, not SDL")
    check(state(c)["glossary"] == 0, "Ctrl+F opens no glossary in the page (the browser's find is the page's)")


def test_far_link_says_how_far(c, srv):
    # a link to a late moment simulates for seconds: the status line says where it goes and how far it
    # got (the picture's passing moments looked like the link had opened at the wrong time)
    open_page(c, srv, "kernel-build&t=600")
    # on the way ("To the link's moment at 600.000000 s: 31 % simulated") or, on a machine fast enough to
    # arrive before the first look, arrived ("At the link's moment, 600.000000 s"): either names it
    st = c.wait_for("(s => (s.status.startsWith('To the link') || s.status.startsWith('At the link')) && s.status)"
                    "(JSON.parse(Module.UTF8ToString(Module._web_state())))", "the far seek's status")
    check("the link's moment" in st and "600.000000 s" in st, "a far link's status: %r" % st)


def scenario_text(name):
    with open("scenarios/small-busy.json") as f:
        d = json.load(f)
    d["name"] = name  # its own duration: a shorter one leaves its later events past the end, which the loader refuses
    return json.dumps(d, indent=2)


def test_drop_and_open(c, srv, out):
    # another of the page's scenarios opened (as the list opens it): the address names it, so a reload
    # or a copied address brings it back (it kept the link's first scenario)
    open_page(c, srv, "small-busy&t=1")
    c.eval("Module.ccall('web_open', 'number', ['string'], ['/rcuvis/scenarios/tree.json'])")
    c.wait_for("JSON.parse(Module.UTF8ToString(Module._web_state())).scenario == 'tree' && location.hash == '#tree'",
               "the address of the scenario opened")
    check(True, "a page scenario opened from the list puts its name in the address: #tree")
    open_page(c, srv, "small-busy&t=1")
    # a scenario file dropped on the canvas: a JS File in a DataTransfer, the events a real drop sends
    drop = ("(() => { const dt = new DataTransfer(); dt.items.add(new File([%s], %s, {type: 'application/json'}));"
            " for (const t of ['dragenter', 'dragover', 'drop'])"
            "   canvas.dispatchEvent(new DragEvent(t, {dataTransfer: dt, bubbles: true, cancelable: true}));"
            " return true; })()")
    c.eval(drop % (js_str(scenario_text("dropped-on-canvas")), js_str("my scenario.json")))
    s = c.wait_for("(s => s.name == 'dropped-on-canvas' && s)(JSON.parse(Module.UTF8ToString(Module._web_state())))", "the dropped scenario")
    check(s["external"] == 1 and s["t_ns"] == 0 and not s["error"], "a .json dropped on the canvas opens (name %s, t = 0)" % s["name"])
    c.wait_for("location.hash == ''", "the address without the page scenario")  # set after the next frame
    check(True, "a file from this computer leaves no page scenario in the address")
    # a broken one: the loader's located message in the banner, the scenario on screen stays
    c.eval(drop % (js_str('{\n  "cpus": 4,\n  "hz": oops\n}\n'), js_str("broken.json")))
    s = c.wait_for("(s => s.error && s)(JSON.parse(Module.UTF8ToString(Module._web_state())))", "the broken file's error")
    check("broken.json" in s["error"] and ":3:" in s["error"] and s["name"] == "dropped-on-canvas",
          "a broken file dropped shows where it is broken and keeps the scenario: %s" % s["error"].splitlines()[0][:120])

    # Ctrl+O: the browser's file dialog (intercepted, as a user would pick a file in it)
    path = os.path.join(out, "picked.json")
    with open(path, "w") as f:
        f.write(scenario_text("picked-in-dialog"))
    c.call("Page.setInterceptFileChooserDialog", enabled=True)
    c.key("o", "KeyO", 79, modifiers=2)
    chooser = c.wait_event("Page.fileChooserOpened", "the browser's file dialog after Ctrl+O")
    check(state(c)["picker"] == 1, "Ctrl+O opens the browser's file dialog over the list of the page's scenarios")
    c.call("DOM.setFileInputFiles", files=[path], backendNodeId=chooser["backendNodeId"])
    s = c.wait_for("(s => s.name == 'picked-in-dialog' && s)(JSON.parse(Module.UTF8ToString(Module._web_state())))", "the chosen file")
    check(s["external"] == 1 and s["picker"] == 0 and not s["error"], "the file chosen in the dialog opens and the list closes")
    c.call("Page.setInterceptFileChooserDialog", enabled=False)


PROGRESS = "/persist/state/rcuvis/progress.json"


def test_workbook_persists(c, srv):
    open_page(c, srv, "small-busy&t=1")
    before = page_file(c, PROGRESS)
    # W shows the workbook column, A gives it the keyboard, a picks the first option, Enter checks it
    press(c, "w", "KeyW", 87, "w")
    press(c, "a", "KeyA", 65, "a")
    press(c, "a", "KeyA", 65, "a")
    press(c, "Enter", "Enter", 13, "\r")
    saved = c.wait_for("(() => { try { return Module.FS.readFile(%s, {encoding: 'utf8'}); } catch (e) { return null; } })()"
                       % js_str(PROGRESS), "progress.json")
    check(saved != before and '"1.1"' in saved, "an answer to question 1.1 is saved in %s" % PROGRESS)
    left = c.eval("Module.FS.readdir('/persist/state/rcuvis').filter(n => n != '.' && n != '..')")
    check(all("tmp" not in n for n in left), "the save left no temp file beside it: %s" % left)
    # Ctrl+E in the column: the answers as `rcuvis quiz --export` writes them, handed to the browser (a
    # student in the page had no way to hand their work in)
    c.eval("rcuvisDownloads.length = 0")
    press(c, "e", "KeyE", 69, modifiers=2)
    names = c.wait_for("rcuvisDownloads.length >= 1 && rcuvisDownloads", "the answers download")
    check(len(names) == 1 and names[0].startswith("rcuvis-answers-") and names[0].endswith(".csv"),
          "Ctrl+E in the workbook hands the answers to the browser: %s" % names)
    # what IndexedDB itself holds for the file (IDBFS: database "/persist", store FILE_DATA, key = path),
    # once the page has pushed it between frames; a hang protection, not a speed check
    idb = ("new Promise(res => { const r = indexedDB.open('/persist'); r.onerror = () => res(null);"
           " r.onsuccess = () => { const db = r.result; try { const g = db.transaction(['FILE_DATA'], 'readonly')"
           ".objectStore('FILE_DATA').get(%s); g.onsuccess = () => { const v = g.result; db.close();"
           " res(v && v.contents ? new TextDecoder().decode(v.contents) : null); }; g.onerror = () => res(null); }"
           " catch (e) { db.close(); res(null); } }; })" % js_str(PROGRESS))
    try:
        c.wait_for("(%s).then(t => t === %s)" % (idb, js_str(saved)), "the answer in IndexedDB", timeout=30)
        check(True, "IndexedDB holds the saved progress.json, byte for byte")
    except RuntimeError as e:
        check(False, str(e))
    return saved


def main(build):
    web, native = os.path.join(build, "web"), os.path.join(build, "rcuvis")
    out = tempfile.mkdtemp(prefix="rcuvis-test-web-")
    dl = os.path.join(out, "downloads")
    os.makedirs(dl)
    print("test-web: %s in headless chromium (pictures and downloads in %s)" % (web, out))
    with Server(web) as srv, Chromium(W, H) as c:
        c.call("Browser.setDownloadBehavior", behavior="allow", downloadPath=dl)
        # a part that hangs (a timed-out wait) is one failure; the parts after it still run
        def part(fn, *args):
            try:
                return fn(*args)
            except RuntimeError as e:
                check(False, "%s: %s" % (fn.__name__, e))
        part(test_moment_keys_picture_link, c, srv, out, native)
        part(test_downloads, c, dl)
        part(test_cue_link, c, srv)
        part(test_device_pixel_ratio, c, srv)
        part(test_no_storage, c, srv)
        part(test_touch_buttons, c, srv)
        part(test_glossary_search, c, srv)
        part(test_far_link_says_how_far, c, srv)
        part(test_drop_and_open, c, srv, out)
        saved = part(test_workbook_persists, c, srv)

        # a reload: the answer and the dark palette (settings.json) come back from IndexedDB
        open_page(c, srv, SCEN + "&t=10")
        check(saved is not None and page_file(c, PROGRESS) == saved, "after a reload the workbook answer is back (IndexedDB)")
        # the workbook reads it back as a good file: nothing set aside as corrupt, nothing rewritten
        press(c, "w", "KeyW", 87, "w")
        left = c.eval("Module.FS.readdir('/persist/state/rcuvis').filter(n => n != '.' && n != '..')")
        check(not any("corrupt" in n for n in left) and page_file(c, PROGRESS) == saved,
              "the workbook column opens on the restored progress without setting it aside: %s" % left)
        check(state(c)["theme"] == 1, "after a reload the saved dark palette is back (IndexedDB)")

        errs = c.errors()
        for e in errs:
            print("    " + e)
        check(not errs, "no console errors, exceptions or failed loads (%d)" % len(errs))

        # bad links are refused with the reason, in the page, and nothing is drawn
        for frag, want in [("no-such-scenario", 'no scenario "no-such-scenario"'),
                           (SCEN + "&t=abc", 't: expected seconds >= 0, found "abc"'),
                           (SCEN + "&t=9999", "t=9999 is past the end of omap-stall"),
                           (SCEN + "&cue=99", "cue=99, but omap-stall has cues 1..6"),
                           ("small-busy&cue=1", "small-busy has no lecture cues"),
                           (SCEN + "&cpu=9", "cpu=9, but omap-stall has CPUs 0..1"),
                           (SCEN + "&speed=2", 'unknown key "speed"'),
                           (SCEN + "&set=cpus=0", "URL fragment: set: ")]:
            c.eval("window.rcuvisOldPage = true")
            c.call("Page.navigate", url=srv.url("index.html#" + frag))
            msg = c.wait_for("!window.rcuvisOldPage && document.documentElement.getAttribute('data-rcuvis-error')",
                             "the message for #" + frag)
            shown = c.eval("!document.getElementById('note').hidden && document.getElementById('note').textContent")
            drawn = c.eval("document.documentElement.hasAttribute('data-frames')")
            check(want in msg and want in (shown or "") and not drawn, "#%s: the page says %r, no frame drawn" % (frag, msg))
            # not a dead end: the start page is a link, and an unknown scenario's message links this page's own
            links = c.eval("JSON.stringify(Array.from(document.querySelectorAll('#note a')).map(a => a.getAttribute('href')))")
            links = json.loads(links)
            check(links and links[-1] == "/index.html" and (frag != "no-such-scenario" or "#omap-stall" in links),
                  "#%s: the message links %s" % (frag, links))
            if frag == "no-such-scenario":  # a file dropped there waits, and the page says why
                c.eval("(() => { const dt = new DataTransfer(); dt.items.add(new File(['{}'], 'mine.json'));"
                       " window.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true})); })()")
                said = c.wait_for("document.getElementById('drop-note') && document.getElementById('drop-note').textContent",
                                  "the drop's note")
                check("To open mine.json" in said, "a file dropped on a link's error says what to open first: %r" % said)
        # opened straight from the disk: the browser refuses the page its data files, and a student saw
        # "Loading rcuvis..." for good; the page says to serve the folder instead, and loads nothing
        c.eval("window.rcuvisOldPage = true")
        c.call("Page.navigate", url="file://" + os.path.abspath(os.path.join(web, "index.html")))
        msg = c.wait_for("!window.rcuvisOldPage && document.documentElement.getAttribute('data-rcuvis-error')", "the file:// message")
        loaded = c.eval("Array.from(document.scripts).some(s => /rcuvis\\.js$/.test(s.src))")
        check("needs a web server" in msg and "python3 -m http.server" in msg and not loaded,
              "index.html opened from the disk says to serve it and loads nothing: %r" % msg)
    print("test-web: %s" % ("FAILED: " + "; ".join(failures) if failures else "all checks passed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "build"))
