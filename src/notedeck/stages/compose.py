"""The compose stage: the filled note -> the frozen Deck (slides, notes, handout, chart specs)."""

from __future__ import annotations

from dataclasses import fields, replace

from notedeck import glyphs
from notedeck.figures import tables
from notedeck.model.display import charts
from notedeck.figures.formatting import Formatter
from notedeck.readers.layout import NoteLayout
from notedeck.errors import NotedeckError, Problem, Location, fail
from notedeck.deck import (Origin, BarChart, Block, Chart, ChartSlide, ContentSlide, Deck, Handout, HandoutSection, GuideLabels, Heading, Labels, Meta, strings, SectionSlide, Slide, Source as Reference, SourcesSlide, Stats, Table, TableSlide, TitleSlide, Worksheet)
from notedeck.readers.sections import Component, SectionSource, SlideSource
from notedeck.stages import reuse
from notedeck.stages.fill import FilledNote

def compose(source: FilledNote, live: bool = False) -> tuple[Deck, list[Problem]]:
    """The Deck, and warnings (e.g. a slide without speaker notes).

    `live` adds the web page's Live controls (every position of each, and everything it
    moves: the model's controls:), which only the web page shows; they cost up to a second to
    write (a slider that sets an input evaluates the model again at each position).
    """
    from notedeck.figures import controls

    specs = dict(reuse.beyond_sections("charts", source, lambda: tuple(
        (name, charts.chart(spec, source.writer))
        for name, spec in source.model.display.charts.items())))
    unknown = controls.unknown_charts(source.model.display.controls, tuple(specs))
    if unknown:
        raise NotedeckError(unknown)
    parts = _Parts(source, specs)
    warnings: list[Problem] = []
    slides: list[Slide] = [_title_slide(source)]
    handout = []
    for section in source.sections:
        said = source.fmt.say("section.notes", title=section.title, headline=section.headline)
        slides.append(SectionSlide(section.label, section.title, section.headline, (said,),
                                   Origin(str(section.file), 1), seconds=section.seconds,
                                   facilitator=tuple(section.facilitator)))
        for slide in section.slides:
            made = _facilitated(parts.slides(section, slide), slide)
            slides.extend(made)
            warnings.extend(_glyph_warnings(made, section, slide))
            if not slide.notes:
                warnings.append(Problem(Location(slide.file or section.file, slide.line),
                                        f"slide '{slide.title}' has no speaker notes "
                                        "(add a '### Notes' part)", "warning"))
        placed = parts.handout(section)
        handout.append(HandoutSection(section.label, section.title, section.headline,
                                      tuple(b for b, _ in placed), tuple(o for _, o in placed)))
    references = tuple(Reference(s.author, s.title, kind, note)
                       for s, (kind, note) in zip(source.note.sources, source.sources))
    boundaries = source.boundaries
    sources_title = source.note.sources_title or source.fmt.say("sources.title")
    slides.append(SourcesSlide(sources_title, references, boundaries, boundaries,
                               Origin(str(NoteLayout(source.content).note))))
    deck = Deck(_meta(source), tuple(slides), Handout(tuple(handout), references, boundaries),
                tuple(specs.values()),
                reuse.beyond_sections("live", source, lambda: controls.live(
                    source.model.display.controls, source.writer, _drawn(source)))
                if live else None)
    return deck, warnings


def _drawn(source: FilledNote):
    """A chart by name as a control's position gives it: the model's chart, written from the
    evaluation there."""
    declared = source.model.display.charts
    return lambda name, writer: charts.chart(declared[name], writer)


def _facilitated(made: list[Slide], slide: SlideSource) -> list[Slide]:
    """The source slide's planned time shared by the slides it makes (items make one per
    item), and its facilitator passages on the first of them."""
    if slide.seconds is None and not slide.facilitator:
        return made
    share, extra = divmod(slide.seconds, len(made)) if slide.seconds is not None else (None, 0)
    return [replace(s, seconds=None if share is None else share + (i < extra),
                    facilitator=tuple(slide.facilitator) if i == 0 else ())
            for i, s in enumerate(made)]


def _glyph_warnings(made: list[Slide], section: SectionSource, slide: SlideSource) -> list[Problem]:
    missing = glyphs.undrawable(" ".join(strings(tuple(made))))
    if not missing:
        return []
    return [Problem(Location(slide.file or section.file, slide.line),
                    f"slide '{slide.title}' uses characters no bundled font has: "
                    f"{glyphs.describe(missing)}; the handout shows them as blanks and "
                    "presenting apps substitute another font", "warning")]


def _meta(source: FilledNote) -> Meta:
    note, audience, fmt = source.note, source.audience, source.fmt
    return Meta(title=(audience.title if audience and audience.title else note.title),
                subtitle=(audience.subtitle if audience and audience.subtitle else note.subtitle),
                author=note.author, date=fmt.date(note.date),
                audience=audience.name if audience else "", footer=note.footer.text,
                build_on_slides=note.footer.build,
                subject=note.subject or note.subtitle, keywords=tuple(note.keywords),
                session=note.session, lang=fmt.locale, labels=labels(fmt), note=note.title)


def labels(fmt: Formatter) -> Labels:
    """The words renderers add, from the catalogue in the deck's language."""
    return Labels(continued_title=fmt.labels["continued.title"],
                  continued_notes=fmt.labels["continued.notes"],
                  sources=fmt.labels["handout.sources"],
                  boundaries=fmt.labels["handout.boundaries"],
                  page=fmt.labels["handout.page"], contents=fmt.labels["web.contents"],
                  skip=fmt.labels["web.skip"], worksheet=fmt.labels["worksheet.footer"],
                  name_line=fmt.labels["worksheet.name"],
                  guide=GuideLabels(**{f.name: fmt.labels[f"guide.{_KEY.get(f.name, f.name)}"]
                                       for f in fields(GuideLabels)}))


_KEY = {"for_audience": "for"}            # GuideLabels' fields by their catalogue keys


def _title_slide(source: FilledNote) -> TitleSlide:
    meta = _meta(source)
    return TitleSlide(meta.title, meta.subtitle, meta.audience, meta.date, source.title_notes,
                      Origin(str(NoteLayout(source.content).note)), meta.author)


# Table rows one build places, every placement counted: the handout lays out and draws
# each (about 32 rows a page), so 3,000 rows are some 100 pages, a few seconds.
TABLE_ROWS = 3_000


class _Parts:
    """Resolves fenced components into tables, charts, stats and items' slides."""

    def __init__(self, source: FilledNote, specs: dict):
        self.source, self.specs = source, specs
        self.display = source.model.display
        self.names = source.model.display.components()
        self.rows = 0                     # table rows placed, on slides and in the handout

    def block(self, part: Component) -> Block:
        names = self.names.get(part.kind, ())
        if part.name not in names:
            shown = part.name or "(empty)"
            expected = ("expected one of: " + ", ".join(n or "(empty)" for n in names)) \
                if names else f"this note has no {part.kind}"
            raise fail(part.file, f"unknown {part.kind} '{shown}'; {expected}", part.line)
        said = self.source.writer
        if part.kind == "chart":
            return Chart(self.specs[part.name])
        if part.kind == "table":
            made = reuse.beyond_sections(f"table\0{part.name}", self.source, lambda: tables.table(
                self.display.tables[part.name], said))
            self.rows += len(made.rows)
            if self.rows > TABLE_ROWS:
                raise fail(part.file, f"the tables placed so far hold {self.rows:,} rows; a "
                                      f"note places at most {TABLE_ROWS:,} (limit table_rows): "
                                      "place a long table once, or give it fewer rows",
                           part.line)
            return made
        return reuse.beyond_sections(f"stats\0{part.name}", self.source, lambda: tables.stats(
            self.display.stats[part.name], said))

    def slides(self, section: SectionSource, slide: SlideSource) -> list[Slide]:
        notes = tuple(slide.notes)
        listed = next((p for p in slide.blocks if isinstance(p, Component) and p.kind == "items"),
                      None)
        if listed is not None:
            self.block_name(listed)
            return self.item_slides(listed.name, section, notes,
                                    Origin(str(slide.file or section.file), slide.line))
        blocks = [self.block(p) if isinstance(p, Component) else p for p in slide.blocks]
        charts = [b for b in blocks if isinstance(b, Chart)]
        table = next((b for b in blocks if isinstance(b, Table)), None)
        rest = tuple(b for b in blocks if not isinstance(b, (Chart, Table)))
        origin = Origin(str(slide.file or section.file), slide.line)
        if len(charts) + (table is not None) > 1:
            raise fail(section.file, f"slide '{slide.title}' holds more than one chart or table;"
                                     " give each its own slide", slide.line)
        if charts:
            side = isinstance(charts[0].spec, BarChart) or any(isinstance(b, Stats) for b in rest)
            return [ChartSlide(slide.title, charts[0].spec, rest if side else (),
                               () if side else rest, notes, section.label, origin)]
        if table is not None:
            return [TableSlide(slide.title, table, rest, notes, section.label, origin)]
        return [ContentSlide(slide.title, rest, notes, section.label, origin)]

    def block_name(self, part: Component) -> None:
        names = self.names.get(part.kind, ())
        if part.name not in names:
            raise fail(part.file, f"unknown {part.kind} '{part.name or '(empty)'}'; expected "
                                  "one of: " + ", ".join(names), part.line)

    def item_slides(self, name: str, section: SectionSource, notes: tuple[str, ...],
                    origin: Origin) -> list[Slide]:
        return [ContentSlide(item.title, item.blocks,
                             (item.notes, *notes) if item.notes else notes, section.label,
                             origin)
                for item in self.source.items[name]]

    def handout(self, section: SectionSource) -> list[tuple[Block, Origin]]:
        """The section's handout blocks, each with where the note writes it."""
        blocks: list[tuple[Block, Origin]] = []
        prose = Origin(str(section.file), section.handout_line)
        for part in section.handout:
            if isinstance(part, Component):
                at = Origin(str(part.file), part.line)
                if part.kind == "items":
                    self.block_name(part)
                    for item in self.source.items[part.name]:
                        blocks += [(b, at) for b in (Heading(item.title, 3), *item.blocks)]
                else:
                    blocks.append((self.block(part), at))
            elif isinstance(part, Worksheet) and not part.title:
                blocks.append((replace(part, title=self.source.fmt.say("worksheet.title")),
                               prose))
            else:
                blocks.append((part, prose))
        return blocks
