"""Stale wording: text a variant shows that belongs to the note's own scenario, which the variant replaced.

Two kinds are found, each reported at the file and line that hold the text:
  - a label, singular or title of a workload of scenarios.yaml that the variant does not have,
    and the note's own check label or example when the variant follows another workload;
  - a run of words from a passage bound to a workload the variant does not have, repeated in
    text that is not bound (the passage itself is left out; a copy of it is not).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from notedeck.errors import Problem, warning

MIN_RUN_WORDS = 8               # this many words in a row, as in a left-out passage: a copy
MIN_TITLE_PART = 15             # characters of literal text kept from a templated title
_TEMPLATE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.DOTALL)
_MARKUP = re.compile(r"[*_`#>]|^\s*[-+]\s+|^\s*\d+[.)]\s+", re.MULTILINE)
_WORD = re.compile(r"[^\w']")


@dataclass(frozen=True)
class Variant:
    """The note's own scenario beside the one a variant uses."""

    default: Any                         # figures.scenario.Scenario: the note's own
    scenario: Any                        # ... and the variant's
    where: Any | None                    # the note's scenarios.yaml, located (yamlfile.Located)
    audience: str | None                 # None: a --scenarios file

    @property
    def name(self) -> str:
        return f"audience '{self.audience}'" if self.audience else "this scenario file"


def check(variant: Variant, sections: Iterable, others: Iterable) -> list[Problem]:
    """Warnings for stale wording in a variant's sections (their located `texts`) and other
    located prose (anything with .text, .file and .line)."""
    sections = list(sections)
    texts = [*(c for s in sections for c in s.texts), *others]
    own = [_term_pattern(t) for w in variant.scenario.workloads for t in _words_of(w)]
    found = []
    for term, why in terms(variant):
        pattern = _term_pattern(term)
        for text in texts:
            for match in pattern.finditer(_masked(text.text, own)):
                found.append(warning(text.file, f"'{match.group()}' {why}",
                                     text.line + text.text.count("\n", 0, match.start())))
    for passage in (p for s in sections for p in s.hidden):
        found.extend(_copies(passage, texts, variant))
    return list(dict.fromkeys(found))


def terms(variant: Variant) -> list[tuple[str, str]]:
    """(text, why it is stale) for every label, title and check phrase the variant replaced."""
    own = {t.lower() for w in variant.scenario.workloads for t in _words_of(w)}
    found: list[tuple[str, str]] = []
    for index, workload in enumerate(variant.default.workloads):
        if any(w.id == workload.id and w.label == workload.label
               for w in variant.scenario.workloads):
            continue
        why = (f"names the note's own workload '{workload.id}' "
               f"({_at(variant, ('workloads', index, 'label'))}), which {variant.name} "
               f"replaces; reword it, or mark the passage <!-- workload: {workload.id} -->")
        found += [(t, why) for t in _words_of(workload) if t.lower() not in own]
    found += _check_terms(variant)
    return found


def _check_terms(variant: Variant) -> list[tuple[str, str]]:
    default, scenario = variant.default, variant.scenario
    featured = default.workload(default.bottleneck.workload)
    follows = scenario.workload(scenario.bottleneck.workload)
    if follows.label == featured.label:
        return []
    found = []
    for key in ("check_label", "check_example"):
        text = getattr(default.bottleneck, key)
        if text and text == getattr(scenario.bottleneck, key) and text != "fixed check":
            found.append((text, f"is the note's own {key.replace('_', ' ')} "
                                f"({_at(variant, ('bottleneck', key))}), but {variant.name} "
                                f"follows '{follows.label}'; give it its own "
                                f"scenarios.bottleneck.{key}"))
    return found


def _words_of(workload) -> list[str]:
    title = _literal(workload.title)
    return [t for t in (workload.label, workload.singular, title) if t]


def _literal(title: str) -> str:
    """A title as written; for a templated one, its longest stretch of plain words."""
    if not _TEMPLATE.search(title):
        return title.strip()
    parts = sorted((p.strip(" ,;:") for p in _TEMPLATE.split(title)), key=len, reverse=True)
    return parts[0] if parts and len(parts[0]) >= MIN_TITLE_PART else ""


def _masked(text: str, own: list[re.Pattern]) -> str:
    """The text with the variant's own labels blanked: 'call rehearsals' is not 'rehearsals'."""
    for pattern in own:
        text = pattern.sub(lambda m: " " * len(m.group()), text)
    return text


def _term_pattern(term: str) -> re.Pattern:
    words = [re.escape(w) for w in term.split()]
    return re.compile(r"(?<!\w)" + r"[\s\u00a0]+".join(words) + r"(?!\w)", re.IGNORECASE)


def _at(variant: Variant, path: tuple) -> str:
    if variant.where is None:
        return "scenarios.yaml"
    where = variant.where.where(path)
    return f"{Path(where.file).name}:{where.line}" if where.line else Path(where.file).name


def _copies(passage, texts: list, variant: Variant) -> list[Problem]:
    """Runs of words of a left-out passage that show up anyway, in text not bound to it."""
    runs = {run for stretch in _TEMPLATE.split(passage.body.text)
            for run in _runs(_words(stretch))}
    found = []
    for text in texts:
        for run, line in _runs_with_lines(text.text):
            if run in runs:
                found.append(warning(text.file, "this text repeats a passage for the workload "
                                     f"'{passage.workload}' ({passage.file.name}:{passage.line}),"
                                     f" which {variant.name} does not have: '{' '.join(run)}...'",
                                     text.line + line))
                break
    return found


def _words(text: str) -> list[str]:
    return [w for w in (_WORD.sub("", w.lower()) for w in text.split()) if w]


def _runs(words: list[str]) -> list[tuple[str, ...]]:
    return [tuple(words[i:i + MIN_RUN_WORDS]) for i in range(len(words) - MIN_RUN_WORDS + 1)]


def _runs_with_lines(text: str) -> list[tuple[tuple[str, ...], int]]:
    """Every run of words in a text, with the line (from 0) it starts on."""
    words = [(word, number) for number, line in enumerate(_MARKUP.sub("", text).split("\n"))
             for word in _words(line)]
    return [(tuple(w for w, _ in words[i:i + MIN_RUN_WORDS]), words[i][1])
            for i in range(len(words) - MIN_RUN_WORDS + 1)]
