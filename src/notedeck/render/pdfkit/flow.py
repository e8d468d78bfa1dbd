"""Page breaks by the rules of print: what belongs together stays together, without holes.

reportlab's KeepTogether moves a whole group to the next page when it does
not fit, which can leave most of a page empty. A Chain instead breaks as late
as the rules allow:
  - never between a flowable and the next one it is glued to (a heading and
    its text, a lead-in and its chart, an experiment's scene and its "Still
    scarce");
  - inside a paragraph only as the paragraph allows (two lines each side:
    no widows, no orphans);
  - a Shrinkable (a chart) takes less room, down to a readable minimum,
    rather than leave a gap.
Only when no legal break fits and the chain already starts at the top of a
page does it break where it must.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.platypus import Flowable

from notedeck.render.pdfkit.tails import tail

TOLERANCE = 1e-6


class Shrinkable(Flowable):
    """A flowable drawn at any height between `min_height` and its natural height,
    keeping its aspect (charts)."""

    def __init__(self, draw, width: float, height: float, min_height: float):
        super().__init__()
        self._paint = draw                     # draw(canvas, width, height)
        self.natural = (width, height)
        self.min_height = min(min_height, height)
        self.width, self.height = width, height
        self.hAlign = "CENTER"

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def shrunk(self, height: float) -> "Shrinkable":
        width, natural_h = self.natural
        scale = max(self.min_height, min(height, natural_h)) / natural_h
        item = Shrinkable(self._paint, width, natural_h, self.min_height)
        item.width, item.height = width * scale, natural_h * scale
        return item

    def split(self, available_width, available_height):
        if self.min_height <= available_height + TOLERANCE < self.height:
            return [self.shrunk(available_height)]
        return []

    def draw(self):
        self._paint(self.canv, self.width, self.height)


class Whole(Flowable):
    """A flowable kept whole unless it is taller than `limit` (a short table is never
    split; moving it to the next page leaves at most `limit` empty)."""

    def __init__(self, inner: Flowable, limit: float):
        super().__init__()
        self.inner, self.limit = inner, limit

    def wrap(self, available_width, available_height):
        self.width, self.height = self.inner.wrap(available_width, available_height)
        return self.width, self.height

    def split(self, available_width, available_height):
        self.wrap(available_width, available_height)
        if self.height <= self.limit:
            return []
        return self.inner.split(available_width, available_height)

    def getSpaceBefore(self):
        return self.inner.getSpaceBefore()

    def getSpaceAfter(self):
        return self.inner.getSpaceAfter()

    def draw(self):
        self.inner.drawOn(self.canv, 0, 0)


class Chain(Flowable):
    """Flowables set one below another; `glued[i]`: no page break between item i and i+1.

    `stretch`: when a page must end with more than this share of the page empty, the
    gaps between the page's paragraphs grow to take it up (at most MAX_STRETCH each),
    as typesetters justify pages to the foot.
    """

    MAX_STRETCH = 14.0           # points added to one gap, at most

    def __init__(self, items: Sequence[Flowable], glued: Sequence[bool], stretch: float = 0.0):
        super().__init__()
        self.items, self.glued = tail(items), tail(glued)   # what a page leaves is shared
        self.stretch = stretch
        self._sizes: list[tuple[float, float, float]] = []
        self._extra = 0.0            # points added to each gap when drawn

    # sizes -----------------------------------------------------------------------
    def _measure(self, width: float, height: float, limit: float | None = None):
        """(space before, height, space after) of each item at `width`, stopping once the
        stack passes `limit` (a page need not measure the rest of a long chain)."""
        sizes, total = [], 0.0
        for i, item in enumerate(self.items):
            _, h = item.wrap(width, height)
            sizes.append((item.getSpaceBefore(), h, item.getSpaceAfter()))
            total += (sizes[-1][0] if i else 0) + h + sizes[-1][2]
            if limit is not None and total > limit + TOLERANCE:
                break
        return sizes

    def wrap(self, available_width, available_height):
        self.width = available_width
        self._sizes = self._measure(available_width, available_height, available_height)
        self.height = _stacked(self._sizes) + self._extra * max(len(self._sizes) - 1, 0)
        if len(self._sizes) < len(self.items):       # measured only until it overflowed
            self.height = max(self.height, available_height + 1)
        return self.width, self.height

    def getSpaceBefore(self):
        return self.items[0].getSpaceBefore() if self.items else 0

    def getSpaceAfter(self):
        return self.items[-1].getSpaceAfter() if self.items else 0

    # breaking --------------------------------------------------------------------
    def split(self, available_width, available_height):
        sizes = self._measure(available_width, available_height, available_height)
        if len(sizes) == len(self.items) and _stacked(sizes) <= available_height + TOLERANCE:
            return [self]
        cut = self._latest_break(sizes, available_width, available_height)
        frame = getattr(self, "_frame", None)
        if cut is None:
            if frame is None or not getattr(frame, "_atTop", 0):
                return []                      # start on the next page instead
            cut = self._forced_break(sizes, available_width, available_height)
            if cut is None:
                return []
        head, rest = (Chain(*part, stretch=self.stretch) for part in cut)
        self._justify(head, sizes, available_width, available_height, frame)
        return [head, rest]

    def _justify(self, head: "Chain", sizes, width: float, height: float, frame) -> None:
        """Spread what a page leaves empty over its gaps, when it is more than `stretch`.

        The head's items are this chain's first ones, measured already at this width and
        height in `sizes`, but for a last one split off; only that one is measured again.
        """
        page = getattr(frame, "_aH", height) if frame is not None else height
        used = _stacked([sizes[i] if i < len(sizes) and item is self.items[i] else
                         (item.getSpaceBefore(), _height(item, width, height),
                          item.getSpaceAfter())
                         for i, item in enumerate(head.items)])
        gaps = len(head.items) - 1
        if self.stretch and gaps > 0 and height - used > self.stretch * page:
            head._extra = min((height - used) / gaps, self.MAX_STRETCH)

    def _latest_break(self, sizes, width: float, height: float):
        """([(item, glued)...] on this page, [...] after), breaking as late as the rules allow."""
        best, used, room_at = None, 0.0, []
        for i, (item, (before, h, after)) in enumerate(zip(self.items, sizes)):
            room = height - used - (before if i else 0)
            room_at.append(room)
            if h <= room + TOLERANCE:
                used += (before if i else 0) + h + after
                if not self.glued[i] and i + 1 < len(self.items):
                    best = i + 1
                continue
            parts = item.split(width, room) if room > 0 else []
            if parts and _height(parts[0], width, room) <= room + TOLERANCE:
                return self._pairs(i, parts)
            return self._back(i, sizes, room_at, width, best)
        return None if best is None else self._pairs(best, None)

    def _back(self, i: int, sizes, room_at, width: float, best):
        """Item i fits nowhere on this page: split an earlier item of the run glued to it,
        so that its tail goes over with item i; else the latest free break."""
        j = i - 1
        while j >= 0 and self.glued[j] and (best is None or j >= best):
            _, h, _ = sizes[j]
            parts = self.items[j].split(width, min(room_at[j], h) - 1)
            if len(parts) > 1 and _height(parts[0], width, room_at[j]) <= room_at[j]:
                return self._pairs(j, parts)
            j -= 1
        return None if best is None else self._pairs(best, None)

    def _forced_break(self, sizes, width: float, height: float):
        """At the top of a page with no legal break: after the last item that fits whole."""
        used = 0.0
        for i, (before, h, after) in enumerate(sizes):
            if used + (before if i else 0) + h > height + TOLERANCE:
                parts = self.items[i].split(width, height - used)
                if parts:
                    return self._pairs(i, parts)
                return self._pairs(i, None) if i else None
            used += (before if i else 0) + h + after
        return None

    def _pairs(self, index: int, parts):
        """((items, glued) on this page, (items, glued) after it): the page's copied, the
        rest shared with this chain (a split item's first part ends the page, its other
        parts lead the rest)."""
        items, glued = self.items[:index], self.glued[:index]
        if parts is None:
            return (items, glued), (self.items.after(index), self.glued.after(index))
        last_glued = self.glued[index]
        more = parts[1:]
        return ((items + [parts[0]], glued + [False]),
                (self.items.after(index + 1, more),
                 self.glued.after(index + 1, [last_glued if n == len(more) - 1 else False
                                              for n in range(len(more))])))

    # drawing ---------------------------------------------------------------------
    def draw(self):
        y = self.height
        for i, (item, (before, h, after)) in enumerate(zip(self.items, self._sizes)):
            y -= (before + self._extra if i else 0) + h
            item.drawOn(self.canv, _x(item, self.width), y)
            y -= after


def _stacked(sizes) -> float:
    """The height of items set one below another: the first one's space before and the last
    one's space after are the frame's business (getSpaceBefore / getSpaceAfter)."""
    last = len(sizes) - 1
    return sum((before if i else 0) + h + (after if i < last else 0)
               for i, (before, h, after) in enumerate(sizes))


def _height(item: Flowable, width: float, height: float) -> float:
    return item.wrap(width, height)[1]


def _x(item: Flowable, width: float) -> float:
    align = getattr(item, "hAlign", "LEFT")
    if align in ("CENTER", "CENTRE"):
        return (width - item.width) / 2
    if align == "RIGHT":
        return width - item.width
    return 0.0


def glue_all(items: Sequence[Flowable]) -> Chain:
    """A chain that breaks only inside its items (a heading glued to all that follows)."""
    return Chain(items, [True] * (len(items) - 1) + [False])
