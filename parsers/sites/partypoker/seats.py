"""Players PartyPoker does not list: seat numbers and stacks the log proves, not prints.

Players who join and post before the site lists them get a placeholder seat (``UNSEATED`` and
up) while the hand is read; once it is read, :func:`place_unseated` gives each a real seat
number where the log's order puts him, and :func:`unknown_stacks` marks a listed player with a
0 stack who puts chips in. Both stacks are the chips the log shows going in
(``Seat.stack_known`` False): a lower bound, never a guess.
"""

from __future__ import annotations

from dataclasses import replace

from parsers.errors import ParseError
from parsers.model import ActionKind, Street
from parsers.sites._kit.starlike import Builder

UNSEATED = 1000  # placeholder seat numbers for unseated players, replaced after the hand


def unknown_stacks(b: Builder, seats: dict[int, list]) -> None:
    """A listed player with a 0 stack who puts chips in joined after the seat list was written
    (the log shows "has joined the table" and a post): his stack is not known, the chips he
    puts in are its lower bound (Seat.stack_known False), as for an unseated player."""
    zero = {k for k, v in seats.items() if v[1] == 0 and v[4:5] != [False]}
    if not zero:
        return
    put_in = _put_in(b.actions, zero)
    for k, chips in put_in.items():
        if chips > 0:
            seats[k] = [seats[k][0], chips, seats[k][2], seats[k][3], False]


def _put_in(actions: list, which: set[int] | dict[int, str]) -> dict[int, int]:
    """Chips each of ``which`` seats put in over the hand (before any return): the least
    stack the log proves he had."""
    out: dict[int, int] = {}
    for a in actions:
        if a.seat in which and (a.kind.is_post or a.kind in _MONEY_KINDS):
            out[a.seat] = out.get(a.seat, 0) + a.amount
    return out


def place_unseated(b: Builder, seats: dict[int, list], unseated: dict[int, str],
                   max_seats: int | None) -> None:
    """Give each unseated player a real seat number where the log's order puts him.

    The engine orders play by seat number, so the seat must lie between the players the log
    shows acting just before and just after him (preflop: small blind, first big blind, then
    each player's first action; later streets: each player's first action). The first free
    number of that gap is taken; a gap that wraps past the top seat and has no free number gets
    a synthetic number above every seat (it sorts last, i.e. just before seat 1). His stack is
    unknown: ``stack`` is the chips the log shows him putting in, ``stack_known`` False.
    """
    printed = {k for k in seats if k < UNSEATED}
    top = max([*printed, max_seats or 0])
    mapping: dict[int, int] = {}
    for order in _first_orders(b.actions):
        for ph in unseated:
            if ph in mapping or ph not in order:
                continue
            known = [s for s in order if s not in unseated or s in mapping]
            if len(known) < 2 and len(order) > 1:
                continue
            i = order.index(ph)
            prev = next((order[(i - k) % len(order)] for k in range(1, len(order))
                         if order[(i - k) % len(order)] not in unseated), None)
            nxt = next((order[(i + k) % len(order)] for k in range(1, len(order))
                        if order[(i + k) % len(order)] not in unseated), None)
            mapping[ph] = _free_seat(prev, nxt, printed | set(mapping.values()), top)
            top = max(top, mapping[ph])
    for ph in unseated:  # never placed by the order (acted alone): the first free number
        if ph not in mapping:
            mapping[ph] = _free_seat(None, None, printed | set(mapping.values()), top)
            top = max(top, mapping[ph])
    put_in = _put_in(b.actions, unseated)
    b.actions = [replace(a, seat=mapping[a.seat]) if a.seat in mapping else a for a in b.actions]
    b.collections = [replace(c, seat=mapping[c.seat]) if c.seat in mapping else c
                     for c in b.collections]
    b.hole = {mapping.get(k, k): v for k, v in b.hole.items()}
    if b.hero in mapping:
        b.hero = mapping[b.hero]
    for ph, seat in mapping.items():
        name = seats.pop(ph)[0]
        seats[seat] = [name, put_in.get(ph, 0), False, None, False]


_MONEY_KINDS = frozenset({ActionKind.CALL, ActionKind.BET, ActionKind.RAISE})


def _first_orders(actions: list) -> list[list[int]]:
    """Per street, the seats in the order they first act: the table's order, one orbit."""
    by_street: dict[Street, list[int]] = {}
    pre = by_street.setdefault(Street.PREFLOP, [])
    sb = next((a.seat for a in actions if a.kind is ActionKind.POST_SMALL_BLIND), None)
    bb = next((a.seat for a in actions if a.kind is ActionKind.POST_BIG_BLIND), None)
    pre.extend(s for s in (sb, bb) if s is not None and (s != sb or s != bb))
    for a in actions:
        if a.kind.is_post or a.kind in (ActionKind.UNCALLED_RETURN, ActionKind.SHOW,
                                        ActionKind.MUCK):
            continue
        seen = by_street.setdefault(a.street, [])
        if a.seat not in seen:
            seen.append(a.seat)
    return [o for o in by_street.values() if o]


def _free_seat(prev: int | None, nxt: int | None, taken: set[int], top: int) -> int:
    """The first seat number after ``prev`` and before ``nxt`` (clockwise) not taken."""
    if prev is None or nxt is None:
        return next(k for k in range(1, top + 2) if k not in taken)
    k = prev % top + 1 if prev <= top else 1
    wrapped = prev >= nxt
    while k != nxt:
        if k not in taken:
            return k
        k = k % top + 1
        if k == 1:
            wrapped = True
    if wrapped:
        return top + 1  # sorts after every seat: between the top seat and seat 1
    raise ParseError("unseated_player", "no free seat between the players acting around an "
                     "unseated player")
