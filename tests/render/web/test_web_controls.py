"""A kind of control is one entry in render/web/controls.KINDS: a kind the page has never seen
(a menu drawn as a <select>) works in the browser with no change to the script; a kind without
an entry, or a name the page's data cannot carry, is refused by name."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from notedeck.deck import Choice, Varying
from notedeck.errors import NotedeckError
from notedeck.render.web import controls
from notedeck.render.web.html import el, esc
from notedeck.render.web.plan import plan

from webpage import build_page, plain


@dataclass(frozen=True)
class Menu:
    """One item of a list, from a drop-down menu."""

    name: str
    label: str
    items: tuple[str, ...]
    start: int = 0

    @property
    def positions(self) -> int:
        return len(self.items)


def menu(control: Menu, page: controls.Drawn) -> str:
    iid = page.ids.new(control.name)
    options = "".join(el("option", esc(item), value=str(i), selected=i == control.start)
                      for i, item in enumerate(control.items))
    return el("p", el("label", esc(control.label), for_=iid)
              + el("select", options, id=iid, data_control=control.name))


@pytest.fixture(scope="module")
def built():
    return build_page()


def with_menu(deck):
    """The deck's live controls with their choice drawn as a Menu of the same name and items."""
    live = deck.live
    panels = []
    for panel in live.panels:
        swapped = tuple(Menu(c.name, c.label, c.items, c.start) if isinstance(c, Choice) else c
                        for c in panel.controls)
        panels.append(replace(panel, controls=swapped))
    return replace(deck, live=replace(live, panels=tuple(panels)))


def test_a_kind_without_an_entry_is_refused_by_name(built):
    with pytest.raises(NotedeckError, match="cannot show a Menu control"):
        plan(with_menu(built.deck))


def test_a_name_the_data_cannot_carry_is_refused(built):
    live = built.deck.live
    odd = Varying(("check",), tuple(f"text {i}" for i in range(live.controls[2].positions)),
                  "two.parts")
    deck = replace(built.deck, live=replace(live, blocks=(*live.blocks, odd)))
    assert plan(deck).html                       # a block nothing stands for is never shown
    panel = replace(live.panels[1], shows=(*live.panels[1].shows, odd))
    deck = replace(built.deck, live=replace(live, panels=(live.panels[0], panel)))
    with pytest.raises(NotedeckError, match="'two.parts' cannot name a control or a value"):
        plan(deck)


def test_a_new_kind_is_one_entry_and_the_script_follows_it(browser, built, monkeypatch,
                                                           tmp_path):
    monkeypatch.setitem(controls.KINDS, Menu, menu)
    deck = with_menu(built.deck)
    html = plan(deck).html
    assert "<select" in html and 'type="radio"' not in html
    path = tmp_path / "index.html"
    path.write_text(html, encoding="utf-8")
    browser.viewport(1280, 900)
    browser.open(path.as_uri())
    figures = built.figures
    readout = built.deck.live.panels[0].shows[0]
    sentences = built.deck.live.panels[0].announce
    dial = built.deck.live.start["dial"]
    for item in (2, 0, 3):
        browser.js(f"""(() => {{ const s = document.querySelector('select[data-control]');
            s.value = '{item}'; s.dispatchEvent(new Event('change', {{bubbles: true}})); }})()""")
        shown = browser.js("""(() => ({
            figures: Array.from(document.querySelectorAll('.panel.live .readout dd.figure'))
              .map(n => n.textContent),
            sentence: document.querySelector('.panel.live .sentence').textContent,
            chosen: Array.from(document.querySelectorAll('[data-follows] .legend li'))
              .map(n => n.classList.contains('chosen'))}))()""")
        time = readout.items[1].value[0].values[item][dial]
        assert plain(shown["figures"]) == plain([f"{figures.workloads[item].total_tokens:,}",
                                                 time])
        assert shown["sentence"] == sentences.values[item][dial]
        assert shown["chosen"] == [i == item for i in range(len(figures.workloads))]
