"""New slides and notes slides as copies of the first one made, not rebuilt shape by shape.

python-pptx gives a new slide its layout's placeholders, and a new notes slide the
notes master's, by rebuilding each one with several XPath lookups: a third of
writing a deck. What it builds depends only on the layout (or the notes master),
so `Copies` lets python-pptx make the first slide of each layout and the first
notes slide, keeps their untouched XML, and gives later ones a copy of it, related
exactly as python-pptx relates them: the same parts, names and bytes. A later slide
is also related and listed without python-pptx's two walks over every slide so far
(matching relationships, the largest slide id): with those, a 1,000-slide deck spent
most of its writing in them.
"""

from __future__ import annotations

from copy import deepcopy

MAX_SLIDE_ID = 2147483647          # ECMA-376's largest slide id, python-pptx's bound too


class Copies:
    """Slides and notes slides for one presentation being written."""

    def __init__(self, prs, kept=None, template: str = ""):
        self._prs = prs
        self._kept, self._template = kept, template   # a loaded process's shelf (render/kept.py),
                                                      # by the template's digest
        self._placeholders: dict[str, list] = {}   # layout part name -> its slides' shapes
        self._kinds: dict[str, list] = {}           # ... -> each shape's proxy class (placeholders)
        self._notes = None                          # a new notes slide's XML
        self._body: int | None = None               # where its notes placeholder is in it
        self._notes_master = None                   # the notes master's part, found once
        self._last_id: int | None = None            # the largest slide id, once known

    def add_slide(self, layout):
        """`prs.slides.add_slide(layout)`: the layout's placeholders copied onto a new slide.
        Returns the slide and its placeholders in document order, as python-pptx's
        `SlideShapeFactory` makes them (the copies' classes are the first slide's)."""
        from pptx.shapes.shapetree import SlideShapeFactory

        key = str(layout.part.partname)
        if key not in self._placeholders:
            self._recall(key)
        if key not in self._placeholders:
            slide = self._prs.slides.add_slide(layout)
            self._last_id = None
            elements = list(slide.shapes._spTree.iter_shape_elms())
            self._placeholders[key] = [deepcopy(e) for e in elements]
            self._kinds[key] = [type(SlideShapeFactory(e, slide.shapes)) if e.has_ph_elm
                                else None for e in elements]
            if self._kept is not None:
                self._kept.put(f"{self._template}\0{key}",
                               (self._placeholders[key], self._kinds[key]))
            return slide, [SlideShapeFactory(e, slide.shapes)
                           for e in slide.shapes._spTree.iter_ph_elms()]
        slide = self._blank_slide(layout)
        shapes = slide.shapes
        tree, placeholders = shapes._spTree, []
        for element, kind in zip(self._placeholders[key], self._kinds[key]):
            copy = deepcopy(element)
            tree.append(copy)
            if kind is not None:
                placeholders.append(kind(copy, shapes))
        return slide, placeholders

    def _recall(self, key: str) -> None:
        """A layout's placeholders as an earlier build of the same template copied them
        (never changed since: each slide gets a copy of them)."""
        found = self._kept.get(f"{self._template}\0{key}") if self._kept is not None else None
        if found is not None:
            self._placeholders[key], self._kinds[key] = found

    def _blank_slide(self, layout):
        """`prs.part.add_slide(layout)` and its `p:sldId`, as python-pptx makes them."""
        from pptx.parts.slide import SlidePart

        part = self._prs.part
        return self._listed(SlidePart.new(part._next_slide_partname, part.package,
                                          layout.part)).slide

    def kept_slide(self, layout, xml: bytes):
        """A slide part holding a slide written before (`xml`: render/pptx/slide_parts.py),
        named, related to its layout and listed as `_blank_slide` makes a new one."""
        from pptx.opc.constants import CONTENT_TYPE as CT, RELATIONSHIP_TYPE as RT
        from pptx.opc.package import Part

        part = self._prs.part
        slide_part = Part(part._next_slide_partname, CT.PML_SLIDE, part.package, xml)
        slide_part.relate_to(layout.part, RT.SLIDE_LAYOUT)     # as SlidePart.new relates it
        return self._listed(slide_part)

    def _listed(self, slide_part):
        """`slide_part` related to the presentation and given its `p:sldId`."""
        from pptx.opc.constants import RELATIONSHIP_TYPE as RT

        part, id_list = self._prs.part, self._prs.slides._sldIdLst
        r_id = part.rels._add_relationship(RT.SLIDE, slide_part)   # new: nothing can match
        if self._last_id is None or self._last_id + 1 > MAX_SLIDE_ID:
            self._last_id = id_list._next_id - 1                   # python-pptx's own walk
        self._last_id += 1
        id_list._add_sldId(id=self._last_id, rId=r_id)
        return slide_part

    def notes_text_frame(self, slide):
        """`slide.notes_slide.notes_text_frame` for a slide that has no notes slide yet: on a
        copy, the text frame of the shape where the first notes slide has its placeholder."""
        notes = self.notes_slide(slide)
        if self._body is None:
            return notes.notes_text_frame
        from pptx.shapes.placeholder import NotesSlidePlaceholder

        element = list(notes.shapes._spTree.iter_shape_elms())[self._body]
        return NotesSlidePlaceholder(element, notes.shapes).text_frame

    def notes_slide(self, slide):
        """`slide.notes_slide` for a slide that has none yet."""
        if self._notes is None:
            notes = slide.notes_slide
            self._notes = deepcopy(notes._element)
            body = notes.notes_placeholder
            if body is not None:
                elements = list(notes.shapes._spTree.iter_shape_elms())
                self._body = next(i for i, e in enumerate(elements) if e is body._element)
            return notes
        from pptx.parts.slide import NotesSlidePart

        return self._notes_part(NotesSlidePart, slide.part, deepcopy(self._notes)).notes_slide

    def kept_notes(self, slide_part, xml: bytes) -> None:
        """A notes slide written before (`xml`), for a kept slide's part."""
        from pptx.opc.package import Part

        self._notes_part(Part, slide_part, xml)

    def _notes_part(self, kind, slide_part, content):
        """A new notes slide part of `kind` holding `content` (its element, or its bytes),
        named and related as python-pptx's NotesSlidePart.new and
        SlidePart._add_notes_slide_part relate it: the notes master made first where the
        template has none."""
        from pptx.opc.constants import CONTENT_TYPE, RELATIONSHIP_TYPE as RT

        if self._notes_master is None:
            self._notes_master = self._prs.part.notes_master_part
        package = self._prs.part.package
        part = kind(package.next_partname("/ppt/notesSlides/notesSlide%d.xml"),
                    CONTENT_TYPE.PML_NOTES_SLIDE, package, content)
        part.relate_to(self._notes_master, RT.NOTES_MASTER)
        part.relate_to(slide_part, RT.SLIDE)
        slide_part.relate_to(part, RT.NOTES_SLIDE)
        return part
