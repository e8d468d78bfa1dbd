"""Templates made from the shipped default.pptx with shapes added to its master: translucent,
gradient, pattern, grouped, rotated, custom; each builder returns a template's bytes."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

DEFAULT = Path(__file__).resolve().parents[2] / "src" / "notedeck" / "template" / "default.pptx"
MASTER = "ppt/slideMasters/slideMaster1.xml"
EMU = 914400


def with_master_shapes(*shapes: str, background: str = "",
                       edits: tuple[tuple[str, str], ...] = ()) -> bytes:
    """default.pptx with `shapes` (DrawingML p:sp / p:grpSp XML) drawn on its master, over its
    own decoration, `background` (a p:bgPr's fill) in place of its background, and each
    (old, new) of `edits` made once in the master's XML."""
    with zipfile.ZipFile(DEFAULT) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    master = parts[MASTER].decode()
    master = master.replace("</p:spTree>", "".join(shapes) + "</p:spTree>", 1)
    for old, new in edits:
        assert old in master, old
        master = master.replace(old, new, 1)
    if background:
        start, end = master.index("<p:bg>"), master.index("</p:bg>") + len("</p:bg>")
        master = master[:start] + f"<p:bg><p:bgPr>{background}<a:effectLst/></p:bgPr></p:bg>" \
            + master[end:]
    parts[MASTER] = master.encode()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def shape(x: float, y: float, w: float, h: float, fill: str, geometry: str = "rect",
          extra: str = "", xfrm: str = "", line: str = "<a:ln><a:noFill/></a:ln>",
          shape_id: int = 90) -> str:
    """A shape at x, y (inches) of w x h with a fill element, a preset or custom geometry."""
    geom = geometry if geometry.startswith("<") else \
        f'<a:prstGeom prst="{geometry}"><a:avLst/></a:prstGeom>'
    return (f'<p:sp><p:nvSpPr><p:cNvPr id="{shape_id}" name="Shape {shape_id}"/><p:cNvSpPr/>'
            f'<p:nvPr/></p:nvSpPr><p:spPr><a:xfrm{xfrm}><a:off x="{round(x * EMU)}" '
            f'y="{round(y * EMU)}"/><a:ext cx="{round(w * EMU)}" cy="{round(h * EMU)}"/></a:xfrm>'
            f'{geom}{fill}{line}{extra}</p:spPr></p:sp>')


def solid(rgb: str, alpha: int | None = None) -> str:
    mod = f'<a:alpha val="{alpha}"/>' if alpha is not None else ""
    return f'<a:solidFill><a:srgbClr val="{rgb}">{mod}</a:srgbClr></a:solidFill>'


def group(x: float, y: float, w: float, h: float, children: str, rot: int = 0) -> str:
    """A group whose children are placed in a child space of the same size at 0, 0."""
    return (f'<p:grpSp><p:nvGrpSpPr><p:cNvPr id="80" name="Group"/><p:cNvGrpSpPr/><p:nvPr/>'
            f'</p:nvGrpSpPr><p:grpSpPr><a:xfrm rot="{rot}"><a:off x="{round(x * EMU)}" '
            f'y="{round(y * EMU)}"/><a:ext cx="{round(w * EMU)}" cy="{round(h * EMU)}"/>'
            f'<a:chOff x="0" y="0"/><a:chExt cx="{round(w * EMU)}" cy="{round(h * EMU)}"/>'
            f'</a:xfrm></p:grpSpPr>{children}</p:grpSp>')
