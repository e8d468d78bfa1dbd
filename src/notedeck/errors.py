"""One exception root; every message is written for the person who edits content/."""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

# What a terminal would act on or hide rather than show: C0 and C1 controls (escape sequences,
# carriage returns, line breaks), line and paragraph separators, bidirectional and other
# invisible format characters, lone surrogates (a file name's bytes that are not UTF-8) and
# tag characters. Shown escaped (\x1b, \u202e) wherever notedeck prints what a file says.
_HIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e"
                     "\u2060-\u206f\ufeff\ufff9-\ufffb\ud800-\udfff\U000e0000-\U000e007f]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def visible(text: object) -> str:
    """`text` with every character a terminal would act on or hide shown as an escape, so a
    name or value from a file prints as one line that says what it holds."""
    return _HIDDEN.sub(_escaped, str(text))


def _escaped(match: re.Match) -> str:
    char = match.group()
    code = ord(char)
    if char in _NAMED:
        return _NAMED[char]
    if 0xDC80 <= code <= 0xDCFF:             # a byte of a file name that is not UTF-8
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else (f"\\u{code:04x}" if code < 0x10000
                                                  else f"\\U{code:08x}")


@dataclass(frozen=True)
class Location:
    """Where a problem is: a file, and where known a line, column and key path."""

    file: Path | str
    line: int | None = None
    column: int | None = None
    key: str = ""

    def __str__(self) -> str:
        text = str(self.file)
        if self.line is not None:
            text += f":{self.line}"
            if self.column is not None:
                text += f":{self.column}"
        return text


@dataclass(frozen=True)
class Problem:
    """One finding: an error, or a warning that --strict makes fatal."""

    where: Location
    message: str
    severity: str = "error"   # "error" | "warning"

    def __str__(self) -> str:
        key = f" {self.where.key}:" if self.where.key else ""
        return visible(f"{self.where}:{key} {self.message}")

    def report(self) -> str:
        """The line the CLI prints: 'error: FILE:LINE: KEY: MESSAGE' (or 'warning: ...')."""
        return f"{self.severity}: {self}"


class NotedeckError(Exception):
    """Bad input or usage: the CLI prints the problems and exits with status 2."""

    def __init__(self, problems: list[Problem] | Problem | str):
        if isinstance(problems, str):
            problems = [Problem(Location("notedeck"), problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def in_line_order(problems: list[Problem]) -> list[Problem]:
    """Each problem once, in the order of its file's lines."""
    seen, kept = set(), []
    for problem in problems:
        if (str(problem.where), problem.message) not in seen:
            seen.add((str(problem.where), problem.message))
            kept.append(problem)
    return sorted(kept, key=lambda p: (p.where.line or 0, p.where.column or 0))


def fail(file: Path | str, message: str, line: int | None = None,
         key: str = "", column: int | None = None) -> NotedeckError:
    """Build a one-problem error to raise."""
    return NotedeckError(Problem(Location(file, line, column, key), message))


def warning(file: Path | str, message: str, line: int | None = None, key: str = "") -> Problem:
    """A located warning: reported, and fatal only with --strict."""
    return Problem(Location(file, line, None, key), message, "warning")


class Collector:
    """Gathers the problems of independent steps, so one run reports them all."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    @contextmanager
    def gather(self):
        """Run the block; a NotedeckError it raises ends the block and its problems are kept
        (what the block was to assign stays as it was)."""
        try:
            yield
        except NotedeckError as exc:
            self.problems.extend(exc.problems)

    def raise_if_any(self) -> None:
        """Every error found, each once (several outputs or texts can meet the same one)."""
        errors = [p for p in dict.fromkeys(self.problems) if p.severity == "error"]
        if errors:
            raise NotedeckError(errors)


def closest(word: str, choices: list[str], prefixes: bool = False) -> str | None:
    """The choice a misspelt name most likely meant (with `prefixes`, one it starts), or None."""
    import difflib

    if prefixes and word:
        started = [c for c in choices if c.startswith(word)]
        if started:
            return started[0]
    close = difflib.get_close_matches(word, choices, n=1)
    return close[0] if close else None
