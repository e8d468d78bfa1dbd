"""`notedeck serve`: the web page on 127.0.0.1, rebuilt on every save (watch's rounds) and reloaded.

A standard-library HTTP server runs in a thread and answers three paths only:
`/` (the last good build's page, with a reload script added on the way out),
`/__notedeck/build` (the current build id and the last round's problems, as JSON)
and nothing else. The page polls the second path and reloads when the id changes.
Requests naming another host are refused, so a web page elsewhere cannot reach the
server through a rebinding DNS name. A connection idle for IDLE_SECONDS is closed, at most
MAX_CONNECTIONS are open at once, and a client that leaves mid-answer is let go without a
word. Nothing here prints: the CLI reports rounds.
"""

from __future__ import annotations

import errno
import hashlib
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from notedeck.errors import fail

HOST = "127.0.0.1"                       # never another interface: this is an author's preview
STATE_PATH = "/__notedeck/build"
IDLE_SECONDS = 15.0       # a connection that sends nothing for this long is closed
MAX_CONNECTIONS = 32      # open at once; more are closed at once (each holds a thread)


class _Server(ThreadingHTTPServer):
    """The standard server, quiet about clients: one that leaves mid-answer, times out or
    sends nonsense costs its own connection and prints nothing (the terminal is for build
    reports, and the standard library would print a traceback)."""

    daemon_threads = True

    def __init__(self, address, handler):
        super().__init__(address, handler)
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)

    def process_request(self, request, client_address) -> None:
        if not self.slots.acquire(blocking=False):
            self.shutdown_request(request)          # too many open: this one is closed
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request, client_address) -> None:
        pass                                        # never a traceback for a client's doing


class Preview:
    """Serves one built page and tells the page when a rebuild changed it."""

    def __init__(self, page: Path, port: int = 8000, idle: float = IDLE_SECONDS):
        self.page = Path(page)
        self.build_id, self.problems = "", []
        self.lock = threading.Lock()
        try:
            self.server = _Server((HOST, port), _handler(self, idle))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise fail(f"--port {port}", "the port is in use; pass another --port "
                                             "(0 picks a free one)") from None
            raise
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def port(self) -> int:
        return self.server.server_address[1]

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}/"

    def update(self, outcome) -> None:
        """After a round: a good build's page gets a new id if its bytes changed; a failed
        one leaves the page alone and shows its problems in the browser."""
        with self.lock:
            if outcome.ok and self.page.is_file():
                self.build_id = hashlib.sha256(self.page.read_bytes()).hexdigest()[:16]
                self.problems = []
            else:
                self.problems = [p.report() for p in outcome.problems] or (
                    [f"notedeck: internal error: {outcome.internal}"] if outcome.internal else [])

    def state(self) -> dict:
        with self.lock:
            return {"id": self.build_id, "problems": list(self.problems)}

    def body(self) -> bytes | None:
        from notedeck.render.web.preview import with_reload

        with self.lock:
            if not self.build_id:
                return None
            try:
                page = self.page.read_text(encoding="utf-8")
            except OSError:
                return None
            return with_reload(page, self.build_id).encode("utf-8")

    def __enter__(self) -> Preview:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


def _handler(preview: Preview, idle: float):
    class Handler(BaseHTTPRequestHandler):
        server_version = "notedeck"
        sys_version = ""
        timeout = idle               # the socket's: an idle or slow client is let go

        def do_GET(self) -> None:  # noqa: N802 - the standard library's name
            if self.headers.get("Host", "") not in (f"{HOST}:{preview.port}",
                                                    f"localhost:{preview.port}"):
                return self._send(421, b"wrong host\n", "text/plain")
            path = self.path.split("?", 1)[0]
            if path == STATE_PATH:
                return self._send(200, json.dumps(preview.state()).encode(), "application/json")
            if path in ("/", "/index.html"):
                body = preview.body()
                if body is None:
                    return self._send(503, b"no good build yet; see the terminal\n",
                                      "text/plain")
                return self._send(200, body, "text/html; charset=utf-8")
            return self._send(404, b"not found\n", "text/plain")

        def _send(self, status: int, body: bytes, kind: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args) -> None:   # the terminal is for build reports
            pass

    return Handler
