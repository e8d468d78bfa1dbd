"""Audience variants: a name, an optional title, scenario overrides merged key by key, and
the audience's own content (readers/overrides.py)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import PlainValidator

from notedeck import slugs
from notedeck.errors import Location, NotedeckError, Problem, closest, fail
from notedeck.figures.cldr import unsupported
from notedeck.model.schema import Settings
from notedeck.readers import overrides, yamlfile
from notedeck.readers.catalogue import Labels
from notedeck.readers.validation import custom, shown, validated
from notedeck.readers.layout import NoteLayout
from notedeck.readers.yamlfile import Located
from notedeck.options import folder_for

KEYS = ("name", "title", "subtitle", "scenarios", "note", "passages", "locale", "labels",
        "words")
LIMITS = {"name": 60, "title": 120, "subtitle": 200}


@dataclass(frozen=True)
class Audience:
    slug: str                      # the file's stem, used for --audience and output/NAME/
    name: str                      # shown on the title slide and handout
    title: str | None
    subtitle: str | None
    overrides: Located | None      # the `scenarios:` part, positions kept
    warnings: tuple[Problem, ...] = ()
    changes: overrides.Changes | None = None   # note fields, passages, its own sections
    locale: str | None = None      # None: the note's
    source: Located | None = None  # the whole file: its `labels:` and `locale:` positions


def names(content: Path) -> list[str]:
    """The audiences a note offers, by file stem, sorted; a file whose name is not a slug
    (slugs.py) refuses them all, since each name becomes an output folder."""
    found, problems = listed(content)
    if problems:
        raise NotedeckError(problems)
    return found


def listed(content: Path) -> tuple[list[str], list[Problem]]:
    """(the audiences whose file names are slugs, a problem naming each file whose name is
    not, or that differs from another only in case: on macOS and Windows they would share
    an output folder)."""
    layout = NoteLayout(content)
    found, problems, seen = [], [], {}
    for stem in layout.audience_names():
        path = layout.audience(stem)
        problem = slugs.problem(stem)
        if problem is None and stem.casefold() in seen:
            problem = (f"it differs from '{seen[stem.casefold()]}' only in case, and on macOS "
                       "and Windows both would write the same folder")
        if problem:
            problems.append(Problem(Location(path), f"the audience name '{stem}' (this file's "
                                    f"name) cannot name its output folder OUT/{stem}/: "
                                    f"{problem}. Rename the file"))
            continue
        seen[stem.casefold()] = stem
        found.append(stem)
    return found, problems


def load(content: Path, slug: str) -> Audience:
    """Read content/audiences/SLUG.yaml; an unknown slug lists the known ones."""
    available, refused = listed(content)
    mine = [p for p in refused if Path(p.where.file).stem == slug]
    if mine:                               # its file is there, and its name is refused
        raise NotedeckError(mine)
    folder_for(Path("OUT"), slug)          # a name that cannot be a folder, before any path
    if slug not in available:
        close = closest(slug, available)
        hint = f" Did you mean '{close}'?" if close else ""
        known = ", ".join(available) if available else "none (content/audiences/ is empty)"
        raise fail(NoteLayout(content).audiences, f"unknown audience '{slug}'.{hint} "
                                          f"Audiences in this note: {known}")
    path = yamlfile.inside(content, NoteLayout(content).audience(slug))
    source = yamlfile.load(path)
    data = source.data if source.data is not None else {}
    if not isinstance(data, dict):
        raise fail(path, "expected a mapping with keys: " + ", ".join(KEYS), line=1)
    _check(source, data)
    return Audience(slug, data.get("name") or slug.replace("-", " ").capitalize(),
                    data.get("title"), data.get("subtitle"),
                    overrides.part(source, "scenarios") if "scenarios" in data else None,
                    tuple(source.warnings), overrides.read(source, content, slug),
                    data.get("locale"), source)


def _check(source: Located, data: dict) -> None:
    """Unknown keys, and text where text belongs: every problem at once (pydantic)."""
    validated(source, AudienceIn, data)


def _text(limit: int) -> Any:
    def check(value: Any) -> str | None:
        if value is None:                  # written empty: the default
            return None
        if not isinstance(value, str) or not value.strip():
            raise custom(f"expected text, got {shown(value)}")
        if len(value) > limit:
            raise custom(f"expected at most {limit} characters, got {len(value)}")
        return value
    return PlainValidator(check)


def _locale(value: Any) -> str:
    problem = unsupported(value)
    if problem:
        raise custom(problem)
    return value


def _mapping(what: str) -> Any:
    def check(value: Any) -> dict:
        if not isinstance(value, dict):
            raise custom(f"expected {what}, got {shown(value)}")
        return value
    return PlainValidator(check)


def _words(value: Any) -> dict:
    if not isinstance(value, dict):
        raise custom("expected a mapping of the model's texts by path: "
                     "tables.budgets.caption: words")
    return value


class AudienceIn(Settings):
    """An audience file's keys, in the order a problem lists them (KEYS)."""

    name: Annotated[str | None, _text(LIMITS["name"])] = None
    title: Annotated[str | None, _text(LIMITS["title"])] = None
    subtitle: Annotated[str | None, _text(LIMITS["subtitle"])] = None
    scenarios: Annotated[Any, _mapping("a mapping holding any part of the scenario file")] = None
    note: Annotated[Any, _mapping("a mapping of note.yaml keys (date, footer, sources, ...)")] \
        = None
    passages: overrides.Passages = None
    locale: Annotated[Any, PlainValidator(_locale)] = None
    labels: Labels = None
    words: Annotated[Any, PlainValidator(_words)] = None


def merge(base: Located, override: Located) -> Located:
    """Mappings merge key by key, anything else (lists included) replaces."""
    merged = Located(None, base.file, dict(base.positions), keys=dict(base.keys))
    merged.data = _merge(base.data, override.data, (), merged, override)
    return merged


def _merge(base, override, path, merged: Located, source: Located):
    if isinstance(base, dict) and isinstance(override, dict):
        result = dict(base)
        for key, value in override.items():
            result[key] = _merge(base.get(key), value, path + (key,), merged, source)
        return result
    for table, new in ((merged.positions, source.positions), (merged.keys, source.keys)):
        for key in [p for p in table if p[: len(path)] == path]:
            del table[key]
        table.update({p: w for p, w in new.items() if p[: len(path)] == path})
    return override
