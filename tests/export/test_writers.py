"""PHH and OHH writers: PHH text reads back to the same hand; OHH objects carry exact money."""

from __future__ import annotations

import json
import tomllib
from decimal import Decimal

import pytest

from parsers.model import ActionKind, Game, Hand
from parsers.sites.phh import reader as reader
from parsers.text import Chunk, read_file, split_hands
from pipeline.engine import replay
from pipeline.export import ohh, phh
from tests.support.handbuilder import HandBuilder
from tests.support.paths import FIXTURES

FIX = FIXTURES / "phh"


def _fixture_hands() -> list[Hand]:
    out = []
    for name in ("three_way.phh", "heads_up.phh", "two_hands.phhs"):
        out += [reader.parse(c, name) for c in read_file(FIX / name, reader.HEADER)[0]]
    return out


def _same(a: Hand, b: Hand) -> None:
    assert [(s.seat, s.player, s.stack, s.hole_cards) for s in a.seats] == [
        (s.seat, s.player, s.stack, s.hole_cards) for s in b.seats]
    key = [(x.street, x.seat, x.kind, x.amount, x.to, x.all_in, x.cards) for x in a.actions]
    assert key == [(x.street, x.seat, x.kind, x.amount, x.to, x.all_in, x.cards)
                   for x in b.actions]
    assert a.boards == b.boards and a.button_seat == b.button_seat
    assert (a.decimals, a.currency, a.limit) == (b.decimals, b.currency, b.limit)
    assert [r.final_stack for r in replay(a).seats] == [r.final_stack for r in replay(b).seats]


@pytest.mark.parametrize("index", range(4))
def test_phh_round_trip(index):
    hand = _fixture_hands()[index]
    text = phh.write_hand(hand)
    doc = tomllib.loads(text)
    assert doc["variant"] in ("NT", "FT") and len(doc["players"]) == len(hand.seats)
    again = reader.parse(Chunk(text, 0, 1))
    _same(hand, again)
    assert [(c.seat, c.amount) for c in again.report.collections] == [
        (c.seat, c.amount) for c in hand.report.collections]


def test_write_hands_is_a_phhs():
    hands = _fixture_hands()
    text = phh.write_hands(hands)
    chunks = split_hands(text, header=reader.HEADER)
    assert len(chunks) == len(hands)
    for hand, chunk in zip(hands, chunks, strict=True):
        _same(hand, reader.parse(chunk))


def test_simulated_hand_without_report_gets_engine_finishing_stacks():
    h = (HandBuilder(sb=5, bb=10, button=3)
         .seat(1, "A", 1000).seat(2, "B", 1000).seat(3, "C", 1000)
         .post_sb(1).post_bb(2).fold(3).call(1).check(2)
         .flop("2s 3d 9h").check(1).check(2).turn("Jc").check(1).check(2)
         .river("4s").check(1).check(2).show(1, "As Ah").show(2, "Kd Kc").build())
    assert h.decimals == 2  # the builder's hands are in cents
    doc = tomllib.loads(phh.write_hand(h), parse_float=Decimal)
    assert doc["finishing_stacks"] == [Decimal("10.10"), Decimal("9.90"), Decimal("10.00")]
    assert doc["winnings"] == [Decimal("0.20"), 0, 0]
    assert phh.limits(h) == ()


def test_limits_and_not_representable():
    dead = (HandBuilder(sb=5, bb=10, button=1)
            .seat(1, "A", 1000).seat(2, "B", 1000).seat(3, "C", 1000)
            .post_sb(2).post_bb(3).post_dead(1, 5).fold(1).fold(2).build())
    assert "dead blind" in phh.limits(dead)
    omaha = _fixture_hands()[0]
    omaha = Hand(**{**{f: getattr(omaha, f) for f in omaha.__slots__}, "game": Game.OMAHA})
    assert "game omaha" in phh.limits(omaha)
    with pytest.raises(phh.NotRepresentable):
        phh.write_hand(omaha)


def test_ohh_object():
    hand = _fixture_hands()[0]  # three-way: Bob wins 32 after his raise is returned
    obj = ohh.write_hand(hand)["ohh"]
    assert obj["spec_version"] == ohh.SPEC_VERSION and obj["dealer_seat"] == 3
    assert obj["small_blind_amount"] == 1 and obj["big_blind_amount"] == 2
    assert [p["name"] for p in obj["players"]] == ["Ann", "Bob", "Cy"]
    assert [r["street"] for r in obj["rounds"]] == ["Preflop", "Flop"]
    assert obj["rounds"][1]["cards"] == ["2c", "3c", "4h"]
    numbers = [a["action_number"] for r in obj["rounds"] for a in r["actions"]]
    assert numbers == list(range(1, len(numbers) + 1))
    put_in = {}
    for r in obj["rounds"]:
        for a in r["actions"]:
            put_in[a["player_id"]] = put_in.get(a["player_id"], 0) + a["amount"]
    returned = sum(a.amount for a in hand.actions if a.kind is ActionKind.UNCALLED_RETURN)
    assert sum(put_in.values()) - returned == sum(p["amount"] for p in obj["pots"]) == 32
    assert obj["pots"][0]["player_wins"] == [{"player_id": 2, "win_amount": 32}]


def test_ohh_dumps_exact_decimals():
    cash = _fixture_hands()[2]  # dollars: amounts like 0.25 must survive digit for digit
    text = ohh.dumps(ohh.write_hand(cash))
    back = json.loads(text, parse_float=Decimal)["ohh"]
    assert back["small_blind_amount"] == Decimal("0.25")
    assert [p["starting_stack"] for p in back["players"]] == [
        Decimal("20.00"), Decimal("30.10"), Decimal("10.05")]
    assert "0.25" in text and "1E" not in text
