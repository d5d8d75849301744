"""All-in adjusted results: the array evaluator against phevaluator, the enumeration against a
plain loop, and the stored table (filled by `import --allin` or on first read, the same
whichever core parsed, read by graphs)."""

from __future__ import annotations

import itertools
import random
from decimal import Decimal
from fractions import Fraction

import duckdb
import pandas as pd
import pytest
from phevaluator import evaluate_7cards
from typer.testing import CliRunner

from pipeline.cli.app import app
from pipeline.core import native_available
from pipeline.ingest.run import import_paths
from reports import evaluator
from reports.allin import adjusted_nets, fill_allin_equity, to_cents
from reports.equity import _heads_up, _multiway, allin_adjusted, card_id, native_counting
from tests.support.paths import SAMPLES

POKERSTARS = SAMPLES / "tournament_3712000001.txt"  # holds a four-way all-in with side pots


def test_values_order_hands_as_phevaluator_does():
    rng = random.Random(16)
    for _ in range(3000):
        board = rng.sample(range(52), 5)
        rest = [c for c in range(52) if c not in board]
        a, b = rng.sample(rest, 4)[:2], rng.sample(rest, 4)[2:]
        mine = evaluator.value_of(board + a), evaluator.value_of(board + b)
        theirs = evaluate_7cards(*board, *a), evaluate_7cards(*board, *b)  # lower is better
        assert (mine[0] > mine[1]) == (theirs[0] < theirs[1])
        assert (mine[0] == mine[1]) == (theirs[0] == theirs[1])


def test_categories_rank_in_order():
    hands = [  # weakest first: each beats the one before
        ["2c", "4d", "6h", "8s", "Tc", "Qd", "Ac"],  # ace high
        ["2c", "2d", "6h", "8s", "Tc", "Qd", "Ac"],  # a pair
        ["2c", "2d", "6h", "6s", "Tc", "Qd", "Ac"],  # two pair
        ["5c", "4d", "3h", "2s", "Ad", "Kc", "Qh"],  # the wheel, the lowest straight
        ["9c", "Td", "Jh", "Qs", "Kd", "2c", "2h"],  # king-high straight over a pair
        ["2h", "4h", "6h", "8h", "Th", "Ac", "Ad"],  # a flush beats the pair of aces
        ["Ah", "Ac", "Ad", "Kh", "Kc", "Kd", "2s"],  # two sets make aces full
        ["Ah", "Ac", "Ad", "As", "Kc", "Kd", "2s"],  # four aces
        ["5d", "4d", "3d", "2d", "Ad", "Ac", "Ah"],  # the steel wheel
        ["As", "Ks", "Qs", "Js", "Ts", "2c", "3d"],  # royal flush
    ]
    values = [evaluator.value_of([card_id(c) for c in h]) for h in hands]
    assert values == sorted(values) and len(set(values)) == len(values)


def _loop_tally(holes, known, contenders=None):
    """Winners among ``contenders`` (indices into ``holes``, default all) per board, by a
    plain loop through phevaluator (the reference); every hole card is dead."""
    dead = set(known).union(*holes)
    deck = [c for c in range(52) if c not in dead]
    tally: dict[tuple[int, ...], int] = {}
    for rest in itertools.combinations(deck, 5 - len(known)):
        ranks = [evaluate_7cards(*known, *rest, *holes[i])
                 for i in (contenders or range(len(holes)))]
        best = min(ranks)
        key = tuple(i for i, r in enumerate(ranks) if r == best)
        tally[key] = tally.get(key, 0) + 1
    return tally


def test_enumeration_matches_a_plain_loop():
    known = tuple(card_id(c) for c in ["Ah", "7d", "2c"])
    h0, h1, h2 = ((card_id("Kh"), card_id("Kd")), (card_id("Qh"), card_id("Jh")),
                  (card_id("7c"), card_id("7s")))
    ref = _loop_tally([h0, h1], known)
    assert _heads_up(h0, h1, known) == (ref.get((0,), 0), ref.get((1,), 0),
                                                    ref.get((0, 1), 0))
    ref3 = _loop_tally([h0, h1, h2], known)
    tallies, boards = _multiway({1: h0, 2: h1, 3: h2}, [1, 2, 3],
                                [(Fraction(30), (1, 2, 3)), (Fraction(10), (1, 2))],
                                known)
    assert boards == sum(ref3.values())
    assert tallies[0] == {tuple(i + 1 for i in k): n for k, n in ref3.items()}
    ref2 = _loop_tally([h0, h1, h2], known, contenders=[0, 1])  # the side pot, h2 dead
    assert tallies[1] == {tuple(i + 1 for i in k): n for k, n in ref2.items()}


def test_to_cents_rounds_half_to_even():
    assert to_cents(Fraction(1, 200)) == Decimal("0.00")
    assert to_cents(Fraction(3, 200)) == Decimal("0.02")
    assert to_cents(Fraction(-1234567, 300)) == Decimal("-4115.22")


def _table(db) -> list[tuple]:
    with duckdb.connect(str(db), read_only=True) as con:
        return con.execute("SELECT * FROM allin_equity ORDER BY ALL").fetchall()


def _import_filled(paths, db) -> None:
    """An import followed by the fill `sidepot import --allin` runs."""
    import_paths(paths, db)
    with duckdb.connect(str(db)) as con:
        fill_allin_equity(con)


def test_import_allin_stores_the_adjusted_results(tmp_path):
    db = tmp_path / "cli.duckdb"
    ran = CliRunner().invoke(app, ["import", str(POKERSTARS), "--db", str(db), "--allin"])
    assert ran.exit_code == 0, ran.output
    assert _table(db)
    bare = tmp_path / "bare.duckdb"
    ran = CliRunner().invoke(app, ["import", str(POKERSTARS), "--db", str(bare), "--no-allin"])
    assert ran.exit_code == 0, ran.output
    assert not _table(bare)  # --no-allin: computed when read, nothing stored
    plain = tmp_path / "plain.duckdb"
    assert CliRunner().invoke(app, ["import", str(POKERSTARS), "--db", str(plain)]).exit_code == 0
    # by default stored where the boards are counted natively
    assert bool(_table(plain)) == native_counting()
    if native_counting():
        assert _table(plain) == _table(db)


def test_fill_stores_the_adjusted_results(tmp_path):
    db = tmp_path / "a.duckdb"
    _import_filled([SAMPLES], db)
    stored = _table(db)
    with duckdb.connect(str(db)) as con:
        keys = con.execute("SELECT site, hand_id FROM hands").df()
        direct = allin_adjusted(con, keys)
        assert stored and stored == sorted((s, h, seat, to_cents(v))
                                           for (s, h, seat), v in direct.items())
        looked = con.execute("SELECT count(*) FROM allin_equity_hands").fetchall()[0][0]
        assert looked == len(keys)
        assert fill_allin_equity(con) == 0  # nothing new
        # a hand deleted and stored again (a file read again) is looked at again
        site, hand_id = stored[0][0], stored[0][1]
        con.execute("UPDATE stored.hands SET imported_at = imported_at + INTERVAL 1 SECOND "
                    "WHERE site = ? AND hand_id = ?", [site, hand_id])
        assert fill_allin_equity(con) == 1
        con.execute("DELETE FROM stored.hands WHERE site = ? AND hand_id = ?", [site, hand_id])
        fill_allin_equity(con)
        assert con.execute("SELECT count(*) FROM allin_equity WHERE site = ? AND hand_id = ?",
                           [site, hand_id]).fetchall()[0][0] == 0
    assert _table(db) == [r for r in stored if (r[0], r[1]) != (site, hand_id)]


def test_a_fill_in_small_chunks_stores_what_one_chunk_stores(tmp_path):
    """The keys to do come out of DuckDB a chunk at a time (never all held in Python): every
    hand is looked at once, in whatever chunks, and the working table is gone after."""
    from pipeline.export.pokerstars import write_hands
    from pipeline.sim.dealer import simulate

    (tmp_path / "sim.txt").write_text(write_hands([s.hand for s in simulate(60, 11)]), "utf-8")
    tables = {}
    for chunk in (7, 1000):
        db = tmp_path / f"chunk{chunk}.duckdb"
        import_paths([tmp_path / "sim.txt"], db)
        with duckdb.connect(str(db)) as con:
            assert fill_allin_equity(con, chunk_hands=chunk) == 60
            assert con.execute("SELECT count(*) FROM allin_equity_hands").fetchone()[0] == 60
            assert not con.execute("SELECT * FROM duckdb_tables() "
                                   "WHERE table_name = '_allin_todo'").fetchall()
        tables[chunk] = _table(db)
    assert tables[7] and tables[7] == tables[1000]


def test_readers_use_the_table_and_enumerate_what_it_lacks(tmp_path):
    db = tmp_path / "r.duckdb"
    _import_filled([POKERSTARS], db)
    with duckdb.connect(str(db)) as con:
        keys = con.execute("SELECT site, hand_id FROM hands").df()
        con.execute("UPDATE allin_equity SET adjusted_net = adjusted_net + 1")  # marked
        marked = {(s, h, seat): v for s, h, seat, v in
                  con.execute("SELECT * FROM allin_equity").fetchall()}
        con.execute("DELETE FROM allin_equity_hands")  # ... and forgotten: computed again
        con.execute("DELETE FROM allin_equity")
    with duckdb.connect(str(db), read_only=True) as con:
        fresh = adjusted_nets(con, keys)  # read-only: enumerated now, nothing stored
        assert fresh and all(fresh[k] == v - 1 for k, v in marked.items())
        assert con.execute("SELECT count(*) FROM allin_equity").fetchall()[0][0] == 0
    with duckdb.connect(str(db)) as con:
        assert adjusted_nets(con, keys) == fresh  # writable: stored first, then read
        assert con.execute("SELECT count(*) FROM allin_equity").fetchall()[0][0] == len(fresh)
    with duckdb.connect(str(db), read_only=True) as con:
        assert adjusted_nets(con, pd.DataFrame({"site": [], "hand_id": []})) == {}


@pytest.mark.skipif(not native_available(), reason="native core not built")
def test_both_cores_store_the_same_table(tmp_path, monkeypatch):
    tables = []
    for core in ("python", "native"):
        monkeypatch.setenv("SIDEPOT_CORE", core)
        db = tmp_path / f"{core}.duckdb"
        _import_filled([POKERSTARS], db)
        tables.append(_table(db))
    assert tables[0] and tables[0] == tables[1]


def test_shares_are_each_pots_boards_split_among_their_winners():
    """equity_shares sums amount * n / (boards * winners) over every pot and winner set,
    exactly (it sums per seat in integers first): held to that sum written out plainly, on
    flop situations with side pots and ties (a paired board splits often)."""
    from reports.equity import board_tallies, equity_shares

    rng = random.Random(9)
    for _ in range(30):
        players = rng.randint(2, 5)
        cards = rng.sample(range(52), 2 * players + 3)
        hole = {s + 1: (cards[2 * s], cards[2 * s + 1]) for s in range(players)}
        known = tuple(cards[2 * players:])
        seats = sorted(hole)
        pots = [(Fraction(rng.randint(1, 10_000), 100), tuple(seats))]
        if players > 2:
            pots.append((Fraction(rng.randint(1, 999), 7), tuple(seats[1:])))
        pots.append((Fraction(5), (seats[0],)))  # uncontested: back to its one seat
        contested = [p for p in pots if len(p[1]) > 1]
        (tallies, boards), = board_tallies([(hole, known, seats, contested)])
        want = {s: Fraction(0) for s in seats}
        want[seats[0]] += 5
        for (amount, _), tally in zip(contested, tallies, strict=True):
            for winners, n in tally.items():
                for s in winners:
                    want[s] += amount * n / (boards * len(winners))
        assert equity_shares(hole, known, pots) == want
        assert sum(want.values()) == sum(a for a, _ in pots)
