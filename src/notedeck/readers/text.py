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
# Kept, with a warning: characters with no width and no mark, which a reader cannot see but
# which change what a text says to a program (a search, a spell checker, a language model
# reading the deck): zero-width spaces, word joiners, invisible operators, deprecated format
# controls, a byte-order mark inside the text, interlinear annotations and tag characters
# (U+E0000 to U+E007F; an emoji flag's own tag sequence is left alone).
_INVISIBLE = re.compile("[\u180e\u200b\u2060-\u2064\u206a-\u206f\ufeff\ufff9-\ufffb"
                        "\U000e0000-\U000e007f]")
_FLAG_TAGS = re.compile("\U0001f3f4[\U000e0020-\U000e007e]+\U000e007f")
_SEPARATORS = re.compile("[\u2028\u2029]")      # line and paragraph separators: a space


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
    bidi = [warning(path, _bidi(chars), line + first_line - 1)
            for line, chars in _by_line(value, _BIDI).items()]
    hidden = [warning(path, _invisible(chars), line + first_line - 1)
              for line, chars in _by_line(_FLAG_TAGS.sub(_blank, value), _INVISIBLE).items()]
    return _INVALID.sub("", value), sorted([*removed, *bidi, *hidden],
                                           key=lambda p: p.where.line or 0)


def decoded(value: str, source: str, path: Path | str, line: int, how: str) -> list[Problem]:
    """Warnings for the characters `value` holds that its `source` does not write as they
    are: control, bidirectional and invisible characters that an escape or a character
    reference (`how`: "written as an escape", ...) turned into themselves, past scrub's
    look at the file."""
    found = []
    for pattern, said in ((_INVALID, _removed), (_BIDI, _bidi), (_INVISIBLE, _invisible)):
        seen = pattern.findall(_FLAG_TAGS.sub(_blank, source))
        new = [f"U+{ord(c):04X}" for c in pattern.findall(_FLAG_TAGS.sub(_blank, value))]
        for char in seen:
            if f"U+{ord(char):04X}" in new:
                new.remove(f"U+{ord(char):04X}")
        if new:
            found.append(warning(path, f"{said(new)} ({how})", line))
    return found


def _removed(chars: list[str]) -> str:
    return (f"removed {len(chars)} invisible control character(s) ({_listed(chars)}) that "
            "cannot appear in a deck; check the text pasted here")


def _bidi(chars: list[str]) -> str:
    return (f"{len(chars)} bidirectional control character(s) ({_listed(chars)}) can show "
            "this text in a different order than it is written; remove them unless the line "
            "mixes right-to-left and left-to-right text on purpose")


def _invisible(chars: list[str]) -> str:
    return (f"{len(chars)} invisible character(s) ({_listed(chars)}) hide in this text: a "
            "reader cannot see them, but every output keeps them and a program reading it "
            "does; remove them unless they are meant")


def _blank(match: re.Match) -> str:
    """An emoji flag's tag sequence, kept out of the search for hidden tags."""
    return "x" * len(match.group())


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
    return _SEPARATORS.sub(" ", value.replace("\r\n", "\n").replace("\r", "\n"))


def _by_line(value: str, pattern: re.Pattern) -> dict[int, list[str]]:
    if not pattern.search(value):
        return {}
    found: dict[int, list[str]] = {}
    for number, text in enumerate(value.split("\n"), start=1):
        for match in pattern.finditer(text):
            found.setdefault(number, []).append(f"U+{ord(match.group()):04X}")
    return found
