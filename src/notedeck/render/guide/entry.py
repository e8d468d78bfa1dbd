"""One slide in the facilitator guide: its thumbnail beside its notes, split across pages cleanly.

The thumbnail is the slide itself, drawn small on the guide's page (its text
marked as the slide's, in a tagged guide). When the notes run past the foot of a page they go
on at the top of the next, in the same column, without the thumbnail.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.lib.colors import HexColor
from reportlab.platypus import Flowable

from notedeck.render.pdfkit.flow import Chain
from notedeck.theme import PALETTE

GAP = 14.0           # points between the thumbnail and the notes


class Thumbnail:
    """A planned slide drawn small, `width` points wide, by `artist` (a SlideArtist), its
    content marked for `tags` (a SlideTags) in a tagged guide."""

    def __init__(self, artist, slide, tags, width: float):
        self.artist, self.slide, self.tags = artist, slide, tags
        self.width, self.height = width, width * artist.height / artist.width

    def draw(self, canvas, x: float, y: float) -> None:
        self.artist.place(canvas, self.slide, x, y, self.width, self.height, self.tags)
        canvas.setStrokeColor(HexColor(PALETTE.rule))
        canvas.setLineWidth(0.5)
        canvas.rect(x, y, self.width, self.height, stroke=1, fill=0)


class SlideEntry(Flowable):
    """The thumbnail on the left, the column of notes on the right."""

    def __init__(self, thumb: Thumbnail | None, column: Sequence[Flowable],
                 glued: Sequence[bool] | None = None):
        super().__init__()
        self.thumb = thumb
        self.column = Chain(column, glued if glued else [False] * len(column))
        self._indent = 0.0

    def _column_width(self, width: float, thumb_width: float) -> float:
        return width - thumb_width - GAP

    def wrap(self, available_width, available_height):
        self.width = available_width
        thumb_w = self.thumb.width if self.thumb else self._indent
        _, column_h = self.column.wrap(self._column_width(available_width, thumb_w),
                                       available_height)
        self.height = max(column_h, self.thumb.height if self.thumb else 0)
        return self.width, self.height

    def split(self, available_width, available_height):
        thumb_w = self.thumb.width if self.thumb else self._indent
        if self.thumb and available_height < self.thumb.height:
            return []
        width = self._column_width(available_width, thumb_w)
        self.column.wrap(width, available_height)
        parts = self.column.split(width, available_height)
        if len(parts) < 2:
            return parts and [self]
        first, rest = parts
        head = SlideEntry(self.thumb, first.items, first.glued)
        tail = SlideEntry(None, rest.items, rest.glued)
        tail._indent = thumb_w
        return [head, tail]

    def draw(self):
        thumb_w = self.thumb.width if self.thumb else self._indent
        if self.thumb:
            self.thumb.draw(self.canv, 0, self.height - self.thumb.height)
        width = self._column_width(self.width, thumb_w)
        _, h = self.column.wrap(width, self.height)
        self.column.drawOn(self.canv, thumb_w + GAP, self.height - h)
