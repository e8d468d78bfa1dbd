"""`serve` and clients that misbehave: they leave mid-answer, sit idle, trickle, flood or send
nonsense. Each costs only its own connection: nothing is printed, and the page is still served."""

from __future__ import annotations

import socket
import struct
from pathlib import Path

import pytest

from notedeck.commands import serve
from notedeck.commands.serve import Preview
from notedeck.stages.run import BuildResult
from support import WAIT


class _Good:
    """A round that built the page (serve's preview of slides is tested in tests/commands)."""

    ok, problems, internal = True, (), ""
    result = BuildResult((), 0.0, ())


@pytest.fixture
def preview(tmp_path):
    page = tmp_path / "index.html"
    page.write_text("<html><body>" + "x" * 4_000_000 + "</body></html>", encoding="utf-8")
    with Preview(page, port=0, idle=0.5) as running:
        running.update(_Good())
        yield running


def _connect(preview: Preview) -> socket.socket:
    connection = socket.create_connection(("127.0.0.1", preview.port), timeout=WAIT)
    return connection


def _ask(connection: socket.socket, preview: Preview, path: str = "/") -> None:
    connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{preview.port}\r\n\r\n".encode())


def _answer(preview: Preview) -> bytes:
    with _connect(preview) as connection:
        _ask(connection, preview, serve.STATE_PATH)
        return connection.recv(200)


def _closed_by_the_server(connection: socket.socket) -> bool:
    """True once the server closes it (a wait with a deadline, never a measure of speed)."""
    try:
        while connection.recv(65536):
            pass
        return True
    except ConnectionResetError:
        return True
    except socket.timeout:
        return False


def test_clients_that_leave_mid_answer_print_nothing(preview, capfd):
    for _ in range(5):
        connection = _connect(preview)
        _ask(connection, preview, "/web/")           # the 4 MB page
        connection.recv(100)
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        connection.close()                         # a reset, with most of the page unsent
    assert _answer(preview).startswith(b"HTTP/1.0 200")
    out, err = capfd.readouterr()
    assert (out, err) == ("", "")


def test_an_idle_connection_is_closed(preview, capfd):
    with _connect(preview) as connection:
        assert _closed_by_the_server(connection)
    with _connect(preview) as trickle:
        trickle.sendall(b"GET / HT")               # a request line that never ends
        assert _closed_by_the_server(trickle)
    assert capfd.readouterr() == ("", "")


def test_a_flood_of_idle_connections_is_let_go_and_the_page_still_served(preview, capfd):
    flood = [_connect(preview) for _ in range(serve.MAX_CONNECTIONS + 8)]
    try:
        assert all(_closed_by_the_server(connection) for connection in flood)
        assert _answer(preview).startswith(b"HTTP/1.0 200")
    finally:
        for connection in flood:
            connection.close()
    assert capfd.readouterr() == ("", "")


@pytest.mark.parametrize("sent", [b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(40),
                                  b"GET / HTTP/1.1\r\n" + b"X: y\r\n" * 200 + b"\r\n",
                                  b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n",
                                  b"\x00\x1b[2J\r\n\r\n"])
def test_nonsense_is_answered_or_dropped_without_a_word(preview, capfd, sent):
    with _connect(preview) as connection:
        connection.sendall(sent)
        assert _closed_by_the_server(connection)
    assert _answer(preview).startswith(b"HTTP/1.0 200")
    assert capfd.readouterr() == ("", "")
