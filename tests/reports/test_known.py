"""Rows that mean one thing: filters case-insensitive, unknown values an error that lists
the valid ones, fixed-limit stakes read as the game is named, and cash, tournament chips and
different tournaments' chips never added into one number."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from parsers.model import LimitType
from pipeline.cli.app import app
from pipeline.export.pokerstars import write_hands
from pipeline.ingest.run import import_paths
from pipeline.sim import simulate
from reports.filters import FilterError, Filters
from reports.known import resolve
from reports.search import HandSearch, find_hands
from reports.stats import player_stats

runner = CliRunner()


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("known")
    games = {"fl": dict(limit=LimitType.FIXED_LIMIT, seed=3), "cash": dict(seed=13),
             "t1": dict(tournament=True, seed=11), "t2": dict(tournament=True, seed=12)}
    for name, kw in games.items():
        seed = kw.pop("seed")
        hands = [s.hand for s in simulate(30, seed, **kw)]
        (folder / f"{name}.txt").write_text(write_hands(hands), encoding="utf-8")
    db = str(folder / "k.duckdb")
    assert import_paths([folder], db).hands_imported == 120
    return db


def test_text_filters_take_the_stores_spelling(store):
    con = duckdb.connect(store, read_only=True)
    f = resolve(con, Filters(site="PokerStars", limit_type="fl", game="HOLDEM",
                             positions=("btn", "Bb"), player="NILS"))
    assert (f.site, f.limit_type, f.positions, f.player) == \
        ("pokerstars", "FL", ("BTN", "BB"), "Nils")
    assert f.game is not None and f.game.lower() == "holdem"
    upper = player_stats(con, Filters(player="NILS"))
    assert set(upper["player"]) == {"Nils"}  # the SQL compares names case-insensitively
    assert upper.equals(player_stats(con, Filters(player="Nils")))


@pytest.mark.parametrize(("filters", "listed"), [
    (Filters(site="PartyPoker"), "pokerstars"),
    (Filters(positions=("XYZ",)), "BTN"),
    (Filters(limit_type="mixed"), "FL, NL"),
    (Filters(stakes="3/7"), "2/4"),
])
def test_an_unknown_value_lists_the_valid_ones(store, filters, listed):
    con = duckdb.connect(store, read_only=True)
    with pytest.raises(FilterError, match="valid are") as caught:
        resolve(con, filters)
    assert listed in str(caught.value)


def test_an_unknown_player_suggests_close_names(store):
    con = duckdb.connect(store, read_only=True)
    with pytest.raises(FilterError, match="'Nils'"):
        resolve(con, Filters(player="Nilss"))


def test_fixed_limit_stakes_are_the_bets(store):
    con = duckdb.connect(store, read_only=True)
    named = con.execute("SELECT count(*) FROM hands WHERE limit_type = 'FL' AND small_bet = 2 "
                        "AND big_bet = 4").fetchone()[0]
    nl = con.execute("SELECT count(*) FROM hands WHERE limit_type <> 'FL' AND small_blind = 2 "
                     "AND big_blind = 4").fetchone()[0]
    assert named > 0
    seats = find_hands(con, HandSearch(stakes="2/4", limit=10_000))
    assert seats["hand"].nunique() == named + nl
    assert set(seats["limit_type"]) == {"FL"} | ({"NL"} if nl else set())
    stats = player_stats(con, Filters(stakes="2/4", limit_type="FL"))
    hands = con.execute("SELECT count(*) FROM seats JOIN hands USING (site, hand_id) WHERE "
                        "limit_type = 'FL' AND small_bet = 2 AND big_bet = 4 AND NOT "
                        "coalesce(sitting_out, false)").fetchone()[0]
    assert stats["hands"].sum() == hands
    blinds = player_stats(con, Filters(stakes="1/2", limit_type="FL"))  # FL 1/2 bets, not blinds
    assert set(blinds["hands"]) and blinds["hands"].sum() != hands
    result = runner.invoke(app, ["stats", "--db", store, "--stakes", "2/4", "--limit", "fl"])
    assert result.exit_code == 0, result.output


def test_cash_chips_and_tournaments_never_add_up(store, tmp_path):
    con = duckdb.connect(store, read_only=True)
    stats = player_stats(con)
    nils = stats[stats["player"] == "Nils"]
    assert sorted(zip(nils["currency"], nils["is_tournament"], strict=True)) == \
        [("CHIPS", True), ("USD", False)]
    chips = nils[nils["is_tournament"]].iloc[0]
    assert chips["tournaments"] == 2 and chips["net_won"] is None  # two tournaments' chips
    assert chips["bb_per_100"] is not None  # big blinds mean the same in each
    cash = nils[~nils["is_tournament"]].iloc[0]
    net = con.execute("SELECT sum(net) FROM seats JOIN hands USING (site, hand_id) WHERE "
                      "player = 'Nils' AND NOT is_tournament").fetchone()[0]
    assert cash["net_won"] == net
    alone = str(tmp_path / "one.duckdb")  # one tournament alone: its chips are one pot
    import_paths([Path(store).parent / "t1.txt"], alone)
    one = duckdb.connect(alone, read_only=True)
    row = player_stats(one, Filters(player="Nils")).iloc[0]
    chips = one.execute("SELECT sum(net) FROM seats WHERE player = 'Nils'").fetchone()[0]
    assert row["tournaments"] == 1 and row["net_won"] == chips


def test_the_cli_says_unknown_values_in_one_line(store):
    result = runner.invoke(app, ["stats", "--db", store, "--site", "PartyPoker"])
    assert result.exit_code == 2
    assert "valid are pokerstars" in result.stderr and len(result.stderr.splitlines()) == 1
    ok = runner.invoke(app, ["stats", "--db", store, "--site", "PokerStars", "--position", "btn"])
    assert ok.exit_code == 0 and "Nils" in ok.stdout
