"""The web page keeps figures whole, measured in a real browser from its layout boxes: at phone
and desktop widths, with every slider at both ends and every item of every choice, no word or
figure is broken across lines, the page never scrolls sideways, no text is cut off (a table too
wide scrolls inside itself, its caption in view), and a slider's ticks stay apart and inside it.

The measurement is layout_probe.js (DevTools' Runtime.evaluate over each word's line boxes);
screenshots at both ends go to $NOTEDECK_SCREENSHOTS when set, to be looked at.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from webpage import build_page

QUEUE = Path(__file__).resolve().parents[3] / "src" / "notedeck" / "notes" / "waiting-in-line"
PROBE = (Path(__file__).parent / "layout_probe.js").read_text(encoding="utf-8")
AUDIENCES = ("support-team", "research-lab", "hospital-admin", "team-berlin", "equipe-lyon")

# A scenario pushing the controls: eight dial stops over seven decades, a slider to a week.
CROWDED = """\
speeds:
  baseline: 1
  imagined: 10000000
  dial: [1, 10, 100, 1000, 10000, 100000, 1000000, 10000000]
throughput: {streams: 300, tokens_per_second: 40}
workloads:
  - id: memos
    label: policy memos
    count: 12
    tokens_each: 7000
    title: Twelve memos before coffee
    scene: An agent drafts {{ workloads['memos'].count.words }} memos.
    still_scarce: Knowing which memo to send.
  - id: quizzes
    label: practice quizzes
    count: 300000
    tokens_each: 900
    title: A quiz for every learner
    scene: Each of {{ workloads['quizzes'].count.words }} learners gets a quiz.
    still_scarce: Knowing what the learner needs.
bottleneck:
  workload: quizzes
  check: 3 days
  checks: [0, 45 min, 3 h, 3 days, 1 week]
  slider: [0, 1 min, 1 h, 1 day, 1 week]
"""

SET_RANGES = """(() => {{ document.querySelectorAll('input[type=range][data-control]').forEach((n, i) => {{
  const want = {ends}[i]; n.value = want === 'low' ? '0' : want === 'high' ? n.max : n.value;
  n.dispatchEvent(new Event('input', {{bubbles: true}})); }}); }})()"""


def states(browser) -> list[tuple[str, list[str]]]:
    """The page at its start, then each slider alone at each end, then all at each end."""
    count = browser.js("document.querySelectorAll('input[type=range][data-control]').length")
    out = [("start", ["start"] * count)]
    for i in range(count):
        for end in ("low", "high"):
            out.append((f"slider {i} {end}", ["start"] * i + [end] + ["start"] * (count - i - 1)))
    out += [("all low", ["low"] * count), ("all high", ["high"] * count)]
    return out


def problems_everywhere(browser, page: Path, width: int) -> dict:
    """Every problem the probe finds, with the states it was found in."""
    browser.viewport(width, 900)
    browser.open(page.as_uri())
    assert browser.js("document.documentElement.className") == "js"
    items = browser.js("document.querySelectorAll('input[type=radio][data-control]').length")
    found: dict[tuple, list[str]] = {}
    for name, ends in states(browser):
        for item in range(max(items, 1)):
            if items:
                browser.js(f"document.querySelectorAll('input[type=radio][data-control]')[{item}].click()")
            browser.js(SET_RANGES.format(ends=json.dumps(ends)))
            for problem in browser.js(PROBE):
                key = (problem["kind"], problem["text"], problem["where"])
                found.setdefault(key, []).append(f"{name}, item {item}")
    return found


def report(found: dict) -> str:
    return "\n".join(f"{kind}: {text!r} in {where} ({len(at)} states, e.g. {at[0]})"
                     for (kind, text, where), at in sorted(found.items()))


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("pages")
    scenario = folder / "crowded.yaml"
    scenario.write_text(CROWDED, encoding="utf-8")
    out = {}
    for name, built in (("note", build_page()), ("crowded", build_page(scenarios_file=scenario)),
                        ("queue", build_page(QUEUE)),
                        *((a, build_page(audience=a)) for a in AUDIENCES)):
        out[name] = folder / f"{name}.html"
        out[name].write_text(built.html, encoding="utf-8")
    return out


@pytest.mark.parametrize("name", ["note", "crowded", "queue"])
@pytest.mark.parametrize("width", [320, 360, 1280])
def test_figures_stay_whole_at_every_width_and_end(browser, pages, name, width):
    found = problems_everywhere(browser, pages[name], width)
    assert not found, report(found)


@pytest.mark.parametrize("name", AUDIENCES)
@pytest.mark.parametrize("width", [360, 1280])
def test_every_audience_keeps_its_figures_whole(browser, pages, name, width):
    found = problems_everywhere(browser, pages[name], width)
    assert not found, report(found)


def test_a_wide_table_scrolls_inside_itself_with_its_caption_in_view(browser, pages):
    browser.viewport(320, 900)
    browser.open(pages["note"].as_uri())
    wraps = browser.js("""Array.from(document.querySelectorAll('.table-wrap')).map(w => {
        w.scrollLeft = w.scrollWidth;
        const c = w.querySelector('caption').getBoundingClientRect(), r = w.getBoundingClientRect();
        return {wide: w.scrollWidth > w.clientWidth, region: w.getAttribute('role'),
                focusable: w.tabIndex === 0, caption: c.left >= r.left - 0.5 && c.right <= r.right + 0.5}; })""")
    assert any(w["wide"] for w in wraps)
    for wrap in wraps:
        assert wrap["caption"], wraps
        if wrap["wide"]:
            assert wrap["region"] == "region" and wrap["focusable"], wraps


def test_crowded_ticks_take_a_second_row_and_no_tick_is_lost(browser, pages):
    """The crowded slider's last stops ("1 day", "1 week") would touch at 360 px: one moves to a
    second row; at 1280 px they all fit on one."""
    for width, rows in ((360, 2), (1280, 1)):
        browser.viewport(width, 900)
        browser.open(pages["crowded"].as_uri())
        ticks = browser.js("""Array.from(document.querySelectorAll('.ticks')).map(t => ({
            two: t.classList.contains('two-rows'),
            hidden: Array.from(t.children).filter(c => getComputedStyle(c).visibility === 'hidden').length}))""")
        assert max(2 if t["two"] else 1 for t in ticks) == rows, (width, ticks)
        assert all(t["hidden"] == 0 for t in ticks), (width, ticks)


def test_screenshots_at_both_ends(browser, pages, shots):
    """For the eye: the note and the crowded scenario at both widths, sliders at each end."""
    from PIL import Image

    for name in ("note", "crowded"):
        for width in (360, 1280):
            for end in ("low", "high"):
                browser.viewport(width, 900)
                browser.open(pages[name].as_uri())
                count = browser.js("document.querySelectorAll('input[type=range][data-control]').length")
                browser.js(SET_RANGES.format(ends=json.dumps([end] * count)))
                path = browser.screenshot(shots / f"web-{name}-{width}-{end}.png")
                assert Image.open(path).size[0] == width
