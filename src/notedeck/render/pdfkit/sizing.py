"""Sizes on a page (columns, figures, pictures), planned as plain numbers before any reportlab object.

Everything here is a pure function of its arguments (points, 1/72 inch), so
the page plan can be tested without drawing a page.
"""

from __future__ import annotations

from notedeck.paper import INCH


# Effective resolution a raster chart must keep on paper.
PRINT_DPI = 300


def column_widths(natural: tuple[float, ...], minimum: tuple[float, ...],
                  available: float) -> tuple[float, ...]:
    """Share `available` between columns the way browsers lay out an auto table.

    `natural` is each column's width with no wrapping, `minimum` the width of
    its longest word. If everything fits unwrapped, the spare width is shared
    in proportion to the natural widths; otherwise each column gets its
    minimum plus a share of the rest in proportion to how much it would like.
    """
    total = sum(natural)
    if total <= available:
        return tuple(n + (available - total) * n / total for n in natural)
    floor = sum(minimum)
    if floor >= available:
        return tuple(m * available / floor for m in minimum)
    want = [n - m for n, m in zip(natural, minimum)]
    room = available - floor
    return tuple(m + room * w / sum(want) for m, w in zip(minimum, want))


def stats_per_row(value_widths: tuple[float, ...], width: float, most: int = 4) -> int:
    """How many headline figures to set side by side: as many as fit with every
    value on one line, in rows as even as possible (four as 4 or 2 + 2, never 3 + 1)."""
    count = len(value_widths)
    widest = max(value_widths, default=0)
    for rows in range(1, count + 1):
        per_row = -(-count // rows)
        if per_row <= most and widest <= width / per_row:
            return per_row
    return 1


def fit_box(width: float, height: float, max_width: float,
            max_height: float) -> tuple[float, float]:
    """Scale a box down (never up) to fit the limits, keeping its aspect."""
    scale = min(1.0, max_width / width, max_height / height)
    return (width * scale, height * scale)


def raster_limit(pixels_wide: int) -> float:
    """The widest a raster may be placed (points) and keep PRINT_DPI."""
    return pixels_wide / PRINT_DPI * INCH
