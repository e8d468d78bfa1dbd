"""The one list of papers: each page size with its margins, in points (1/72 inch)."""

from __future__ import annotations

from dataclasses import dataclass

from notedeck.errors import NotedeckError

MM = 72 / 25.4
INCH = 72.0


@dataclass(frozen=True)
class Paper:
    """A page size and its margins; the footer sits inside the bottom margin."""

    name: str
    width: float
    height: float
    left: float
    right: float
    top: float
    bottom: float

    @property
    def size(self) -> tuple[float, float]:
        return (self.width, self.height)

    @property
    def text_width(self) -> float:
        return self.width - self.left - self.right

    @property
    def text_height(self) -> float:
        return self.height - self.top - self.bottom

    @property
    def footer_y(self) -> float:
        """Baseline of the running footer: half way down the bottom margin."""
        return self.bottom / 2


# A4 with the 25 mm margins of European office print; US Letter with the
# customary one inch all round. Both leave a text block of about 16.5 cm.
PAPERS = {
    "a4": Paper("a4", 210 * MM, 297 * MM, 25 * MM, 25 * MM, 22 * MM, 25 * MM),
    "letter": Paper("letter", 8.5 * INCH, 11 * INCH, INCH, INCH, 0.875 * INCH, INCH),
}


def paper(name: str) -> Paper:
    """The paper called `name`; an unknown name lists the ones that exist."""
    try:
        return PAPERS[name.lower()]
    except KeyError:
        choices = ", ".join(sorted(PAPERS))
        raise NotedeckError(f"unknown paper size {name!r}: choose one of {choices}") from None


DEFAULT = "a4"
