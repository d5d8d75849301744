"""The simulator, its PokerStars writer and the ``sidepot simulate`` command."""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parsers import registry
from parsers.model import ActionKind, Hand, LimitType, Street
from parsers.sites.pokerstars import reader as pokerstars
from parsers.text import split_hands
from pipeline.cli.app import app
from pipeline.cli.simulate import parse_players
from pipeline.export.pokerstars import money, write_hand, write_hands
from pipeline.sim.dealer import simulate
from pipeline.sim.money import award, build_pots, describe


def _plain(hand: Hand) -> Hand:
    """The hand without what only text carries (line numbers, raw text, source)."""
    actions = tuple(dataclasses.replace(a, line=0) for a in hand.actions)
    report = dataclasses.replace(hand.report, collections=tuple(
        dataclasses.replace(c, line=0) for c in hand.report.collections))
    return dataclasses.replace(hand, actions=actions, report=report, raw_text="", source=None)


@pytest.mark.parametrize("limit", list(LimitType))
def test_written_hands_parse_back_to_the_same_hand(limit: LimitType) -> None:
    sims = list(simulate(150, 3, limit=limit, antes=True, straddle=True))
    text = write_hands(s.hand for s in sims)
    chunks = split_hands(text)
    assert len(chunks) == len(sims)
    assert registry.detect(text).name == "pokerstars"
    for sim, chunk in zip(sims, chunks, strict=True):
        assert _plain(pokerstars.parse(chunk)) == _plain(sim.hand), chunk.text


def test_tournament_hands_parse_back_to_the_same_hand() -> None:
    for sim in simulate(100, 4, antes=True, tournament=True):
        text = write_hand(sim.hand)
        assert "Tournament #" in text and "$" not in text.split("\n", 1)[1]
        assert _plain(pokerstars.parse(split_hands(text)[0])) == _plain(sim.hand)


def test_features_occur_often() -> None:
    seen: Counter[str] = Counter()
    for sim in simulate(1000, 5, antes=True, straddle=True):
        seen.update(sim.features)
    for feature in ("side_pots", "pots_4", "three_plus_all_ins", "split_pot", "walk",
                    "uncalled", "straddle", "run_it_twice", "short_all_in_raise", "raked",
                    "board_plays"):
        assert seen[feature] >= 10, (feature, seen)


def test_fixed_limit_respects_sizes_and_cap() -> None:
    capped = 0
    for sim in simulate(300, 6, limit=LimitType.FIXED_LIMIT):
        h = sim.hand
        raises: Counter[Street] = Counter()
        for a in h.actions:
            if a.kind in (ActionKind.BET, ActionKind.RAISE):
                raises[a.street] += 1
                unit = h.stakes.small_bet if a.street <= Street.FLOP else h.stakes.big_bet
                assert a.all_in or a.raise_by in (None, unit)
        assert raises[Street.PREFLOP] <= 3  # the big blind is the first of four bets
        assert all(raises[s] <= 4 for s in (Street.FLOP, Street.TURN, Street.RIVER))
        capped += "fl_cap" in sim.features
    assert capped > 10


def test_heads_up_button_posts_small_blind() -> None:
    for sim in simulate(50, 8, players=2):
        posts = {a.kind: a.seat for a in sim.hand.actions if a.kind.is_post}
        assert posts[ActionKind.POST_SMALL_BLIND] == sim.hand.button_seat
        assert posts[ActionKind.POST_BIG_BLIND] != sim.hand.button_seat


def test_no_bet_exceeds_a_stack_and_stacks_stay_positive() -> None:
    for sim in simulate(300, 9, antes=True):
        left = {s.seat: s.stack for s in sim.hand.seats}
        for a in sim.hand.actions:
            if a.kind is ActionKind.UNCALLED_RETURN:
                left[a.seat] += a.amount
            elif a.amount:
                left[a.seat] -= a.amount
                assert left[a.seat] >= 0
                assert a.all_in == (left[a.seat] == 0)


def test_pots_by_contribution_level() -> None:
    # 100 all in, 300 all in, 500 called, 50 folded: 250 main (4 x ... ) and two side pots.
    pots = build_pots({1: 100, 2: 300, 3: 500, 4: 500, 5: 50}, {5}, {1, 2})
    assert pots == [(450, (1, 2, 3, 4)), (600, (2, 3, 4)), (400, (3, 4))]


def test_odd_chips_one_each_from_the_left_of_the_button() -> None:
    board = ("Ah", "Kd", "Qc", "Js", "Td")  # broadway: everyone plays the board
    hole = {1: ("2c", "3d"), 4: ("2d", "3c"), 6: ("2h", "3s"), 8: ("2s", "3h")}
    (pot,) = award([(730, (1, 4, 6, 8))], 0, [board], hole, button=4)
    assert pot.shares == (((6, 183), (8, 183), (1, 182), (4, 182)),)


def test_rake_comes_off_the_main_pot_first() -> None:
    hole = {1: ("Ac", "Ad"), 2: ("2c", "7d"), 3: ("Kc", "Kd")}
    board = ("As", "Ks", "8h", "4d", "3c")
    pots = award([(30, (1, 2, 3)), (40, (2, 3))], 35, [board], hole, button=1)
    assert [(p.net, p.winners) for p in pots] == [(0, (1,)), (35, (3,))]


def test_describe_hands() -> None:
    assert describe(("As", "Ad"), ("Ah", "Kd", "Kc", "2s", "3h")) == (
        "a full house, Aces full of Kings")
    assert describe(("9s", "8s"), ("7s", "6s", "5s", "2d", "2h")) == (
        "a straight flush, Five to Nine")
    assert describe(("2c", "7d"), ()) == "high card Seven"


def test_money_prints_like_the_site() -> None:
    cash = next(simulate(1, 1)).hand
    assert money(cash, 5000) == "$50" and money(cash, 125) == "$1.25"
    assert money(cash, 7) == "$0.07"


def test_players_option() -> None:
    assert parse_players("2..10") == (2, 10)
    assert parse_players("6") == (6, 6)
    with pytest.raises(Exception, match="2..10"):
        parse_players("1..11")
    with pytest.raises(ValueError):
        list(simulate(1, 0, players=(3, 2)))


def test_simulate_command_writes_a_deterministic_file(tmp_path: Path) -> None:
    runner = CliRunner()
    out1, out2 = tmp_path / "a.txt", tmp_path / "b.txt"
    args = ["simulate", "--hands", "20", "--seed", "3", "--players", "3..6", "--limit", "PL",
            "--antes"]
    r1 = runner.invoke(app, [*args, "-o", str(out1)])
    r2 = runner.invoke(app, [*args, "-o", str(out2)])
    assert r1.exit_code == 0 and r2.exit_code == 0, r1.output
    text = out1.read_text(encoding="utf-8")
    assert text == out2.read_text(encoding="utf-8")
    assert len(split_hands(text)) == 20 and "Hold'em Pot Limit" in text


def test_simulate_command_rejects_bad_players() -> None:
    result = CliRunner().invoke(app, ["simulate", "--players", "1..3"])
    assert result.exit_code == 2  # a usage error
