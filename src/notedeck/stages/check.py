"""notedeck check: every variant of a note taken through every stage up to plan; nothing written."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator

from notedeck.prose import naked_numbers as naked
from notedeck.errors import NotedeckError, Problem, fail
from notedeck.readers import audiences
from notedeck.readers import yamlfile
from notedeck.options import Options
from notedeck.readers.layout import NoteLayout

_NOTE_PROSE = (("title",), ("subtitle",), ("footer",), ("subject",), ("title_notes",),
               ("sources_title",), ("boundaries", "*"), ("sources", "*", "note"),
               ("sources", "*", "kind"))
PROSE = {
    "note": _NOTE_PROSE,
    "audience": (("name",), ("title",), ("subtitle",),
                 *(("note", *path) for path in _NOTE_PROSE),
                 ("passages", "*"), ("passages", "*", "*"), ("words", "*")),
}


def scenario_prose(model) -> tuple[tuple, ...]:
    """The key paths of every text and prose input the model declares ("*": any item)."""
    from notedeck.model.inputs import walk

    paths = []
    for path, declared in walk(model.inputs):
        if declared.kind in ("text", "prose"):
            paths.append(path)
        elif declared.kind == "records":
            paths.extend((*path, "*", name) for name, field in declared.fields
                         if field.kind in ("text", "prose"))
    return tuple(paths)


def check_note(options: Options) -> list[Problem]:
    """Errors and warnings of the note and each audience, through every stage up to plan,
    without duplicates, in file order. Nothing is written."""
    content = options.content
    if not content.is_dir():
        return list(fail(content, "content folder not found; pass --content DIR").problems)
    found: list[Problem] = []
    sources = {}
    template = _template(content)           # read once for every variant
    named, refused = audiences.listed(content)   # a file whose name cannot name a folder
    found.extend(refused)
    for slug in [None, *named]:
        try:
            sources[slug], planned = _planned(replace(options, audience=slug, strict=False),
                                              template)
            found.extend((*sources[slug].warnings, *planned))
        except NotedeckError as exc:
            found.extend(exc.problems)
    found.extend(naked_numbers(content, getattr(sources.get(None), "source", None)))
    return _unique(found)


def _template(content: Path):
    """The note's template, made safe; None if it is refused (each variant then says why)."""
    from notedeck.stages.template import read_template

    try:
        return read_template(content)
    except NotedeckError:
        return None


def _planned(options: Options, template=None):
    """A variant prepared and planned for every output of its BuildPlan, with charts at their
    sizes (the same plan build settles)."""
    from notedeck.stages.stages import plan_all, prepare, sized_art

    prepared = prepare(options, template)
    return prepared, plan_all(prepared, sized_art(prepared.deck)).warnings


def naked_numbers(content: Path, source=None) -> list[Problem]:
    """Naked-number warnings in every section and every prose field of the note's YAML."""
    layout = NoteLayout(content)
    note = _load(layout.note)
    names = _names(note, source)
    found: list[Problem] = []
    for path in layout.section_files():
        try:
            found.extend(naked.in_markdown(yamlfile.read_text(path), path, names))
        except NotedeckError:
            pass                                  # already reported by the read stage
    found.extend(_in_yaml(note, PROSE["note"], names))
    model = getattr(source, "model", None)
    inputs = scenario_prose(model) if model is not None else ()
    found.extend(_in_yaml(_load(layout.scenarios), inputs, names))
    if model is not None:
        found.extend(_in_model(model, names))
    for path in layout.words_files():
        found.extend(_in_yaml(_load(path), (("*",),) * 1, names, nested=True))
    for slug in audiences.listed(content)[0]:
        located = _load(layout.audience(slug))
        own = names.adding(_own_names(located))          # its note: names_with_numbers too
        found.extend(_in_yaml(located,
                              (*PROSE["audience"], *(("scenarios", *p) for p in inputs)),
                              own, nested=True))
        for path in sorted(layout.audience_sections(slug).glob("*.md")):
            try:
                found.extend(naked.in_markdown(yamlfile.read_text(path), path, own))
            except NotedeckError:
                pass                              # already reported by gather
    return found


def _load(path: Path) -> yamlfile.Located | None:
    try:
        return yamlfile.load(path)
    except NotedeckError:
        return None


def _names(note: yamlfile.Located | None, source) -> naked.Names:
    data = note.data if note is not None and isinstance(note.data, dict) else {}
    sources = data.get("sources") if isinstance(data.get("sources"), list) else []
    titles = [s["title"] for s in sources if isinstance(s, dict) and isinstance(s.get("title"), str)]
    listed = _listed(data)
    figures = None
    if source is not None:
        from notedeck.figures.listing import flatten

        figures = dict(flatten(source.names))
    return naked.Names.from_note(titles, listed, figures)


def _in_model(model, names: naked.Names) -> list[Problem]:
    """Naked numbers in the words of the model's display texts (tables, charts, ...)."""
    found = []
    for declared in model.display.declared.values():
        if declared.kind in ("number", "message"):     # a unit's words; a rule's message
            continue
        text = re.sub(r"\{[^{}]*\}", lambda m: " " * len(m.group()), declared.source)
        found.extend(naked.in_text(text, declared.where.file, declared.where.line or 1, names,
                                   declared.path))
    return found


def _listed(data) -> list[str]:
    """The names_with_numbers of a note.yaml's data (or an audience's `note:` part)."""
    listed = data.get("names_with_numbers") if isinstance(data, dict) else None
    return [n for n in listed if isinstance(n, str)] if isinstance(listed, list) else []


def _own_names(located: yamlfile.Located | None) -> list[str]:
    """An audience's own names_with_numbers, under its `note:` (read with the note's, since an
    audience's words stand beside the note's sections)."""
    data = located.data if located is not None and isinstance(located.data, dict) else {}
    return _listed(data.get("note"))


def _in_yaml(located: yamlfile.Located | None, patterns, names: naked.Names,
             nested: bool = False) -> list[Problem]:
    if located is None:
        return []
    lines = yamlfile.read_text(Path(located.file)).replace("\r\n", "\n").split("\n")
    found = []
    for pattern in patterns:
        for path, value in _matching(located.data, pattern, (), nested and pattern[-1] == "*"):
            line = located.where(path).line or 1
            if nested:                    # a model text's {slots} hold formulas, not prose
                value = re.sub(r"(?<!\{)\{[^{}]*\}(?!\})", lambda m: " " * len(m.group()), value)
            found.extend(naked.in_text(value, located.file, line, names,
                                       yamlfile.key_text(path), search=lines))
    return found


def _matching(data: Any, pattern: tuple, path: tuple,
              deep: bool = False) -> Iterator[tuple[tuple, str]]:
    """(key path, text) of every string in `data` that the pattern ("*" = any index or key)
    names; `deep`: a last "*" also names every string further in (a words file's texts)."""
    if not pattern:
        if isinstance(data, str):
            yield path, data
        elif deep and isinstance(data, (list, dict)):
            yield from _matching(data, ("*",), path, deep)
        return
    head, rest = pattern[0], pattern[1:]
    if head == "*" and isinstance(data, (list, dict)):
        items = data.items() if isinstance(data, dict) else enumerate(data)
        for index, item in items:
            yield from _matching(item, rest, path + (index,), deep)
    elif isinstance(data, dict) and head in data:
        yield from _matching(data[head], rest, path + (head,), deep)


def _unique(found: list[Problem]) -> list[Problem]:
    seen, unique = set(), []
    for problem in found:
        if str(problem) not in seen:
            seen.add(str(problem))
            unique.append(problem)
    return sorted(unique, key=lambda p: (str(p.where.file), p.where.line or 0))
