"""Work kept between builds: drawn charts, by a hash of everything that shapes them.

The cache lives in $NOTEDECK_CACHE_DIR, else $XDG_CACHE_HOME/notedeck, else
~/.cache/notedeck. It only ever saves time: deleting it, or building with
`--no-cache`, gives byte-identical outputs. A chart's key hashes its spec (all
its data and text), notedeck's own code and files (theme, fonts, chart code)
and the installed libraries' versions, so a changed number, style or library
draws afresh. An entry holds the forms a build asked for (the SVG alone for a
default build, the PNG as well for picture slides); a build that needs a form
the entry lacks draws just that form and stores the entry with both.

The cache is input too (trust.py). An entry records the full key it was made
for and a checksum, and is used only for that key: another chart copied into
its place, a damaged or forged entry (a size that is not a number, bytes that
are not a PNG and an SVG) is a miss, drawn again, never an error. Only
regular files of this user's, of bounded size, are read; a cache folder that
another user owns or may write to is not used at all (cache_problem).

Nothing heavy is imported here: a build served from the cache never loads
matplotlib.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import sys
import tempfile
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from notedeck import __version__
from notedeck.infra import trust
from notedeck.render.contract import FORMS

PACKAGE = Path(__file__).resolve().parent.parent
MAX_CHART_ENTRIES = 2000       # beyond this, the least recently used half is removed
FORMAT = 3                     # bump when the entry layout changes (3: a form may be absent)
MAX_ENTRY_BYTES = 32 * 1024 * 1024   # a drawn chart is about 0.2 MB; a larger file is not ours
MAX_PIXELS = 20_000            # a cached PNG's width and height
TEMPORARY = ".tmp"             # FOLDER/.tmp-PID-XXXX: an entry being written
SVG_DOCTYPE = b'<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"'
_WARNED: set[str] = set()


def cache_dir() -> Path:
    """Where cached work goes (see the module docstring)."""
    explicit = os.environ.get("NOTEDECK_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "notedeck"


@cache
def code_fingerprint(package: Path = PACKAGE) -> str:
    """notedeck's version, the contents of every file of the package (code, templates, fonts,
    the catalogue, the web page's stylesheet and script, bundled notes: any of them can change
    an output), the installed libraries and Python."""
    digest = hashlib.sha256(f"notedeck {__version__} format {FORMAT}\n{sys.version}\n".encode())
    for path in sorted(p for p in package.rglob("*")
                       if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"):
        digest.update(f"{path.relative_to(package)}\0".encode())
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


def cache_problem(folder: Path | None = None):
    """A warning when the cache folder must not be used (another user's, or writable by
    others), else None."""
    from notedeck.errors import Location, Problem

    root = folder or cache_dir()
    for place in (root, root / "charts", root / "builds"):
        why = trust.folder_problem(place)
        if why is not None:
            return Problem(Location(place), f"the cache folder {why}, so anyone could plant a "
                                            "chart or a build record in it; it is not used "
                                            "(charts are drawn afresh). Make it your own and "
                                            "private (chmod go-w), or set NOTEDECK_CACHE_DIR to "
                                            "a folder of your own", "warning")
    return None


def first_time(problem) -> bool:
    """Whether this process has not yet reported `problem` (watch says it once, not each round)."""
    said = problem.report() in _WARNED
    _WARNED.add(problem.report())
    return not said


class ChartCache:
    """Drawn charts on disk, by chart_key(spec). `enabled=False` reads and writes nothing."""

    def __init__(self, folder: Path | None = None, enabled: bool = True):
        self.folder = (folder or cache_dir()) / "charts"
        self.enabled = enabled
        self.hits = self.misses = 0
        self._swept = False

    @staticmethod
    def key(spec) -> str:
        """The hash of the spec's every field and of everything else that shapes a chart."""
        return digest("chart", code_fingerprint(), repr(spec))

    def get(self, spec, forms=FORMS):
        """The cached ChartArt for `spec` holding every one of `forms`, or None (also for any
        entry not made for it)."""
        art = self._read(spec)
        if art is None or not holds(art, forms):
            self.misses += 1
            return None
        self.hits += 1
        return art

    def _read(self, spec):
        """The entry for `spec` with whatever forms it holds, or None."""
        if not self.enabled:
            return None
        key = self.key(spec)
        path = self._path(key)
        data = trust.read_private(path, MAX_ENTRY_BYTES)
        art = _parse_entry(data, key, spec.name) if data is not None else None
        if art is None:
            if data is not None:
                _unlink(path)                      # damaged or foreign: draw it again
            return None
        _touch(path)
        return art

    def put(self, spec, art) -> None:
        """Store a chart that was drawn because the cache lacked it (a miss)."""
        if not self.enabled:
            return
        self.misses += 1
        key = self.key(spec)
        path = self._path(key)
        try:
            trust.make_folder(path.parent)
            self._sweep()
            _write_atomically(self.folder, path, _entry(art, key))
        except OSError:
            return                      # a read-only or full disk only costs time
        if self.misses and self.misses % 50 == 0:
            self.prune()

    @contextmanager
    def turn(self, spec):
        """The entry for `spec` as it stands (None: none), read while this process holds its
        lock until the block ends: processes that need one chart at once take turns, so the
        second finds what the first stored. Without the cache, or a folder for the entry, no
        lock and no entry (drawing then costs time only)."""
        path = self._path(self.key(spec)) if self.enabled else None
        if path is not None:
            try:
                trust.make_folder(path.parent)
            except OSError:
                path = None
        if path is None:
            yield None
            return
        from notedeck.infra.locks import held

        with held(path.with_suffix(".lock")):         # else drawn without: it costs time only
            yield self._read(spec)

    def prune(self, keep: int = MAX_CHART_ENTRIES) -> None:
        """Remove the least recently used entries once there are more than `keep`."""
        entries = []
        for folder in _folders(self.folder):
            for entry in _scan(folder):
                if entry.name.endswith(".art") and entry.is_file(follow_symlinks=False):
                    try:
                        entries.append((entry.stat(follow_symlinks=False).st_mtime, entry.path))
                    except OSError:
                        pass
        entries.sort()
        for _, path in entries[:max(len(entries) - keep // 2, 0)] if len(entries) > keep else ():
            _unlink(Path(path))
            _unlink(Path(path).with_suffix(".lock"))

    def _sweep(self) -> None:
        """Remove the half-written entries of killed processes, once per cache."""
        if not self._swept:
            self._swept = True
            from notedeck.infra.scratch import sweep_files

            sweep_files(self.folder, TEMPORARY)

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.art"


def holds(art, forms) -> bool:
    """Whether `art` has every one of the drawn forms `forms` ("png", "svg")."""
    return art is not None and all(getattr(art, form) for form in forms)


def joined(held, drawn):
    """`drawn` with the forms it lacks taken from `held` (the same chart, drawn before)."""
    if held is None:
        return drawn
    from dataclasses import replace

    return replace(drawn, **{form: getattr(held, form) for form in FORMS
                             if not getattr(drawn, form)})


def _entry(art, key: str) -> bytes:
    header = {"format": FORMAT, "key": key, "name": art.name, "width_in": art.width_in,
              "height_in": art.height_in, "png": len(art.png), "svg": len(art.svg),
              "sha256": hashlib.sha256(art.png + art.svg).hexdigest()}
    return json.dumps(header, sort_keys=True).encode() + b"\n" + art.png + art.svg


def _parse_entry(data: bytes, key: str, name: str):
    """The ChartArt in an entry made for exactly this key and name, else None."""
    from notedeck.deck import ChartArt

    try:
        head, newline, body = data.partition(b"\n")
        header = trust.strict_json(head)
        if not newline or not isinstance(header, dict):
            return None
        if (header.get("format"), header.get("key"), header.get("name")) != (FORMAT, key, name):
            return None
        png_size = trust.whole(header["png"], 0, len(body))
        if trust.whole(header["svg"], 0, len(body)) != len(body) - png_size:
            return None
        if hashlib.sha256(body).hexdigest() != header["sha256"]:
            return None
        png, svg = body[:png_size], body[png_size:]
        width, height = _inches(header["width_in"]), _inches(header["height_in"])
        if not (png or svg) or (png and not _is_png(png)) or (svg and not _is_svg(svg)):
            return None                                # a form not drawn is empty
        return ChartArt(name, png, svg, width, height)
    except (ValueError, KeyError, TypeError, UnicodeDecodeError, RecursionError):
        return None


def _inches(value) -> float:
    if type(value) not in (int, float) or not math.isfinite(value) or not 0 < value <= 100:
        raise ValueError("a chart's size is from 0 to 100 inches")
    return float(value)


def _is_png(data: bytes) -> bool:
    """A PNG whose header chunk names a sensible picture size."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return False
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    return 0 < width <= MAX_PIXELS and 0 < height <= MAX_PIXELS


def _is_svg(data: bytes) -> bool:
    """An SVG as matplotlib writes it: no entities, no document type but the standard one."""
    head = data[:512].lstrip()
    return ((head.startswith(b"<?xml") or head.startswith(b"<svg")) and b"<svg" in data
            and b"<!ENTITY" not in data and data.count(b"<!DOCTYPE") == data.count(SVG_DOCTYPE))


def _folders(folder: Path):
    for entry in _scan(folder):
        if entry.is_dir(follow_symlinks=False):
            yield Path(entry.path)


def _scan(folder: Path) -> list:
    try:
        with os.scandir(folder) as entries:
            return list(entries)
    except OSError:
        return []


def _unlink(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass


def _touch(path: Path) -> None:
    try:
        os.utime(path, follow_symlinks=False)
    except (OSError, NotImplementedError):
        pass


def _write_atomically(folder: Path, path: Path, data: bytes) -> None:
    """Write into FOLDER/.tmp-PID-XXXX, then rename to `path`: a reader sees all or nothing,
    and a killed writer's file is swept by the next one (sweep_files)."""
    handle, name = tempfile.mkstemp(prefix=f"{TEMPORARY}-{os.getpid()}-", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(name, path)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
