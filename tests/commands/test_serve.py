"""`notedeck serve`: the preview (slides, handout pages, web page) on 127.0.0.1 only, rebuilt on
save through watch's rounds and updated in place in the browser; a failed rebuild shows its
problems beside the last good slides, and the web page reloads itself."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from notedeck.commands.serve import HOST, STATE_PATH, Preview
from notedeck.commands.watch import Watcher
from support import WAIT, Running, edit, options


def get(url: str, host: str | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=WAIT) as reply:
            return reply.status, reply.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


class Serving:
    """What `notedeck serve` runs: a Preview, fed by a Watcher's rounds in a thread."""

    def __init__(self, note: Path, out: Path, outputs: tuple[str, ...] = ("web",)):
        from notedeck.stages.reuse import Session

        self.options = options(note, out, outputs=outputs)
        self.session = Session()
        self.preview = Preview(out / "web" / "index.html", port=0, options=self.options,
                               session=self.session).__enter__()
        self.running = Running(Watcher(self.options, on_planned=self.preview.on_planned,
                                       session=self.session), each=self._show)

    def _show(self, round_) -> None:
        for outcome in round_.outcomes:
            self.preview.update(outcome)

    def next(self):
        return self.running.next()

    def state(self) -> dict:
        return json.loads(get(self.preview.url + STATE_PATH[1:])[1])

    def close(self) -> None:
        try:
            self.running.close()
        finally:
            self.preview.__exit__(None, None, None)


@pytest.fixture
def serving(note, tmp_path, monkeypatch):
    monkeypatch.setenv("NOTEDECK_CACHE_DIR", str(tmp_path / "cache"))
    running = Serving(note, tmp_path / "out")
    yield running
    running.close()


def test_serves_the_page_with_a_reload_on_this_computer_only(serving, note, tmp_path):
    preview = serving.preview
    assert preview.server.server_address[0] == HOST == "127.0.0.1"
    assert serving.next().outcomes[0].ok
    first = serving.state()
    assert first["problems"] == [] and len(first["id"]) == 16
    status, page = get(preview.url + "web/")
    assert status == 200 and "/__notedeck/build" in page and first["id"] in page
    assert "connect-src 'self'" in page.replace("&#x27;", "'")
    built = (tmp_path / "out" / "web" / "index.html").read_text(encoding="utf-8")
    assert "__notedeck" not in built and "connect-src" not in built     # only when served
    assert get(preview.url + "deck.pptx")[0] == 404
    assert get(preview.url + "../../etc/passwd")[0] == 404
    assert get(preview.url, host=f"attacker.example:{preview.port}")[0] == 421

    edit(note / "sections" / "04-what-gets-precious.md", "\nheadline: ", "\nheadline: Now, ")
    assert serving.next().outcomes[0].ok
    second = serving.state()
    assert second["id"] != first["id"] and second["problems"] == []
    assert "Now, " in get(preview.url + "web/")[1]

    edit(note / "scenarios.yaml", "  check: 60 s ", "  check: sixty ")
    assert not serving.next().outcomes[0].ok
    failed = serving.state()
    assert failed["id"] == second["id"]                       # the last good page stays
    assert any("scenarios.yaml" in p and "bottleneck.check" in p for p in failed["problems"])
    assert "Now, " in get(preview.url + "web/")[1]


def test_the_browser_reloads_after_a_save_and_shows_a_failed_one(serving, note, chromium):
    from cdp import Browser

    assert serving.next().outcomes[0].ok
    with Browser(chromium) as browser:
        browser.open(serving.preview.url + "web/")
        assert browser.js("document.documentElement.className") == "js"   # under its policy
        browser.js("window.notReloaded = true")
        edit(note / "sections" / "04-what-gets-precious.md", "\nheadline: ", "\nheadline: Now, ")
        assert serving.next().outcomes[0].ok
        deadline = time.monotonic() + WAIT
        while browser.js("window.notReloaded === true") and time.monotonic() < deadline:
            time.sleep(0.2)
        assert "Now, " in browser.js("document.body.textContent")
        edit(note / "scenarios.yaml", "  check: 60 s ", "  check: sixty ")
        assert not serving.next().outcomes[0].ok
        alert = ""
        while not alert and time.monotonic() < deadline:
            time.sleep(0.2)
            alert = browser.js("(document.querySelector('[role=alert]') || {}).textContent || ''")
        assert "Not rebuilt" in alert and "bottleneck.check" in alert


def test_a_first_build_the_records_kept_is_laid_out_in_the_session(tmp_path, monkeypatch):
    """The files were current when serve started, so its first round built nothing: the
    preview lays the slides out in the builds' session, and the first edit reuses that."""
    from notedeck.stages.run import build
    from support import small_note

    monkeypatch.setenv("NOTEDECK_CACHE_DIR", str(tmp_path / "cache"))
    note, out, outputs = small_note("charts", tmp_path), tmp_path / "out", ("deck", "web")
    build(options(note, out, outputs=outputs))
    running = Serving(note, out, outputs)
    try:
        first = running.next().outcomes[0]
        assert first.ok and first.result.kept
        session = running.session
        assert running.preview.showing.slides
        filled, laid = len(session.sections), len(session.shelves["layout"])
        assert filled == 2 and laid > 0
        edit(note / "sections" / "01-the-margin.md", "What clears a backlog",
             "What clears a pile")
        second = running.next().outcomes[0]
        assert second.ok and not second.result.kept
        assert len(session.sections) == filled + 1        # the edited section alone filled
        assert len(session.shelves["layout"]) == laid + 1     # ... and its one slide laid out
    finally:
        running.close()


def test_a_port_in_use_is_a_clear_error(tmp_path):
    from notedeck.errors import NotedeckError

    with Preview(tmp_path / "index.html", port=0) as taken:
        with pytest.raises(NotedeckError, match="the port is in use"):
            Preview(tmp_path / "index.html", port=taken.port)
