"""Write the planned web page: one file, written whole under a temporary name, then renamed."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from notedeck.render.web.plan import Page


def emit(page: Page, path: Path) -> int:
    """Write `page` to `path` (its folder made if need be); the count of pages, one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}-", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(page.html.encode("utf-8"))
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return 1
