"""One declaration per extensible kind: each chart kind, control kind and show form is one
object that reads, checks and writes it, and its family's registry is built from those
objects (tests/architecture/test_kinds.py: no second registry anywhere)."""

from __future__ import annotations

import inspect
from fractions import Fraction

import pytest

from notedeck.deck import BarChart, Choice, LineChart, Slider, Varying
from notedeck.figures import controls as live_controls
from notedeck.figures.formatting import Formatter
from notedeck.figures.forms import Forms
from notedeck.figures.texts import Writer
from notedeck.model import show as shows
from notedeck.model.display import Words
from notedeck.model.display import charts as chart_kinds
from notedeck.model.display import controls as control_kinds
from notedeck.model.schema import Settings
from notedeck.model.forms import ALTERNATES, FORMS, Form, needs_number
from notedeck.model.types import Flag, Num, Text
from notedeck.model.units import PLAIN, SECONDS, Unit

from .helpers import model, refused, scenario
from .test_charts import MODEL, SCENARIO, TEAMS, WAITS

PANEL = """
controls:
  level:
    label: Load
    chart: waits
    controls:
      level: {slider: curve, label: How busy, text: "{u:percent}", start: featured}
      team: {choice: teams, label: Team, item: "{label}"}
    shows:
      said: {text: "{label} at {u:percent}"}
"""


def _writer(folder, text: str):
    made = model(folder, text)
    evaluation = made.evaluate(scenario(folder, made, SCENARIO))
    words = Words(made.display)
    return made, Writer(evaluation, Forms(Formatter("en-GB"), words.unit_words(), made.units),
                        words)


@pytest.mark.parametrize("family", [chart_kinds.KINDS, control_kinds.KINDS,
                                    control_kinds.SHOWS])
def test_a_registry_holds_each_kind_once_under_its_own_name(family):
    assert all(name == kind.name for name, kind in family.items())
    assert len({id(kind) for kind in family.values()}) == len(family)
    specs = [kind.spec for kind in family.values() if hasattr(kind, "spec")]
    assert len(set(specs)) == len(specs)


@pytest.mark.parametrize("kind", [*chart_kinds.KINDS.values(), *control_kinds.KINDS.values()],
                         ids=lambda kind: kind.name)
def test_a_kind_is_one_module_declaring_its_spec_settings_reader_and_writer(kind):
    """The object, the spec it reads, its pydantic settings and its writer share a module."""
    module = inspect.getmodule(type(kind))
    assert inspect.getmodule(kind.spec) is module
    assert callable(kind.read) and callable(kind.write)
    settings = [value for value in vars(module).values() if isinstance(value, type)
                and issubclass(value, Settings) and value.__module__ == module.__name__]
    assert settings, f"{module.__name__} declares no settings"


def test_every_chart_kind_the_model_accepts_is_written_by_the_object_that_read_it(tmp_path):
    made, writer = _writer(tmp_path, MODEL % (WAITS + TEAMS))
    declared = made.display.charts
    assert {type(spec) for spec in declared.values()} == \
        {kind.spec for kind in chart_kinds.KINDS.values()}
    drawn = {name: chart_kinds.chart(spec, writer) for name, spec in declared.items()}
    assert chart_kinds.kind_of(declared["waits"]) is chart_kinds.KINDS["line"]
    assert chart_kinds.kind_of(declared["teams"]) is chart_kinds.KINDS["bar"]
    assert isinstance(drawn["waits"], LineChart) and isinstance(drawn["teams"], BarChart)


def test_a_chart_kind_the_registry_lacks_is_refused_with_the_kinds_it_has(tmp_path):
    problems = refused(tmp_path, MODEL % WAITS.replace("kind: line", "kind: pie"))
    assert any(f"one of: {', '.join(chart_kinds.KINDS)}; got 'pie'" in p for p in problems)


def test_every_control_kind_is_written_by_the_object_that_read_it(tmp_path):
    made, writer = _writer(tmp_path, MODEL % WAITS + PANEL)
    panel = made.display.controls["level"]
    assert [control_kinds.kind_of(c).name for c in panel.controls] == list(control_kinds.KINDS)
    live = live_controls.live(made.display.controls, writer, lambda name, said: None)
    slider, choice = live.panels[0].controls
    assert isinstance(slider, Slider) and slider.texts[0] == "10%"
    assert isinstance(choice, Choice) and choice.items == ("payroll", "reviews")


def test_what_a_panel_shows_is_read_and_written_by_one_object_per_kind(tmp_path):
    made, writer = _writer(tmp_path, MODEL % (WAITS + TEAMS) + PANEL.replace(
        'said: {text: "{label} at {u:percent}"}',
        'said: {text: "{label} at {u:percent}"}\n      bars: {chart: teams}\n'
        '      figures: {readout: {at: {label: Load, value: "{u:percent}"}}}'))
    shows = made.display.controls["level"].shows
    assert sorted(s.kind for s in shows) == sorted(control_kinds.SHOWS)
    drawn = []
    live = live_controls.live(made.display.controls, writer,
                              lambda name, said: drawn.append(name) or name)
    said, bars, readout = live.panels[0].shows
    assert said.values[0][0] == "payroll at 10%" and set(drawn) == {"teams"}
    assert readout.items[0].label == "Load" and isinstance(readout.items[0].value[0], Varying)


def test_an_unknown_control_setting_is_refused_at_its_key_with_the_kinds_settings(tmp_path):
    text = MODEL % WAITS + PANEL.replace("label: Team,", "lable: Team,")
    line = text.lstrip()[:text.lstrip().index("lable:")].count("\n") + 1
    problems = refused(tmp_path, text)
    assert any(f"model.yaml:{line}:" in p and "a choice has no setting 'lable'; did you mean 'label'? "
               "Expected one of: choice, label, item, emphasis" in p for p in problems), problems


NBSP = "\u00a0"
ITEMS, RATE = Num(Unit.of("item")), Num(Unit.of("item") / SECONDS)
# form: (a value of a type it shows, as it is written in British English)
WRITTEN = {
    "number": (Num(PLAIN), Fraction(3, 2), "1.5"),
    "integer": (Num(PLAIN), Fraction(1_000_000), "1,000,000"),
    "decimal": (Num(PLAIN), Fraction(3, 2), "1.5"),
    "compact": (Num(PLAIN), Fraction(2500), "2.5K"),
    "words": (Num(PLAIN), Fraction(40), "forty"),
    "duration": (Num(SECONDS), Fraction(8060), f"2{NBSP}h{NBSP}14{NBSP}min{NBSP}20{NBSP}s"),
    "period": (Num(SECONDS), Fraction(3600), f"1{NBSP}hour"),
    "share": (Num(PLAIN), Fraction(987, 1000), "98.7%"),
    "percent": (Num(PLAIN), Fraction(9, 10), "90%"),
    "times": (Num(PLAIN), Fraction(10_000), "10,000×"),
    "rate": (RATE, Fraction(12), f"12{NBSP}item/s"),
    "amount": (ITEMS, Fraction(12), f"12{NBSP}item"),
}
AS_WRITTEN = {"flag": Flag(), "text": Text(), "none": Num(PLAIN)}


def test_every_show_form_is_read_and_either_written_by_its_object_or_shown_as_it_is():
    assert set(FORMS) == {*WRITTEN, *AS_WRITTEN, shows.WRITTEN_ONLY_BY_SAY}
    assert {name for name, form in FORMS.items() if form.write is None} == \
        {*AS_WRITTEN, shows.WRITTEN_ONLY_BY_SAY}


@pytest.mark.parametrize("name", sorted(WRITTEN))
def test_a_show_form_reads_checks_and_writes_a_value(name):
    kind, value, text = WRITTEN[name]
    read, problem = shows.read(name)
    assert problem is None and FORMS[name].fits(kind) is None
    assert Forms(Formatter("en-GB")).show(value, kind, read) == text


def test_a_form_is_refused_for_a_value_it_cannot_show_by_its_own_check():
    read, _ = shows.read("percent")
    assert shows.problem(read, Num(SECONDS), lambda unit: None) == (
        "shown as percent, which needs a plain number (no unit), but it gives "
        + Num(SECONDS).described())


def test_adding_a_form_is_one_object_in_the_table(monkeypatch):
    """A new form, declared once, is read, checked against a figure's type and written."""
    halves = Form("halves", needs_number, frozenset({"places"}), "a value in halves: 3 halves",
                  lambda forms, value, unit, show, prose: f"{forms.fmt.integer(value * 2)} "
                                                          "halves")
    monkeypatch.setitem(FORMS, "halves", halves)
    read, problem = shows.read({"form": "halves", "places": 1})
    assert problem is None
    assert shows.problem(read, Text(), lambda unit: None).startswith("shown as halves, which "
                                                                     "needs a number")
    assert Forms(Formatter("de-DE")).show(Fraction(1000), Num(PLAIN), read) == \
        f"2.000{NBSP}halves"


ALTERNATE = {      # name: (a value, its type, the figure's own form, as the alternate writes it)
    "plain": (Fraction(13257, 100), Num(PLAIN), "times", "132.57"),
    "Words": (Fraction(40), Num(PLAIN), "number", "Forty"),
    "counted": (Fraction(40), Num(PLAIN), "number", f"40{NBSP}parcels"),
    "counted_words": (Fraction(1), Num(PLAIN), "number", "one parcel"),
    "Counted_words": (Fraction(40), Num(PLAIN), "number", "Forty parcels"),
    "Capitalised": ("payroll", Text(), "text", "Payroll"),
}


@pytest.mark.parametrize("name", sorted(ALTERNATE))
def test_an_alternate_is_checked_and_written_by_its_one_object(name):
    value, kind, form, text = ALTERNATE[name]
    assert set(ALTERNATES) == set(ALTERNATE)
    assert ALTERNATES[name].fits(kind) is None
    written = Forms(Formatter("en-GB")).alternate(name, value, kind, shows.Show(form),
                                                  ("parcel", "parcels"))
    assert written == text
    assert (name in shows.NEEDS_NOUN) == ALTERNATES[name].noun == ("ounted" in name)
