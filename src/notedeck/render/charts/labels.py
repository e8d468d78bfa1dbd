"""Labels inside a line chart's plot: each placed at the best of its candidate spots, clear
of the lines, the dots and the labels placed before it, with a leader when it stands far off."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from notedeck.render.charts.figure import (FEATURED_MARKER_SIZE, LABEL_GAP_PT, OWNER_MARGIN, P,
                                           box_of)
from notedeck.render.charts.placement import (Box, Point, attachment, crosses, distance, hits,
                                              label_cost, least)


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
    boxes, costs = [], []
    probe = ax.annotate(text, xy=spots[0][0], xytext=spots[0][1:3],   # one probe, moved
                        textcoords="offset points", annotation_clip=False, **style)
    for anchor, dx, dy, ha, va in spots:
        probe.xy, probe.xyann = anchor, (dx, dy)
        probe.set_horizontalalignment(ha)
        probe.set_verticalalignment(va)
        box = box_of(probe, fig)
        boxes.append(box)
        costs.append(label_cost(box, scene.boxes, keep, scene.bounds) +
                     _link_cost(scene, box, ha, va, owner, rivals, _leads(dx, dy)))
        if not costs[-1]:                 # free: no later spot can beat it
            break
    probe.remove()
    best = least(costs)
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
