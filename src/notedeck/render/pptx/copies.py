"""New slides and notes slides as copies of the first one made, not rebuilt shape by shape.

python-pptx gives a new slide its layout's placeholders, and a new notes slide the
notes master's, by rebuilding each one with several XPath lookups: a third of
writing a deck. What it builds depends only on the layout (or the notes master),
so `Copies` lets python-pptx make the first slide of each layout and the first
notes slide, keeps their untouched XML, and gives later ones a copy of it, related
exactly as python-pptx relates them: the same parts, names and bytes.
"""

from __future__ import annotations

from copy import deepcopy


class Copies:
    """Slides and notes slides for one presentation being written."""

    def __init__(self, prs):
        self._prs = prs
        self._placeholders: dict[str, list] = {}   # layout part name -> its slides' shapes
        self._notes = None                          # a new notes slide's XML

    def add_slide(self, layout):
        """`prs.slides.add_slide(layout)`: the layout's placeholders copied onto a new slide."""
        key = str(layout.part.partname)
        if key not in self._placeholders:
            slide = self._prs.slides.add_slide(layout)
            self._placeholders[key] = [deepcopy(e) for e in slide.shapes._spTree.iter_shape_elms()]
            return slide
        r_id, slide = self._prs.part.add_slide(layout)     # a blank slide, related
        tree = slide.shapes._spTree
        for element in self._placeholders[key]:
            tree.append(deepcopy(element))
        self._prs.slides._sldIdLst.add_sldId(r_id)
        return slide

    def notes_slide(self, slide):
        """`slide.notes_slide` for a slide that has none yet."""
        if self._notes is None:
            notes = slide.notes_slide
            self._notes = deepcopy(notes._element)
            return notes
        from pptx.opc.constants import CONTENT_TYPE, RELATIONSHIP_TYPE as RT
        from pptx.parts.slide import NotesSlidePart

        package = self._prs.part.package
        # As python-pptx's NotesSlidePart.new and SlidePart._add_notes_slide_part relate it.
        part = NotesSlidePart(package.next_partname("/ppt/notesSlides/notesSlide%d.xml"),
                              CONTENT_TYPE.PML_NOTES_SLIDE, package, deepcopy(self._notes))
        part.relate_to(self._prs.part.notes_master_part, RT.NOTES_MASTER)
        part.relate_to(slide.part, RT.SLIDE)
        slide.part.relate_to(part, RT.NOTES_SLIDE)
        return part.notes_slide
