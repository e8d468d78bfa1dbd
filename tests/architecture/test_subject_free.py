"""The engine names no note's subject: no line of any Python module under src/notedeck, code,
docstring or comment, says a word of either bundled note (dial, bottleneck, workload, speedup,
tokens per second, thought experiment; utilisation, service time, wait in queue, payroll,
planning office); note folders, which hold data, are exempt."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "src" / "notedeck"
SUBJECT = re.compile(r"\b(dials?|bottlenecks?|workloads?|speedups?|tokens per second|"
                     r"tokens/sec|thought experiments?|"                      # million-tokens
                     r"utili[sz]ation|service[_ ]times?|featured_multiple|busy_multiple|"
                     r"waits? in (?:the )?queue|payroll|planning[- ]office|"  # waiting-in-line
                     r"million-tokens|waiting-in-line)\b", re.IGNORECASE)


def hits() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(ROOT.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = [f"{number}: {line.strip()}" for number, line in enumerate(text.splitlines(), 1)
                 if SUBJECT.search(line)]
        if lines:
            found[path.relative_to(ROOT).as_posix()] = lines
    return found


def test_no_module_names_the_bundled_notes_subject():
    found = hits()
    assert not found, "\n".join(f"{name}:{line}" for name, lines in found.items()
                                for line in lines)

