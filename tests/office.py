"""LibreOffice for tests: every conversion with a profile of its own, so parallel runs never share one."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

SOFFICE = shutil.which("soffice")


def convert(target: str, sources: list[Path] | Path, outdir: Path, timeout: int = 600) -> None:
    """`soffice --headless --convert-to TARGET` into OUTDIR. LibreOffice locks its user profile,
    so two conversions sharing the default one (another test run, an editor) fail at random."""
    files = [sources] if isinstance(sources, Path) else list(sources)
    if not files:               # soffice given no file waits for one instead of ending
        return
    with tempfile.TemporaryDirectory(prefix="lo-profile-") as profile:
        subprocess.run([SOFFICE or "soffice", f"-env:UserInstallation={Path(profile).as_uri()}",
                        "--headless", "--convert-to", target, "--outdir", str(outdir),
                        *map(str, files)], check=True, capture_output=True, timeout=timeout)
