"""The files a build read, each by path and the hash of its bytes: what a loaded process keys reuse by."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path


class Reads:
    """Every file read while recording, by the path it was read by. `mixed` when a file was
    read twice with different bytes (it changed during the build): no key may trust that."""

    def __init__(self):
        self.files: dict[str, str] = {}
        self.mixed = False

    def noted(self, path: Path | str, raw: bytes) -> None:
        digest = hashlib.sha256(raw).hexdigest()
        if self.files.setdefault(str(path), digest) != digest:
            self.mixed = True

    def digest(self, leaving: Iterable[str] = ()) -> str | None:
        """One hash of every file read but those in `leaving`; None if the reads are mixed."""
        if self.mixed:
            return None
        left = set(leaving)
        lines = sorted(f"{path}\0{digest}" for path, digest in self.files.items()
                       if path not in left)
        return hashlib.sha256("\n".join(lines).encode("utf-8", "surrogatepass")).hexdigest()


_reads: ContextVar[Reads | None] = ContextVar("notedeck_reads", default=None)


@contextmanager
def recording() -> Iterator[Reads]:
    """Record every file read (readers/yamlfile.py) until the block ends."""
    token = _reads.set(Reads())
    try:
        yield _reads.get()
    finally:
        _reads.reset(token)


def noted(path: Path | str, raw: bytes) -> None:
    """A file's bytes as read, for the recording under way (if any)."""
    log = _reads.get()
    if log is not None:
        log.noted(path, raw)
