"""browser.py — headless Debian chromium driven over the DevTools protocol, with the standard library only.

Launches chromium with a throw-away profile and --remote-debugging-port=0, reads the port it
chose, opens a WebSocket (RFC 6455, client side: masked text frames) to the page and exchanges
CDP JSON messages. Events are kept so callers can check console errors afterwards.
"""
import base64, json, os, re, shutil, socket, struct, subprocess, tempfile, time, urllib.request

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
                  "--disable-dev-shm-usage",  # containers often have a tiny /dev/shm
                  # keep rAF running at the display rate although nothing is shown
                  "--disable-background-timer-throttling", "--disable-renderer-backgrounding"]


class WebSocket:
    def __init__(self, url, timeout):
        m = re.match(r"ws://([^/:]+):(\d+)(/.*)", url)
        host, port, path = m.group(1), int(m.group(2)), m.group(3)
        self.sock = socket.create_connection((host, port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(("GET %s HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (path, host, port, key)).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise RuntimeError("websocket handshake: connection closed")
            head += chunk
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError("websocket handshake refused: %r" % head[:200])
        self.buf = head.split(b"\r\n\r\n", 1)[1]

    def _read(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise RuntimeError("websocket closed by chromium")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def send(self, text):
        data = text.encode()
        mask = os.urandom(4)
        n = len(data)
        head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else
                                bytes([0x80 | 126]) + struct.pack(">H", n) if n < 65536 else
                                bytes([0x80 | 127]) + struct.pack(">Q", n))
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def recv(self):
        parts = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)  # the server does not mask
            op = b0 & 0x0F
            if op == 0x8:
                raise RuntimeError("websocket closed by chromium")
            if op in (0x9, 0xA):
                continue
            parts += payload
            if b0 & 0x80:
                return parts.decode()


class Chromium:
    """One headless chromium with one page; call close() (or use `with`)."""

    def __init__(self, width=1280, height=720, timeout=60):
        exe = shutil.which("chromium") or shutil.which("chromium-browser")
        if not exe:
            raise RuntimeError("chromium not found: apt-get install chromium (make deps-web)")
        self.profile = tempfile.mkdtemp(prefix="rcuvis-chromium-")
        self.timeout = timeout
        self.proc = subprocess.Popen([exe] + CHROMIUM_FLAGS + ["--user-data-dir=" + self.profile,
                                      "--remote-debugging-port=0", "--window-size=%d,%d" % (width, height), "about:blank"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        port = None
        deadline = time.monotonic() + timeout
        for line in self.proc.stderr:  # "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/..."
            m = re.search(rb"DevTools listening on ws://[^:]+:(\d+)/", line)
            if m:
                port = int(m.group(1))
                break
            if time.monotonic() > deadline:
                break
        if not port:
            self.close()
            raise RuntimeError("chromium did not start its DevTools server")
        # drain stderr so chromium never blocks on a full pipe
        import threading
        threading.Thread(target=lambda: [None for _ in self.proc.stderr], daemon=True).start()
        pages = json.load(urllib.request.urlopen("http://127.0.0.1:%d/json/list" % port, timeout=timeout))
        page = next(p for p in pages if p.get("type") == "page")
        self.ws = WebSocket(page["webSocketDebuggerUrl"], timeout)
        self.next_id = 0
        self.events = []
        for domain in ("Page", "Runtime", "Log"):
            self.call(domain + ".enable")
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)

    def call(self, method, **params):
        self.next_id += 1
        my = self.next_id
        self.ws.send(json.dumps({"id": my, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == my:
                if "error" in msg:
                    raise RuntimeError("%s: %s" % (method, msg["error"]))
                return msg.get("result", {})
            if "method" in msg:
                self.events.append(msg)

    def eval(self, expr):
        r = self.call("Runtime.evaluate", expression=expr, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            raise RuntimeError("evaluate %s: %s" % (expr, r["exceptionDetails"].get("text")))
        return r["result"].get("value")

    def wait_for(self, expr, what, timeout=None):
        """Poll expr until truthy; a hang protection, not a speed check."""
        deadline = time.monotonic() + (timeout or self.timeout)
        last = None
        while time.monotonic() < deadline:
            try:
                v = self.eval(expr)
            except RuntimeError as e:  # the page is being replaced, or the module is not there yet
                last, v = e, None
            if v:
                return v
            time.sleep(0.05)
        raise RuntimeError("timed out waiting for %s%s" % (what, " (last: %s)" % last if last else ""))

    def key(self, key, code, keycode, text="", modifiers=0):
        """One real key press, as the keyboard would send it (keydown, char, keyup); modifiers: 2 = Ctrl, 8 = Shift."""
        base = {"key": key, "code": code, "windowsVirtualKeyCode": keycode, "nativeVirtualKeyCode": keycode,
                "modifiers": modifiers}
        # SDL keeps its own modifier state from the modifier keys' own presses, as a keyboard sends them
        mods = [m for m in (("Control", "ControlLeft", 17, 2), ("Shift", "ShiftLeft", 16, 8)) if modifiers & m[3]]
        for k, c, kc, _ in mods:
            self.call("Input.dispatchKeyEvent", type="rawKeyDown", key=k, code=c, windowsVirtualKeyCode=kc,
                      nativeVirtualKeyCode=kc, modifiers=modifiers)
        self.call("Input.dispatchKeyEvent", type="keyDown" if text else "rawKeyDown", text=text, **base)
        self.call("Input.dispatchKeyEvent", type="keyUp", **base)
        for k, c, kc, _ in reversed(mods):
            self.call("Input.dispatchKeyEvent", type="keyUp", key=k, code=c, windowsVirtualKeyCode=kc, nativeVirtualKeyCode=kc)

    def wait_event(self, method, what, timeout=None):
        """The first event `method` not yet taken (a hang protection, not a speed check)."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while time.monotonic() < deadline:
            for e in self.events:
                if e["method"] == method and not e.get("taken"):
                    e["taken"] = True
                    return e.get("params", {})
            self.eval("new Promise(r => setTimeout(r, 50))")  # events arrive while a call waits
        raise RuntimeError("timed out waiting for %s" % what)

    def errors(self):
        """Console errors, uncaught exceptions and failed loads seen so far."""
        out = []
        for e in self.events:
            m, p = e["method"], e.get("params", {})
            if m == "Runtime.exceptionThrown":
                out.append("exception: " + json.dumps(p["exceptionDetails"])[:400])
            elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append("console.error: " + " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", [])))
            elif m == "Log.entryAdded" and p["entry"].get("level") == "error":
                out.append("log: %s %s" % (p["entry"].get("text"), p["entry"].get("url", "")))
        return out

    def console(self):
        return [" ".join(str(a.get("value", "")) for a in e["params"].get("args", []))
                for e in self.events if e["method"] == "Runtime.consoleAPICalled"]

    def screenshot(self, path, clip=None):
        extra = {"clip": dict(zip(("x", "y", "width", "height"), clip), scale=1)} if clip else {}
        data = self.call("Page.captureScreenshot", format="png", **extra)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        if getattr(self, "proc", None) and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.close()


class Server:
    """python3 -m http.server on 127.0.0.1, on a port the kernel picked, for at most `limit` seconds."""

    def __init__(self, root, limit=600):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        self.port = s.getsockname()[1]
        s.close()
        self.proc = subprocess.Popen(["timeout", str(limit), "python3", "-m", "http.server", str(self.port),
                                      "--bind", "127.0.0.1", "--directory", root],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("http.server did not start on port %d" % self.port)

    def url(self, path=""):
        return "http://127.0.0.1:%d/%s" % (self.port, path)

    def close(self):
        self.proc.terminate()
        self.proc.wait(10)

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.close()
