"""The second bundled note's web page in a real browser: the utilisation slider moves the
wait, the time in system, the items waiting, the big figures and the chart's cursor; the
choice of team shows that team's wait and time in system; no sideways scroll on a phone."""

from __future__ import annotations

from pathlib import Path

import pytest

from notedeck.deck import Table
from webpage import build_page

QUEUE = Path(__file__).resolve().parents[3] / "src" / "notedeck" / "notes" / "waiting-in-line"
NB = "\u00a0"

SHOWN = """(() => {
  const all = (s) => Array.from(document.querySelectorAll(s));
  const text = (n) => n.textContent.trim().replace(/\\s+/g, ' ');
  const panels = all('.panel.live');
  const slider = document.querySelector('input[data-control=busy]');
  return {
    busy: Number(slider.value),
    level: text(panels[0].querySelector('.control-head .value')),
    valuetext: slider.getAttribute('aria-valuetext'),
    busy_figures: Array.from(panels[0].querySelectorAll('.readout dd.figure')).map(text),
    busy_sentence: text(panels[0].querySelector('.sentence')),
    team: all('input[data-control=team]').findIndex((r) => r.checked),
    team_figures: Array.from(panels[1].querySelectorAll('.readout dd.figure')).map(text),
    team_sentence: text(panels[1].querySelector('.sentence')),
    stats: all('.stats.live .value').map(text),
    cursor: document.querySelector('svg line.now').getAttribute('x1'),
    wide: document.scrollingElement.scrollWidth > window.innerWidth,
  };
})()"""


def plain(text: str) -> str:
    return text.replace(NB, " ")


@pytest.fixture(scope="module")
def queue_page(tmp_path_factory):
    return build_page(QUEUE, out=tmp_path_factory.mktemp("queue-web"))


@pytest.fixture
def page(browser, queue_page):
    browser.viewport(1280, 900)
    browser.open(queue_page.path.as_uri())
    assert browser.js("document.documentElement.className") == "js"
    return queue_page


def controls(built) -> dict:
    return {c.name: c for c in built.deck.live.controls}


def slide_to(browser, position: int) -> dict:
    browser.js(f"""(() => {{ const n = document.querySelector('input[data-control=busy]');
        n.value = '{position}'; n.dispatchEvent(new Event('input', {{bubbles: true}})); }})()""")
    return browser.js(SHOWN)


def test_it_opens_at_the_featured_level(browser, page):
    shown = browser.js(SHOWN)
    assert plain(shown["level"]) == "90%" == plain(shown["valuetext"])
    assert [plain(f) for f in shown["busy_figures"]] == ["9 h", "10 h", "8.1"]
    assert plain(shown["stats"][0]) == "9 h"


def test_at_half_busy_an_item_of_one_hour_waits_one_hour(browser, page):
    busy = controls(page)["busy"]
    before = browser.js(SHOWN)
    shown = slide_to(browser, busy.values.index(0.5))
    assert plain(shown["level"]) == "50%"
    assert [plain(f) for f in shown["busy_figures"]] == ["1 h", "2 h", "0.5"]
    assert plain(shown["busy_sentence"]).startswith(
        "At 50% busy, an item of 1 hour waits 1 hour before anyone starts it")
    assert [plain(s) for s in shown["stats"][:3]] == ["1 h", "2 h", "0.5"]
    assert float(shown["cursor"]) < float(before["cursor"])       # the cursor moved left


def test_the_ends_are_five_and_ninety_nine_percent(browser, page):
    busy = controls(page)["busy"]
    assert plain(slide_to(browser, 0)["level"]) == "5%"
    last = slide_to(browser, busy.positions - 1)
    assert plain(last["level"]) == "99%"
    assert plain(last["busy_figures"][0]) == "4 days 3 h"          # 0.99 / 0.01 x 1 h = 99 h


def teams_table(built) -> Table:
    return next(b for s in built.deck.handout.sections for b in s.blocks
                if isinstance(b, Table) and b.name == "teams")


def test_picking_a_team_shows_its_wait_and_time_in_system(browser, page):
    """As the handout's table of teams says them; the sentence says them as prose does."""
    table = teams_table(page)
    for index, (team, row) in enumerate(zip(page.source.names["teams"], table.rows)):
        browser.js(f"document.querySelectorAll('input[data-control=team]')[{index}].click()")
        shown = browser.js(SHOWN)
        assert shown["team"] == index
        assert shown["team_figures"] == [plain(row[3]), plain(row[4])]
        assert plain(team["wait"]) in plain(shown["team_sentence"])


def test_no_sideways_scroll_on_a_phone(browser, queue_page):
    browser.viewport(360, 800)
    browser.open(queue_page.path.as_uri())
    assert browser.js(SHOWN)["wide"] is False
