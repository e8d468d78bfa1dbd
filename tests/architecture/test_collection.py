"""Plain `pytest` collects every test file under tests/: no folder is skipped by a default rule."""

import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]


def test_plain_pytest_collects_every_test_file(request):
    files = sorted(p.relative_to(TESTS.parent).as_posix() for p in TESTS.rglob("test_*.py"))
    assert files, "no test file found"
    collected = _this_run(request) or _plain_run()
    assert [f for f in files if f not in collected] == []


def _this_run(request) -> set[str]:
    """The files this run collected, when it is plain `pytest` (its testpaths, nothing
    chosen or left out); else nothing, and a run of its own is asked."""
    config = request.config
    plain = (config.args_source == pytest.Config.ArgsSource.TESTPATHS
             and not config.option.keyword and not config.option.markexpr
             and not config.getoption("deselect") and not config.getoption("lf", False)
             and not config.getoption("ignore") and not config.getoption("ignore_glob"))
    return {item.nodeid.split("::")[0] for item in request.session.items} if plain else set()


def _plain_run() -> set[str]:
    """The files plain `pytest --collect-only` collects, in a process of its own."""
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0",
                           "-p", "no:cacheprovider"], cwd=TESTS.parent, capture_output=True,
                          text=True, timeout=300)
    return {line.split("::")[0] for line in done.stdout.splitlines() if "::" in line}
