"""Card validation: every accepted spelling normalises; garbage is a bad_card ParseError."""

import re

import pytest

from parsers.cards import (
    DECK,
    cards_in_brackets,
    is_card,
    normalize_card,
    parse_cards,
    rank_value,
    suit,
)
from parsers.errors import ParseError


def test_deck_has_52_unique_cards():
    assert len(DECK) == 52 == len(set(DECK))


@pytest.mark.parametrize(
    "text, card", [("Ah", "Ah"), ("10h", "Th"), ("th", "Th"), ("AS", "As"), ("2c", "2c")]
)
def test_normalize_card(text, card):
    assert normalize_card(text) == card


@pytest.mark.parametrize("bad", ["", "A", "1h", "Ax", "Ahh", "11h", "??"])
def test_bad_cards_raise(bad):
    with pytest.raises(ParseError) as info:
        normalize_card(bad)
    assert info.value.reason == "bad_card"


def test_parse_cards_forms():
    assert parse_cards("As Kd") == ("As", "Kd")
    assert parse_cards("[As Kd]") == ("As", "Kd")
    assert parse_cards("AsKd") == ("As", "Kd")
    assert parse_cards("10hAs") == ("Th", "As")
    assert parse_cards("") == ()
    with pytest.raises(ParseError):
        parse_cards("As Zz")


def test_helpers():
    assert rank_value("Ah") == 14 and rank_value("2c") == 2
    assert suit("Td") == "d"
    assert is_card("Td") and not is_card("10d")


def test_parse_cards_is_cached_yet_rejects_every_time():
    assert parse_cards("[Ah Kd]") is parse_cards("[Ah Kd]")  # a shared immutable tuple
    for _ in range(2):
        with pytest.raises(ParseError) as info:
            parse_cards("[Ah Zz]")
        assert info.value.reason == "bad_card"


@pytest.mark.parametrize(
    "text",
    ["[As Kd]", "As Kd 2c", "", "[]", "10h As", "as kd", "AsKd", "[10hAs]", "[As] [Kd]"],
)
def test_parse_cards_fast_path_reads_as_card_by_card(text):
    # The fast path takes canonical cards only; the rest normalize card by card.
    tokens = text.replace("[", " ").replace("]", " ").split()
    if len(tokens) == 1 and len(tokens[0]) > 3:
        tokens = [tokens[0][:-2], tokens[0][-2:]] if tokens[0].startswith("10") else [
            tokens[0][:2], tokens[0][2:]]
    assert parse_cards.__wrapped__(text) == tuple(normalize_card(t) for t in tokens)


@pytest.mark.parametrize(
    "line, cards",
    [
        ("*** TURN *** [8s 7c 9d] [Kd]", ("8s", "7c", "9d", "Kd")),  # fast path
        ("Board [8s 7c 9d Kd Ks]", ("8s", "7c", "9d", "Kd", "Ks")),
        ("*** FLOP *** [10h 7C 9d]", ("Th", "7c", "9d")),  # normalized group by group
        ("*** FLOP *** [AsKd2c] [Th]", ("As", "Kd", "2c", "Th")),
        ("*** FLOP ***", ()),
        ("*** FLOP *** [8s 7c 9d", ()),  # no complete group
    ],
)
def test_cards_in_brackets_every_group_in_order(line, cards):
    assert cards_in_brackets(line) == cards
    groups = re.findall(r"\[([^\]]*)\]", line)
    assert cards_in_brackets(line) == tuple(c for g in groups for c in parse_cards(g))


def test_cards_in_brackets_rejects_a_bad_card_in_any_group():
    for line in ("*** TURN *** [8s 7c 9d] [Kx]", "Board [8s 7c 1d]"):
        with pytest.raises(ParseError) as info:
            cards_in_brackets(line)
        assert info.value.reason == "bad_card"
