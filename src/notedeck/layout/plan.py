"""Plan a deck's slides as plain data: roles, boxes, sizes, wrapped lines, continuations.

Pure: reads the Deck, the template resolved to roles (mapping.Template) and
each chart's drawn size; returns PlannedSlides that emit.py writes thinly.
Every text is measured here with the font's metrics, so nothing runs outside
its box. What cannot be made to fit is reported for every slide at once,
naming the slide, the placeholder, its layout and the template.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from typing import Mapping, Sequence

from notedeck.errors import NotedeckError
from notedeck.deck import (ChartSlide, ContentSlide, Deck, Run, SectionSlide, Slide, Source, SourcesSlide, TableSlide, TitleSlide)
from notedeck.layout import fit, measure
from notedeck.layout.blocks import FlowText, PPara, PText
from notedeck.template.geometry import Box, Frame
from notedeck.template.mapping import Template
from notedeck.layout.plan_visuals import chart_slides, table_slides, content_slides
from notedeck.layout.planned import (BODY, CAPTION, DECK_TITLE, DETAILS, FOOTER, HEADLINE, SECTION_NUMBER, SECTION_TITLE, SOURCES, SUBTITLE, TITLE, TITLE_SPACING, PlannedSlide, PPicture, Where, continued, fitted, notes, title_text)
from notedeck.layout.table import TABLE, PTable

__all__ = ["plan", "PlannedSlide", "PPicture"]
SMALLEST_FOOTER = 7          # pt: a footer narrower than the note's own may shrink this far
BYLINE = "\u2002\u00b7\u2002"    # between the author and the date, as the handout's byline


def plan(deck: Deck, art_sizes: Mapping[str, tuple[float, float]], template: Template,
         file: str = "deck.pptx", build_id: str = "", kept=None) -> tuple[PlannedSlide, ...]:
    """Every output slide, in order, with continuations, the build id (when there is one) in
    the title slide's notes or on every slide; raises one NotedeckError naming every text
    that cannot be made to fit. `kept` (a loaded process's shelf: get and put by key) holds
    each slide's pages from earlier builds, by everything its planning reads."""
    pages: list[tuple[PlannedSlide, Where, str]] = []
    problems = []
    for index, slide in enumerate(deck.slides, start=1):
        where = Where(file, index, fit.clean(getattr(slide, "title", "")), template.file,
                      slide.origin, deck.meta.labels)
        section = slide.number if isinstance(slide, SectionSlide) else getattr(slide, "section", "")
        try:
            planned, where = _fitting(slide, art_sizes, template, where) if kept is None \
                else _kept_fitting(kept, slide, art_sizes, template, where)
        except NotedeckError as exc:
            problems.extend(exc.problems)
            continue
        pages += [(replace(page, source=index - 1), where, fit.clean(section).strip())
                  for page in planned]
    footer = fit.clean(deck.meta.footer).strip()
    build = f"build {build_id}" if build_id and deck.meta.build_on_slides else ""
    out, told = [], set()
    for number, (page, where, section) in enumerate(pages, start=1):
        try:
            page = _with_footer(page, number, footer, section, template, where, build)
            if page.role == "title" and build_id and not build:   # the presenter's copy
                page = replace(page, notes=(*page.notes, f"build {build_id}"))
        except NotedeckError as exc:
            problems.extend(exc.problems)
            continue
        new = []
        for w in where.warnings:          # each once: a caption fitted on every page says so once
            if str(w) not in told:
                told.add(str(w))
                new.append(w)
        out.append(replace(page, warnings=tuple(new)))
    if problems:
        raise NotedeckError(problems)
    return tuple(out)


def warnings(slides: Sequence[PlannedSlide]) -> tuple:
    """What the planner adapted, slide by slide (texts set smaller than usual, footers left
    out), as warnings."""
    return tuple(w for slide in slides for w in slide.warnings)


def _fitting(slide: Slide, art_sizes, template: Template, where: Where
             ) -> tuple[list[PlannedSlide], Where]:
    """The slide's pages at the usual sizes; where its texts cannot fit them, at smaller
    sizes with a warning for each text set smaller than usual; else the refusal, naming the
    smallest size tried."""
    try:
        return _plan_slide(slide, art_sizes, template, where), where
    except NotedeckError:
        relaxed = where.relax()
        planned = _plan_slide(slide, art_sizes, template, relaxed)   # or its refusal
    for page in planned:
        _shrunk(page, template, relaxed)
    return planned, relaxed


def _kept_fitting(kept, slide: Slide, art_sizes, template: Template, where: Where
                  ) -> tuple[list[PlannedSlide], Where]:
    """`_fitting`, or the pages `kept` holds for the same slide in the same place, planned on
    this very template with these chart sizes (and what they warned of)."""
    said = repr((slide, where.file, where.line, where.index, where.title, where.template,
                 where.labels, sorted(art_sizes.items())))
    key = "layout\0" + hashlib.sha256(said.encode("utf-8", "surrogatepass")).hexdigest()
    found = kept.get(key)
    if found is not None and found[0] is template:
        _, pages, relaxed, warned = found
        where = where.relax() if relaxed else where
        where.warnings.extend(warned)
        return list(pages), where
    pages, where = _fitting(slide, art_sizes, template, where)
    kept.put(key, (template, tuple(pages), where.relaxed, tuple(where.warnings)))
    return pages, where


def _shrunk(page: PlannedSlide, template: Template, where: Where) -> None:
    """A warning for each text of a relaxed slide set below its usual smallest size."""
    for shape in page.shapes:
        size, slot = getattr(shape, "size", None), getattr(shape, "slot", None)
        if size is None:
            continue
        what, usual = _usual(page.role, "table" if isinstance(shape, PTable) else slot)
        if size >= usual - 1e-9:
            continue
        if slot and template.has(page.role, slot):
            place = template.frame(page.role, slot).label
            fix = f"; shorten it or enlarge {place} to set it larger"
            place = f"{place} of {where.template}"
        else:
            place, fix = "the room the layout leaves it", "; shorten it to set it larger"
        where.warn(f"{what} is set at {size:g} pt, below the {usual:g} pt notedeck otherwise "
                   f"keeps to, to fit {place}{fix}")


# The usual smallest size of each text: (role, slot) first, then slot alone.
_SMALLEST = {("title", "title"): ("the title", DECK_TITLE[1]),
             ("title", "subtitle"): ("the subtitle", SUBTITLE[1]),
             ("title", "details"): ("the audience, author and date", DETAILS[1]),
             ("section", "title"): ("the title", SECTION_TITLE[1]),
             ("section", "headline"): ("the headline", HEADLINE[1]),
             ("section", "number"): ("the section number", SECTION_NUMBER[1]),
             "title": ("the title", TITLE[1]), "body": ("the text", BODY[1]),
             "side": ("the text beside the chart", BODY[1]),
             "caption": ("the caption", CAPTION[1]), "": ("the caption", CAPTION[1]),
             "sources": ("the sources", SOURCES[1]),
             "boundaries": ("the boundaries", SOURCES[1]), "table": ("the table", TABLE[1])}


def _usual(role: str, slot: str) -> tuple[str, float]:
    return _SMALLEST.get((role, slot)) or _SMALLEST.get(slot, ("a text", BODY[1]))


def _plan_slide(slide: Slide, art_sizes, template: Template,
                where: Where) -> list[PlannedSlide]:
    match slide:
        case TitleSlide():
            return [_title_slide(slide, template, where)]
        case SectionSlide():
            return [_section_slide(slide, template, where)]
        case ContentSlide():
            return content_slides(slide, template, where)
        case TableSlide():
            return table_slides(slide, template, where)
        case ChartSlide():
            return chart_slides(slide, art_sizes, template, where)
        case SourcesSlide():
            return _sources_slides(slide, template, where)
    raise where.error(f"unknown slide type {type(slide).__name__}; known: TitleSlide, "
                      "SectionSlide, ContentSlide, TableSlide, ChartSlide, SourcesSlide")


def _with_footer(slide: PlannedSlide, number: int, footer: str, section: str,
                 template: Template, where: Where, build: str = "") -> PlannedSlide:
    """The footer ("Footer · 01 · build 2d448a03a1") and the slide number, where the role's
    layout has them (the slide number drawn by notedeck where the template has none)."""
    if not template.roles[slide.role].role.footer:
        return slide
    footer_text = digits = None
    if template.has_footer(slide.role):
        footer_text = _footer_text(template.frame(slide.role, "footer"), footer, section,
                                   build, where)
    if template.has_number(slide.role):
        digits = fitted(where, "slide number", "slide_number",
                        template.frame(slide.role, "slide_number"),
                        [PPara((Run(str(number)),), align="r")], FOOTER)
    return replace(slide, footer=footer_text, number=digits)


def _footer_text(frame, footer: str, section: str, build: str, where: Where) -> PText | None:
    """The footer at its size; in a narrow footer without the section, as small as 7 pt; in
    one too small for even that, none (with a warning naming the slide)."""
    text = " \u00b7 ".join(part for part in (footer, section, build) if part)
    try:
        return fitted(where, "footer", "footer", frame, [PPara((Run(text),))], FOOTER)
    except NotedeckError:
        pass
    text = " \u00b7 ".join(part for part in (footer, build) if part)
    try:
        return fitted(where, "footer", "footer", frame, [PPara((Run(text),))],
                      (FOOTER[0], SMALLEST_FOOTER))
    except NotedeckError:
        where.warn(f"the footer does not fit {frame.label} even at {SMALLEST_FOOTER} pt: this "
                   "slide has none")
        return None


# --- title and section ----------------------------------------------------------------

def _title_slide(slide: TitleSlide, template: Template, where: Where) -> PlannedSlide:
    def frame(slot: str) -> Frame:
        return template.frame("title", slot)

    shapes = [title_text(where, frame("title"), slide.title, DECK_TITLE)]
    subtitle = ([PPara(fit.clean_runs((Run(slide.subtitle),)))]
                if fit.clean(slide.subtitle).strip() else [])
    byline = BYLINE.join(t for t in (slide.author, slide.date) if fit.clean(t).strip())
    lines = [t for t in (slide.audience, byline) if fit.clean(t).strip()]
    separate = template.has("title", "details")
    scale = 1.0 if separate else DETAILS[0] / SUBTITLE[0]
    details = [PPara(fit.clean_runs((Run(text, bold=i == 0 and len(lines) > 1),)),
                     space_before=0.25, scale=scale) for i, text in enumerate(lines)]
    if not separate:               # the layout has one text placeholder: subtitle, then details
        subtitle, details = subtitle + details, []
    if subtitle:
        shapes.append(fitted(where, "subtitle", "subtitle", frame("subtitle"), subtitle,
                             SUBTITLE))
    if details:
        shapes.append(fitted(where, "audience, author and date", "details", frame("details"),
                             details, DETAILS))
    return PlannedSlide("title", fit.clean(slide.title), tuple(shapes), notes(slide.notes),
                        None, None)


def _section_slide(slide: SectionSlide, template: Template, where: Where) -> PlannedSlide:
    def frame(slot: str) -> Frame:
        return template.frame("section", slot)

    number = fit.clean(slide.number)
    shapes = []
    title = slide.title
    if template.has("section", "number"):
        shapes.append(fitted(where, "section number", "number", frame("number"),
                             [PPara((Run(number, bold=True),))], SECTION_NUMBER))
    elif number.strip():           # no placeholder for the number: it leads the title
        title = f"{number} \u00b7 {slide.title}"
    shapes.append(fitted(where, "title", "title", frame("title"),
                         [PPara(fit.clean_runs((Run(title, bold=True),)))], SECTION_TITLE,
                         TITLE_SPACING))
    if fit.clean(slide.headline).strip():
        shapes.append(fitted(where, "headline", "headline", frame("headline"),
                             [PPara(fit.clean_runs((Run(slide.headline),)))], HEADLINE,
                             box=_below(shapes[-1], frame("title"), frame("headline"))))
    return PlannedSlide("section", fit.clean(slide.title), tuple(shapes), notes(slide.notes),
                        None, None)


def text_height(text: PText) -> float:
    """Inches a planned text takes inside its insets."""
    heights = [len(lines) * measure.line_height(text.size * p.scale, text.line_spacing, text.face)
               for lines, p in zip(text.lines, text.paras)]
    spaces = [p.space_before * text.size * p.scale for p in text.paras[1:]]
    return (sum(heights) + sum(spaces)) / measure.PT_PER_IN


def _below(above: PText, above_frame: Frame, frame: Frame, gap: float = 0.3) -> Box | None:
    """The frame's box moved up to sit `gap` under a top-anchored text that leaves room."""
    if above_frame.anchor != "t" or above_frame.box.y > frame.box.y:
        return None
    y = above_frame.box.y + above_frame.insets[1] + text_height(above) + gap
    if y >= frame.box.y:
        return None
    return Box(frame.box.x, y, frame.box.w, frame.box.bottom - y)


def _shrink_to_text(text: PText, frame: Frame) -> PText:
    """A filled panel only as tall as its text."""
    h = text_height(text) + frame.insets[1] + frame.insets[3] + 0.05
    if frame.anchor != "t" or h >= frame.box.h:
        return text
    box = Box(frame.box.x, frame.box.y, frame.box.w, h)
    return replace(text, box=box)


# --- sources -------------------------------------------------------------------------

def _source_paras(source: Source, look) -> list[PPara]:
    head = fit.clean_runs((Run(f"{source.author}, "), Run(source.title, italic=True),
                           Run(f". {source.kind}" if source.kind else "")))
    paras = [PPara(head, space_before=0.7)]
    if fit.clean(source.note).strip():
        paras.append(PPara(fit.clean_runs((Run(source.note),)), space_before=0.15, scale=0.85,
                           colour=look.muted))
    return paras


def _boundary_paras(slide: SourcesSlide) -> list[PPara]:
    return [PPara(fit.clean_runs((Run(text),)), space_before=0.6)
            for text in slide.boundaries if fit.clean(text).strip()]


def _unit_paras(unit, look) -> list[PPara]:
    return _source_paras(unit, look) if isinstance(unit, Source) else list(unit)


def _sources_slides(slide: SourcesSlide, template: Template,
                    where: Where) -> list[PlannedSlide]:
    frame = template.frame("sources", "sources")
    look = template.look("sources")
    flow = FlowText(frame)
    boundaries = _boundary_paras(slide)
    panel = _panel(template, boundaries, where)
    units: list = list(slide.sources)
    if boundaries and panel is None:   # no room beside: the boundaries follow the sources
        units.append(tuple(boundaries))

    def height(page: Sequence, size: float) -> float:
        return flow.height([p for unit in page for p in _unit_paras(unit, look)], size)

    result = fit.split(units, height, frame.box.h, *where.sizes(SOURCES))
    if result is None:
        raise where.too_big("", frame, where.sizes(SOURCES)[1], "a source does not fit")
    out = []
    for page_no, page in enumerate(result.pages):
        title = slide.title if page_no == 0 else where.continued(slide.title, page_no)
        shapes = [title_text(where, template.frame("sources", "title"), title)]
        if page:
            paras = [p for unit in page for p in _unit_paras(unit, look)]
            shapes.append(flow.text("sources", paras, result.size))
        if panel is not None and page_no == 0:
            shapes.append(panel)
        page_notes = (notes(slide.notes) if page_no == 0
                      else continued(slide.title, slide.notes, where))
        out.append(PlannedSlide("sources", fit.clean(title), tuple(shapes), page_notes,
                                None, None))
    return out


def _panel(template: Template, boundaries: list[PPara], where: Where) -> PText | None:
    """The boundaries in their own placeholder beside the sources, when the layout has one
    and they fit it; else None."""
    if not boundaries or not template.has("sources", "boundaries"):
        return None
    side = template.frame("sources", "boundaries")
    try:
        return _shrink_to_text(fitted(where, "boundaries", "boundaries", side, boundaries,
                                      SOURCES), side)
    except NotedeckError:
        return None
