"""`notedeck build --with web` and `notedeck serve` from the command line."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from click.testing import CliRunner

from notedeck.commands.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def digests(folder) -> dict[str, str]:
    """Every output in the folder (not its manifest), by SHA-256."""
    found = {}
    for root, dirs, files in os.walk(folder):
        for name in (f for f in files if f != ".notedeck.json"):
            path = Path(root, name)
            found[path.relative_to(folder).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def test_with_web_adds_the_page_and_leaves_deck_and_handout_as_they_were(note, tmp_path):
    plain, web = tmp_path / "plain", tmp_path / "web"
    first = run("build", "--content", str(note), "--out", str(plain), "--no-cache")
    second = run("build", "--content", str(note), "--out", str(web), "--with", "web",
                 "--no-cache")
    assert first.exit_code == 0 and second.exit_code == 0, second.output
    assert f"wrote {web / 'web' / 'index.html'} (1 page)" in second.output
    assert set(digests(plain)) == {"deck.pptx", "handout.pdf"}
    both = digests(web)
    assert set(both) == {"deck.pptx", "handout.pdf", "web/index.html"}
    assert {name: both[name] for name in digests(plain)} == digests(plain)


def test_with_web_for_every_audience(note, tmp_path):
    result = run("build", "--content", str(note), "--out", str(tmp_path), "--with", "web",
                 "--all-audiences", "--jobs", "1")
    assert result.exit_code == 0, result.output
    for folder in (tmp_path, tmp_path / "support-team", tmp_path / "research-lab"):
        assert (folder / "web" / "index.html").is_file()


def test_outputs_lists_the_web_page():
    result = run("outputs")
    assert result.exit_code == 0
    assert any(line.split()[:2] == ["web", "web/index.html"] for line in result.output.splitlines())


def test_serve_shows_one_variant():
    result = run("serve", "--all-audiences")
    assert result.exit_code == 2 and "choose it with --audience" in result.output


def test_serve_names_a_taken_port(note, tmp_path):
    from notedeck.commands.serve import Preview

    with Preview(tmp_path / "index.html", port=0) as taken:
        result = run("serve", "--content", str(note), "--out", str(tmp_path),
                     "--port", str(taken.port))
    assert result.exit_code == 2
    assert f"error: --port {taken.port}: the port is in use" in result.output
    assert not (tmp_path / "web").exists()
