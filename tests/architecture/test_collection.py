"""Plain `pytest` collects every test file under tests/: no folder is skipped by a default rule."""

import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_plain_pytest_collects_every_test_file():
    files = sorted(p.relative_to(TESTS.parent).as_posix() for p in TESTS.rglob("test_*.py"))
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0",
                           "-p", "no:cacheprovider"], cwd=TESTS.parent, capture_output=True,
                          text=True, timeout=300)
    collected = {line.split("::")[0] for line in done.stdout.splitlines() if "::" in line}
    assert files, "no test file found"
    assert [f for f in files if f not in collected] == []
