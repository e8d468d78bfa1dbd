"""The fill stage: figure names, placeholders filled, Markdown parsed; the note ready to compose."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from notedeck.stages import reuse
from notedeck.stages.read import NoteRead, structure_problems, unknown_components
from notedeck.stages.typeset import FilledItem, items, paragraphs, typeset
from notedeck.errors import Collector, Problem, fail
from notedeck.figures import shown
from notedeck.figures.shown import Names
from notedeck.figures.formatting import Formatter, integer
from notedeck.figures.forms import Forms
from notedeck.figures.texts import Writer
from notedeck.model import Evaluation, Model
from notedeck.model.inputs import walk
from notedeck.model.messages import key_text
from notedeck.prose import budget, stale
from notedeck.prose.filling import fill as fill_text
from notedeck.readers import overrides, passages, sections, yamlfile
from notedeck.readers.audiences import Audience
from notedeck.readers.layout import NoteLayout
from notedeck.readers.note import NoteIn
from notedeck.readers.passages import Chunk
from notedeck.readers.sections import Component, SectionSource, SectionText

# Documented limits (docs/bad-input.md, "Limits").
MAX_SLIDES = 1000


@dataclass(frozen=True)
class FilledNote:
    """What compose needs: the note read, its figures computed, its prose filled."""

    content: Path
    note: NoteIn
    audience: Audience | None
    model: Model
    evaluation: Evaluation         # its figures for the build's scenario
    fmt: Formatter
    writer: Writer                 # the model's texts, written out
    names: Names                   # every figure's name and text (figures/shown.py)
    sections: tuple[SectionSource, ...]
    title_notes: tuple[str, ...]   # the title slide's speaker notes, by paragraph, typeset
    boundaries: tuple[str, ...]    # typeset, as every text below
    sources: tuple[tuple[str, str], ...]       # each source's kind and note
    items: dict[str, tuple[FilledItem, ...]]   # every items part, each item written and parsed
    warnings: tuple[Problem, ...] = ()


def writer(read: NoteRead, evaluation, fmt: Formatter) -> Writer:
    """Display texts from the evaluation, in the build's language and locale."""
    return Writer(evaluation, Forms(fmt, read.words.unit_words(), read.model.units), read.words)


def fill(read: NoteRead, evaluation, fmt: Formatter) -> FilledNote:
    """The note with every placeholder filled from the figures, or every problem at once;
    the placeholders of every text share one budget (prose/budget.py)."""
    with budget.whole_build():
        return _fill(read, evaluation, fmt)


def _fill(read: NoteRead, evaluation, fmt: Formatter) -> FilledNote:
    found = Collector()
    said = writer(read, evaluation, fmt)
    names = prose = None
    parsed: tuple[SectionSource, ...] = ()
    with found.gather():
        names = reuse.names(_names, read, said)
    if names is None:
        found.problems.extend(structure_problems(read.sections, read.model))
        found.raise_if_any()
    with found.gather():
        parsed = _sections(read, names)
    with found.gather():
        prose = _note_prose(read.note, read.note_source, names)
    found.raise_if_any()
    warnings = (*read.warnings, *(w for section in parsed for w in section.warnings),
                *_stale(read, parsed, prose, said))
    title_notes, boundaries, source_notes = prose
    sources = tuple((typeset(s.kind), typeset(note))
                    for s, note in zip(read.note.sources, source_notes))
    return FilledNote(read.content, read.note, read.audience, read.model, evaluation, fmt,
                      said, names, parsed, paragraphs(title_notes),
                      tuple(typeset(b) for b in boundaries), sources,
                      items(read.model.display.items, said), tuple(warnings))


def figure_names(read: NoteRead, evaluation, fmt: Formatter) -> Names:
    """Every figure name and its text, the scenario's prose filled: no section needed."""
    with budget.whole_build():
        return _names(read, writer(read, evaluation, fmt))


def prose_inputs(model, values: dict) -> list[tuple[tuple, str]]:
    """(key path, text) of every input of prose in a scenario: ('teams', 1, 'scene')."""
    found = []
    for path, declared in walk(model.inputs):
        if declared.kind == "prose":
            found.append((path, _dig(values, path)))
        elif declared.kind == "records":
            prose = [name for name, field in declared.fields if field.kind == "prose"]
            for index, item in enumerate(_dig(values, path)):
                found.extend(((*path, index, name), item[name]) for name in prose)
    return found


def _dig(values: dict, path: tuple) -> Any:
    for part in path:
        values = values[part]
    return values


def _names(read: NoteRead, said: Writer) -> Names:
    """Every figure name, and the scenario's prose filled from the rest."""
    names = shown.names(said)
    names["audience"] = {"name": read.audience.name if read.audience else ""}
    if read.note.date is not None:
        names["date"] = said.forms.fmt.date(read.note.date)     # "2 October 2026"
    found, where = Collector(), read.scenario_source.where
    filled = {}
    for path, text in prose_inputs(read.model, read.inputs.values):
        place, done = where(path), ""
        with found.gather():
            done = fill_text(text, names, place.file,
                             line_offset=(place.line - 1) if place.line else 0, key=key_text(path))
        filled[path] = (text, done)
    found.raise_if_any()
    for path, (text, done) in filled.items():
        shown.fill_prose(names, path, done)
        said.filled[text] = done
    said.prose = filled
    return names


def _sections(read: NoteRead, names: Names) -> tuple[SectionSource, ...]:
    found = Collector()
    changes = read.audience.changes if read.audience else None
    active, known = stale.item_ids(read.model, read.inputs.values), \
        stale.item_ids(read.model, read.inputs.values)
    if read.default is not None:
        known |= stale.item_ids(read.model, read.default.values)
    elif read.audience is not None:
        known = set()      # the note's own scenario was refused (reported there): no item is
                           # known absent, so no passage is called stale against it
    overlay = overrides.overlay(changes, active, known)
    fill = reuse.sections(filled_section, read.sections)
    parsed = []
    for text in read.sections:
        with found.gather():
            parsed.append(fill(text, names, overlay))
    found.problems.extend(unknown_components(parsed, read.model))
    if not found.problems:
        found.problems.extend(overrides.unknown_passages(
            changes, {name for section in parsed for name in section.passages}))
    if not found.problems:
        found.problems.extend(_slide_count(read, parsed))
    found.raise_if_any()
    return tuple(parsed)


def filled_section(text: SectionText, names: Names,
                   overlay: passages.Overlay | None = None) -> SectionSource:
    """A section's placeholders filled from the names and its Markdown parsed (by the
    reader) into slides, notes and handout parts; an overlay swaps in an audience's passages
    and leaves out those of absent items. Every problem in one NotedeckError."""
    found = Collector()
    titles = dict.fromkeys(("title", "headline"))
    for key in titles:
        with found.gather():
            titles[key] = _filled_title(text.front, key, names)
    section = sections.start(text, titles)
    resolved = texts = None
    with found.gather():
        resolved = sections.resolve(text, overlay)
    if resolved:
        with found.gather():
            texts = _filled_chunks(resolved.chunks, names)
    if texts is not None:
        body = passages.assemble(resolved.chunks, texts)
        found.problems.extend(sections.walk(section, resolved, body, text.body_line))
    return sections.finish(section, found.problems)


def _filled_title(front: yamlfile.Located, key: str, names: Names) -> str:
    where = front.where((key,))
    value = fill_text(front.data[key], names, front.file, where.line - 1, key=key)
    return sections.front_text(front, key, value)


def _filled_chunks(chunks: tuple[Chunk, ...], names: Names) -> tuple[str | None, ...]:
    """Each chunk's placeholders filled; every problem at once."""
    found = Collector()

    def filled(chunk: Chunk) -> str | None:
        with found.gather():
            return fill_text(chunk.text, names, chunk.file, line_offset=chunk.line - 1)
        return None

    texts = tuple(filled(chunk) for chunk in chunks)
    found.raise_if_any()
    return texts


def _slide_count(read: NoteRead, parsed: list[SectionSource]) -> list[Problem]:
    """Title, sources, a divider per section, and each slide (items: one per item)."""
    def made(slide) -> int:
        return sum(_item_count(read, p.name) for p in _components_of(slide)
                   if p.kind == "items") or 1
    count = 2 + sum(1 + sum(made(s) for s in section.slides) for section in parsed)
    if count <= MAX_SLIDES:
        return []
    message = (f"the deck would have {integer(count)} slides; at most {integer(MAX_SLIDES)}. "
               "Split the note in two")
    return list(fail(NoteLayout(read.content).sections, message).problems)


def _item_count(read: NoteRead, name: str) -> int:
    spec = read.model.display.items.get(name)
    return len(_dig(read.inputs.values, tuple(spec.over.split(".")))) if spec else 1


def _components_of(slide) -> list[Component]:
    return [p for p in slide.blocks if isinstance(p, Component)]


def _note_prose(meta: NoteIn, source: yamlfile.Located, names: Names):
    found = Collector()

    def filled(value: str, path: tuple) -> str:
        where = source.where(path)        # an audience's `note:` part is in its own file
        with found.gather():
            return fill_text(value, names, where.file, (where.line - 1) if where.line else 0,
                             key=yamlfile.key_text(path))
        return None

    title_notes = filled(meta.title_notes, ("title_notes",))
    boundaries = tuple(filled(b, ("boundaries", i)) for i, b in enumerate(meta.boundaries))
    source_notes = tuple(filled(s.note, ("sources", i, "note")) for i, s in enumerate(meta.sources))
    found.raise_if_any()
    return title_notes, boundaries, source_notes


def _stale(read: NoteRead, parsed, prose, said: Writer) -> list[Problem]:
    """Stale-wording warnings for a variant whose scenario is not the note's own."""
    if read.default is None or read.default_source is None:
        return []
    variant = stale.Variant(read.model, read.default, read.inputs, read.default_source,
                            read.audience.slug if read.audience else None)
    return stale.check(variant, parsed, [*_prose_texts(read.note_source, prose),
                                         *_input_texts(read.scenario_source, said)])


def _input_texts(located: yamlfile.Located, said: Writer) -> list[Chunk]:
    """The scenario's filled prose, located."""
    return [Chunk(done, located.where(path).file, located.where(path).line or 1)
            for path, (_, done) in said.prose.items() if done]


def _prose_texts(source: yamlfile.Located, prose) -> list[Chunk]:
    """The note's filled prose fields, located."""
    title_notes, boundaries, source_notes = prose
    paths = [("title_notes",), *(("boundaries", i) for i in range(len(boundaries))),
             *(("sources", i, "note") for i in range(len(source_notes)))]
    return [Chunk(text, source.where(p).file, source.where(p).line or 1)
            for p, text in zip(paths, [title_notes, *boundaries, *source_notes])]
