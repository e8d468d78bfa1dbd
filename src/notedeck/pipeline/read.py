"""Read and check everything a build needs before anything is written; every independent problem at once."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from notedeck.figures import core
from notedeck.figures import names as namespace
from notedeck.figures.core import Figures
from notedeck.figures.formatting import integer
from notedeck.errors import Collector, NotedeckError, Problem, fail
from notedeck.prose import stale
from notedeck.readers import audiences, overrides
from notedeck.readers import note
from notedeck.readers import scenarios
from notedeck.readers import sections
from notedeck.readers import yamlfile
from notedeck.readers.audiences import Audience
from notedeck.readers.layout import NoteLayout
from notedeck.readers.note import NoteIn
from notedeck.readers.passages import Chunk
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
    audience = found.run(audiences.load, content, audience_slug) if audience_slug else None
    changes = audience.changes if audience else None
    read_note = found.run(note.read, yamlfile.inside(content, NoteLayout(content).note),
                          changes.note if changes else None)
    located = found.run(scenario_source, content, audience, scenarios_file)
    scenario = found.run(scenarios.validate, located) if located else None
    default = _default_scenario(content, scenario, audience, scenarios_file)
    names = figures = None
    if scenario is not None:
        figures = core.compute(scenario)
        names = found.run(namespace.build, scenario, figures, audience.name if audience else "",
                          located.where, read_note[0].language if read_note else "en-GB")
    overlay = overrides.overlay(changes, _ids(scenario) if scenario else None,
                                _ids(scenario) | _ids(default) if scenario and default else set())
    read = found.run(_sections, content, names, changes, overlay) or ()
    prose = found.run(_note_prose, *read_note, names) if read_note and names else None
    found.raise_if_any()
    meta, meta_source = read_note
    warnings = [*meta_source.warnings, *(audience.warnings if audience else ()),
                *located.warnings, *(w for s in read for w in s.warnings)]
    if default is not None and default[1] is not None:
        variant = stale.Variant(default[0], scenario, default[1],
                                audience.slug if audience else None)
        warnings += stale.check(variant, read, [*_prose_texts(meta_source, prose),
                                                *_workload_texts(located, names)])
    return Source(content, meta, audience, scenario, figures, names, read, *prose,
                  tuple(warnings))


def _ids(scenario) -> set[str]:
    if isinstance(scenario, tuple):
        scenario = scenario[0]
    return {w.id for w in scenario.workloads} if scenario is not None else set()


def _default_scenario(content: Path, scenario: Scenario | None, audience: Audience | None,
                      scenarios_file: Path | None):
    """(the note's own scenario, its located file); the file is None when this variant
    is the note itself."""
    if scenario is None:
        return None
    if audience is None and scenarios_file is None:
        return scenario, None
    try:
        located = yamlfile.load(yamlfile.inside(content, NoteLayout(content).scenarios))
        return scenarios.validate(located), located
    except NotedeckError:
        return None          # reported when the note itself is built or checked


def _sections(content: Path, names: dict[str, Any] | None, changes,
              overlay) -> tuple[SectionSource, ...]:
    layout = NoteLayout(content)
    files = overrides.section_files(layout.section_files(), changes)
    if not files:
        raise fail(layout.sections, "no section files found; add sections/01-NAME.md")
    if len(files) > MAX_SECTIONS:
        raise fail(layout.sections, f"{len(files)} section files; at most {MAX_SECTIONS}")
    found = Collector()
    read = [s for s in (found.run(_section, content, path, names, overlay) for path in files)
            if s]
    found.problems.extend(_duplicate_numbers(read))
    found.problems.extend(_unknown_components(read))
    if not found.problems:
        found.problems.extend(overrides.unknown_passages(
            changes, {name for section in read for name in section.passages}))
    if names is not None and not found.problems:
        found.problems.extend(_slide_count(content, read, len(names["workloads"])))
    found.raise_if_any()
    return tuple(sorted(read, key=lambda s: s.number))


def _section(content: Path, path: Path, names: dict[str, Any] | None,
             overlay) -> SectionSource:
    return sections.read(yamlfile.inside(content, path), names, overlay)


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
        where = source.where(path)        # an audience's `note:` part is in its own file
        return found.run(fill, value, names, where.file, (where.line - 1) if where.line else 0,
                         key=yamlfile.key_text(path))

    title_notes = filled(meta.title_notes, ("title_notes",))
    boundaries = tuple(filled(b, ("boundaries", i)) for i, b in enumerate(meta.boundaries))
    source_notes = tuple(filled(s.note, ("sources", i, "note")) for i, s in enumerate(meta.sources))
    found.raise_if_any()
    return title_notes, boundaries, source_notes


def _workload_texts(located: yamlfile.Located, names: dict[str, Any]) -> list[Chunk]:
    """Each workload's filled prose, located, for the stale-wording check."""
    return [Chunk(entry[key], Path(located.where(("workloads", i, key)).file),
                  located.where(("workloads", i, key)).line or 1)
            for i, entry in enumerate(names["workloads"]) for key in namespace.PROSE_KEYS
            if entry[key]]


def _prose_texts(source: yamlfile.Located, prose) -> list[Chunk]:
    """The note's filled prose fields, located, for the stale-wording check."""
    title_notes, boundaries, source_notes = prose
    paths = [("title_notes",), *(("boundaries", i) for i in range(len(boundaries))),
             *(("sources", i, "note") for i in range(len(source_notes)))]
    texts = [title_notes, *boundaries, *source_notes]
    return [Chunk(text, Path(source.where(p).file), source.where(p).line or 1)
            for p, text in zip(paths, texts)]
