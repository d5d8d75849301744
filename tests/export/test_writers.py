"""PHH and OHH writers: PHH text reads back to the same hand; OHH objects carry exact money."""

from __future__ import annotations

import json
import tomllib
from dataclasses import replace
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


def _three_way(first: int = 1, **fields) -> Hand:
    """A three-handed hand at seats first..first+2 (the button on the last), fields replaced."""
    a, b, c = first, first + 1, first + 2
    h = (HandBuilder(sb=5, bb=10, button=c, hand_id="77")
         .seat(a, "A", 1000).seat(b, "B", 1000).seat(c, "C", 1000)
         .post_sb(a).post_bb(b).raise_to(c, 30).fold(a).call(b)
         .flop("2s 3d 9h").check(b).bet(c, 40).fold(b).uncalled(c, 40)
         .collect(c, 65).build())
    return replace(h, **fields)


def _read(text: str) -> Hand:
    return reader.parse(Chunk(text, 0, 1))


def _same_play(a: Hand, b: Hand) -> None:
    """:func:`_same` for builder hands, whose folds carry no street total."""
    def folds_at_zero(h: Hand) -> Hand:
        return replace(h, actions=tuple(replace(x, to=0) if x.kind is ActionKind.FOLD else x
                                        for x in h.actions))
    _same(folds_at_zero(a), folds_at_zero(b))


def test_venue_and_hand_give_back_the_site_and_id():
    h = _three_way(site="pokerstars", hand_id="253000000001", max_seats=6)
    doc = tomllib.loads(phh.write_hand(h))
    assert (doc["venue"], doc["hand"], doc["seats"], doc["seat_count"]) == (
        "pokerstars", "253000000001", [1, 2, 3], 6)
    again = _read(phh.write_hand(h))
    assert (again.site, again.hand_id, again.max_seats) == ("pokerstars", "253000000001", 6)
    _same_play(h, again)
    # another site of the same id stays apart: the venue decides, not the file
    other = _read(phh.write_hand(replace(h, site="ignition")))
    assert (other.site, other.hand_id) == ("ignition", "253000000001")


@pytest.mark.parametrize(("venue", "site"), [
    ('"PokerStars"', "pokerstars"), ('"Absolute Poker"', "phh"), (None, "phh")])
def test_reader_takes_the_site_from_a_venue_it_knows(venue, site):
    text = (FIX / "three_way.phh").read_text()
    if venue is not None:
        text += f"venue = {venue}\n"
    assert _read(text).site == site


def test_seats_counted_from_zero_are_written_from_one_and_come_back():
    h = _three_way(first=0, site="betonline", hand_id="900", max_seats=10)
    doc = tomllib.loads(phh.write_hand(h))
    assert doc["seats"] == [1, 2, 3] and doc["seat_count"] == 10  # valid: 1..seat_count
    assert doc["_venue_seats"] == [0, 1, 2] and "_venue_seat_count" not in doc
    again = _read(phh.write_hand(h))
    assert (again.site, again.max_seats, again.button_seat) == ("betonline", 10, 2)
    _same_play(h, again)


def test_a_seat_beyond_the_printed_table_size_raises_seat_count():
    h = _three_way(first=7, site="cake", max_seats=6)  # a "6-max" table using seats 7-9
    doc = tomllib.loads(phh.write_hand(h))
    assert (doc["seats"], doc["seat_count"], doc["_venue_seat_count"]) == ([7, 8, 9], 9, 6)
    assert "_venue_seats" not in doc
    again = _read(phh.write_hand(h))
    assert [s.seat for s in again.seats] == [7, 8, 9] and again.max_seats == 6
    _same_play(h, again)


@pytest.mark.parametrize(("level", "number"), [
    ("4", 4), ("07", 7), ("IV", 4), ("XIV", 14), ("XIX", 19), ("Level 2", 2), ("25/50", None),
    ("", None), (None, None)])
def test_level_numbers(level, number):
    assert phh.level_number(level) == number


def test_level_is_written_as_an_integer():
    doc = tomllib.loads(phh.write_hand(_three_way(level="XIV", is_tournament=True)))
    assert doc["level"] == 14
    h = _three_way(level="25/50")
    assert "level" not in tomllib.loads(phh.write_hand(h))
    assert "tournament level not a number" in phh.limits(h)


def test_a_blind_posted_all_in_short_keeps_its_stake():
    h = (HandBuilder(sb=50, bb=100, button=3)
         .seat(1, "A", 30, "As Ah").seat(2, "B", 1000, "Kd Kc").seat(3, "C", 1000)
         .post_sb(1, 30).post_bb(2).fold(3).uncalled(2, 70)
         .flop("2s 3d 9h").turn("Jc").river("4s").show(1, "As Ah").show(2, "Kd Kc")
         .collect(1, 60).build())
    doc = tomllib.loads(phh.write_hand(h))
    assert doc["blinds_or_straddles"][:2] == [0.5, 1.0]  # the stake: the reader caps it
    again = _read(phh.write_hand(h))
    assert again.stakes.small_blind == 50
    posts = [(a.seat, a.kind, a.amount, a.all_in) for a in again.actions if a.kind.is_post]
    assert posts == [(1, ActionKind.POST_SMALL_BLIND, 30, True),
                     (2, ActionKind.POST_BIG_BLIND, 100, False)]
    assert [r.final_stack for r in replay(h).seats] == [r.final_stack for r in replay(again).seats]


def _not_representable(hand: Hand) -> str:
    with pytest.raises(phh.NotRepresentable) as info:
        phh.write_hand(hand)
    return info.value.reason


def test_hands_valid_phh_cannot_hold_say_why():
    broke = (HandBuilder(sb=5, bb=10, button=3)
             .seat(1, "A", 1000).seat(2, "B", 1000).seat(3, "C", 0)
             .post_sb(1).post_bb(2).fold(3).fold(1).build())
    assert _not_representable(broke) == "a player dealt in has no chips"
    no_blinds = (HandBuilder(sb=0, bb=0, ante=10, button=2)
                 .seat(1, "A", 10).seat(2, "B", 20).post_ante(1).post_ante(2, 10)
                 .flop("2s 3d 9h").turn("Jc").river("4s").show(1, "As Ah").show(2, "Kd Kc")
                 .collect(1, 20).build())
    assert _not_representable(no_blinds) == "no big blind"
    # the log lets A bet 300 from a stack of 100 and lose: A would finish on -200
    over = (HandBuilder(sb=5, bb=10, button=2)
            .seat(1, "A", 100).seat(2, "B", 1000)
            .post_bb(1).post_sb(2).raise_to(2, 30).raise_to(1, 300).call(2)
            .flop("2s 3d 9h").turn("Jc").river("4s").show(1, "7s 2h").show(2, "Kd Kc")
            .collect(2, 600).build())
    assert _not_representable(over).startswith("the bets exceed a stack")


def test_one_known_hole_card_is_written_with_an_unknown_one():
    h = _three_way()
    seats = tuple(replace(s, hole_cards=("Ah",)) if s.seat == 1 else s for s in h.seats)
    h = replace(h, seats=seats)
    doc = tomllib.loads(phh.write_hand(h))
    assert doc["actions"][0] == "d dh p1 Ah??"
    assert "one hole card known" in phh.limits(h)
