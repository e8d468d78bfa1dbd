"""Text as authors paste it, made safe for XML: control characters out (with a warning), whitespace tidy."""

from __future__ import annotations

import re
from pathlib import Path

from notedeck.errors import Problem, warning
from notedeck.glyphs import UNSAFE

# Removed: C0 controls other than tab, LF, CR (XML 1.0 forbids them), DEL and the C1 controls
# (YAML refuses them and no deck needs them), U+FFFE/U+FFFF and lone surrogates.
_INVALID = UNSAFE
_SPACES = re.compile(r"[ \t\u00a0]+")
# Kept, with a warning: embeddings, overrides and isolates can show text in another order than
# it is stored ("Trojan Source"). Left-to-right and right-to-left marks (U+200E, U+200F) only
# nudge neutral characters and are common in right-to-left prose: not flagged.
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")


def text(value: str, path: Path | str = "") -> str:
    """A whole file's text: line endings unified, XML-invalid characters removed."""
    return _INVALID.sub("", _lines(value))


def scrub(value: str, path: Path | str, first_line: int = 1) -> tuple[str, list[Problem]]:
    """A whole file's text made safe, and one warning per line that lost characters
    or holds bidirectional controls."""
    value = _lines(value)
    removed = [warning(path, f"removed {len(chars)} invisible control character(s) "
                             f"({_listed(chars)}) that cannot appear in a deck; check the text "
                             "pasted here", line + first_line - 1)
               for line, chars in _by_line(value, _INVALID).items()]
    bidi = [warning(path, f"{len(chars)} bidirectional control character(s) ({_listed(chars)}) "
                          "can show this text in a different order than it is written; remove "
                          "them unless the line mixes right-to-left and left-to-right text "
                          "on purpose", line + first_line - 1)
            for line, chars in _by_line(value, _BIDI).items()]
    return _INVALID.sub("", value), sorted([*removed, *bidi], key=lambda p: p.where.line or 0)


def inline(value: str) -> str:
    """A run of text: invalid characters removed."""
    return _INVALID.sub("", value)


def line(value: str) -> str:
    """A single-line label: invalid characters removed, whitespace collapsed."""
    return _SPACES.sub(" ", _INVALID.sub("", value).replace("\n", " ")).strip()


def _listed(chars: list[str]) -> str:
    kinds = list(dict.fromkeys(chars))
    return ", ".join(kinds[:5]) + (", ..." if len(kinds) > 5 else "")


def _lines(value: str) -> str:
    return value.replace("\r\n", "\n").replace("\r", "\n")


def _by_line(value: str, pattern: re.Pattern) -> dict[int, list[str]]:
    if not pattern.search(value):
        return {}
    found: dict[int, list[str]] = {}
    for number, text in enumerate(value.split("\n"), start=1):
        for match in pattern.finditer(text):
            found.setdefault(number, []).append(f"U+{ord(match.group()):04X}")
    return found
