"""A record of each finished build, so a rebuild with nothing changed does no work.

The record's key hashes every file in the note's folder (and a --scenarios file
outside it), the build's options, SOURCE_DATE_EPOCH and cache.code_fingerprint()
(notedeck's version, code, template and fonts, and the installed libraries). The
record also holds the SHA-256 of both outputs as written. A build is skipped only
when the key matches and both files in the output folder still have those
hashes; anything else (an edited section, a changed audience file, a deck saved
over in PowerPoint, another notedeck) builds again. Other audiences' files are
left out of a variant's key (the one assumption here: a variant reads the note
and its own audience file only), so editing one audience rebuilds that one. Records live in the cache folder,
`builds/`, one per output folder, so the output folder holds only the outputs.

Checking costs a few milliseconds and imports nothing heavy.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from notedeck.pipeline.cache import cache_dir, code_fingerprint, digest
from notedeck.errors import Location, Problem
from notedeck.readers.layout import NoteLayout

SKIPPED_DIRS = {".git", ".hg", ".svn", "__pycache__", ".notedeck-cache"}
MAX_INPUT_FILES = 5000          # a folder this big is not a note: do not try to key it
MAX_INPUT_BYTES = 64 * 1024 * 1024


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


class Stamp:
    """One build's key and the place its record is kept; `enabled=False` does nothing."""

    def __init__(self, content: Path, out: Path, options: dict, enabled: bool = True,
                 folder: Path | None = None):
        self.out = Path(out)
        self.key = _key(Path(content), self.out, options) if enabled else None
        name = hashlib.sha256(str(self.out.resolve()).encode()).hexdigest()[:32]
        self.path = (folder or cache_dir()) / "builds" / f"{name}.json"

    def kept(self) -> Kept | None:
        """The last build's outputs, if its key is this one and both files are unchanged."""
        if self.key is None:
            return None
        try:
            record = json.loads(self.path.read_text(encoding="utf-8"))
            if record.get("key") != self.key:
                return None
            files = []
            for name, entry in record["outputs"].items():
                if _file_hash(self.out / name) != entry["hash"]:
                    return None
                files.append(Written(self.out / name, int(entry["count"]), str(entry["unit"])))
            return Kept(tuple(files), tuple(_problem(p) for p in record["warnings"]))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def record(self, files, warnings) -> None:
        """Remember a finished build; a cache folder that cannot be written only costs time."""
        if self.key is None:
            return
        outputs = {Path(f.path).relative_to(self.out).as_posix():
                   {"hash": _file_hash(Path(f.path)), "count": f.count, "unit": f.unit}
                   for f in files}
        record = {"key": self.key, "outputs": outputs,
                  "warnings": [_problem_record(w) for w in warnings]}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}")
            temporary.write_text(json.dumps(record, sort_keys=True), encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError:
            pass


def _key(content: Path, out: Path, options: dict) -> str | None:
    inputs = _inputs(content, out, options.get("audience"))
    if inputs is None:
        return None
    scenarios = options.get("scenarios_file")
    extra = _file_hash(Path(scenarios)) if scenarios else ""
    settings = json.dumps({**{k: str(v) if isinstance(v, Path) else v
                              for k, v in options.items()},
                           "content": str(content.resolve()),
                           "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH")},
                          sort_keys=True)
    return digest("build", code_fingerprint(), settings, inputs, extra)


def _inputs(content: Path, out: Path, audience: str | None) -> str | None:
    """Every file under the note's folder, by relative path and content hash, except
    other audiences' files: a variant reads the note and its own audience file only."""
    try:
        root, skip = content.resolve(), out.resolve()
        seen: set[Path] = set()
        lines, total = [], 0
        for folder, dirs, files in os.walk(content, followlinks=True):
            real = Path(folder).resolve()
            if real in seen or real == skip or not real.is_relative_to(root):
                dirs[:] = []                # links out of the note are refused by the build
                continue
            seen.add(real)
            dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS)
            for name in sorted(files):
                path = Path(folder, name)
                if _other_audience(path.relative_to(content), audience):
                    continue
                target = path.resolve()
                if not target.is_relative_to(root):
                    lines.append(f"{path.relative_to(content)}\0outside:{target}")
                    continue
                total += os.stat(path).st_size if path.exists() else 0
                lines.append(f"{path.relative_to(content)}\0{_file_hash(path)}")
                if len(lines) > MAX_INPUT_FILES or total > MAX_INPUT_BYTES:
                    return None
        return "\n".join(lines)
    except OSError:
        return None


def _other_audience(relative: Path, audience: str | None) -> bool:
    return NoteLayout(Path()).is_other_audience(relative, audience)


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
    return Problem(Location(record["file"], record["line"], record["column"], record["key"]),
                   record["message"], record["severity"])
