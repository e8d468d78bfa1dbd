"""Text lines of a PDF page with their positions, read back with pdfplumber, for comparing renderings."""

from __future__ import annotations

import re
from dataclasses import dataclass

BULLETS = "\u2022"


@dataclass(frozen=True)
class TextLine:
    text: str            # whitespace removed: renderers space words differently
    x: float             # left edge of its first character, points
    baseline: float      # points from the page's top


SAME_LINE = 0.05     # points: characters on one baseline (a rendering puts them exactly)


def page_lines(page) -> list[TextLine]:
    """Every text line of a pdfplumber page, bullets left out, top to bottom.

    A line is the characters on one baseline, left to right: grouping by the characters'
    tops (pdfplumber's own lines) joins two columns whose baselines differ by a point or
    two in one rendering and not in the other."""
    chars = sorted(((page.height - c["matrix"][5], c) for c in page.chars
                    if c["text"].strip() and c["text"] not in BULLETS), key=lambda p: p[0])
    groups: list[list] = []
    for baseline, char in chars:
        if groups and baseline - groups[-1][-1][0] <= SAME_LINE:
            groups[-1].append((baseline, char))
        else:
            groups.append([(baseline, char)])
    out = []
    for group in groups:
        ordered = sorted((c for _, c in group), key=lambda c: c["x0"])
        baselines = sorted(b for b, _ in group)
        text = re.sub(r"\s+", "", "".join(c["text"] for c in ordered))
        out.append(TextLine(text, ordered[0]["x0"], baselines[len(baselines) // 2]))
    return out


def pdf_lines(path) -> list[list[TextLine]]:
    import pdfplumber

    with pdfplumber.open(str(path)) as pdf:
        return [page_lines(page) for page in pdf.pages]


def differences(ours: list[TextLine], theirs: list[TextLine], tolerance: float) -> list[str]:
    """What differs between two renderings of one slide: lines one lacks, lines moved."""
    problems = []
    unmatched = list(ours)
    for line in theirs:
        match = min((o for o in unmatched if o.text == line.text),
                    key=lambda o: abs(o.baseline - line.baseline), default=None)
        if match is None:
            problems.append(f"missing line {line.text[:50]!r}")
            continue
        unmatched.remove(match)
        dy, dx = match.baseline - line.baseline, match.x - line.x
        if abs(dy) > tolerance or abs(dx) > tolerance:
            problems.append(f"{line.text[:40]!r} moved by x {dx:+.1f}, y {dy:+.1f} pt")
    problems += [f"extra line {o.text[:50]!r}" for o in unmatched]
    return problems
