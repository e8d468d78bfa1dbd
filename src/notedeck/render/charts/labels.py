"""Labels inside a line chart's plot: each placed at the best of its candidate spots, clear
of the lines, the dots and the labels placed before it, with a leader when it stands far off."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from notedeck.render.charts.figure import (FEATURED_MARKER_SIZE, LABEL_GAP_PT, OWNER_MARGIN, P,
                                           box_of)
from notedeck.render.charts.placement import (Box, Grid, Point, attachment, contains, crosses,
                                              distance, hits, least, overlap, segment_box)


def display_points(transform, points) -> list[Point]:
    points = list(points)
    return [tuple(p) for p in transform.transform(points)] if points else []


def ring(centre: Point, radius: float) -> list[Point]:
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
    """Where labels may go, and what those placed so far occupy: boxes and leader lines,
    each filed in a grid (placement.Grid) so a candidate is weighed against its neighbours."""

    bounds: Box
    dot_radius: float = 0.0
    boxes: list[Box] = field(default_factory=list)
    leaders: list[tuple[Point, Point]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.placed, self.leads = Grid(_cell(self.bounds)), Grid(_cell(self.bounds))

    def add_box(self, box: Box) -> None:
        self.boxes.append(box)
        self.placed.add(box)

    def add_leader(self, leader: tuple[Point, Point]) -> None:
        self.leaders.append(leader)
        self.leads.add(segment_box(leader))


class Marks:
    """Points no label may cover: the drawn lines' points and the dots, each in a grid; a
    label leaves out its own dot (`own`) and adds a ring around it."""

    def __init__(self, points: Sequence[Point], dots: Sequence[Point], bounds: Box):
        self.points, self.dots = list(points), list(dots)
        self.grid, self.dot_grid = Grid(_cell(bounds)), Grid(_cell(bounds))
        for x, y in self.points:
            self.grid.add((x, y, x, y))
        for x, y in self.dots:
            self.dot_grid.add((x, y, x, y))

    def covered(self, box: Box, own: int | None, ring: Sequence[Point]) -> int:
        """How many of the points lie in `box` (as placement.label_cost counts them)."""
        points, dots = self.points, self.dots
        return sum(1 for k in self.grid.near(box) if contains(box, points[k])) + \
            sum(1 for k in self.dot_grid.near(box) if k != own and contains(box, dots[k])) + \
            sum(1 for p in ring if contains(box, p))

    def rivals(self, box: Box, own: int | None) -> list[Point]:
        """The dots but `own` that share a cell with `box`."""
        return [self.dots[k] for k in self.dot_grid.near(box) if k != own]


def _cell(bounds: Box) -> float:
    """A grid cell about the size of a short label: a fiftieth of the plot's longer side."""
    return max(bounds[2] - bounds[0], bounds[3] - bounds[1], 1.0) / 48


def place_text(ax, scene: Scene, text: str, spots: list, marks: Marks, style: dict,
               owner: Point | None = None, own: int | None = None,
               ring: Sequence[Point] = ()) -> None:
    """Draw `text` at the best of `spots` (anchor, dx pt, dy pt, ha, va), clear of `marks`
    (but its own dot, `own`, and with its `ring`).

    A label far from its `owner` point gets a leader, which may cross no other
    leader or label; a label near it must be clearly nearer it than any other dot.
    """
    fig = ax.figure
    boxes, costs = [], []
    probe = ax.annotate(text, xy=spots[0][0], xytext=spots[0][1:3],   # one probe, moved
                        textcoords="offset points", annotation_clip=False, **style)
    for anchor, dx, dy, ha, va in spots:
        probe.xy, probe.xyann = anchor, (dx, dy)
        probe.set_horizontalalignment(ha)
        probe.set_verticalalignment(va)
        box = box_of(probe, fig)
        boxes.append(box)
        costs.append(_label_cost(scene, box, marks, own, ring) +
                     _link_cost(scene, box, ha, va, owner, marks, own, _leads(dx, dy)))
        if not costs[-1]:                 # free: no later spot can beat it
            break
    probe.remove()
    best = least(costs)
    anchor, dx, dy, ha, va = spots[best]
    leader = None
    if _leads(dx, dy) and owner is not None:
        start = attachment(boxes[best], ha, va)
        scene.add_leader((start, owner))
        leader = {"arrowstyle": "-", "color": P.muted, "linewidth": 1.2,
                  "relpos": _relpos(ha, va), "shrinkA": 2,
                  "shrinkB": FEATURED_MARKER_SIZE / 2 + 1}
    ax.annotate(text, xy=anchor, xytext=(dx, dy), textcoords="offset points", ha=ha, va=va,
                arrowprops=leader, annotation_clip=False, **style)
    scene.add_box(boxes[best])


def _label_cost(scene: Scene, box: Box, marks: Marks, own, ring) -> float:
    """placement.label_cost over the grids: the same sums, read only where they can be
    other than 0 (overlaps added in the order placed, as the whole list added them)."""
    x0, y0, x1, y1 = box
    bounds = scene.bounds
    outside = max(bounds[0] - x0, 0) + max(x1 - bounds[2], 0) + \
        max(bounds[1] - y0, 0) + max(y1 - bounds[3], 0)
    overlaps = sum(overlap(box, scene.boxes[k]) for k in scene.placed.near(box))
    return 1000 * outside + overlaps + 100 * marks.covered(box, own, ring)


def _meets(segment, box: Box, span: Box | None = None) -> bool:
    """placement.hits, answered at once when the box is clear of the segment's own box (where
    every sample lies)."""
    x0, y0, x1, y1 = span or segment_box(segment)
    if box[0] > x1 or box[2] < x0 or box[1] > y1 or box[3] < y0:
        return False
    return hits(segment, box)


def _leads(dx: float, dy: float) -> bool:
    return max(abs(dx), abs(dy)) > 2 * NEAR_PT


def _relpos(ha: str, va: str) -> tuple[float, float]:
    return ({"left": 0.0, "center": 0.5, "right": 1.0}[ha],
            {"bottom": 0.0, "center": 0.5, "top": 1.0}[va])


def _link_cost(scene: Scene, box: Box, ha: str, va: str, owner, marks: Marks, own,
               leads: bool) -> float:
    """How badly a label placed in `box` would be tied to its point."""
    crossed = 100.0 * sum(1 for k in scene.leads.near(box) if _meets(scene.leaders[k], box))
    if owner is None:
        return crossed
    if not leads:       # read by nearness: another point must not be about as near
        near = distance(box, owner) * OWNER_MARGIN
        wide = (box[0] - near, box[1] - near, box[2] + near, box[3] + near)
        return crossed + 50.0 * any(distance(box, rival) < near
                                    for rival in marks.rivals(wide, own))
    line = (attachment(box, ha, va), owner)
    r = scene.dot_radius
    span = segment_box(line)
    tangles = sum(1 for k in scene.leads.near(span) if crosses(line, scene.leaders[k])) + \
        sum(1 for k in scene.placed.near(span) if _meets(line, scene.boxes[k], span)) + \
        sum(1 for x, y in marks.rivals(segment_box(line, r), own)
            if _meets(line, (x - r, y - r, x + r, y + r), span))
    return crossed + 30.0 + 100.0 * tangles   # a leader is a little worse than none
