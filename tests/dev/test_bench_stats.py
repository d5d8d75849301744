"""The stats benchmark's replication: copies of real-pipeline hands that keep every statistic.

Timings are never asserted here (speed is measured in ``make bench``); what must hold is that a
store of ``k`` copies is ``k`` times the base, hand by hand, with fresh ids and rotated names.
"""

from __future__ import annotations

import json
import shutil

import duckdb
import pytest

from pipeline.dev import bench_stats
from reports.stats import DEFINITIONS, player_stats, refresh

COPIES = 3


@pytest.fixture(scope="module")
def stores(tmp_path_factory):
    root = tmp_path_factory.mktemp("bench_stats")
    base, big = root / "base.duckdb", root / "big.duckdb"
    bench_stats.build_base(base, 60, seed=3)
    bench_stats.replicate(base, big, COPIES, pool=50)
    return base, big


def _rows(path, sql):
    with duckdb.connect(str(path), read_only=True) as con:
        return con.execute(sql).fetchall()


@pytest.mark.parametrize("table", bench_stats.HAND_TABLES)
def test_every_table_is_copied_k_times(stores, table):
    base, big = stores
    (n_base,), = _rows(base, f"SELECT count(*) FROM {table}")
    (n_big,), = _rows(big, f"SELECT count(*) FROM {table}")
    assert n_big == COPIES * n_base


def test_hand_ids_are_distinct_and_keep_the_base_id(stores):
    base, big = stores
    (n_base,), = _rows(base, "SELECT count(*) FROM hands")
    (distinct, suffixed), = _rows(
        big,
        "SELECT count(DISTINCT hand_id), count(*) FILTER (WHERE hand_id LIKE '%-2') FROM hands",
    )
    assert n_base == 60
    assert distinct == COPIES * n_base
    assert suffixed == n_base


def test_names_rotate_through_the_pool_without_repeats_in_a_hand(stores):
    base, big = stores
    (base_names,), = _rows(base, "SELECT count(DISTINCT player) FROM seats")
    (names,), = _rows(big, "SELECT count(DISTINCT player) FROM seats")
    pool = bench_stats.pool_size(base_names, 50)
    assert pool % base_names == 0 and pool >= 50
    assert base_names < names <= pool
    twice = "SELECT hand_id FROM seats GROUP BY hand_id, player HAVING count(*) > 1"
    assert _rows(big, twice) == []
    # actions and pots name the same players as the seats of their hand
    assert _rows(big, "SELECT 1 FROM actions a JOIN seats s USING (site, hand_id, seat) "
                      "WHERE a.player IS NOT NULL AND a.player <> s.player LIMIT 1") == []
    assert _rows(big, "SELECT 1 FROM (SELECT site, hand_id, unnest(winners) AS player FROM pots) w "
                      "ANTI JOIN seats s USING (site, hand_id, player) LIMIT 1") == []


def test_copies_start_after_the_previous_copy(stores):
    _, big = stores
    rows = _rows(big, "SELECT split_part(hand_id, '-', 2) AS k, min(started_at), max(started_at) "
                      "FROM hands GROUP BY k ORDER BY k")
    assert len(rows) == COPIES
    for (_, _, end), (_, start, _) in zip(rows, rows[1:], strict=False):
        assert start > end


def test_every_statistic_count_is_k_times_the_base(stores):
    base, big = stores
    counted = {c for done, opps, _ in DEFINITIONS.values() for c in (done, opps)}
    columns = sorted(counted | {"hands"})
    with duckdb.connect(str(base), read_only=True) as con:
        small = player_stats(con)[columns].sum()
    with duckdb.connect(str(big), read_only=True) as con:
        large = player_stats(con)[columns].sum()
    assert small["hands"] > 0 and small["vpip_hands"] > 0
    for column in columns:
        assert large[column] == COPIES * small[column], column


def test_results_are_merged_not_clobbered(tmp_path):
    results = tmp_path / "results.json"
    results.write_text(json.dumps({"input": "x", "results": {"parse": {"hands": 1}}}))
    timing = bench_stats.Timing("duckdb", "cli", 10, 2, 0.5, 0.25, 100.0, 1.0)
    bench_stats.merge_results([timing], results)
    data = json.loads(results.read_text())
    assert data["results"] == {"parse": {"hands": 1}}
    assert data["stats"]["timings"][0]["warm_s"] == 0.25


def test_replicated_facts_are_what_a_refresh_computes(stores, tmp_path):
    base, big = stores
    with duckdb.connect(str(base)) as con:
        refresh(con)
    copied, computed = tmp_path / "copied.duckdb", tmp_path / "computed.duckdb"
    shutil.copy(big, copied)
    shutil.copy(big, computed)
    bench_stats.replicate(base, copied, COPIES, pool=50, facts=True)
    with duckdb.connect(str(computed)) as con:
        assert refresh(con).hands_added == COPIES * 60
    order = "ORDER BY site, hand_id, seat"
    with duckdb.connect(str(copied)) as con:
        con.execute(f"ATTACH '{computed}' AS c (READ_ONLY)")
        assert con.execute("SELECT count(*) FROM seat_stats").fetchone()[0] > 0
        assert (con.execute(f"SELECT * FROM seat_stats {order}").fetchall()
                == con.execute(f"SELECT * FROM c.seat_stats {order}").fetchall())
        # net_bb is a float sum: the order of addition may move its last bits
        rollup = ("SELECT * REPLACE (round(net_bb, 6) AS net_bb) FROM {}seat_stats_rollup "
                  "ORDER BY ALL")
        assert (con.execute(rollup.format("")).fetchall()
                == con.execute(rollup.format("c.")).fetchall())
        assert (con.execute("SELECT * FROM seat_stats_meta").fetchall()
                == con.execute("SELECT * FROM c.seat_stats_meta").fetchall())
        refreshed = refresh(con)
    assert refreshed.hands_added == 0 and not refreshed.rebuilt


def test_a_run_of_other_sizes_keeps_earlier_figures(tmp_path):
    results = tmp_path / "results.json"
    big = bench_stats.Timing("duckdb", "library", 10_000_000, 2, 1.5, 1.0, 900.0, 2.0)
    small = bench_stats.Timing("duckdb", "library", 1_000_000, 2, 0.5, 0.2, 300.0, 2.0)
    bench_stats.merge_results([big], results, {"10000000": 99.0})
    bench_stats.merge_results([small], results)
    again = bench_stats.Timing("duckdb", "library", 1_000_000, 2, 0.4, 0.1, 300.0, 2.0)
    bench_stats.merge_results([again], results)
    stats = json.loads(results.read_text())["stats"]
    assert sorted((t["hands"], t["warm_s"]) for t in stats["timings"]) == [
        (1_000_000, 0.1), (10_000_000, 1.0)]
    assert stats["refresh_seconds_by_hands"] == {"10000000": 99.0}
