"""Read and check everything a build needs before anything is written."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import core, namespace
from .core import Figures
from .errors import NotedeckError, fail
from .readers import audiences, note, scenarios, sections, yamlfile
from .readers.audiences import Audience
from .readers.note import NoteIn
from .readers.sections import SectionSource
from .scenario import Scenario
from .templating import fill

MAX_SECTIONS = 20


@dataclass(frozen=True)
class Source:
    """A note read, validated and with every figure computed."""

    content: Path
    note: NoteIn
    audience: Audience | None
    scenario: Scenario
    figures: Figures
    names: dict[str, Any]
    sections: tuple[SectionSource, ...]
    title_notes: str
    boundaries: tuple[str, ...]
    source_notes: tuple[str, ...]


def scenario_source(content: Path, audience: Audience | None,
                    scenarios_file: Path | None = None) -> yamlfile.Located:
    """The scenario file, with the audience's overrides merged in."""
    base = yamlfile.load(scenarios_file or content / "scenarios.yaml")
    if audience and audience.overrides is not None:
        if not isinstance(base.data, dict):
            return base
        return audiences.merge(base, audience.overrides)
    return base


def gather(content: Path, audience_slug: str | None = None,
           scenarios_file: Path | None = None) -> Source:
    """Everything a build needs, or a NotedeckError naming what is wrong."""
    if not content.is_dir():
        raise fail(content, "content folder not found; pass --content DIR or run "
                            "'notedeck init DIR' to start a note")
    meta, meta_source = note.read(content / "note.yaml")
    audience = audiences.load(content, audience_slug) if audience_slug else None
    located = scenario_source(content, audience, scenarios_file)
    scenario = scenarios.validate(located)
    figures = core.compute(scenario)
    lines = {path: where[1] for path, where in located.positions.items()}
    names = namespace.build(scenario, figures, audience.name if audience else "",
                            located.file, lines)
    return Source(content, meta, audience, scenario, figures, names,
                  _sections(content, names), *_note_prose(meta, meta_source, names))


def _sections(content: Path, names: dict[str, Any]) -> tuple[SectionSource, ...]:
    files = sorted((content / "sections").glob("*.md"))
    if not files:
        raise fail(content / "sections", "no section files found; add sections/01-NAME.md")
    if len(files) > MAX_SECTIONS:
        raise fail(content / "sections", f"{len(files)} section files; at most {MAX_SECTIONS}")
    read = tuple(sections.read(path, names) for path in files)
    seen: dict[int, Path] = {}
    for section in read:
        if section.number in seen:
            raise fail(section.file, f"section number {section.number} is also used by "
                                     f"{seen[section.number].name}", line=2, key="number")
        seen[section.number] = section.file
    return tuple(sorted(read, key=lambda s: s.number))


def _note_prose(meta: NoteIn, source: yamlfile.Located, names: dict[str, Any]):
    def filled(value: str, path: tuple) -> str:
        line = source.where(path).line
        return fill(value, names, source.file, (line - 1) if line else 0,
                    key=yamlfile.key_text(path))
    title_notes = filled(meta.title_notes, ("title_notes",))
    boundaries = tuple(filled(b, ("boundaries", i)) for i, b in enumerate(meta.boundaries))
    source_notes = tuple(filled(s.note, ("sources", i, "note")) for i, s in enumerate(meta.sources))
    return title_notes, boundaries, source_notes


def check_all(content: Path) -> list[NotedeckError]:
    """Gather the note and every audience; the errors found, one per variant that fails."""
    found = []
    for slug in [None, *audiences.names(content)]:
        try:
            gather(content, slug)
        except NotedeckError as exc:
            found.append(exc)
    return found
