"""render/pdfkit/tagging.py on small documents: what a page marks, what a split or a repeated
row becomes, links, and what the module refuses."""

from __future__ import annotations

from io import BytesIO

import pikepdf
import pytest
from reportlab.platypus import Paragraph as P

from notedeck.deck import BulletList, Meta, Paragraph, Run, Stamp, Table
from notedeck.render.pdfkit import blocks
from notedeck.render.pdfkit.document import document
from notedeck.render.pdfkit.footer import numbered_canvas
from notedeck.paper import PAPERS
from notedeck.render.pdfkit.pieces import PIECE
from notedeck.render.pdfkit.pdffile import new_canvas
from notedeck.render.pdfkit.styles import Styles, register_fonts
from notedeck.render.pdfkit.tagging import Tags, page
from notedeck.render.pdfkit.tagstory import TITLE, group, heading, mark

from ..pdftags import read

META = Meta("A note", "", "Someone", "1 May 2026", "", "A note", "testing")
SHEET = PAPERS["a4"]


def platypus(tmp_path, make_story, title: str = "A note") -> tuple:
    """A platypus document of the story `make_story()` builds, tagged; (tree, artifacts)."""
    register_fonts()
    tags = Tags(title, "en-GB")
    with tags.building():
        story = make_story()
    buffer = BytesIO()
    document(buffer, META, SHEET).build(
        story, canvasmaker=numbered_canvas(SHEET, "footer text", META, Stamp(), tags))
    path = tmp_path / "doc.pdf"
    path.write_bytes(buffer.getvalue())
    return path, *read(path)


def test_a_paragraph_over_two_pages_is_one_element_with_content_on_each(tmp_path):
    long = " ".join(f"word{n}" for n in range(700))
    path, tree, _ = platypus(tmp_path, lambda: [heading(TITLE, P("Title", Styles.title)),
                                                mark("P", P(long, Styles.body))])
    document = tree[0]
    assert [n.role for n in document.children] == ["H1", "P"]
    paragraph = document.children[1]
    assert paragraph.pages == (1, 2) and paragraph.text == long
    with pikepdf.open(path) as pdf:
        kids = pdf.Root.StructTreeRoot.K.K[1].K
        assert isinstance(kids[0], int) and kids[1].Type == "/MCR"       # page 2's part
        assert kids[1].Pg.objgen == pdf.pages[1].obj.objgen


def test_a_paragraph_set_in_pieces_is_one_element_and_a_list_item_one_item(tmp_path):
    """pieces.py sets a paragraph longer than PIECE as several reportlab Paragraphs: the
    tree still holds one P, and a list item so cut one LI whose body is all its pieces."""
    long = " ".join(f"word{n}" for n in range(PIECE // 3))
    place = blocks.Place(SHEET.text_width, 200, {})

    def story():
        return (blocks.block_flowables(Paragraph((Run(long),)), place)
                + blocks.block_flowables(BulletList(((Run("short"),), (Run(long),))), place))
    _, tree, _ = platypus(tmp_path, story)
    paragraph, bullets = tree[0].children
    assert paragraph.role == "P" and paragraph.text == long and len(paragraph.pages) > 1
    assert bullets.role == "L" and [i.role for i in bullets.children] == ["LI", "LI"]
    assert [n.role for n in bullets.children[1].children] == ["LBody"]   # its label drawn apart
    assert bullets.children[1].children[0].text == long


def test_a_header_row_repeated_on_the_next_page_is_an_artifact(tmp_path):
    table = Table("t", "", ("Name", "Value"), tuple((f"row {n}", str(n)) for n in range(60)),
                  ("left", "right"))

    def story():
        with group("Table"):
            return [blocks.table_grid(table, SHEET.text_width)]
    _, tree, artifacts = platypus(tmp_path, story)
    rows = tree[0].children[0].children
    assert len(rows) == 61 and [c.text for c in rows[0].children] == ["Name", "Value"]
    assert all(c.pages == (1,) for c in rows[0].children)      # marked where first drawn
    assert {r.children[0].pages[0] for r in rows[1:]} == {1, 2}
    repeated = " ".join(artifacts[2])
    assert "Name" in repeated and "Value" in repeated


def test_headings_never_skip_a_level(tmp_path):
    def story():
        return [heading(TITLE, P("Title", Styles.title)), heading(3, P("Deep", Styles.body)),
                heading(1, P("Section", Styles.body)), heading(5, P("Deeper", Styles.body))]
    _, tree, _ = platypus(tmp_path, story)
    assert [(n.role, n.text) for n in tree[0].children] == [
        ("H1", "Title"), ("H2", "Deep"), ("H2", "Section"), ("H3", "Deeper")]


def test_what_no_element_claims_is_an_artifact_and_the_footer_a_pagination_one(tmp_path):
    path, tree, artifacts = platypus(tmp_path, lambda: [P("untagged text", Styles.body),
                                                        mark("P", P("tagged", Styles.body))])
    assert [(n.role, n.text) for n in tree[0].children] == [("P", "tagged")]
    assert artifacts[1] == ["Artifact: untagged text footer text page 1 of 1"]
    with pikepdf.open(path) as pdf:
        stream = pdf.pages[0].Contents.read_bytes()
        assert b"/Artifact <</Type /Pagination /Subtype /Footer>> BDC" in stream


def test_a_link_is_a_link_element_holding_its_annotation(tmp_path):
    canvas, buffer = new_canvas((300, 200), META)
    tags = canvas.tags
    with page(canvas):
        link = tags.add("P").add("Link")
        with tags.leaf(canvas, [link]):
            canvas.drawString(20, 100, "the source")
        tags.link(canvas, link, "https://example.org/", 20, 95, 60, 14, "The source, online")
    canvas.showPage()
    canvas.save()
    path = tmp_path / "link.pdf"
    path.write_bytes(buffer.getvalue())
    tree, _ = read(path)
    node = tree[0].children[0].children[0]
    assert (node.role, node.text, node.annotations) == ("Link", "the source", 1)
    with pikepdf.open(path) as pdf:
        annotation = pdf.pages[0].obj.Annots[0]
        assert annotation.Contents == "The source, online" and pdf.pages[0].obj.Tabs == "/S"
        link = pdf.Root.StructTreeRoot.K.K.K
        assert link.S == "/Link" and link.K[1].Obj.objgen == annotation.objgen
        nums = pdf.Root.StructTreeRoot.ParentTree.Nums
        assert nums[2] == annotation.StructParent == 1 and nums[3].objgen == link.objgen
        assert pdf.Root.StructTreeRoot.ParentTreeNextKey == 2


def test_marked_content_cannot_nest():
    canvas, _ = new_canvas((300, 200), META)
    tags = canvas.tags
    tags.begin_page(canvas)
    outer, inner = tags.add("P"), tags.add("P")
    with tags.leaf(canvas, [outer], text_only=False):
        with pytest.raises(RuntimeError, match="cannot nest"):
            with tags.leaf(canvas, [inner]):
                pass


def test_a_tree_written_for_other_pages_than_were_drawn_is_refused():
    canvas, _ = new_canvas((300, 200), META)
    canvas.drawString(10, 10, "unmarked")
    canvas.showPage()
    with pytest.raises(RuntimeError, match="0 pages marked, 1 drawn"):
        canvas.save()


def test_the_reportlab_internals_tagging_uses_are_where_it_expects_them():
    """docs/architecture.md lists them; if one moves, tagging fails here first."""
    from reportlab.pdfbase.pdfdoc import PDFCatalog, PDFPage

    canvas, _ = new_canvas((300, 200), META)
    assert {"StructTreeRoot", "MarkInfo", "Metadata"} <= set(PDFCatalog.__NoDefault__)
    assert "StructParents" not in PDFPage.__NoDefault__        # added per page by tagtree
    assert isinstance(canvas._doc.Pages.pages, list)
    assert isinstance(canvas.beginText()._code, list)
    assert isinstance(canvas._annotationrefs, list)
