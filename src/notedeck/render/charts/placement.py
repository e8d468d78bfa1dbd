"""Pure geometry for chart labels: boxes, points and segments in, positions out.

No matplotlib here; charts.py measures the text, these functions decide where it goes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Box = tuple[float, float, float, float]        # x0, y0, x1, y1
Point = tuple[float, float]
Segment = tuple[Point, Point]


def spread(centres: Sequence[float], sizes: Sequence[float], lo: float, hi: float,
           gap: float = 0.0) -> list[float]:
    """Move labels along one axis so none overlap, all together as little as they can.

    `centres` and `sizes` are the wanted centres and extents; the result keeps
    their order, leaves `gap` between neighbours and stays within [lo, hi]. If
    they cannot all fit, they are spaced evenly over the range.
    """
    order = sorted(range(len(centres)), key=lambda i: centres[i])
    want = [centres[i] for i in order]
    size = [sizes[i] for i in order]
    slot = [0.0]                           # centre of label k with all packed tight
    for k in range(1, len(order)):
        slot.append(slot[-1] + (size[k - 1] + size[k]) / 2 + gap)
    clusters: list[list[int]] = []         # runs of touching labels; each moves as one
    for k in range(len(order)):
        clusters.append([k])
        while len(clusters) > 1 and _base(clusters[-2], want, slot) > \
                _base(clusters[-1], want, slot):
            clusters[-2:] = [clusters[-2] + clusters[-1]]
    placed = _clamp([_base(c, want, slot) + slot[k] for c in clusters for k in c],
                    size, slot, lo, hi)
    result = [0.0] * len(order)
    for k, i in enumerate(order):
        result[i] = placed[k]
    return result


def _base(cluster: list[int], want: list[float], slot: list[float]) -> float:
    """Where slot 0 goes so a cluster's labels sit nearest their wishes (least squares)."""
    return sum(want[k] - slot[k] for k in cluster) / len(cluster)


def _clamp(placed: list[float], size: list[float], slot: list[float],
           lo: float, hi: float) -> list[float]:
    if not placed:
        return placed
    if slot[-1] + (size[0] + size[-1]) / 2 > hi - lo:     # no room: space evenly
        first, last = lo + size[0] / 2, hi - size[-1] / 2
        step = (last - first) / max(len(placed) - 1, 1)
        return [first + k * step for k in range(len(placed))]
    out = list(placed)
    for k in range(len(out)):              # push up from the floor
        floor = lo + size[0] / 2 if k == 0 else out[k - 1] + slot[k] - slot[k - 1]
        out[k] = max(out[k], floor)
    for k in reversed(range(len(out))):    # then down from the roof
        roof = hi - size[-1] / 2 if k == len(out) - 1 else out[k + 1] - slot[k + 1] + slot[k]
        out[k] = min(out[k], roof)
    return out


def place_label(boxes: Sequence[Box], blocked: Sequence[Box], points: Sequence[Point],
                bounds: Box, extra: Sequence[float] = ()) -> int:
    """Index of the first candidate box that stays in `bounds` and clears the rest.

    `blocked` are boxes already taken, `points` are points to keep clear (lines
    drawn as dense points, markers), `extra` adds a caller's cost per candidate.
    When every candidate collides, the one colliding least wins.
    """
    costs = [label_cost(box, blocked, points, bounds) + (extra[i] if i < len(extra) else 0)
             for i, box in enumerate(boxes)]
    return least(costs)


def least(costs: Sequence[float]) -> int:
    """Index of the smallest cost, the first of equals: a candidate costing 0 beats every
    later one, so a caller may stop there."""
    return min(range(len(costs)), key=lambda i: (costs[i], i))


def label_cost(box: Box, blocked: Sequence[Box], points: Sequence[Point], bounds: Box) -> float:
    """How badly a label in `box` fits (0 for a free place): outside `bounds`, over `blocked`
    boxes, covering `points`."""
    x0, y0, x1, y1 = box
    outside = max(bounds[0] - x0, 0) + max(x1 - bounds[2], 0) + \
        max(bounds[1] - y0, 0) + max(y1 - bounds[3], 0)
    covered = sum(1 for x, y in points if x0 <= x <= x1 and y0 <= y <= y1)
    return 1000 * outside + sum(overlap(box, other) for other in blocked) + 100 * covered


def overlap(a: Box, b: Box) -> float:
    """Area shared by two boxes."""
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return width * height if width > 0 and height > 0 else 0.0


def contains(box: Box, point: Point) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def distance(box: Box, point: Point) -> float:
    """From a point to the nearest part of a box (0 inside)."""
    dx = max(box[0] - point[0], 0, point[0] - box[2])
    dy = max(box[1] - point[1], 0, point[1] - box[3])
    return (dx * dx + dy * dy) ** 0.5


def attachment(box: Box, ha: str, va: str) -> Point:
    """The point of a box its text is aligned by: ("left", "bottom") is its lower left."""
    fx = {"left": 0.0, "center": 0.5, "right": 1.0}[ha]
    fy = {"bottom": 0.0, "center": 0.5, "top": 1.0}[va]
    return box[0] + fx * (box[2] - box[0]), box[1] + fy * (box[3] - box[1])


def crosses(a: Segment, b: Segment) -> bool:
    """Whether two segments properly intersect."""
    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    (p, q), (r, s) = a, b
    return side(p, q, r) * side(p, q, s) < 0 and side(r, s, p) * side(r, s, q) < 0


def hits(segment: Segment, box: Box, samples: int = 24) -> bool:
    """Whether a segment passes through a box (sampled, ends excluded)."""
    (x0, y0), (x1, y1) = segment
    left, bottom, right, top = box
    dx, dy = x1 - x0, y1 - y0
    for t in range(1, samples):              # the same arithmetic as contains() on each
        x = x0 + dx * t / samples
        if left <= x <= right and bottom <= y0 + dy * t / samples <= top:
            return True
    return False


def densify(line: Sequence[Point], step: float) -> list[Point]:
    """Points every `step` (or closer) along a polyline, its corners included."""
    out = list(line[:1])
    for (x0, y0), (x1, y1) in zip(line[:-1], line[1:]):
        count = max(int(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 / step), 1)
        out.extend((x0 + (x1 - x0) * k / count, y0 + (y1 - y0) * k / count)
                   for k in range(1, count + 1))
    return out


class Grid:
    """Boxes (a point is a box of no size) filed by square cells: a query reads only the
    entries whose cells a box touches, so placing n labels grows with n, not n squared."""

    def __init__(self, cell: float):
        self.cell = cell if cell > 0 else 1.0
        self.cells: dict[tuple[int, int], list[int]] = {}
        self.count = 0

    def add(self, box: Box) -> int:
        """File a box under every cell it touches; its index, in the order added."""
        index, self.count = self.count, self.count + 1
        xs, ys = self._span(box)
        for i in xs:
            for j in ys:
                self.cells.setdefault((i, j), []).append(index)
        return index

    def near(self, box: Box) -> list[int]:
        """Every entry that shares a cell with `box`, each once, in the order added (a
        superset of those it overlaps: the caller tests each exactly)."""
        xs, ys = self._span(box)
        found: set[int] = set()
        if len(xs) * len(ys) > len(self.cells):       # wider than what is filed: read it all
            for entries in self.cells.values():
                found.update(entries)
        else:
            for i in xs:
                for j in ys:
                    found.update(self.cells.get((i, j), ()))
        return sorted(found)

    def _span(self, box: Box) -> tuple[range, range]:
        x0, y0, x1, y1 = box
        return (range(self._index(x0), self._index(x1) + 1),
                range(self._index(y0), self._index(y1) + 1))

    def _index(self, value: float) -> int:
        if value != value:                              # NaN: contained by nothing
            return 0
        return int(math.floor(min(max(value / self.cell, -1e12), 1e12)))


def segment_box(segment: Segment, margin: float = 0.0) -> Box:
    """The box a segment spans, widened by `margin`."""
    (x0, y0), (x1, y1) = segment
    return (min(x0, x1) - margin, min(y0, y1) - margin, max(x0, x1) + margin,
            max(y0, y1) + margin)
