"""A record of each finished build, so a rebuild with nothing changed does no work.

The record's key hashes every file the build reads (readers/layout.py: the
note, its scenario file or the --scenarios file, its sections, its own
audience file and its template; other audiences' files are left out, so
editing one audience rebuilds that one), the build's options, the output
folder, SOURCE_DATE_EPOCH, cache.code_fingerprint() (notedeck's version, every
file of its package, and the installed libraries) and the installed fonts
(template/faces.py: the font folders' times, as fontconfig checks them). The record also holds
the SHA-256 of each output as written. A build is skipped only when the key
matches and every file in the output folder still has its hash, which the
folder's manifest lists too (a set left half published has none); anything else
(an edited section, a changed audience file, a deck saved over in PowerPoint,
another notedeck) builds again. Records live in the cache folder, `builds/`,
one per output folder.

A record is input too (trust.py): it is read only as a small regular file of
this user's, and one that is damaged, forged or made for another key (a NaN
count, an output named '../x', a warning that is not one) is no record.
Checking costs a few milliseconds and imports nothing heavy.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from notedeck.errors import Location, Problem
from notedeck.infra import inside, manifest, trust
from notedeck.infra.cache import cache_dir, code_fingerprint, digest
from notedeck.infra.scratch import sweep_files
from notedeck.readers.layout import NoteLayout

MAX_INPUT_FILES = 5000          # a folder this big is not a note: do not try to key it
MAX_INPUT_BYTES = 64 * 1024 * 1024
MAX_RECORD_BYTES = 4 * 1024 * 1024
MAX_COUNT = 1_000_000           # slides, pages (units) a record may claim for an output
_OUTPUT = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
_HASH = re.compile(r"[0-9a-f]{64}")
TEMPORARY = ".tmp"


@dataclass(frozen=True)
class Written:
    """One output file and how much it holds ("25 slides", "7 pages")."""

    path: Path
    count: int
    unit: str


@dataclass(frozen=True)
class Kept:
    """What the last build with this key wrote, as the CLI reports it."""

    files: tuple[Written, ...]
    warnings: tuple[Problem, ...]


class Record:
    """One build's key and the place its record is kept; `enabled=False` does nothing.
    `shaping` holds the options that shape the outputs as plain values (stages/settled.py)."""

    def __init__(self, content: Path, out: Path, shaping: Mapping, enabled: bool = True,
                 folder: Path | None = None):
        self.out = Path(out)
        self.key = _key(Path(content), self.out, shaping) if enabled else None
        name = hashlib.sha256(str(self.out.resolve()).encode()).hexdigest()[:32]
        self.path = (folder or cache_dir()) / "builds" / f"{name}.json"

    def kept(self) -> Kept | None:
        """The last build's outputs, if its key is this one and every file is unchanged."""
        if self.key is None:
            return None
        held = manifest.read(self.out)          # none, or not whole: build and publish again
        if held is None or not held.whole:
            return None
        data = trust.read_private(self.path, MAX_RECORD_BYTES)
        try:
            record = _checked(trust.strict_json(data), self.key) if data is not None else None
        except (ValueError, KeyError, TypeError, UnicodeDecodeError, RecursionError):
            record = None
        if record is None:
            return None
        files = []
        for name, entry in record["outputs"].items():
            if inside.file_hash(self.out, name) != entry["hash"] or \
                    held.files.get(name) != entry["hash"]:
                return None
            files.append(Written(self.out / name, entry["count"], entry["unit"]))
        return Kept(tuple(files), tuple(_problem(p) for p in record["warnings"]))

    def record(self, files, warnings) -> None:
        """Remember a finished build; a cache folder that cannot be written only costs time."""
        if self.key is None:
            return
        outputs = {Path(f.path).relative_to(self.out).as_posix():
                   {"hash": _file_hash(Path(f.path)), "count": f.count, "unit": f.unit}
                   for f in files}
        record = {"key": self.key, "outputs": outputs,
                  "warnings": [_problem_record(w) for w in warnings]}
        folder = self.path.parent
        try:
            trust.make_folder(folder)
            sweep_files(folder, TEMPORARY)          # what killed builds left half-written
            handle, temporary = tempfile.mkstemp(prefix=f"{TEMPORARY}-{os.getpid()}-",
                                                 dir=folder)
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(json.dumps(record, sort_keys=True))
            os.replace(temporary, self.path)
        except OSError:
            pass


def _checked(record, key: str) -> dict | None:
    """The record if it is whole and made for `key`; ValueError or None otherwise."""
    if not isinstance(record, dict) or record.get("key") != key:
        return None
    outputs = record["outputs"]
    if not isinstance(outputs, dict) or not 0 < len(outputs) <= 16:
        return None
    for name, entry in outputs.items():
        if not (all(_OUTPUT.fullmatch(part) for part in name.split("/"))
                and isinstance(entry, dict) and isinstance(entry["hash"], str)
                and _HASH.fullmatch(entry["hash"]) and isinstance(entry["unit"], str)
                and _OUTPUT.fullmatch(entry["unit"])):
            return None
        trust.whole(entry["count"], 0, MAX_COUNT)
    warnings = record["warnings"]
    if not isinstance(warnings, list) or len(warnings) > 10_000:
        return None
    for warning in warnings:
        _problem(warning)                          # raises on anything that is not one
    return record


def _key(content: Path, out: Path, shaping: Mapping) -> str | None:
    scenarios = shaping.get("scenarios_file")
    inputs = _inputs(content, shaping.get("audience"), Path(scenarios) if scenarios else None)
    if inputs is None:
        return None
    settings = json.dumps({**{k: str(v) if isinstance(v, Path) else v
                              for k, v in shaping.items()},
                           "content": str(content.resolve()), "out": str(out.resolve()),
                           "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH")},
                          sort_keys=True)
    from notedeck.template.installed import installed_stamp

    return digest("build", code_fingerprint(), settings, inputs, installed_stamp())


def _inputs(content: Path, audience: str | None, scenarios: Path | None) -> str | None:
    """Each file the build reads (layout.py), by name and content hash; a link that leads
    out of the note (which the build refuses) by where it leads, never read."""
    try:
        root = content.resolve()
        lines, total = [], 0
        files = NoteLayout(content).inputs(audience, scenarios)
        if len(files) > MAX_INPUT_FILES:
            return None
        for path in files:
            shown = path.relative_to(content) if path.is_relative_to(content) else path
            target = path.resolve()
            if path != scenarios and not target.is_relative_to(root):
                lines.append(f"{shown}\0outside:{target}")
                continue
            total += os.stat(path).st_size if path.exists() else 0
            lines.append(f"{shown}\0{_file_hash(path)}")
            if total > MAX_INPUT_BYTES:
                return None
        return "\n".join(lines)
    except (OSError, RuntimeError):
        return None


def _file_hash(path: Path) -> str:
    """The SHA-256 of a regular file; a device, pipe or socket (which the build refuses)
    is keyed by its kind only, and never read: /dev/zero would never end."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            return f"special:{stat.S_IFMT(info.st_mode)}"
        if info.st_size > MAX_INPUT_BYTES:
            return f"large:{info.st_size}:{info.st_mtime_ns}"
        with open(path, "rb") as handle:
            return hashlib.sha256(handle.read(MAX_INPUT_BYTES + 1)).hexdigest()
    except OSError:
        return ""


def _problem_record(problem: Problem) -> dict:
    where = problem.where
    return {"file": str(where.file), "line": where.line, "column": where.column,
            "key": where.key, "message": problem.message, "severity": problem.severity}


def _problem(record: dict) -> Problem:
    """A warning as recorded; ValueError for anything that is not one."""
    if not isinstance(record, dict) or record.get("severity") not in ("warning", "error"):
        raise ValueError("not a recorded problem")
    for name in ("file", "key", "message"):
        if not isinstance(record[name], str) or len(record[name]) > 10_000:
            raise ValueError(f"{name} is not text")
    line, column = (None if record[n] is None else trust.whole(record[n], 0, 10**9)
                    for n in ("line", "column"))
    return Problem(Location(record["file"], line, column, record["key"]),
                   record["message"], record["severity"])
