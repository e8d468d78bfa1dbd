"""The web page as planned: one self-contained, semantic, accessible document within its budget."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from lxml import html as lxml_html

from notedeck.deck import BarChart, Choice, Paragraph, Run, Slider, Table
from notedeck.render import web
from notedeck.render.web.plan import plan

from webpage import BUDGET_BYTES, VARIANTS, build_page, by_class, embedded, plain, text, texts


@pytest.fixture(scope="module", params=VARIANTS, ids=lambda v: v or "note")
def built(request):
    return build_page(audience=request.param)


def test_the_renderer_is_registered_behind_the_contract():
    from notedeck.render import registry

    renderer = registry.get("web")
    assert renderer is web.RENDERER
    assert (renderer.name, renderer.filename, renderer.unit, renderer.reads) == (
        "web", "web/index.html", "pages", ())


def test_within_the_size_budget(built):
    assert len(built.html.encode("utf-8")) < BUDGET_BYTES


def test_nothing_is_fetched_at_view_time(built):
    html = built.html
    assert not re.search(r"""(?:src|href|action|poster|data)\s*=\s*["']?\s*(?:https?:)?//""", html, re.I)
    assert "<link" not in html and "@import" not in html and "@font-face" not in html
    assert not re.search(r"url\(\s*['\"]?(?!data:)", html)
    assert not re.search(r"<(?:iframe|img|object|embed|audio|video)\b", html)
    policy = built.tree.xpath('//meta[@http-equiv="Content-Security-Policy"]/@content')[0]
    assert "default-src 'none'" in policy and "connect-src" not in policy


def test_semantic_document(built):
    tree, deck = built.tree, built.deck
    assert tree.get("lang") == "en"
    assert texts(tree, "//h1") == [deck.meta.title]
    assert tree.xpath("//main") and tree.xpath("//nav") and tree.xpath("//header")
    sections = tree.xpath("//main/section")
    assert len(sections) == len(deck.handout.sections) + 1            # and the sources
    for section, handout in zip(sections, deck.handout.sections):
        assert text(section.xpath("h2")[0]) == f"{handout.number} {handout.title}"
        assert section.get("aria-labelledby") == section.xpath("h2/@id")[0]
    for table in tree.xpath("//table"):
        assert table.xpath("caption") and table.xpath("thead/tr/th[@scope='col']")
        assert all(row.xpath("th[@scope='row']") for row in table.xpath("tbody/tr"))
    for figure in tree.xpath("//figure"):
        assert figure.xpath("figcaption")
    assert len(tree.xpath("//ol[@class='sources']/li")) == len(deck.handout.sources)


def test_every_chart_is_an_svg_with_title_and_description_from_the_data(built):
    tree, deck = built.tree, built.deck
    svgs = tree.xpath("//*[local-name()='svg'][@role='img']")
    assert svgs
    for svg in svgs:
        title = svg.xpath("*[local-name()='title']")[0]
        desc = svg.xpath("*[local-name()='desc']")[0]
        assert svg.get("aria-labelledby") == title.get("id") and text(title)
        assert svg.get("aria-describedby") == desc.get("id") and text(desc)
    alts = {text(d) for d in tree.xpath("//*[local-name()='desc']")}
    titles = {text(t) for t in tree.xpath("//*[local-name()='title']")}
    for spec in deck.charts:
        if isinstance(spec, BarChart):              # a bar per SVG, the chart's title as caption
            assert plain(spec.title) in texts(tree, "//figcaption")
            for bar in spec.bars:
                assert plain(f"{bar.label}: {bar.total_label}") in titles
                assert plain(", ".join(f"{s.label} {s.value_label}" for s in bar.segments)) in alts
        else:
            assert plain(spec.alt_text) in alts and plain(spec.title) in titles


def test_controls_are_native_and_labelled(built):
    tree, live = built.tree, built.deck.live
    sliders = [c for c in live.controls if isinstance(c, Slider)]
    choices = [c for c in live.controls if isinstance(c, Choice)]
    assert sliders and choices
    for slider in sliders:
        (control,) = tree.xpath(f"//input[@data-control='{slider.name}']")
        assert control.get("type") == "range" and control.get("min") == "0"
        assert control.get("max") == str(len(slider.texts) - 1)
        assert control.get("value") == str(slider.start)
        assert control.get("aria-valuetext") == slider.texts[slider.start]
        assert texts(tree, f"//label[@for='{control.get('id')}']") == [slider.label]
        assert tree.xpath(f"//*[@id='{control.get('aria-describedby')}']")
    for choice in choices:
        radios = tree.xpath(f"//fieldset[legend]//input[@type='radio'][@data-control='{choice.name}']")
        assert [text(r.getparent()) for r in radios] == list(choice.items)
        assert [r.get("checked") is not None for r in radios] == [
            i == choice.start for i in range(len(choice.items))]
        assert text(radios[0].xpath("ancestor::fieldset/legend")[0]) == choice.label
    assert len(tree.xpath("//*[@role='status'][@data-announce]")) == len(live.panels)
    groups = tree.xpath("//div[@role='group']")
    assert [g.get("aria-label") for g in groups] == [p.label for p in live.panels]


def test_the_page_starts_where_the_handout_is(built):
    """Before any script runs, the live parts show the featured check and the imagined speed."""
    tree, source = built.tree, built.source
    names, compact = source.names, source.fmt.duration       # big numbers: compact durations
    bottleneck = built.figures.bottleneck
    live_stats = tree.xpath(f"//dl[{by_class('stats')}][{by_class('live')}]//dd[{by_class('value')}]")
    assert [text(v) for v in live_stats] == plain([
        compact(bottleneck.total_baseline), compact(bottleneck.total_imagined),
        names["bottleneck"]["featured"]["writing_speedup"],
        names["bottleneck"]["featured"]["end_to_end_speedup"]])
    figure = tree.xpath(f"//div[{by_class('panel')}]//dd[{by_class('figure')}]")
    assert [text(f) for f in figure] == plain([names["workloads"][0]["total_tokens"],
                                               compact(built.figures.workloads[0].seconds_imagined)])


def test_same_deck_same_page():
    assert build_page().html == build_page().html


def test_a_deck_without_live_controls_is_a_static_page():
    built = build_page()
    page = plan(replace(built.deck, live=None)).html
    assert "<script" not in page and "data-control" not in page
    tree = lxml_html.fromstring(page)
    assert tree.xpath("//figure[@class='bars']//*[local-name()='svg']")
    assert "script-src 'none'" in tree.xpath('//meta[@http-equiv="Content-Security-Policy"]/@content')[0]


def test_text_is_escaped_and_the_data_cannot_end_its_script():
    built = build_page()
    deck = built.deck
    hostile = '</script><script>alert(1)</script> & <b>'
    first = replace(deck.handout.sections[0],
                    blocks=(Paragraph((Run(hostile),)), *deck.handout.sections[0].blocks))
    panel = deck.live.panels[0]
    choice = replace(panel.controls[0], items=(hostile, *panel.controls[0].items[1:]))
    sentence = panel.announce
    rows = (("not shown first", *sentence.values[0][1:]), *sentence.values[1:])
    sentence = replace(sentence, values=((hostile, *rows[0][1:]), *rows[1:]))
    panel = replace(panel, controls=(choice, *panel.controls[1:]),
                    shows=(panel.shows[0], sentence), announce=sentence)
    live = replace(deck.live, panels=(panel, *deck.live.panels[1:]))
    deck = replace(deck, handout=replace(deck.handout, sections=(first, *deck.handout.sections[1:])),
                   live=live)
    html = plan(deck).html
    assert html.count("<script") == 2 and "alert(1)</script>" not in html
    assert html.count("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;") == 2
    assert embedded(html)["slots"]["workload.dial"]["sentence"][0][0] == hostile


def test_an_unknown_block_is_refused_by_name():
    from notedeck.errors import NotedeckError

    deck = build_page().deck
    odd = replace(deck.handout.sections[0], blocks=("not a block",))
    with pytest.raises(NotedeckError, match="cannot show a str block"):
        plan(replace(deck, handout=replace(deck.handout, sections=(odd,))))


def test_tables_match_the_decks(built):
    tree = built.tree
    shown = [[texts(row, "th|td") for row in t.xpath(".//tr")] for t in tree.xpath("//table")]
    decks = [[list(b.header), *map(list, b.rows)] for s in built.deck.handout.sections
             for b in s.blocks if isinstance(b, Table)]
    assert shown == plain(decks)
