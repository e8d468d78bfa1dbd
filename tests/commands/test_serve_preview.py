"""`notedeck serve`'s preview: every slide drawn as slides.pdf draws it, with its notes; the
handout's pages; updated in place in Chromium without a reload; a model error shown at its
file:line until fixed; axe finds no violation."""

from __future__ import annotations

import re
import time
import urllib.request
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from support import WAIT, edit
from test_serve import Serving, get

AXE = Path(__file__).parents[1] / "render" / "web" / "vendor" / "axe.min.js"
KEYS = re.compile(r'__notedeck/slide/([0-9a-f]{20})\.png')
UNKNOWN = "dial_low: {formula: first(speeds.dials), show: rate}"
KNOWN = "dial_low: {formula: first(speeds.dial), show: rate}"


@pytest.fixture
def previewing(note, tmp_path, monkeypatch):
    monkeypatch.setenv("NOTEDECK_CACHE_DIR", str(tmp_path / "cache"))
    # slides.pdf written too, to compare the preview's slides with
    running = Serving(note, tmp_path / "out", outputs=("deck", "handout", "web", "slides"))
    assert running.running.next().outcomes[0].ok
    yield running
    running.close()


def picture(url: str) -> Image.Image:
    with urllib.request.urlopen(url, timeout=WAIT) as reply:
        assert reply.headers["Content-Type"] == "image/png"
        return Image.open(BytesIO(reply.read())).convert("RGB")


def test_every_slide_with_its_notes_and_every_handout_page(previewing, tmp_path):
    from pptx import Presentation
    from pypdf import PdfReader

    url = previewing.preview.url
    with urllib.request.urlopen(url, timeout=WAIT) as reply:
        policy = reply.headers["Content-Security-Policy"]
        page = reply.read().decode("utf-8")
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert "<script>" not in page and "style=" not in page           # nothing inline
    deck = Presentation(str(tmp_path / "out" / "deck.pptx"))
    keys = KEYS.findall(page)
    assert len(keys) == len(deck.slides) == page.count('class="slide"')
    notes = deck.slides[0].notes_slide.notes_text_frame.text
    assert notes.split("\n")[0][:60].replace("&", "&amp;") in page
    handout = PdfReader(tmp_path / "out" / "handout.pdf")
    assert page.count('class="page"') == len(handout.pages)
    assert picture(f"{url}__notedeck/slide/{keys[3]}.png").size == (1280, 720)
    assert get(f"{url}__notedeck/slide/{'0' * 20}.png")[0] == 404
    assert get(f"{url}__notedeck/slide/../../{keys[3]}.png")[0] == 404
    assert get(f"{url}__notedeck/page/{keys[3]}.png")[0] == 404


def test_a_preview_slide_is_the_slide_of_slides_pdf(previewing, tmp_path):
    """Same boxes, same line breaks: the pictures differ by no more than anti-aliasing."""
    import pypdfium2 as pdfium

    url = previewing.preview.url
    keys = KEYS.findall(get(url)[1])
    document = pdfium.PdfDocument(str(tmp_path / "out" / "slides.pdf"))
    for number in (1, 4, 7, 11):            # title, bullets, table, chart in the bundled deck
        shown = picture(f"{url}__notedeck/slide/{keys[number - 1]}.png")
        printed = document[number - 1].render(scale=4 / 3).to_pil().convert("RGB")
        assert shown.size == printed.size
        difference = ImageChops.difference(shown, printed).convert("L")
        off = sum(difference.histogram()[65:])
        assert off / (shown.width * shown.height) < 0.001, (number, off)
    document.close()


def test_chromium_updates_the_slides_in_place_and_shows_a_model_error(previewing, note,
                                                                      chromium):
    from cdp import Browser

    with Browser(chromium) as browser:
        browser.open(previewing.preview.url)
        wait_for(browser, "document.querySelectorAll('#slide-list img').length > 20 && "
                          "document.querySelector('#slide-1 img').naturalWidth === 1280")
        browser.js("window.notReloaded = true; [...document.querySelectorAll('.slide img')]"
                   ".find(i => i.alt.endsWith('Six hats of judgement')).scrollIntoView()")
        place = wait_for(browser, "window.scrollY")
        before = browser.js("[...document.querySelectorAll('.slide')].map(s => s.dataset.key)")
        edit(note / "sections" / "04-what-gets-precious.md", "## Six hats of", "## Six caps of")
        assert previewing.running.next().outcomes[0].ok
        wait_for(browser, "[...document.querySelectorAll('.slide img')].some(i => "
                          "i.alt.endsWith('Six caps of judgement') && i.naturalWidth === 1280)")
        after = browser.js("[...document.querySelectorAll('.slide')].map(s => s.dataset.key)")
        assert browser.js("window.notReloaded === true") and browser.js("window.scrollY") == place
        assert len(after) == len(before)
        changed = [n for n, (was, now) in enumerate(zip(before, after), start=1) if was != now]
        assert 1 <= len(changed) <= 2, changed   # the edited slide (and the title slide's
                                                 # notes, which carry the build id)

        model = note / "model.yaml"
        edit(model, KNOWN, UNKNOWN)
        assert not previewing.running.next().outcomes[0].ok
        shown = wait_for(browser, "document.getElementById('problems').textContent")
        assert "model.yaml:126" in shown and "unknown name 'speeds.dials'" in shown
        assert browser.js("document.querySelectorAll('.slide').length") == len(after)
        edit(model, UNKNOWN, KNOWN)
        assert previewing.running.next().outcomes[0].ok
        wait_for(browser, "document.getElementById('problems').textContent === ''")
        assert browser.js("[...document.querySelectorAll('.slide')].map(s => s.dataset.key)") \
            and browser.js("window.notReloaded === true")


def test_axe_finds_no_violation_in_the_preview(previewing, chromium):
    from cdp import Browser

    if not AXE.exists():
        pytest.skip("axe-core is not vendored in tests/render/web/vendor")
    with Browser(chromium) as browser:
        browser.open(previewing.preview.url)
        wait_for(browser, "document.body.getAttribute('data-build') !== null")
        browser.js(AXE.read_text(encoding="utf-8"))
        for part in ("slides", "handout", "web"):      # the web page has its own axe test
            browser.js(f"location.hash = '#{part}'")
            wait_for(browser, f"!document.getElementById('{part}').hidden")
            found = browser.js("axe.run(document, {iframes: false, resultTypes: ['violations']})"
                               ".then(r => r.violations.map(v => v.id + ': ' + v.help + ' ' + "
                               "v.nodes.map(n => n.target.join(' ')).slice(0, 3)))")
            assert found == [], (part, found)


def wait_for(browser, expression: str):
    """The expression's value once it is truthy; fails after WAIT seconds."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        value = browser.js(expression)
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"never true: {expression}")


def test_a_problem_in_a_section_is_shown_beside_its_slide_until_fixed(previewing, note):
    section = note / "sections" / "04-what-gets-precious.md"
    good = "- **Taste**: which option is truly yours"
    edit(section, good, "- **Taste**: which option is {{ speeds.nowhere }}")
    assert not previewing.running.next().outcomes[0].ok
    page = get(previewing.preview.url)[1]
    slides = page.split('<li class="slide"')[1:]
    beside = [n for n, html in enumerate(slides, start=1) if "speeds.nowhere" in html]
    assert len(beside) == 1
    assert 'alt="Slide %d: Six hats of judgement"' % beside[0] in slides[beside[0] - 1]
    assert "04-what-gets-precious.md:10" in slides[beside[0] - 1]
    assert "Not rebuilt" in page.split('<ol id="slide-list">')[0]
    edit(section, "- **Taste**: which option is {{ speeds.nowhere }}", good)
    assert previewing.running.next().outcomes[0].ok
    fixed = get(previewing.preview.url)[1]
    assert "speeds.nowhere" not in fixed and "Not rebuilt" not in fixed
