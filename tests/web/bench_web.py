"""bench_web.py — figures for the browser build (make bench-web): engine speed in headless chromium
against the native binary, the page's first-frame time and frame rate. Nothing is asserted.

  python3 tests/web/bench_web.py BUILD_DIR
"""
import json, os, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser import Chromium, Server  # noqa: E402

RUNS = [["small-busy"], ["hackbench"], ["hackbench", "--mode", "softirq"]]


def native_run(native, args):
    r = subprocess.run([native, "run"] + args + ["--json"], capture_output=True, text=True)
    if r.returncode not in (0, 1):
        raise RuntimeError("native run %s: %s" % (args, r.stderr.strip()))
    return json.loads(r.stdout)


def web_run(c, srv, args):
    c.eval("window.rcuvisOldPage = true")
    # a new query string each time: a new hash alone would not load the page again
    web_run.n = getattr(web_run, "n", 0) + 1
    c.call("Page.navigate", url=srv.url("index.html?run%d#%s" % (web_run.n, "&".join(["run"] + args + ["--json"]))))
    c.wait_for("!window.rcuvisOldPage && document.documentElement.getAttribute('data-done')", "rcuvis run in the page", timeout=1800)
    return json.loads(c.eval("document.getElementById('out').textContent"))


def main(build):
    native = os.path.join(build, "rcuvis")
    print("bench-web: engine speed, `rcuvis run` native vs the same code in headless chromium (one core each)")
    with Server(os.path.join(build, "web-bench"), limit=3600) as srv, Chromium() as c:
        for args in RUNS:
            n = native_run(native, args)
            w = web_run(c, srv, args)
            pn = n["sim_seconds"] / n["wall_seconds"]
            pw = w["sim_seconds"] / w["wall_seconds"]
            same = n["events"] == w["events"]
            print("  %-26s native %9.1f sim s/wall s   web %9.1f sim s/wall s   web/native %.2f (target >= 0.50: %s)   events %s"
                  % (" ".join(args), pn, pw, pw / pn, "met" if pw / pn >= 0.5 else "MISSED",
                     "identical" if same else "DIFFER (%d vs %d)" % (n["events"], w["events"])))
        errs = c.errors()
        if errs:
            print("  console errors: " + "; ".join(errs[:3]))
    print("bench-web: the page (default scenario, playing)")
    with Server(os.path.join(build, "web"), limit=600) as srv, Chromium(1280, 720) as c:
        firsts = []
        for _ in range(3):
            c.eval("window.rcuvisOldPage = true")
            c.call("Page.navigate", url=srv.url("index.html?%d" % len(firsts)))  # a real load each time
            c.wait_for("!window.rcuvisOldPage && document.documentElement.hasAttribute('data-first-frame-ms')", "the first frame", timeout=120)
            firsts.append(float(c.eval("document.documentElement.getAttribute('data-first-frame-ms')")))
        c.wait_for("new Promise(r => setTimeout(() => r(true), 1000))", "warm-up")
        f0, t0 = int(c.eval("document.documentElement.getAttribute('data-frames')")), time.monotonic()
        c.wait_for("new Promise(r => setTimeout(() => r(true), 5000))", "5 s of playback")
        f1, t1 = int(c.eval("document.documentElement.getAttribute('data-frames')")), time.monotonic()
        print("  first frame after navigation: %s ms (3 loads, server on 127.0.0.1; target < 2000 ms: %s)"
              % (", ".join("%.0f" % f for f in firsts), "met" if max(firsts) < 2000 else "MISSED"))
        st = json.loads(c.eval("Module.UTF8ToString(Module._web_state())"))
        fps = (f1 - f0) / (t1 - t0)
        print("  frames drawn while playing: %.1f per second over %.1f s (headless chromium, 1280x720; target 60 = the display's rate: %s); "
              "each costs %.1f ms in the program (advance + look-ahead + draw + present; the budget at 60 fps is 16.7 ms)"
              % (fps, t1 - t0, "met" if fps >= 58 else "MISSED", st["frame_cost_ms"]))
        ph, mn = st["phase_ms"], st["min_ms"]
        print("  per frame (smoothed): advance %.1f ms, look-ahead %.1f ms, draw %.1f ms, present %.1f ms" % tuple(ph))
        print("  cheapest of the last 120 frames: %.1f ms (advance %.1f, look-ahead %.1f, draw %.1f, present %.1f): "
              "what a frame costs when the program has the core; the 60 fps budget is 16.7 ms" % tuple(mn))
        print("  load while measuring (1-minute load average, %d cores): %.1f" % (os.cpu_count(), os.getloadavg()[0]))
        print("  drawing: SDL's software renderer (WebGL in this browser: %s)" % c.eval(
            "(() => { const g = document.createElement('canvas').getContext('webgl');"
            " return g ? g.getParameter(g.RENDERER) : 'none'; })()"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "build"))
