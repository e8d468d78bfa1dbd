"""The two line charts: (a) the dial, writing time against speed; (c) the end-to-end speedup."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from notedeck.deck import DialChart, SpeedupChart
from notedeck.render.charts.figure import (END_LABEL_SHARE, FEATURED_MARKER_SIZE, LABEL_GAP_PT,
                                           LINE_WIDTH, MARKER_SIZE, OWNER_MARGIN, P,
                                           SYMLOG_LINTHRESH, T, box_of, finish_axes,
                                           fit_limits, measure, px, readable, series_style, wrap)
from notedeck.render.charts.placement import (Box, Point, attachment, crosses, densify, distance,
                                              hits, place_label, spread)


# --- (a) the dial: writing time against speed -----------------------------------

def paint_dial(fig, spec: DialChart) -> None:
    names = [_end_label_text(fig, s.label) for s in spec.series]
    widest = max((measure(fig, line, T.chart_label, "bold")[0]
                  for name in names for line in name.split("\n")), default=0)
    margin = (widest + px(fig, 2 * LABEL_GAP_PT + 4)) / fig.bbox.width
    fig.get_layout_engine().set(rect=(0, 0, 1 - margin, 1))
    ax = fig.add_subplot()
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.grid(True, which="major")
    ax.set_axisbelow(True)
    for index, series in enumerate(spec.series):
        style = series_style(index)
        ax.plot(series.x, series.y, linewidth=LINE_WIDTH, markeredgecolor=P.paper,
                markersize=MARKER_SIZE * (1.4 if style["marker"] == "*" else 1),
                markeredgewidth=1.2, clip_on=False, **style)
    finish_axes(fig, ax, spec, _dial_limits)
    _end_labels(fig, ax, spec, names)


def _dial_limits(fig, ax, spec: DialChart) -> None:
    """Every point and every dial stop in view, a marker's width from the edges."""
    xs = [x for s in spec.series for x in s.x if x > 0] + \
        [t.value for t in spec.x_ticks if t.value > 0]
    ys = [y for s in spec.series for y in s.y if y > 0]
    pad = px(fig, MARKER_SIZE)
    fit_limits(ax, "x", min(xs, default=1), max(xs, default=10), pad, pad)
    fit_limits(ax, "y", min(ys, default=1), max(ys, default=10), pad, pad)


def _end_label_text(fig, label: str) -> str:
    return wrap(fig, label, T.chart_label, "bold", fig.bbox.width * END_LABEL_SHARE)


def _end_labels(fig, ax, spec: DialChart, names: list[str]) -> None:
    """Each series named at its right end, nudged apart where lines end close together."""
    shown = [(i, s, name) for i, (s, name) in enumerate(zip(spec.series, names)) if s.x]
    ends = [(s.x[-1], s.y[-1]) for _, s, _ in shown]
    style = {"fontsize": T.chart_label, "fontweight": "bold", "ha": "left", "va": "center"}
    heights = []
    for (_, _, name), end in zip(shown, ends):
        probe = ax.annotate(name, xy=end, annotation_clip=False, **style)
        box = box_of(probe, fig)
        heights.append(box[3] - box[1])
        probe.remove()
    wanted = [ax.transData.transform(end)[1] for end in ends]
    placed = spread(wanted, heights, ax.bbox.y0, ax.bbox.y1, gap=px(fig, 2))
    column = ax.bbox.x1 + px(fig, LABEL_GAP_PT)
    for (index, _, name), end, want, got in zip(shown, ends, wanted, placed):
        colour = series_style(index)["color"]
        end_x = ax.transData.transform(end)[0]
        far = abs(got - want) > px(fig, 3) or column - end_x > px(fig, 3 * LABEL_GAP_PT)
        leader = {"arrowstyle": "-", "color": colour, "linewidth": 1.2, "relpos": (0, 0.5),
                  "shrinkA": 2, "shrinkB": MARKER_SIZE / 2 + 1} if far else None
        ax.annotate(name, xy=end, xytext=ax.transAxes.inverted().transform((column, got)),
                    textcoords="axes fraction", color=readable(colour), arrowprops=leader,
                    annotation_clip=False, **style)


# --- (c) the speedup: end-to-end speedup against a fixed check -------------------

def paint_speedup(fig, spec: SpeedupChart) -> None:
    ax = fig.add_subplot()
    positive = [v for v in [*(t.value for t in spec.x_ticks), *(m.x for m in spec.markers)]
                if v > 0]
    ax.set_xscale("symlog", linthresh=min([SYMLOG_LINTHRESH, *positive]), linscale=0.5)
    ax.set_yscale("log")
    ax.grid(True, which="major", axis="y")
    ax.set_axisbelow(True)
    ax.plot(spec.curve.x, spec.curve.y, color=P.accent, linewidth=LINE_WIDTH + 0.8,
            solid_capstyle="round", zorder=2)
    ax.axhline(spec.ceiling, color=P.muted, linewidth=2, linestyle=(0, (6, 4)), zorder=1)
    for marker in spec.markers:
        size = FEATURED_MARKER_SIZE if marker.featured else MARKER_SIZE + 2
        ax.plot([marker.x], [marker.y], "o", markersize=size, clip_on=False, zorder=3,
                color=P.accent2 if marker.featured else P.accent,
                markeredgecolor=P.ink if marker.featured else P.paper, markeredgewidth=1.5)
    finish_axes(fig, ax, spec, _speedup_limits)
    _speedup_labels(fig, ax, spec)


def _speedup_limits(fig, ax, spec: SpeedupChart) -> None:
    xs = [*spec.curve.x, *(t.value for t in spec.x_ticks), *(m.x for m in spec.markers)]
    ys = [y for y in (*spec.curve.y, *(m.y for m in spec.markers), spec.ceiling) if y > 0]
    line = px(fig, T.chart_label * 1.3)
    pad = px(fig, FEATURED_MARKER_SIZE / 2 + 2)
    fit_limits(ax, "x", min(xs, default=0), max(xs, default=1), pad, pad)
    fit_limits(ax, "y", min(ys, default=1), max(ys, default=10), 2.2 * line, 1.8 * line)


def _speedup_labels(fig, ax, spec: SpeedupChart) -> None:
    """The ceiling's label, then the markers' (featured first), each clear of the rest."""
    data = ax.transData
    step = px(fig, 2)
    curve = densify(display_points(data, zip(spec.curve.x, spec.curve.y)), step)
    y = data.transform((1, spec.ceiling))[1]
    ceiling = densify([(ax.bbox.x0, y), (ax.bbox.x1, y)], step)
    dots = display_points(data, ((m.x, m.y) for m in spec.markers))
    scene = Scene((ax.bbox.x0 + 2, ax.bbox.y0 + 2, ax.bbox.x1 - 2, ax.bbox.y1 - 2),
                   px(fig, FEATURED_MARKER_SIZE / 2))
    ends = [data.inverted().transform((x, y)) for x in (ax.bbox.x1 - px(fig, LABEL_GAP_PT),
                                                         ax.bbox.x0 + px(fig, LABEL_GAP_PT))]
    spots = [(ends[0], 0, LABEL_GAP_PT, "right", "bottom"),
             (ends[0], 0, -LABEL_GAP_PT, "right", "top"),
             (ends[1], 0, LABEL_GAP_PT, "left", "bottom"),
             (ends[1], 0, -LABEL_GAP_PT, "left", "top")]
    place_text(ax, scene, spec.ceiling_label, spots, curve + dots,
           {"fontsize": T.chart_label, "color": P.muted})
    for i in sorted(range(len(spec.markers)), key=lambda i: not spec.markers[i].featured):
        marker, others = spec.markers[i], dots[:i] + dots[i + 1:]
        style = {"fontsize": T.chart_label, "color": P.ink,
                 "fontweight": "bold" if marker.featured else "normal"}
        keep = curve + ceiling + others + _ring(dots[i], px(fig, FEATURED_MARKER_SIZE / 2 + 1))
        place_text(ax, scene, marker.label, around(marker), keep, style, dots[i], others)


def display_points(transform, points) -> list[Point]:
    points = list(points)
    return [tuple(p) for p in transform.transform(points)] if points else []


def _ring(centre: Point, radius: float) -> list[Point]:
    """Points around a marker so no label covers it."""
    import math

    return [(centre[0] + radius * math.cos(k * math.pi / 8),
             centre[1] + radius * math.sin(k * math.pi / 8)) for k in range(16)]


NEAR_PT = FEATURED_MARKER_SIZE / 2 + LABEL_GAP_PT   # a marker label's offset; 3x gets a leader
DIRECTIONS = ((1, 1, "left", "bottom"), (-1, -1, "right", "top"), (1, -1, "left", "top"),
              (-1, 1, "right", "bottom"), (1.3, 0, "left", "center"),
              (-1.3, 0, "right", "center"), (0, 1.3, "center", "bottom"),
              (0, -1.3, "center", "top"))


def around(marker) -> list:
    """Places beside a marker, nearest first: diagonals, sides, then farther out."""
    return [((marker.x, marker.y), dx * reach, dy * reach, ha, va)
            for reach in (NEAR_PT, 3 * NEAR_PT) for dx, dy, ha, va in DIRECTIONS]


@dataclass
class Scene:
    """Where labels may go, and what those placed so far occupy: boxes and leader lines."""

    bounds: Box
    dot_radius: float = 0.0
    boxes: list[Box] = field(default_factory=list)
    leaders: list[tuple[Point, Point]] = field(default_factory=list)


def place_text(ax, scene: Scene, text: str, spots: list, keep: list[Point], style: dict,
           owner: Point | None = None, rivals: Sequence[Point] = ()) -> None:
    """Draw `text` at the best of `spots` (anchor, dx pt, dy pt, ha, va).

    A label far from its `owner` point gets a leader, which may cross no other
    leader or label; a label near it must be clearly nearer it than any of `rivals`.
    """
    fig = ax.figure
    boxes, extra = [], []
    probe = ax.annotate(text, xy=spots[0][0], xytext=spots[0][1:3],   # one probe, moved
                        textcoords="offset points", annotation_clip=False, **style)
    for anchor, dx, dy, ha, va in spots:
        probe.xy, probe.xyann = anchor, (dx, dy)
        probe.set_horizontalalignment(ha)
        probe.set_verticalalignment(va)
        box = box_of(probe, fig)
        boxes.append(box)
        extra.append(_link_cost(scene, box, ha, va, owner, rivals, _leads(dx, dy)))
    probe.remove()
    best = place_label(boxes, scene.boxes, keep, scene.bounds, extra)
    anchor, dx, dy, ha, va = spots[best]
    leader = None
    if _leads(dx, dy) and owner is not None:
        start = attachment(boxes[best], ha, va)
        scene.leaders.append((start, owner))
        leader = {"arrowstyle": "-", "color": P.muted, "linewidth": 1.2,
                  "relpos": _relpos(ha, va), "shrinkA": 2,
                  "shrinkB": FEATURED_MARKER_SIZE / 2 + 1}
    ax.annotate(text, xy=anchor, xytext=(dx, dy), textcoords="offset points", ha=ha, va=va,
                arrowprops=leader, annotation_clip=False, **style)
    scene.boxes.append(boxes[best])


def _leads(dx: float, dy: float) -> bool:
    return max(abs(dx), abs(dy)) > 2 * NEAR_PT


def _relpos(ha: str, va: str) -> tuple[float, float]:
    return ({"left": 0.0, "center": 0.5, "right": 1.0}[ha],
            {"bottom": 0.0, "center": 0.5, "top": 1.0}[va])


def _link_cost(scene: Scene, box: Box, ha: str, va: str, owner, rivals, leads: bool) -> float:
    """How badly a label placed in `box` would be tied to its point."""
    crossed = 100.0 * sum(hits(other, box) for other in scene.leaders)
    if owner is None:
        return crossed
    if not leads:       # read by nearness: another point must not be about as near
        near = distance(box, owner) * OWNER_MARGIN
        return crossed + 50.0 * any(distance(box, rival) < near for rival in rivals)
    line = (attachment(box, ha, va), owner)
    r = scene.dot_radius
    tangles = sum(crosses(line, other) for other in scene.leaders) + \
        sum(hits(line, other) for other in scene.boxes) + \
        sum(hits(line, (x - r, y - r, x + r, y + r)) for x, y in rivals)
    return crossed + 30.0 + 100.0 * tangles   # a leader is a little worse than none
