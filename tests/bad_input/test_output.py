"""The output folder: a build either writes both files completely or leaves the folder as it was."""

from __future__ import annotations

import resource
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

from notedeck.infra import manifest
from notedeck.infra.writing import STAGE
from support import WAIT, build
from notedeck.errors import NotedeckError

from .helpers import BUNDLED, cli, reopen, snapshot


def test_a_rebuild_replaces_both_files_and_leaves_nothing_else(output):
    result = build(BUNDLED, output)
    assert published(output)
    assert reopen(output) == tuple(w.count for w in result.files)


def published(output: Path) -> bool:
    """The folder holds the two outputs, plain files, and their manifest, whole, nothing else."""
    held = manifest.read(output)
    return (sorted(p.name for p in output.iterdir()) == [manifest.NAME, "deck.pptx", "handout.pdf"]
            and held is not None and held.whole and sorted(held.files) == sorted(OUTPUTS)
            and all(held.holds(output, name) for name in OUTPUTS))


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


ATTEMPTS = 10       # builds started before one is caught mid-write (the first, as a rule)
OUTPUTS = {"deck.pptx", "handout.pdf"}


def _stopped_mid_write(earlier: Path, tmp_path: Path, signum: int):
    """A build into a copy of `earlier`, sent `signum` while it writes its files into its stage
    folder, before it publishes them: the output folder, its snapshot from before the build,
    and the finished process. A build seen only once it was past writing is let finish, and
    the next attempt starts on a fresh copy."""
    for attempt in range(ATTEMPTS):
        output = tmp_path / f"attempt-{attempt}" / "output"
        shutil.copytree(earlier, output)
        before = snapshot(output)
        process = subprocess.Popen(cli("build", "--content", str(BUNDLED), "--out", str(output)),
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        caught = _paused_mid_write(process, output)
        if caught:
            process.send_signal(signum)                      # delivered when it goes on
        if process.poll() is None:
            process.send_signal(signal.SIGCONT)
        stdout, stderr = process.communicate(timeout=WAIT)
        if caught:
            return output, before, subprocess.CompletedProcess(process.args, process.returncode,
                                                               stdout, stderr)
        assert process.returncode == 0, stderr
    pytest.fail(f"no build was caught writing in {ATTEMPTS} attempts")


def _paused_mid_write(process: subprocess.Popen, output: Path) -> bool:
    """Pause the build (SIGSTOP) once its stage folder appears; True if, paused, it is still
    writing: the stage does not hold every output yet, so publishing has not begun."""
    deadline = time.monotonic() + WAIT
    while not _stages(output):
        if process.poll() is not None:
            return False                   # it wrote and published between two looks
        assert time.monotonic() < deadline, "the build never began to write"
        time.sleep(0.001)
    process.send_signal(signal.SIGSTOP)
    while _state(process.pid) != "T":      # kill() returns before the process has stopped
        if process.poll() is not None:
            return False
        time.sleep(0.001)
    stages = _stages(output)
    return bool(stages) and not all(OUTPUTS <= {p.name for p in s.iterdir()} for s in stages)


def _stages(output: Path) -> list[Path]:
    return [p for p in output.iterdir() if p.name.startswith(f"{STAGE}-") and p.is_dir()]


def _state(pid: int) -> str:
    """The process's state letter from /proc (T: stopped); '' once it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return ""


def test_sigterm_mid_write_leaves_the_folder_byte_for_byte(earlier_build, tmp_path):
    output, before, done = _stopped_mid_write(earlier_build, tmp_path, signal.SIGTERM)
    assert done.returncode == 143, done.stderr
    assert "stopped (SIGTERM); earlier outputs are untouched" in done.stderr
    assert snapshot(output) == before


def test_sigkill_mid_write_keeps_earlier_files_and_the_next_build_tidies_up(earlier_build,
                                                                           tmp_path):
    output, _, done = _stopped_mid_write(earlier_build, tmp_path, signal.SIGKILL)
    assert done.returncode == -signal.SIGKILL
    assert {name: (output / name).read_bytes() for name in OUTPUTS} == \
        {name: (earlier_build / name).read_bytes() for name in OUTPUTS}
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
