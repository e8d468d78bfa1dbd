"""Synthetic notes for the benchmarks, generated from the bundled note.

`note_with_slides(dest, n)`: the bundled note's slides (bullets, charts,
tables, stats, the thought experiments) dealt out, in order and round after
round, into sections of about 50 slides, until the deck has exactly n slides
(title and sources slides and one divider per section included). Each section
keeps the handout of the bundled section it copies, once per round, so the
handout grows with the deck.

`note_with_audiences(dest, n)`: the bundled note with n audience files, each a
renamed copy of one bundled audience (alternately) whose featured check is one
of five durations: variants share some charts and differ in others, as a
client day's variants do.
"""

from __future__ import annotations

import math
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

BUNDLED = Path(__file__).resolve().parents[1] / "src" / "notedeck" / "notes" / "million-tokens"
SLIDES_PER_SECTION = 50
CHECKS = ("60 s", "2 min", "5 min", "15 min", "1 h")
# Dealt slides would part a passage's markers; the passages' text stays, unmarked.
_PASSAGE_MARKS = re.compile(r"^<!-- (passage|workload|item):[^>]*-->\n|^<!-- end -->\n", re.M)


@dataclass(frozen=True)
class _Section:
    front: dict[str, str]
    chunks: tuple[str, ...]          # each "## Title ... ### Notes ..." slide, as written
    handout: str

    @staticmethod
    def read(path: Path) -> _Section:
        text = _PASSAGE_MARKS.sub("", path.read_text(encoding="utf-8"))
        _, front, body = text.split("---\n", 2)
        slides, _, handout = body.partition("\n# Handout\n")
        chunks = tuple("## " + c.strip() + "\n" for c in re.split(r"^## ", slides, flags=re.M)[1:])
        fields = dict(line.split(": ", 1) for line in front.strip().splitlines())
        return _Section(fields, chunks, handout.strip())


def slides_of(chunk: str, workloads: int = 4) -> int:
    """How many slides a chunk makes: the items component (once `experiments`) makes one per
    workload."""
    return workloads if re.search(r"^```(items|experiments)$", chunk, re.M) else 1


def note_with_slides(dest: Path, slides: int) -> Path:
    """A copy of the bundled note whose deck has exactly `slides` slides (at least 4)."""
    bundled = [_Section.read(p) for p in sorted((BUNDLED / "sections").glob("*.md"))]
    _copy_frame(dest)
    count = max(1, math.ceil((slides - 2) / (SLIDES_PER_SECTION + 1)))
    content = slides - 2 - count                     # title + sources, one divider each
    shares = [content // count + (i < content % count) for i in range(count)]
    for index, share in enumerate(shares):
        base = bundled[index % len(bundled)]
        body, rounds = _deal(base.chunks, share)
        _write_section(dest / "sections" / f"{index + 1:02d}-part.md", index + 1, base,
                       body, rounds)
    return dest


def _deal(chunks: tuple[str, ...], share: int) -> tuple[list[str], int]:
    """Chunks taken round after round until they make `share` slides exactly."""
    body, made, rounds, turn = [], 0, 0, 0
    while made < share:
        chunk = chunks[turn % len(chunks)]
        if turn % len(chunks) == 0:
            rounds += 1
        turn += 1
        if made + slides_of(chunk) <= share:
            body.append(_retitled(chunk, rounds))
            made += slides_of(chunk)
        elif all(made + slides_of(c) > share for c in chunks):
            raise ValueError(f"cannot make exactly {share} slides from these chunks")
    return body, rounds


def _retitled(chunk: str, round_: int) -> str:
    if round_ <= 1:
        return chunk
    title, _, rest = chunk.partition("\n")
    return f"{title} ({round_})\n{rest}"


def _write_section(path: Path, number: int, base: _Section, body: list[str], rounds: int) -> None:
    front = (f"---\nnumber: {number}\ntitle: {base.front['title']}\n"
             f"headline: {base.front['headline']}\n---\n\n")
    handout = "\n\n".join([base.handout] * max(rounds, 1))
    path.write_text(front + "\n".join(body) + "\n# Handout\n\n" + handout + "\n",
                    encoding="utf-8")


def note_with_audiences(dest: Path, audiences: int) -> Path:
    """A copy of the bundled note with `audiences` audience files (aud-001.yaml, ...)."""
    shutil.copytree(BUNDLED, dest, ignore=shutil.ignore_patterns("__pycache__", "audiences"))
    (dest / "audiences").mkdir()
    bases = [p.read_text(encoding="utf-8") for p in sorted((BUNDLED / "audiences").glob("*.yaml"))]
    for k in range(audiences):
        text = bases[k % len(bases)]
        text = re.sub(r"^name: (.*)$", lambda m: f"name: {m.group(1)} {k + 1}", text,
                      count=1, flags=re.M)
        text = re.sub(r"^(\s+check:) [^#\n]*?(\s*#.*)?$",
                      lambda m: f"{m.group(1)} {CHECKS[k % len(CHECKS)]}{m.group(2) or ''}",
                      text, count=1, flags=re.M)
        (dest / "audiences" / f"aud-{k + 1:03d}.yaml").write_text(text, encoding="utf-8")
    return dest


def _copy_frame(dest: Path) -> None:
    """The bundled note without its sections and audiences."""
    shutil.copytree(BUNDLED, dest,
                    ignore=shutil.ignore_patterns("__pycache__", "sections", "audiences"))
    (dest / "sections").mkdir()
