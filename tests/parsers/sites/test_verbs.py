"""parsers/sites/_verbs.py: the player lines most text sites word alike."""

from __future__ import annotations

import re

import pytest

from parsers.errors import ParseError
from parsers.model import ActionKind
from parsers.sites._kit.starlike import Builder, Names
from parsers.sites._kit.verbs import (
    RaiseText,
    all_in_by_added,
    checked_return,
    record_bet,
    record_collected,
    record_dealt,
    split_all_in,
    summary_seat_cards,
)


def _facing_a_bet() -> Builder:
    """Seat 1 has 10 in (a big blind), seat 2 nothing yet."""
    b = Builder()
    b.post(ActionKind.POST_BIG_BLIND, 1, 10, False, 1)
    return b


def _last(b: Builder) -> tuple:
    a = b.actions[-1]
    return a.seat, a.kind, a.amount, a.to, a.all_in, a.raise_by


def test_split_all_in_removes_only_a_trailing_marker() -> None:
    assert split_all_in("calls 5 and is all-in", " and is all-in") == ("calls 5", True)
    assert split_all_in("calls 5", " and is all-in") == ("calls 5", False)
    assert split_all_in("and is all-in calls 5", " and is all-in") == (
        "and is all-in calls 5", False)


@pytest.mark.parametrize(("rest", "expected"), [
    ("folds", (2, ActionKind.FOLD, 0, 0, False, None)),
    ("calls 10", (2, ActionKind.CALL, 10, 10, False, None)),
    ("bets 7", (2, ActionKind.BET, 7, 7, False, None)),
])
def test_fold_call_and_bet(rest: str, expected: tuple) -> None:
    b = _facing_a_bet()
    assert record_bet(b, 2, rest, int, False, 5, RaiseText.TO)
    assert _last(b) == expected


def test_check_and_the_all_in_flag_pass_through() -> None:
    b = Builder()
    assert record_bet(b, 1, "checks", int, False, 3, RaiseText.TO)
    assert record_bet(b, 2, "bets 40", int, True, 4, RaiseText.TO)
    assert [(a.kind, a.line) for a in b.actions] == [(ActionKind.CHECK, 3), (ActionKind.BET, 4)]
    assert b.actions[-1].all_in


def test_call_printed_as_the_street_total() -> None:
    b = _facing_a_bet()
    b.call(2, 4, False, 2)
    assert record_bet(b, 2, "calls 10", int, False, 3, RaiseText.TO, call_is_total=True)
    assert _last(b) == (2, ActionKind.CALL, 6, 10, False, None)


@pytest.mark.parametrize(("rest", "raises", "expected"), [
    ("raises to 30", RaiseText.TO, (2, ActionKind.RAISE, 30, 30, False, None)),
    ("raises 30 to 30", RaiseText.ADDED_TO, (2, ActionKind.RAISE, 30, 30, False, None)),
    ("raises 20 to 30", RaiseText.BY_TO, (2, ActionKind.RAISE, 30, 30, False, 20)),
    ("raises 25", RaiseText.ADDED, (2, ActionKind.RAISE, 25, 25, False, None)),
])
def test_each_raise_wording(rest: str, raises: RaiseText, expected: tuple) -> None:
    b = _facing_a_bet()
    assert record_bet(b, 2, rest, int, False, 5, raises)
    assert _last(b) == expected


def test_a_raise_adds_to_what_the_player_has_in() -> None:
    b = _facing_a_bet()
    assert record_bet(b, 1, "raises 25", int, False, 2, RaiseText.ADDED)
    assert _last(b) == (1, ActionKind.RAISE, 25, 35, False, None)


@pytest.mark.parametrize(("rest", "raises"), [
    ("posts small blind 5", RaiseText.TO),
    ("shows [Ah Kd]", RaiseText.BY_TO),
    ("raises 5 to 10", RaiseText.TO),  # not this site's wording: the caller decides
    ("calls", RaiseText.TO),  # a bare verb is no call
])
def test_other_lines_are_left_to_the_site(rest: str, raises: RaiseText) -> None:
    b = _facing_a_bet()
    assert not record_bet(b, 2, rest, int, False, 5, raises)
    assert len(b.actions) == 1


def test_raise_without_a_total_is_loud() -> None:
    with pytest.raises(ParseError) as err:
        record_bet(_facing_a_bet(), 2, "raises 20", int, False, 5, RaiseText.ADDED_TO)
    assert err.value.reason == "unknown_line" and "raise" in err.value.detail


def test_bad_amount_comes_from_the_sites_reader() -> None:
    def money(text: str) -> int:
        raise ParseError("bad_amount", f"not an amount: {text!r}")

    with pytest.raises(ParseError) as err:
        record_bet(Builder(), 1, "bets 1.5x", money, False, 1, RaiseText.TO)
    assert err.value.detail == "not an amount: '1.5x'"


@pytest.mark.parametrize(("added", "expected"), [
    (6, (2, ActionKind.CALL, 6, 10, True, None)),  # up to the top bet: a call
    (30, (2, ActionKind.RAISE, 30, 34, True, None)),  # beyond it: a raise to all he has in
])
def test_all_in_by_added_against_a_bet(added: int, expected: tuple) -> None:
    b = _facing_a_bet()
    b.call(2, 4, False, 2)
    all_in_by_added(b, 2, added, 3)
    assert _last(b) == expected


def test_all_in_by_added_into_no_bet_is_a_bet() -> None:
    b = Builder()
    all_in_by_added(b, 1, 50, 1)
    assert _last(b) == (1, ActionKind.BET, 50, 50, True, None)


def test_checked_return() -> None:
    b = Builder()
    b.bet(1, 50, False, 1)
    checked_return(b, 1, 50, 2)
    assert _last(b) == (1, ActionKind.UNCALLED_RETURN, 50, 0, False, None)
    with pytest.raises(ParseError) as err:
        checked_return(b, 1, 1, 3)
    assert err.value.reason == "bad_amount"


_COLLECTED = re.compile(r"collected (\S+) from (pot|main pot|side pot-(\d+))$")


@pytest.mark.parametrize(("rest", "pot"), [
    ("collected 30 from pot", None),
    ("collected 30 from main pot", 0),
    ("collected 30 from side pot-2", 2),
])
def test_collected(rest: str, pot: int | None) -> None:
    b = Builder()
    record_collected(b, 3, rest, _COLLECTED, int, 9)
    assert [(c.seat, c.amount, c.pot_index, c.line) for c in b.collections] == [(3, 30, pot, 9)]


def test_collected_unreadable() -> None:
    with pytest.raises(ParseError) as err:
        record_collected(Builder(), 3, "collected 30 from the rail", _COLLECTED, int, 9)
    assert err.value.reason == "unknown_line"


def test_dealt_to_a_seated_player_only() -> None:
    b = Builder()
    names = Names({1: ["Ann Lee", 100, False, None], 2: ["Ann", 100, False, None]})
    record_dealt(b, names, "Ann Lee [Ah Kd]", "who?")
    assert b.hole == {1: ("Ah", "Kd")} and b.hero == 1
    with pytest.raises(ParseError) as err:
        record_dealt(b, names, "Bob [Ah Kd]", "dealt to an unknown player")
    assert (err.value.reason, err.value.detail) == ("unknown_line", "dealt to an unknown player")


def test_summary_seat_cards_skip_the_name() -> None:
    b = Builder()
    seats = {3: ["[Bob]", 100, False, None]}
    summary_seat_cards(b, seats, "Seat 3: [Bob] showed [Qs Qd] and won (20)")
    summary_seat_cards(b, seats, "Seat 4: [Nobody] showed [2c 2d]")  # not seated: ignored
    assert b.hole == {3: ("Qs", "Qd")}
    quiet = Builder()
    summary_seat_cards(quiet, seats, "Seat 3: [Bob] folded before the Flop")
    assert quiet.hole == {}
