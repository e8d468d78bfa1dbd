"""Helpers for the speed-feature tests: file digests, the CLI in a fresh process."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

BUNDLED = Path(__file__).resolve().parents[2] / "src" / "notedeck" / "bundled"


def digests(folder: Path) -> dict[str, str]:
    """deck.pptx and handout.pdf in `folder`, by SHA-256."""
    return {name: hashlib.sha256((folder / name).read_bytes()).hexdigest()
            for name in ("deck.pptx", "handout.pdf")}


def cli_in_process(args: list[str], report_modules: bool = False) -> list[str]:
    """The notedeck CLI in a new Python process; optionally, after it, which heavy
    libraries it imported, printed as a list on the last line."""
    code = ("import sys\nfrom click.testing import CliRunner\nfrom notedeck.commands.cli import main\n"
            f"result = CliRunner().invoke(main, {args!r})\nprint(result.output)\n"
            "sys.exit(result.exit_code) if result.exit_code else None\n")
    if report_modules:
        code += ("print(sorted(m for m in ('matplotlib', 'pptx', 'reportlab', 'svglib', "
                 "'pydantic') if m in sys.modules))\n")
    return [sys.executable, "-c", code]
