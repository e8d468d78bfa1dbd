"""Slides a loaded process wrote before, planned the same, copied as bytes rather than written again.

Writing a slide (its layout's placeholders, its texts, tables and notes, as XML)
is most of what deck.pptx costs once its charts are kept, and after a one-word
edit every slide but one is planned exactly as before. A slide's XML, its notes
slide's and what it relates to depend only on the slide as planned (its shapes,
notes, footer and number, its place), the template (its bytes and its roles),
the deck's language, the fixed time (its charts' workbooks) and the pictures it
shows: keyed by those, a written slide is kept on a loaded process's shelf
(render/kept.py) as its bytes and its relationships in order. The next build
makes its parts from those bytes and relates them in the same order, as writing
it would (the slide to its layout, its charts and pictures, its notes slide to
the notes master and back), so the package is the same bytes. A slide related to
anything else is not kept. A plain build keeps nothing.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Mapping
from dataclasses import dataclass

LAYOUT, CHART, IMAGE, NOTES = "layout", "chart", "image", "notes"


@dataclass(frozen=True)
class Written:
    """A slide as written: its XML and, in order, what it relates to (the layout, a chart's
    parts, a picture's bytes, the notes slide's XML)."""

    template: object                          # the Template it was written on, by identity
    xml: bytes
    related: tuple[tuple[str, object], ...]

    @property
    def weight(self) -> int:
        return len(self.xml) + sum(_size(value) for _, value in self.related)


class SlideParts:
    """The written slides of one presentation, kept for a later build of the same deck."""

    def __init__(self, template, meta, art: Mapping, kept=None, digest: str = ""):
        self._template, self._meta, self._art = template, meta, art
        self._kept, self._digest = kept, digest

    def key(self, planned, when) -> str | None:
        """What the slide's parts are made from, hashed; None in a plain build."""
        if self._kept is None:
            return None
        pictures = sorted((shape.chart, hashlib.sha256(self._art[shape.chart].png).hexdigest())
                          for shape in planned.shapes if _picture(shape))
        said = repr((self._digest, when.isoformat(), self._meta.lang, self._meta.declared_lang,
                     planned, pictures))
        return "slide\0" + hashlib.sha256(said.encode("utf-8", "surrogatepass")).hexdigest()

    def recalled(self, key: str | None, copies, charts, layout) -> bool:
        """The slide kept under `key` added to the presentation, its parts made from its bytes
        and related as writing it relates them; False when none is kept."""
        found = self._kept.get(key) if key is not None else None
        if found is None or found.template is not self._template:
            return False
        part = copies.kept_slide(layout, found.xml)
        for kind, value in found.related[1:]:
            if kind == CHART:
                charts.related(part, *value)
            elif kind == IMAGE:
                _picture_related(part, value)
            else:
                copies.kept_notes(part, value)
        return True

    def keep(self, key: str | None, slide, layout, charts) -> None:
        """The slide just written, kept under `key` (when it relates to nothing else)."""
        if key is None:
            return
        related = _related(slide.part, layout, charts)
        if related is not None:
            written = Written(self._template, slide.part.blob, related)
            self._kept.put(key, written, weight=written.weight)


def _related(part, layout, charts) -> tuple | None:
    """What the slide part relates to, in its relationships' order, or None when it relates
    to anything a kept slide could not relate again (or its ids are not rId1, rId2, ...)."""
    from pptx.opc.constants import RELATIONSHIP_TYPE as RT

    found = []
    for number, (r_id, rel) in enumerate(part.rels.items(), start=1):
        if r_id != f"rId{number}" or rel.is_external:
            return None
        target = rel.target_part
        if rel.reltype == RT.SLIDE_LAYOUT and number == 1 and target is layout.part:
            found.append((LAYOUT, None))
        elif rel.reltype == RT.CHART and charts.made(target) is not None:
            found.append((CHART, charts.made(target)))
        elif rel.reltype == RT.IMAGE:
            found.append((IMAGE, target.blob))
        elif rel.reltype == RT.NOTES_SLIDE and number == len(part.rels):
            found.append((NOTES, target.blob))
        else:
            return None
    return tuple(found) if found and found[0][0] == LAYOUT else None


def _picture_related(part, png: bytes) -> None:
    """The picture's image part (one per distinct picture in the package), related as
    `SlidePart.get_or_add_image_part` relates it."""
    from pptx.opc.constants import RELATIONSHIP_TYPE as RT

    part.relate_to(part.package.get_or_add_image_part(io.BytesIO(png)), RT.IMAGE)


def _picture(shape) -> bool:
    from notedeck.layout.plan import PPicture

    return isinstance(shape, PPicture)


def _size(value) -> int:
    if isinstance(value, bytes):
        return len(value)
    if isinstance(value, tuple):
        return sum(_size(item) for item in value)
    return 0
