"""stages/shown.py and Stamp.showing: an output that shows part of the note carries that part's
id and only the figures the part shows."""

from __future__ import annotations

from notedeck.deck import Stamp


def test_a_part_keeps_only_the_figures_whose_text_stands_in_it_whole():
    stamp = Stamp("b1", "lab", (("count", "4"), ("total", "1,400"), ("blank", " "),
                                ("quote", 'say "hi"')))
    part = stamp.showing("s1", "worksheet", '{"text": "about 1,400 people say \\"hi\\""}')
    assert part == Stamp("b1", "lab", (("total", "1,400"), ("quote", 'say "hi"')),
                         "s1", "worksheet")
