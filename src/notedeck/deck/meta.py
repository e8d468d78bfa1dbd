"""The deck's metadata and the words renderers add around the content."""

from __future__ import annotations

import re
from dataclasses import dataclass, field



SLOT = re.compile(r"\{(\w+)\}")


def fill_slots(template: str, **values: str) -> str:
    """A catalogue entry with its {name} slots filled: "{title} (cont.)" -> "Budgets (cont.)"."""
    return SLOT.sub(lambda m: values[m.group(1)], template)


@dataclass(frozen=True)
class GuideLabels:
    """The facilitator guide's own words (English defaults; compose fills them from the
    catalogue); slots are the guide's to fill with formatted times."""

    title: str = "Facilitator guide"
    footer: str = "facilitator guide"
    for_audience: str = "For: {audience}"
    session: str = ("A session of {duration}, {start} to {end}. Passages on a tinted ground "
                    "are for you alone: no participant\u2019s page shows them.")
    unplanned_session: str = ("No times are planned yet: give each section its \u2018minutes\u2019 in "
                              "the front matter, or a slide \u2018### Notes (3 min)\u2019, and the "
                              "run sheet fills in.")
    run_sheet: str = "Run sheet"
    starts: str = "Starts"
    section: str = "Section"
    slides: str = "Slides"
    minutes: str = "Minutes"
    end: str = "End"
    total: str = "total {duration}"
    unplanned: str = "not planned"
    by_slide: str = "Slide by slide"
    slide: str = "Slide {number}"
    exercise: str = "Exercise."
    listen: str = "Listen for:"


@dataclass(frozen=True)
class Labels:
    """Words a renderer adds around the content, in the deck's language (compose fills them from
    the catalogue; these defaults are the English catalogue's). Slots are the renderer's to fill."""

    continued_title: str = "{title} (cont.)"       # a slide continued on the next
    continued_notes: str = "Continues \u201c{title}\u201d."
    sources: str = "Sources"                       # handout headings
    boundaries: str = "Boundaries"
    page: str = "page {number} of {total}"         # page numbering
    contents: str = "Contents"                     # a page's table of contents
    skip: str = "Skip to the note"                 # a page's link past its navigation
    worksheet: str = "worksheet"                   # the worksheet's own file, in its footer
    name_line: str = "Name: {line}"                # where a participant writes their name
    guide: GuideLabels = field(default_factory=GuideLabels)


# Not the deck's content: left out of strings() and of the deck.json dump, so the dump of the
# English note is what it was before decks had a language.
_SETTING = {"content": False}


@dataclass(frozen=True)
class Meta:
    title: str
    subtitle: str
    author: str
    date: str                      # as shown: "2 October 2026"
    audience: str                  # "" for the default note
    footer: str
    subject: str
    keywords: tuple[str, ...] = ()
    session: int = 0               # the session's length in seconds (note.yaml `session:`); 0: as
                                   # long as its sections' planned minutes add up to
    note: str = field(default="", metadata=_SETTING)    # the note's own title: which note a
                                                        # file came from (infra/outfolder.py)
    lang: str = field(default="en-GB", metadata=_SETTING)        # BCP 47: "de-DE"
    labels: Labels = field(default_factory=Labels, metadata=_SETTING)
    build_on_slides: bool = field(default=False, metadata=_SETTING)   # note.yaml footer.build

    @property
    def declared_lang(self) -> str:
        """The language to declare where English decks declared none before (the speaker
        notes' runs): "" for en-GB, whose deck keeps its bytes. Every PDF declares `lang`
        itself, English too: a tagged PDF must (docs/accessibility.md)."""
        return "" if self.lang == "en-GB" else self.lang
