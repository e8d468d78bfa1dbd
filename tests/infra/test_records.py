"""infra/records.py: a build's record, kept only while its key and its files are unchanged."""

from __future__ import annotations

import hashlib
import os

from notedeck.infra import manifest
from notedeck.infra.records import Record, Written


def stamp(note, out, cache, **options):
    return Record(note, out, {"audience": None, "paper": "a4", **options}, folder=cache)


def written(out):
    """Two outputs, published: their manifest beside them lists them whole."""
    out.mkdir(exist_ok=True)
    (out / "deck.pptx").write_bytes(b"deck")
    (out / "handout.pdf").write_bytes(b"pdf")
    files = {name: manifest.file_hash(out / name) for name in ("deck.pptx", "handout.pdf")}
    manifest.write(out, manifest.Manifest("0123456789", files))
    return (Written(out / "deck.pptx", 25, "slides"), Written(out / "handout.pdf", 7, "pages"))


def test_a_set_not_published_whole_is_never_kept(note, tmp_path):
    out, cache = tmp_path / "out", tmp_path / "cache"
    files = written(out)
    stamp(note, out, cache).record(files, ())
    held = manifest.read(out)
    manifest.write(out, held.publishing("abcdef0123", held.files))
    assert stamp(note, out, cache).kept() is None
    (out / manifest.NAME).unlink()
    assert stamp(note, out, cache).kept() is None


def test_no_record_no_kept_build(note, tmp_path):
    assert stamp(note, tmp_path / "out", tmp_path / "cache").kept() is None


def test_a_recorded_build_is_kept_with_its_files_and_counts(note, tmp_path):
    out, cache = tmp_path / "out", tmp_path / "cache"
    files = written(out)
    stamp(note, out, cache).record(files, ())
    kept = stamp(note, out, cache).kept()
    assert kept is not None and kept.files == files and kept.warnings == ()


def test_an_edited_output_an_edited_input_or_other_options_build_again(note, tmp_path):
    out, cache = tmp_path / "out", tmp_path / "cache"
    stamp(note, out, cache).record(written(out), ())
    assert stamp(note, out, cache, paper="letter").kept() is None
    (out / "handout.pdf").write_bytes(b"saved over")
    assert stamp(note, out, cache).kept() is None
    stamp(note, out, cache).record(written(out), ())
    section = note / "sections" / "04-what-gets-precious.md"
    section.write_text(section.read_text() + "\nMore.\n")
    assert stamp(note, out, cache).kept() is None


def test_another_audiences_file_is_not_part_of_the_key(note, tmp_path):
    out, cache = tmp_path / "out", tmp_path / "cache"
    before = stamp(note, out, cache).key
    other = note / "audiences" / "research-lab.yaml"
    other.write_text(other.read_text() + "\n# edited\n")
    assert stamp(note, out, cache).key == before
    own = stamp(note, out, cache, audience="research-lab").key
    other.write_text(other.read_text() + "\n# again\n")
    assert stamp(note, out, cache, audience="research-lab").key != own


def test_a_pipe_in_the_note_is_keyed_by_kind_and_never_read(note, tmp_path):
    os.mkfifo(note / "sections" / "99-pipe.md")
    assert stamp(note, tmp_path / "out", tmp_path / "cache").key       # returns, no hang


def test_the_record_is_one_file_per_output_folder(note, tmp_path):
    cache = tmp_path / "cache"
    for name in ("a", "b"):
        stamp(note, tmp_path / name, cache).record(written(tmp_path / name), ())
    names = sorted(p.name for p in (cache / "builds").iterdir())
    expected = sorted(hashlib.sha256(str((tmp_path / n).resolve()).encode()).hexdigest()[:32]
                      + ".json" for n in ("a", "b"))
    assert names == expected
