"""One-card and unknown-card shows: a player who shows one card of two ("shows [Ah]"), or a
log that prints the card not shown as a placeholder ("shows [?? Qs]", "[9d ??]", "[X Kd]").

Such a show is read, never a ``bad_card`` reject; it shows the cards it names; and it never
replaces hole cards already known (the hero's dealt cards stay whole when he shows one)."""

import pytest

from parsers.cards import kept_hole, shown_cards, shown_group
from parsers.errors import ParseError
from parsers.model import ActionKind
from parsers.read import split_file
from parsers.sites._kit.starlike import Builder, shown_in
from pipeline.engine import replay
from pipeline.engine.result import Severity
from tests.support.paths import FIXTURES

SHOWS = FIXTURES / "shows"


def hands(name: str, fmt: str):
    split = split_file((SHOWS / name).read_bytes())
    assert split.format.name == fmt
    outcomes = list(split.hands(name))
    assert [o.error for o in outcomes] == [None] * len(outcomes)
    return [o.hand for o in outcomes]


def shows(hand):
    return [(a.seat, a.cards) for a in hand.actions if a.kind is ActionKind.SHOW]


def no_errors(hand) -> bool:
    return not [f for f in replay(hand).findings if f.severity is Severity.ERROR]


@pytest.mark.parametrize(("text", "cards"), [
    ("shows [Ah]", ("Ah",)),
    ("shows [?? Kd]", ("Kd",)),
    ("shows [Kd ??] (a pair)", ("Kd",)),
    ("shows [X Kd]", ("Kd",)),
    ("shows [xx xx]", ()),
    ("shows [Ah Kd]", ("Ah", "Kd")),
])
def test_the_cards_a_show_names(text, cards):
    assert shown_cards(text) == cards
    assert shown_in(text) == cards
    assert shown_group(text[text.index("[") + 1:text.index("]")]) == cards


def test_a_garbled_card_is_still_bad():
    with pytest.raises(ParseError) as err:
        shown_cards("shows [Zz Kd]")
    assert err.value.reason == "bad_card"


def test_a_partial_show_keeps_the_known_hole_cards():
    assert kept_hole(("Ac", "Qh"), ("Ac",)) == ("Ac", "Qh")
    assert kept_hole(None, ("Ac",)) == ("Ac",)
    assert kept_hole(("Ac", "Qh"), ("Ac", "Qh")) == ("Ac", "Qh")
    assert kept_hole(("Ac", "Qh"), ()) == ("Ac", "Qh")
    b = Builder()
    b.dealt(1, ("Ac", "Qh"))
    b.show(1, ("Ac",), 9)
    assert b.hole[1] == ("Ac", "Qh")


def test_pokerstars_one_card_and_unknown_card_shows():
    uncontested, showdown = hands("stars.txt", "pokerstars")
    hero = uncontested.seats[0]
    assert hero.hole_cards == ("Ac", "Qh")  # dealt; the show of one card does not cut it
    assert shows(uncontested) == [(1, ("Ac",))]
    assert shows(showdown) == [(1, ("Kc", "Kh")), (2, ("9d",))]
    assert {s.seat: s.hole_cards for s in showdown.seats}[2] == ("9d",)
    for h in (uncontested, showdown):
        assert no_errors(h)


def test_ggpoker_one_card_and_unknown_card_shows():
    first, second = hands("gg.txt", "ggpoker")
    assert first.seats[0].hole_cards == ("Ah", "Kd")
    assert shows(first) == [(1, ("Ah",))]
    assert shows(second) == [(2, ("Qs",))]
    assert {s.seat: s.hole_cards for s in second.seats}[2] == ("Qs",)
    for h in (first, second):
        assert no_errors(h)
