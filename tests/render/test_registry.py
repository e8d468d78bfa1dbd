"""render/registry.py: every output by name, light to import, one contract."""

from __future__ import annotations

import subprocess
import sys

import pytest

from notedeck.errors import NotedeckError
from notedeck.render import registry
from notedeck.render.contract import Renderer


def test_every_listed_output_is_a_renderer_with_its_own_file():
    renderers = [registry.get(name) for name in registry.names()]
    assert all(isinstance(r, Renderer) for r in renderers)
    assert [r.name for r in renderers] == list(registry.names())
    assert len({r.filename for r in renderers}) == len(renderers)
    assert {r.unit for r in renderers} <= {"slides", "pages"}


def test_an_unknown_output_names_the_choices():
    with pytest.raises(NotedeckError, match="unknown output 'slidez'; expected one of: deck"):
        registry.get("slidez")


def test_looking_renderers_up_loads_no_heavy_library():
    code = ("import sys; from notedeck.render import registry\n"
            "[registry.get(n) for n in registry.names()]\n"
            "print(sorted(m for m in ('pptx', 'reportlab', 'matplotlib') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("name, charts, forms", [
    ("deck", "native", set()), ("deck", "picture", {"png"}), ("handout", "native", {"svg"}),
    ("web", "native", set()), ("json", "native", set())])
def test_each_output_declares_the_drawn_forms_it_reads(name, charts, forms):
    from pathlib import Path

    from notedeck.options import Options

    assert registry.get(name).forms(Options(Path("."), charts=charts)) == forms
