"""What a loaded process (watch, serve) reuses from one build to the next, each step keyed by what it reads.

A Session lives as long as the process that watches the note. While a build runs
`using(session)`, every file the readers read is recorded with the hash of its
bytes (readers/reads.py), and these steps look on the session's shelves first:

- the template made safe, by its name and bytes;
- the model, by model.yaml's path and text;
- its figures, by that very Model and the scenario's values: a kept evaluation
  is handed out as a copy (`Evaluation.again`), its values shared and its steps
  left as they were after evaluating, so each build spends its own;
- every figure's name and text, compose's charts, tables and stats and the web
  page's live controls, by every file the build read but its sections (the
  model, the scenario, the note, its words and audience);
- each filled section, by its file and bytes and by every other file the build
  read (what its placeholders and an audience's passages can depend on);
- each slide's pages as the layout planned them, by the slide, its place and
  the template and chart sizes it was planned with (layout/plan.py keys them);
- what the renderers keep on their shelves (render/kept.py): deck.pptx's copies
  of each slide layout's placeholders, by the template's bytes; its native
  charts' parts (chart XML and workbook), by the template's bytes, the planned
  chart (its data, text, box, colours and face) and the fixed time; and each
  slide as written (its XML, its notes slide's, what it relates to), by the
  template, the slide as planned, the deck's language, the fixed time and its
  pictures.

A kept value charges the build's step and placeholder budgets what making it
spent, so the limits hold as in a fresh process.

Anything the key cannot vouch for (a value of an unknown type, a file that
changed while the build read it) is a miss. Without a session every step
computes, as a plain build does.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any

from notedeck.infra.shelf import Shelf
from notedeck.readers import reads

MODELS = 4                  # model.yaml texts kept (an edit, and the one before it)
TEMPLATES, TEMPLATE_BYTES = 2, 100_000_000    # templates made safe, read and repacked
FIGURES = 16                # evaluations kept: one per audience of a few, each two ways
SECTIONS = 400              # filled sections kept ...
SECTION_CHARACTERS = 4_000_000      # ... made from this much text at most (as written and
                                    # as placeholders printed it)
SLIDES = 1_200              # slides laid out: a 1,000-slide note, and what its edits change
LAYOUTS = 64                # a template's slide layouts, as deck.pptx copies them
CHARTS, CHART_BYTES = 256, 32_000_000   # native charts' parts, as deck.pptx wrote them
WRITTEN, WRITTEN_BYTES = 1_200, 64_000_000     # slides as deck.pptx wrote them (XML, notes)
COMPOSED = 64               # names, charts, live controls, each table and stats: a few variants


class Session:
    """The shelves one watching process keeps, bounded; nothing here is ever written out."""

    def __init__(self):
        self.models = Shelf(MODELS)
        self.templates = Shelf(TEMPLATES, TEMPLATE_BYTES)
        self.figures = Shelf(FIGURES)
        self.sections = Shelf(SECTIONS, SECTION_CHARACTERS)
        self.composed = Shelf(COMPOSED)
        self.shelves = {"layout": Shelf(SLIDES),            # and the renderers' (render/kept.py)
                        "pptx.copies": Shelf(LAYOUTS),
                        "pptx.charts": Shelf(CHARTS, CHART_BYTES),
                        "pptx.slides": Shelf(WRITTEN, WRITTEN_BYTES)}


@dataclass(frozen=True)
class _Build:
    session: Session
    reads: reads.Reads


_current: ContextVar[_Build | None] = ContextVar("notedeck_session", default=None)


@contextmanager
def using(session: Session | None) -> Iterator[None]:
    """The build inside the block reuses what `session` kept, and keeps what it makes."""
    if session is None:
        yield
        return
    from notedeck.render import kept

    with reads.recording() as log, kept.keeping(session.shelves):
        token = _current.set(_Build(session, log))
        try:
            yield
        finally:
            _current.reset(token)


def model(path, text: str, read: Callable[[], Any]):
    """The Model `read()` makes of model.yaml's `text`, kept by path and text."""
    build = _current.get()
    if build is None:
        return read()
    key = _key("model", str(path), text)
    found = build.session.models.get(key)
    if found is None:
        found = read()
        build.session.models.put(key, found)
    return found


def shelf(name: str) -> Shelf | None:
    """The session's shelf for a later stage to keep its own values on, by keys it makes from
    everything the value is made from (the layout's pages of each slide); None without one."""
    build = _current.get()
    return None if build is None else build.session.shelves[name]


def template(data: bytes, name: str, make: Callable[[], Any]):
    """The template `make()` makes safe from `data`, kept by its name and bytes."""
    build = _current.get()
    if build is None:
        return make()
    key = _key("template", name, hashlib.sha256(data).hexdigest())
    found = build.session.templates.get(key)
    if found is None:
        found = make()
        build.session.templates.put(key, found, weight=len(data) + len(found.data))
    return found


def figures(model, inputs):
    """`model.evaluate(inputs)`, or a copy of the evaluation kept for that Model and values."""
    build = _current.get()
    values = _plain(inputs.values) if build is not None else None
    if values is None:
        return model.evaluate(inputs)
    key = _key("figures", values)
    kept = build.session.figures.get(key)
    if kept is not None and kept.model is model:
        return kept.again(inputs)
    evaluation = model.evaluate(inputs)
    build.session.figures.put(key, evaluation.again(inputs))   # as evaluated: nothing spent
    return evaluation


def names(make: Callable, read, said):
    """`make(read, said)`: every figure's name and text, the scenario's prose filled into
    them and recorded on the writer `said`; or the names kept for the same bytes of every file
    the build read but its sections (the model, the scenario, the note, its words)."""
    build = _current.get()
    others = _beyond(build, read.sections)
    if others is None:
        return make(read, said)
    steps, key = said.evaluation.run.budget, _key("names", others)
    kept = build.session.composed.get(key)
    if kept is None or not kept.charged(steps):
        kept = _made(lambda: (make(read, said), dict(said.filled), dict(said.prose)), steps)
        build.session.composed.put(key, kept)
    made, filled, prose = kept.value
    said.filled.update(filled)
    said.prose = dict(prose)
    return made


def sections(fill: Callable, texts) -> Callable:
    """`fill(text, names, overlay)` for each of the build's section `texts`, or the section
    kept for the same file bytes and the same other files read (the names and the overlay
    are made from those alone)."""
    build = _current.get()
    others = _beyond(build, texts)
    if others is None:
        return fill

    def kept(text, names, overlay):
        own = build.reads.files.get(str(text.file))
        if own is None:
            return fill(text, names, overlay)
        key = _key("section", str(text.file), own, others)
        found = build.session.sections.get(key)
        if found is None or not found.charged():
            found = _made(lambda: fill(text, names, overlay))
            weight = len(text.body) + found.placeholders[1] + 1     # as written, and printed
            build.session.sections.put(key, found, weight=weight)
        return found.value
    return kept


def beyond_sections(step: str, source, make: Callable[[], Any]) -> Any:
    """`make()`, a value compose writes from the figures and the model's words alone (its
    charts, tables and stats, the web page's live controls), or the one kept for the same
    bytes of every file the build read but its sections."""
    build = _current.get()
    others = _beyond(build, source.sections)
    if others is None:
        return make()
    steps, key = source.evaluation.run.budget, _key(step, others)
    found = build.session.composed.get(key)
    if found is None or not found.charged(steps):
        found = _made(make, steps)
        build.session.composed.put(key, found)
    return found.value


@dataclass(frozen=True)
class _Kept:
    """A value kept, with what making it spent of the evaluation's steps and of the build's
    placeholder budget: a build that reuses it is charged the same, so the limits hold as in a
    fresh process. Where the charge does not fit, the value is made again (and fails as a
    first making would)."""

    value: Any
    steps: int = 0
    placeholders: tuple[int, int] = (0, 0)       # steps, characters printed

    def charged(self, steps=None) -> bool:
        from notedeck.prose import budget

        if steps is not None and self.steps > steps.left:
            return False
        if not budget.charged(*self.placeholders):
            return False
        if steps is not None:
            steps.spend(self.steps)
        return True


def _made(make: Callable[[], Any], steps=None) -> _Kept:
    from notedeck.prose import budget       # Jinja's: not for a build the records keep

    left, before = (steps.left if steps is not None else 0), budget.spent()
    value = make()
    after = budget.spent()
    printed = (after[0] - before[0], after[1] - before[1]) if before and after else (0, 0)
    return _Kept(value, (left - steps.left) if steps is not None else 0, printed)


def _beyond(build: _Build | None, sections) -> str | None:
    """The hash of every file the build read but the section files; None without a session or
    when the reads cannot vouch for it."""
    if build is None:
        return None
    return build.reads.digest(leaving={str(section.file) for section in sections})


def _key(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


_SCALARS = (str, int, bool, Fraction, Decimal, date, type(None))


def _plain(value: Any) -> str | None:
    """A scenario's values as text that tells any two different ones apart; None when a value
    is of a kind this cannot vouch for."""
    out: list[str] = []
    return "\n".join(out) if _written(value, out) else None


def _written(value: Any, out: list[str]) -> bool:
    if type(value) in _SCALARS:
        out.append(f"{type(value).__name__}:{value!r}")
        return True
    if isinstance(value, dict):
        out.append(f"{{{len(value)}")
        return all(isinstance(name, str) and _written(name, out) and _written(child, out)
                   for name, child in value.items())
    if isinstance(value, (list, tuple)):
        out.append(f"{type(value).__name__}{len(value)}")
        return all(_written(child, out) for child in value)
    return False
