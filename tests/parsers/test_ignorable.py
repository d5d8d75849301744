"""The one rule of which unreadable lines a hand is read past (``_kit/ignorable``), applied.

Hand-written hands in Ignition's layout (a site that opts in) with lines added that the parser
does not know: a line that names no seated player and moves no chips is kept as an
``ignored_line`` finding and the hand imports; one that names a seated player or could move
chips still rejects the hand, as before.
"""
# ruff: noqa: E501  (hand histories are quoted verbatim; their lines are long)

import pytest

from parsers.errors import ParseError
from parsers.model import Hand
from parsers.sites._kit.ignorable import MAX_IGNORED, MAX_TEXT, clean_text, is_ignorable
from parsers.sites.ignition.reader import parse
from parsers.text import Chunk
from pipeline.engine import replay
from pipeline.engine.result import Severity

HAND = """\
Ignition Hand #4100000007  TBL#555 HOLDEM No Limit - 2021-03-04 10:11:12
Seat 1: Dealer ($10 in chips)
Seat 2: Small Blind ($12.50 in chips)
Seat 3: Big Blind [ME] ($20 in chips)
Dealer : Set dealer [1]
Small Blind : Small Blind $0.05
Big Blind  [ME] : Big blind $0.10
*** HOLE CARDS ***
Dealer : Card dealt to a spot [9c 9d]
Small Blind : Card dealt to a spot [4h 2s]
Big Blind  [ME] : Card dealt to a spot [Ac Qd]
Dealer : Raises $0.30 to $0.30
Small Blind : Folds
Big Blind  [ME] : Calls $0.20
*** FLOP *** [Ts 6h 3c]
Big Blind  [ME] : Checks
Dealer : Bets $0.40
Big Blind  [ME] : Folds
Dealer : Return uncalled portion of bet $0.40
Dealer : Does not show [9c 9d] (One pair)
Dealer : Hand result $0.62
*** SUMMARY ***
Total Pot($0.65) | Rake ($0.03)
Board [Ts 6h 3c]
Seat+1: Dealer $0.62 [Does not show]
Seat+2: Small Blind Folded before the FLOP
Seat+3: Big Blind Folded on the FLOP
"""

SEATED = ["Dealer", "Small Blind", "Hero"]


def _parse(text: str) -> Hand:
    return parse(Chunk(text.rstrip("\n"), 0, 1), "t.txt")


def _with(after: str, *lines: str) -> str:
    """HAND with ``lines`` inserted after the line ``after``."""
    assert after + "\n" in HAND
    return HAND.replace(after + "\n", after + "\n" + "".join(f"{x}\n" for x in lines), 1)


def _shape(h: Hand) -> list[tuple]:
    return [(a.street, a.seat, a.kind, a.amount, a.to) for a in h.actions]


def test_a_notice_between_actions_is_read_past_and_reported():
    plain = _parse(HAND)
    text = _with("Small Blind : Folds", "The tournament break starts in 5 minutes")
    h = _parse(text)
    assert _shape(h) == _shape(plain)
    assert h.raw_text == text.rstrip("\n")  # the hand keeps its whole text
    assert [(ig.line, ig.text) for ig in h.ignored_lines] == [
        (14, "The tournament break starts in 5 minutes")]
    # line numbers after the ignored line are the original text's
    fold = [a for a in h.actions if a.kind.value == "fold"][0]
    assert text.split("\n")[fold.line - 1] == "Small Blind : Folds"
    calls = [a for a in h.actions if a.kind.value == "call"]
    assert text.split("\n")[calls[0].line - 1] == "Big Blind  [ME] : Calls $0.20"
    found = [f for f in replay(h).findings if f.code == "ignored_line"]
    assert [(f.severity, f.line) for f in found] == [(Severity.INFO, 14)]
    assert "break starts" in found[0].message
    others = [f for f in replay(h).findings if f.code != "ignored_line"]
    assert others == list(replay(plain).findings)  # nothing else about the hand changes


@pytest.mark.parametrize("line", [
    "No rake taken",
    "Player Somebody rebuys for $10 and receives 1000 chips",  # not seated here
    "Connection notice: the client will update at 04:00",
    "Welcome to table 555, good luck!",
    "Somebody finished the tournament in 4th place and received $12.00",
])
def test_harmless_lines_import_the_hand(line):
    h = _parse(_with("Dealer : Raises $0.30 to $0.30", line))
    assert [ig.text for ig in h.ignored_lines] == [line]


@pytest.mark.parametrize("line", [
    "Dealer : Juggles $0.30",  # a seated player, with an amount
    "Dealer : waves",  # a seated player, no amount: still his line, unread
    "Stranger : Calls $0.20",  # a betting verb, even from a name nobody sits under
    "Stranger : Folds",  # a betting verb without an amount: maybe a seat the parser missed
    "Rake $0.05 taken",  # a money word beside an amount
    "Seat 4: Newcomer ($30 in chips)",  # a seat line with a stack
    "Board reset [Kd 5s]",  # cards in brackets change the hand
])
def test_lines_that_could_move_chips_still_reject(line):
    with pytest.raises(ParseError) as err:
        _parse(_with("Dealer : Raises $0.30 to $0.30", line))
    assert err.value.reason == "unknown_line"


def test_one_harmful_line_rejects_even_beside_harmless_ones():
    text = _with("Dealer : Raises $0.30 to $0.30", "No rake taken", "Stranger : Bets $5")
    with pytest.raises(ParseError) as err:
        _parse(text)
    assert err.value.reason == "unknown_line" and err.value.text == "No rake taken"


def test_a_hand_of_many_unknown_lines_is_still_rejected():
    notes = [f"Notice {k}: nothing" for k in range(MAX_IGNORED + 1)]
    with pytest.raises(ParseError):
        _parse(_with("Small Blind : Folds", *notes))
    assert len(_parse(_with("Small Blind : Folds", *notes[:MAX_IGNORED])).ignored_lines) == MAX_IGNORED


def test_the_rule_itself():
    assert is_ignorable("Hero said, \"I bet you fold\"", SEATED)  # chat moves nothing
    assert is_ignorable("Hero is sitting out", SEATED)
    assert is_ignorable("Small Blind has timed out", SEATED)
    assert is_ignorable("Rabbit hunt [Kd]", SEATED)
    assert not is_ignorable("Hero collected $1 from pot after he finished", SEATED)
    assert not is_ignorable("Hero: shows one card", SEATED)
    assert is_ignorable("Heroic effort by the dealer", SEATED)  # "Hero" inside a longer word
    assert not is_ignorable("Hero waves", SEATED)


def test_the_kept_text_is_cleaned_and_bounded():
    hostile = "x\x1b[31mred\x07" + "y" * 500
    text = clean_text(hostile)
    assert "\x1b" not in text and "\x07" not in text
    assert len(text) == MAX_TEXT and text.endswith("...")


def test_a_rabbit_hunt_moves_no_chips_even_when_it_names_the_player():
    assert is_ignorable("Hero rabbit hunts [Kd] [5s]", SEATED)
    assert is_ignorable("*** RABBIT HUNT *** [Kd 5s]", SEATED)
    assert is_ignorable("Rabbit hunting by Small Blind: turn [Kd] river [5s]", SEATED)
    # beside its cards, an amount or a word that moves chips keeps the line harmful
    assert not is_ignorable("Hero rabbit hunts [Kd] for $0.10", SEATED)
    assert not is_ignorable("Rabbit hunt [Kd 5s]: Hero wins the pot", SEATED)
    # "rabbit" inside a seated name is no rabbit hunt: the player's line stays his
    assert not is_ignorable("Rabbit 7 shows [Kd 5s]", [*SEATED, "Rabbit 7"])
