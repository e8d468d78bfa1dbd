"""A build's catalogue: notedeck's words for its locale, with the note's and the audience's
`labels:` over them; every key known, every entry present, every slot one the code fills."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from notedeck import catalogue
from notedeck.errors import Location, NotedeckError, Problem
from notedeck.readers.validation import shown, suggest
from notedeck.readers.yamlfile import Located

MAX_LABEL = 400            # characters in one entry


@dataclass(frozen=True)
class Layer:
    """One file's `labels:` mapping, and where its locale is set (for missing entries)."""

    source: Located        # the whole file, positions kept; entries under ("labels", key)
    locale_at: Location    # the `locale:` line, else the file


def labels(locale: str, layers: list[Layer]) -> dict[str, str]:
    """The entries the layers give, checked, later layers winning; raises NotedeckError
    naming every unknown key, bad entry and missing entry (with its key and locale)."""
    given: dict[str, str] = {}
    problems: list[Problem] = []
    for layer in layers:
        data = layer.source.data if isinstance(layer.source.data, dict) else {}
        entries = data.get("labels") if isinstance(data.get("labels"), dict) else {}
        for key, text in entries.items():
            problem = _entry_problem(layer.source, str(key), text)
            if problem:
                problems.append(problem)
            else:
                given[str(key)] = text
    if not problems:
        problems = _missing(locale, given, layers[-1].locale_at if layers else None)
    if problems:
        raise NotedeckError(problems)
    return given


def _entry_problem(source: Located, key: str, text) -> Problem | None:
    path = ("labels", key)
    if key not in catalogue.KEYS:
        return Problem(source.where(path, at_key=True), f"unknown catalogue entry '{key}'"
                       + suggest(key, list(catalogue.KEYS)))
    if not isinstance(text, str) or not text.strip():
        return Problem(source.where(path), f"expected text, got {shown(text)}")
    if len(text) > MAX_LABEL:
        return Problem(source.where(path), f"expected at most {MAX_LABEL} characters, "
                                           f"got {len(text)}")
    allowed = catalogue.slots(catalogue.CATALOGUES["en"][key])
    unknown = sorted(catalogue.slots(text) - allowed)
    if unknown:
        offer = ", ".join("{" + s + "}" for s in sorted(allowed)) or "no slots"
        return Problem(source.where(path), f"unknown slot {{{unknown[0]}}} in '{key}'; "
                                           f"this entry may use {offer}")
    return None


def _missing(locale: str, given: dict[str, str], where: Location | None) -> list[Problem]:
    """Entries neither notedeck's catalogue for the locale's language nor the note gives."""
    shipped = catalogue.shipped(locale)
    absent = [key for key in catalogue.KEYS if key not in shipped and key not in given]
    language = catalogue.language(locale)
    if language in catalogue.CATALOGUES:
        at = Location(Path(catalogue.__file__).with_name(f"{language}.py"))
        hint = "add it there, or under labels: in note.yaml"
    else:
        at = where or Location("note.yaml")
        ships = ", ".join(sorted(catalogue.CATALOGUES))
        hint = f"notedeck ships catalogues for {ships}; give it under labels:"
    return [Problem(at, f"missing catalogue entry '{key}' for locale {locale}; {hint}")
            for key in absent]
