"""The charts one build needs: from the cache, else drawn once, in a second process if it pays.

Importing matplotlib (about 0.3 s) and drawing three charts (about 0.45 s) is
the longest chain in a cold build. `Charts(workers=True)` forks a helper at the
start of the build, before the note is read: the helper imports matplotlib
while this process reads and composes the note, then draws each chart the
cache lacks, writes it into the cache folder and says so on a pipe. This
process meanwhile imports python-pptx and reportlab and renders; it waits for a
chart only when a renderer first touches its pixels or vectors, so slides and
pages before the first chart are done by then. If the helper cannot start or
dies, the charts are drawn here, the same way, to the same bytes.

Only the drawn forms the build's outputs read are drawn (Renderer.art: the SVG
for the handout, the PNG for picture slides, nothing for native charts or the
web page); with none, no helper starts. A form an output reads without having
declared it is drawn here when it is first read, so outputs never depend on the
declaration, only their speed does.

With `cache=False`, or a cache folder that cannot be written, the helper hands
its charts over through a private temporary folder instead,
$TMPDIR/notedeck-charts-PID-XXXX; one a killed build left is removed by the
next build (scratch.py).
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from notedeck.infra import scratch, trust
from notedeck.infra.cache import FORMS, ChartCache, code_fingerprint, holds
from notedeck.infra import forking

SCRATCH = "notedeck-charts"      # $TMPDIR/notedeck-charts-PID-XXXX: charts handed over without a cache


class Charts:
    """A context manager: `art(specs)` gives every chart by name; leaving it stops the helper."""

    def __init__(self, cache: bool = True, workers: bool = True, folder: Path | None = None,
                 forms=FORMS):
        self.cache = ChartCache(folder, enabled=cache)
        self.forms = tuple(form for form in FORMS if form in forms)   # drawn ahead
        scratch.sweep(None, SCRATCH)                # folders of killed cache-less builds
        self._scratch = None if cache and _writable(self.cache.folder) else \
            scratch.make(SCRATCH)
        helper = workers and self.forms and can_fork()
        if helper and cache:
            code_fingerprint()      # every chart key hashes it: hashed once, and inherited
        self._helper = _Helper.start(self._drop_folder(), self.forms) if helper else None

    def __enter__(self) -> Charts:
        return self

    def __exit__(self, kind, value, traceback) -> None:
        self.close()

    def art(self, specs: Sequence) -> Mapping:
        """Every chart of `specs` by name: cached ones now, the rest as they are drawn."""
        names = [spec.name for spec in specs]
        for name in names:
            if names.count(name) > 1:
                raise ValueError(f"two charts are named {name!r}; chart names must be unique")
        found = {spec.name: self.cache.get(spec, self.forms) if self.forms else None
                 for spec in specs}
        art = {spec.name: _Art(spec, self, found[spec.name]) for spec in specs}
        missing = [spec for spec in specs if self.forms and found[spec.name] is None]
        if missing and self._helper is not None and self._helper.send(missing):
            return art
        self.close()
        for spec in missing:
            art[spec.name].drawn(self._draw_here(spec, self.forms))
        return art

    def in_child(self) -> None:
        """In a forked child: the helper stays the parent's; a chart it lacks is drawn here."""
        self._helper = None
        self._scratch = None

    def close(self) -> None:
        if self._helper is not None:
            self._helper.stop()
            self._helper = None
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)
            self._scratch = None

    def _drop_folder(self) -> Path:
        return self._scratch if self._scratch is not None else self.cache.folder.parent

    def _draw_here(self, spec, forms):
        from notedeck.render.charts import draw as charts

        return self.cache.draw_once(spec, charts.draw, forms)

    def _wait_for(self, spec, form: str):
        """The helper's drawing of `spec`, or one with `form` drawn here (the helper failed,
        or `form` is one no output declared)."""
        helper = self._helper
        while helper is not None and helper.pending(spec.name):
            helper.receive()
        art = None
        if helper is not None and helper.done.get(spec.name):
            art = ChartCache(self._drop_folder())._read(spec)
        if holds(art, (form,)):
            return art
        return self._draw_here(spec, {form, *self.forms})


class _Art:
    """A chart's name and size now; its PNG and SVG when drawn (by the helper, or here)."""

    def __init__(self, spec, owner: Charts, art=None):
        from notedeck.theme import chart_size

        self._spec, self._owner, self._art = spec, owner, art
        self.name = spec.name
        self.width_in, self.height_in = chart_size(spec)

    def drawn(self, art) -> None:
        self._art = art

    def _form(self, form: str) -> bytes:
        if not holds(self._art, (form,)):
            self._art = self._owner._wait_for(self._spec, form)
        return getattr(self._art, form)

    @property
    def png(self) -> bytes:
        return self._form("png")

    @property
    def svg(self) -> bytes:
        return self._form("svg")


def _writable(folder: Path) -> bool:
    try:
        trust.make_folder(folder)
        return os.access(folder, os.W_OK)
    except OSError:
        return False


# --- the helper process ----------------------------------------------------------------

def can_fork() -> bool:
    """A helper only where fork is safe and pays: POSIX (not macOS), two cores or more, this
    process single-threaded (a fork copies no other thread's locks), not turned off."""
    import threading

    return (hasattr(os, "fork") and sys.platform != "darwin" and (os.cpu_count() or 1) > 1
            and threading.active_count() == 1 and os.environ.get("NOTEDECK_WORKERS") != "0")


class _Helper:
    """A forked process: imports matplotlib now, draws the specs it is sent, one line per chart."""

    def __init__(self, pid: int, to_child: int, from_child, folder: Path):
        self.pid, self._to_child, self._from_child, self.folder = pid, to_child, from_child, folder
        self.done: dict[str, bool] = {}
        self._asked: set[str] = set()

    @classmethod
    def start(cls, folder: Path, forms=FORMS) -> _Helper | None:
        down_r, down_w = os.pipe()
        up_r, up_w = os.pipe()
        try:
            pid = forking.fork()
        except OSError:
            for fd in (down_r, down_w, up_r, up_w):
                os.close(fd)
            return None
        if pid == 0:                                       # the helper
            os.close(down_w)
            os.close(up_r)
            _serve(down_r, up_w, folder, forms)            # never returns
        os.close(down_r)
        os.close(up_w)
        return cls(pid, down_w, os.fdopen(up_r, "rb", buffering=0), folder)

    def send(self, specs: list) -> bool:
        try:
            forking.send(self._to_child, specs)
            os.close(self._to_child)
            self._to_child = -1
        except OSError:
            return False
        self._asked = {spec.name for spec in specs}
        return True

    def pending(self, name: str) -> bool:
        return name in self._asked and name not in self.done

    def receive(self) -> None:
        """Read one report ('ok NAME' or 'error NAME'); at end of stream every open one failed."""
        line = self._readline()
        if not line:
            for name in self._asked - set(self.done):
                self.done[name] = False
            return
        status, _, name = line.partition(" ")
        self.done[name] = status == "ok"

    def _readline(self) -> str:
        chunks = []
        while True:
            byte = self._from_child.read(1)
            if not byte or byte == b"\n":
                return b"".join(chunks).decode("utf-8", "replace")
            chunks.append(byte)

    def stop(self) -> None:
        """End the helper now: whatever it still draws, no renderer asked for."""
        if self._to_child != -1:
            os.close(self._to_child)
            self._to_child = -1
        self._from_child.close()
        forking.end(self.pid)


def _serve(inbox: int, outbox: int, folder: Path, forms) -> None:
    """The helper's life: import, wait for specs, draw each into the folder, report, exit."""
    code = 0
    try:
        quiet = os.open(os.devnull, os.O_RDWR)             # the parent's stdin and stdout
        os.dup2(quiet, 0)                                  # are its own: a pipe reader
        os.dup2(quiet, 1)                                  # waits for no helper
        _without_3d_axes()
        _without_property_tables()
        import matplotlib.backends.backend_agg  # noqa: F401  (the 0.3 s this process exists for)
        import matplotlib.figure  # noqa: F401

        from notedeck.render.charts import draw as charts

        specs = forking.receive(inbox)
        if specs is not None:
            mine, sibling = _shared(specs)
            _draw(mine, ChartCache(folder), charts.draw, forms, outbox)
            if sibling:
                os.waitpid(sibling, 0)
    except BaseException:
        code = 1
    finally:
        os._exit(code)


def _shared(specs: list) -> tuple[list, int]:
    """The charts this process draws, and the pid of a sibling forked to draw the rest (0 if
    none). With two charts or more, the later half goes to a copy of this process, which has
    matplotlib loaded already: on two cores the charts, the longest chain of a cold build,
    end in about half the time while the build does its own work. Both report on the same
    pipe (a line is shorter than a pipe's atomic write, so no two lines mix); stopped, the
    build closes it, and each ends at its next report."""
    half = (len(specs) + 1) // 2
    if half == len(specs) or (os.cpu_count() or 1) < 2:
        return specs, 0
    try:
        pid = forking.fork()
    except OSError:
        return specs, 0
    return (specs[half:], 0) if pid == 0 else (specs[:half], pid)


def _draw(specs: list, cache: ChartCache, draw, forms, outbox: int) -> None:
    """Each chart drawn into the cache folder, and reported: "ok NAME" or "error NAME"."""
    for spec in specs:
        try:
            cache.draw_once(spec, draw, forms)             # only the forms it lacks
            ok = cache._path(cache.key(spec)).exists()
        except Exception:                                  # drawn again by the parent, which reports it
            ok = False
        forking.write_all(outbox, f"{'ok' if ok else 'error'} {spec.name}\n".encode())


def _without_3d_axes() -> None:
    """matplotlib registers its 3D axes (mpl_toolkits.mplot3d) as it is imported, about 6% of
    the import; notedeck's charts are flat, so this process, which only draws them, goes
    without. matplotlib allows for 3D axes that fail to load: it warns and carries on."""
    import warnings

    sys.modules.setdefault("mpl_toolkits.mplot3d", None)    # None: "import" fails at once
    warnings.filterwarnings("ignore", "Unable to import Axes3D")


def _without_property_tables() -> None:
    """As matplotlib is imported, each artist class gets a table of all its properties in
    its set() docstring (matplotlib.artist.kwdoc), about a fifth of the import's CPU. This
    process only draws and never shows help(): its docstrings go without the tables."""
    import matplotlib.artist

    matplotlib.artist.kwdoc = lambda artist: ""
