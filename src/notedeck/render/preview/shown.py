"""What the preview shows of one build: each slide keyed by a hash of what it draws, its notes,
where in the note it comes from, and the problems placed beside the slides they concern."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from pathlib import PurePath


@dataclass(frozen=True)
class SlideShown:
    """One output slide: `key` changes exactly when its picture would."""

    key: str                       # a hash of what its picture shows
    body: str                      # a hash of what it draws but the footer and number
    number: int
    title: str
    notes: tuple[str, ...]
    file: str                      # where in the note it comes from ("" when unknown)
    line: int | None
    warnings: tuple[str, ...]      # what the layout adapted on it
    drawn: object = field(default=None, compare=False, repr=False)   # (artist, slide, meta)


def slides_shown(deck, layout, art) -> tuple[SlideShown, ...]:
    """Every slide of `layout` as the preview lists it, drawn later (and only when asked)."""
    from notedeck.render.pdfkit.slide import SlideArtist

    look, slides = layout.backgrounds, layout.slides
    if look is None:                  # no output of this build draws slides: read it here
        from notedeck.layout.lines import placed
        from notedeck.template.backgrounds import read_art

        look = read_art(layout.template)
        slides = placed(slides, layout.template, look)
    artist = SlideArtist(layout.template, look, art)
    template = hashlib.sha256(layout.template_bytes).hexdigest()
    shown = []
    for number, slide in enumerate(slides, start=1):
        origin = deck.slides[slide.source].origin if 0 <= slide.source < len(deck.slides) \
            else None
        drawn = replace(slide, notes=(), source=-1)       # what the picture shows
        key = hashlib.sha256(f"{template}\n{drawn!r}".encode("utf-8")).hexdigest()[:20]
        body = hashlib.sha256(f"{template}\n{slide.shapes!r}".encode("utf-8")).hexdigest()
        shown.append(SlideShown(key, body[:20], number, slide.title, tuple(slide.notes),
                                str(origin.file) if origin else "",
                                origin.line if origin else None,
                                tuple(str(w) for w in slide.warnings),
                                (artist, slide, deck.meta)))
    return tuple(shown)


def beside(problems, slides: tuple[SlideShown, ...]) -> tuple[dict[int, list[str]], list[str]]:
    """Each problem (errors.Problem) beside the slide it concerns, by number: the last slide
    starting at or before its line in its file; the rest, with no slide, apart."""
    placed: dict[int, list[str]] = {}
    apart = []
    for problem in problems:
        number = _slide_of(problem.where, slides)
        if number is None:
            apart.append(problem.report())
        else:
            placed.setdefault(number, []).append(problem.report())
    return placed, apart


def _slide_of(where, slides) -> int | None:
    file = PurePath(str(where.file)).as_posix()
    found = None
    for slide in slides:
        if not slide.file or not _same_file(file, slide.file):
            continue
        if where.line is None or slide.line is None or slide.line <= where.line:
            found = slide.number if where.line is not None or found is None else found
    return found


def _same_file(a: str, b: str) -> bool:
    b = PurePath(b).as_posix()
    return a == b or a.endswith("/" + b) or b.endswith("/" + a)
