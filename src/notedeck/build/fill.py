"""The fill stage: figure names, placeholders filled, Markdown parsed; the note ready to compose."""

from __future__ import annotations

from typing import Any

from notedeck.build.compose import FilledNote
from notedeck.errors import Collector, Problem, fail
from notedeck.figures import names as figure_names
from notedeck.figures.core import Figures
from notedeck.figures.formatting import Formatter, integer
from notedeck.build.read import NoteRead, structure_problems, unknown_components
from notedeck.prose import budget, stale
from notedeck.prose.templating import fill as fill_text
from notedeck.readers import overrides, sections, yamlfile
from notedeck.readers.passages import Chunk
from notedeck.readers.layout import NoteLayout
from notedeck.readers.note import NoteIn
from notedeck.readers.sections import Component, SectionSource

# Documented limits (docs/bad-input.md, "Limits").
MAX_SLIDES = 1000
WORKLOAD_PROSE = ("title", "scene", "still_scarce")


def fill(read: NoteRead, figures: Figures, fmt: Formatter) -> FilledNote:
    """The note with every placeholder filled from the figures, or every problem at once;
    the placeholders of every text share one budget (prose/budget.py)."""
    with budget.whole_build():
        return _fill(read, figures, fmt)


def _fill(read: NoteRead, figures: Figures, fmt: Formatter) -> FilledNote:
    found = Collector()
    names = found.run(_names, read, figures, fmt)
    if names is None:
        found.problems.extend(structure_problems(read.sections))
        found.raise_if_any()
    parsed = found.run(_sections, read, names) or ()
    prose = found.run(_note_prose, read.note, read.note_source, names)
    found.raise_if_any()
    warnings = (*read.warnings, *(w for section in parsed for w in section.warnings),
                *_stale(read, names, parsed, prose))
    return FilledNote(read.content, read.note, read.audience, read.scenario, figures, fmt,
                      names, parsed, *prose, tuple(warnings))


def _names(read: NoteRead, figures: Figures, fmt: Formatter) -> dict[str, Any]:
    """Every figure name, and each workload's own prose filled from the rest."""
    audience = read.audience.name if read.audience else ""
    names = figure_names.build(read.scenario, figures, fmt, audience, read.note.date)
    found, where = Collector(), read.scenario_source.where
    for index, workload in enumerate(read.scenario.workloads):
        entry = names["w"][workload.id]
        for key in WORKLOAD_PROSE:
            place = where(("workloads", index, key))
            entry[key] = found.run(fill_text, getattr(workload, key), names, place.file,
                                   line_offset=(place.line - 1) if place.line else 0,
                                   key=f"workloads[{index}].{key}") or ""
    found.raise_if_any()
    return names


def _sections(read: NoteRead, names: dict[str, Any]) -> tuple[SectionSource, ...]:
    found = Collector()
    changes = read.audience.changes if read.audience else None
    overlay = overrides.overlay(changes, _ids(read.scenario), _ids(read.scenario) |
                                _ids(read.default or read.scenario))
    parsed = [s for s in (found.run(sections.parse, text, names, overlay)
                          for text in read.sections) if s]
    found.problems.extend(unknown_components(parsed))
    if not found.problems:
        found.problems.extend(overrides.unknown_passages(
            changes, {name for section in parsed for name in section.passages}))
    if not found.problems:
        found.problems.extend(_slide_count(read, parsed, len(names["workloads"])))
    found.raise_if_any()
    return tuple(parsed)


def _slide_count(read: NoteRead, parsed: list[SectionSource], workloads: int) -> list[Problem]:
    """Title, sources, a divider per section, and each slide (experiments: one per workload)."""
    count = 2 + sum(1 + sum(workloads if any(p.kind == "experiments" for p in _components_of(s))
                            else 1 for s in section.slides) for section in parsed)
    if count <= MAX_SLIDES:
        return []
    message = (f"the deck would have {integer(count)} slides; at most {integer(MAX_SLIDES)}. "
               "Split the note in two")
    return list(fail(NoteLayout(read.content).sections, message).problems)


def _components_of(slide) -> list[Component]:
    return [p for p in slide.blocks if isinstance(p, Component)]


def _ids(scenario) -> set[str]:
    return {w.id for w in scenario.workloads}


def _note_prose(meta: NoteIn, source: yamlfile.Located, names: dict[str, Any]):
    found = Collector()

    def filled(value: str, path: tuple) -> str:
        where = source.where(path)        # an audience's `note:` part is in its own file
        return found.run(fill_text, value, names, where.file, (where.line - 1) if where.line else 0,
                         key=yamlfile.key_text(path))

    title_notes = filled(meta.title_notes, ("title_notes",))
    boundaries = tuple(filled(b, ("boundaries", i)) for i, b in enumerate(meta.boundaries))
    source_notes = tuple(filled(s.note, ("sources", i, "note")) for i, s in enumerate(meta.sources))
    found.raise_if_any()
    return title_notes, boundaries, source_notes


def _stale(read: NoteRead, names: dict[str, Any], parsed, prose) -> list[Problem]:
    """Stale-wording warnings for a variant whose scenario is not the note's own."""
    if read.default is None or read.default_source is None:
        return []
    variant = stale.Variant(read.default, read.scenario, read.default_source,
                            read.audience.slug if read.audience else None)
    return stale.check(variant, parsed, [*_prose_texts(read.note_source, prose),
                                         *_workload_texts(read.scenario_source, names)])


def _workload_texts(located: yamlfile.Located, names: dict[str, Any]) -> list[Chunk]:
    """Each workload's filled prose, located."""
    return [Chunk(entry[key], located.where(("workloads", i, key)).file,
                  located.where(("workloads", i, key)).line or 1)
            for i, entry in enumerate(names["workloads"]) for key in WORKLOAD_PROSE if entry[key]]


def _prose_texts(source: yamlfile.Located, prose) -> list[Chunk]:
    """The note's filled prose fields, located."""
    title_notes, boundaries, source_notes = prose
    paths = [("title_notes",), *(("boundaries", i) for i in range(len(boundaries))),
             *(("sources", i, "note") for i in range(len(source_notes)))]
    return [Chunk(text, source.where(p).file, source.where(p).line or 1)
            for p, text in zip(paths, [title_notes, *boundaries, *source_notes])]
