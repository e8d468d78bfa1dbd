"""The read stage: a note's files, checked and validated, nothing filled or computed yet."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from notedeck.model import Inputs, Model
from notedeck.model.display import Words
from notedeck.errors import Collector, Location, NotedeckError, Problem, fail
from notedeck.readers import audiences, catalogue, note, overrides, sections, yamlfile
from notedeck.readers import model as model_reader, words as words_reader
from notedeck.readers.audiences import Audience
from notedeck.readers.layout import NoteLayout
from notedeck.readers.note import NoteIn
from notedeck.readers.sections import Component, SectionSource, SectionText
from notedeck.readers.validation import suggest
from notedeck.stages import reuse

# Documented limits (docs/bad-input.md, "Limits").
MAX_SECTIONS = 99


@dataclass(frozen=True)
class NoteRead:
    """A note's files read and validated, with positions: the unfilled note."""

    content: Path
    note: NoteIn
    note_source: yamlfile.Located
    audience: Audience | None
    scenario_source: yamlfile.Located
    model: Model
    inputs: Inputs                                 # the scenario's values
    sections: tuple[SectionText, ...]
    default: Inputs | None = None                  # the note's own inputs, when this variant
    default_source: yamlfile.Located | None = None  # uses others (an audience, --scenarios)
    locale: str = "en-GB"
    labels: dict | None = None     # catalogue entries the note and audience give
    words: Words | None = None     # the model's texts in the build's language
    words_warnings: tuple[Problem, ...] = ()

    @property
    def warnings(self) -> tuple[Problem, ...]:
        """The YAML files' warnings (each section's travel with it into the fill stage)."""
        return (*self.note_source.warnings, *(self.audience.warnings if self.audience else ()),
                *self.scenario_source.warnings, *self.inputs.warnings, *self.words_warnings)


def read(content: Path, audience_slug: str | None = None,
         scenarios_file: Path | None = None, sections_needed: bool = True) -> NoteRead:
    """Every file of the note (and its audience), or one NotedeckError naming every problem;
    without `sections_needed` (the model's figures alone) no section file is read."""
    if not content.is_dir():
        raise fail(content, "content folder not found; pass --content DIR or run "
                            "'notedeck init DIR' to start a note")
    layout, found = NoteLayout(content), Collector()
    audience, read_note, model, located = _files(found, layout, audience_slug, scenarios_file)
    locale, labels, words, inputs = _in_language(found, layout, read_note, audience, model,
                                                 located)
    texts: tuple[SectionText, ...] = ()
    if sections_needed:
        with found.gather():
            texts = _section_texts(layout, audience.changes if audience else None)
    if found.problems and texts:               # the sections' own problems in the same run
        found.problems.extend(structure_problems(texts, model))
    found.raise_if_any()
    meta, meta_source = read_note
    default = _default_scenario(layout, model) if audience or scenarios_file else (None, None)
    return NoteRead(content, meta, meta_source, audience, located, model, inputs, texts,
                    *default, locale, labels, *words)


def _files(found: Collector, layout: NoteLayout, audience_slug: str | None,
           scenarios_file: Path | None) -> tuple:
    """The audience, note.yaml, model.yaml and the scenario, each read; what any of them
    refuses is kept in `found`."""
    content, audience = layout.root, None
    read_note = model = located = None
    if audience_slug:
        with found.gather():
            audience = audiences.load(content, audience_slug)
    changes = audience.changes if audience else None
    path = yamlfile.inside(content, layout.note)
    with found.gather():
        read_note = note.read(path, changes.note if changes else None)
    with found.gather():
        model = read_model(content)
    with found.gather():
        located = scenario_source(content, audience, scenarios_file)
    return audience, read_note, model, located


def _in_language(found: Collector, layout: NoteLayout, read_note, audience: Audience | None,
                 model, located) -> tuple:
    """The build's locale and catalogue, the model's words in it, and the scenario's inputs
    checked in those words; what any of them refuses is kept in `found`."""
    locale, labels = "en-GB", None
    words = inputs = None
    with found.gather():
        locale, labels = _catalogue(read_note, audience)
    if model is not None and read_note is not None:
        with found.gather():
            words = words_reader.read(model, layout.root, read_note[0].locale, locale,
                                      audience.source if audience else None)
    messages = words[0].messages() if words else None        # rules' words in this language
    if located and model:
        with found.gather():
            inputs = model.validate(located, messages)
    return locale, labels, words, inputs


def read_model(content: Path):
    """The note's model.yaml, read and checked (every problem at file:line)."""
    layout = NoteLayout(content)
    if not layout.model.exists():
        raise fail(layout.model, "the note has no model.yaml: the inputs, figures, tables and "
                                 "words its numbers need (docs/models.md)")
    path = yamlfile.inside(content, layout.model)
    text = yamlfile.read_text(path)
    return reuse.model(path, text, lambda: model_reader.read(path, text))


def _catalogue(read_note, audience: Audience | None) -> tuple[str, dict]:
    """The build's locale (the audience's, else the note's) and the catalogue entries its
    files give: the note's apply in the note's own locale, the audience's always."""
    if read_note is None:
        return "en-GB", {}
    meta, source = read_note
    locale = (audience.locale if audience else None) or meta.locale
    layers = []
    if locale == meta.locale:
        layers.append(catalogue.Layer(source, _locale_at(source)))
    if audience and audience.source is not None:
        layers.append(catalogue.Layer(audience.source, _locale_at(audience.source)))
    return locale, catalogue.labels(locale, layers)


def _locale_at(source: yamlfile.Located) -> Location:
    data = source.data if isinstance(source.data, dict) else {}
    return source.where(("locale",)) if "locale" in data else Location(source.file, 1)


def _default_scenario(layout: NoteLayout, model: Model) -> tuple[Inputs | None,
                                                            yamlfile.Located | None]:
    """The note's own inputs and its located scenario file, beside a variant's."""
    try:
        located = yamlfile.load(yamlfile.inside(layout.root, layout.scenarios))
        return model.validate(located), located
    except NotedeckError:
        return None, None        # reported when the note itself is built or checked


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


def _section_texts(layout: NoteLayout, changes=None) -> tuple[SectionText, ...]:
    files = overrides.section_files(layout.section_files(), changes)
    if not files:
        raise fail(layout.sections, "no section files found; add sections/01-NAME.md")
    if len(files) > MAX_SECTIONS:
        raise fail(layout.sections, f"{len(files)} section files; at most {MAX_SECTIONS}")
    found, texts = Collector(), []
    for path in files:
        inside = yamlfile.inside(layout.root, path)
        with found.gather():
            texts.append(sections.load(inside))
    found.problems.extend(_duplicate_numbers(texts))
    found.raise_if_any()
    return tuple(sorted(texts, key=lambda t: t.number))


def _duplicate_numbers(texts: list[SectionText]) -> list[Problem]:
    seen: dict[int, Path] = {}
    problems = []
    for section in texts:
        if section.number in seen:
            problems.append(fail(section.file, f"section number {section.number} is also used "
                                               f"by {seen[section.number].name}", line=2,
                                 key="number").problems[0])
        seen.setdefault(section.number, section.file)
    return problems


def structure_problems(texts: tuple[SectionText, ...], model=None) -> list[Problem]:
    """The sections' own problems, found without figures: Markdown structure, components."""
    found, parsed = Collector(), []
    for text in texts:
        with found.gather():
            parsed.append(sections.parse(text))
    return [*found.problems, *(unknown_components(parsed, model) if model else [])]


def unknown_components(read: list[SectionSource], model) -> list[Problem]:
    """Every fenced component naming a chart or table that does not exist, in every file."""
    problems = []
    names = model.display.components()
    for part in (p for section in read for p in _components(section)):
        choices = names.get(part.kind)
        if choices is not None and part.name not in choices:
            listed = [n or "(empty)" for n in choices]
            problems.extend(fail(part.file, f"unknown {part.kind} '{part.name or '(empty)'}'"
                                 + suggest(part.name, listed), part.line).problems)
    return problems


def _components(section: SectionSource):
    for part in [*(p for s in section.slides for p in s.blocks), *section.handout]:
        if isinstance(part, Component):
            yield part
