"""`notedeck serve`: a preview of the slides, the handout's pages and the web page on
127.0.0.1, kept up to date in place on every save (watch's rounds).

A standard-library HTTP server runs in a thread and answers these paths only:
`/` (the preview page), `/__notedeck/events` (Server-Sent Events: the slides and pages by
key, each time a build lays out its slides or a round ends), `/__notedeck/slide/KEY.png`
and `/__notedeck/page/KEY.png` (a picture, drawn when first asked for), the preview's
script and stylesheet, `/web/` (the last good build's web page, with a reload script
added on the way out) and `/__notedeck/build` (that page's build id and the last round's
problems, as JSON, for its reload script). A build's slides reach the page before its
files are written: the watcher's build hands them over as soon as they are laid out.
Requests naming another host are refused, so a web page elsewhere cannot reach the
server through a rebinding DNS name. A connection idle for IDLE_SECONDS is closed, an
event stream after EVENT_SECONDS (the page reconnects), at most MAX_CONNECTIONS are open
at once, and a client that leaves mid-answer is let go without a word. Nothing here
prints: the CLI reports rounds.
"""

from __future__ import annotations

import errno
import hashlib
import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from notedeck.errors import fail

HOST = "127.0.0.1"                       # never another interface: this is an author's preview
STATE_PATH = "/__notedeck/build"
IDLE_SECONDS = 15.0       # a connection that sends nothing for this long is closed
MAX_CONNECTIONS = 32      # open at once; more are closed at once (each holds a thread)
EVENT_SECONDS = 300.0     # an event stream is closed after this long; the page reconnects
KEEPALIVE_SECONDS = 10.0  # a comment down an idle event stream: a gone client is noticed
PICTURE = re.compile(r"/__notedeck/(slide|page)/([0-9a-f]{20})\.png")
POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
          "connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'; "
          "frame-ancestors 'none'")


class _Server(ThreadingHTTPServer):
    """The standard server, quiet about clients: one that leaves mid-answer, times out or
    sends nonsense costs its own connection and prints nothing (the terminal is for build
    reports, and the standard library would print a traceback)."""

    daemon_threads = True
    # the standard 5 waiting connections: a page's pictures asked for at once (a connection
    # each, HTTP/1.0) overflowed it, and each connection past it waited out a SYN retry (1 s+)
    request_queue_size = 2 * MAX_CONNECTIONS

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
    """Serves the preview of one variant's outputs and tells the page what changed."""

    def __init__(self, page: Path, port: int = 8000, idle: float = IDLE_SECONDS,
                 options=None, session=None):
        from notedeck.render.preview.state import Showing

        self.page = Path(page)
        self.options = options                 # to lay out a build the records kept ...
        self.session = session                 # ... keeping what it makes for the next build
        self.handout = (Path(options.out) / "handout.pdf") if options is not None else None
        self.build_id, self.problems = "", []
        self.lock = threading.Lock()
        self.showing = Showing()
        try:
            self.server = _Server((HOST, port), _handler(self, idle))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise fail(f"--port {port}", "the port is in use; pass another --port "
                                             "(0 picks a free one)") from None
            raise
        # the loop looks for a stop this often (the standard 0.5 s held every stop that long)
        self.thread = threading.Thread(target=self.server.serve_forever,
                                       kwargs={"poll_interval": 0.1}, daemon=True)

    @property
    def port(self) -> int:
        return self.server.server_address[1]

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}/"

    def on_planned(self, prepared, art, planned) -> None:
        """A build's slides, laid out and not yet written: to the page at once."""
        self.showing.laid_out(prepared.deck, planned.layout, art,
                              (*prepared.warnings, *planned.warnings))

    def update(self, outcome) -> None:
        """After a round: a good build's page gets a new id if its bytes changed, and its
        handout's pages are shown; a failed one leaves the last good build shown, with its
        problems beside it in the browser."""
        with self.lock:
            if outcome.ok and self.page.is_file():
                self.build_id = hashlib.sha256(self.page.read_bytes()).hexdigest()[:16]
                self.problems = []
            else:
                self.problems = [p.report() for p in outcome.problems] or (
                    [f"notedeck: internal error: {outcome.internal}"] if outcome.internal else [])
        if not outcome.ok:
            from notedeck.errors import Location, Problem

            self.showing.failed(outcome.problems or [Problem(
                Location("notedeck"), f"internal error: {outcome.internal}")])
            return
        if not self.showing.slides and self.options is not None:
            self._lay_out()                # a kept build: its slides were never laid out here
        self.showing.built(outcome.result.warnings, self._handout())

    def _lay_out(self) -> None:
        from notedeck.errors import NotedeckError
        from notedeck.stages.run import laid_out

        try:
            laid_out(self.options, self.on_planned, self.session)
        except NotedeckError as exc:        # the files were kept, but the note changed since
            self.showing.failed(exc.problems)

    def _handout(self) -> bytes | None:
        try:
            return self.handout.read_bytes() if self.handout is not None else None
        except OSError:
            return None

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
        self.showing.close()
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
                return self._send(200, preview.showing.document().encode("utf-8"),
                                  "text/html; charset=utf-8", POLICY)
            if path == "/__notedeck/events":
                return self._events()
            if path in ("/__notedeck/preview.js", "/__notedeck/preview.css"):
                from notedeck.render.preview.page import asset

                return self._send(200, asset(path.rsplit("/", 1)[1]),
                                  "text/javascript" if path.endswith(".js") else "text/css")
            if (match := PICTURE.fullmatch(path)) is not None:
                picture = preview.showing.picture(*match.groups())
                if picture is None:
                    return self._send(404, b"not found\n", "text/plain")
                return self._send(200, picture, "image/png", cache=True)
            if path in ("/web/", "/web/index.html"):
                body = preview.body()
                if body is None:
                    return self._send(503, b"no good build yet; see the terminal\n",
                                      "text/plain")
                return self._send(200, body, "text/html; charset=utf-8",
                                  "frame-ancestors 'self'")
            if path == "/favicon.ico":
                return self._send(204, b"", "image/png")      # none: the browser asks anyway
            return self._send(404, b"not found\n", "text/plain")

        def _events(self) -> None:
            """The preview's state on every change, until EVENT_SECONDS or a stop."""
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.end_headers()
            self.wfile.write(b"retry: 300\n\n")
            seen, until = -1, time.monotonic() + EVENT_SECONDS
            showing = preview.showing
            while time.monotonic() < until and not showing.closed:
                version = showing.wait(seen, KEEPALIVE_SECONDS)
                self.wfile.write(showing.event() if version != seen else b": idle\n\n")
                self.wfile.flush()
                seen = version

        def _send(self, status: int, body: bytes, kind: str, policy: str = "",
                  cache: bool = False) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            # a picture's key is a hash of what it shows: the same URL never changes
            self.send_header("Cache-Control", "private, max-age=3600, immutable" if cache
                             else "no-store")
            if policy:
                self.send_header("Content-Security-Policy", policy)
            self.send_header("X-Content-Type-Options", "nosniff")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args) -> None:   # the terminal is for build reports
            pass

    return Handler
