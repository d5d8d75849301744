"""Big files streamed in pieces store exactly what a whole-file read stores (issue 14).

The piece size is lowered so that a few hundred hands make many pieces; every table is then
compared with an import that reads the same file whole. Broken hands (rejected) sit at piece
ends too, CRLF and cp1252 files are cut the same way, and a file imported as it grew, or
stopped mid-way, ends as a clean import does.
"""

from __future__ import annotations

import pytest

from parsers.text import decode
from pipeline import config
from pipeline.ingest import stream
from pipeline.ingest.run import import_paths
from pipeline.ingest.stream import line_ends, pieces
from tests.ingest.same_rows import count, differences
from tests.support.hhgen import join, many_hands

PIECE = 6_000  # bytes: ~4 hands a piece (the native core's piece is a quarter more)


def _text(n: int = 120) -> str:
    """``n`` hands, every seventh cut short before its summary (a reject, not the last)."""
    hands = many_hands(n)
    for i in range(3, n - 1, 7):
        hands[i] = hands[i][: hands[i].index("*** SUMMARY")]
    return join(hands)


@pytest.fixture
def small_pieces(monkeypatch):
    monkeypatch.setattr(config, "PIECE_BYTES", PIECE)


def _whole(tmp_path, path, monkeypatch):
    """The reference: the same file read whole."""
    with monkeypatch.context() as m:
        m.setattr(config, "PIECE_BYTES", 1 << 40)
        db = tmp_path / "whole.duckdb"
        import_paths([path], db)
    return db


@pytest.mark.parametrize("core", ["native", "python"])
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_streamed_file_stores_what_a_whole_read_stores(tmp_path, monkeypatch, small_pieces,
                                                         core, newline):
    monkeypatch.setenv("SIDEPOT_CORE", core)
    path = tmp_path / "big.txt"
    text = _text().replace("\n", newline).replace("Ankaa III", "Ankaa \u2019III", 5)
    path.write_bytes(text.encode("cp1252"))
    got = tmp_path / "got.duckdb"
    summary = import_paths([path], got)
    assert summary.hands_imported > 90 and summary.rejected_by_reason == {"truncated_hand": 17}
    assert len(list(pieces(path, "pokerstars", 0, path.stat().st_size, 0,
                           stream.piece_bytes()))) > 10
    assert differences(got, _whole(tmp_path, path, monkeypatch)) == {}


def test_pieces_cut_at_headers_and_count_lines(tmp_path):
    path = tmp_path / "big.txt"
    data = _text(40).replace("\n", "\r\n", 50).encode()
    path.write_bytes(data)
    seen = b""
    for piece, part in pieces(path, "pokerstars", 0, len(data), 0, 3_000):
        assert part is not None and part.startswith(b"PokerStars Hand #")
        assert piece.line_base == decode(data[: piece.base])[0].count("\n")
        assert line_ends(part) == decode(part)[0].count("\n")
        seen += part
    assert seen == data


def test_jobs_2_streams_the_same_rows(tmp_path, monkeypatch, small_pieces):
    path = tmp_path / "big.txt"
    path.write_text(_text(), encoding="utf-8")
    got = tmp_path / "got.duckdb"
    import_paths([path], got, jobs=2)
    assert differences(got, _whole(tmp_path, path, monkeypatch)) == {}


def test_a_streamed_file_grown_and_stopped_mid_way_ends_as_a_clean_import(
        tmp_path, monkeypatch, small_pieces):
    data = _text().encode()
    path = tmp_path / "big.txt"
    db = tmp_path / "got.duckdb"
    for cut in (len(data) // 3, len(data) // 3 + 57, 2 * len(data) // 3, len(data)):
        path.write_bytes(data[:cut])  # the file as it grew (the last hand cut mid-way)
        import_paths([path], db, batch_size=5)
    assert differences(db, _whole(tmp_path, path, monkeypatch)) == {}

    # Stopped mid-way: the batch after the 3rd fails; the rerun resumes and ends the same.
    from pipeline.store.db import Store
    calls = {"n": 0}
    write = Store.write_rows

    def failing(self, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003
        calls["n"] += 1
        if calls["n"] == 4:
            raise KeyboardInterrupt
        return write(self, *args, **kwargs)

    stopped = tmp_path / "stopped.duckdb"
    monkeypatch.setattr(Store, "write_rows", failing)
    with pytest.raises(BaseException):  # noqa: B017, PT011 - ImportInterrupted
        import_paths([path], stopped, batch_size=5)
    monkeypatch.setattr(Store, "write_rows", write)
    assert 0 < count(stopped, "hands") < count(db, "hands")
    resumed = import_paths([path], stopped, batch_size=5)
    assert resumed.resumed_files == 1
    assert differences(stopped, db) == {}


def test_a_streamed_file_is_hashed_whole_as_it_is_consumed(tmp_path, small_pieces):
    """A streamed file's content hash is its bytes' (taken as they are consumed, the held
    back tail included), so touching it changes nothing and the next import passes it over."""
    import hashlib
    import os

    import duckdb

    data = _text(60).encode()
    path = tmp_path / "big.txt"
    cut = data.rindex(b"*** SUMMARY")
    path.write_bytes(data[:cut])  # the last hand still being written: held back
    db = tmp_path / "got.duckdb"
    first = import_paths([path], db)
    assert first.incomplete_tail == 1
    with duckdb.connect(str(db), read_only=True) as con:
        (content_hash, status), = con.execute(
            "SELECT content_hash, status FROM files").fetchall()
    assert status == "partial"
    assert content_hash == hashlib.blake2b(data[:cut], digest_size=16).hexdigest()
    path.write_bytes(data)
    import_paths([path], db)
    with duckdb.connect(str(db), read_only=True) as con:
        (content_hash, status), = con.execute(
            "SELECT content_hash, status FROM files").fetchall()
    assert status == "complete"
    assert content_hash == hashlib.blake2b(data, digest_size=16).hexdigest()
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))  # touched, not changed
    again = import_paths([path], db)
    assert again.unchanged_files == 1 and again.hands_imported == 0
