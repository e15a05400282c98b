"""readme-shot.py — the README's picture of the page: build/web in headless chromium at omap-stall's
stall-warning cue, page bar included, written to assets/docs/web-chromium.png (64 colours when ImageMagick's
convert is there).

  python3 tools/web/readme-shot.py [BUILD_DIR]      (after make web)
"""
import os, shutil, subprocess, sys

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(root, "tests", "web"))
from browser import Chromium, Server  # noqa: E402

W, H = 1100, 640
build = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "build")
out = os.path.join(root, "assets", "docs", "web-chromium.png")
with Server(os.path.join(build, "web")) as srv, Chromium(W, H) as c:
    c.call("Page.navigate", url=srv.url("index.html#omap-stall&cue=4&theme=light"))
    c.wait_for("document.documentElement.hasAttribute('data-first-frame-ms') || "
               "document.documentElement.getAttribute('data-rcuvis-error')", "the first frame", timeout=120)
    err = c.eval("document.documentElement.getAttribute('data-rcuvis-error')")
    if err:
        sys.exit("readme-shot: the page says: " + err)
    # the look-ahead settles and the status line fades: then the picture
    c.wait_for("(s => !s.status && !s.exploring)(JSON.parse(Module.UTF8ToString(Module._web_state())))", "a quiet screen")
    c.eval("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    c.screenshot(out)
# 64 colours keep the picture under 70 KB for the repository (ImageMagick, when installed)
if shutil.which("convert"):
    subprocess.run(["convert", out, "-colors", "64", "-define", "png:compression-level=9", out], check=True)
print("readme-shot: wrote %s (%d bytes)" % (out, os.path.getsize(out)))
