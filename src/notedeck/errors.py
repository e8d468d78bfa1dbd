"""One exception root; every message is written for the person who edits content/."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


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
        return f"{self.where}:{key} {self.message}"

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

    def run(self, step, *args, **kwargs):
        """The step's result, or None when it raised a NotedeckError (whose problems are kept)."""
        try:
            return step(*args, **kwargs)
        except NotedeckError as exc:
            self.problems.extend(exc.problems)
            return None

    def raise_if_any(self) -> None:
        errors = [p for p in self.problems if p.severity == "error"]
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
