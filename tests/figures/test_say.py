"""The bundled note's words about magnitudes (its say: figures) never contradict the figures
shown beside them, for any scenario within the model's limits."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from notedeck.figures import shown
from notedeck.figures.formatting import Formatter
from notedeck.figures.forms import Forms
from notedeck.figures.texts import Writer
from notedeck.model import Plain
from notedeck.model.display import Words
from notedeck.readers import model as reader
from support import BUNDLED

F = Fraction
NB = "\u00a0"
TINY = {"millisecond": F(1, 1000), "microsecond": F(1, 10**6), "nanosecond": F(1, 10**9)}
YEAR = 365 * 86400
MODEL = reader.read(BUNDLED / "model.yaml")

# Scenarios inside the model's limits.
speeds = st.decimals(min_value=Decimal("0.001"), max_value=10**12, places=3)
counts = st.integers(min_value=1, max_value=10**9)
checks = st.one_of(st.just(0), st.decimals(min_value=0, max_value=10 * YEAR, places=2))


@st.composite
def scenarios(draw) -> dict:
    baseline, imagined = sorted(draw(st.lists(speeds, min_size=2, max_size=2, unique=True)))
    workloads = [{"id": f"w{i}", "label": "drafts", "singular": "draft", "count": draw(counts),
                  "tokens_each": draw(counts)} for i in range(draw(st.integers(1, 8)))]
    return {"speeds": {"baseline": baseline, "imagined": imagined, "dial": [baseline, imagined]},
            "throughput": {"streams": 1, "tokens_per_second": 1},
            "workloads": workloads,
            "bottleneck": {"workload": "w0", "check": draw(checks),
                           "checks": draw(st.lists(checks, min_size=1, max_size=8)),
                           "slider": [0, 60]}}


def names(data: dict, locale: str = "en-GB") -> dict:
    evaluation = MODEL.evaluate(MODEL.validate(Plain(data)))
    words = Words(MODEL.display)
    return shown.names(Writer(evaluation, Forms(Formatter(locale), words.unit_words(),
                                                MODEL.units), words))


def seconds_shown(text: str) -> Fraction:
    """The seconds a duration's text stands for."""
    text = text.replace(NB, " ")
    if match := re.fullmatch(r"([\d.,]+) seconds?", text):
        return F(Decimal(match.group(1).replace(",", "")))
    if match := re.fullmatch(r"([\d.]+) (millisecond|microsecond|nanosecond)s?", text):
        return F(Decimal(match.group(1))) * TINY[match.group(2)]
    units = {"week": 604800, "day": 86400, "h": 3600, "hour": 3600, "min": 60, "minute": 60,
             "s": 1, "second": 1}
    return F(sum(int(n.replace(",", "")) * units[u.rstrip("s") if len(u) > 3 else u]
                 for n, u in re.findall(r"([\d,]+) (weeks?|days?|hours?|h|minutes?|min|"
                                        r"seconds?|s)\b", text)))


def speedup_shown(text: str) -> Decimal:
    return Decimal(text.rstrip("×").replace(",", ""))


def agrees(scale_word: str, shown_text: str) -> bool:
    """A scale word is true of a duration as the reader sees it written."""
    value, plain = seconds_shown(shown_text), shown_text.replace(NB, " ")
    hours = value / 3600
    return {
        "fractions of a second": value < 1,
        "seconds": 1 <= value < 120 and plain.endswith(("second", "seconds")),
        "minutes": 120 <= value < 3600 and " h" not in plain,
        "hours": 1 <= hours < 24,
        "days": 24 <= hours < 24 * 7,
        "weeks": 24 * 7 <= hours < 24 * 30,
        "months": 24 * 30 <= hours < 24 * 365,
        "years": hours >= 24 * 365,
    }[scale_word]


@settings(max_examples=100, deadline=None)
@given(scenarios())
def test_every_magnitude_phrase_agrees_with_the_figures_it_speaks_of(data):
    found = names(data)
    writing = found["writing"]
    shown_slow = [w["seconds_baseline"] for w in found["workloads"]]
    shown_fast = [w["seconds_imagined"] for w in found["workloads"]]
    assert agrees(writing["imagined_longest"]["words"], max(shown_fast, key=seconds_shown))
    assert agrees(writing["baseline_longest"]["words"], max(shown_slow, key=seconds_shown))
    for key, times in (("baseline_span", shown_slow), ("imagined_span", shown_fast)):
        low, _, high = writing[key].partition(" to ")
        assert agrees(low, min(times, key=seconds_shown))
        assert agrees(high or low, max(times, key=seconds_shown))
    speedup = speedup_shown(found["speeds"]["writing_speedup"])
    assert {"nearly free": speedup >= 100, "much cheaper": 10 <= speedup < 100,
            "a little cheaper": speedup < 10}[writing["drafting"]]
    for row in [found["bottleneck"]["featured"], *found["bottleneck"]["rows"]]:
        assert gain_agrees(row, speedup)


def gain_agrees(row: dict, writing: Decimal) -> bool:
    e2e = speedup_shown(row["end_to_end_speedup"])
    return {
        "the whole gain remains": not row["has_check"] and e2e == writing,
        "nearly all of the gain remains": e2e >= Decimal("0.99") * writing,
        "the gain all but vanishes": e2e < Decimal("1.1"),
        "most of the gain is lost": Decimal("1.1") <= e2e <= writing / 10,
        "part of the gain is lost": writing / 10 < e2e < Decimal("0.99") * writing,
    }[row["gain"]]


def one_workload(seconds: Fraction) -> dict:
    """A scenario whose only workload writes for `seconds` at the baseline speed."""
    return {"speeds": {"baseline": 1, "imagined": 2, "dial": [1, 2]},
            "throughput": {"streams": 1, "tokens_per_second": 1},
            "workloads": [{"id": "a", "label": "drafts", "count": 1, "singular": "draft",
                           "tokens_each": int(seconds)}],
            "bottleneck": {"workload": "a", "check": 0, "checks": [0], "slider": [0, 60]}}


def test_scale_examples():
    scales = [names(one_workload(F(s)))["writing"]["baseline_longest"]["words"]
              for s in (1, 60, 119, 120, 3599, 3600, 100_000, 8 * 86400, 40 * 86400,
                        400 * 86400)]
    assert scales == ["seconds", "seconds", "seconds", "minutes", "minutes", "hours", "days",
                      "weeks", "months", "years"]


def test_the_seed_words():
    found = names(_seed())
    assert found["writing"]["baseline_span"] == "hours to days"
    assert found["writing"]["imagined_span"] == "fractions of a second to seconds"
    assert found["writing"]["drafting"] == "nearly free"
    assert [c["gain"] for c in found["bottleneck"]["rows"]] == [
        "the whole gain remains", "most of the gain is lost", "most of the gain is lost",
        "the gain all but vanishes"]


def _seed() -> dict:
    from notedeck.readers import yamlfile

    return yamlfile.load(BUNDLED / "scenarios.yaml").data


COVERED = {"writing.baseline_span", "writing.imagined_span", "writing.baseline_longest.words",
           "writing.imagined_longest.words", "writing.drafting", "bottleneck.featured.gain",
           "bottleneck.last_check.gain"}


def test_every_magnitude_phrase_the_bundled_note_uses_is_covered_above():
    used = set()
    for path in [*Path(BUNDLED).rglob("*.md"), *Path(BUNDLED).rglob("*.yaml")]:
        for expression in re.findall(r"\{\{(.*?)\}\}|\{%(.*?)%\}", path.read_text(encoding="utf-8")):
            used.update(re.findall(r"[\w.]*(?:writing\.[\w.]+|\.gain)\b", " ".join(expression)))
    used = {name for name in used if not name.startswith("speeds.")}
    assert used and used <= COVERED, used - COVERED
