"""The bundled note 'Waiting in line': its model's figures against arithmetic done by hand,
for its own scenario and for any scenario of the same shape; and `init` copying it."""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

from notedeck.commands.cli import main
from notedeck.readers import model as reader

NOTE = Path(__file__).resolve().parents[2] / "src" / "notedeck" / "notes" / "waiting-in-line"
H, MIN = 3600, 60
QUEUE = reader.read(NOTE / "model.yaml")


def evaluate(text: str, folder: Path):
    path = folder / "scenarios.yaml"
    path.write_text(text, encoding="utf-8")
    return QUEUE.evaluate(reader.scenario(QUEUE, path))


def test_the_notes_own_scenario_gives_the_figures_worked_by_hand():
    seed = QUEUE.evaluate(reader.scenario(QUEUE, NOTE / "scenarios.yaml"))
    # S = 1 h. u = 0.5: 0.5/0.5 x 1 h = 1 h waiting, 1 h/0.5 = 2 h in all, 0.25/0.5 = 0.5 items
    assert [seed.value(f"utilisation.at_lowest.{n}") for n in ("wait", "in_system", "waiting")] \
        == [1 * H, 2 * H, F(1, 2)]
    # u = 0.9: 0.9/0.1 = 9, so 9 h waiting, 1 h/0.1 = 10 h in all, 0.81/0.1 = 8.1 items
    assert [seed.value(f"utilisation.at_featured.{n}") for n in ("wait", "in_system", "waiting")] \
        == [9 * H, 10 * H, F(81, 10)]
    # Little's law: one item every 1 h/0.9 = 4,000 s; 32,400 s of waiting / 4,000 s = 8.1
    assert seed.value("utilisation.at_featured.gap") == 4000
    assert seed.value("utilisation.at_featured.wait / utilisation.at_featured.gap") == F(81, 10)
    # the table: 0.75 -> 3 h, 4 h, 0.5625/0.25 = 2.25; 0.95 -> 19 h, 20 h, 0.9025/0.05 = 18.05
    assert seed.value("utilisation.rows.wait") == (1 * H, 3 * H, 9 * H, 19 * H)
    assert seed.value("utilisation.rows.in_system") == (2 * H, 4 * H, 10 * H, 20 * H)
    assert seed.value("utilisation.rows.waiting") == (F(1, 2), F(9, 4), F(81, 10), F(361, 20))
    # "nine times longer": 9 h / 1 h, while the busy shares differ by 0.9/0.5 = 1.8
    assert (seed.value("featured_multiple"), seed.value("busy_multiple")) == (9, F(9, 5))
    # the teams: payroll 20 min at 0.8 -> 4 x 20 min = 80 min, 20 min/0.2 = 100 min;
    # reviews 30 min at 0.9 -> 270 min, 300 min; lab 2 h at 0.5 -> 2 h, 4 h;
    # security 3 h at 0.95 -> 19 x 3 h = 57 h, 3 h/0.05 = 60 h
    assert seed.value("teams.wait") == (80 * MIN, 270 * MIN, 2 * H, 57 * H)
    assert seed.value("teams.in_system") == (100 * MIN, 300 * MIN, 4 * H, 60 * H)
    assert seed.value("teams['lab'].idle") == F(1, 2)


def test_the_slider_runs_from_5_to_99_percent_with_the_notes_levels_on_it():
    seed = QUEUE.evaluate(reader.scenario(QUEUE, NOTE / "scenarios.yaml"))
    levels = seed.value("utilisation.curve.utilisation")
    assert levels == tuple(F(n, 100) for n in range(5, 100))
    assert seed.value("utilisation.curve[94].wait") == 99 * H            # 0.99/0.01 x 1 h


LEVELS = (F(1, 2), F(3, 4), F(4, 5), F(9, 10), F(19, 20), F(1, 5), F(2, 5), F(99, 100))


@settings(max_examples=25, deadline=None)
@given(service_minutes=st.integers(1, 600),
       levels=st.lists(st.sampled_from(LEVELS), min_size=1, max_size=4, unique=True),
       pick=st.integers(0, 3),
       team=st.tuples(st.integers(1, 240), st.sampled_from(LEVELS)))
def test_any_scenario_of_the_shape_gives_the_formulas_figures(tmp_path_factory, service_minutes,
                                                               levels, pick, team):
    levels = sorted(levels)
    featured = levels[pick % len(levels)]
    minutes, busy = team
    text = (f"service_time: {service_minutes} min\n"
            f"utilisation:\n  featured: {float(featured)}\n"
            f"  levels: [{', '.join(str(float(u)) for u in levels)}]\n"
            f"teams:\n  - {{id: desk, label: desk tickets, service_time: {minutes} min, "
            f"utilisation: {float(busy)}}}\n")
    figures = evaluate(text, tmp_path_factory.mktemp("any"))
    s = service_minutes * MIN
    assert figures.value("utilisation.rows.wait") == tuple(u / (1 - u) * s for u in levels)
    assert figures.value("utilisation.rows.in_system") == tuple(s / (1 - u) for u in levels)
    assert figures.value("utilisation.rows.waiting") == tuple(u * u / (1 - u) for u in levels)
    low = levels[0]
    assert figures.value("featured_multiple") == (featured / (1 - featured)) / (low / (1 - low))
    assert figures.value("teams['desk'].wait") == busy / (1 - busy) * minutes * MIN
    assert figures.value("teams['desk'].in_system") == minutes * MIN / (1 - busy)


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_init_example_copies_the_note_with_its_audience(tmp_path):
    result = run("init", "--example", "waiting-in-line", str(tmp_path / "q"))
    assert result.exit_code == 0, result.output
    assert "from the bundled example waiting-in-line, with the example audience " \
           "planning-office" in result.output
    copied = sorted(p.relative_to(tmp_path / "q").as_posix()
                    for p in (tmp_path / "q").rglob("*") if p.is_file())
    assert copied == ["audiences/planning-office.yaml", "model.yaml", "note.yaml",
                      "scenarios.yaml", "sections/01-busy-is-not-free.md",
                      "sections/02-one-formula.md", "sections/03-teams.md",
                      "sections/04-real-queues.md", "sections/05-use-it-this-week.md",
                      "template.pptx"]
    assert (tmp_path / "q" / "model.yaml").read_bytes() == (NOTE / "model.yaml").read_bytes()


def test_init_without_example_is_still_the_first_note_and_list_names_both(tmp_path):
    result = run("init", str(tmp_path / "m"))
    assert result.exit_code == 0, result.output
    assert "title: One million tokens a second\n" in \
        (tmp_path / "m" / "note.yaml").read_text(encoding="utf-8")
    listed = run("init", "--list").output.splitlines()
    assert [line.split()[0] for line in listed] == ["million-tokens", "waiting-in-line"]
    assert listed[0].endswith("(the default); 5 example audiences")
    assert listed[1] == ("waiting-in-line      why a team that is 90% busy makes work wait nine "
                         "times longer than one that is 50% busy; 1 example audience")
