"""`notedeck serve`: the web page on 127.0.0.1, rebuilt on every save (watch's rounds) and reloaded.

A standard-library HTTP server runs in a thread and answers three paths only:
`/` (the last good build's page, with a reload script added on the way out),
`/__notedeck/build` (the current build id and the last round's problems, as JSON)
and nothing else. The page polls the second path and reloads when the id changes.
Requests naming another host are refused, so a web page elsewhere cannot reach the
server through a rebinding DNS name. Nothing here prints: the CLI reports rounds.
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


class Preview:
    """Serves one built page and tells the page when a rebuild changed it."""

    def __init__(self, page: Path, port: int = 8000):
        self.page = Path(page)
        self.build_id, self.problems = "", []
        self.lock = threading.Lock()
        try:
            self.server = ThreadingHTTPServer((HOST, port), _handler(self))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise fail(f"--port {port}", "the port is in use; pass another --port "
                                             "(0 picks a free one)") from None
            raise
        self.server.daemon_threads = True
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


def _handler(preview: Preview):
    class Handler(BaseHTTPRequestHandler):
        server_version = "notedeck"
        sys_version = ""

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
