"""The Deck's blocks as semantic HTML; charts as inline SVG; live where the Deck has Live controls."""

from __future__ import annotations

from notedeck.errors import fail
from notedeck.deck import (BarChart, Block, BulletList, Callout, Chart, Heading, LineChart,
                           Paragraph, Stats, Table, Worksheet, drawable)
from notedeck.render.web.html import Ids, el, esc, runs
from notedeck.render.web.live import LivePage, bar_chart, static_stats
from notedeck.render.web.svg import (NARROW, SHAPES, WIDE, column_svg, line_svg, marker,
                                     series_colour)


class Blocks:
    """Turns blocks into HTML for one page; `live` is None when the Deck has no Live controls."""

    def __init__(self, ids: Ids, live: LivePage | None):
        self.ids, self.live = ids, live
        self.last_heading = 2

    def section(self) -> None:
        """A new section (its title an <h2>): headings inside it start at <h3>."""
        self.last_heading = 2

    def html(self, block: Block) -> str:
        match block:
            case Paragraph(runs=text):
                return el("p", runs(text))
            case Heading(text=text, level=level):     # never skip a level (h2 to h4)
                self.last_heading = min(level + 1, self.last_heading + 1, 6)
                return el(f"h{self.last_heading}", esc(text))
            case BulletList(items=items, ordered=ordered):
                return el("ol" if ordered else "ul", "".join(el("li", runs(i)) for i in items))
            case Callout(runs=text):
                return el("p", runs(text), class_="callout")
            case Table():
                return self.table(block)
            case Stats():
                return self.stats(block)
            case Worksheet():
                return self.worksheet(block)
            case Chart(spec=spec):
                return self.chart(spec)
        raise fail("web page", f"cannot show a {type(block).__name__} block")

    def table(self, table: Table) -> str:
        cid = self.ids.new(f"table-{table.name}")
        head = "".join(el("th", esc(h), scope="col", class_=a) for h, a in
                       zip(table.header, table.align))
        rows = []
        for index, row in enumerate(table.rows):
            cells = [el("th", esc(row[0]), scope="row", class_=table.align[0])]
            cells += [el("td", esc(c), class_=a) for c, a in zip(row[1:], table.align[1:])]
            rows.append(el("tr", "".join(cells),
                           class_="featured" if index == table.highlight else None))
        body = (el("caption", esc(table.caption), id=cid) + el("thead", el("tr", head))
                + el("tbody", "".join(rows)))
        return el("div", el("table", body), class_="table-wrap")

    def stats(self, stats: Stats) -> str:
        standing = self.live.standing_for(stats) if self.live else None
        if standing is not None:
            return self.live.stats(standing) + static_stats(stats).replace(
                'class="stats"', 'class="stats static"', 1)
        return static_stats(stats)

    def worksheet(self, sheet: Worksheet) -> str:
        hid = self.ids.new("worksheet")
        items = []
        for prompt in sheet.prompts:
            tid = self.ids.new("prompt")
            items.append(el("li", el("label", el("strong", esc(prompt.title)), for_=tid)
                            + el("p", esc(prompt.hint), class_="hint", id=f"{tid}-hint")
                            + el("textarea", "", id=tid, rows=str(max(prompt.lines, 2)),
                                 aria_describedby=f"{tid}-hint")))
        return el("section", el("h3", esc(sheet.title), id=hid) + el("ol", "".join(items)),
                  class_="worksheet", aria_labelledby=hid)

    def chart(self, spec) -> str:
        drawn = drawable(spec)
        if isinstance(drawn, LineChart):
            static = self.lines(drawn)
        elif isinstance(drawn, BarChart):
            static = self.bars(drawn)
        else:
            raise fail("web page", f"cannot draw a {type(spec).__name__} chart")
        return self.live.around(spec.name, static) if self.live else static

    def _overlay(self, spec) -> str:
        return self.live.overlay(spec) if self.live else ""

    def lines(self, spec: LineChart) -> str:
        """Wide and narrow SVG, the named lines' legend, and the points' labels listed for the
        narrow frame, which does not draw them."""
        overlay = self._overlay(spec)
        named = [(i, line) for i, line in enumerate(spec.lines) if line.named]
        after = el("ul", "".join(el("li", _legend_key(i) + esc(line.label), data_item=str(i))
                                 for i, line in named), class_="legend") if named else ""
        points = [p for line in spec.lines for p in line.points]
        if points:
            after += el("ul", "".join(el("li", esc(p.label)) for p in points),
                        class_="marks narrow")
        return self._figure(spec, line_svg(spec, WIDE, self.ids, overlay),
                            line_svg(spec, NARROW, self.ids, overlay, labels=False), after,
                            f"{spec.name}-figure")

    def bars(self, spec: BarChart) -> str:
        """Across: a row per bar (live.bar_chart); upright: columns in one SVG, with a legend
        of the series when there are several."""
        if spec.horizontal:
            return bar_chart(spec, self.ids)
        series = spec.bars[0].segments if spec.bars else ()
        keys = el("ul", "".join(el("li", _swatch(j) + esc(s.label)) for j, s in enumerate(series)),
                  class_="legend") if len(series) > 1 else ""
        return el("figure", el("figcaption", esc(spec.title)) + column_svg(spec, WIDE, self.ids)
                  + keys, class_=f"chart-figure {spec.name}-figure")

    def _figure(self, spec, wide: str, narrow: str, after: str, kind: str) -> str:
        """A chart drawn wide and narrow; its series follow a choice where the page has one."""
        follows = self.live.follows(spec.name) if self.live else None
        return el("figure", el("figcaption", esc(spec.title)) + el("div", wide, class_="wide")
                  + el("div", narrow, class_="narrow") + after, class_=f"chart-figure {kind}",
                  data_follows=follows)


def _legend_key(index: int) -> str:
    colour = series_colour(index)
    return (f'<svg class="key" viewBox="0 0 28 14" width="28" height="14" aria-hidden="true" '
            f'xmlns="http://www.w3.org/2000/svg"><line x1="1" x2="27" y1="7" y2="7" '
            f'stroke="{colour}" stroke-width="2.5"/>'
            + marker(SHAPES[index % len(SHAPES)], 14, 7, 4, fill=colour) + "</svg>")


def _swatch(index: int) -> str:
    return f'<span class="swatch seg-{index}" aria-hidden="true"></span>'
