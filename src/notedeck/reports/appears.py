"""Where a figure appears: the slides, handout pages and web page sections that show it."""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from notedeck.options import Options

FENCE = re.compile(r"^```+\s*(\w+)\s*(\S*)")
PLACEHOLDER = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)
NOTE_SOURCES = ("sources", "boundaries")          # note.yaml's keys the sources slide shows
COMPONENTS = ("tables", "stats", "charts", "items", "controls")


@dataclass(frozen=True)
class Reference:
    """A place in a section (or note.yaml) that shows the figure: a placeholder or a
    component (table, chart, big figures) that reads it."""

    file: str
    line: int
    how: str                   # "placeholder" | "table NAME" ...


@dataclass(frozen=True)
class Appearances:
    references: tuple[Reference, ...]
    slides: tuple[tuple[int, str], ...]          # (slide number, its title)
    handout_sections: tuple[str, ...]            # section numbers whose handout part shows it
    handout_pages: tuple[int, ...]
    web: tuple[str, ...]                         # the web page's sections that show it


def appearances(options: Options, name: str, shape: str, value: str) -> Appearances:
    """Every place `name` (its declared shape, its value as shown) appears in this variant's
    deck, handout and web page."""
    from notedeck.stages import charts
    from notedeck.stages.stages import plan_all, prepare

    options = replace(options, outputs=("deck", "handout", "web"))
    prepared = prepare(options)
    deck = prepared.deck
    components = _components_of(options, name, shape)
    files = sorted({s.origin.file for s in deck.slides if s.origin is not None})
    refs = tuple(r for f in files for r in _references(Path(f), name, components))
    art = charts.art(deck.charts, prepared.plan.forms, cache=options.cache)
    planned = plan_all(prepared, art)
    slides, handout = _placed(deck, planned.layout, refs)
    pages = _pages(planned, value) if handout else ()
    titles = {s.number: s.title for s in deck.handout.sections}
    web = tuple(f"section {n} {titles.get(n, '')!r}" for n in handout)
    return Appearances(refs, slides, handout, pages, web)


def _components_of(options: Options, name: str, shape: str) -> set[tuple[str, str]]:
    from notedeck.readers import yamlfile
    from notedeck.readers.layout import NoteLayout

    data = yamlfile.load(NoteLayout(options.content).model).data
    return _components(data, name, shape)


def _components(data, name: str, shape: str) -> set[tuple[str, str]]:
    """(kind, name) of each table, chart, stats or items part of model.yaml reading it: by its
    whole name, or a row's name inside a part over its rows."""
    whole = shape.replace("[]", "")
    head, _, last = whole.rpartition(".")
    found = set()
    for kind in COMPONENTS:
        for part, spec in ((data or {}).get(kind) or {}).items():
            said = list(_said(spec))
            if any(_mentions(t, whole) for t in said) or (head and any(
                    _mentions(t, head) for t in said) and any(_reads(t, last) for t in said)):
                found.add((kind.rstrip("s") if kind != "stats" else kind, str(part)))
    return found


def _said(spec):
    """Every text of a part's declaration: formulas and patterns."""
    if isinstance(spec, dict):
        for value in spec.values():
            yield from _said(value)
    elif isinstance(spec, list):
        for value in spec:
            yield from _said(value)
    elif isinstance(spec, str):
        yield spec


def _reads(text: str, name: str) -> bool:
    """A formula naming `name`, or a pattern with a `{name}` slot (not a word of prose)."""
    if "{" in text:
        return re.search(rf"\{{{re.escape(name)}(?![\w.])", text) is not None
    prose = re.search(r"[A-Za-z]{2,} [A-Za-z]{2,}", text) is not None
    return not prose and _mentions(text, name)


def _mentions(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(name)}(?![\w])", text) is not None


def _references(file: Path, name: str, components: set) -> list[Reference]:
    """Placeholders naming the figure, and fences placing a part that reads it."""
    try:
        lines = file.read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    found, text = [], "\n".join(lines)
    for match in PLACEHOLDER.finditer(text):
        if _mentions(match.group(0).replace('"', "'"), name):
            found.append(Reference(str(file), text.count("\n", 0, match.start()) + 1,
                                   "placeholder"))
    for index, line in enumerate(lines):
        fence = FENCE.match(line)
        if not fence:
            continue
        kind, part = fence.group(1), fence.group(2) or \
            (lines[index + 1].strip() if index + 1 < len(lines) else "")
        if (kind, part) in components:
            found.append(Reference(str(file), index + 1, f"{kind} {part}"))
    return sorted(set(found), key=lambda r: r.line)


def _placed(deck, layout, refs) -> tuple[tuple, tuple]:
    """The laid-out slides and the handout sections the references fall in."""
    slides, handout = set(), set()
    for ref in refs:
        handout_line = _handout_line(Path(ref.file))
        if handout_line is not None and ref.line > handout_line:
            number = next((s.number for s in deck.slides
                           if type(s).__name__ == "SectionSlide" and s.origin is not None
                           and s.origin.file == ref.file), None)
            if number:
                handout.add(number)
            continue
        index = _slide_of(deck, ref)
        if index is None:
            continue
        for shown, planned in enumerate(layout.slides if layout else ()):
            if planned.source == index:
                slides.add((shown + 1, planned.title))
    return tuple(sorted(slides)), tuple(sorted(handout))


def _slide_of(deck, ref: Reference) -> int | None:
    if not ref.file.endswith(".md"):                 # note.yaml: by the key the line is under
        wanted = "SourcesSlide" if _top_key(Path(ref.file), ref.line) in NOTE_SOURCES \
            else "TitleSlide"
        return next((i for i, s in enumerate(deck.slides) if type(s).__name__ == wanted), None)
    best = None
    for index, slide in enumerate(deck.slides):
        origin = slide.origin
        if origin is None or origin.file != ref.file:
            continue
        line = origin.line or 1
        if line <= ref.line and (best is None or line >= best[0]):
            best = (line, index)
    return best[1] if best else None


def _top_key(file: Path, line: int) -> str:
    """The top-level key of note.yaml that `line` is under."""
    lines = file.read_text(encoding="utf-8").splitlines()[:line]
    for text in reversed(lines):
        key = re.match(r"^([\w-]+):", text)
        if key:
            return key.group(1)
    return ""


def _handout_line(file: Path) -> int | None:
    if file.suffix != ".md":
        return None
    for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
        if re.match(r"^# \S", line):
            return number
    return None


def _pages(planned, value: str) -> tuple[int, ...]:
    """The handout's pages that print the figure's text (written to a scratch file)."""
    from pypdf import PdfReader

    handout = next(((r, p) for r, p in planned.plans if r.name == "handout"), None)
    if handout is None or not value.strip():
        return ()
    wanted = _plain(value)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "handout.pdf"
        handout[0].emit(handout[1], path)
        texts = [_plain(page.extract_text() or "") for page in PdfReader(str(path)).pages]
    return tuple(i + 1 for i, text in enumerate(texts) if wanted in text)


def _plain(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())
