"""The note the templates are tried with: every slide kind in a few slides, in three languages."""

from __future__ import annotations

import shutil
from pathlib import Path

from support import NOTES

# Every slide kind (title, section, text, table, chart beside text, line and column charts,
# sources) in a few slides, with a German and a French audience: what every template meets;
# with a section added whose slide titles are long and whose list runs long, as a cramped
# template meets them (it shrinks the title, says so, and continues the list).
NOTE = NOTES / "money"
LONG_SECTION = """\
---
number: 2
title: Deciding together
headline: What a household weighs besides the balance on the day it decides
minutes: 3
---

## What a household asks before it signs for a heat pump and its installation
- Who pays the outlay, and who gains from the saving over the years
- How long the household expects to stay in the house it heats
- What the installer guarantees, for how long, and who answers the phone
- Whether the neighbours would share a survey of the street's roofs and walls
- How loud the outdoor unit is at night, measured where the bedroom window is
- What the grid operator asks before a heat pump is connected to the street
- Which grants are open this year, and what each asks the household to prove
### Notes (3 min)
Ask the room which of these questions they would settle first, and why.
"""


def the_note(folder: Path, with_audiences: bool = False) -> Path:
    """The matrix's note in `folder`: the fixture note and its long section."""
    shutil.copytree(NOTE, folder, ignore=None if with_audiences else
                    shutil.ignore_patterns("audiences"))
    (folder / "sections" / "02-deciding-together.md").write_text(LONG_SECTION, encoding="utf-8")
    return folder
