"""A log that names no button (issue 15, class 4): the engine infers it from the small blind,
the deal order or the first bettor after the flop, where the site's rules say so.

Hand-written iPoker sessions (the site whose tournament exports can omit the ``dealer`` flag),
from ``tests/parsers/sites/test_ipoker.py``'s session with the flag taken away.
"""
# ruff: noqa: E501  (XML is quoted whole; its lines are long)

from __future__ import annotations

from dataclasses import replace

from parsers.model import ActionKind, Street
from parsers.sites.ipoker import reader as ipoker
from parsers.text import decode
from pipeline.engine import replay
from pipeline.engine.button import infer_button
from pipeline.engine.sites import LEGACY, rules_for
from tests.parsers.sites.test_ipoker import SESSION


def _hands(text: str):
    data = text.encode("utf-8")
    decoded, enc = decode(data)
    return [ipoker.parse(c, "s.xml") for c in ipoker.split(decoded, enc, data)]


def _no_dealer(text: str) -> str:
    return text.replace('dealer="1"', 'dealer="0"')


def _codes(hand):
    return sorted((f.severity.value, f.code) for f in replay(hand).findings
                  if f.severity.value != "info")


def test_the_seat_before_the_small_blind_is_the_button():
    marked = _hands(SESSION.format(flag="true", win="€5.70"))
    unmarked = _hands(_no_dealer(SESSION.format(flag="true", win="€5.70")))
    assert [h.button_seat for h in unmarked] == [None, None]  # stored as the log says
    assert [infer_button(h) for h in unmarked] == [h.button_seat for h in marked] == [3, 1]
    assert [_codes(h) for h in unmarked] == [_codes(h) for h in marked]


def test_an_inferred_button_lets_the_first_actor_after_the_flop_be_judged():
    # Seat 1 checks first on the flop, yet seat 5 (first left of the button, seat 3) opens.
    text = _no_dealer(SESSION.format(flag="true", win="€5.70")).replace(
        '<action cards="" no="8" player="Jörg [x]" sum="€0" type="4" />\n      <action cards="" no="7" player="sam"',
        '<action cards="" no="7" player="Jörg [x]" sum="€0" type="4" />\n      <action cards="" no="8" player="sam"')
    hand = _hands(text)[0]
    assert ("error", "out_of_turn") in _codes(hand)
    on_native = replace(hand, site="pokerstars")  # the native sites infer it too (issue 33)
    assert rules_for("pokerstars").infer_button and not LEGACY.infer_button
    assert ("error", "out_of_turn") in _codes(on_native)


def _without_small_blind_post(hand, *, antes_from: int | None):
    """The hand as a tournament log prints it with the small blind not logged: optionally
    antes for every dealt seat, clockwise from ``antes_from``."""
    actions = [a for a in hand.actions if a.kind is not ActionKind.POST_SMALL_BLIND]
    if antes_from is not None:
        seats = sorted({a.seat for a in actions})
        i = seats.index(antes_from)
        first = actions[0]
        antes = [replace(first, seat=s, kind=ActionKind.POST_ANTE, amount=0, street=Street.PREFLOP)
                 for s in seats[i:] + seats[:i]]
        actions = antes + actions
    return replace(hand, actions=tuple(actions), button_seat=None)


def test_the_deal_order_decides_where_no_small_blind_is_logged():
    hand = _hands(SESSION.format(flag="true", win="€5.70"))[0]  # button 3, sb 5, bb 1
    # Antes dealt from seat 5 (left of the button) round to seat 3: the button is seat 3.
    assert infer_button(_without_small_blind_post(hand, antes_from=5)) == 3
    # Antes from the big blind say only that the button is before it: the first bettor
    # after the flop (seat 5, sam) decides, and the big blind is one of the two seats after.
    assert infer_button(_without_small_blind_post(hand, antes_from=1)) == 3


def test_heads_up_with_only_a_big_blind_the_other_seat_is_the_button():
    hand = _hands(SESSION.format(flag="true", win="€5.70"))[0]
    heads_up = replace(hand, seats=tuple(s for s in hand.seats if s.seat != 3), actions=tuple(
        a for a in hand.actions if a.seat != 3 and a.kind is not ActionKind.POST_SMALL_BLIND),
        button_seat=None)
    assert infer_button(heads_up) == 5


def test_nothing_is_inferred_where_the_log_does_not_decide():
    hand = _hands(SESSION.format(flag="true", win="€5.70"))[0]
    # No small blind, no antes, nobody bets after the flop: any seat before the big blind.
    preflop_only = _without_small_blind_post(hand, antes_from=None)
    preflop_only = replace(preflop_only, actions=tuple(
        a for a in preflop_only.actions if a.street is Street.PREFLOP))
    assert infer_button(preflop_only) is None
