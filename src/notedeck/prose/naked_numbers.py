"""Naked numbers: a figure typed into prose where a computed {{ placeholder }} belongs.

The rule (docs/bad-input.md): every run of digits in prose is a naked number unless
  - it sits inside a {{ placeholder }}, {% tag %} or {# comment #}, or in a fenced
    component other than a worksheet, facilitator passage or exercise, or is an
    ordered list's own marker, or a planned time: "### Notes (3 min)" (in a section, or
    in an audience's passage);
  - it is glued to a word before it (H100, GPT-4) or, by a hyphen, after it (a 12-flat
    block): part of a name or a word, not a quantity;
  - it is a year: four digits from 1900 to 2099, without a thousands separator;
  - it is a day of the month beside a month name (2 October, October 2);
  - it appears with the word before it exactly as in a source's title in note.yaml
    (Opus 5.5 from "Claude Opus 5.5 overview"), or inside one of the phrases listed
    under names_with_numbers in note.yaml.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

from notedeck.catalogue.keywords import KEYWORDS
from notedeck.errors import Location, Problem

_TEMPLATE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.DOTALL)
_NUMBER = re.compile(r"\d[\d,.]*")
_MONTHS = ("January|February|March|April|May|June|July|August|September|October|"
           "November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec")
_DAY_BEFORE_MONTH = re.compile(rf"\s+(?:{_MONTHS})\b")
_MONTH_BEFORE_DAY = re.compile(rf"\b(?:{_MONTHS})\s+$")
_NAME_PAIR = re.compile(r"[A-Za-z][\w-]*\s+\d[\d.]*")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})\s*(\S*)")
_LIST_MARKER = re.compile(r"^(\s*)\d{1,9}[.)](?=\s)")
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_NOTES_TIME = re.compile(r"^(\s{0,3}#{3}\s+(?:" + "|".join(KEYWORDS["notes"]) + r")\s*)\(.*\)\s*$",
                         re.IGNORECASE)
PROSE_FENCES = ("worksheet", "facilitator", "exercise")


@dataclass(frozen=True)
class Names:
    """Phrases whose digits are part of a name, and figures by value for hints."""

    phrases: tuple[str, ...] = ()
    figures: Mapping[str, str] | None = None

    @classmethod
    def from_note(cls, titles: Iterable[str], listed: Iterable[str],
                  figures: Mapping[str, str] | None = None) -> "Names":
        pairs = [m.group().strip(".") for t in titles for m in _NAME_PAIR.finditer(t)]
        return cls(tuple(sorted({*pairs, *listed}, key=len, reverse=True)), figures)

    def adding(self, listed: Iterable[str]) -> "Names":
        """These names and more (an audience's own names_with_numbers)."""
        return Names(tuple(sorted({*self.phrases, *listed}, key=len, reverse=True)),
                     self.figures)


def in_text(text: str, file: Path | str, first_line: int, names: Names,
            key: str = "", search: list[str] | None = None) -> list[Problem]:
    """Naked numbers in one prose value; `search` (the file's lines) locates each one."""
    found, written = [], text.split("\n")
    for line_no, line in enumerate(_mask(text, names).split("\n")):
        for number in _naked(_NOTES_TIME.sub(r"\1", line)):
            where = _locate(search, number, first_line, written[line_no]) if search \
                else first_line + line_no
            found.append(Problem(Location(file, where, None, key), _message(number, names),
                                 "warning"))
    return found


def in_markdown(text: str, file: Path | str, names: Names) -> list[Problem]:
    """Naked numbers in a section file: front matter title and headline, and the body."""
    found: list[Problem] = []
    for line_no, line in _prose_lines(text):
        found.extend(in_text(line, file, line_no, names))
    return found


def _prose_lines(text: str):
    """(line number, text) of every line that is prose, with markup that is not prose blanked."""
    text = _COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
    lines, fence, front = text.split("\n"), None, _front_lines(text)
    for index, line in enumerate(lines):
        if index < front:
            if re.match(r"\s*(title|headline)\s*:", line):
                yield index + 1, line.split(":", 1)[1]
            continue
        opened = _FENCE.match(line)
        if fence is None and opened:
            fence = (opened.group(1)[0], opened.group(2).lower())
            continue
        if fence is not None:
            if line.strip().startswith(fence[0] * 3) and not line.strip().strip(fence[0]):
                fence = None
            elif fence[1] in PROSE_FENCES:
                yield index + 1, _LIST_MARKER.sub(r"\1", line)
            continue
        yield index + 1, _LIST_MARKER.sub(r"\1", _NOTES_TIME.sub(r"\1", line))


def _front_lines(text: str) -> int:
    """How many lines the front matter takes (0 when there is none)."""
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        return 0
    for index, line in enumerate(lines[1:], start=1):
        if line.strip() == "---":
            return index + 1
    return 0


def _mask(text: str, names: Names) -> str:
    text = _TEMPLATE.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
    for phrase in names.phrases:
        text = text.replace(phrase, " " * len(phrase))
    return text


def _naked(line: str) -> list[str]:
    naked = []
    for match in _NUMBER.finditer(line):
        number = match.group().rstrip(".,")
        before, after = line[:match.start()], line[match.start() + len(number):]
        if _glued(before) or re.match(r"-[A-Za-z]", after) or _year(number) or \
                _day(number, before, after):
            continue
        naked.append(number)
    return naked


def _glued(before: str) -> bool:
    """Digits right after a letter (H100), or after a letter and a hyphen (GPT-4)."""
    return bool(re.search(r"[A-Za-z_](-)?$", before))


def _year(number: str) -> bool:
    return len(number) == 4 and number.isdigit() and 1900 <= int(number) <= 2099


def _day(number: str, before: str, after: str) -> bool:
    if not (number.isdigit() and 1 <= int(number) <= 31):
        return False
    return bool(_DAY_BEFORE_MONTH.match(after) or _MONTH_BEFORE_DAY.search(before))


def _locate(lines: list[str], number: str, start: int, written: str = "") -> int:
    """The file's line of a number in a YAML text: the line holding the text's own line
    where it is kept whole (a literal block), else the first from `start` with the number."""
    if written.strip():
        for index in range(max(start - 1, 0), len(lines)):
            if written.strip() in lines[index]:
                return index + 1
    pattern = re.compile(rf"(?<![\d,.]){re.escape(number)}(?![\d])")
    for index in range(max(start - 1, 0), len(lines)):
        if pattern.search(lines[index].split("#", 1)[0] if "#" in lines[index] else lines[index]):
            return index + 1
    return start


def _message(number: str, names: Names) -> str:
    matches = [name for name, value in (names.figures or {}).items() if value == number]
    hint = (f"; it matches {{{{ {matches[0]} }}}}" if matches else "")
    return (f"naked number '{number}' typed into prose{hint}. Write a {{{{ placeholder }}}} "
            "so the text follows the scenario (notedeck figures lists them), or, if it is "
            "part of a name, list the name under names_with_numbers in note.yaml")
