"""The page's live parts, from the Deck's Live: panels, blocks that follow controls, cursors."""

from __future__ import annotations

from collections.abc import Callable

from notedeck.deck import BarChart, LineChart, Live, Panel, Readout, Stats, Varying, drawable
from notedeck.errors import fail
from notedeck.render.web.columns import Columns, mapped
from notedeck.render.web.controls import Drawn, control_html
from notedeck.render.web.html import Ids, el, esc
from notedeck.render.web.svg import PLOT, n, scales


class LivePage:
    """Builds the live parts of one page and collects the columns they look up."""

    def __init__(self, live: Live, ids: Ids):
        self.live, self.ids = live, ids
        self.columns = Columns(live.start)
        self.drawn = Drawn(self.columns, ids)

    @property
    def rules(self) -> list[str]:
        """CSS the controls need (their ticks' places)."""
        return self.drawn.rules

    def data(self) -> dict:
        return self.columns.data()

    # --- charts ------------------------------------------------------------------------

    def around(self, name: str, static: str) -> str:
        """A chart's HTML with the panels placed at it: after it, or in its place (the static
        chart kept for print) when the panel shows the chart itself."""
        html = static
        for panel in self.live.panels:
            if panel.chart != name:
                continue
            shown = self.panel(panel)
            if any(_shows_chart(block, name) for block in panel.shows):
                html = shown + el("div", html, class_="static")
            else:
                html = html + shown
        return html

    def overlay(self, spec) -> str:
        """A line at each cursor's x and a dot at its (x, y), in the plot's 0..PLOT square."""
        parts = []
        for cursor in (c for c in self.live.cursors if c.chart == spec.name):
            x_axis, y_axis = chart_axes(spec)
            x = mapped(cursor.x, lambda v: n(x_axis.at(v) * PLOT), "x")
            y = mapped(cursor.y, lambda v: n((1 - y_axis.at(v)) * PLOT), "y")
            line = _attrs(self.columns.bound({"x1": x, "x2": x}))
            dot = _attrs(self.columns.bound({"x1": x, "x2": x, "y1": y, "y2": y}))
            parts.append(f'<line class="now" y1="0" y2="{n(PLOT)}"{line}/>'
                         f'<line class="dot"{dot}/>')
        return "".join(parts)

    def follows(self, name: str) -> str | None:
        """The choice whose chosen item's series stands out on chart `name`, if any."""
        return next((e.control for e in self.live.emphases if e.chart == name), None)

    # --- panels and blocks -------------------------------------------------------------

    def panel(self, panel: Panel) -> str:
        parts = [control_html(control, self.drawn) for control in panel.controls]
        parts += [self.shown(block) for block in panel.shows]
        slot = self.columns.slot(panel.announce) if panel.announce is not None else None
        return el("div", "".join(parts) + el("p", "", class_="sr-only", role="status",
                                             data_announce=slot),
                  class_="panel live", role="group", aria_label=panel.label)

    def shown(self, block) -> str:
        if isinstance(block, Readout):
            return el("dl", "".join(
                el("div", el("dt", esc(r.label))
                   + self.columns.text("dd", r.value, class_="figure")
                   + (self.columns.text("dd", r.detail, class_="detail") if r.detail else ""))
                for r in block.items), class_="readout")
        draw = SHOWN.get(type(block.flat()[0]))
        if draw is None:
            raise fail("web page", f"cannot show a live {type(block.flat()[0]).__name__}")
        return draw(self, block)

    def standing_for(self, block) -> Varying | None:
        """The live block shown in place of a Deck block: the one equal to it at the start."""
        return next((v for v in self.live.blocks if self.columns.first(v) == block), None)

    def sentence(self, value: Varying) -> str:
        return self.columns.text("p", (value,), class_="sentence")

    def stats(self, value: Varying) -> str:
        """Stats whose values and details follow the controls; labels stay."""
        items = []
        for k, stat in enumerate(self.columns.first(value).items):
            items.append(stat_html(
                stat.label,
                self.columns.text("dd", (mapped(value, lambda s: s.items[k].value, f"stat{k}"),),
                                  class_="value"),
                self.columns.text("dd", (mapped(value, lambda s: s.items[k].detail,
                                                f"stat{k}_detail"),), class_="detail")))
        return el("dl", "".join(items), class_="stats live")

    def bars(self, value: Varying) -> str:
        return bar_chart(self.columns.first(value), self.ids, self.columns, value)


# What a panel or a live block can show, by the type of its values (a control is one entry in
# controls.KINDS). Every text is a column of precomputed values (columns.py): the script only
# looks strings up.
SHOWN: dict[type, Callable[[LivePage, Varying], str]] = {
    str: LivePage.sentence, Stats: LivePage.stats, BarChart: LivePage.bars}


def chart_axes(spec):
    """The scales a line chart is drawn on, to place a cursor in the same spot."""
    drawn = drawable(spec)
    if isinstance(drawn, LineChart):
        return scales(drawn)
    raise fail("web page", f"cannot place a cursor on a {type(spec).__name__} chart")


def _shows_chart(block, name: str) -> bool:
    return isinstance(block, Varying) and getattr(block.flat()[0], "name", None) == name


def stat_html(label: str, value: str, detail: str) -> str:
    return el("div", el("dt", esc(label)) + value + detail, class_="stat")


def static_stats(stats: Stats) -> str:
    return el("dl", "".join(stat_html(s.label, el("dd", esc(s.value), class_="value"),
                                      el("dd", esc(s.detail), class_="detail") if s.detail else "")
                            for s in stats.items), class_="stats")


def _attrs(values: dict[str, str | None]) -> str:
    return "".join(f' {k}="{esc(v)}"' for k, v in values.items() if v is not None)


def bar_chart(chart: BarChart, ids: Ids, columns: Columns | None = None,
              live: Varying | None = None) -> str:
    """Horizontal bars, a row each: label and total, the bar split into its segments (SVG), the
    segments' values in words; with `live`, the chart at every position, its texts and lengths
    following the controls."""
    def text(tag, name, pick, **attrs):
        if live is None:
            return el(tag, esc(pick(chart)), **attrs)
        return columns.text(tag, (mapped(live, pick, name),), **attrs)

    bars = []
    for k, bar in enumerate(chart.bars):
        # The text beside each bar is what its SVG's title and description say: shown
        # once to the eye, read once (from the SVG) by a screen reader.
        head = el("p", el("span", esc(bar.label), class_="bar-label") + " "
                  + text("strong", f"bar{k}_total", lambda c: c.bars[k].total_label,
                         class_="bar-total"), class_="bar-head", aria_hidden="true")
        tid, did = ids.new("bar-title"), ids.new("bar-desc")
        svg_title = text("title", f"bar{k}_title",
                         lambda c: f"{c.bars[k].label}: {c.bars[k].total_label}", id=tid)
        svg_desc = text("desc", f"bar{k}_desc", lambda c: ", ".join(
            f"{s.label} {s.value_label}" for s in c.bars[k].segments), id=did)
        rects = "".join(_segment(chart, k, j, columns, live) for j in range(len(bar.segments)))
        svg = (f'<svg class="bar-svg" viewBox="0 0 {n(PLOT)} 40" preserveAspectRatio="none" '
               f'role="img" aria-labelledby="{tid}" aria-describedby="{did}" '
               f'xmlns="http://www.w3.org/2000/svg">{svg_title}{svg_desc}{rects}</svg>')
        shares = " · ".join(
            f'<span class="swatch seg-{j}" aria-hidden="true"></span>{esc(s.label)} '
            + text("strong", f"bar{k}_share{j}", lambda c, j=j: c.bars[k].segments[j].value_label)
            for j, s in enumerate(bar.segments))
        bars.append(el("div", head + svg + el("p", shares, class_="bar-shares", aria_hidden="true"),
                       class_="bar"))
    return el("figure", text("figcaption", "title", lambda c: c.title) + "".join(bars),
              class_="bars")


def _segment(chart: BarChart, k: int, j: int, columns: Columns | None,
             live: Varying | None) -> str:
    """Segment j of bar k in the bar's 1000 x 40 box: end to end with the others (stacked),
    or a band of the box of its own (side by side)."""
    layers = 1 if chart.stacked else len(chart.bars[k].segments)
    y, height = ("0", "40") if chart.stacked else (n(40 * j / layers), n(40 / layers))

    def geometry(c: BarChart) -> tuple[str, str]:
        lengths = c.lengths()[k]
        return n((sum(lengths[:j]) if c.stacked else 0) * PLOT), n(lengths[j] * PLOT)

    if live is None:
        x, width = geometry(chart)
        return f'<rect class="seg-{j}" x="{x}" y="{y}" width="{width}" height="{height}"/>'
    bound = _attrs(columns.bound({"x": mapped(live, lambda c: geometry(c)[0], f"bar{k}_x{j}"),
                                  "width": mapped(live, lambda c: geometry(c)[1],
                                                  f"bar{k}_w{j}")}))
    return f'<rect class="seg-{j}" y="{y}" height="{height}"{bound}/>'
