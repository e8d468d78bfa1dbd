"""Read and check everything a build needs before anything is written; every independent problem at once."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from notedeck.figures import core
from notedeck.figures import names as namespace
from notedeck.figures.core import Figures
from notedeck.figures.formatting import integer
from notedeck.errors import Collector, Problem, fail
from notedeck.readers import audiences
from notedeck.readers import note
from notedeck.readers import scenarios
from notedeck.readers import sections
from notedeck.readers import yamlfile
from notedeck.readers.audiences import Audience
from notedeck.readers.layout import NoteLayout
from notedeck.readers.note import NoteIn
from notedeck.readers.sections import Component, SectionSource
from notedeck.readers.validation import suggest
from notedeck.figures.scenario import Scenario
from notedeck.prose.templating import fill

# Documented limits (docs/bad-input.md, "Limits").
MAX_SECTIONS = 99
MAX_SLIDES = 1000


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
    warnings: tuple[Problem, ...] = ()


def scenario_source(content: Path, audience: Audience | None,
                    scenarios_file: Path | None = None) -> yamlfile.Located:
    """The scenario file, with the audience's overrides merged in."""
    base = yamlfile.load(scenarios_file or yamlfile.inside(content, NoteLayout(content).scenarios))
    if audience and audience.overrides is not None:
        if not isinstance(base.data, dict):
            return base
        merged = audiences.merge(base, audience.overrides)
        merged.warnings.extend(base.warnings)
        return merged
    return base


def gather(content: Path, audience_slug: str | None = None,
           scenarios_file: Path | None = None) -> Source:
    """Everything a build needs, or one NotedeckError naming every problem found."""
    if not content.is_dir():
        raise fail(content, "content folder not found; pass --content DIR or run "
                            "'notedeck init DIR' to start a note")
    found = Collector()
    read_note = found.run(note.read, yamlfile.inside(content, NoteLayout(content).note))
    audience = found.run(audiences.load, content, audience_slug) if audience_slug else None
    located = found.run(scenario_source, content, audience, scenarios_file)
    scenario = found.run(scenarios.validate, located) if located else None
    names = figures = None
    if scenario is not None:
        figures = core.compute(scenario)
        names = found.run(namespace.build, scenario, figures, audience.name if audience else "",
                          located.where)
    read = found.run(_sections, content, names) or ()
    prose = found.run(_note_prose, *read_note, names) if read_note and names else None
    found.raise_if_any()
    meta, meta_source = read_note
    warnings = [*meta_source.warnings, *(audience.warnings if audience else ()),
                *located.warnings, *(w for s in read for w in s.warnings)]
    return Source(content, meta, audience, scenario, figures, names, read, *prose,
                  tuple(warnings))


def _sections(content: Path, names: dict[str, Any] | None) -> tuple[SectionSource, ...]:
    layout = NoteLayout(content)
    files = layout.section_files()
    if not files:
        raise fail(layout.sections, "no section files found; add sections/01-NAME.md")
    if len(files) > MAX_SECTIONS:
        raise fail(layout.sections, f"{len(files)} section files; at most {MAX_SECTIONS}")
    found = Collector()
    read = [s for s in (found.run(_section, content, path, names) for path in files) if s]
    found.problems.extend(_duplicate_numbers(read))
    found.problems.extend(_unknown_components(read))
    if names is not None and not found.problems:
        found.problems.extend(_slide_count(content, read, len(names["workloads"])))
    found.raise_if_any()
    return tuple(sorted(read, key=lambda s: s.number))


def _section(content: Path, path: Path, names: dict[str, Any] | None) -> SectionSource:
    return sections.read(yamlfile.inside(content, path), names)


def _duplicate_numbers(read: list[SectionSource]) -> list[Problem]:
    seen: dict[int, Path] = {}
    problems = []
    for section in read:
        if section.number in seen:
            problems.append(fail(section.file, f"section number {section.number} is also used "
                                               f"by {seen[section.number].name}", line=2,
                                 key="number").problems[0])
        seen.setdefault(section.number, section.file)
    return problems


def _components(section: SectionSource):
    for part in [*(p for s in section.slides for p in s.blocks), *section.handout]:
        if isinstance(part, Component):
            yield part


def _unknown_components(read: list[SectionSource]) -> list[Problem]:
    """Every fenced component naming a chart or table that does not exist, in every file."""
    from notedeck.compose import COMPONENT_NAMES

    problems = []
    for part in (p for section in read for p in _components(section)):
        choices = COMPONENT_NAMES.get(part.kind)
        if choices is not None and part.name not in choices:
            listed = [n or "(empty)" for n in choices]
            problems.extend(fail(part.file, f"unknown {part.kind} '{part.name or '(empty)'}'"
                                 + suggest(part.name, listed), part.line).problems)
    return problems


def _slide_count(content: Path, read: list[SectionSource], workloads: int) -> list[Problem]:
    """Title, sources, a divider per section, and each slide (experiments: one per workload)."""
    count = 2 + sum(1 + sum(workloads if any(p.kind == "experiments" for p in _components_of(s))
                            else 1 for s in section.slides) for section in read)
    if count <= MAX_SLIDES:
        return []
    return list(fail(NoteLayout(content).sections, f"the deck would have {integer(count)} slides; at "
                                           f"most {integer(MAX_SLIDES)}. Split the note in two").problems)


def _components_of(slide) -> list[Component]:
    return [p for p in slide.blocks if isinstance(p, Component)]


def _note_prose(meta: NoteIn, source: yamlfile.Located, names: dict[str, Any]):
    found = Collector()

    def filled(value: str, path: tuple) -> str:
        line = source.where(path).line
        return found.run(fill, value, names, source.file, (line - 1) if line else 0,
                         key=yamlfile.key_text(path))

    title_notes = filled(meta.title_notes, ("title_notes",))
    boundaries = tuple(filled(b, ("boundaries", i)) for i, b in enumerate(meta.boundaries))
    source_notes = tuple(filled(s.note, ("sources", i, "note")) for i, s in enumerate(meta.sources))
    found.raise_if_any()
    return title_notes, boundaries, source_notes
