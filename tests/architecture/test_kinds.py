"""No second registry: outside the module that declares a kind, nothing maps a family's kind
names or spec types to behaviour (the way figures/charts.WRITERS and figures/forms._FORMS
once did beside model/display/charts.KINDS and model/show.FORMS)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from notedeck.model.display import charts, controls
from notedeck.model.forms import ALTERNATES, FORMS
from notedeck.model.inputs import KINDS as INPUT_TYPES

SRC = Path(__file__).resolve().parents[2] / "src" / "notedeck"
FAMILIES = {
    "chart kinds": (set(charts.KINDS), {k.spec.__name__ for k in charts.KINDS.values()}),
    "control kinds": (set(controls.KINDS), {k.spec.__name__ for k in controls.KINDS.values()}),
    "alternates": (set(ALTERNATES), set()),
    "what a panel shows": (set(controls.SHOWS) - set(INPUT_TYPES), set()),
    # a form named as an input type is (number, duration, text ...) proves nothing
    "show forms": (set(FORMS) - set(INPUT_TYPES), set()),
}
# Mappings whose keys only look like a family's: (module, name) -> why they are not one.
ALLOWED = {
    ("theme.py", "CHART_SIZES_IN"): "the size a renderer draws the Deck's LineChart and "
                                    "BarChart at: by the drawn chart, whatever kind wrote it",
}


def second_registries(source: str, module: str = "") -> list[str]:
    """Each mapping in `source` keyed by two or more of a family's kind names, or by one of
    its spec types: a registry beside the family's own."""
    found = []
    tree = ast.parse(source)
    allowed = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Assign)
               and any(isinstance(t, ast.Name) and (module, t.id) in ALLOWED
                       for t in node.targets)}
    for node in ast.walk(tree):
        if id(node) in allowed:
            continue
        if isinstance(node, ast.Dict):
            keys = node.keys
        elif isinstance(node, ast.DictComp):
            keys = [node.key]
        else:
            continue
        words = {k.value for k in keys if isinstance(k, ast.Constant)}
        names = {k.id for k in keys if isinstance(k, ast.Name)}
        for family, (kinds, specs) in FAMILIES.items():
            if len(words & kinds) >= 2 or names & specs:
                found.append(f"line {node.lineno}: a mapping of {family} "
                             f"({', '.join(sorted((words & kinds) | (names & specs)))})")
    return found


def test_the_detector_finds_a_second_registry():
    assert second_registries("WRITERS = {LineChartSpec: line_chart}")
    assert second_registries('MAKERS = {"slider": slider, "choice": choice}')
    assert second_registries('_FORMS = {"percent": _percent, "share": _share}')
    assert second_registries('SHOWN = {"text": _text, "chart": _chart, "readout": _readout}')
    assert not second_registries('SCALES = {"linear": 1, "log": 2}')
    assert not second_registries('CHART_SIZES_IN = {"line": 1, "bar": 2}', "theme.py")
    assert second_registries('SIZES = {"line": 1, "bar": 2}', "theme.py")


@pytest.mark.parametrize("path", sorted(SRC.rglob("*.py")), ids=lambda p: str(p.relative_to(SRC)))
def test_no_module_keeps_a_second_registry_of_a_kind(path):
    module = str(path.relative_to(SRC))
    assert second_registries(path.read_text(encoding="utf-8"), module) == []
