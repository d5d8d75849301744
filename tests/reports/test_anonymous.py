"""Anonymous tables: Ignition's seat labels are no players in stats, graphs, the page's grid
or ``hands --player`` unless asked for; the hero is one; the mark is the same whether set on
the Arrow rows when stored or on an old store's rows afterwards."""

from __future__ import annotations

import duckdb
import pandas as pd
import pyarrow as pa
import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.ingest.anonymous import is_anonymous, mark_seats, mark_stored
from pipeline.ingest.run import import_paths
from pipeline.store import layout
from reports.filters import FilterError, Filters
from reports.known import resolve
from reports.page import page_data
from reports.search import HandSearch, find_hands
from reports.stats import player_stats
from tests.support.ignition_zone import zone_hand

runner = CliRunner()

LABELS = {"UTG", "Dealer", "Small Blind"}  # the hero sits in the big blind


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("anon")
    text = "\n\n".join(zone_hand(4000000001 + i, i) for i in range(5))
    (folder / "zone.txt").write_text(text + "\n\n", encoding="utf-8")
    db = str(folder / "a.duckdb")
    summary = import_paths([folder / "zone.txt"], db)
    assert summary.hands_imported == 5 and summary.rejected == 0, summary
    return db


def _seats(rows: list[tuple[str, str, str | None, bool | None]]) -> pa.Table:
    site, hand, player, hero = zip(*rows, strict=True)
    return pa.table({"site": list(site), "hand_id": list(hand), "player": list(player),
                     "is_hero": pa.array(hero, pa.bool_())})


def test_the_arrow_rule_is_the_reference_rule():
    rows = [
        ("ignition", "1", "Big Blind", False), ("ignition", "1", "UTG+3", False),
        ("ignition", "1", "Hero", True), ("ignition", "1", "RealName", False),
        # a hand converted from Ignition into PokerStars' layout: labels for names
        ("pokerstars", "2", "Dealer", False), ("pokerstars", "2", "UTGplus1", False),
        ("pokerstars", "2", "Hero", True),
        # one player called "Dealer" among named players is a player
        ("pokerstars", "3", "Dealer", False), ("pokerstars", "3", "Olek", False),
        ("pokerstars", "4", None, None),
    ]
    marked = mark_seats(_seats(rows)).column("anonymous").to_pylist()
    others = {h: all(hero or is_anonymous("ignition", p, hero, True) for s, k, p, hero in rows
                     if k == h) for h in {r[1] for r in rows}}
    expected = [is_anonymous(s, p, hero, others[k]) for s, k, p, hero in rows]
    assert marked == expected
    assert marked == [True, True, False, False, True, True, False, False, False, False]


def test_stored_seats_are_marked_and_old_stores_get_the_same_mark(store, tmp_path):
    con = duckdb.connect(store, read_only=True)
    stored = con.execute("SELECT hand_id, seat, player, anonymous FROM seats "
                         "ORDER BY ALL").fetchall()
    con.close()
    assert {(p, a) for _, _, p, a in stored} == {("Hero", False)} | {(x, True) for x in LABELS}
    old = str(tmp_path / "old.duckdb")
    con = duckdb.connect(old)
    con.execute(f"ATTACH '{store}' AS s (READ_ONLY)")
    for table in ("hands", "seats", "actions", "pots", "findings"):
        con.execute(f"CREATE TABLE {table} AS FROM s.{table}")
    con.execute("UPDATE seats SET anonymous = NULL")
    layout.create(con)  # a writable open upgrades the earlier layout first
    assert mark_stored(con) == 3 * 5
    again = con.execute("SELECT hand_id, seat, player, anonymous FROM seats "
                        "ORDER BY ALL").fetchall()
    assert again == stored
    assert con.execute("SELECT count(DISTINCT hand_id) FROM hands_dropped").fetchone()[0] == 5
    assert mark_stored(con) == 0  # nothing left to mark


def test_labels_are_no_players_unless_asked_for(store):
    con = duckdb.connect(store, read_only=True)
    named = player_stats(con)
    assert set(named["player"]) == {"Hero"}
    everyone = player_stats(con, Filters(include_anonymous=True))
    assert set(everyone["player"]) == {"Hero"} | LABELS
    also = everyone[everyone["player"] == "Hero"].reset_index(drop=True)
    pd.testing.assert_frame_equal(named, also)  # the labels still shape the hero's facts
    assert named["three_bet_opps"].iloc[0] == 5  # the hero faced the label's raise
    grid = page_data(con, Filters())["stats"]
    assert "Small Blind" not in str(grid) and "Hero" in str(grid)


def test_a_label_named_as_player_says_how_to_count_it(store):
    con = duckdb.connect(store, read_only=True)
    with pytest.raises(FilterError, match="--include-anonymous"):
        resolve(con, Filters(player="small blind"))
    assert resolve(con, Filters(player="small blind", include_anonymous=True)).player == \
        "Small Blind"
    with pytest.raises(FilterError, match="--include-anonymous"):
        find_hands(con, HandSearch(player="Dealer"))
    seats = find_hands(con, HandSearch(player="Dealer", include_anonymous=True))
    assert len(seats) == 5 and set(seats["player"]) == {"Dealer"}
    listed = find_hands(con, HandSearch(site="ignition"))
    assert set(listed["player"]) == {"Hero"}


def test_the_cli_flags(store):
    plain = runner.invoke(app, ["stats", "--db", store])
    assert plain.exit_code == 0 and "Dealer" not in plain.stdout and "Hero" in plain.stdout
    counted = runner.invoke(app, ["stats", "--db", store, "--include-anonymous"])
    assert counted.exit_code == 0 and "Dealer" in counted.stdout
    refused = runner.invoke(app, ["hands", "--db", store, "--player", "UTG"])
    assert refused.exit_code == 2 and "--include-anonymous" in refused.stderr
    shown = runner.invoke(app, ["hands", "--db", store, "--player", "UTG",
                                "--include-anonymous", "--json"])
    assert shown.exit_code == 0 and '"player": "UTG"' in shown.stdout


def test_a_store_from_before_the_column_reads_read_only(store, tmp_path):
    old = str(tmp_path / "before.duckdb")
    con = duckdb.connect(old)
    con.execute(f"ATTACH '{store}' AS s (READ_ONLY)")
    for table in ("hands", "seats", "actions", "pots", "findings", "rejects", "files"):
        con.execute(f"CREATE TABLE {table} AS FROM s.{table}")
    con.execute("ALTER TABLE seats DROP COLUMN anonymous")
    con.close()
    con = duckdb.connect(old, read_only=True)
    frame = player_stats(con)  # unmarked seats count as named until the next import
    assert "Hero" in set(frame["player"]) and len(frame) == 1 + len(LABELS)
