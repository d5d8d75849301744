"""Flattening hands into Arrow tables: what the batch-wide column code must agree with, and
the fallback (pipeline/store_rows.py) that finds the hands a refused batch cannot store."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal

import pyarrow as pa
import pytest

from parsers.model import Action, ActionKind, CashOut, Collection, PrintedPot, Seat, Street
from pipeline.engine.result import Pot, SeatResult
from pipeline.store.db import positions, storable_problem
from pipeline.store.flatten import flatten
from pipeline.store.rows import flatten_rows, storable_problems
from pipeline.store.schema import HAND_TABLES, arrow_schema
from pipeline.store.storable import unstorable
from tests.store.test_store import make_hand, make_replay

NOW = datetime(2026, 1, 1)


def _seated(hand, seats, button):  # noqa: ANN001, ANN202
    return replace(hand, seats=tuple(seats), button_seat=button)


def _arrangements():
    """Hands whose positions differ: full ring, heads-up, dead button, no button, a seat
    number that appears twice (a garbled file), everyone sitting out."""
    base = make_hand()
    ring = [Seat(i, f"p{i}", 100) for i in range(1, 10)]
    yield _seated(base, ring, 9)
    yield _seated(base, ring[:2], 2)
    yield _seated(base, ring[:2], 1)
    yield _seated(base, [replace(s, sitting_out=s.seat == 4) for s in ring[:6]], 4)  # dead
    yield _seated(base, ring[:5], None)
    yield _seated(base, ring[:5], 7)  # button on an empty seat
    yield _seated(base, [*ring[:4], Seat(2, "twin", 50)], 3)
    yield _seated(base, [*ring[:3], Seat(1, "out", 50, sitting_out=True)], 1)
    yield _seated(base, [replace(s, sitting_out=True) for s in ring[:3]], 1)
    yield _seated(base, [Seat(s, f"q{s}", 10) for s in (8, 3, 5, 1)], 5)  # unordered


@pytest.mark.parametrize("together", [False, True])
def test_positions_column_is_what_positions_says(together):
    hands = [replace(h, hand_id=str(i)) for i, h in enumerate(_arrangements())]
    batches = [hands] if together else [[h] for h in hands]
    for batch in batches:
        seats = flatten([(h, make_replay()) for h in batch], NOW)["seats"]
        got = list(zip(seats.column("hand_id").to_pylist(), seats.column("position").to_pylist(),
                       strict=True))
        want = [(h.hand_id, positions(h).get(s.seat)) for h in batch for s in h.seats]
        assert got == want


def test_players_results_and_printed_pots_follow_the_last_entry_of_a_seat():
    hand = make_hand()
    # two entries for seat 3: a dict of seat -> player (or result) keeps the second
    hand = replace(hand, seats=(*hand.seats, Seat(3, "carol2", 10)),
                   report=replace(hand.report, pots=(PrintedPot(0, 60), PrintedPot(0, 65))))
    replay = replace(make_replay(), seats=(*make_replay().seats,
                                           SeatResult(3, 1, 2, 1, True, 11)),
                     pots=(Pot(0, 65, (1, 3, 7), (3,)),))
    tables = flatten([(hand, replay)], NOW)
    seats = tables["seats"].to_pydict()
    assert seats["invested"][2] == seats["invested"][4] == Decimal("0.01")
    assert seats["went_to_showdown"][2] is True
    acts = tables["actions"].to_pydict()
    assert acts["player"][1] == "carol2"  # seat 3 posts the big blind
    pots = tables["pots"].to_pydict()
    assert pots["eligible"] == [["alice", "carol2", "7"]]  # nobody at seat 7: its number
    assert pots["winners"] == [["carol2"]] and pots["winner_seats"] == [[3]]
    assert pots["printed_amount"] == [Decimal("0.65")]


def test_collected_adds_collections_and_cash_outs_per_seat():
    hand = make_hand(site="ggpoker")
    report = replace(hand.report, collections=(Collection(1, 40), Collection(1, 20)),
                     cash_outs=(CashOut(3, 10, 2),))
    seats = flatten([(replace(hand, report=report), make_replay())], NOW)["seats"].to_pydict()
    assert seats["collected"][:3] == [Decimal("0.60"), Decimal("0"), Decimal("0.08")]
    assert seats["final_stack"][2] == Decimal("7.33") - Decimal("0.30") + Decimal("0.08")


def test_pot_after_restarts_with_each_hand_of_a_batch():
    hand = make_hand()
    other = replace(make_hand("2", decimals=0), actions=(
        Action(Street.PREFLOP, 1, ActionKind.BET, 7, 7),
        Action(Street.PREFLOP, 2, ActionKind.UNCALLED_RETURN, 7),
    ))
    acts = flatten([(hand, make_replay()), (other, make_replay())], NOW)["actions"]
    pots = acts.column("pot_after").to_pylist()
    assert pots[:9] == [Decimal(c).scaleb(-2) for c in (5, 15, 45, 45, 65, 65, 105, 105, 65)]
    assert pots[9:] == [Decimal(7), Decimal(0)]
    assert acts.column("seq").to_pylist() == [*range(9), 0, 1]


def test_times_with_a_zone_are_stored_in_utc():
    zones = [datetime(2024, 1, 2, 3, 4, 5, tzinfo=UTC),
             datetime(2024, 1, 2, 3, 4, 5, tzinfo=timezone(timedelta(hours=-5))),
             datetime(2024, 1, 2, 3, 4, 5), None]
    batch = [(replace(make_hand(str(i)), started_at=t), make_replay())
             for i, t in enumerate(zones)]
    got = flatten(batch, NOW)["hands"].column("started_at").to_pylist()
    assert got == [datetime(2024, 1, 2, 3, 4, 5), datetime(2024, 1, 2, 8, 4, 5),
                   datetime(2024, 1, 2, 3, 4, 5), None]


def test_a_batch_has_the_schema_of_empty_shards():
    tables = flatten([(make_hand(), make_replay()), (make_hand("2", decimals=0),
                                                     make_replay())], NOW)
    for name in HAND_TABLES:
        assert tables[name].schema == arrow_schema(name)


def test_hands_finer_than_cents_or_too_big_are_refused_not_rounded():
    assert storable_problem(make_hand(decimals=3), make_replay()) is not None
    huge = replace(make_hand(), actions=(
        Action(Street.PREFLOP, 1, ActionKind.BET, 10**18, 10**18),))  # cents: 19 digits
    assert storable_problem(huge, make_replay()) is not None
    with pytest.raises((pa.ArrowInvalid, OverflowError)):
        flatten([(make_hand(), make_replay()), (huge, make_replay())], NOW)


def _beyond_the_bounds():
    """Hands :func:`unstorable` refuses, each through one term it bounds; Arrow alone would
    store most of them (the batch check must still refuse them, as the per-hand check did)."""
    hand, result = make_hand(), make_replay()
    seesaw = (Action(Street.PREFLOP, 1, ActionKind.BET, 10**16, 10**16),
              Action(Street.PREFLOP, 1, ActionKind.UNCALLED_RETURN, 10**16))
    yield replace(hand, actions=seesaw * 60), result  # 120 actions x 1e16: the pot bound
    yield hand, replace(result, seats=(replace(result.seats[0], final_stack=10**18),
                                       *result.seats[1:]))
    yield replace(hand, button_seat=-(2**31)), result  # fits int32, not the INTEGER bound
    yield replace(hand, seats=(*hand.seats[:3], Seat(4, "dave", 10**18, stack_known=False))), \
        result
    yield replace(hand, report=replace(hand.report, fees=(("a", 10**18), ("b", -(10**18))))), \
        result
    yield replace(hand, report=replace(hand.report, collections=(Collection(9, 10**18),))), \
        result
    yield replace(hand, report=replace(hand.report, pots=(PrintedPot(7, 10**18),))), result
    yield replace(hand, decimals=0, stakes=replace(hand.stakes, ante=10**16)), result
    yield replace(make_hand(), seats=(replace(hand.seats[0], stack=10**19), *hand.seats[1:])), \
        result  # beyond int64: Arrow fails first, the reason is still unstorable's


@pytest.mark.parametrize("odd", list(_beyond_the_bounds()))
def test_a_batch_is_refused_exactly_when_one_hand_is_unstorable(odd):
    good = (make_hand("g1"), make_replay()), (make_hand("g2"), make_replay())
    reason = unstorable(*odd)
    assert reason is not None
    with pytest.raises((pa.ArrowInvalid, OverflowError)):
        flatten([good[0], odd, good[1]], NOW)
    assert storable_problems([good[0], odd, good[1]]) == [None, reason, None]
    assert storable_problem(*odd) == reason


def test_big_but_storable_amounts_pass_the_batch_check():
    """Past the batch's cheap bound, so each hand is checked exactly, and none is refused."""
    hand = replace(make_hand(), stakes=replace(make_hand().stakes, ante=10**15))
    assert unstorable(hand, make_replay()) is None
    assert flatten_rows([(make_hand("g"), make_replay()), (hand, make_replay())],
                        NOW).n_hands == 2


def test_the_fallback_finds_the_same_hands_as_one_hand_at_a_time():
    """The writer's fallback (halves of halves) against the plain per-hand definition."""
    batch = [(h, make_replay()) for h in _arrangements()]
    batch[3:3] = list(_beyond_the_bounds())
    batch.insert(1, (make_hand("fine", decimals=3), make_replay()))  # Arrow refuses this one

    def one_at_a_time(hand, result):  # noqa: ANN001, ANN202 - the definition, hand by hand
        if (reason := unstorable(hand, result)) is not None:
            return reason
        try:
            flatten([(hand, result)], NOW)
        except Exception as exc:  # noqa: BLE001
            return f"{type(exc).__name__}: {exc}"
        return None

    expected = [one_at_a_time(*pair) for pair in batch]
    assert storable_problems(batch) == expected
    assert sum(p is not None for p in expected) == len(list(_beyond_the_bounds())) + 1
