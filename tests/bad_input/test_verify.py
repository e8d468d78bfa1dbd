"""`verify` on files from elsewhere: 0 current, 1 not current, 2 cannot tell; never a crash.

Every file is a real deck or handout of the bundled note, changed as a sender could change
it; each is verified as a user would, from the command line, under the 1 GiB limit.
"""

from __future__ import annotations

import base64
import json
import os
import re
import struct
import zipfile
import zlib
from pathlib import Path

import pytest

from .helpers import BUNDLED, assert_clean, bounded

CUSTOM = "docProps/custom.xml"


def _parts(deck: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(deck) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def _zip(path: Path, parts: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> Path:
    with zipfile.ZipFile(path, "w", method) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return path


def _custom(path: Path, deck: Path, change) -> Path:
    parts = _parts(deck)
    parts[CUSTOM] = change(parts[CUSTOM].decode()).encode()
    return _zip(path, parts)


def _flag(data: bytes, name: str, flag: int | None = None, method: int | None = None) -> bytes:
    """The zip's bytes with `name`'s general-purpose flag or method changed in both headers."""
    out, encoded = bytearray(data), name.encode()
    for signature, at_flag, at_length, at_name in ((b"PK\x03\x04", 6, 26, 30),
                                                    (b"PK\x01\x02", 8, 28, 46)):
        start = 0
        while (start := out.find(signature, start)) >= 0:
            length = struct.unpack("<H", out[start + at_length:start + at_length + 2])[0]
            if bytes(out[start + at_name:start + at_name + length]) == encoded:
                if flag is not None:
                    out[start + at_flag:start + at_flag + 2] = struct.pack("<H", flag)
                if method is not None:
                    out[start + at_flag + 2:start + at_flag + 4] = struct.pack("<H", method)
            start += 4
    return bytes(out)


def _stale_with(figures: dict[str, str]):
    packed = base64.b64encode(zlib.compress(json.dumps(figures).encode())).decode()

    def change(xml: str) -> str:
        xml = re.sub(r'(name="NotedeckFigures"><vt:lpwstr>)[^<]*', lambda m: m[1] + packed, xml)
        return re.sub(r'(name="NotedeckBuild"><vt:lpwstr>)[^<]*', lambda m: m[1] + "0123456789",
                      xml)
    return change


LIE = "deck.pptx: current (build 0000000000, the note without an audience)"
# id -> (make the file in folder from the earlier deck, exit status, what stdout+stderr says)
FILES = {
    "comment-in-custom-xml": (lambda f, d: _custom(f / "c.pptx", d, lambda x: x.replace(
        "<property ", "<!-- a comment --><property ", 1)), 0, "c.pptx: current"),
    "instruction-in-custom-xml": (lambda f, d: _custom(f / "c.pptx", d, lambda x: x.replace(
        "<property ", "<?x y?><property ", 1)), 0, "c.pptx: current"),
    "comment-inside-a-property": (lambda f, d: _custom(f / "c.pptx", d, lambda x: x.replace(
        "<vt:lpwstr>", "<vt:lpwstr><!--x-->", 1)), 0, "c.pptx: current"),
    "entity-in-custom-xml": (lambda f, d: _custom(f / "c.pptx", d, lambda x: x.replace(
        "<Properties", '<!DOCTYPE P [<!ENTITY e SYSTEM "file:///etc/passwd">]><Properties', 1)
        .replace("<vt:lpwstr>", "<vt:lpwstr>&e;", 1)), 2, "not made by notedeck"),
    "encrypted-member": (lambda f, d: (f / "e.pptx").write_bytes(
        _flag(d.read_bytes(), CUSTOM, flag=1)), 2, "e.pptx: not made by notedeck"),
    "unknown-compression": (lambda f, d: (f / "u.pptx").write_bytes(
        _flag(d.read_bytes(), CUSTOM, method=99)), 2, "u.pptx: not made by notedeck"),
    "lzma-compression": (lambda f, d: (f / "u.pptx").write_bytes(
        _flag(d.read_bytes(), CUSTOM, method=14)), 2, "u.pptx: not made by notedeck"),
    "bzip2-compression": (lambda f, d: (f / "u.pptx").write_bytes(
        _flag(d.read_bytes(), CUSTOM, method=12)), 2, "u.pptx: not made by notedeck"),
    "a-folder": (lambda f, d: (f / "folder.pptx").mkdir(), 2,
                 "folder.pptx: a folder, not a file"),
    "a-pipe": (lambda f, d: os.mkfifo(f / "pipe.pptx"), 2, "pipe.pptx: not a file"),
    "a-link-to-dev-zero": (lambda f, d: (f / "z.pptx").symlink_to("/dev/zero"), 2,
                           "z.pptx: not a file"),
    "a-dangling-link": (lambda f, d: (f / "gone.pptx").symlink_to(f / "nowhere"), 2,
                        "gone.pptx: no such file"),
    "custom-xml-is-a-folder-entry": (lambda f, d: _zip(f / "c.pptx", {
        **{n: b for n, b in _parts(d).items() if n != CUSTOM}, CUSTOM + "/": b""}), 2,
        "c.pptx: not made by notedeck"),
    "a-million-entries-declared": (lambda f, d: (f / "m.pptx").write_bytes(
        d.read_bytes()[:-22] + struct.pack("<4sHHHHLLH", b"PK\x05\x06", 0, 0, 60000, 60000,
                                           60000 * 46, 0, 0)), 2, "m.pptx: not made by notedeck"),
    "stale-figures-that-print-a-verdict": (lambda f, d: _custom(f / "s.pptx", d, _stale_with({
        "speeds.baseline": f"100\r\x1b[2K\x1b[1A{LIE}\n", f"x\x1b[31m\n{LIE}": "1",
        "bidi\u202eeman": "2"})), 1, "s.pptx: not current"),
    "a-name-with-escapes": (lambda f, d: (f / "x\x1b[2J\rdeck.pptx").write_bytes(d.read_bytes()),
                            0, "x\\x1b[2J\\rdeck.pptx: current"),
    "a-name-not-utf8": (lambda f, d: Path(os.fsdecode(os.fsencode(f) + b"/caf\xe9.pptx"))
                        .write_bytes(d.read_bytes()), 0, "caf\\xe9.pptx: current"),
    "a-pdf-with-a-forged-audience": (lambda f, d: (f / "h.pdf").write_bytes(
        (d.parent / "handout.pdf").read_bytes().replace(b"/NotedeckAudience ()",
                                                         b"/NotedeckAudience (..)")), 2,
        "h.pdf: not made by notedeck"),
}


@pytest.mark.parametrize("case", list(FILES))
def test_verify_says_current_not_current_or_cannot_tell(case, earlier_build, tmp_path):
    make, status, said = FILES[case]
    folder = tmp_path / "files"
    folder.mkdir()
    make(folder, (earlier_build / "deck.pptx").resolve())
    (file,) = os.listdir(os.fsencode(folder))
    done = bounded("verify", "--content", str(BUNDLED), os.fsdecode(os.fsencode(folder) + b"/"
                                                                    + file))
    assert_clean(done, status)
    out = done.stdout + done.stderr
    assert said in out
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f\u202e]", out), out
    assert all(not line.startswith(LIE) for line in out.splitlines())


def test_one_unreadable_file_among_others_is_said_and_the_rest_verified(earlier_build,
                                                                        tmp_path):
    (tmp_path / "folder.pptx").mkdir()
    done = bounded("verify", "--content", str(BUNDLED), str(earlier_build / "deck.pptx"),
                   str(tmp_path / "folder.pptx"), str(earlier_build / "handout.pdf"))
    assert_clean(done, 2)
    assert "deck.pptx: current" in done.stdout and "handout.pdf: current" in done.stdout
    assert "folder.pptx: a folder, not a file" in done.stderr
