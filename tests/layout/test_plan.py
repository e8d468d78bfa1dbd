"""layout/plan.py: the pure planner, from a Deck and the template's geometry to planned slides."""

from __future__ import annotations

import pytest

from notedeck.deck import ContentSlide, Paragraph, Run
from notedeck.options import Options
from notedeck.stages.stages import prepare
from notedeck.template import package
from notedeck.layout.plan import PlannedSlide, plan
from notedeck.template.roles import ROLES
from notedeck.theme import chart_size
from support import BUNDLED

PREPARED = prepare(Options(BUNDLED))
DECK, BUILD = PREPARED.deck, PREPARED.stamp.build
SIZES = {spec.name: chart_size(spec) for spec in DECK.charts}
GEOMETRY = package.load(None)


@pytest.fixture(scope="module")
def planned() -> tuple[PlannedSlide, ...]:
    return plan(DECK, SIZES, GEOMETRY, build_id=BUILD)


def test_one_planned_slide_per_deck_slide_in_the_closed_set_of_roles(planned):
    assert len(planned) == len(DECK.slides) == 25
    assert {slide.role for slide in planned} <= set(ROLES)
    assert planned[0].role == "title" and planned[-1].role == "sources"


def test_every_box_lies_on_the_slide(planned):
    for slide in planned:
        for shape in slide.shapes:
            box = getattr(shape, "box", None)
            if box is not None:
                assert 0 <= box.x and box.x + box.w <= GEOMETRY.slide_w + 1e-6
                assert 0 <= box.y and box.y + box.h <= GEOMETRY.slide_h + 1e-6


def test_footers_and_numbers_on_every_slide_but_the_title(planned):
    assert planned[0].footer is None and planned[0].number is None
    numbers = ["".join(r.text for r in s.number.paras[0].runs) for s in planned[1:]]
    assert numbers == [str(n) for n in range(2, len(planned) + 1)]


def test_speaker_notes_travel_with_their_slide(planned):
    assert all(slide.notes == deck_slide.notes for slide, deck_slide
               in zip(planned[1:], DECK.slides[1:]))
    assert planned[0].notes == (*DECK.slides[0].notes, f"build {BUILD}")


def footer_text(slide) -> str:
    return "".join(r.text for p in slide.footer.paras for r in p.runs)


def test_the_build_id_is_in_the_title_slides_notes_not_on_the_slides_by_default(planned):
    assert BUILD and not DECK.meta.build_on_slides
    assert all("build" not in footer_text(s) for s in planned[1:])
    assert planned[0].notes[-1] == f"build {BUILD}"


def test_footer_build_true_puts_it_on_the_slides_and_not_in_the_notes():
    from dataclasses import replace

    deck = replace(DECK, meta=replace(DECK.meta, build_on_slides=True))
    shown = plan(deck, SIZES, GEOMETRY, build_id=BUILD)
    assert all(footer_text(s).endswith(f" · build {BUILD}") for s in shown[1:])
    assert shown[0].notes == DECK.slides[0].notes


def test_text_too_long_for_one_slide_continues_on_the_next():
    words = " ".join(["A sentence that takes some room on the slide."] * 12)
    long = ContentSlide("Many points", tuple(Paragraph((Run(words),)) for _ in range(4)),
                        ("Notes.",), "01")
    deck = DECK.__class__(DECK.meta, (DECK.slides[0], long), DECK.handout, DECK.charts)
    slides = plan(deck, SIZES, GEOMETRY)
    assert len(slides) > 2
    assert all(s.title.startswith("Many points") for s in slides[1:])
    assert "(cont.)" in slides[-1].title


def test_planning_is_pure_the_same_inputs_give_equal_plans(planned):
    assert plan(DECK, SIZES, GEOMETRY, build_id=BUILD) == planned
