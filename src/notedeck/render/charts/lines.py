"""Line charts: lines over two axes, named at their ends, with reference lines and
annotated points whose labels labels.py places clear of everything else."""

from __future__ import annotations

from notedeck.deck import Axis, LineChart, Point, on_scale
from notedeck.render.charts.figure import (END_LABEL_SHARE, FEATURED_MARKER_SIZE, LABEL_GAP_PT,
                                           LINE_WIDTH, MARKER_SIZE, P, SYMLOG_LINTHRESH, T,
                                           box_of, finish_axes, fit_limits, measure, px,
                                           readable, series_style, wrap)
from notedeck.render.charts.labels import Marks, Scene, around, display_points, place_text, ring
from notedeck.render.charts.placement import densify, spread

REFERENCE_DASH = (0, (6, 4))


def paint_lines(fig, spec: LineChart) -> None:
    named = [(i, _end_label_text(fig, line.label)) for i, line in enumerate(spec.lines)
             if line.named]
    if named:                              # room at the right for the lines' names
        widest = max((measure(fig, text, T.chart_label, "bold")[0]
                      for _, name in named for text in name.split("\n")), default=0)
        margin = (widest + px(fig, 2 * LABEL_GAP_PT + 4)) / fig.bbox.width
        fig.get_layout_engine().set(rect=(0, 0, 1 - margin, 1))
    ax = fig.add_subplot()
    _scale(ax, spec)
    _grid(ax, spec)
    for index, line in enumerate(spec.lines):
        _draw_line(ax, index, line)
    for reference in spec.references:
        (ax.axhline if reference.axis == "y" else ax.axvline)(
            reference.value, color=P.muted, linewidth=2, linestyle=REFERENCE_DASH, zorder=1)
    for index, point in _points(spec):
        _draw_point(ax, index, point)
    finish_axes(fig, ax, spec, _limits)
    _end_labels(fig, ax, spec, named)
    _annotations(fig, ax, spec)


def _scale(ax, spec: LineChart) -> None:
    for axis, setter in ((spec.x, ax.set_xscale), (spec.y, ax.set_yscale)):
        if axis.scale == "symlog":
            setter("symlog", linthresh=_linthresh(spec, axis), linscale=0.5)
        elif axis.scale == "log":
            setter("log")


def _linthresh(spec: LineChart, axis: Axis) -> float:
    """Linear up to 1, or to the first positive tick or point when that is smaller."""
    values = [t.value for t in axis.ticks]
    values += [p.x if axis is spec.x else p.y for _, p in _points(spec)]
    return min([SYMLOG_LINTHRESH, *(v for v in values if v > 0)])


def _grid(ax, spec: LineChart) -> None:
    if spec.x.grid and spec.y.grid:
        ax.grid(True, which="major")
    elif spec.x.grid or spec.y.grid:
        ax.grid(True, which="major", axis="x" if spec.x.grid else "y")
    ax.set_axisbelow(True)


def _draw_line(ax, index: int, line) -> None:
    style = series_style(index)
    if line.marked:
        ax.plot(line.x, line.y, linewidth=LINE_WIDTH, markeredgecolor=P.background,
                markersize=MARKER_SIZE * (1.4 if style["marker"] == "*" else 1),
                markeredgewidth=1.2, clip_on=False, **style)
    else:                                  # read by its stroke alone: a heavier one
        ax.plot(line.x, line.y, color=style["color"], linestyle=style["linestyle"],
                linewidth=LINE_WIDTH + 0.8, solid_capstyle="round", zorder=2)


def _points(spec: LineChart) -> list[tuple[int, Point]]:
    """(line index, point) for every annotated point on a stretch of its line that is drawn."""
    shown = lambda x: on_scale(spec.x.scale, x)          # noqa: E731
    return [(index, point) for index, line in enumerate(spec.lines)
            for point in line.points_drawn(shown) if on_scale(spec.y.scale, point.y)]


def _draw_point(ax, index: int, point: Point) -> None:
    """A dot in its line's colour; the featured one larger, in the next colour, outlined."""
    size = FEATURED_MARKER_SIZE if point.featured else MARKER_SIZE + 2
    colour = series_style(index + point.featured)["color"]
    ax.plot([point.x], [point.y], "o", markersize=size, clip_on=False, zorder=3, color=colour,
            markeredgecolor=P.ink if point.featured else P.background, markeredgewidth=1.5)


def _limits(fig, ax, spec: LineChart) -> None:
    """Every line, point, reference and x tick in view: a marker's width from the edges, or,
    with labels inside the plot, room for the featured dot and a line of text."""
    xs = [x for line in spec.lines for x in line.x] + [t.value for t in spec.x.ticks]
    ys = [y for line in spec.lines for y in line.y]
    xs += [p.x for _, p in _points(spec)] + [r.value for r in spec.references if r.axis == "x"]
    ys += [p.y for _, p in _points(spec)] + [r.value for r in spec.references if r.axis == "y"]
    xs = [x for x in xs if on_scale(spec.x.scale, x)]
    ys = [y for y in ys if on_scale(spec.y.scale, y)]
    low_x = 1 if spec.x.scale == "log" else 0
    low_y = 1 if spec.y.scale == "log" else 0
    if spec.annotated:
        line, pad = px(fig, T.chart_label * 1.3), px(fig, FEATURED_MARKER_SIZE / 2 + 2)
        fit_limits(ax, "x", min(xs, default=low_x), max(xs, default=low_x + 1), pad, pad)
        fit_limits(ax, "y", min(ys, default=low_y), max(ys, default=10), 2.2 * line, 1.8 * line)
    else:
        pad = px(fig, MARKER_SIZE)
        fit_limits(ax, "x", min(xs, default=low_x), max(xs, default=10), pad, pad)
        fit_limits(ax, "y", min(ys, default=low_y), max(ys, default=10), pad, pad)


def _end_label_text(fig, label: str) -> str:
    return wrap(fig, label, T.chart_label, "bold", fig.bbox.width * END_LABEL_SHARE)


def _end_labels(fig, ax, spec: LineChart, named: list[tuple[int, str]]) -> None:
    """Each named line named at its right end, nudged apart where lines end close together."""
    shown = [(i, spec.lines[i], name) for i, name in named if spec.lines[i].x]
    ends = [(line.x[-1], line.y[-1]) for _, line, _ in shown]
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


def _annotations(fig, ax, spec: LineChart) -> None:
    """The references' labels, then the points' (featured first), each clear of the rest."""
    if not spec.annotated:
        return
    data = ax.transData
    step = px(fig, 2)
    lines = [p for line in spec.lines for p in densify(display_points(data, zip(line.x, line.y)),
                                                       step)]
    rules = [_rule(ax, reference, step) for reference in spec.references]
    points = [p for _, p in _points(spec)]
    dots = display_points(data, ((p.x, p.y) for p in points))
    scene = Scene((ax.bbox.x0 + 2, ax.bbox.y0 + 2, ax.bbox.x1 - 2, ax.bbox.y1 - 2),
                  px(fig, FEATURED_MARKER_SIZE / 2))
    if spec.references:
        marks = Marks(lines, dots, scene.bounds)
    for reference, rule in zip(spec.references, rules):
        place_text(ax, scene, reference.label, _rule_spots(fig, ax, reference), marks,
                   {"fontsize": T.chart_label, "color": P.muted})
    marks = Marks(lines + [p for rule in rules for p in rule], dots, scene.bounds)
    for i in sorted(range(len(points)), key=lambda i: not points[i].featured):
        point = points[i]
        style = {"fontsize": T.chart_label, "color": P.ink,
                 "fontweight": "bold" if point.featured else "normal"}
        place_text(ax, scene, point.label, around(point), marks, style, dots[i], own=i,
                   ring=ring(dots[i], px(fig, FEATURED_MARKER_SIZE / 2 + 1)))


def _rule(ax, reference, step: float) -> list:
    """A reference line as dense display points, from edge to edge of the plot."""
    if reference.axis == "y":
        y = ax.transData.transform((1, reference.value))[1]
        return densify([(ax.bbox.x0, y), (ax.bbox.x1, y)], step)
    x = ax.transData.transform((reference.value, 1))[0]
    return densify([(x, ax.bbox.y0), (x, ax.bbox.y1)], step)


def _rule_spots(fig, ax, reference) -> list:
    """Where a reference's label may go: above or below a horizontal line at either end of
    the plot, beside a vertical one at its top or bottom."""
    gap = px(fig, LABEL_GAP_PT)
    inverse = ax.transData.inverted()
    if reference.axis == "y":
        y = ax.transData.transform((1, reference.value))[1]
        right, left = (inverse.transform((x, y)) for x in (ax.bbox.x1 - gap, ax.bbox.x0 + gap))
        return [(right, 0, LABEL_GAP_PT, "right", "bottom"),
                (right, 0, -LABEL_GAP_PT, "right", "top"),
                (left, 0, LABEL_GAP_PT, "left", "bottom"),
                (left, 0, -LABEL_GAP_PT, "left", "top")]
    x = ax.transData.transform((reference.value, 1))[0]
    top, bottom = (inverse.transform((x, y)) for y in (ax.bbox.y1 - gap, ax.bbox.y0 + gap))
    return [(top, LABEL_GAP_PT, 0, "left", "top"), (top, -LABEL_GAP_PT, 0, "right", "top"),
            (bottom, LABEL_GAP_PT, 0, "left", "bottom"),
            (bottom, -LABEL_GAP_PT, 0, "right", "bottom")]
