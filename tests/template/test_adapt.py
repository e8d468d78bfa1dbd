"""A cramped template's text areas adapted, each change said: a title box that runs past the band
its white text is drawn on ends at the band; text areas and a drawn slide number clear of the
template's small pictures; a slide number over the body's corner narrowed beside it."""

from __future__ import annotations

import pytest

from notedeck.template import obstacles, package
from notedeck.template.boxes import Box
from notedeck.template.legible import reads_at

from .decorated import shape, solid, with_master_shapes

WHITE_TITLE = (('<a:schemeClr val="tx1"/></a:solidFill><a:latin typeface="+mj-lt"/>',
                '<a:schemeClr val="bg1"/></a:solidFill><a:latin typeface="+mj-lt"/>'),)


def test_a_title_box_reaching_past_its_band_ends_where_its_white_text_stops_reading():
    """The title box of default.pptx's Content layout is 0.35-1.45 in; a dark band ends at
    1.0 in, so white text in the box's last 0.45 in would be white on white."""
    band = shape(0, 0, 13.333, 1.0, solid("1A4F8B"))
    template = package.load(with_master_shapes(band, edits=WHITE_TITLE), "banded.pptx")
    title = template.roles["content"].slots["title"]
    assert title.style.colour.rgb == "#FFFFFF"
    assert title.box.y == pytest.approx(0.35) and 1.0 <= title.box.bottom <= 1.1
    behind = template.roles["content"].layout.behind(title.box)
    assert reads_at("#FFFFFF", behind)[0] > 4.5
    said = [str(w) for w in template.adapted]
    assert any("(title, idx 0)" in w and "its colour #FFFFFF would lie on a picture or on a "
               "colour it does not read on; notedeck sets its text above" in w for w in said), said


def test_a_title_box_inside_its_band_is_left_as_it_is():
    band = shape(0, 0, 13.333, 1.6, solid("1A4F8B"))
    template = package.load(with_master_shapes(band, edits=WHITE_TITLE), "banded.pptx")
    assert template.roles["content"].slots["title"].box.bottom == pytest.approx(1.45)
    assert not any("sets its text above" in str(w) for w in template.adapted)


def test_a_text_area_is_trimmed_clear_of_the_pictures_at_its_start():
    """Grey Elegant's title begins among the icons of its top-left corner: it starts after
    them, keeping most of its width."""
    title = Box(0.51, 0.51, 9.92, 1.04)
    icons = [Box(x, y, 0.2, 0.2) for x in (-0.16, 0.24, 0.64) for y in (-0.32, 0.08, 0.48, 0.88)]
    cleared = obstacles.clear_of(title, icons)
    assert cleared.x == pytest.approx(0.89) and cleared.right == pytest.approx(title.right)
    assert (cleared.y, cleared.h) == (title.y, title.h)
    assert not any(w and h for w, h in (cleared.overlap(i) for i in icons))


def test_a_picture_in_the_middle_of_a_text_area_is_left_to_the_template():
    """Cutting around a picture in the middle would leave less than half the box either way:
    the box stays as it is."""
    body = Box(1, 1, 8, 4)
    assert obstacles.clear_of(body, [Box(3, 2, 4, 2.5)]) == body


def test_a_drawn_slide_number_moves_left_of_the_pictures_in_the_corner():
    number = Box(9.72, 5.61, 1.0, 0.4)
    icons = [Box(x, y, 0.2, 0.2) for x in (10.44, 10.84) for y in (5.08, 5.48, 5.88)]
    moved = obstacles.beside(number, icons, leftmost=5.5)
    assert moved.y == number.y and moved.right <= 10.44 and moved.x > 9.0
    assert obstacles.beside(number, [], leftmost=5.5) == number
