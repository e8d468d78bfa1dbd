"""The manifest of an output folder: the build id and each published file's name and hash.

OUT/.notedeck.json. Before the first file of a new set moves, it is replaced by
one that says the set is not whole and lists the files of both sets (so every
file in the folder is still known as notedeck's); once every file is in place,
by the new set's, whole: that one is written last. A folder whose manifest is
not whole holds a set a build did not finish publishing, and the next build
publishes a whole set again. The manifest is a record, never an instruction: a
file it lists is replaced or removed only if it is still those bytes, a plain
file below OUT reached through no link, carrying notedeck's stamp (publish.py). Read as input (trust.py's rules: a small regular
file, strict JSON, names checked): anything odd reads as no manifest.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from notedeck.infra import inside, trust

NAME = ".notedeck.json"
FORMAT = 1
MAX_BYTES = 64 * 1024
TEMPORARY = ".notedeck-manifest"          # OUT/.notedeck-manifest-PID-XXXX: being written
_PART = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
_HASH = re.compile(r"[0-9a-f]{64}")
_BUILD = re.compile(r"[0-9a-f]{10}")


@dataclass(frozen=True)
class Manifest:
    """One published set: the build that made it and each file by name (a/b for a file in a
    folder) with its SHA-256."""

    build: str
    files: dict[str, str] = field(default_factory=dict)
    whole: bool = True                       # False while a set is being published
    before: dict[str, str] = field(default_factory=dict)   # ... and the files it replaces

    def holds(self, out: Path, name: str) -> bool:
        """Whether OUT/NAME is the file this set published (same bytes, a plain file reached
        through no link below OUT)."""
        return name in self.files and inside.file_hash(out, name) == self.files[name]

    def knows(self, out: Path, name: str) -> bool:
        """Whether OUT/NAME is a file of this set or, while it is published, of the last."""
        digest = inside.file_hash(out, name)
        return bool(digest) and digest in (self.files.get(name), self.before.get(name))

    def publishing(self, build: str, files: dict[str, str],
                   replaced: dict[str, str] | None = None) -> Manifest:
        """The manifest that stands while `files` replace this set and the files `replaced`
        (notedeck's, in the way of the new ones: a taken-over folder's)."""
        return Manifest(build, files, False, {**(replaced or {}), **self.before, **self.files})


def read(out: Path) -> Manifest | None:
    """OUT's manifest, or None if there is none or it is not one notedeck wrote."""
    data = trust.read_private(Path(out) / NAME, MAX_BYTES)
    if data is None:
        return None
    try:
        record = trust.strict_json(data)
        if not isinstance(record, dict) or record.get("format") != FORMAT:
            return None
        build, files = record["build"], record["files"]
        whole, before = record.get("whole", True), record.get("before", {})
        if not (isinstance(build, str) and (build == "" or _BUILD.fullmatch(build))
                and whole in (True, False) and _listing(files) and _listing(before)):
            return None
        return Manifest(build, dict(files), whole, dict(before))
    except (ValueError, KeyError, TypeError, UnicodeDecodeError, RecursionError):
        return None


def _listing(files) -> bool:
    return isinstance(files, dict) and len(files) <= 128 and all(
        valid_name(name) and isinstance(digest, str) and _HASH.fullmatch(digest)
        for name, digest in files.items())


def write(out: Path, manifest: Manifest) -> None:
    """Put the manifest in place with one rename."""
    record = {"format": FORMAT, "build": manifest.build,
              "files": dict(sorted(manifest.files.items()))}
    if not manifest.whole:
        record.update(whole=False, before=dict(sorted(manifest.before.items())))
    text = json.dumps(record, indent=1) + "\n"
    handle, temporary = tempfile.mkstemp(prefix=f"{TEMPORARY}-{os.getpid()}-", dir=out)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, 0o644)                 # readable as the outputs are
        os.replace(temporary, Path(out) / NAME)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def valid_name(name: str) -> bool:
    return all(_PART.fullmatch(part) for part in name.split("/")) and name.count("/") <= 1


def file_hash(path: Path) -> str:
    """The SHA-256 of a regular file ('' for anything else, or none)."""
    try:
        with open(path, "rb") as handle:
            if not os.path.isfile(path) or os.path.islink(path):
                return ""
            digest = hashlib.sha256()
            for chunk in iter(lambda: handle.read(1 << 20), b""):
                digest.update(chunk)
            return digest.hexdigest()
    except OSError:
        return ""
