"""Rectangles in inches from the slide's top-left corner, and the EMU to inch ratio."""

from __future__ import annotations

from dataclasses import dataclass

EMU_PER_IN = 914400


@dataclass(frozen=True)
class Box:
    """A rectangle in inches from the slide's top-left corner."""

    x: float
    y: float
    w: float
    h: float

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def area(self) -> float:
        return self.w * self.h

    def overlap(self, other: "Box") -> tuple[float, float]:
        """Width and height shared with another box (0 when apart)."""
        return (max(0.0, min(self.right, other.right) - max(self.x, other.x)),
                max(0.0, min(self.bottom, other.bottom) - max(self.y, other.y)))
