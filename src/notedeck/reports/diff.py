"""Two variants of a note side by side: the figures, slides and handout passages that differ.

Slides are numbered as deck.pptx numbers them (the note's template laid out, its
continued slides counted); a row that changed shows the words that changed, in
git's word-diff form ("a test run of [-60 seconds-]{+2 hours+}, the job"), never a
cut-off line.
"""

from __future__ import annotations

import difflib
import re
import json
from dataclasses import asdict, dataclass
from pathlib import Path

from notedeck.errors import Collector
from notedeck.deck import Chart, Deck, SectionSlide, Stats, Table, plain, strings

WIDTH = 38                      # characters of a value or title shown in the table
CONTEXT = 3                     # words of context each side of a change in a row
SHOWN_CHANGES = 6               # changes shown per row; --json holds them all
# Other spellings of a figure shown elsewhere in the table: left to --json.
ITEM = re.compile(r"^(.*\['[^']*'\])\.([^.\[]+)$")     # "crews['north'].label"


@dataclass(frozen=True)
class Side:
    """One variant: the note, an audience, or the note with another scenario file."""

    label: str
    audience: str | None = None
    scenarios_file: Path | None = None


@dataclass(frozen=True)
class Slide:
    number: str                 # as deck.pptx numbers it: "12", or "12-13" when continued
    title: str


@dataclass(frozen=True)
class Words:
    """One change within a row: the words before it, what each side has, the words after."""

    before: str
    left: str
    right: str
    after: str


@dataclass(frozen=True)
class Change:
    change: str                 # "changed" | "left only" | "right only"
    left: object | None
    right: object | None
    words: tuple[Words, ...] = ()     # for "changed": what changed within the row


@dataclass(frozen=True)
class Passage:
    section: str
    text: str


@dataclass(frozen=True)
class Diff:
    left: str
    right: str
    figures: tuple[tuple[str, str | None, str | None], ...]
    slides: tuple[Change, ...]
    handout: tuple[Change, ...]

    def to_json(self) -> str:
        return json.dumps({
            "left": self.left, "right": self.right,
            "figures": [{"name": n, "left": a, "right": b,
                         "words": [asdict(w) for w in words(a or "", b or "")]}
                        for n, a, b in self.figures],
            "slides": [asdict(c) for c in self.slides],
            "handout": [asdict(c) for c in self.handout],
        }, ensure_ascii=False, indent=2)


def compare(content: Path, left: Side, right: Side) -> Diff:
    """Both variants read and composed (nothing written), then compared."""
    found, sides = Collector(), []
    for side in (left, right):
        with found.gather():
            sides.append(_composed(content, side))
    found.raise_if_any()
    (names_a, deck_a), (names_b, deck_b) = sides
    numbers = _numbering(content)
    return Diff(left.label, right.label, _figures(names_a, names_b),
                tuple(_slides(deck_a, deck_b, numbers)), tuple(_handout(deck_a, deck_b)))


def _composed(content: Path, side: Side):
    from notedeck.stages.compose import compose
    from notedeck.figures.listing import flatten
    from notedeck.options import Options
    from notedeck.stages.stages import filled_note

    source = filled_note(Options(content, audience=side.audience,
                                 scenarios_file=side.scenarios_file))
    return dict(flatten(source.names)), compose(source)[0]


def _figures(a: dict[str, str], b: dict[str, str]):
    order = list(dict.fromkeys([*a, *b]))
    return tuple((n, a.get(n), b.get(n)) for n in order if a.get(n) != b.get(n))


def _numbering(content: Path):
    """`numbers(deck)`: per Deck slide, its number in deck.pptx, laid out on the note's
    template as a build lays it out ("12", "12-13" for a slide continued); the Deck's own
    count where it cannot be laid out (a text that does not fit is `check`'s to report)."""
    from notedeck.stages.stages import chart_sizes
    from notedeck.stages.template import read_template, read_template_map
    from notedeck.errors import NotedeckError
    from notedeck.layout.slide_layout import lay_out

    try:
        template, mapping = read_template(content), read_template_map(content)
        pins, map_name = mapping.pins, mapping.file
    except NotedeckError:
        template = None

    def numbers(deck: Deck) -> list[str]:
        shown = [str(n) for n in range(1, len(deck.slides) + 1)]
        if template is None:
            return shown
        try:
            laid = lay_out(deck, chart_sizes(deck), template.data, template.name, pins, map_name)
        except NotedeckError:
            return shown
        pages: dict[int, list[int]] = {}
        for page, slide in enumerate(laid.slides, start=1):
            pages.setdefault(slide.source, []).append(page)
        return [_span(pages.get(index)) or shown[index] for index in range(len(deck.slides))]
    return numbers


def _span(pages: list[int] | None) -> str:
    if not pages:
        return ""
    return str(pages[0]) if len(pages) == 1 else f"{pages[0]}-{pages[-1]}"


def _slides(a: Deck, b: Deck, numbers=lambda deck: None) -> list[Change]:
    left, right = _slide_list(a, numbers(a)), _slide_list(b, numbers(b))
    return _aligned([k for k, _, _ in left], [k for k, _, _ in right], left, right,
                    lambda item: Slide(item[1], item[0][1]), lambda x, y: x[2] != y[2],
                    lambda item: item[2])


def _slide_list(deck: Deck, numbers: list[str] | None = None
                ) -> list[tuple[tuple[str, str], str, str]]:
    """((section, title), number, every word on the slide and in its notes)."""
    items, section = [], ""
    for index, slide in enumerate(deck.slides):
        if isinstance(slide, SectionSlide):
            section = slide.number
        title = getattr(slide, "title", "")
        number = numbers[index] if numbers else str(index + 1)
        items.append(((section, _flat(title)), number, _flat(" ".join(strings(slide)))))
    return items


def _handout(a: Deck, b: Deck) -> list[Change]:
    left, right = _passages(a), _passages(b)
    return _aligned([t for _, t in left], [t for _, t in right], left, right,
                    lambda item: Passage(item[0], item[1]), lambda x, y: False,
                    lambda item: item[1])


def _passages(deck: Deck) -> list[tuple[str, str]]:
    """(section number, text) of every block of the handout's prose, in order."""
    found = []
    for section in deck.handout.sections:
        for block in section.blocks:
            text = _flat(" ".join(plain(r) if isinstance(r, tuple) else r
                                  for r in _texts(block)))
            if text:
                found.append((section.number, text))
    return found


def _texts(block) -> list:
    """A block's words; a chart or table by its title and its figures."""
    runs = getattr(block, "runs", None)
    if runs is not None:
        return [runs]
    if isinstance(block, Chart):
        return [f"[chart] {block.spec.title}"]
    if isinstance(block, Table):
        return [f"[table] {block.caption}", *(cell for row in block.rows for cell in row)]
    if isinstance(block, Stats):
        return ["[figures]", *(s.value for s in block.items)]
    return list(strings(block))


def _aligned(keys_a, keys_b, left, right, shown, differs, text) -> list[Change]:
    """Matched by key (a slide's section and title, a passage's text); unmatched runs paired
    in order as changed, the rest one-sided. `text(item)` is what a changed row compares."""
    changes = []

    def changed(x, y) -> Change:
        return Change("changed", shown(x), shown(y), words(text(x), text(y)))

    matcher = difflib.SequenceMatcher(a=keys_a, b=keys_b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            changes += [changed(left[i], right[j])
                        for i, j in zip(range(i1, i2), range(j1, j2)) if differs(left[i], right[j])]
            continue
        paired = min(i2 - i1, j2 - j1)
        changes += [changed(left[i1 + k], right[j1 + k]) for k in range(paired)]
        changes += [Change("left only", shown(left[i]), None) for i in range(i1 + paired, i2)]
        changes += [Change("right only", None, shown(right[j])) for j in range(j1 + paired, j2)]
    return changes


def _flat(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def words(a: str, b: str) -> tuple[Words, ...]:
    """What changed from `a` to `b`, word by word, each change with a little context."""
    left, right = _flat(str(a)).split(), _flat(str(b)).split()
    matcher = difflib.SequenceMatcher(a=left, b=right, autojunk=False)
    found = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            found.append(Words(" ".join(left[max(i1 - CONTEXT, 0):i1]), " ".join(left[i1:i2]),
                               " ".join(right[j1:j2]), " ".join(left[i2:i2 + CONTEXT])))
    return tuple(found)


def _marked(change: Words) -> str:
    """git's word-diff form: 'a test run of [-60 seconds-]{+2 hours+}, the job'."""
    parts = [change.before and f"\u2026{change.before} ",
             change.left and f"[-{change.left}-]", change.right and f"{{+{change.right}+}}",
             change.after and f" {change.after}\u2026"]
    return "".join(parts)


def _word_lines(changes: tuple[Words, ...], indent: int) -> list[str]:
    shown = [" " * indent + _marked(c) for c in changes[:SHOWN_CHANGES]]
    if len(changes) > SHOWN_CHANGES:
        shown.append(" " * indent + f"(and {len(changes) - SHOWN_CHANGES} more changes; "
                                    "--json lists them all)")
    return shown


def to_table(diff: Diff) -> str:
    """The comparison as a readable report."""
    out = [f"left:  {diff.left}", f"right: {diff.right}", ""]
    rows = _shown_figures(diff.figures)
    out.append(f"Figures that differ: {len(diff.figures)}"
               + (f" ({len(diff.figures) - len(rows)} more of the items shown in --json)"
                  if len(rows) < len(diff.figures) else ""))
    if rows:
        width = max(len(n) for n, _, _ in rows)
        for n, a, b in rows:
            out.append(f"  {n:<{width}}  {_cut(a):<{WIDTH}}  {_cut(b)}")
            if a is not None and b is not None and _cut(a) + _cut(b) != _flat(a) + _flat(b):
                out += _word_lines(words(a, b), width + 4)
    out += ["", f"Slides that differ: {len(diff.slides)}"]
    for c in diff.slides:
        out.append(f"  {c.change:<10}  {_slide(c.left):<{WIDTH + 6}}  {_slide(c.right)}")
        out += _word_lines(c.words, 16)
    out += ["", f"Handout passages that differ: {len(diff.handout)}"]
    for c in diff.handout:
        out.append(f"  {c.change:<10}  {_passage(c.left):<{WIDTH + 6}}  {_passage(c.right)}")
        out += _word_lines(c.words, 16)
    return "\n".join(out)


def _shown_figures(figures):
    """One row per item of a list that only one side has (its first field after its id),
    and a row per other figure that differs."""
    rows, seen = [], set()
    for name, a, b in figures:
        item = ITEM.match(name)
        if item and (a is None or b is None):
            if item.group(1) not in seen and item.group(2) != "id":
                seen.add(item.group(1))
                rows.append((f"{item.group(1)} (item)", a, b))
            continue
        rows.append((name, a, b))
    return rows


def _cut(text: str | None, width: int = WIDTH) -> str:
    if text is None:
        return "-"
    text = _flat(str(text))
    return text if len(text) <= width else text[:width - 1] + "\u2026"


def _slide(slide: Slide | None) -> str:
    return "-" if slide is None else f"{slide.number:>5} {_cut(slide.title)}"


def _passage(passage: Passage | None) -> str:
    return "-" if passage is None else f"{passage.section:>3} {_cut(passage.text)}"
