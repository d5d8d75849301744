"""Card validation: every accepted spelling normalises; garbage is a bad_card ParseError."""

import pytest

from parsers.cards import DECK, is_card, normalize_card, parse_cards, rank_value, suit
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
