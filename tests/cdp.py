"""A small Chrome DevTools Protocol client over --remote-debugging-pipe: Debian's chromium, no downloads.

Used by the web page's tests (tests/render/web), `notedeck serve`'s and benchmarks/web_page.py.

Chromium reads commands from file descriptor 3 and writes replies and events to
descriptor 4, each message JSON ended by a NUL byte; no WebSocket library and no
open port are needed.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "chrome")
REPLY_TIMEOUT_S = 60      # a reply from the browser; a hung browser fails the test, not CI


def find_chromium() -> str | None:
    """The browser's executable, or None; NOTEDECK_CHROMIUM names one explicitly."""
    named = os.environ.get("NOTEDECK_CHROMIUM")
    if named:
        return shutil.which(named) or (named if Path(named).is_file() else None)
    return next((path for name in CANDIDATES if (path := shutil.which(name))), None)


class BrowserError(RuntimeError):
    pass


class Browser:
    """One headless browser with one page; use as a context manager."""

    def __init__(self, executable: str, width: int = 1280, height: int = 900):
        self.profile = tempfile.mkdtemp(prefix="notedeck-chromium-")
        ours_read, theirs_write = os.pipe()
        theirs_read, ours_write = os.pipe()

        def descriptors() -> None:       # in the child: its ends of the pipes become 3 and 4
            high_read, high_write = os.dup(theirs_read), os.dup(theirs_write)
            os.dup2(high_read, 3)
            os.dup2(high_write, 4)

        self.process = subprocess.Popen(
            [executable, "--headless", "--remote-debugging-pipe", "--no-sandbox",
             "--disable-gpu", "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--disable-background-networking", "--mute-audio",
             "--hide-scrollbars", "--force-color-profile=srgb", "--font-render-hinting=none",
             f"--user-data-dir={self.profile}", f"--window-size={width},{height}",
             "about:blank"],
            pass_fds=(3, 4), preexec_fn=descriptors,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(theirs_read)
        os.close(theirs_write)
        self.reader, self.writer = ours_read, ours_write
        self.buffer, self.next_id, self.events = b"", 0, []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target,
                                 flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Performance"):
            self.send(f"{domain}.enable")
        self.viewport(width, height)

    # --- protocol --------------------------------------------------------------------

    def call(self, method: str, **params):
        """A browser-level command (no session)."""
        return self._request(method, params, None)

    def send(self, method: str, **params):
        """A command to the page."""
        return self._request(method, params, self.session)

    def _request(self, method: str, params: dict, session: str | None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self.writer, json.dumps(message).encode() + b"\0")
        reply = self._wait(lambda m: m.get("id") == self.next_id)
        if "error" in reply:
            raise BrowserError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    def _wait(self, wanted):
        deadline = time.monotonic() + REPLY_TIMEOUT_S
        while True:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                message = json.loads(raw)
                if wanted(message):
                    return message
                if "method" in message:
                    self.events.append(message)
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise BrowserError("the browser stopped answering")
            chunk = os.read(self.reader, 1 << 20)
            if not chunk:
                raise BrowserError("the browser closed its pipe")
            self.buffer += chunk

    def wait_event(self, method: str) -> dict:
        for index, event in enumerate(self.events):
            if event.get("method") == method:
                return self.events.pop(index)
        return self._wait(lambda m: m.get("method") == method)

    # --- page ------------------------------------------------------------------------

    def viewport(self, width: int, height: int = 900) -> None:
        self.send("Emulation.setDeviceMetricsOverride", width=width, height=height,
                  deviceScaleFactor=1, mobile=width < 600)

    def open(self, url: str) -> None:
        self.events.clear()
        self.send("Page.navigate", url=url)
        self.wait_event("Page.loadEventFired")

    def js(self, expression: str):
        """The value of a JavaScript expression (awaited if it is a promise)."""
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def key(self, key: str, code: str | None = None, key_code: int = 0, shift: bool = False) -> None:
        """One key pressed and released, as a keyboard user would."""
        common = {"key": key, "code": code or key, "windowsVirtualKeyCode": key_code,
                  "modifiers": 8 if shift else 0}
        self.send("Input.dispatchKeyEvent", type="rawKeyDown", **common)
        if len(key) == 1:
            self.send("Input.dispatchKeyEvent", type="char", text=key, **common)
        self.send("Input.dispatchKeyEvent", type="keyUp", **common)

    def screenshot(self, path: Path, full: bool = True) -> Path:
        data = self.send("Page.captureScreenshot", format="png", captureBeyondViewport=full)
        path.write_bytes(base64.b64decode(data["data"]))
        return path

    def pdf(self, path: Path) -> Path:
        data = self.send("Page.printToPDF", printBackground=True, preferCSSPageSize=True)
        path.write_bytes(base64.b64decode(data["data"]))
        return path

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except (BrowserError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for fd in (self.reader, self.writer):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


KEYS = {  # key: (code, Windows virtual key code) for Input.dispatchKeyEvent
    "Tab": ("Tab", 9), "ArrowRight": ("ArrowRight", 39), "ArrowLeft": ("ArrowLeft", 37),
    "ArrowUp": ("ArrowUp", 38), "ArrowDown": ("ArrowDown", 40), "PageUp": ("PageUp", 33),
    "PageDown": ("PageDown", 34), "Home": ("Home", 36), "End": ("End", 35),
    " ": ("Space", 32), "Enter": ("Enter", 13),
}


def press(browser: Browser, key: str, shift: bool = False) -> None:
    code, number = KEYS[key]
    browser.key(key, code, number, shift)
