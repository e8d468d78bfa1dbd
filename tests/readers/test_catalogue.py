"""A build's locale and catalogue: note and audience `locale:` and `labels:`, checked key by key."""

from __future__ import annotations

import pytest

from notedeck import catalogue
from notedeck.stages.compose import compose
from notedeck.errors import NotedeckError
from notedeck.deck import strings
from support import gather

DATE = "date: 2026-10-02\n"
LOCALE = "locale: en-GB"


def _edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_bundled_note_is_british_english(note):
    source = gather(note)
    assert source.fmt.locale == "en-GB"
    deck, _ = compose(source)
    assert deck.meta.lang == "en-GB" and deck.meta.declared_lang == ""


def test_a_note_in_german_formats_and_labels_in_german(note):
    """notedeck's own words come from its German catalogue; the model's words are the
    note's own language, so a note in German writes them in German in model.yaml."""
    _edit(note / "note.yaml", LOCALE, "locale: de-DE")
    _edit(note / "model.yaml", "lead: \"Still scarce:\"", "lead: \"Noch knapp:\"")
    deck, _ = compose(gather(note))
    text = " ".join(strings(deck))
    assert deck.meta.date == "2. Oktober 2026" and deck.meta.lang == "de-DE"
    assert "2\u00a0Std. 14\u00a0Min. 20\u00a0Sek." in text and "132,57×" in text
    assert "Noch knapp: " in text and "Weiterhin knapp" not in text
    assert "Quellen, Stand und Grenzen" in text and "Sources, dates" not in text
    assert deck.meta.labels.page == catalogue.CATALOGUES["de"]["handout.page"]


def test_a_note_may_replace_any_entry_in_its_own_locale(note):
    _edit(note / "note.yaml", DATE, DATE + "labels:\n  sources.title: 'Where this comes from'\n"
                                           "  continued.title: '{title}, continued'\n")
    deck, _ = compose(gather(note))
    text = " ".join(strings(deck))
    assert "Where this comes from" in text and "Sources, dates and boundaries" not in text
    assert deck.meta.labels.continued_title == "{title}, continued"


def test_the_notes_entries_stay_with_its_locale_and_an_audiences_apply_to_it(note):
    _edit(note / "note.yaml", DATE, DATE + "labels:\n  sources.title: 'Where this comes from'\n")
    (note / "audiences" / "berlin.yaml").write_text(
        "name: Berlin\nlocale: de-DE\nlabels:\n  worksheet.title: Blatt\n"
        "words:\n  tables.checks.columns.check.text: '{check|ohne}'\n", encoding="utf-8")
    deck, _ = compose(gather(note, "berlin"))
    text = " ".join(strings(deck))
    assert "Where this comes from" not in text and "Weiterhin knapp: " in text
    assert "Blatt" in text
    checks = next(s.table for s in deck.slides if getattr(s, "table", None)
                  and s.table.name == "checks")
    assert checks.rows[0][0] == "ohne"


def test_an_audience_without_a_locale_keeps_the_notes(note):
    _edit(note / "note.yaml", LOCALE, "locale: fr-FR")
    assert gather(note, "support-team").fmt.locale == "fr-FR"


def test_a_language_without_a_catalogue_names_every_missing_entry_and_the_locale(note):
    _edit(note / "note.yaml", LOCALE, "locale: es-ES")
    with pytest.raises(NotedeckError) as info:
        gather(note)
    problems = info.value.problems
    assert len(problems) == len(catalogue.KEYS)
    assert all("for locale es-ES" in str(p) and "note.yaml:" in str(p) for p in problems)
    assert {p.message.split("'")[1] for p in problems} == set(catalogue.KEYS)


def test_a_note_can_supply_a_language_notedeck_does_not_ship(note):
    spanish = "".join(f"  {key}: '{text.replace(chr(39), chr(39) * 2)}'\n"
                      for key, text in catalogue.CATALOGUES["en"].items())
    _edit(note / "note.yaml", LOCALE, "locale: es-ES\nlabels:\n" + spanish)
    source = gather(note)
    assert source.fmt.locale == "es-ES" and source.names["date"] == "2 de octubre de 2026"
    assert source.names["bottleneck"]["featured"]["end_to_end_speedup"] == "132,57×"
