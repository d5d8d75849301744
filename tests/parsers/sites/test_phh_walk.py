"""The PHH action walk: card lists read as parse_cards reads them, uncalled bets returned to
the top bettor only, and the actor spellings p1, p01..."""

from __future__ import annotations

import pytest

from parsers.cards import DECK, parse_cards
from parsers.errors import ParseError
from parsers.model import ActionKind as K
from parsers.sites.phh.walk import Walk, read_cards


@pytest.mark.parametrize("text", [
    "As", "AsKd", "2c3d4h", "Th9h8h7h6h", "", "asKD", "tc2c", "AsKdQh",
])
def test_cards_as_parse_cards(text: str) -> None:
    pairs = " ".join(text[k : k + 2] for k in range(0, len(text), 2))
    assert read_cards(text) == parse_cards(pairs)


def test_every_card_and_pair_is_canonical() -> None:
    for a in DECK:
        assert read_cards(a) == (a,)
        for b in DECK[:5]:
            assert read_cards(a + b) == (a, b)


@pytest.mark.parametrize(("text", "expected"), [("????", None), ("Ah??", None), ("??", None)])
def test_unknown_cards(text: str, expected: object) -> None:
    assert read_cards(text) is expected


@pytest.mark.parametrize("text", ["Ahk", "AhXx", "1h2h", "10hAs"])
def test_bad_cards(text: str) -> None:
    with pytest.raises(ParseError) as info:
        read_cards(text)
    assert info.value.reason == "bad_card"


def _walk(commit: list[int]) -> Walk:
    walk = Walk(len(commit), list(range(1, len(commit) + 1)), [100] * len(commit), 2,
                lambda text: int(text))
    walk.commit = list(commit)
    walk.invested = list(commit)
    return walk


@pytest.mark.parametrize(("commit", "returned"), [
    ([0, 50, 20], (2, 30, 20)),
    ([10, 10, 0], None),
    ([0, 0, 0], None),
    ([7, 0], (1, 7, 0)),
])
def test_close_round_returns_the_unmatched_top_bet(commit, returned) -> None:
    walk = _walk(commit)
    walk.close_round(9)
    if returned is None:
        assert walk.actions == [] and walk.commit == commit
    else:
        [a] = walk.actions
        assert (a.kind, a.seat, a.amount, a.to, a.line) == (K.UNCALLED_RETURN, *returned, 9)
        assert walk.stack[returned[0] - 1] == 100 + returned[1]


def test_actor_spellings() -> None:
    walk = _walk([0, 0, 0])
    walk.act(["p01", "cbr", "4"], 3)  # a leading zero: still player 1
    assert (walk.actions[-1].seat, walk.actions[-1].kind) == (1, K.BET)
    for token, detail in (("p4", "no player p4"), ("x1", "unknown actor 'x1'"),
                          ("p0", "no player p0")):
        with pytest.raises(ParseError) as info:
            walk.act([token, "f"], 4)
        assert info.value.detail == detail
