"""Every rule that decides whether a parsed, replayed hand fits the store's columns.

Hostile or garbled files can hold amounts beyond DECIMAL(18, 2), seat numbers beyond INTEGER
or a minor unit finer than cents; Arrow would refuse the whole batch, so such a hand is
rejected on its own (``unsupported_precision`` before replay, ``unstorable`` when packed).
Where a refused batch's odd hand is *found* is :func:`pipeline.store.rows.storable_problems`.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from parsers.model import Hand
from pipeline.engine.result import Replay
from pipeline.store.schema import MONEY_SCALE

__all__ = ["first_unstorable", "unstorable", "unsupported_precision"]

#: Largest magnitude a DECIMAL(18, 2) column holds, in cents.
_MONEY_LIMIT = 10**18  # 18 digits of cents
_INT32_LIMIT = 2**31


def unsupported_precision(hand: Hand) -> bool:
    """True when the hand's minor unit is finer than the store's money columns."""
    return hand.decimals > MONEY_SCALE or hand.decimals < 0


def unstorable(hand: Hand, replay: Replay) -> str | None:
    """Why the hand cannot go into the store's columns, or None when it fits.

    Hostile or garbled files can hold amounts beyond DECIMAL(18, 2) or seat numbers beyond
    INTEGER; Arrow would refuse the whole batch, so such a hand is rejected on its own.
    Bounds instead of a walk over every value: a running pot is at most the number of
    actions times the largest action. The import checks a whole batch at once
    (:func:`first_unstorable`) and runs this per hand only to find the hand that failed.
    """
    scale = 10 ** (MONEY_SCALE - hand.decimals) if 0 <= hand.decimals <= MONEY_SCALE else 1
    stakes, report, acts = replay.stakes or hand.stakes, hand.report, hand.actions
    fees = [v for _, v in report.fees]
    biggest = max(
        max(map(_AMOUNT, acts), default=0) * max(len(acts), 1),
        max(map(_TO, acts), default=0),
        max(map(_STACK, hand.seats), default=0),
        max(map(_AMOUNT, report.collections), default=0),
        max(map(_AMOUNT, report.cash_outs), default=0),
        max(map(_AMOUNT, report.pots), default=0),
        max(map(_AMOUNT, replay.pots), default=0),
        max((max(abs(r.invested), abs(r.won), abs(r.net), abs(r.final_stack))
             for r in replay.seats), default=0),
        abs(sum(fees)), max(map(abs, fees), default=0),
        abs(stakes.small_blind), abs(stakes.big_blind), abs(stakes.ante),
        abs(stakes.small_bet), abs(stakes.big_bet), abs(report.total_pot or 0),
        abs(report.rake or 0), abs(replay.total_pot),
        max((abs(x) for f in replay.findings for x in f.amounts), default=0),
    )
    if biggest * scale >= _MONEY_LIMIT:
        return f"an amount near {biggest} does not fit the store's DECIMAL(18, {MONEY_SCALE})"
    largest = max(
        abs(hand.button_seat or 0), abs(hand.max_seats or 0), abs(hand.source.line),
        max(map(abs, map(_SEAT, hand.seats)), default=0),
        max(map(abs, map(_SEAT, acts)), default=0),
        max(map(abs, map(_LINE, acts)), default=0),
        max((abs(f.line or 0) for f in replay.findings), default=0),
    )
    if largest >= _INT32_LIMIT:
        return f"number {largest} does not fit an INTEGER column"
    return None


def first_unstorable(batch: Sequence[tuple[Hand, Replay]], biggest: int,
                     largest: int) -> str | None:
    """:func:`unstorable` of the first hand of ``batch`` it refuses, given two bounds over the
    whole batch: ``biggest``, the largest magnitude among every term :func:`unstorable` bounds
    (minor units; the actions' term already multiplied by the most actions of a hand), and
    ``largest``, among the values it checks against INTEGER.

    Why: the store flattens a batch column by column anyway, so the bounds come from numpy
    over those columns instead of a walk per hand. Far from the limits, as every real hand is,
    that settles the batch; near them each hand is checked exactly, so a batch is refused
    exactly when one of its hands would be.
    """
    if biggest * 10**MONEY_SCALE < _MONEY_LIMIT and largest < _INT32_LIMIT:
        return None
    for hand, replay in batch:
        problem = unstorable(hand, replay)
        if problem is not None:
            return problem
    return None


_AMOUNT = attrgetter("amount")
_TO = attrgetter("to")
_STACK = attrgetter("stack")
_SEAT = attrgetter("seat")
_LINE = attrgetter("line")
