"""The bundled note and its audiences composed once per test session, with their charts drawn."""

from __future__ import annotations

import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

from notedeck.options import Options
from notedeck.stages import charts
from notedeck.stages.stages import prepare

BUNDLED = Path(__file__).resolve().parents[2] / "src" / "notedeck" / "notes" / "million-tokens"
AUDIENCES = (None, "support-team", "research-lab")


@lru_cache(maxsize=None)
def composed(audience: str | None = None, content: Path = BUNDLED):
    """(Deck, chart art by name) of a note, for renderers to start from."""
    deck = prepare(Options(content, audience=audience)).deck
    art = dict(charts.art(deck.charts, cache=True))
    return deck, art


def tool(name: str) -> bool:
    return shutil.which(name) is not None


def qpdf_clean(path: Path) -> str:
    """'' when qpdf finds nothing wrong with the file, else what it says."""
    run = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    return "" if run.returncode == 0 and "No syntax or stream encoding errors" in run.stdout \
        else run.stdout + run.stderr


def unembedded_fonts(path: Path) -> list[str]:
    """Fonts pdffonts lists as not embedded (every notedeck PDF embeds all of its fonts)."""
    run = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True)
    rows = run.stdout.splitlines()[2:]
    return [row for row in rows if row.split()[-5] != "yes"]
