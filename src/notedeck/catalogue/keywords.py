"""The words a section file is structured by, in English and in the languages notedeck ships."""

from __future__ import annotations

import re

# keyword -> how each language writes it (lower case); a section may use any of them, so a
# German or French note writes its own and an English one keeps working in any language.
KEYWORDS: dict[str, tuple[str, ...]] = {
    "notes": ("notes", "notizen", "sprechernotizen", "remarques"),
    "handout": ("handout", "handzettel", "begleitheft", "polycopié", "document"),
    "ask": ("ask", "frage", "fragen", "question", "demander"),
    "listen for": ("listen for", "achten auf", "hinhören auf", "à écouter", "écouter"),
}
_TIMED = re.compile(r"(" + "|".join(KEYWORDS["notes"]) + r")\s*\((.*)\)", re.IGNORECASE)


def keyword(text: str) -> str | None:
    """The keyword a heading or an item's title writes ('Notizen' -> 'notes'), or None."""
    said = " ".join(text.split()).lower()
    return next((key for key, words in KEYWORDS.items() if said in words), None)


def timed_notes(title: str) -> str | None:
    """The planned time a notes heading gives ('Notizen (4 min)' -> '4 min'), or None."""
    match = _TIMED.fullmatch(title.strip())
    return match.group(2).strip() if match else None


def listed(key: str) -> str:
    """A keyword's words for a message: 'Notes, Notizen, Sprechernotizen or Remarques'."""
    words = [w[:1].upper() + w[1:] for w in KEYWORDS[key]]
    return ", ".join(words[:-1]) + " or " + words[-1]
