"""test_web.py — the browser build in headless chromium: first frame, no console errors, keys, the
picture against the native `rcuvis shot` of the same moment, F12 as a download, saved settings
surviving a reload (IndexedDB).

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


def press(c, key, code, keycode, text=""):
    """a key, then wait until a frame drawn after it is on screen"""
    before = frames(c)
    c.key(key, code, keycode, text)
    c.wait_for("JSON.parse(Module.UTF8ToString(Module._web_state())).frames > %d" % (before + 1), "a frame after " + key)


def open_page(c, srv, frag):
    c.eval("window.rcuvisOldPage = true")  # gone once the new document is there (a new hash reloads)
    c.call("Page.navigate", url=srv.url("index.html#" + frag))
    c.wait_for("!window.rcuvisOldPage && (document.documentElement.hasAttribute('data-first-frame-ms') || "
               "document.documentElement.hasAttribute('data-rcuvis-error'))", "the first frame", timeout=120)
    err = c.eval("document.documentElement.getAttribute('data-rcuvis-error')")
    if err:
        raise RuntimeError("the page reports: " + err)
    return float(c.eval("document.documentElement.getAttribute('data-first-frame-ms')"))


def main(build):
    web, native = os.path.join(build, "web"), os.path.join(build, "rcuvis")
    out = tempfile.mkdtemp(prefix="rcuvis-test-web-")
    print("test-web: %s in headless chromium (pictures in %s)" % (web, out))
    with Server(web) as srv, Chromium(W, H) as c:
        c.call("Browser.setDownloadBehavior", behavior="deny")
        ms = open_page(c, srv, "%s&t=%s" % (SCEN, AT))
        print("  first frame %.0f ms after navigation (figure only)" % ms)
        s = state(c)
        check(s["t_ns"] == round(float(AT) * 1e9) and not s["playing"], "the URL's moment: paused at %s s (got %s)" % (AT, s))

        # Tab selects CPU 0, Right steps one tick, c turns compare on, t the dark palette
        press(c, "Tab", "Tab", 9)
        press(c, "ArrowRight", "ArrowRight", 39)
        press(c, "c", "KeyC", 67, "c")
        press(c, "t", "KeyT", 84, "t")
        s = state(c)
        check(s["sel_cpu"] == 0 and s["compare"] == 1 and s["theme"] == 1 and s["t_ns"] > round(float(AT) * 1e9),
              "keys reached the program: CPU 0 selected, compare on, dark, one tick later (%s)" % s)
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

        # "Link to this moment" puts scenario, time, CPU and mode in the address bar
        c.eval("document.getElementById('link').click()")
        href = c.wait_for("location.hash.length > 1 && location.hash", "the link")
        check(href == "#%s&t=%s&cpu=0&mode=compare" % (SCEN, at.rstrip("0")), "the link to this moment: %s" % href)

        # F12: the screenshot becomes a browser download
        press(c, "F12", "F12", 123)
        name = c.wait_for("document.documentElement.getAttribute('data-last-download')", "the F12 download")
        check(name.startswith("rcuvis-%s-" % SCEN) and name.endswith(".png"), "F12 downloads %s" % name)

        # the dark palette was saved (settings.json, atomically) and reaches IndexedDB: a reload keeps it
        try:
            c.wait_for("Module.rcuvisSynced >= 1 && !Module.rcuvisSyncing", "the IndexedDB sync", timeout=30)
        except RuntimeError as e:
            check(False, str(e))
        open_page(c, srv, SCEN + "&t=10")
        check(state(c)["theme"] == 1, "after a reload the saved dark palette is back (IndexedDB)")

        errs = c.errors()
        for e in errs:
            print("    " + e)
        check(not errs, "no console errors, exceptions or failed loads (%d)" % len(errs))

        # a bad link is refused with the reason, in the page
        c.eval("window.rcuvisOldPage = true")
        c.call("Page.navigate", url=srv.url("index.html#no-such-scenario"))
        msg = c.wait_for("!window.rcuvisOldPage && document.documentElement.getAttribute('data-rcuvis-error')", "the bad-URL message")
        check("no scenario \"no-such-scenario\"" in msg, "a link to a missing scenario says so: %s" % msg)
    print("test-web: %s" % ("FAILED: " + "; ".join(failures) if failures else "all checks passed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "build"))
