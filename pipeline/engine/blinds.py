"""The blinds of a log that prints none, inferred from who completes and who checks preflop.

Some logs print no blind lines at all (tournament exports of several sites, a client that
writes the blinds only into the header): the chips are in the pot all the same, so without
them every stored net is off by the blinds, the completing small blind reads as a short call,
the big blind's check as a check facing a bet, and the site's pot as a mismatch. The rules of
hold'em say where the blinds show in the betting that the log does print:

- a player whose **first** preflop decision is a call of less than the bet to match (and who
  is not all in) **completes**: the rest was his blind, posted before the deal;
- a player whose first preflop decision is a **check** while a bet stands has his option:
  the big blind, the whole bet;
- of two blinds found, the smaller is the small blind, the larger the big blind; one blind
  found alone is the big blind only when it checked (a lone completion may be either blind);
  anything else (three, two alike) does not fit the rules and nothing is inferred.

The posts are added before the first preflop decision for the replay only (the hand as stored
keeps the log's actions); the header's stakes are then judged against them like any posts
(``cascade``: a stale header is one root finding). A raiser's blind is never inferred: logs
print a raise's total and its increment differently, and the log cannot say which was meant.

Applied where the site's rules leave a log without blind lines possible
(``sites.SiteRules.judge_first_actor_without_blinds`` off); the native core's
``engine/blinds.rs`` is the same rule.
"""

from __future__ import annotations

from dataclasses import replace

from parsers.model import Action, ActionKind, Hand, Street

__all__ = ["infer_blinds", "with_inferred_blinds"]

_BLINDS = frozenset({ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND,
                     ActionKind.POST_STRADDLE})
_BETTING = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET,
                      ActionKind.RAISE})


def infer_blinds(hand: Hand) -> list[tuple[ActionKind, int, int]]:
    """(kind, seat, amount) of the blinds the preflop betting implies, small blind first; empty
    where the log prints a blind or its betting does not decide them."""
    if any(a.kind in _BLINDS for a in hand.actions):
        return []
    level = 0  # the bet to match, as the printed decisions build it
    seen: set[int] = set()  # seats that made a preflop decision
    found: list[tuple[int, int, bool]] = []  # (seat, blind, by a check)
    for a in hand.actions:
        if a.street is not Street.PREFLOP or a.kind not in _BETTING:
            continue
        first = a.seat not in seen
        seen.add(a.seat)
        if a.kind is ActionKind.CALL:
            if first and not a.all_in and 0 < a.amount < level:
                found.append((a.seat, level - a.amount, False))
            level = max(level, a.to if a.to > 0 else a.amount)
        elif a.kind is ActionKind.CHECK:
            if first and level > 0:
                found.append((a.seat, level, True))
        elif a.kind is not ActionKind.FOLD:  # a bet or a raise: its total is the new level
            level = max(level, a.to)
    if len(found) == 1:
        seat, blind, checked = found[0]
        return [(ActionKind.POST_BIG_BLIND, seat, blind)] if checked else []
    if len(found) != 2:
        return []
    small, big = sorted(found, key=lambda f: f[1])
    if small[1] >= big[1]:
        return []
    return [(ActionKind.POST_SMALL_BLIND, small[0], small[1]),
            (ActionKind.POST_BIG_BLIND, big[0], big[1])]


def with_inferred_blinds(hand: Hand) -> Hand:
    """``hand`` with the inferred blinds posted before its first preflop decision (else
    ``hand`` itself)."""
    blinds = infer_blinds(hand)
    if not blinds:
        return hand
    at = next(i for i, a in enumerate(hand.actions)
              if a.street is Street.PREFLOP and a.kind in _BETTING)
    line = hand.actions[at].line
    posts = tuple(Action(street=Street.PREFLOP, seat=seat, kind=kind, amount=amount, to=amount,
                         line=line) for kind, seat, amount in blinds)
    return replace(hand, actions=hand.actions[:at] + posts + hand.actions[at:])
