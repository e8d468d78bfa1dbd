"""The composed Deck carries every figure of the note, from the scenario, in the right places."""

from notedeck.stages.compose import compose
from support import gather
from notedeck.deck import (ChartSlide, ContentSlide, SectionSlide, SourcesSlide, TableSlide, TitleSlide, plain, Paragraph, BulletList, Callout, Stats)

BUDGETS = [
    ("1,000 story endings × 1,000", "1,000,000", "2 h 46 min 40 s", "1 second"),
    ("40 app drafts × 20,000", "800,000", "2 h 13 min 20 s", "0.8 seconds"),
    ("10,000 critiqued candidates × 300", "3,000,000", "8 h 20 min", "3 seconds"),
    ("10,000 rehearsals × 1,000", "10,000,000", "27 h 46 min 40 s", "10 seconds"),
]
CHECKS = [
    ("None", "2 h 13 min 20 s", "0.8 seconds", "10,000×"),
    ("60 seconds", "2 h 14 min 20 s", "60.8 seconds", "132.57×"),
    ("15 min", "2 h 28 min 20 s", "15 min 1 s", "9.88×"),
    ("24 h", "26 h 13 min 20 s", "24 h 1 s", "1.09×"),
]


def rows(table) -> list[tuple[str, ...]]:
    """A table's cells with no-break spaces read as spaces."""
    return [tuple(cell.replace("\u00a0", " ") for cell in row) for row in table.rows]


def slide_text(slide) -> str:
    parts = [getattr(slide, "title", "")]
    for block in getattr(slide, "blocks", ()) + getattr(slide, "side", ()) + getattr(slide, "caption", ()):
        if isinstance(block, (Paragraph, Callout)):
            parts.append(plain(block.runs))
        elif isinstance(block, BulletList):
            parts.extend(plain(item) for item in block.items)
        elif isinstance(block, Stats):
            parts.extend(f"{s.value} {s.label} {s.detail}" for s in block.items)
    return "\n".join(parts + list(slide.notes)).replace("\u00a0", " ")


def test_bundled_deck_tables_match_the_note(note):
    deck, warnings = compose(gather(note))
    tables = {s.table.name: s.table for s in deck.slides if isinstance(s, TableSlide)}
    assert rows(tables["budgets"]) == BUDGETS
    assert rows(tables["checks"]) == CHECKS
    assert tables["checks"].highlight == 1
    assert tables["budgets"].header == ("Workload", "Output tokens", "100\u00a0tokens/sec",
                                        "1,000,000\u00a0tokens/sec")
    assert warnings == []


def test_bottleneck_slide_states_totals_shares_and_speedups(note):
    deck, _ = compose(gather(note))
    slide = next(s for s in deck.slides if isinstance(s, ChartSlide) and s.chart.name == "bottleneck")
    text = slide_text(slide)
    for figure in ("2 h 14 min 20 s", "60.8 seconds", "99.3%", "0.7%", "1.3%", "98.7%",
                   "10,000×", "132.57×", "8,060 ÷ 60.8 seconds"):
        assert figure in text
    assert slide.side, "the bottleneck chart has its figures beside it"


def test_one_slide_per_thought_experiment_with_its_arithmetic(note):
    deck, _ = compose(gather(note))
    texts = [slide_text(s) for s in deck.slides if isinstance(s, ContentSlide)]
    for line in ("1,000 × 1,000 = 1,000,000 tokens · 1 second of writing",
                 "40 × 20,000 = 800,000 tokens · 0.8 seconds of writing",
                 "10,000 × 300 = 3,000,000 tokens · 3 seconds of writing",
                 "10,000 × 1,000 = 10,000,000 tokens · 10 seconds of writing"):
        assert sum(line in t for t in texts) == 1


def test_deck_shape(note):
    deck, _ = compose(gather(note))
    assert isinstance(deck.slides[0], TitleSlide) and isinstance(deck.slides[-1], SourcesSlide)
    assert sum(isinstance(s, SectionSlide) for s in deck.slides) == 5
    assert all(s.notes for s in deck.slides if not isinstance(s, SectionSlide))
    assert {c.name for c in deck.charts} == {"dial", "bottleneck", "speedup"}
    assert len(deck.handout.sections) == 5 and len(deck.handout.sources) == 5


def test_unseen_scenario_shows_its_own_figures_and_none_of_the_default(note, three_workloads):
    deck, _ = compose(gather(note, scenarios_file=three_workloads))
    text = "\n".join(slide_text(s) for s in deck.slides)
    tables = {s.table.name: s.table for s in deck.slides if isinstance(s, TableSlide)}
    assert rows(tables["budgets"])[1] == ("300 practice quizzes × 900", "270,000",
                                          "1 h 52 min 30 s", "1.1 seconds")
    assert "45 min" in text and "6,250×" in text
    for stale in ("132.57×", "2 h 14 min 20 s", "story endings", "forty", "1,000,000 tokens/sec"):
        assert stale not in text
