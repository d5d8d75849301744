"""Dask import: a local cluster writes Parquet shards whose rows equal a local DuckDB import.

The same dedup rule on both paths (issue 13, bug 6): the first copy of a (site, hand_id) wins,
within a file and across files, files in the order an import walks a folder; the summaries
count hands the same way; every table compares equal.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest

from pipeline.errors import SidepotError
from pipeline.export import pokerstars
from pipeline.ingest.dask import shard_id, write_shard
from pipeline.ingest.run import import_paths
from pipeline.sim.dealer import simulate
from pipeline.store.attach import attach
from pipeline.store.schema import TABLES as STORE_TABLES
from reports.stats import player_stats
from tests.ingest.same_rows import differences
from tests.support.paths import SAMPLES

pytest.importorskip("distributed", reason="the dask extra is not installed")

TABLES = ("hands", "seats", "actions", "pots", "findings")
#: Columns a Dask shard and a DuckDB import may differ in: when the row was written.
STAMPED = {"hands": "* EXCLUDE (imported_at)"}


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("in")
    for f in SAMPLES.glob("*.txt"):
        shutil.copy(f, root / f.name)
    hands = [s.hand for s in simulate(40, 11, players=(2, 9), run_it_twice=False)]
    (root / "sim.txt").write_text(pokerstars.write_hands(hands), encoding="utf-8")
    shutil.copy(root / "sim.txt", root / "sim_again.txt")  # every hand twice: dedup by views
    good = (SAMPLES / "cash_nl10_ankaa.txt").read_text("utf-8-sig").split("\n\n\n")
    bad = good[1].replace("Seat 2: MarlaK", "Seat 2 MarlaK", 1)
    (root / "mixed.txt").write_text(good[0] + "\n\n\n" + bad + "\n\n\n", "utf-8")
    # The same hand twice within one file (a client that wrote it again), and a last hand
    # still being written.
    twice = "\n\n\n".join([good[2], good[3], good[2]]) + "\n\n\n"
    (root / "twice.txt").write_text(twice + good[4][: good[4].index("*** SUMMARY")], "utf-8")
    # The same hands under "t/" and "t-2/": an import walks "t/" first ("/" before "-"
    # by path components), so its copies are the ones kept.
    few = pokerstars.write_hands([s.hand for s in simulate(3, 12, run_it_twice=False)])
    for folder in ("t", "t-2"):
        (root / folder).mkdir()
        (root / folder / "x.txt").write_text(few, encoding="utf-8")
    return root


def _rows(db: Path) -> dict[str, list[tuple]]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return {
            t: con.execute(f"SELECT {STAMPED.get(t, '*')} FROM {t} ORDER BY ALL").fetchall()
            for t in TABLES
        }
    finally:
        con.close()


def test_local_cluster_rows_equal_a_local_import(inputs, tmp_path):
    from pipeline.ingest.dask import import_dask

    summary = import_dask([inputs], tmp_path / "pq", "local", workers=2)
    local = import_paths([inputs], tmp_path / "local.duckdb")
    assert summary.hands_seen == local.hands_seen
    assert (summary.hands_imported, summary.duplicates) == (local.hands_imported,
                                                             local.duplicates)
    # One row per hand per file: twice.txt's repeat is not written, other files' copies are.
    assert summary.hands_written == summary.hands_seen - summary.rejected - 1
    assert summary.rejected == local.rejected == 1
    assert summary.incomplete_tail == local.incomplete_tail == 1
    assert summary.findings_by_code == local.findings_by_code
    attached = attach(tmp_path / "pq", tmp_path / "attached.duckdb")
    assert attached.layout == "dask"
    assert attached.rows["hands"] == local.hands_imported  # the copies are read once
    got, want = _rows(tmp_path / "attached.duckdb"), _rows(tmp_path / "local.duckdb")
    for table in TABLES:
        assert got[table] == want[table], table
    # Every table, as multisets; what a shard cannot know (when, other files) left out.
    # the store's own tables: the derived allin_equity tables are filled after a DuckDB
    # commit (a Dask import's readers enumerate instead)
    assert differences(tmp_path / "attached.duckdb", tmp_path / "local.duckdb",
                       tables=tuple(STORE_TABLES), skip={
        "rejects": ("text_hash",),
        "files": ("mtime", "imported", "duplicates", "consumed_hash"),
    }) == {}
    # The stat facts: the shards' flags (today's definition) answer as the local store's do
    assert (tmp_path / "pq" / "seat_flags_meta.parquet").is_file()
    stats = {}
    for name in ("attached", "local"):
        with duckdb.connect(str(tmp_path / f"{name}.duckdb"), read_only=True) as con:
            stats[name] = player_stats(con).sort_values(["site", "player"]).reset_index(
                drop=True)
    assert len(stats["local"]) > 5
    assert stats["attached"].equals(stats["local"])
    con = duckdb.connect(str(tmp_path / "attached.duckdb"), read_only=True)
    assert con.execute("SELECT count(*), min(reason) FROM rejects").fetchone() == (
        1, "unknown_line")
    kept = con.execute("SELECT DISTINCT source_file FROM hands WHERE source_file LIKE "
                       "'%/x.txt'").fetchall()
    assert kept == [(str(inputs / "t" / "x.txt"),)]


def test_rerunning_a_shard_replaces_its_files(inputs, tmp_path):
    out = tmp_path / "pq"
    first = write_shard(str(inputs / "sim.txt"), str(out))
    before = sorted(p.relative_to(out) for p in out.rglob("*.parquet"))
    again = write_shard(str(inputs / "sim.txt"), str(out))
    assert first == again
    assert sorted(p.relative_to(out) for p in out.rglob("*.parquet")) == before
    assert all(p.name == f"{shard_id(str(inputs / 'sim.txt'))}.parquet" for p in before)
    con = duckdb.connect()
    n = con.execute(
        f"SELECT count(*) FROM read_parquet('{out}/hands/**/*.parquet')").fetchone()[0]
    assert n == first.hands == 40


def test_partitions_by_site_and_month(inputs, tmp_path):
    result = write_shard(str(inputs / "cash_nl10_ankaa.txt"), str(tmp_path / "pq"))
    assert result.partitions == ("site=pokerstars/month=2024-03",)
    assert (tmp_path / "pq" / "seats" / "site=pokerstars" / "month=2024-03").is_dir()


def test_no_hand_histories_is_an_error(tmp_path):
    from pipeline.ingest.dask import _summarise

    notes = tmp_path / "notes.md"
    notes.write_text("# nothing here\n")
    result = write_shard(str(notes), str(tmp_path / "pq"))
    assert result.skip == "unknown_format" and result.hands == 0
    with pytest.raises(SidepotError, match="no hand histories"):
        _summarise([result], tmp_path / "pq", "local", 0.0)


def test_the_summary_names_the_files_nobody_reads(tmp_path):
    """As a DuckDB import does (issue 15): a file of hand histories no format claims is
    rejected hand by hand, and the Dask summary names it."""
    from pipeline.ingest.dask import _summarise
    from tests.parsers.test_unknown_format import ZORBO

    zorbo = tmp_path / "zorbo.txt"
    zorbo.write_text(ZORBO)
    known = write_shard(str(SAMPLES / "cash_nl10_ankaa.txt"), str(tmp_path / "pq"))
    unknown = write_shard(str(zorbo), str(tmp_path / "pq"))
    assert unknown.skip is None and unknown.rejected_by_reason == {"unknown_format": 2}
    summary = _summarise([known, unknown], tmp_path / "pq", "local", 0.0)
    assert summary.unknown_format_files == [str(zorbo)]
    assert "unknown_format_files" in summary.to_json()


def test_an_old_files_cut_last_hand_is_a_reject_as_in_a_local_import(inputs, tmp_path):
    """Issue 33 section 1 on the Dask path: a file that has not changed for longer than the
    settle window will not grow, so its cut last hand is rejected with the reader's reason
    (and the file is complete), exactly as a DuckDB import with the same window does; a
    file changed within the window still holds the hand back."""
    import os

    from pipeline.ingest.dask import _summarise

    cut = tmp_path / "in" / "twice.txt"
    cut.parent.mkdir()
    shutil.copy(inputs / "twice.txt", cut)
    long_ago = cut.stat().st_mtime - 3600
    os.utime(cut, (long_ago, long_ago))
    held = write_shard(str(cut), str(tmp_path / "held"), settle=7200)
    assert held.incomplete and held.rejected == 0
    old = write_shard(str(cut), str(tmp_path / "pq"), settle=300)
    assert not old.incomplete
    assert old.rejected_by_reason == {"truncated_hand": 1}
    local = import_paths([cut], tmp_path / "local.duckdb", settle=300)
    assert local.incomplete_tail == 0 and local.rejected_by_reason == old.rejected_by_reason
    summary = _summarise([old], tmp_path / "pq", "local", 0.0)
    assert summary.incomplete_tail == 0
    con = duckdb.connect()
    files = con.execute(f"SELECT status, bytes_consumed FROM read_parquet("
                        f"'{tmp_path}/pq/files/*.parquet')").fetchall()
    assert files == [("complete", cut.stat().st_size)]
    shard_rejects = con.execute(
        f"SELECT reason, source_offset, raw_text FROM read_parquet("
        f"'{tmp_path}/pq/rejects/*.parquet')").fetchall()
    stored = duckdb.connect(str(tmp_path / "local.duckdb"), read_only=True).execute(
        "SELECT reason, source_offset, raw_text FROM rejects").fetchall()
    assert shard_rejects == stored


def test_a_shard_holds_the_all_in_equity_rows_a_local_import_stores(inputs, tmp_path):
    """``allin=True``: the shard's ``allin_equity`` Parquet holds the rows a DuckDB import's
    fallback computes from its stored rows (the same worker code counts both)."""
    from reports.allin import fill_allin_equity

    path = inputs / "sim.txt"
    write_shard(str(path), str(tmp_path / "pq"), allin=True)
    db = tmp_path / "local.duckdb"
    import_paths([path], db)
    with duckdb.connect(str(db)) as con:
        assert fill_allin_equity(con) > 0
        want = con.execute("SELECT site, hand_id, seat, adjusted_net FROM allin_equity "
                           "ORDER BY ALL").fetchall()
        got = con.execute(
            "SELECT site, hand_id, seat, adjusted_net FROM read_parquet(?, "
            "hive_partitioning = true, hive_types = {'site': VARCHAR, 'month': VARCHAR}) "
            "ORDER BY ALL", [str(tmp_path / "pq" / "allin_equity" / "**" / "*.parquet")]
        ).fetchall()
    assert want and got == want
    assert not (tmp_path / "bare").exists()
    write_shard(str(path), str(tmp_path / "bare"))  # the default: no equity in the shards
    assert not (tmp_path / "bare" / "allin_equity").exists()
