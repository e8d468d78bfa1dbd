"""The live dial and check slider: controls, readouts and the precomputed strings they show.

The page's script only looks strings up: every text it can show is a column of
the Explorer's formatted figures, indexed by the controls' positions. A column
whose value never changes is written into the page once and not embedded.
"""

from __future__ import annotations

from notedeck.deck import BarChart, CheckPosition, Explorer, LineChart, Stats, fill_slots
from notedeck.render.web.html import Ids, el, esc
from notedeck.render.web.svg import PLOT, n, scales

# Which control positions index a group's columns, in order (the script mirrors this).
GROUPS = {"dial": ("dial",), "reading": ("workload", "dial"), "workload": ("workload",),
          "check": ("check",)}
THUMB_PX = 24            # the range thumb's width, in CSS pixels (page.css)
# The charts the Explorer's controls move, by name: an overlay on the chart, a panel after it.
ATTACHED = {"dial": ("dial_overlay", "dial_panel"), "speedup": ("speedup_overlay", None),
            "bottleneck": (None, "check_panel")}


class Live:
    """Builds the live parts of one page and collects the columns they look up."""

    def __init__(self, explorer: Explorer, ids: Ids):
        self.explorer, self.ids = explorer, ids
        self.start = {"dial": explorer.dial_start, "workload": 0, "check": explorer.check_start}
        self.columns: dict[str, dict[str, list]] = {group: {} for group in GROUPS}
        self.rules: list[str] = []             # CSS placing the controls' ticks

    # --- columns -----------------------------------------------------------------------

    def first(self, group: str, values: list):
        for position in GROUPS[group]:
            values = values[self.start[position]]
        return values

    def slot(self, group: str, name: str, values: list) -> str | None:
        """The column's name for the script, or None when every value is the same."""
        flat = [v for row in values for v in row] if group == "reading" else values
        if len(set(flat)) <= 1:
            return None
        self.columns[group][name] = values
        return f"{group}.{name}"

    def text(self, tag: str, group: str, name: str, values: list, **attrs) -> str:
        return el(tag, esc(self.first(group, values)),
                  data_slot=self.slot(group, name, values), **attrs)

    def bound(self, pairs: dict[str, tuple[str, str, list]]) -> dict[str, str]:
        """Attributes at their first values, and data-attr naming the columns that change them."""
        values = {attr: str(self.first(group, column)) for attr, (group, _, column) in pairs.items()}
        slots = [f"{attr}={slot}" for attr, (group, name, column) in pairs.items()
                 if (slot := self.slot(group, name, column))]
        return {**values, "data-attr": " ".join(slots) or None}

    def data(self) -> dict:
        """The figures the script looks up, as JSON-ready data."""
        return {"start": self.start,
                "stops": {"dial": [i for i, p in enumerate(self.explorer.dial) if p.stop],
                          "check": [i for i, p in enumerate(self.explorer.checks) if p.stop]},
                "slots": {group: columns for group, columns in self.columns.items() if columns}}

    def for_chart(self, spec) -> "Attached | None":
        """What of the Explorer a chart carries, found by the chart's name."""
        return Attached(self, spec.name) if spec.name in ATTACHED else None

    # --- the dial ----------------------------------------------------------------------

    def dial_overlay(self, spec: LineChart) -> str:
        """A line at the dial's speed and a dot where the chosen workload's line crosses it."""
        x_axis, y_axis = scales(spec)
        xs = [n(x_axis.at(p.speed) * PLOT) for p in self.explorer.dial]
        ys = [[n((1 - y_axis.at(p.readings[w].seconds)) * PLOT) for p in self.explorer.dial]
              for w in range(len(self.explorer.workloads))]
        line = _attrs(self.bound({"x1": ("dial", "x", xs), "x2": ("dial", "x", xs)}))
        dot = _attrs(self.bound({"x1": ("dial", "x", xs), "x2": ("dial", "x", xs),
                                 "y1": ("reading", "y", ys), "y2": ("reading", "y", ys)}))
        return (f'<line class="now" y1="0" y2="{n(PLOT)}"{line}/>'
                f'<line class="dot"{dot}/>')

    def dial_panel(self) -> str:
        x = self.explorer
        words = x.words
        names = [c.name for c in x.workloads]
        group = self.ids.new("workload")
        radios = "".join(
            f'<label class="choice"><input type="radio" name="{group}" value="{i}" '
            f'data-control="workload"{" checked" if i == 0 else ""}> {esc(name)}</label>'
            for i, name in enumerate(names))
        picker = el("fieldset", el("legend", esc(words.workload)) + radios, class_="picker")
        speeds = [p.label for p in x.dial]
        control = self.control("dial", words.dial, speeds,
                               [(i, p.stop) for i, p in enumerate(x.dial) if p.stop],
                               words.dial_stops)
        times = [[p.readings[w].time for p in x.dial] for w in range(len(names))]
        sentences = [[p.readings[w].sentence for p in x.dial] for w in range(len(names))]
        at = esc(words.at).split("{speed}")
        readout = el("dl", _reading(
            words.tokens,
            self.text("dd", "workload", "tokens", [c.tokens for c in x.workloads], class_="figure"),
            self.text("dd", "workload", "detail", [c.detail for c in x.workloads],
                      class_="detail"))
            + _reading(words.writing,
                       self.text("dd", "reading", "time", times, class_="figure"),
                       el("dd", at[0] + self.text("span", "dial", "label", speeds)
                          + "".join(at[1:]), class_="detail")), class_="readout")
        sentence = self.text("p", "reading", "sentence", sentences, class_="sentence")
        return el("div", picker + control + readout + sentence
                  + _announcer(self.slot("reading", "sentence", sentences)),
                  class_="panel live", role="group", aria_label=words.dial_group)

    def control(self, kind: str, label: str, values: list[str], stops: list[tuple[int, str]],
                listed: str = "{stops}") -> str:
        """A native range over the positions, its value as text, and its stops as ticks."""
        iid = self.ids.new(kind)
        last = len(values) - 1
        head = el("p", el("label", esc(label), for_=iid) + " "
                  + self.text("span", kind, "label", values, class_="value"),
                  class_="control-head")
        stop_text = fill_slots(listed, stops=", ".join(label for _, label in stops))
        help_id = f"{iid}-help"
        field = ('<input type="range" min="0" step="1"'
                 + _attrs({"id": iid, "max": str(last), "value": str(self.start[kind]),
                           "aria-describedby": help_id, "data-control": kind,
                           **self.bound({"aria-valuetext": (kind, "label", values)})}) + ">")
        ticks = "".join(el("span", esc(label)) for _, label in stops)
        for number, (index, _) in enumerate(stops, start=1):
            fraction = f"{index / last:.4f}" if last else "0"
            self.rules.append(f"#{iid}-ticks>:nth-child({number}){{left:calc({THUMB_PX // 2}px + "
                              f"{fraction} * (100% - {THUMB_PX}px))}}")
        help_text = fill_slots(self.explorer.words.keys, stops=stop_text)
        return el("div", head + field + el("div", ticks, class_="ticks", id=f"{iid}-ticks",
                                           aria_hidden="true")
                  + el("p", esc(help_text), class_="help", id=help_id), class_="control")

    # --- the check slider --------------------------------------------------------------

    def check_panel(self, bars: str) -> str:
        """The slider, both bars (live, from bar_rows), and a sentence."""
        x = self.explorer
        control = self.control("check", x.words.check, [c.label for c in x.checks],
                               [(i, c.stop) for i, c in enumerate(x.checks) if c.stop])
        summaries = [c.summary for c in x.checks]
        return el("div", control + bars + self.text("p", "check", "summary", summaries,
                                                              class_="sentence")
                  + _announcer(self.slot("check", "announcement",
                                         [c.announcement for c in x.checks])),
                  class_="panel live", role="group", aria_label=x.words.check_group)

    def chart_columns(self, pick) -> list:
        """One value per slider position, picked from that position's bottleneck chart."""
        return [pick(c.chart) for c in self.explorer.checks]

    def stats(self) -> str:
        """The bottleneck's stats at the slider's position."""
        checks: list[CheckPosition] = list(self.explorer.checks)
        items = []
        for k, stat in enumerate(checks[0].stats.items):
            items.append(stat_html(
                stat.label,
                self.text("dd", "check", f"stat{k}", [c.stats.items[k].value for c in checks],
                          class_="value"),
                self.text("dd", "check", f"stat{k}_detail",
                          [c.stats.items[k].detail for c in checks], class_="detail")))
        return el("dl", "".join(items), class_="stats live")

    def speedup_overlay(self, spec: LineChart) -> str:
        """A line at the slider's check and a dot on the curve there."""
        x_axis, y_axis = scales(spec)
        xs = [n(x_axis.at(c.check) * PLOT) for c in self.explorer.checks]
        ys = [n((1 - y_axis.at(c.speedup)) * PLOT) for c in self.explorer.checks]
        line = _attrs(self.bound({"x1": ("check", "x", xs), "x2": ("check", "x", xs)}))
        dot = _attrs(self.bound({"x1": ("check", "x", xs), "x2": ("check", "x", xs),
                                 "y1": ("check", "y", ys), "y2": ("check", "y", ys)}))
        return f'<line class="now" y1="0" y2="{n(PLOT)}"{line}/><line class="dot"{dot}/>'


class Attached:
    """The Explorer's parts one chart carries: an overlay drawn on it, a panel after it."""

    def __init__(self, live: Live, name: str):
        self.live, (self.overlay_name, self.panel_name) = live, ATTACHED[name]

    def overlay(self, spec) -> str:
        return getattr(self.live, self.overlay_name)(spec) if self.overlay_name else ""

    def panel(self, *parts: str) -> str:
        return getattr(self.live, self.panel_name)(*parts) if self.panel_name else ""


def stat_html(label: str, value: str, detail: str) -> str:
    return el("div", el("dt", esc(label)) + value + detail, class_="stat")


def static_stats(stats: Stats) -> str:
    return el("dl", "".join(stat_html(s.label, el("dd", esc(s.value), class_="value"),
                                      el("dd", esc(s.detail), class_="detail") if s.detail else "")
                            for s in stats.items), class_="stats")


def _reading(label: str, figure: str, detail: str) -> str:
    return el("div", el("dt", esc(label)) + figure + detail)


def _announcer(slot: str | None) -> str:
    return el("p", "", class_="sr-only", role="status", data_announce=slot)


def _attrs(values: dict[str, str | None]) -> str:
    return "".join(f' {k}="{esc(v)}"' for k, v in values.items() if v is not None)


def bar_rows(chart: BarChart, ids: Ids, live: Live | None = None) -> str:
    """Horizontal bars, a row each: label and total, the bar split into its segments (SVG),
    the segments in words. With `live`, every text and length follows the check slider."""
    bars = []
    for k, bar in enumerate(chart.bars):
        def text(tag, name, pick, **attrs):
            if live is None:
                return el(tag, esc(pick(chart)), **attrs)
            return live.text(tag, "check", name, live.chart_columns(pick), **attrs)

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
        rects = "".join(_segment(chart, k, j, live) for j in range(len(bar.segments)))
        svg = (f'<svg class="bar-svg" viewBox="0 0 {n(PLOT)} 40" preserveAspectRatio="none" '
               f'role="img" aria-labelledby="{tid}" aria-describedby="{did}" '
               f'xmlns="http://www.w3.org/2000/svg">{svg_title}{svg_desc}{rects}</svg>')
        shares = " · ".join(
            f'<span class="swatch seg-{j}" aria-hidden="true"></span>{esc(s.label)} '
            + text("strong", f"bar{k}_share{j}", lambda c, j=j: c.bars[k].segments[j].value_label)
            for j, s in enumerate(bar.segments))
        bars.append(el("div", head + svg + el("p", shares, class_="bar-shares", aria_hidden="true"),
                       class_="bar"))
    title = (live.text("figcaption", "check", "title", live.chart_columns(lambda c: c.title))
             if live else el("figcaption", esc(chart.title)))
    return el("figure", title + "".join(bars), class_="bars")


def _segment(chart: BarChart, k: int, j: int, live: Live | None) -> str:
    """A segment of bar k in the bar's 1000 x 40 box: end to end with the others (stacked),
    or a band of the box's height of its own (side by side)."""
    layers = 1 if chart.stacked else len(chart.bars[k].segments)
    y, height = (0, 40) if chart.stacked else (n(40 * j / layers), n(40 / layers))

    def geometry(c: BarChart) -> tuple[str, str]:
        lengths = c.lengths()[k]
        left = sum(lengths[:j]) if c.stacked else 0
        return n(left * PLOT), n(lengths[j] * PLOT)

    if live is None:
        x, width = geometry(chart)
        return f'<rect class="seg-{j}" x="{x}" y="{y}" width="{width}" height="{height}"/>'
    xs = live.chart_columns(lambda c: geometry(c)[0])
    widths = live.chart_columns(lambda c: geometry(c)[1])
    bound = _attrs(live.bound({"x": ("check", f"bar{k}_x{j}", xs),
                               "width": ("check", f"bar{k}_w{j}", widths)}))
    return f'<rect class="seg-{j}" y="{y}" height="{height}"{bound}/>'
