"""The button of a log that does not mark it, inferred from the posts and the deal.

Some logs name no dealer (iPoker tournament exports without a ``dealer`` flag, Boss Media's
older client). Without a button the engine cannot say who opens the betting after the flop,
nor who should have posted the blinds, so it judges less. The rules of hold'em fix where the
button is relative to what the log does print:

- the **small blind** is the first seat dealt in left of the button: the button is the dealt
  seat before it in clockwise order; heads-up the button posts the small blind itself, except
  on the hand a table turns heads-up, where the button may be left on the big blind: then the
  small blind, not the button, opens the flop (the action order decides);
- heads-up with **only a big blind** posted, the button is the other seat;
- with no small blind and more than two players, the seat left empty between the button and
  the big blind (a dead or unlogged small blind) may be any of several: the **deal order**
  decides where the log gives one (the first card goes to the first seat left of the button,
  which the log shows when every seat is dealt and the antes or the pocket cards come in
  that order), else the **action order**: the seat before the first player to bet after the
  flop (so the turn and the river are judged); else nothing is inferred.

Applied only where the site's rules say so (``sites.SiteRules.infer_button``: off for the
sites the native core replays) and only when the log names no button; the hand as stored
keeps the log's own ``button_seat``.
"""

from __future__ import annotations

from dataclasses import replace

from parsers.model import ActionKind, Hand, Street

__all__ = ["infer_button", "with_inferred_button"]


def _dealt(hand: Hand) -> list[int]:
    """Seats in the hand: those that post or act before the flop (sitting-out flags vary)."""
    acting = {a.seat for a in hand.actions if a.street is Street.PREFLOP}
    listed = {s.seat for s in hand.seats}
    return sorted(acting & listed)


def _deal_start(hand: Hand, dealt: list[int]) -> int | None:
    """The seat the deal starts at, when the log's antes come one per dealt seat in clockwise
    order (the order the cards are dealt in): its first poster."""
    antes = [a.seat for a in hand.actions if a.kind is ActionKind.POST_ANTE]
    if len(antes) < 3 or sorted(antes) != dealt:
        return None
    first = dealt.index(antes[0])
    if antes != dealt[first:] + dealt[:first]:
        return None
    return antes[0]


def infer_button(hand: Hand) -> int | None:
    """The button seat the log's posts and deal imply, or None where they do not decide it."""
    dealt = _dealt(hand)
    if len(dealt) < 2:
        return None
    posts = [a for a in hand.actions if a.street is Street.PREFLOP]
    sb = next((a.seat for a in posts if a.kind is ActionKind.POST_SMALL_BLIND), None)
    if sb is not None and sb in dealt:
        if len(dealt) > 2:
            return dealt[dealt.index(sb) - 1]
        # Heads-up the button posts the small blind and acts last after the flop, except on
        # the hand a table turns heads-up, where the button may sit on the big blind: the
        # small blind opening the flop says so.
        other = dealt[1 - dealt.index(sb)]
        return other if _first_postflop_actor(hand) == sb else sb
    bb = next((a.seat for a in posts if a.kind is ActionKind.POST_BIG_BLIND), None)
    if bb is None or bb not in dealt:
        return None
    if len(dealt) == 2:
        return dealt[1 - dealt.index(bb)]
    start = _deal_start(hand, dealt)
    if start is not None and start != bb and dealt[(dealt.index(start) + 1) % len(dealt)] == bb:
        # The deal starts left of the button: at the small blind's seat, which posted nothing.
        return dealt[dealt.index(start) - 1]
    return _from_first_postflop_actor(hand, dealt, bb)


def _from_first_postflop_actor(hand: Hand, dealt: list[int], bb: int) -> int | None:
    """The dealt seat before the first player to act after the flop, when the big blind is
    one of the two seats after it (as it must be, the small blind's seat between them or not).

    Any seat between that player and the live seat before him gives the same turn order and
    the same odd-chip order (none of them holds a hand any more), so the choice is safe; it
    lets the engine judge who opens the turn and the river. The flop's first actor himself is
    taken as the log says."""
    first = _first_postflop_actor(hand)
    if first is None or first not in dealt:
        return None
    button = dealt[dealt.index(first) - 1]
    i = dealt.index(button)
    after = [dealt[(i + 1) % len(dealt)], dealt[(i + 2) % len(dealt)]]
    return button if bb in after else None


def _first_postflop_actor(hand: Hand) -> int | None:
    """The seat of the first betting decision after the flop (None before any)."""
    return next((a.seat for a in hand.actions if a.street > Street.PREFLOP
                 and a.kind in _BETTING), None)


#: The betting decisions, the lines that say whose turn it was.
_BETTING = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET,
                      ActionKind.RAISE})


def with_inferred_button(hand: Hand) -> Hand:
    """``hand`` with the inferred button where the log names none (else ``hand`` itself)."""
    if hand.button_seat is not None:
        return hand
    button = infer_button(hand)
    return hand if button is None else replace(hand, button_seat=button)
