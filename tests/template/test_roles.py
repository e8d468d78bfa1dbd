"""Roles mapped to layouts: by name, by placeholder types, across masters, with pins."""

from __future__ import annotations

from pathlib import Path

import pptx
import pytest

from notedeck.readers.templatemap import Pin
from notedeck.template import package, roles
from notedeck.template.geometry import Box, Layout, Master, Placeholder, TemplateInfo
from notedeck.template.mapping import resolve
from notedeck.template.styles import Theme

PPTX_DEFAULT = Path(pptx.__file__).parent / "templates" / "default.pptx"


def ph(position: int, kind: str, x: float, y: float, w: float, h: float, idx: int = 0,
       name: str = "") -> Placeholder:
    return Placeholder(name or f"PlaceHolder {position + 1}", kind, idx, Box(x, y, w, h),
                       (0.1, 0.05, 0.1, 0.05), "t", position)


FOOT = (ph(7, "dt", 0.4, 5.6, 2.5, 0.4, 1), ph(8, "ftr", 3.5, 5.6, 3.5, 0.4, 2),
        ph(9, "sldNum", 8.0, 5.6, 2.5, 0.4, 3))


def layout(master: int, index: int, name: str, *placeholders: Placeholder) -> Layout:
    return Layout(master, index, name, placeholders)


def libreoffice_like(masters: int = 2, footers_from: int = 1, top: float = 1.5) -> TemplateInfo:
    """Two masters with LibreOffice's layout names; every idx 0 but the furniture's."""
    out = []
    for m in range(masters):
        foot = FOOT if m >= footers_from else ()
        out.append(Master(m, f"Master {m + 1}", (
            layout(m, 0, "Title Slide", ph(0, "title", 0.5, 0.3, 10, 1),
                   ph(1, "subTitle", 0.5, top, 10, 3.6), *foot),
            layout(m, 1, "Title, Content", ph(0, "title", 0.5, 0.3, 10, 1),
                   ph(1, "obj", 0.5, top, 10, 3.6), *foot),
            layout(m, 2, "Title, 2 Content", ph(0, "title", 0.5, 0.3, 10, 1),
                   ph(1, "obj", 0.5, top, 4.9, 3.6), ph(2, "obj", 5.6, top, 4.9, 3.6), *foot),
        ), Theme()))
    return TemplateInfo("corporate.pptx", 11.0, 6.2, tuple(out))


def mapped(info: TemplateInfo, pins=()):
    template, problems = resolve(info, pins)
    return template, problems


def test_libreoffice_layouts_serve_every_role_from_the_master_with_footers():
    template, problems = mapped(libreoffice_like())
    assert problems == []
    chosen = {name: (m.layout.name, m.layout.master) for name, m in template.roles.items()}
    assert chosen == {"title": ("Title Slide", 1), "section": ("Title Slide", 1),
                      "content": ("Title, Content", 1), "chart": ("Title, Content", 1),
                      "chart-and-text": ("Title, 2 Content", 1), "table": ("Title, Content", 1),
                      "sources": ("Title, Content", 1)}      # one wide column; boundaries follow
    side = template.roles["chart-and-text"]
    assert side.slots["chart"].box.x < side.slots["side"].box.x   # chart left, text right
    assert template.has_footer("content") and not template.has("section", "number")


def test_the_roles_keep_to_one_masters_look():
    """A master that serves every role with its own layouts serves them all, though another
    master has a layout named for one of them."""
    info = libreoffice_like()
    first, second = info.masters
    info = TemplateInfo(info.file, info.slide_w, info.slide_h, (
        Master(0, "Master 1", first.layouts[:2], Theme()),
        Master(1, "Master 2", (second.layouts[2],), Theme())))
    template, _ = mapped(info)
    assert {m.layout.master for m in template.roles.values()} == {1}


def test_date_footer_and_slide_number_never_hold_text():
    info = TemplateInfo("t.pptx", 10, 7.5, (Master(0, "M", (
        layout(0, 0, "Title Slide", ph(0, "ctrTitle", 1, 1, 8, 1.5), *FOOT),
        layout(0, 1, "Title and Content", ph(0, "title", 1, 0.3, 8, 1),
               ph(1, "body", 1, 1.5, 8, 4), *FOOT),
    ), Theme()),))
    template, problems = mapped(info)
    title = template.roles["title"]          # not 'Title Slide' with its date as subtitle
    assert title.layout.name == "Title and Content" and title.slots["subtitle"].type == "body"
    for m in template.roles.values():
        assert all(p.type not in ("dt", "ftr", "sldNum") for p in m.slots.values())


def test_every_missing_role_is_named_with_the_types_it_needs():
    """A layout with text but no title cannot take notedeck's own title box: nothing serves."""
    info = TemplateInfo("t.pptx", 10, 7.5, (Master(0, "M", (
        layout(0, 0, "Caption Only", ph(0, "body", 1, 5.3, 8, 1), *FOOT),), Theme()),))
    _, problems = mapped(info)
    assert len(problems) == 7
    chart = next(p.message for p in problems if "role 'chart-and-text'" in p.message)
    assert "a chart, picture or object placeholder for the chart" in chart
    assert "a body or object placeholder for the text beside the chart" in chart
    assert "nearest is layout 'Caption Only' of master 1" in chart


def test_a_title_only_layout_gets_notedecks_own_boxes_under_its_title():
    info = TemplateInfo("t.pptx", 10, 7.5, (Master(0, "M", (
        layout(0, 0, "Title Only", ph(0, "title", 1, 0.3, 8, 1), *FOOT),), Theme()),))
    template, problems = mapped(info)
    assert [p for p in problems if p.severity == "error"] == []
    chart = template.roles["chart-and-text"]
    assert chart.slots["title"].type == "title" and not chart.slots["title"].drawn
    assert chart.slots["chart"].drawn and chart.slots["side"].drawn
    assert chart.slots["chart"].box.y > 1.3 and chart.slots["chart"].box.bottom < 5.6  # above
    assert chart.slots["chart"].box.right < chart.slots["side"].box.x                  # FOOT
    said = [p.message for p in template.adapted if "Title Only" in p.message]
    assert len([m for m in said if "free area" in m]) == 1       # once for the layout


def test_pins_choose_a_layout_and_placeholders_by_name_or_idx():
    info = libreoffice_like()
    pins = (Pin("sources", "Title, Content", 2, (("sources", "PlaceHolder 2", 3),), 1),
            Pin("chart-and-text", "Title, 2 Content", None,
                (("chart", "PlaceHolder 3", 5), ("side", "PlaceHolder 2", 6)), 4))
    template, problems = mapped(info, pins)
    assert problems == []
    assert template.roles["sources"].layout.name == "Title, Content"
    assert template.roles["sources"].how == "pinned in template.yaml"
    pair = template.roles["chart-and-text"]
    assert (pair.slots["chart"].name, pair.slots["side"].name) == ("PlaceHolder 3",
                                                                   "PlaceHolder 2")
    assert pair.layout.master == 1       # no master pinned: the one the role would come from


def test_bad_pins_are_reported_at_their_lines_all_at_once():
    pins = (Pin("chrt", "Title, Content", line=1),
            Pin("content", "Title and Content", line=2),
            Pin("table", "Title, Content", 9, line=3),
            Pin("sources", "Title, Content", None, (("body", "PlaceHolder 2", 5),), 4),
            Pin("chart", "Title, Content", None, (("chart", 0, 7),), 6))
    _, problems = mapped(libreoffice_like(), pins)
    lines = {p.where.line: p.message for p in problems}
    assert "unknown role 'chrt'; did you mean 'chart'" in lines[1]
    assert "corporate.pptx has no layout 'Title and Content'; did you mean" in lines[2]
    assert "layouts are: 'Title Slide', 'Title, Content', 'Title, 2 Content'" in lines[2]
    assert "no master 9; masters are: 1 ('Master 1'), 2 ('Master 2')" in lines[3]
    assert "role 'sources' has no placeholder 'body'; it has: title, sources" in lines[5]
    assert "2 placeholders idx 0; name it instead of giving its idx" in lines[7]
    assert all(str(p.where.file) == "template.yaml" for p in problems)


def test_overlaps_are_faults_and_layouts_drawn_bigger_are_scaled_into_the_slide():
    info = libreoffice_like()
    small = TemplateInfo(info.file, 9.0, 6.2, info.masters)
    template, problems = mapped(small)
    assert problems == []
    said = [p.message for p in template.adapted if "the slide is 9.00 x 6.20 in, but" in p.message]
    assert len(said) == 1 and "notedeck scales them into the slide" in said[0]
    assert all(ph.box.right <= 9.0 for m in template.roles.values() for ph in m.slots.values())
    _, problems = mapped(libreoffice_like(1, 0, top=1.0))     # every text box under a title
    assert any("'PlaceHolder 1' (title, idx 0) and 'PlaceHolder 2' (subTitle, idx 0) of "
               "layout 'Title Slide' of master 1 overlap by 10.00 x 0.30 in" in p.message
               for p in problems)


def test_python_pptx_default_template_maps_every_role():
    template = package.load(PPTX_DEFAULT.read_bytes(), "default.pptx")
    chosen = {name: (m.layout.name, m.how) for name, m in template.roles.items()}
    assert chosen["title"] == ("Title Slide", "named 'Title Slide'")
    assert chosen["section"] == ("Section Header", "named 'Section Header'")
    assert chosen["content"] == ("Title and Content", "named 'Title and Content'")
    assert chosen["chart-and-text"] == ("Two Content", "named 'Two Content'")
    assert chosen["table"][1] == "by its placeholder types"
    # the vertical-text layouts never serve
    assert all("Vertical" not in name for name, _ in chosen.values())


@pytest.mark.parametrize("suffix", [".pptx", ".potx"])
def test_a_potx_opens_like_a_pptx(suffix, tmp_path):
    import zipfile

    data = package.DEFAULT_TEMPLATE.read_bytes()
    if suffix == ".potx":
        source = zipfile.ZipFile(package.DEFAULT_TEMPLATE)
        out = tmp_path / "t.potx"
        with zipfile.ZipFile(out, "w") as target:
            for item in source.infolist():
                body = source.read(item.filename)
                if item.filename == "[Content_Types].xml":
                    body = body.replace(b"presentation.main+xml", b"template.main+xml")
                target.writestr(item, body)
        data = out.read_bytes()
        assert b"template.main+xml" in zipfile.ZipFile(out).read("[Content_Types].xml")
    template = package.load(data, f"t{suffix}")
    assert set(template.roles) == set(roles.ROLES)
