"""stages/settled.py: a build's options settled once into the plain values its steps read."""

from __future__ import annotations

from pathlib import Path

from notedeck.options import Options
from notedeck.stages.settled import settle
from support import BUNDLED


def test_the_shaping_options_are_what_shapes_the_outputs_and_not_where_they_go(tmp_path):
    def shaping(**given):
        return settle(Options(BUNDLED, tmp_path / "one", **given)).shaping

    assert shaping() == settle(Options(BUNDLED, tmp_path / "two", cache=False, jobs=3)).shaping
    assert shaping() != shaping(paper="letter")
    assert shaping() != shaping(outputs=("deck",))
    assert shaping(scenarios_file=Path("s.yaml"))["scenarios_file"] == "s.yaml"
    assert shaping()["outputs"] == ["deck", "handout"]
