"""Ingest: folders, bad hands between good ones, reruns, skipped files, engine crashes."""

from __future__ import annotations

import os
import re
import shutil

import duckdb
import pytest

from pipeline.errors import SidepotError
from pipeline.ingest import parse as ingest
from pipeline.ingest.run import import_paths
from pipeline.store import flatten as store_flatten
from tests.support.hhgen import join, many_hands
from tests.support.paths import SAMPLES


def _hands(name: str) -> list[str]:
    text = (SAMPLES / name).read_text("utf-8-sig")
    return [h.strip() + "\n" for h in text.split("\n\n\n") if h.strip()]


def test_folder_recursion_and_reimport(tmp_path):
    src = tmp_path / "in" / "deep" / "er"
    src.mkdir(parents=True)
    for f in SAMPLES.glob("*.txt"):
        shutil.copy(f, src / f.name)
    (tmp_path / "in" / "notes.md").write_text("# not a hand history\n")
    db = tmp_path / "s.duckdb"
    first = import_paths([tmp_path / "in"], db)
    assert first.files == 4
    assert first.skipped_files == 1 and first.skipped_by_reason == {"unknown_format": 1}
    assert first.hands_seen == first.hands_imported > 20
    assert first.rejected == 0
    again = import_paths([tmp_path / "in"], db)
    assert again.hands_imported == again.hands_seen == 0  # nothing re-read
    assert again.unchanged_files == 4
    con = duckdb.connect(str(db), read_only=True)
    assert con.execute("SELECT count(*) FROM hands").fetchone()[0] == first.hands_imported
    statuses = dict(con.execute("SELECT status, count(*) FROM files GROUP BY 1").fetchall())
    assert statuses == {"complete": 3, "skipped: unknown_format": 1}


def test_bad_hand_between_two_good_ones(tmp_path):
    good = _hands("cash_nl10_ankaa.txt")
    bad = good[1].replace("Seat 2: MarlaK", "Seat 2 MarlaK", 1)
    text = good[0] + "\n\n" + bad + "\n\n" + good[2]
    path = tmp_path / "mixed.txt"
    path.write_text(text, encoding="utf-8")
    summary = import_paths([path], tmp_path / "s.duckdb")
    assert (summary.hands_seen, summary.hands_imported, summary.rejected) == (3, 2, 1)
    assert sum(summary.rejected_by_reason.values()) == 1
    con = duckdb.connect(str(tmp_path / "s.duckdb"), read_only=True)
    offset, line, raw, reason = con.execute(
        "SELECT source_offset, line, raw_text, reason FROM rejects"
    ).fetchone()
    data = path.read_bytes()
    assert data[offset:].startswith(b"PokerStars Hand #")
    start_line = text[: text.index(bad)].count("\n") + 1
    assert offset == len(text[: text.index(bad)].encode("utf-8"))
    assert start_line <= line <= start_line + 5
    assert raw.strip() == bad.strip()
    assert reason
    files = con.execute("SELECT hands, imported, rejected, bytes_consumed FROM files").fetchone()
    assert files == (3, 2, 1, len(data))


def test_same_hand_twice_in_one_run(tmp_path):
    hand = _hands("cash_nl10_ankaa.txt")[0]
    (tmp_path / "a.txt").write_text(hand, encoding="utf-8")
    (tmp_path / "b.txt").write_text(hand + "\n\n" + hand, encoding="utf-8")
    summary = import_paths([tmp_path], tmp_path / "s.duckdb", batch_size=1)
    assert (summary.hands_seen, summary.hands_imported, summary.duplicates) == (3, 1, 2)


def test_engine_crash_becomes_internal_error_reject(tmp_path, monkeypatch):
    calls = {"n": 0}
    real = ingest.replay

    def flaky(hand):
        calls["n"] += 1
        if calls["n"] == 2:
            raise ZeroDivisionError("boom")
        return real(hand)

    monkeypatch.setattr(ingest, "replay", flaky)
    monkeypatch.setenv("SIDEPOT_CORE", "python")  # the patched engine is the Python core's
    path = tmp_path / "x.txt"
    path.write_text("\n\n".join(_hands("limit_fl20_procyon.txt")[:3]), encoding="utf-8")
    summary = import_paths([path], tmp_path / "s.duckdb")
    assert summary.hands_imported == 2
    assert summary.rejected_by_reason == {"internal_error": 1}
    con = duckdb.connect(str(tmp_path / "s.duckdb"), read_only=True)
    assert "ZeroDivisionError: boom" in con.execute("SELECT detail FROM rejects").fetchone()[0]


def test_batches_and_progress(tmp_path):
    seen = []
    summary = import_paths([SAMPLES], tmp_path / "s.duckdb", progress=seen.append, batch_size=4)
    assert summary.hands_imported == summary.hands_seen
    assert seen[-1].files_done == seen[-1].files_total == 3
    assert seen[-1].bytes_done == seen[-1].bytes_total
    assert len(seen) > 3  # mid-file reports after each batch


def test_missing_path_is_an_error(tmp_path):
    with pytest.raises(SidepotError, match="no such file"):
        import_paths([tmp_path / "nope"], tmp_path / "s.duckdb")


def test_summary_json_keys(tmp_path):
    summary = import_paths([SAMPLES], tmp_path / "s.duckdb")
    keys = set(summary.to_dict())
    assert {"files", "hands_seen", "hands_imported", "duplicates", "rejected",
            "rejected_by_reason", "findings_by_code", "seconds"} <= keys


# --- idempotency and resume -------------------------------------------------------------


def _count(db, sql="SELECT count(*), count(DISTINCT hand_id) FROM hands"):
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(sql).fetchone()
    finally:
        con.close()


def test_two_files_with_the_same_hands_store_each_once(tmp_path):
    hands = many_hands(30)
    (tmp_path / "a.txt").write_text(join(hands[:20]), encoding="utf-8")
    (tmp_path / "b.txt").write_text(join(hands[10:]), encoding="utf-8")  # 10 shared
    summary = import_paths([tmp_path], tmp_path / "s.duckdb")
    assert (summary.hands_seen, summary.hands_imported, summary.duplicates) == (40, 30, 10)
    assert _count(tmp_path / "s.duckdb") == (30, 30)
    con = duckdb.connect(str(tmp_path / "s.duckdb"), read_only=True)
    per_file = con.execute("SELECT path, imported, duplicates FROM files ORDER BY path").fetchall()
    assert per_file == [(str(tmp_path / "a.txt"), 20, 0), (str(tmp_path / "b.txt"), 10, 10)]


def test_touched_but_unchanged_file_is_hashed_not_reparsed(tmp_path):
    path = tmp_path / "a.txt"
    path.write_text(join(many_hands(5)), encoding="utf-8")
    db = tmp_path / "s.duckdb"
    import_paths([path], db)
    os.utime(path, (1_000_000_000, 1_000_000_000))
    again = import_paths([path], db)
    assert (again.unchanged_files, again.hands_seen) == (1, 0)
    third = import_paths([path], db)  # the new mtime was recorded: skipped from stat alone
    assert (third.unchanged_files, third.hands_seen) == (1, 0)


def test_appended_file_resumes_at_bytes_consumed(tmp_path):
    hands = many_hands(12)
    path = tmp_path / "live.txt"
    path.write_text(join(hands[:7]), encoding="utf-8")
    db = tmp_path / "s.duckdb"
    import_paths([path], db)
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(join(hands[7:]))
    again = import_paths([path], db)
    assert again.resumed_files == 1
    assert (again.hands_seen, again.hands_imported, again.duplicates) == (5, 5, 0)
    assert _count(db) == (12, 12)
    con = duckdb.connect(str(db), read_only=True)
    data = path.read_bytes()
    rows = con.execute("SELECT hand_id, source_offset, source_line FROM hands").fetchall()
    lines = data.decode("utf-8").split("\n")
    for hand_id, offset, line in rows:  # provenance of resumed hands is absolute
        assert data[offset:].startswith(f"PokerStars Hand #{hand_id}".encode())
        assert lines[line - 1].startswith(f"PokerStars Hand #{hand_id}")
    record = con.execute("SELECT bytes_consumed, size, status, hands FROM files").fetchone()
    assert record == (len(data), len(data), "complete", 12)


def test_progress_hashes_are_those_of_the_bytes_consumed(tmp_path):
    """A file read whole and consumed whole is hashed once: its consumed_hash is its content
    hash. One whose open last hand is held back (modified just now) hashes only the bytes
    before that hand, batches filling up mid-file on the way."""
    import hashlib

    def digest(data: bytes) -> str:
        return hashlib.blake2b(data, digest_size=16).hexdigest()

    hands = many_hands(6)
    whole, open_tail = tmp_path / "whole.txt", tmp_path / "open.txt"
    whole.write_text(join(hands), encoding="utf-8")
    open_tail.write_text(join(hands[:5]) + hands[5][: hands[5].index("*** SUMMARY")],
                         encoding="utf-8")
    db = tmp_path / "s.duckdb"
    import_paths([whole, open_tail], db, batch_size=4)
    with duckdb.connect(str(db), read_only=True) as con:
        rows = dict(con.execute("SELECT path, [consumed_hash, content_hash] "
                                "FROM files").fetchall())
        progress = {p: tuple(v) for p, v in con.execute(
            "SELECT path, [bytes_consumed, size] FROM files").fetchall()}
    data = whole.read_bytes()
    assert progress[str(whole)] == (len(data), len(data))
    assert rows[str(whole)] == [digest(data), digest(data)]
    held = open_tail.read_bytes()
    consumed = progress[str(open_tail)][0]
    assert 0 < consumed < len(held)
    assert rows[str(open_tail)] == [digest(held[:consumed]), digest(held)]


def test_rewritten_file_is_read_again_and_deduplicated(tmp_path):
    hands = many_hands(6)
    path = tmp_path / "a.txt"
    path.write_text(join(hands), encoding="utf-8")
    db = tmp_path / "s.duckdb"
    import_paths([path], db)
    path.write_text(join(hands[::-1]), encoding="utf-8")  # same size, different content
    again = import_paths([path], db)
    assert (again.resumed_files, again.hands_seen, again.duplicates) == (0, 6, 6)


# --- clear errors -----------------------------------------------------------------------


def test_directory_without_hand_histories_is_an_error(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "notes.txt").write_text("hello\n")
    (tmp_path / "in" / "blob.bin").write_bytes(bytes(range(256)) * 4)
    with pytest.raises(SidepotError, match="no hand histories found .*1 unknown_format"):
        import_paths([tmp_path / "in"], tmp_path / "s.duckdb")
    assert not (tmp_path / "s.duckdb").exists()  # no empty store left behind
    with pytest.raises(SidepotError, match="no hand histories"):
        import_paths([tmp_path / "in"], tmp_path / "s.duckdb")


def test_a_hand_arrow_cannot_convert_becomes_a_reject_not_a_failed_batch(tmp_path, monkeypatch):
    # Without the batch's bounds check, Arrow itself refuses the batch: the fallback must
    # still find the one hand and reject it alone.
    monkeypatch.setattr(store_flatten, "first_unstorable", lambda *args: None)
    hands = many_hands(3)
    seat = re.search(r"^Seat 1: sidepot_hero \(\$[\d.]+ in chips\)", hands[1], re.M).group(0)
    hands[1] = hands[1].replace(seat, "Seat 1: sidepot_hero ($99999999999999999999 in chips)")
    path = tmp_path / "a.txt"
    path.write_text(join(hands), encoding="utf-8")
    summary = import_paths([path], tmp_path / "s.duckdb")
    assert (summary.hands_imported, summary.rejected_by_reason) == (2, {"unstorable": 1})
    con = duckdb.connect(str(tmp_path / "s.duckdb"), read_only=True)
    assert con.execute("SELECT reason FROM rejects").fetchall() == [("unstorable",)]
    assert con.execute("SELECT hands, imported, rejected FROM files").fetchone() == (3, 2, 1)
