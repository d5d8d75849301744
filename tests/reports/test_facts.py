"""The Python core's stat facts (reports.facts) on hands built by hand, fact by fact, and the
bits' names held to the SQL reference and to the decoding SQL.

Seats are (seat, position, went_to_showdown, collected > 0) of the seats dealt in; actions
(street, seat, kind) in order, posts included (they never count).
"""

from __future__ import annotations

import re

import duckdb
import pytest

from reports.facts import COUNTS, FLAGS, VERSION, definition, hand_facts, unpack
from reports.sql import load

POSTS = [("preflop", 2, "post_sb"), ("preflop", 3, "post_bb")]


def facts(dealt, actions, has_flop=True):  # noqa: ANN001, ANN201
    """{seat: (set of true flags, post_aggr, post_calls, post_folds)}."""
    found = hand_facts(dealt, has_flop, actions)
    assert found is not None
    return {d[0]: ({n for n, v in unpack(f[0]).items() if v}, *f[1:])
            for d, f in zip(dealt, found, strict=True)}


def test_steal_three_bet_and_flop_cbet() -> None:
    """Dan folds in the CO, Ann steals from the button, Bob folds the SB, Cid 3-bets from the
    BB, Ann calls; flop: Cid c-bets, Ann folds. Cid wins without a showdown."""
    dealt = [(1, "BTN", False, False), (2, "SB", False, False), (3, "BB", False, True),
             (4, "CO", False, False)]
    actions = [*POSTS, ("preflop", 4, "fold"), ("preflop", 1, "raise"), ("preflop", 2, "fold"),
               ("preflop", 3, "raise"), ("preflop", 1, "call"), ("flop", 3, "bet"),
               ("flop", 1, "fold"), ("flop", 1, "uncalled_return"), ("showdown", 3, "muck")]
    got = facts(dealt, actions)
    assert got[4] == ({"vpip_opp", "steal_opp"}, 0, 0, 0)
    assert got[1] == ({"vpip_opp", "vpip", "pfr", "steal_opp", "steal",
                       "fold_to_three_bet_opp", "four_bet_opp", "fold_to_cbet_flop_opp",
                       "fold_to_cbet_flop", "saw_flop"}, 0, 0, 1)
    assert got[2] == ({"vpip_opp", "three_bet_opp", "fold_sb_to_steal_opp",
                       "fold_sb_to_steal"}, 0, 0, 0)
    assert got[3] == ({"vpip_opp", "vpip", "pfr", "three_bet_opp", "three_bet",
                       "fold_bb_to_steal_opp", "cbet_flop_opp", "cbet_flop", "saw_flop",
                       "won_after_flop"}, 1, 0, 0)


def test_walk_is_no_vpip_chance_for_the_big_blind() -> None:
    dealt = [(1, "BTN", False, False), (2, "SB", False, False), (3, "BB", False, True)]
    actions = [*POSTS, ("preflop", 1, "fold"), ("preflop", 2, "fold")]
    got = facts(dealt, actions, has_flop=False)
    assert got[3] == (set(), 0, 0, 0)
    assert got[1] == ({"vpip_opp", "steal_opp"}, 0, 0, 0)
    assert got[2] == ({"vpip_opp", "steal_opp"}, 0, 0, 0)


def test_four_bet_and_fold_to_four_bet() -> None:
    """Dan opens from the CO, Ann 3-bets, the blinds fold, Dan 4-bets, Ann folds."""
    dealt = [(1, "BTN", False, False), (2, "SB", False, False), (3, "BB", False, False),
             (4, "CO", False, True)]
    actions = [*POSTS, ("preflop", 4, "raise"), ("preflop", 1, "raise"), ("preflop", 2, "fold"),
               ("preflop", 3, "fold"), ("preflop", 4, "raise"), ("preflop", 1, "fold")]
    got = facts(dealt, actions, has_flop=False)
    assert got[4][0] == {"vpip_opp", "vpip", "pfr", "steal_opp", "steal",
                         "fold_to_three_bet_opp", "four_bet_opp", "four_bet"}
    assert got[1][0] == {"vpip_opp", "vpip", "pfr", "three_bet_opp", "three_bet",
                         "fold_to_four_bet_opp", "fold_to_four_bet"}
    # the blinds faced two raises: no 3-bet chance, no steal to fold to alone
    assert got[2][0] == got[3][0] == {"vpip_opp"}


def test_turn_cbet_and_folds_to_cbets() -> None:
    """Three-handed: Ann steals from the button, Bob calls in the SB, Cid calls in the BB
    (behind a caller: not alone facing the steal). Flop: checked to Ann, who bets; Bob calls,
    Cid folds. Turn: Bob checks, Ann bets, Bob folds."""
    dealt = [(1, "BTN", False, True), (2, "SB", False, False), (3, "BB", False, False)]
    actions = [*POSTS, ("preflop", 1, "raise"), ("preflop", 2, "call"), ("preflop", 3, "call"),
               ("flop", 2, "check"), ("flop", 3, "check"), ("flop", 1, "bet"),
               ("flop", 2, "call"), ("flop", 3, "fold"),
               ("turn", 2, "check"), ("turn", 1, "bet"), ("turn", 2, "fold")]
    got = facts(dealt, actions)
    assert got[1] == ({"vpip_opp", "vpip", "pfr", "steal_opp", "steal", "cbet_flop_opp",
                       "cbet_flop", "cbet_turn_opp", "cbet_turn", "saw_flop",
                       "won_after_flop"}, 2, 0, 0)
    assert got[2] == ({"vpip_opp", "vpip", "three_bet_opp", "fold_sb_to_steal_opp",
                       "fold_to_cbet_flop_opp", "fold_to_cbet_turn_opp", "fold_to_cbet_turn",
                       "saw_flop"}, 0, 1, 1)
    assert got[3] == ({"vpip_opp", "vpip", "three_bet_opp", "fold_to_cbet_flop_opp",
                       "fold_to_cbet_flop", "saw_flop"}, 0, 0, 1)


def test_no_cbet_when_another_player_bets_first() -> None:
    """The preflop raiser checks, the caller bets: a donk bet, no c-bet; the raiser could
    still have bet first (a c-bet chance). River actions count as postflop actions."""
    dealt = [(1, "BTN", True, False), (3, "BB", True, True)]
    actions = [("preflop", 1, "post_sb"), ("preflop", 3, "post_bb"), ("preflop", 1, "raise"),
               ("preflop", 3, "call"), ("flop", 3, "check"), ("flop", 1, "check"),
               ("turn", 3, "bet"), ("turn", 1, "call"), ("river", 3, "bet"),
               ("river", 1, "raise"), ("river", 3, "call"), ("showdown", 1, "show"),
               ("showdown", 3, "show")]
    got = facts(dealt, actions)
    assert got[1] == ({"vpip_opp", "vpip", "pfr", "steal_opp", "steal", "cbet_flop_opp",
                       "saw_flop", "wtsd"}, 1, 1, 0)
    assert got[3] == ({"vpip_opp", "vpip", "three_bet_opp", "fold_bb_to_steal_opp",
                       "saw_flop", "wtsd", "won_sd", "won_after_flop"}, 2, 1, 0)


def test_showdown_without_flop_and_seats_that_sit_out() -> None:
    """An all-in preflop: showdown and a win, but no flop seen where the board is short; a
    seat that is not dealt in (not given) gets no row; an undealt seat's raise still makes it
    the preflop aggressor, so nobody dealt in can c-bet."""
    dealt = [(1, "BTN", True, True), (3, "BB", True, False)]
    actions = [("preflop", 1, "post_sb"), ("preflop", 3, "post_bb"), ("preflop", 1, "raise"),
               ("preflop", 3, "call"), ("preflop", 5, "raise"), ("flop", 1, "bet")]
    got = facts(dealt, actions, has_flop=False)
    assert got[1][0] == {"vpip_opp", "vpip", "pfr", "steal_opp", "steal", "won_sd"}
    assert got[3][0] == {"vpip_opp", "vpip", "three_bet_opp", "fold_bb_to_steal_opp"}
    assert set(got) == {1, 3}


def test_repeated_seat_number_is_left_to_the_sql() -> None:
    assert hand_facts([(1, "BTN", False, False), (1, "BB", False, False)], False, []) is None


def test_bits_are_the_sql_reference_columns() -> None:
    """Every 0/1 column of the reference's rows is a flag (but the seat's own columns), every
    count a count: a stat added to seat_flags.sql fails here until the cores have it."""
    con = duckdb.connect()
    con.execute("CREATE TABLE seat_stats_chunk (site VARCHAR, hand_id VARCHAR)")
    con.execute("CREATE TABLE seat_stats_flagged (site VARCHAR, hand_id VARCHAR)")
    from pipeline.store.schema import SCHEMA

    con.execute(SCHEMA)
    from reports.stats import no_filters

    described = con.execute(f"DESCRIBE {load('seat_stats_pending')}", no_filters()).fetchall()
    booleans = [name for name, kind, *_ in described if kind == "BOOLEAN"]
    assert tuple(b for b in booleans
                 if b not in ("is_tournament", "is_hero", "anonymous", "went_to_showdown")) \
        == FLAGS
    assert tuple(name for name, kind, *_ in described if kind == "BIGINT") == COUNTS
    assert len(FLAGS) == 29  # the packed integer is an INTEGER column


def test_decoding_sql_reads_each_flag_at_its_bit() -> None:
    decoded = dict((name, int(bit)) for bit, name in re.findall(
        r"\(s\.flags >> (\d+)\) & 1 = 1 AS (\w+)", load("seat_stats_stored")))
    assert decoded == {name: i for i, name in enumerate(FLAGS)}


def test_definition_names_version_and_bits() -> None:
    assert VERSION >= 1
    assert len(definition()) == 16
    assert definition() == definition()
    import reports.facts as module

    before = definition()
    try:
        module.VERSION = VERSION + 1
        assert definition() != before
    finally:
        module.VERSION = VERSION


@pytest.mark.parametrize("flags", [0, 1, (1 << 29) - 1, 0b1010])
def test_unpack(flags: int) -> None:
    got = unpack(flags)
    assert list(got) == list(FLAGS)
    assert sum(v << i for i, v in enumerate(got.values())) == flags
