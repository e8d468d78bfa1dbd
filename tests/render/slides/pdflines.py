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


def page_lines(page) -> list[TextLine]:
    """Every text line of a pdfplumber page, bullets left out, top to bottom."""
    out = []
    for line in page.extract_text_lines(return_chars=True, strip=True):
        chars = [c for c in line["chars"] if c["text"].strip() and c["text"] not in BULLETS]
        if not chars:
            continue
        baselines = sorted(page.height - c["matrix"][5] for c in chars)
        text = re.sub(r"\s+", "", "".join(c["text"] for c in chars))
        out.append(TextLine(text, chars[0]["x0"], baselines[len(baselines) // 2]))
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
