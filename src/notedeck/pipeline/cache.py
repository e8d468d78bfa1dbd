"""Work kept between builds: drawn charts, by a hash of everything that shapes them.

The cache lives in $NOTEDECK_CACHE_DIR, else $XDG_CACHE_HOME/notedeck, else
~/.cache/notedeck. It only ever saves time: deleting it, or building with
`--no-cache`, gives byte-identical outputs. A chart's key hashes its spec (all
its data and text), notedeck's own code and files (theme, fonts, chart code)
and the installed libraries' versions, so a changed number, style or library
draws afresh. Entries carry a checksum; a damaged one is a miss, not an error.

Nothing heavy is imported here: a build served from the cache never loads
matplotlib.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
import time
from functools import cache
from pathlib import Path

from notedeck import __version__

PACKAGE = Path(__file__).resolve().parent.parent
CODE_SUFFIXES = {".py", ".pptx", ".ttf"}   # code, template, fonts: what can change an output
MAX_CHART_ENTRIES = 2000       # beyond this, the least recently used half is removed
FORMAT = 1                     # bump when the entry layout changes


def cache_dir() -> Path:
    """Where cached work goes (see the module docstring)."""
    explicit = os.environ.get("NOTEDECK_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "notedeck"


@cache
def code_fingerprint() -> str:
    """notedeck's version, its files' contents, the installed libraries and Python."""
    digest = hashlib.sha256(f"notedeck {__version__} format {FORMAT}\n{sys.version}\n".encode())
    for path in sorted(p for p in PACKAGE.rglob("*")
                       if p.suffix in CODE_SUFFIXES and "__pycache__" not in p.parts):
        digest.update(f"{path.relative_to(PACKAGE)}\0".encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    for name in installed_distributions():
        digest.update(f"{name}\n".encode())
    return digest.hexdigest()


def installed_distributions() -> list[str]:
    """Every installed distribution with its version ('matplotlib-3.11.2.dist-info', ...).

    Listing the folders is a millisecond; asking importlib.metadata for each is not.
    """
    names = set()
    for entry in sys.path:
        try:
            with os.scandir(entry or ".") as found:
                names.update(e.name for e in found if e.name.endswith((".dist-info", ".egg-info")))
        except OSError:
            continue
    return sorted(names)


def digest(*parts: str | bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


class ChartCache:
    """Drawn charts on disk, by chart_key(spec). `enabled=False` reads and writes nothing."""

    def __init__(self, folder: Path | None = None, enabled: bool = True):
        self.folder = (folder or cache_dir()) / "charts"
        self.enabled = enabled
        self.hits = self.misses = 0

    @staticmethod
    def key(spec) -> str:
        """The hash of the spec's every field and of everything else that shapes a chart."""
        return digest("chart", code_fingerprint(), repr(spec))

    def get(self, spec):
        """The cached ChartArt for `spec`, or None."""
        if not self.enabled:
            return None
        path = self._path(self.key(spec))
        art = _read_entry(path)
        if art is None or art.name != spec.name:
            self.misses += 1
            return None
        self.hits += 1
        _touch(path)
        return art

    def put(self, spec, art) -> None:
        if not self.enabled:
            return
        path = self._path(self.key(spec))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            _write_atomically(path, _entry(art))
        except OSError:
            return                      # a read-only or full disk only costs time
        if self.misses and self.misses % 50 == 0:
            self.prune()

    def draw_once(self, spec, draw):
        """The cached chart, else `draw(spec)` stored; processes that need one chart at
        once take turns on a lock, so the second finds the first one's drawing."""
        if not self.enabled:
            return draw(spec)
        import fcntl

        path = self._path(self.key(spec))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            lock = open(path.with_suffix(".lock"), "a")
        except OSError:
            return self._drawn(spec, draw)
        with lock:
            fcntl.flock(lock, fcntl.LOCK_EX)          # released when the file closes
            return self.get(spec) or self._drawn(spec, draw)

    def _drawn(self, spec, draw):
        art = draw(spec)
        self.put(spec, art)
        return art

    def prune(self, keep: int = MAX_CHART_ENTRIES) -> None:
        """Remove the least recently used entries once there are more than `keep`."""
        try:
            entries = sorted(self.folder.glob("*/*.art"), key=lambda p: p.stat().st_mtime)
        except OSError:
            return
        for path in entries[:max(len(entries) - keep // 2, 0)] if len(entries) > keep else ():
            path.unlink(missing_ok=True)
            path.with_suffix(".lock").unlink(missing_ok=True)
        stale = time.time() - 3600               # writes cut short by a killed helper
        for path in self.folder.glob("*/.tmp-*"):
            try:
                if path.stat().st_mtime < stale:
                    path.unlink()
            except OSError:
                pass

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.art"


def _entry(art) -> bytes:
    header = {"name": art.name, "width_in": art.width_in, "height_in": art.height_in,
              "png": len(art.png), "svg": len(art.svg),
              "sha256": hashlib.sha256(art.png + art.svg).hexdigest()}
    return json.dumps(header, sort_keys=True).encode() + b"\n" + art.png + art.svg


def _read_entry(path: Path):
    from notedeck.model import ChartArt

    try:
        data = path.read_bytes()
        head, _, body = data.partition(b"\n")
        header = json.loads(head)
        png, svg = body[:header["png"]], body[header["png"]:]
        if (len(svg) != header["svg"] or
                hashlib.sha256(body).hexdigest() != header["sha256"]):
            raise ValueError("damaged entry")
        return ChartArt(header["name"], png, svg, header["width_in"], header["height_in"])
    except OSError:                     # not there, or no cache folder at all
        return None
    except (ValueError, KeyError, TypeError):
        try:
            path.unlink(missing_ok=True)    # damaged: draw it again
        except OSError:
            pass
        return None


def _touch(path: Path) -> None:
    try:
        os.utime(path)
    except OSError:
        pass


def _write_atomically(path: Path, data: bytes) -> None:
    handle, name = tempfile.mkstemp(prefix=".tmp-", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(name, path)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
