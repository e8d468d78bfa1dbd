"""Text as authors paste it, made safe for XML: control characters out, whitespace tidy."""

from __future__ import annotations

import re
from pathlib import Path

# XML 1.0 forbids C0 controls other than tab, LF, CR; also U+FFFE/U+FFFF and lone surrogates.
_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff\ud800-\udfff]")
_SPACES = re.compile(r"[ \t\u00a0]+")


def text(value: str, path: Path | str = "") -> str:
    """A whole file's text: line endings unified, XML-invalid characters removed."""
    return _INVALID.sub("", value.replace("\r\n", "\n").replace("\r", "\n"))


def inline(value: str) -> str:
    """A run of text: invalid characters removed."""
    return _INVALID.sub("", value)


def line(value: str) -> str:
    """A single-line label: invalid characters removed, whitespace collapsed."""
    return _SPACES.sub(" ", _INVALID.sub("", value).replace("\n", " ")).strip()


def invalid_characters(value: str) -> list[tuple[int, str]]:
    """(line, character) of each XML-invalid character, for warnings."""
    found = []
    for match in _INVALID.finditer(value):
        found.append((value.count("\n", 0, match.start()) + 1, repr(match.group())))
    return found
