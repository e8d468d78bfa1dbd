"""The web page in a real browser: the dial, the workload picker and the check slider show the
core's figures at every stop and between, by pointer and by keyboard alone; nothing is fetched;
axe-core finds no serious or critical violation; phone and desktop widths; print."""

from __future__ import annotations

import io
import json
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from notedeck.commands.cli import main
from model import reference as core
from notedeck.figures import formatting as fmt

from cdp import press
from webpage import BUNDLED, build_page, plain

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
SERIOUS = {"serious", "critical"}

SHOWN = """(() => {
  const all = (s) => Array.from(document.querySelectorAll(s));
  const text = (n) => n.textContent.trim().replace(/\\s+/g, ' ');
  const visible = (n) => n.getClientRects().length > 0;
  const dial = document.querySelector('input[data-control=dial]');
  const check = document.querySelector('input[data-control=check]');
  const panels = all('.panel.live');
  const dialPanel = panels[0], checkPanel = panels[1];
  return {
    dial: Number(dial.value), check: Number(check.value),
    workload: all('input[data-control=workload]').findIndex((r) => r.checked),
    speed: text(dialPanel.querySelector('.control-head .value')),
    speed_valuetext: dial.getAttribute('aria-valuetext'),
    figures: all('.panel.live .readout dd.figure').map(text),
    details: all('.panel.live .readout dd.detail').map(text),
    sentence: text(dialPanel.querySelector('.sentence')),
    check_label: text(checkPanel.querySelector('.control-head .value')),
    check_valuetext: check.getAttribute('aria-valuetext'),
    stats: all('.stats.live .value').map(text),
    stat_details: all('.stats.live .detail').map(text),
    bar_totals: all('.panel.live .bar-total').map(text),
    shares: all('.panel.live .bar-shares strong').map(text),
    bar_title: text(checkPanel.querySelector('figcaption')),
    summary: text(checkPanel.querySelector('.sentence')),
    visible: [dialPanel, checkPanel, ...all('.stats.live')].every(visible)
      && !all('.static').some(visible),
  };
})()"""


def rate(speed) -> str:
    """A speed as the bundled note's words for token/s write it (its model's unit_words)."""
    return f"{fmt.speed(speed)}\u00a0tokens/sec"


def set_control(browser, control: str, position: int) -> dict:
    """Move a range as a pointer would (its value, then an input event); what the page shows."""
    browser.js(f"""(() => {{ const n = document.querySelector('input[data-control={control}]');
        n.value = '{position}'; n.dispatchEvent(new Event('input', {{bubbles: true}})); }})()""")
    return browser.js(SHOWN)


def pick(browser, workload: int) -> dict:
    browser.js(f"document.querySelectorAll('input[data-control=workload]')[{workload}].click()")
    return browser.js(SHOWN)


@pytest.fixture(scope="module")
def note_page(tmp_path_factory):
    """The bundled note's page, written to a file as `notedeck build --with web` would."""
    return build_page(out=tmp_path_factory.mktemp("web"))


@pytest.fixture(scope="module")
def figures_json():
    """`notedeck figures --json` for the bundled note."""
    result = CliRunner().invoke(main, ["figures", "--content", str(BUNDLED), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.fixture
def page(browser, note_page):
    browser.viewport(1280, 900)
    browser.open(note_page.path.as_uri())
    assert browser.js("document.documentElement.className") == "js"
    return note_page


def between(stops: list[int]) -> list[int]:
    """Positions halfway between neighbouring stops, and next to each end."""
    middle = [(a + b) // 2 for a, b in zip(stops, stops[1:])]
    return sorted({*middle, stops[0] + 1, stops[-1] - 1})


def test_dial_at_every_stop_and_between_for_every_workload(browser, page, figures_json):
    figures, scenario = page.figures, page.scenario
    speeds = core.dial_speeds(figures.dial, (figures.baseline, figures.imagined))
    stops = [speeds.index(stop) for stop in figures.dial]
    for w, workload in enumerate(scenario.workloads):
        shown = pick(browser, w)
        assert shown["workload"] == w
        mine = core.workload_figures(workload, figures.baseline, figures.imagined, speeds)
        for position in [*stops, *between(stops)]:
            shown = plain(set_control(browser, "dial", position))
            time_ = plain(fmt.duration(mine.seconds_at_stops[position]))
            speed = plain(rate(speeds[position]))
            assert shown["speed"] == shown["speed_valuetext"] == speed
            assert shown["figures"] == [figures_json[f"workloads['{workload.id}'].total_tokens"], time_]
            assert shown["details"][1] == f"at {speed}"
            said = plain(fmt.duration_in_prose(mine.seconds_at_stops[position]))   # prose
            named = f"workloads['{workload.id}']"
            count = figures_json[f"{named}.count"]
            noun = figures_json[f"{named}.singular"] if workload.count == 1 else \
                figures_json[f"{named}.label"]
            assert shown["sentence"] == (
                f"At {speed}, {plain(count + ' ' + noun)} "
                f"({figures_json[f'{named}.total_tokens']} output "
                f"tokens) would take about {said} to write.")
            if speeds[position] == figures.baseline:
                assert said == plain(figures_json[f"{named}.seconds_baseline"])
            if speeds[position] == figures.imagined:
                assert said == plain(figures_json[f"{named}.seconds_imagined"])
            assert shown["visible"]


def expected_check(page, check) -> dict:
    figures = page.figures
    c = core.check_figures(figures.bottleneck_workload.total_tokens, figures.baseline,
                           figures.imagined, check)
    return plain({"check_label": fmt.duration(check), "check_valuetext": fmt.duration(check),
            "stats": [fmt.duration(c.total_baseline), fmt.duration(c.total_imagined),
                      fmt.times(c.writing_speedup), fmt.times(c.end_to_end_speedup)],
            "bar_totals": [fmt.duration(c.total_baseline), fmt.duration(c.total_imagined)],
            "shares": [fmt.share(c.writing_share_baseline), fmt.share(c.checking_share_baseline),
                       fmt.share(c.writing_share_imagined), fmt.share(c.checking_share_imagined)]})


def test_check_slider_at_every_row_every_stop_and_between(browser, page, figures_json):
    scenario = page.scenario
    checks = core.slider_checks(scenario.bottleneck.slider,
                                (*scenario.bottleneck.checks, scenario.bottleneck.check))
    rows = [checks.index(c) for c in scenario.bottleneck.checks]
    stops = [checks.index(c) for c in scenario.bottleneck.slider]
    for position in sorted({*rows, *stops, *between(stops)}):
        shown = set_control(browser, "check", position)
        want = expected_check(page, checks[position])
        assert {k: plain(shown[k]) for k in want} == want, checks[position]
        assert shown["visible"]
    figures = page.figures
    for k, position in enumerate(rows):          # each check-table row, as `notedeck figures` says
        shown = plain(set_control(browser, "check", position))
        row = plain({name: figures_json[f"bottleneck.rows[{k}].{name}"] for name in (
            "total_baseline", "total_imagined", "end_to_end_speedup", "writing_share_baseline",
            "checking_share_baseline", "writing_share_imagined", "checking_share_imagined")})
        # the names are prose ("2 hours, 14 minutes..."): the stats and bars are compact
        totals = plain([fmt.duration(figures.checks[k].total_baseline),
                        fmt.duration(figures.checks[k].total_imagined)])
        assert shown["stats"][0::3] == [totals[0], row["end_to_end_speedup"]]
        assert shown["bar_totals"] == totals
        shares = [row["writing_share_baseline"], row["checking_share_baseline"],
                  row["writing_share_imagined"], row["checking_share_imagined"]]
        # the names are running prose ("over 99.9%"); the bars keep the symbols (">99.9%")
        assert shown["shares"] == [s.replace("under ", "<").replace("over ", ">") for s in shares]
    shown = plain(set_control(browser, "check", checks.index(scenario.bottleneck.check)))
    b = plain({k[len("bottleneck.featured."):]: v for k, v in figures_json.items()
               if k.startswith("bottleneck.featured.")})
    assert shown["stats"] == [*plain([fmt.duration(figures.bottleneck.total_baseline),
                                      fmt.duration(figures.bottleneck.total_imagined)]),
                              b["writing_speedup"], b["end_to_end_speedup"]]
    assert shown["stat_details"][0] == (f"Writing {b['writing_share_baseline']} · "
                                        f"Checking {b['checking_share_baseline']}")


def focused(browser) -> dict:
    return browser.js("""(() => { const n = document.activeElement;
      const ring = (e) => e && getComputedStyle(e).outlineStyle !== 'none'
        && parseFloat(getComputedStyle(e).outlineWidth) >= 2;
      return {tag: n.tagName, control: n.dataset.control || '', value: n.value || '',
              ring: ring(n) || ring(n.closest('label'))}; })()""")


def tab_to(browser, control: str, limit: int = 80) -> int:
    """Tab until a control has focus, checking each stop shows where focus is; the tab count."""
    for count in range(1, limit + 1):
        press(browser, "Tab")
        now = focused(browser)
        assert now["ring"], f"no visible focus on {now}"
        if now["control"] == control:
            return count
    raise AssertionError(f"Tab never reached the {control} control")


def test_everything_works_from_the_keyboard_alone(browser, page):
    figures, scenario = page.figures, page.scenario
    speeds = core.dial_speeds(figures.dial, (figures.baseline, figures.imagined))
    checks = core.slider_checks(scenario.bottleneck.slider,
                                (*scenario.bottleneck.checks, scenario.bottleneck.check))
    tab_to(browser, "workload")
    press(browser, "ArrowRight")
    shown = browser.js(SHOWN)
    assert shown["workload"] == 1
    assert shown["figures"][0] == fmt.integer(figures.workloads[1].total_tokens)
    press(browser, "Tab")
    assert focused(browser)["control"] == "dial" and focused(browser)["ring"]
    stops = [speeds.index(s) for s in figures.dial]
    for key, position in (("Home", 0), ("PageUp", stops[1]), ("PageUp", stops[2]),
                          ("ArrowRight", stops[2] + 1), ("PageDown", stops[2]),
                          ("ArrowLeft", stops[2] - 1), ("End", len(speeds) - 1)):
        press(browser, key)
        shown = browser.js(SHOWN)
        seconds = figures.workloads[1].total_tokens / speeds[position]
        assert plain((shown["dial"], shown["speed_valuetext"], shown["figures"][1])) == plain((
            position, rate(speeds[position]), fmt.duration(seconds))), key
    tab_to(browser, "check")
    slider = [checks.index(c) for c in scenario.bottleneck.slider]
    start = checks.index(scenario.bottleneck.check)
    after = next(s for s in slider if s > start)
    for key, position in (("PageUp", after), ("ArrowLeft", after - 1), ("Home", 0),
                          ("End", len(checks) - 1), ("PageDown", slider[-2])):
        press(browser, key)
        shown = browser.js(SHOWN)
        assert shown["check"] == position, key
        assert {k: shown[k] for k in ("stats", "bar_totals", "shares")} == {
            k: v for k, v in expected_check(page, checks[position]).items()
            if k in ("stats", "bar_totals", "shares")}, key
    press(browser, "Tab", shift=True)
    assert focused(browser)["ring"]


def wait_for(browser, expression: str, want: str, seconds: float = 10) -> str:
    """Poll until the expression has the value (the page announces after the control rests)."""
    deadline = time.monotonic() + seconds
    while (value := browser.js(expression)) != want and time.monotonic() < deadline:
        time.sleep(0.1)
    return value


def test_new_totals_are_announced_politely(browser, page):
    speed, check = (p.announce for p in page.deck.live.panels)
    statuses = browser.js("Array.from(document.querySelectorAll('[role=status]'))"
                          ".map(n => n.getAttribute('aria-live') || 'polite (implicit)')")
    assert len(statuses) == 2 and all(s.startswith("polite") for s in statuses)
    set_control(browser, "check", 0)
    announced = wait_for(browser, "document.querySelectorAll('[role=status]')[1].textContent",
                         check.values[0])
    assert announced == check.values[0]
    pick(browser, 2)
    set_control(browser, "dial", 0)
    announced = wait_for(browser, "document.querySelectorAll('[role=status]')[0].textContent",
                         speed.values[2][0])
    assert announced == speed.values[2][0]


def test_nothing_is_requested_but_the_page(browser, note_page):
    browser.send("Network.enable")
    browser.events.clear()
    browser.open(note_page.path.as_uri())
    pick(browser, 3)
    set_control(browser, "dial", 5)
    set_control(browser, "check", 5)
    time.sleep(0.5)
    browser.js("0")
    requested = [e["params"]["request"]["url"] for e in browser.events
                 if e.get("method") == "Network.requestWillBeSent"]
    browser.send("Network.disable")
    assert requested == [note_page.path.as_uri()]


def axe(browser) -> dict:
    browser.js(AXE.read_text(encoding="utf-8"))
    return browser.js("""axe.run(document, {runOnly: {type: 'tag', values:
        ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']},
        resultTypes: ['violations']}).then(r => ({
          violations: r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)})),
          passes: r.passes.map(p => p.id)}))""")


@pytest.mark.parametrize("width", [1280, 360])
def test_axe_finds_no_serious_or_critical_violation(browser, note_page, width):
    if not AXE.exists():
        pytest.skip("axe-core is not vendored in tests/render/web/vendor")
    browser.viewport(width, 900)
    browser.open(note_page.path.as_uri())
    pick(browser, 2)
    set_control(browser, "check", 3)
    found = axe(browser)
    serious = [v for v in found["violations"] if v["impact"] in SERIOUS]
    assert not serious, json.dumps(serious, indent=1)
    assert "color-contrast" in found["passes"]


def test_phone_and_desktop_screenshots(browser, note_page, shots):
    for width in (1280, 360):
        browser.viewport(width, 900)
        browser.open(note_page.path.as_uri())
        overflow = browser.js("document.scrollingElement.scrollWidth")
        assert overflow <= width, f"the page scrolls sideways at {width} px"
        narrow = browser.js("Array.from(document.querySelectorAll('.narrow'))"
                            ".some(n => n.getClientRects().length > 0)")
        assert narrow == (width < 600)
        path = browser.screenshot(shots / f"web-{width}.png")
        from PIL import Image

        assert Image.open(path).size[0] == width


def test_print_shows_what_the_handout_shows(browser, note_page):
    from pypdf import PdfReader

    browser.viewport(1280, 900)
    browser.open(note_page.path.as_uri())
    set_control(browser, "check", 0)                   # print still shows the featured check
    browser.send("Emulation.setEmulatedMedia", media="print")
    try:
        hidden = browser.js("Array.from(document.querySelectorAll('.live, .contents, .help'))"
                            ".every(n => n.getClientRects().length === 0)")
        statics = browser.js("Array.from(document.querySelectorAll('.static .bar-total, "
                             ".stats.static .value')).map(n => n.textContent)")
        pdf = browser.send("Page.printToPDF", printBackground=True)
    finally:
        browser.send("Emulation.setEmulatedMedia", media="")
    assert hidden
    names, numbers = note_page.source.names["bottleneck"]["featured"], note_page.figures
    slow, fast = (fmt.duration(numbers.bottleneck.total_baseline),      # compact, as in tables
                  fmt.duration(numbers.bottleneck.total_imagined))
    assert plain(statics) == plain([slow, fast, slow, fast,
                                    names["writing_speedup"], names["end_to_end_speedup"]])
    import base64

    text = " ".join(" ".join(p.extract_text().split()) for p in
                    PdfReader(io.BytesIO(base64.b64decode(pdf["data"]))).pages)
    for stop in note_page.source.names["speeds"]["dial"]:
        assert stop in text
    for row, numbers in zip(note_page.source.names["bottleneck"]["rows"], note_page.figures.checks):
        assert plain(fmt.duration(numbers.total_baseline)) in text
        assert row["end_to_end_speedup"] in text
    assert "Page Up" not in text
