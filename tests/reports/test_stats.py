"""Every statistic's two counts on three small PokerStars hands, worked out by hand.

The hands go through the real import (parse, replay, store) into a temporary DuckDB, so the
statistics are checked on exactly what users store. Four players, $0.05/$0.10:

hand 1 (button Ann): Dan folds in the CO, Ann raises (a steal), Bob folds the SB, Cid 3-bets
  from the BB, Ann calls; flop: Cid c-bets, Ann folds. Cid collects $1.80 (rake $0.05).
hand 2 (button Bob): everyone folds to Dan's big blind: a walk.
hand 3 (button Cid): Bob opens from the CO, Cid calls, Dan folds, Ann calls from the BB; flop:
  Ann checks, Bob c-bets, Cid calls, Ann folds; turn: Bob bets again, Cid calls; river checked;
  Cid's sevens beat Bob's king high at showdown: Cid collects $3.80 (rake $0.15).
"""

from __future__ import annotations

from decimal import Decimal

import duckdb
import pytest

from pipeline.ingest.run import import_paths
from reports.filters import FilterError, Filters, parse_stakes
from reports.sql import frame, load
from reports.stats import (
    DEFINITIONS,
    RefreshResult,
    needs_rebuild,
    player_stats,
    refresh,
    seat_facts,
)

HEAD = "PokerStars Hand #{id}:  Hold'em No Limit ($0.05/$0.10 USD) - 2024/05/0{d} 12:00:00 ET"
HANDS = [
    HEAD.format(id=900000001, d=1) + """
Table 'Testa' 4-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Cid ($10 in chips)
Seat 4: Dan ($10 in chips)
Bob: posts small blind $0.05
Cid: posts big blind $0.10
*** HOLE CARDS ***
Dan: folds
Ann: raises $0.20 to $0.30
Bob: folds
Cid: raises $0.60 to $0.90
Ann: calls $0.60
*** FLOP *** [Ah 7c 2d]
Cid: bets $1
Ann: folds
Uncalled bet ($1) returned to Cid
Cid collected $1.80 from pot
Cid: doesn't show hand
*** SUMMARY ***
Total pot $1.85 | Rake $0.05
Board [Ah 7c 2d]
Seat 1: Ann (button) folded on the Flop
Seat 2: Bob (small blind) folded before Flop
Seat 3: Cid (big blind) collected ($1.80)
Seat 4: Dan folded before Flop (didn't bet)
""",
    HEAD.format(id=900000002, d=2) + """
Table 'Testa' 4-max Seat #2 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Cid ($10 in chips)
Seat 4: Dan ($10 in chips)
Cid: posts small blind $0.05
Dan: posts big blind $0.10
*** HOLE CARDS ***
Ann: folds
Bob: folds
Cid: folds
Uncalled bet ($0.05) returned to Dan
Dan collected $0.10 from pot
Dan: doesn't show hand
*** SUMMARY ***
Total pot $0.10 | Rake $0
Seat 1: Ann folded before Flop (didn't bet)
Seat 2: Bob (button) folded before Flop (didn't bet)
Seat 3: Cid (small blind) folded before Flop
Seat 4: Dan (big blind) collected ($0.10)
""",
    HEAD.format(id=900000003, d=3) + """
Table 'Testa' 4-max Seat #3 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Cid ($10 in chips)
Seat 4: Dan ($10 in chips)
Dan: posts small blind $0.05
Ann: posts big blind $0.10
*** HOLE CARDS ***
Bob: raises $0.20 to $0.30
Cid: calls $0.30
Dan: folds
Ann: calls $0.20
*** FLOP *** [Ah 7c 2d]
Ann: checks
Bob: bets $0.50
Cid: calls $0.50
Ann: folds
*** TURN *** [Ah 7c 2d] [9s]
Bob: bets $1
Cid: calls $1
*** RIVER *** [Ah 7c 2d 9s] [3h]
Bob: checks
Cid: checks
*** SHOW DOWN ***
Bob: shows [Kd Qd] (high card Ace)
Cid: shows [7h 7s] (three of a kind, Sevens)
Cid collected $3.80 from pot
*** SUMMARY ***
Total pot $3.95 | Rake $0.15
Board [Ah 7c 2d 9s 3h]
Seat 1: Ann (big blind) folded on the Flop
Seat 2: Bob showed [Kd Qd] and lost with high card Ace
Seat 3: Cid (button) showed [7h 7s] and won ($3.80) with three of a kind, Sevens
Seat 4: Dan (small blind) folded before Flop
""",
]


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    root = tmp_path_factory.mktemp("stats")
    (root / "hands.txt").write_text("\n\n".join(HANDS) + "\n", encoding="utf-8")
    db = root / "s.duckdb"
    summary = import_paths([root / "hands.txt"], db)
    assert summary.hands_imported == 3, summary
    c = duckdb.connect(str(db), read_only=True)
    yield c
    c.close()


@pytest.fixture(scope="module")
def stats(con):
    return player_stats(con).set_index("player")


def counts(stats, player, stat):
    done, opps, _ = DEFINITIONS[stat]
    return int(stats.loc[player, done]), int(stats.loc[player, opps])


@pytest.mark.parametrize("player, stat, expected", [
    # VPIP / PFR over hands minus walks: Dan's hand 2 is a walk
    ("Ann", "vpip", (2, 3)), ("Ann", "pfr", (1, 3)),
    ("Bob", "vpip", (1, 3)), ("Bob", "pfr", (1, 3)),
    ("Cid", "vpip", (2, 3)), ("Cid", "pfr", (1, 3)),
    ("Dan", "vpip", (0, 2)), ("Dan", "pfr", (0, 2)),
    # 3-bet: faced one raise (Bob and Cid in hand 1; Cid, Dan, Ann in hand 3)
    ("Cid", "three_bet", (1, 2)), ("Bob", "three_bet", (0, 1)), ("Ann", "three_bet", (0, 1)),
    ("Dan", "three_bet", (0, 1)),
    # fold to 3-bet / 4-bet: Ann opened and faced Cid's 3-bet, and called
    ("Ann", "fold_to_three_bet", (0, 1)), ("Ann", "four_bet", (0, 1)),
    ("Cid", "fold_to_four_bet", (0, 0)),
    # steal: first in from CO/BTN/SB. Hand 1 Dan (CO) and Ann (BTN); hand 2 Ann (CO),
    # Bob (BTN), Cid (SB); hand 3 Bob (CO), who raised
    ("Ann", "steal", (1, 2)), ("Dan", "steal", (0, 1)), ("Bob", "steal", (1, 2)),
    ("Cid", "steal", (0, 1)),
    # fold to steal: hand 1 only (in hand 3 Cid called before the blinds acted)
    ("Bob", "fold_sb_to_steal", (1, 1)), ("Cid", "fold_bb_to_steal", (0, 1)),
    ("Ann", "fold_bb_to_steal", (0, 0)), ("Dan", "fold_sb_to_steal", (0, 0)),
    # c-bets: Cid (hand 1 flop), Bob (hand 3 flop and turn)
    ("Cid", "cbet_flop", (1, 1)), ("Bob", "cbet_flop", (1, 1)), ("Bob", "cbet_turn", (1, 1)),
    ("Ann", "fold_to_cbet_flop", (2, 2)), ("Cid", "fold_to_cbet_flop", (0, 1)),
    ("Cid", "fold_to_cbet_turn", (0, 1)),
    # flops, showdowns, wins
    ("Ann", "wtsd", (0, 2)), ("Bob", "wtsd", (1, 1)), ("Cid", "wtsd", (1, 2)),
    ("Bob", "wsd", (0, 1)), ("Cid", "wsd", (1, 1)),
    ("Cid", "wwsf", (2, 2)), ("Bob", "wwsf", (0, 1)), ("Ann", "wwsf", (0, 2)),
    # aggression, flop to river: Bob bets twice, checks once; Cid bets once, calls twice
    ("Bob", "af", (2, 0)), ("Cid", "af", (1, 2)), ("Cid", "afq", (1, 3)),
    ("Ann", "afq", (0, 2)),
])
def test_stat_counts(stats, player, stat, expected):
    assert counts(stats, player, stat) == expected


def test_hands_and_percentages(stats):
    assert stats["hands"].to_dict() == {"Ann": 3, "Bob": 3, "Cid": 3, "Dan": 3}
    assert stats.loc["Cid", "three_bet"] == pytest.approx(50.0)
    assert stats.loc["Cid", "af"] == pytest.approx(0.5)
    assert stats.loc["Ann", "vpip"] == pytest.approx(66.7)


def test_money(stats):
    # Cid: +0.90 (hand 1), -0.05 (hand 2), +2.00 (hand 3)
    assert stats.loc["Cid", "net_won"] == Decimal("2.85")
    assert stats.loc["Cid", "showdown_won"] == Decimal("2.00")
    assert stats.loc["Cid", "non_showdown_won"] == Decimal("0.85")
    assert stats.loc["Cid", "rake_paid"] == Decimal("0.20")
    assert stats.loc["Cid", "bb_per_100"] == pytest.approx(950.0)
    assert stats.loc["Bob", "net_won"] == Decimal("-1.85")
    assert stats.loc["Bob", "rake_paid"] == Decimal("0.00")
    assert stats.loc["Dan", "net_won"] == Decimal("0.00")
    assert sum(stats["net_won"]) + sum(stats["rake_paid"]) == 0


def test_filters(con):
    assert player_stats(con, player="Bob")["player"].tolist() == ["Bob"]
    only_btn = player_stats(con, positions=("BTN",)).set_index("player")["hands"].to_dict()
    assert only_btn == {"Ann": 1, "Bob": 1, "Cid": 1}
    assert player_stats(con, stakes="0.05/0.10")["hands"].sum() == 12
    assert player_stats(con, stakes="1/2").empty
    assert player_stats(con, date_from=parse_date_("2024-05-02"))["hands"].sum() == 8
    assert player_stats(con, date_to=parse_date_("2024-05-01"))["hands"].sum() == 4
    assert player_stats(con, tournament=True).empty
    assert player_stats(con, site="elsewhere").empty
    assert player_stats(con, game="holdem", limit_type="nl")["hands"].sum() in (0, 12)


def parse_date_(text):
    from reports.filters import parse_date

    return parse_date(text)


def test_player_filter_keeps_others_context(con):
    # Bob's fold to Ann's steal needs Ann's seat even when only Bob is asked for
    bob = player_stats(con, Filters(player="Bob")).iloc[0]
    assert (bob["fold_sb_to_steal_hands"], bob["fold_sb_to_steal_opps"]) == (1, 1)


def test_seat_facts_in_hand_order(con):
    facts = seat_facts(con, Filters(player="Cid"))
    assert facts["hand_id"].tolist() == ["900000001", "900000002", "900000003"]
    assert facts["net"].map(str).tolist() == ["0.90", "-0.05", "2.00"]


def test_bad_stakes():
    with pytest.raises(FilterError):
        parse_stakes("a/b")
    assert parse_stakes("$0.05/$0.10") == (Decimal("0.05"), Decimal("0.10"))


# -- the seat_stats table: computed once per hand, same answers as the live definition --------


@pytest.fixture
def writable(con, tmp_path):
    """A writable copy of the three-hand store (the module's store stays read-only)."""
    db = tmp_path / "w.duckdb"
    c = duckdb.connect(str(db))
    c.execute(f"ATTACH '{con.execute('PRAGMA database_list').fetchall()[0][2]}' AS src "
              "(READ_ONLY)")
    c.execute("COPY FROM DATABASE src TO w")
    c.execute("DETACH src")
    yield c, db
    c.close()


def _sorted(frame):
    return frame.sort_values(["site", "player", "currency"]).reset_index(drop=True)


def test_refresh_fills_the_table_once(writable):
    c, _ = writable
    first = refresh(c)
    assert first == RefreshResult(hands_added=3, rebuilt=True)
    assert c.execute("SELECT count(*) FROM seat_stats").fetchone()[0] == 12
    assert refresh(c) == RefreshResult(hands_added=0, rebuilt=False)


@pytest.mark.parametrize("f", [Filters(), Filters(player="Bob"), Filters(positions=("BTN", "SB")),
                               Filters(date_from=parse_date_("2024-05-02")), Filters(hero=True),
                               Filters(stakes="0.05/0.10", tournament=False)])
def test_stored_facts_answer_like_the_live_query(con, writable, f):
    c, _ = writable
    refresh(c)
    live = _sorted(player_stats(con, f))  # read-only store without the table: computed live
    stored = _sorted(player_stats(c, f))
    assert stored.columns.tolist() == live.columns.tolist()
    assert stored.equals(live)
    assert seat_facts(c, f).equals(seat_facts(con, f))


def test_read_only_store_adds_hands_the_table_lacks(tmp_path):
    db = tmp_path / "later.duckdb"
    (tmp_path / "first.txt").write_text("\n\n".join(HANDS[:2]) + "\n", encoding="utf-8")
    (tmp_path / "later.txt").write_text(HANDS[2] + "\n", encoding="utf-8")
    import_paths([tmp_path / "first.txt"], db)
    with duckdb.connect(str(db)) as rw:
        assert refresh(rw) == RefreshResult(hands_added=2, rebuilt=True)
    import_paths([tmp_path / "later.txt"], db)  # imported after the refresh
    with duckdb.connect(str(db), read_only=True) as ro:
        stats = player_stats(ro).set_index("player")
        assert stats["hands"].sum() == 12
        assert counts(stats, "Cid", "cbet_turn") == (0, 0)
        assert counts(stats, "Bob", "cbet_turn") == (1, 1)
        # the view decodes the flags of every stored hand; the rollup lacks the later one
        assert ro.execute("SELECT count(*) FROM seat_stats").fetchone()[0] == 12
        assert ro.execute("SELECT count(*) FROM seat_stats_hands").fetchone()[0] == 2
        assert ro.execute("SELECT sum(hands) FROM seat_stats_rollup").fetchone()[0] == 8
    with duckdb.connect(str(db)) as rw:
        assert refresh(rw) == RefreshResult(hands_added=1, rebuilt=False)
        assert rw.execute("SELECT count(*) FROM seat_stats").fetchone()[0] == 12
        assert rw.execute("SELECT sum(hands) FROM seat_stats_rollup").fetchone()[0] == 12


def test_refresh_cuts_the_same_store_into_the_same_chunks(tmp_path):
    """Rollup rows are summed per chunk: the same hands, imported in another order, must
    still be cut into the same chunks (by key), so both stores hold the same rollup rows."""
    from pipeline.export.pokerstars import write_hands
    from pipeline.sim.dealer import simulate

    dealt = [s.hand for s in simulate(60, 11, players=(2, 3))]
    for half, part in enumerate((dealt[:30], dealt[30:])):
        (tmp_path / f"half{half}.txt").write_text(write_hands(part), encoding="utf-8")
    rollups = []
    for order in ((0, 1), (1, 0)):
        db = tmp_path / f"order{order[0]}.duckdb"
        for half in order:
            import_paths([tmp_path / f"half{half}.txt"], db)
        with duckdb.connect(str(db)) as rw:
            assert refresh(rw, chunk_hands=20) == RefreshResult(hands_added=60, rebuilt=True)
            rollups.append(rw.execute("FROM seat_stats_rollup ORDER BY ALL").fetchall())
    assert rollups[0] == rollups[1]


def test_a_changed_definition_rebuilds_the_table(writable):
    c, _ = writable
    refresh(c)
    c.execute("UPDATE seat_stats_meta SET definition = 'older'")
    c.execute("UPDATE seat_stats_rollup SET vpip_hands = vpip_hands + 1")
    assert refresh(c) == RefreshResult(hands_added=3, rebuilt=True)
    assert player_stats(c).set_index("player").loc["Bob", "vpip_hands"] == 1


def test_a_changed_rollup_re_adds_the_stored_facts(writable):
    c, _ = writable
    refresh(c)
    c.execute("UPDATE seat_stats_meta SET rollup = 'older'")
    c.execute("DELETE FROM seat_stats_rollup")
    # a mark only the stored facts carry (Bob's vpip bit flipped in the flags the core
    # stored): recomputing them from the actions would drop it
    c.execute("UPDATE stored.seat_flags f SET flags = xor(f.flags, 2) FROM stored.seats s "
              "WHERE s.hand_key = f.hand_key AND s.seat = f.seat AND s.player = 'Bob'")
    assert refresh(c) == RefreshResult(hands_added=0, rebuilt=False)
    assert c.execute("SELECT count(*) FROM seat_stats_rollup").fetchone()[0] == 12
    assert refresh(c) == RefreshResult(hands_added=0, rebuilt=False)
    vpip = c.execute("SELECT count_if(vpip AND vpip_opp) FROM seat_stats"
                     " WHERE player = 'Bob'").fetchone()[0]
    assert player_stats(c).set_index("player").loc["Bob", "vpip_hands"] == vpip


def test_a_read_only_store_with_an_older_rollup_adds_up_on_the_fly(con, writable):
    c, db = writable
    refresh(c)
    c.execute("UPDATE seat_stats_meta SET rollup = 'older'")
    c.execute("DELETE FROM seat_stats_rollup")
    c.close()
    with duckdb.connect(str(db), read_only=True) as ro:
        for f in (Filters(), Filters(positions=("BTN", "SB"))):
            assert _sorted(player_stats(ro, f)).equals(_sorted(player_stats(con, f)))


def test_needs_rebuild_only_for_missing_or_other_facts(writable):
    c, _ = writable
    assert needs_rebuild(c)  # no tables yet
    refresh(c)
    assert not needs_rebuild(c)
    c.execute("UPDATE seat_stats_meta SET rollup = 'older'")
    assert not needs_rebuild(c)  # the rollup is re-added, the facts stay
    c.execute("UPDATE seat_stats_meta SET definition = 'older'")
    assert needs_rebuild(c)


def _live(con, f):
    """The oracle: seat_facts.sql computed from the actions, added up here in pandas."""
    facts = frame(con, load("seat_facts"), f.params())
    facts["vpip_done"] = facts["vpip_opp"] & facts["vpip"]
    sums = facts.groupby("player").agg(
        hands=("seat", "size"), vpip_opps=("vpip_opp", "sum"), vpip_hands=("vpip_done", "sum"),
        three_bet_opps=("three_bet_opp", "sum"), steal_hands=("steal", "sum"),
        cbet_flop_opps=("cbet_flop_opp", "sum"), showdowns=("wtsd", "sum"),
        fold_bb_to_steal_opps=("fold_bb_to_steal_opp", "sum"), net_won=("net", "sum"),
    )
    return sums.astype({c: "int64" for c in sums.columns if c != "net_won"})


@pytest.mark.parametrize("f", [
    Filters(), Filters(date_from=parse_date_("2024-05-01")),
    Filters(date_from=parse_date_("2024-04-20")), Filters(date_to=parse_date_("2024-05-31")),
    Filters(date_from=parse_date_("2024-04-16"), date_to=parse_date_("2024-06-09")),
    Filters(date_from=parse_date_("2024-05-02"), date_to=parse_date_("2024-05-03")),
    Filters(positions=("BB",), date_from=parse_date_("2024-04-20")), Filters(player="Ann"),
    Filters(positions=("BTN", "SB")),
])
def test_monthly_rollup_and_cut_months_match_the_facts(writable, f):
    c, _ = writable
    # spread the hands over three months: April 15, May 2, June 10
    c.execute("UPDATE stored.hands SET started_at = started_at - INTERVAL 16 DAY "
              "WHERE hand_id = '900000001'")
    c.execute("UPDATE stored.hands SET started_at = started_at + INTERVAL 38 DAY "
              "WHERE hand_id = '900000003'")
    expected = _live(c, f)
    got = player_stats(c, f).set_index("player")[expected.columns]
    assert c.execute("SELECT count(*) FROM seat_stats_rollup").fetchone()[0] == 12
    assert not expected.empty
    assert got.sort_index().equals(expected.sort_index())


def _stored_facts(rw):
    """Every seat's facts, the rollup added up across chunks, and the statistics."""
    seats = rw.execute("FROM seat_stats ORDER BY site, hand_id, seat").fetchall()
    keys = ["site", "player", "currency", "is_hero", "anonymous", "game", "limit_type",
            "small_blind", "big_blind", "stakes_small", "stakes_big", "is_tournament",
            "tournament_id", "position", "month"]
    counts = [d[0] for d in rw.execute("FROM seat_stats_rollup LIMIT 0").description
              if d[0] not in (*keys, "chunk")]
    assert "vpip_hands" in counts and "net" in counts
    sums = ", ".join(f"sum({c})" for c in counts)  # net_bb too: exact decimals
    groups = rw.execute(  # rollup rows are summed per chunk: compare them added up
        f"SELECT {', '.join(keys)}, {sums} FROM seat_stats_rollup "
        "GROUP BY ALL ORDER BY ALL").fetchall()
    return seats, groups, _sorted(player_stats(rw))


def test_refreshes_after_each_import_store_what_one_rebuild_stores(tmp_path):
    """Facts added import by import (several chunks each) are the rows, and add up to the
    statistics, that one refresh from scratch computes for the whole store."""
    from pipeline.export.pokerstars import write_hands
    from pipeline.sim.dealer import simulate

    dealt = [s.hand for s in simulate(90, 5, players=(2, 6))]
    db = tmp_path / "three.duckdb"
    for part in range(3):
        path = tmp_path / f"part{part}.txt"
        path.write_text(write_hands(dealt[part * 30:(part + 1) * 30]), encoding="utf-8")
        import_paths([path], db)
        with duckdb.connect(str(db)) as rw:
            added = refresh(rw, chunk_hands=7)
            assert added == RefreshResult(hands_added=30, rebuilt=part == 0)

    with duckdb.connect(str(db)) as rw:
        incremental = _stored_facts(rw)
        rebuilt = _rebuilt_facts(rw)
    assert len(incremental[0]) == len(rebuilt[0]) > 90 * 2
    assert incremental[0] == rebuilt[0]
    assert incremental[1] == rebuilt[1]
    # every column exactly, net_bb and bb_per_100 too: they are sums of exact decimals, so
    # another cut into chunks (or import batches) gives the same figure to the last digit
    assert incremental[2].equals(rebuilt[2])
    assert incremental[2]["net_bb"].abs().sum() > 0
    assert incremental[2]["hands"].sum() == len(rebuilt[0])


def test_a_chunk_that_does_not_fit_the_memory_cap_runs_uncapped(tmp_path, monkeypatch):
    """The refresh caps DuckDB's memory to keep an import's footprint flat; a chunk that
    does not fit is rolled back and run again without the cap, storing the same rows, and
    the connection's own limit is back afterwards."""
    from pipeline.export.pokerstars import write_hands
    from pipeline.sim.dealer import simulate
    from reports import stats_tables as stats_module

    (tmp_path / "sim.txt").write_text(
        write_hands([s.hand for s in simulate(400, 5)]), encoding="utf-8")
    dbs = {}
    for name in ("roomy", "tight"):
        dbs[name] = tmp_path / f"{name}.duckdb"
        import_paths([tmp_path / "sim.txt"], dbs[name])
    with duckdb.connect(str(dbs["roomy"])) as rw:
        assert refresh(rw, chunk_hands=200) == RefreshResult(hands_added=400, rebuilt=True)
        roomy = rw.execute("FROM seat_stats ORDER BY ALL").fetchall()
    ran = []
    real_chunk = stats_module.add_chunk

    def chunk_spy(con, planned, chunk):
        ran.append((chunk, con.execute("SELECT current_setting('memory_limit')").fetchone()[0]))
        return real_chunk(con, planned, chunk)

    monkeypatch.setattr(stats_module, "add_chunk", chunk_spy)
    monkeypatch.setattr(stats_module, "REFRESH_MEMORY_LIMIT", "1MB")
    with duckdb.connect(str(dbs["tight"])) as rw:
        def limit() -> str:
            return rw.execute("SELECT current_setting('memory_limit')").fetchone()[0]

        rw.execute("SET memory_limit = '1MB'")
        capped = limit()
        rw.execute("SET memory_limit = '2GiB'")  # (a value its display gives back exactly)
        own = limit()
        assert refresh(rw, chunk_hands=200) == RefreshResult(hands_added=400, rebuilt=True)
        assert rw.execute("FROM seat_stats ORDER BY ALL").fetchall() == roomy
        assert limit() == own
    # each chunk ran once, with the cap lifted: only an out-of-memory error lifts it
    assert [c for c, _ in ran] == [0, 1]
    assert all(seen != capped for _, seen in ran), (capped, ran)


def test_a_rollup_with_a_new_column_is_added_up_again_with_it(writable, monkeypatch):
    """A new rollup definition (a column added, say) gets a table of its own columns, every
    chunk added up again from the stored facts."""
    from reports import stats_chunks, stats_tables
    from reports.sql import load as real_load

    c, _ = writable
    refresh(c)
    wider = real_load("seat_rollup").replace("count(*) AS hands,",
                                             "count(*) AS hands, count(*) AS seats_again,")
    assert wider != real_load("seat_rollup")
    for module in (stats_tables, stats_chunks):  # the tables' upkeep and a chunk's steps
        monkeypatch.setattr(module, "load",
                            lambda name: wider if name == "seat_rollup" else real_load(name))
    assert refresh(c) == RefreshResult(hands_added=0, rebuilt=False)
    assert c.execute("SELECT sum(seats_again), sum(hands) FROM seat_stats_rollup"
                     ).fetchone() == (12, 12)


def _rebuilt_facts(rw):
    """:func:`_stored_facts` of the facts' tables made again from scratch."""
    rw.execute("DROP VIEW seat_stats")
    for name in ("seat_stats_computed", "seat_stats_rollup", "seat_stats_hands",
                 "seat_stats_meta"):
        rw.execute(f"DROP TABLE {name}")
    hands = rw.execute("SELECT count(*) FROM hands").fetchone()[0]
    assert refresh(rw) == RefreshResult(hands_added=hands, rebuilt=True)
    return _stored_facts(rw)


def test_facts_added_alongside_an_import_are_those_one_refresh_adds(tmp_path):
    """The CLI's import adds the facts of whole chunks in its writer thread as batches
    commit (:class:`Alongside`); the refresh after it adds the rest. Together they store the
    rows and statistics one refresh from scratch stores."""
    from pipeline.export.pokerstars import write_hands
    from pipeline.sim.dealer import simulate
    from reports.stats_tables import Alongside

    path = tmp_path / "hands.txt"
    path.write_text(write_hands([s.hand for s in simulate(90, 8, players=(2, 6))]),
                    encoding="utf-8")
    db = tmp_path / "alongside.duckdb"
    alongside = Alongside(chunk_hands=25)
    import_paths([path], db, batch_size=10, after_batch=alongside)
    with duckdb.connect(str(db)) as rw:
        # 9 batches of 10: whole chunks of 25 were added after the 3rd, 5th and 8th
        assert rw.execute("SELECT count(*) FROM seat_stats_hands").fetchone()[0] == 75
        assert alongside.waiting == 15 and not alongside.failed
        assert refresh(rw) == RefreshResult(hands_added=15, rebuilt=False)
        along = _stored_facts(rw)
        rebuilt = _rebuilt_facts(rw)
    assert along[0] == rebuilt[0] and along[1] == rebuilt[1]
    assert along[2].equals(rebuilt[2])


def test_a_failed_refresh_alongside_leaves_the_import_whole(tmp_path, monkeypatch):
    """A refresh that fails in the writer thread is left to the one after the import: the
    import stores every hand, and later chunks are not tried again."""
    from pipeline.export.pokerstars import write_hands
    from pipeline.sim.dealer import simulate
    from reports import stats_tables

    path = tmp_path / "hands.txt"
    path.write_text(write_hands([s.hand for s in simulate(40, 9)]), encoding="utf-8")
    calls = []

    def failing(con, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003
        calls.append(args)
        raise duckdb.IOException("no space left on device")

    monkeypatch.setattr(stats_tables, "refresh", failing)
    alongside = stats_tables.Alongside(chunk_hands=10)
    summary = import_paths([path], tmp_path / "s.duckdb", batch_size=10,
                           after_batch=alongside)
    assert summary.hands_imported == 40 and alongside.failed and len(calls) == 1
