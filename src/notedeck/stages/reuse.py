"""What a loaded process (watch, serve) reuses from one build to the next, each step keyed by what it reads.

A Session lives as long as the process that watches the note. While a build runs
`using(session)`, every file the readers read is recorded with the hash of its
bytes (readers/reads.py), and three steps look on the session's shelves first:

- the model, by model.yaml's path and text;
- its figures, by that very Model and the scenario's values: a kept evaluation
  is handed out as a copy (`Evaluation.again`), its values shared and its steps
  left as they were after evaluating, so each build spends its own;
- each filled section, by its file and bytes and by every other file the build
  read (what its placeholders and an audience's passages can depend on). It
  charges the build's placeholder budget what its filling charged.

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
from notedeck.prose import budget
from notedeck.readers import reads

MODELS = 4                  # model.yaml texts kept (an edit, and the one before it)
FIGURES = 16                # evaluations kept: one per audience of a few, each two ways
SECTIONS = 1_000            # filled sections kept ...
SECTION_CHARACTERS = 8_000_000      # ... made from this much section text at most
COMPOSED = 16               # charts and live controls: two values a variant, a few variants


class Session:
    """The shelves one watching process keeps, bounded; nothing here is ever written out."""

    def __init__(self):
        self.models = Shelf(MODELS)
        self.figures = Shelf(FIGURES)
        self.sections = Shelf(SECTIONS, SECTION_CHARACTERS)
        self.composed = Shelf(COMPOSED)


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
    with reads.recording() as log:
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


def sections(fill: Callable, texts) -> Callable:
    """`fill(text, names, overlay)` for each of the build's section `texts`, or the section
    kept for the same file bytes and the same other files read (the names and the overlay
    are made from those alone)."""
    build = _current.get()
    if build is None:
        return fill
    others = build.reads.digest(leaving={str(text.file) for text in texts})

    def kept(text, names, overlay):
        own = build.reads.files.get(str(text.file))
        if own is None or others is None:
            return fill(text, names, overlay)
        key = _key("section", str(text.file), own, others)
        found = build.session.sections.get(key)
        if found is not None and budget.charged(*found[1]):
            return found[0]
        before = budget.spent()
        filled = fill(text, names, overlay)
        after = budget.spent()
        spent = (after[0] - before[0], after[1] - before[1]) if before and after else (0, 0)
        build.session.sections.put(key, (filled, spent), weight=len(text.body) + 1)
        return filled
    return kept


def beyond_sections(step: str, source, make: Callable[[], Any]) -> Any:
    """`make()`, a value compose writes from the figures and the model's words alone (its
    charts, the web page's live controls), or the one kept for the same bytes of every file
    the build read but its sections. A kept value charges the evaluation's steps what making
    it spent; where that does not fit, it is made again (and fails as a first making would)."""
    build = _current.get()
    others = build.reads.digest(leaving={str(s.file) for s in source.sections}) \
        if build is not None else None
    if others is None:
        return make()
    steps, key = source.evaluation.run.budget, _key(step, others)
    found = build.session.composed.get(key)
    if found is not None and found[1] <= steps.left:
        steps.spend(found[1])
        return found[0]
    before = steps.left
    made = make()
    build.session.composed.put(key, (made, before - steps.left))
    return made


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
