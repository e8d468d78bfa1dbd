"""Native charts' parts written once: a chart shown again is a copy of its first showing's bytes.

A native chart is two parts, its DrawingML chart XML and the workbook embedded for
"Edit Data", and writing them (python-pptx's XML, XlsxWriter's workbook, notedeck's
changes to both, the workbook zipped again with fixed dates) is most of what a chart
costs. Both depend only on the planned chart (its data, text, box, colours and the
face that measured it) and on the fixed time: a chart shown a second time in one deck
gets new parts holding the first showing's bytes, related to its slide exactly as
python-pptx relates a new chart, so the package is the same bytes. In a loaded process
(render/kept.py) the bytes stay on a shelf, by the template's digest and everything
the parts are made from, for the next build's deck; a kept slide (slide_parts.py)
relates its charts' parts again through `related`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import datetime

from notedeck.render.pptx.chart_plan import PChart

Made = tuple[bytes, bytes | None]        # the chart part's XML, its workbook's bytes


class ChartParts:
    """The native charts of one presentation being written."""

    def __init__(self, kept=None, template: str = ""):
        self._made: dict[str, Made] = {}
        self._parts: dict[object, Made] = {}          # each chart part made, with its bytes
        self._kept, self._template = kept, template   # a loaded process's shelf, by the
                                                      # template's digest

    def emit(self, slide, planned: PChart, fixed_time: Callable[[], datetime]) -> None:
        """`chart_xml.emit_chart`, or a copy of the parts an earlier showing of the same
        chart wrote."""
        from notedeck.render.pptx.chart_xml import named
        from notedeck.render.pptx.write import emu_box

        key = self._key(planned, fixed_time())
        found = self._made.get(key)
        if found is None and self._kept is not None:
            found = self._kept.get(key)
        if found is not None:
            r_id = self.related(slide.part, *found)
            named(slide.shapes._add_chart_graphicFrame(r_id, *emu_box(planned.box)), planned)
        else:
            part, found = _written(slide, planned, fixed_time)
            self._parts[part] = found
            if self._kept is not None:
                self._kept.put(key, found, weight=len(found[0]) + len(found[1] or b""))
        self._made[key] = found

    def made(self, part) -> Made | None:
        """The bytes of a chart part this writer made, or None for any other part."""
        return self._parts.get(part)

    def related(self, slide_part, xml: bytes, workbook: bytes | None) -> str:
        """New chart parts holding `xml` and `workbook`, named and related to `slide_part` as
        python-pptx's `add_chart` relates a new chart (ChartPart.new, then its workbook); the
        relationship's id."""
        from pptx.opc.constants import CONTENT_TYPE as CT, RELATIONSHIP_TYPE as RT
        from pptx.opc.package import Part
        from pptx.parts.chart import ChartPart
        from pptx.parts.embeddedpackage import EmbeddedXlsxPart

        package = slide_part.package
        part = Part(package.next_partname(ChartPart.partname_template), CT.DML_CHART, package,
                    xml)
        if workbook is not None:
            # rId1 on a new chart part, as the copied XML's c:externalData says
            part.relate_to(EmbeddedXlsxPart.new(workbook, package), RT.PACKAGE)
        self._parts[part] = (xml, workbook)
        return slide_part.relate_to(part, RT.CHART)

    def _key(self, planned: PChart, when: datetime) -> str:
        said = repr((self._template, when.isoformat(), planned))
        return "chart\0" + hashlib.sha256(said.encode("utf-8", "surrogatepass")).hexdigest()


def _written(slide, planned: PChart, fixed_time) -> tuple[object, Made]:
    from notedeck.render.pptx.chart_xml import emit_chart

    part = emit_chart(slide, planned, fixed_time).chart.part
    workbook = part.chart_workbook.xlsx_part
    return part, (part.blob, None if workbook is None else workbook.blob)
