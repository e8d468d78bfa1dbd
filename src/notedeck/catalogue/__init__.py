"""notedeck's own words in every language it ships, by key; English is the reference.

The catalogues are Python mappings rather than files: they are the code's own text, changed
with the code that uses each key, and importing them reads no file, so a Formatter is complete
in any layer. A note changes an entry, or supplies a language notedeck does not ship, in YAML
(`labels:` in note.yaml or an audience file), checked key by key by readers/catalogue.py.
"""

from __future__ import annotations

from collections.abc import Mapping

from notedeck.catalogue import de, en, fr
from notedeck.deck import SLOT, fill_slots

CATALOGUES: Mapping[str, Mapping[str, str]] = {"en": en.ENTRIES, "de": de.ENTRIES,
                                               "fr": fr.ENTRIES}
KEYS = tuple(en.ENTRIES)          # every catalogue has exactly these keys

__all__ = ["CATALOGUES", "KEYS", "fill_slots", "language", "shipped", "slots"]


def language(locale: str) -> str:
    """"de-DE" -> "de"."""
    return locale.replace("_", "-").split("-")[0].lower()


def shipped(locale: str) -> dict[str, str]:
    """The entries notedeck ships for the locale's language (empty for a language it lacks)."""
    return dict(CATALOGUES.get(language(locale), {}))


def slots(text: str) -> set[str]:
    """The {name} slots an entry fills."""
    return set(SLOT.findall(text))
