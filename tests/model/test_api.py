"""The model's API for the next stages: evaluation trees, cheap re-evaluation, extra formulas."""

from __future__ import annotations

import ast
import re
from fractions import Fraction as F
from pathlib import Path

import pytest

from notedeck import model as language
from notedeck.errors import NotedeckError
from notedeck.model import Num, Plain, Quantity, Show
from notedeck.model.units import PLAIN, SECONDS, Unit
from notedeck.readers import model as reader

from model.helpers import BUNDLED, MILLION, WAITING

SOURCE = Path(language.__file__).parent


@pytest.fixture(scope="module")
def million():
    return reader.read(MILLION / "model.yaml")


@pytest.fixture(scope="module")
def seed(million):
    return million.evaluate(reader.scenario(million, BUNDLED / "scenarios.yaml"))


def test_a_slider_move_recomputes_only_what_reads_the_input(million, seed):
    moved = seed.replace({"bottleneck.check": "15 min"})
    fresh = million.evaluate(million.replace(seed.inputs, {"bottleneck.check": "15 min"}))
    assert moved.tree() == fresh.tree()
    assert moved.value("bottleneck.featured.end_to_end_speedup") == F(11125, 1126)
    assert moved.value("speeds.writing_speedup") == 10_000
    assert 0 < moved.recomputed < len(million.plan.order)
    assert seed.value("bottleneck.featured.check") == 60            # the first one is unchanged


def test_a_moved_input_computes_only_what_is_read_and_what_that_reads(million, seed):
    moved = seed.replace({"bottleneck.check": "15 min"})
    pending = moved.run.values.pending
    assert ("rows", ("bottleneck", "curve")) in pending               # the chart's sweep waits
    assert moved.value("bottleneck.featured.total_imagined") == 900 + F("0.8")
    assert ("rows", ("bottleneck", "curve")) in pending               # ... and is not needed
    again = moved.replace({"bottleneck.check": "1 h"})                # pending carried over
    assert again.value("bottleneck.curve.check")[-1] == 86_400
    fresh = million.evaluate(million.replace(seed.inputs, {"bottleneck.check": "1 h"}))
    assert again.tree() == fresh.tree()


def test_a_dial_move_leaves_the_check_figures_alone(million, seed):
    moved = seed.replace({"speeds.imagined": 2_000_000})
    assert moved.value("speeds.writing_speedup") == 20_000
    assert moved.value("bottleneck.featured.total_imagined") == F("60.4")
    assert moved.tree() == million.evaluate(moved.inputs).tree()


def test_replacing_a_list_revalidates_it(million, seed):
    moved = seed.replace({"bottleneck.checks": ["0", "2 min"]})
    assert moved.value("bottleneck.rows.check") == (0, 120)
    with pytest.raises(NotedeckError, match="bottleneck.checks"):
        seed.replace({"bottleneck.checks": []})


def test_the_tree_has_units(seed):
    tree = seed.tree()
    assert tree["speeds"]["baseline"] == Quantity(F(100), Unit((("s", -1), ("token", 1))))
    assert tree["bottleneck"]["featured"]["total_imagined"] == Quantity(F("60.8"), SECONDS)
    assert tree["workloads"][1]["total_tokens"] == Quantity(F(800_000), Unit.of("token"))
    assert tree["workloads"][1]["label"] == "app drafts"
    assert tree["bottleneck"]["rows"][0]["has_check"] is False
    assert str(tree["bottleneck"]["featured"]["total_imagined"]) == "60.8 s"


def test_an_extra_formula_with_bound_names_and_its_unit(million, seed):
    column = million.expression("x * speeds.baseline", names={"x": SECONDS})
    assert str(column.unit) == "token"
    assert column.evaluate(seed, x=F(3)) == 300


def test_an_extra_formula_per_item_reads_fields_bare(million, seed):
    column = million.expression("total_tokens / speeds.imagined", within="workloads")
    assert column.unit == SECONDS
    assert [column.evaluate(seed, row=i) for i in range(4)] == [1, F(4, 5), 3, 10]


def test_an_extra_formula_per_row_of_a_group(million, seed):
    column = million.expression("total_baseline - total_imagined", within="bottleneck.rows")
    assert column.unit == SECONDS
    assert column.evaluate(seed, row=1) == 8060 - F("60.8")


def test_an_extra_formula_is_checked_now(million):
    with pytest.raises(NotedeckError, match="cannot add"):
        million.expression("speeds.baseline + bottleneck.check")
    with pytest.raises(NotedeckError, match="unknown name 'x'"):
        million.expression("x + 1")


def test_every_figure_has_a_show_form_and_a_place(million):
    assert len(million.figures) > 50
    for figure in million.figures:
        assert figure.show.form in language.FORMS
        assert figure.where.line is not None
    lines = (MILLION / "model.yaml").read_text(encoding="utf-8").splitlines()
    formula = next(n for n, line in enumerate(lines, 1)
                   if "formula: total_baseline / total_imagined if" in line)
    assert million.figure("bottleneck.rows[].end_to_end_speedup").where.line == formula


def test_a_document_made_in_code(tmp_path):
    made = language.read(Plain({"inputs": {"u": "number"}, "figures": {"wait": "u / (1 - u)"}}))
    inputs = made.validate(Plain({"u": F(9, 10)}))
    assert made.evaluate(inputs).value("wait") == 9
    with pytest.raises(NotedeckError) as info:
        made.validate(Plain({"u": "busy"}, "scenario"))
    assert str(info.value.problems[0]) == "scenario: u: expected a number, got 'busy'"


def test_the_queue_model_reads_the_same_through_both_doors():
    via_reader = reader.read(WAITING / "model.yaml")
    assert {"teams[].wait", "teams[].in_system", "featured_multiple", "utilisation.at_featured.u",
            "utilisation.at_featured.utilisation"} <= {f.path for f in via_reader.figures}
    assert via_reader.figure("featured_multiple").type == Num(PLAIN)
    assert via_reader.figure("utilisation.at_featured.waiting").show == Show(
        "number", (("places", 2),))


# --- the package knows no note and does no I/O ----------------------------------------------

SUBJECT = re.compile(r"dial|bottleneck|workload|speedup|token|thought experiment", re.IGNORECASE)
MODULES = sorted(SOURCE.glob("*.py")) + [SOURCE.parent / "readers" / "model.py"]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_module_names_a_note_subject(path):
    found = [(n, line) for n, line in enumerate(path.read_text().splitlines(), 1)
             if SUBJECT.search(line)]
    assert found == []


@pytest.mark.parametrize("path", sorted(SOURCE.glob("*.py")), ids=lambda p: p.name)
def test_the_language_does_no_io_and_runs_no_code(path):
    tree = ast.parse(path.read_text())
    imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, (ast.Import, ast.ImportFrom))
                for alias in (node.names if isinstance(node, ast.Import) else
                              [ast.alias(node.module or "")])}
    assert imported.isdisjoint({"os", "io", "pathlib", "yaml", "shutil", "subprocess", "jinja2"})
    calls = {node.func.id for node in ast.walk(tree)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    assert calls.isdisjoint({"eval", "exec", "compile", "open", "__import__"})


def test_an_evaluation_again_shares_its_values_and_spends_its_own_steps(million, seed):
    kept = seed.again(seed.inputs)
    left = kept.run.budget.left
    copy = kept.again(seed.inputs)
    assert copy.run.values is kept.run.values                       # computed once
    assert copy.run.budget.left == left
    moved = copy.replace({"bottleneck.check": "15 min"})             # a web page's control
    assert moved.value("bottleneck.featured.end_to_end_speedup") == F(11125, 1126)
    assert copy.run.budget.left < left == kept.run.budget.left      # spent by the copy alone
    assert kept.again(seed.inputs).run.budget.left == left
    assert copy.tree() == million.evaluate(seed.inputs).tree()
