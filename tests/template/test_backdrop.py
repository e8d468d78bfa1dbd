"""What lies behind a layout's text, read from a template: translucent shapes blended, gradients
taken where a point is, groups and rotations placed, pictures left unjudged."""

from __future__ import annotations

import math

import pytest

from notedeck.template import outlines, package
from notedeck.template.backdrop import Backdrop, Decoration
from notedeck.template.boxes import Box
from notedeck.template.paint import Gradient, Picture, Solid
from notedeck.template.styles import contrast

from .decorated import group, shape, solid, with_master_shapes

DARK = solid("20004A")


def backdrop(data: bytes, role: str = "content") -> Backdrop:
    return package.load(data, "decorated.pptx").roles[role].layout.backdrop


def test_a_translucent_disc_is_blended_over_what_lies_below_and_only_inside_its_curve():
    found = backdrop(with_master_shapes(shape(1, 1, 2, 2, solid("FFFFFF", 30000), "ellipse"),
                                        background=DARK))
    assert found.colour_at(2, 2) == "#634C80"            # 30% white over #20004A
    assert found.colour_at(1.05, 1.05) == "#20004A"       # the box's corner, outside the disc
    assert found.colour_at(5, 5) == "#20004A"


def test_a_gradient_shows_the_colour_of_where_the_point_is():
    lin = ('<a:gradFill><a:gsLst><a:gs pos="0"><a:srgbClr val="000000"/></a:gs>'
           '<a:gs pos="100000"><a:srgbClr val="FFFFFF"/></a:gs></a:gsLst><a:lin ang="0"/>'
           '</a:gradFill>')
    found = backdrop(with_master_shapes(background=lin))
    w = found.size[0]
    assert found.colour_at(0.01, 3) == "#000000" or found.colour_at(0.01, 3) < "#050505"
    assert found.colour_at(w / 2, 3) in ("#7F7F7F", "#808080")
    assert found.colour_at(w - 0.01, 3) > "#FAFAFA"


def test_a_circular_gradient_reaches_half_the_boxs_diagonal_from_its_focus():
    fill = Gradient(((0.0, "#FFFF00", 1.0), (1.0, "#FF8000", 1.0)), "circle",
                    focus=(0.5, 1.0, 0.5, 0.0))
    (fx, fy), radius = fill.circle(10, 6)
    assert (fx, fy) == (5, 6) and radius == pytest.approx(math.hypot(10, 6) / 2)
    assert fill.position(10, 6, 5, 6) == 0 and fill.position(10, 6, 0, 0) == 1


def test_a_rotated_group_places_its_children():
    bar = shape(0, 0, 4, 1, solid("FF0000"), shape_id=91)
    found = backdrop(with_master_shapes(group(2, 2, 4, 1, bar, rot=5400000)))
    # the 4 x 1 in bar, turned a quarter about the group's centre (4, 2.5), stands upright
    assert found.colour_at(4, 1.0) == "#FF0000" and found.colour_at(4, 4.0) == "#FF0000"
    assert found.colour_at(2.5, 2.5) == "#FFFFFF"


def test_a_picture_behind_cannot_be_judged():
    item = Decoration(outlines.preset("rect", {}, 914400, 914400), (1.0, 1.0),
                      (1.0, 0.0, 0.0, 1.0, 1.0, 1.0), Picture(b"png"))
    found = Backdrop((10.0, 6.0), "#FFFFFF", Solid("#FFFFFF"), (item,))
    assert found.colour_at(1.5, 1.5) is None and found.colour_at(5, 5) == "#FFFFFF"
    assert None in found.colours(Box(1, 1, 3, 1))


@pytest.mark.parametrize("name, inside, outside", [
    ("ellipse", (0.5, 0.5), (0.02, 0.02)),
    ("roundRect", (0.5, 0.02), (0.005, 0.005)),
    ("rtTriangle", (0.2, 0.8), (0.8, 0.2)),
    ("triangle", (0.5, 0.6), (0.1, 0.1)),
    ("parallelogram", (0.5, 0.5), (0.05, 0.05)),
    ("flowChartDocument", (0.5, 0.5), (0.95, 0.97)),
    ("homePlate", (0.5, 0.5), (0.98, 0.05)),
])
def test_preset_shapes_have_their_outlines(name, inside, outside):
    paths = outlines.preset(name, {}, 914400, 914400)
    shapes = outlines.polygons(paths)
    assert outlines.inside(shapes, *inside) and not outlines.inside(shapes, *outside)


def test_an_ellipse_has_the_area_of_an_ellipse():
    shapes = outlines.polygons(outlines.preset("ellipse", {}, 2 * 914400, 914400), steps=32)
    area = abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1)
                   in zip(shapes[0], shapes[0][1:] + shapes[0][:1]))) / 2
    assert area == pytest.approx(math.pi * 1 * 0.5, rel=0.01)


def test_custom_geometry_with_guides_and_arcs():
    from lxml import etree

    geometry = etree.fromstring(
        '<a:custGeom xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
        '<a:gdLst><a:gd name="half" fmla="*/ w 1 2"/></a:gdLst><a:pathLst><a:path w="100" h="100">'
        '<a:moveTo><a:pt x="0" y="100"/></a:moveTo><a:lnTo><a:pt x="0" y="0"/></a:lnTo>'
        '<a:arcTo wR="100" hR="100" stAng="16200000" swAng="5400000"/><a:close/></a:path>'
        '</a:pathLst></a:custGeom>')
    paths = outlines.custom(geometry, 914400, 914400)
    shapes = outlines.polygons(paths)
    # a quarter disc of radius 1 in, centred on the bottom-left corner
    assert outlines.inside(shapes, 0.3, 0.3) and not outlines.inside(shapes, 0.95, 0.1)


def test_white_text_on_a_translucent_white_disc_over_a_dark_slide_reads():
    """What was judged white on white is white on a 30% white disc over a dark slide: it
    reads, so no warning and no change of colour."""
    from notedeck.template import audit

    disc = shape(4.7, 0.2, 4.0, 1.4, solid("FFFFFF", 30000), "ellipse")   # over the title
    data = with_master_shapes(disc, background=DARK, edits=(
        ('<a:schemeClr val="tx1"/></a:solidFill><a:latin typeface="+mj-lt"/>',
         '<a:schemeClr val="bg1"/></a:solidFill><a:latin typeface="+mj-lt"/>'),))
    template = package.load(data, "dark.pptx")
    title = template.roles["content"].slots["title"]
    assert title.style.colour.rgb == "#FFFFFF"
    words = [str(p) for p in audit.contrast(template)]
    assert not any("(title, idx 0)" in w for w in words), words


def test_text_that_would_not_read_is_set_in_a_theme_colour_that_does_with_a_warning():
    data = with_master_shapes(edits=(
        ('<a:defRPr sz="2200" kern="0"><a:solidFill><a:schemeClr val="tx1"/>',
         '<a:defRPr sz="2200" kern="0"><a:solidFill><a:schemeClr val="bg1"/>'),))
    template = package.load(data, "pale.pptx")
    body = template.roles["content"].slots["body"]
    assert body.style.colour.slot == "tx1"
    assert contrast(body.style.colour.rgb, "#FFFFFF") > 7
    said = [str(w) for w in template.adapted]
    assert any("its colour #FFFFFF on #FFFFFF has a contrast of 1.00:1" in w
               and "notedeck sets it in" in w for w in said), said


def test_a_picture_marked_grayscl_is_drawn_in_shades_of_grey(tmp_path):
    """Piano's notes are a coloured picture its master greys (a:grayscl): read so, and drawn
    with its transparency kept."""
    from io import BytesIO

    from PIL import Image
    from pptx import Presentation
    from pptx.util import Inches

    from notedeck.template import paint
    from notedeck.render.pdfkit.paint import _recoloured

    pink = Image.new("RGBA", (4, 4), (230, 120, 190, 255))
    pink.putpixel((0, 0), (0, 0, 0, 0))
    buffer = BytesIO()
    pink.save(buffer, "PNG")
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    pic = slide.shapes.add_picture(BytesIO(buffer.getvalue()), 0, 0, Inches(1), Inches(1))
    blip_fill = pic._element.blipFill
    assert paint.picture(blip_fill, slide.part).grey is False
    blip_fill.blip.append(blip_fill.blip.makeelement(f"{paint.A}grayscl", {}))
    found = paint.picture(blip_fill, slide.part)
    assert found.grey is True and found.image == buffer.getvalue()
    grey = _recoloured(found)
    r, g, b, a = grey.getpixel((2, 2))
    assert r == g == b and a == 255 and grey.getpixel((0, 0))[3] == 0


def test_a_brightened_picture_is_read_and_drawn_lighter():
    """A blip's lum (brightness, contrast), as a Chinese template lightens its leaves: read,
    and drawn lighter with its transparency kept, as LibreOffice and PowerPoint draw it."""
    from io import BytesIO

    from PIL import Image
    from pptx import Presentation
    from pptx.util import Inches

    from notedeck.template import paint
    from notedeck.render.pdfkit.paint import _recoloured

    green = Image.new("RGBA", (4, 4), (40, 120, 30, 255))
    green.putpixel((0, 0), (0, 0, 0, 0))
    buffer = BytesIO()
    green.save(buffer, "PNG")
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    pic = slide.shapes.add_picture(BytesIO(buffer.getvalue()), 0, 0, Inches(1), Inches(1))
    blip = pic._element.blipFill.blip
    blip.append(blip.makeelement(f"{paint.A}lum", {"bright": "44000", "contrast": "-20000"}))
    found = paint.picture(pic._element.blipFill, slide.part)
    assert (found.bright, found.contrast) == (0.44, -0.2)
    drawn = _recoloured(found)
    r, g, b, a = drawn.getpixel((2, 2))
    assert (r, g, b) > (40, 120, 30) and min(r, g, b) >= 100 and a == 255
    assert drawn.getpixel((0, 0))[3] == 0
    plain = paint.picture(slide.shapes.add_picture(BytesIO(buffer.getvalue()), 0, 0)
                          ._element.blipFill, slide.part)
    assert (plain.bright, plain.contrast) == (0.0, 0.0)
