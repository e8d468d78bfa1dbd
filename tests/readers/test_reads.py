"""The files a build read, recorded by the readers: the key a loaded process reuses by."""

from notedeck.readers import reads, yamlfile


def test_every_file_read_is_recorded_by_the_hash_of_its_bytes(tmp_path):
    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    first.write_text("a: 1\n", encoding="utf-8")
    second.write_text("b: 2\n", encoding="utf-8")
    with reads.recording() as log:
        yamlfile.load(first)
        yamlfile.read_text(second)
    assert set(log.files) == {str(first), str(second)}
    both, alone = log.digest(), log.digest(leaving={str(second)})
    with reads.recording() as again:
        yamlfile.load(first)
    assert again.digest() == alone != both
    yamlfile.load(first)                         # not recording: nothing kept
    assert set(again.files) == {str(first)}


def test_a_file_that_changed_while_it_was_read_twice_vouches_for_nothing(tmp_path):
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    with reads.recording() as log:
        yamlfile.read_text(path)
        path.write_text("a: 2\n", encoding="utf-8")
        yamlfile.read_text(path)
    assert log.mixed and log.digest() is None
