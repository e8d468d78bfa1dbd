"""guide.pdf and its clock: planned minutes from the content, a run sheet, notes beside slides."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from notedeck.errors import NotedeckError
from notedeck.deck import plain
from notedeck.figures.formatting import Formatter
from notedeck.figures import clock
from notedeck.render.guide import emit as guide
from notedeck.paper import PAPERS
from support import laid_out, timed

from ..editions import AUDIENCES, composed, qpdf_clean, tool, unembedded_fonts
from ..longnote import long_note
from ..pages import emptiness, page_texts


def guide_plan(deck, art, paper: str = "a4", start: str = "09:00", numbers=None):
    """The guide planned as the build plans it: on the laid-out slides, its clock written."""
    layout = laid_out(deck)
    return guide.plan(deck, layout, art, paper, timed(deck, layout, start, numbers))


@pytest.fixture(scope="module")
def bundled(tmp_path_factory):
    deck, art = composed()
    planned = guide_plan(deck, art)
    out = tmp_path_factory.mktemp("guide") / "guide.pdf"
    return deck, planned, out, guide.emit(planned, out)


def test_bundled_note_is_planned_for_sixty_minutes(bundled):
    deck, planned, _, _ = bundled
    timing = clock.schedule(deck, [slide.source for slide in planned.layout.slides])
    assert timing.total == 60 * 60
    assert [s.seconds // 60 for s in timing.sections] == [12, 14, 14, 7, 13]
    assert [row.start for row in planned.clock.rows] == [
        "09:00", "09:12", "09:26", "09:40", "09:47"]
    assert [row.minutes for row in planned.clock.rows] == [
        "12\u00a0min", "14\u00a0min", "14\u00a0min", "7\u00a0min", "13\u00a0min"]
    assert planned.clock.total == "total 60\u00a0min"
    assert len(timing.starts) == len(planned.layout.slides)


def test_minutes_come_from_front_matter_or_notes_headings(bundled):
    deck, _, _, _ = bundled
    times = clock.model_times(deck)
    titles = [s.title for s in deck.slides]
    assert times[titles.index("Four things the number could mean")] == 3 * 60     # (3 min)
    assert times[titles.index("Try it on your own work")] == 8 * 60                # (8 min)
    # section 05 has 13 minutes: the slide without a time takes what is left
    assert times[titles.index("Four habits for your next hand-off")] == 5 * 60


def test_start_time_moves_every_clock():
    deck, art = composed()
    later = guide_plan(deck, art, start="13:30")
    assert later.clock.rows[1].start == "13:42"
    american = guide_plan(deck, art, start="13:30", numbers=Formatter("en-US"))
    assert american.clock.rows[1].start.replace("\u202f", " ") == "1:42 PM"
    with pytest.raises(NotedeckError, match="HH:MM"):
        guide_plan(deck, art, start="9 o'clock")


def test_run_sheet_then_every_slide_with_its_notes(bundled):
    deck, planned, out, pages = bundled
    text = " ".join(page_texts(out))
    assert pages == len(PdfReader(out).pages)
    first = page_texts(out)[0]
    for expected in ("Run sheet", "09:00 01 What the number means 6 12 min",
                     "09:47 05 Use it this week 3 13 min", "10:00 End total 60 min"):
        assert expected in first
    for k, slide in enumerate(planned.layout.slides, start=1):
        assert f"Slide {k} " in text
        for note in slide.notes:
            assert " ".join(note.split()[:6]) in text


def test_exercises_and_facilitator_passages_are_in_the_guide_only(bundled, tmp_path):
    deck, planned, out, _ = bundled
    text = " ".join(page_texts(out))
    assert text.count("Exercise.") == 3 and text.count("Listen for:") == 3
    passages = [plain(p.runs) for s in deck.slides for p in getattr(s, "facilitator", ())
                if hasattr(p, "runs")]
    assert passages
    for passage in passages:
        assert " ".join(passage.split()[:8]) in text
    from notedeck.render.pdf.emit import emit, plan
    from notedeck.render.prints.emit import emit as print_emit, plan as print_plan
    from notedeck.render.slides.emit import emit as slides_emit, plan as slides_plan
    from notedeck.render.worksheet.emit import emit as sheet_emit, plan as sheet_plan

    _, art = composed()
    layout = laid_out(deck)
    emit(plan(deck, art, "a4"), tmp_path / "handout.pdf")
    slides_emit(slides_plan(deck, layout, art), tmp_path / "slides.pdf")
    print_emit(print_plan(deck, layout, art, per_page=3), tmp_path / "print.pdf")
    sheet_emit(sheet_plan(deck), tmp_path / "worksheet.pdf")
    for name in ("handout.pdf", "slides.pdf", "print.pdf", "worksheet.pdf"):
        participant = " ".join(page_texts(tmp_path / name))
        assert "Listen for" not in participant
        for passage in passages:
            assert " ".join(passage.split()[:8]) not in participant, name


def test_fonts_and_structure(bundled):
    _, _, out, _ = bundled
    if tool("pdffonts"):
        assert unembedded_fonts(out) == []
    if tool("qpdf"):
        assert qpdf_clean(out) == ""


@pytest.mark.parametrize("audience", AUDIENCES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_page_but_the_last_is_more_than_a_quarter_empty(audience, paper, tmp_path):
    deck, art = composed(audience)
    guide.emit(guide_plan(deck, art, paper), tmp_path / "guide.pdf")
    shares = emptiness(tmp_path / "guide.pdf", PAPERS[paper])
    assert all(share <= 0.25 for share in shares[:-1]), shares


def test_long_note_guide_pages_are_full(tmp_path):
    deck, art = composed(None, long_note(tmp_path / "long"))
    guide.emit(guide_plan(deck, art), tmp_path / "guide.pdf")
    shares = emptiness(tmp_path / "guide.pdf", PAPERS["a4"])
    assert len(shares) > 5 and all(share <= 0.25 for share in shares[:-1]), shares


def test_a_german_guide_speaks_german_and_writes_german_times(tmp_path):
    deck, art = composed("team-berlin")
    out = tmp_path / "guide.pdf"
    guide.emit(guide_plan(deck, art, start="13:30", numbers=Formatter("de-DE")), out)
    pages = page_texts(out)
    for expected in ("Moderationsleitfaden", "Ablaufplan", "Beginn", "Folie für Folie",
                     "13:30", "Min.", "Seite 1 von"):
        assert expected in " ".join(pages), expected
    for english in ("Run sheet", "Slide by slide", "Facilitator guide", "Listen for", "page 1 of"):
        assert english not in " ".join(pages), english


def test_a_note_without_planned_times_is_told_how_to_plan_them():
    from notedeck.deck import GuideLabels
    from notedeck.figures.clock import written

    text = written(clock.Schedule((), (), (), 0), 9 * 3600, GuideLabels(), Formatter())
    assert text.session.startswith("No times are planned yet")
    assert text.total == "total 0\u00a0min"


def test_a_continued_slide_says_it_continues_instead_of_repeating_the_notes(tmp_path):
    import shutil

    from ..editions import BUNDLED

    note = tmp_path / "note"
    shutil.copytree(BUNDLED, note)
    section = note / "sections" / "01-what-the-number-means.md"
    more = "".join(f"- **Another reading {n}**: a sentence long enough to need most of a line "
                   f"on the slide, number {n} of many\n" for n in range(1, 13))
    text = section.read_text(encoding="utf-8")
    section.write_text(text.replace("<!-- passage: not-writing-speed -->\n",
                                    "<!-- passage: not-writing-speed -->\n" + more),
                       encoding="utf-8")
    deck, art = composed(None, note)
    planned = guide_plan(deck, art)
    parts = [s for s in planned.layout.slides if s.title.startswith("Memory is not")]
    assert len(parts) >= 2
    out = tmp_path / "guide.pdf"
    guide.emit(planned, out)
    said = " ".join(" ".join(page_texts(out)).split())
    opening = "A published model page makes the point for us."
    assert said.count(opening) == 1
    assert said.count("Continues \u201cMemory is not writing speed\u201d.") == len(parts) - 1


def test_the_session_length_scales_the_run_sheet():
    from dataclasses import replace

    deck, art = composed()
    for session, minutes in ((3 * 3600, [36, 42, 42, 21, 39]), (90 * 60, [18, 21, 21, 11, 19]),
                             (45 * 60, [9, 11, 10, 5, 10])):
        longer = replace(deck, meta=replace(deck.meta, session=session))
        planned = guide_plan(longer, art)
        timing = clock.schedule(longer, [slide.source for slide in planned.layout.slides])
        assert timing.total == session
        assert [s.seconds // 60 for s in timing.sections] == minutes
        assert all(s.seconds % 60 == 0 for s in timing.sections)
        assert sum(timing.durations) == session
    assert planned.clock.session.startswith("A session of 45\u00a0min, 09:00 to 09:45.")


def test_a_note_and_an_audience_give_the_sessions_length(tmp_path):
    import shutil

    from notedeck.stages.stages import prepare, sized_art
    from notedeck.options import Options

    from ..editions import BUNDLED

    note = tmp_path / "note"
    shutil.copytree(BUNDLED, note)
    path = note / "note.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "locale: en-GB", "locale: en-GB\nsession: 3 h 30 min"), encoding="utf-8")
    audience = note / "audiences" / "support-team.yaml"
    audience.write_text(audience.read_text(encoding="utf-8").replace(
        "name: Customer support team", "name: Customer support team\nnote: {session: 90}"),
        encoding="utf-8")
    assert prepare(Options(note)).deck.meta.session == 210 * 60
    deck = prepare(Options(note, audience="support-team")).deck
    assert deck.meta.session == 90 * 60
    planned = guide_plan(deck, sized_art(deck), start="13:30")
    assert planned.clock.end == "15:00" and planned.clock.total == "total 90\u00a0min"
