"""The output folder: a build either writes both files completely or leaves the folder as it was."""

from __future__ import annotations

import resource
import signal
import subprocess
import time
from pathlib import Path

import pytest

from notedeck.pipeline.build import STAGE_PREFIX
from notedeck.pipeline.publish import STATE, current
from support import build
from notedeck.errors import NotedeckError

from .helpers import BUNDLED, cli, reopen, snapshot


def test_a_rebuild_replaces_both_files_and_leaves_nothing_else(output):
    result = build(BUNDLED, output)
    assert published(output)
    assert reopen(output) == tuple(w.count for w in result.files)


def published(output: Path) -> bool:
    """The folder holds the two outputs (links to one build) and notedeck's state, nothing else."""
    return (sorted(p.name for p in output.iterdir()) == [STATE, "deck.pptx", "handout.pdf"]
            and set(current(output)) == {"deck.pptx", "handout.pdf"}
            and len(list((output / STATE / "builds").iterdir())) == 1)


def test_out_naming_an_existing_file_is_refused(tmp_path):
    target = tmp_path / "deck.pptx"
    target.write_bytes(b"not a folder")
    with pytest.raises(NotedeckError, match="--out names a file; expected a folder"):
        build(BUNDLED, target)
    assert target.read_bytes() == b"not a folder"


def test_a_failed_build_does_not_create_the_output_folder(note, tmp_path):
    (note / "scenarios.yaml").write_text("speeds: [\n")
    out = tmp_path / "new" / "output"
    with pytest.raises(NotedeckError):
        build(note, out)
    assert not (tmp_path / "new").exists()


@pytest.fixture
def immutable(output):
    """The output folder made immutable (chattr +i): not even root may write into it."""
    done = subprocess.run(["chattr", "+i", str(output)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot make a folder immutable here: {done.stderr.decode().strip()}")
    yield output
    subprocess.run(["chattr", "-i", str(output)], check=True)


def test_an_unwritable_folder_is_reported_and_left_alone(immutable):
    before = snapshot(immutable)
    with pytest.raises(NotedeckError, match="output: cannot write the outputs here: "
                                            "Operation not permitted"):
        build(BUNDLED, immutable)
    assert snapshot(immutable) == before


def _limit_file_size() -> None:
    # A file may grow to 100 kB: the deck (about 500 kB) hits the limit mid-write, as on a full disk.
    resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))


def test_a_full_disk_mid_write_is_reported_and_earlier_files_survive(output):
    before = snapshot(output)
    done = subprocess.run(cli("build", "--content", str(BUNDLED), "--out", str(output)),
                          capture_output=True, text=True, preexec_fn=_limit_file_size)
    assert done.returncode == 2, done.stderr
    assert "cannot write the outputs here: File too large" in done.stderr
    assert "Traceback" not in done.stderr
    assert snapshot(output) == before


def _start_and_stop(output: Path, signum: int) -> subprocess.CompletedProcess:
    """Start a build, and send `signum` as soon as it has begun writing into the output folder."""
    process = subprocess.Popen(cli("build", "--content", str(BUNDLED), "--out", str(output)),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not any(p.name.startswith(STAGE_PREFIX) for p in output.iterdir()):
        assert process.poll() is None and time.monotonic() < deadline, "the build never wrote"
        time.sleep(0.001)
    process.send_signal(signum)
    stdout, stderr = process.communicate(timeout=60)
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def test_sigterm_mid_write_leaves_the_folder_byte_for_byte(output):
    before = snapshot(output)
    done = _start_and_stop(output, signal.SIGTERM)
    assert done.returncode == 143, done.stderr
    assert "stopped (SIGTERM); earlier outputs are untouched" in done.stderr
    assert snapshot(output) == before


def test_sigkill_mid_write_keeps_earlier_files_and_the_next_build_tidies_up(output):
    files = {name: (output / name).read_bytes() for name in ("deck.pptx", "handout.pdf")}
    done = _start_and_stop(output, signal.SIGKILL)
    assert done.returncode == -signal.SIGKILL
    assert {name: (output / name).read_bytes() for name in files} == files
    build(BUNDLED, output)                    # sweeps the killed build's staging folder
    assert published(output)
    reopen(output)


def test_two_builds_into_one_folder_both_end_with_complete_files(tmp_path):
    out = tmp_path / "shared"
    runs = [subprocess.Popen(cli("build", "--content", str(BUNDLED), "--out", str(out)),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(2)]
    for process in runs:
        stdout, stderr = process.communicate(timeout=120)
        assert process.returncode == 0, stderr
        assert "wrote" in stdout
    assert published(out)
    reopen(out)


def test_an_unknown_audience_is_refused_before_anything_is_written(output):
    before = snapshot(output)
    done = subprocess.run(cli("build", "--content", str(BUNDLED), "--out", str(output),
                              "--audience", "suport-team"), capture_output=True, text=True)
    assert done.returncode == 2
    assert "unknown audience 'suport-team'. Did you mean 'support-team'?" in done.stderr
    assert snapshot(output) == before


def test_strict_turns_a_warning_into_a_refusal(note, output):
    path = note / "sections" / "02-thought-experiments.md"
    text = path.read_text()
    assert "### Notes (10 min)\n\n<!-- passage: experiments-notes -->" in text
    path.write_text(text.replace("### Notes (10 min)\n\n<!-- passage: experiments-notes -->",
                                 "<!-- passage: experiments-notes -->", 1))
    before = snapshot(output)
    with pytest.raises(NotedeckError, match="has no speaker notes"):
        build(note, output, strict=True)
    assert snapshot(output) == before
