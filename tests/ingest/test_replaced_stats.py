"""Hands stored again and the stats tables (issue 13): `sidepot stats` after a cut hand is
replaced by the whole one, or after ``--force``, equals a clean import's.

The stats refresh keeps per-seat facts of every hand it has seen (``seat_stats``) and their
monthly rollup; a hand the import drops and stores again (its file grew under it) must leave
them, or its cut copy's facts would count for ever.
"""

from __future__ import annotations

import duckdb
import pandas as pd

from pipeline.ingest.run import import_paths
from reports.stats import player_stats, refresh
from tests.ingest.same_rows import count
from tests.support.paths import REPO

SAMPLE = REPO / "data" / "samples" / "cash_nl10_ankaa.txt"


def _import_and_refresh(path, db, **kw) -> None:
    import_paths([path], db, **kw)
    con = duckdb.connect(str(db))
    try:
        refresh(con)  # what `sidepot import` does after every import
        # every stored hand is done (a reader would compute a missing one's facts on the
        # fly, which would hide it), and the note of the keys done says so
        done, hands, top, noted = con.execute(
            "SELECT (SELECT count(*) FROM seat_stats_hands), (SELECT count(*) FROM hands), "
            "(SELECT max(hand_key) FROM stored.hands), (SELECT done_through FROM "
            "seat_stats_meta)").fetchone()
        assert done == hands and noted == top
    finally:
        con.close()


def _stats(db) -> pd.DataFrame:
    con = duckdb.connect(str(db), read_only=True)  # as `sidepot stats` reads
    try:
        frame = player_stats(con)
    finally:
        con.close()
    return frame.sort_values(["site", "player", "currency"]).reset_index(drop=True)


def _clean_stats(tmp_path, path) -> pd.DataFrame:
    clean = tmp_path / "clean.duckdb"
    _import_and_refresh(path, clean)
    return _stats(clean)


def test_a_cut_hand_stored_then_replaced_leaves_the_stats_of_a_clean_import(tmp_path):
    data = SAMPLE.read_bytes()
    end = data.index(b"*** SUMMARY ***\n") + len(b"*** SUMMARY ***\n")  # no collections yet
    path, db = tmp_path / "live.txt", tmp_path / "s.duckdb"
    path.write_bytes(data[:end])
    _import_and_refresh(path, db)
    cut = _stats(db)
    path.write_bytes(data)
    _import_and_refresh(path, db)
    assert count(db, "hands_dropped") == 0  # the refresh forgot the dropped copy's facts
    want = _clean_stats(tmp_path, path)
    assert not cut.equals(want)  # the cut copy's facts differ: the test can fail
    pd.testing.assert_frame_equal(_stats(db), want)


def test_a_replaced_hand_without_a_refresh_is_not_read_from_stale_facts(tmp_path):
    """Ctrl-C between the import's commit and its refresh: a read-only reader computes the
    facts afresh rather than trust those of the dropped copy."""
    data = SAMPLE.read_bytes()
    end = data.index(b"*** SUMMARY ***\n") + len(b"*** SUMMARY ***\n")
    path, db = tmp_path / "live.txt", tmp_path / "s.duckdb"
    path.write_bytes(data[:end])
    _import_and_refresh(path, db)
    path.write_bytes(data)
    import_paths([path], db)  # no refresh after it
    assert count(db, "hands_dropped") == 1
    pd.testing.assert_frame_equal(_stats(db), _clean_stats(tmp_path, path))


def test_force_leaves_the_stats_of_a_clean_import(tmp_path):
    path, db = tmp_path / "a.txt", tmp_path / "s.duckdb"
    path.write_bytes(SAMPLE.read_bytes())
    _import_and_refresh(path, db)
    _import_and_refresh(path, db, force=True)
    pd.testing.assert_frame_equal(_stats(db), _clean_stats(tmp_path, path))
