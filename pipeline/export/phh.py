"""Hand -> PHH text (one hand) or PHHS text (several hands as numbered TOML tables).

The inverse of :mod:`parsers.sites.phh.reader`, with the same conventions (read that docstring):
players in positional order, the first seat left of the button first and the button last
(heads-up: the big blind, then the button); forced bets as per-player arrays (reversed heads-up,
as the spec says); ``cbr`` with the street total; board cards dealt just before the first action
of their street (the rest at the end); hole cards from ``Seat.hole_cards`` (``????`` unknown).

What PHH cannot hold, so a round trip loses it (:func:`limits` names it for one hand):
- rake as a field (the spec has none): it survives only inside ``winnings``/``finishing_stacks``
  (post-rake amounts), which the reader turns back into collections;
- dead posts (written as antes), posts out of position (a big blind posted by a new player
  reads back as a straddle), a seat posting twice;
- run-it-twice boards (only the first board is written), cash-outs and insurance;
- the hero marker, sitting-out seats (only seats dealt in are players), per-pot collections,
  the printed total pot and side pots, play-money currency (read back as chips);
- pot-limit hold'em has no spec code: it is written as ``PT``, which sidepot reads (an
  extension; other PHH readers may refuse it).
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from parsers.model import (
    PLAY_MONEY,
    TOURNAMENT_CHIPS,
    Action,
    ActionKind,
    Game,
    Hand,
    LimitType,
    Street,
)
from parsers.text import format_money

_VARIANT = {LimitType.NO_LIMIT: "NT", LimitType.FIXED_LIMIT: "FT", LimitType.POT_LIMIT: "PT"}
_CARD_KINDS = (ActionKind.SHOW, ActionKind.MUCK)


class NotRepresentable(ValueError):
    """A hand PHH cannot express at all (a game other than hold'em, no players)."""


def dealt_in(hand: Hand) -> list[int]:
    """Seats that post or act: the players of the PHH file (as the engine counts them)."""
    acting = {a.seat for a in hand.actions if a.kind not in _CARD_KINDS}
    return [s.seat for s in hand.seats if s.seat in acting]


def player_order(hand: Hand) -> list[int]:
    """Dealt-in seats clockwise from the first seat left of the button (the button last)."""
    seats = sorted(dealt_in(hand))
    b = hand.button_seat
    if b is None:
        return seats
    return [s for s in seats if s > b] + [s for s in seats if s <= b]


def limits(hand: Hand) -> tuple[str, ...]:
    """What of ``hand`` a PHH file cannot hold (empty: the round trip is exact)."""
    out: list[str] = []
    order = player_order(hand)
    if hand.game is not Game.HOLDEM:
        out.append(f"game {hand.game.value}")
    if len(order) < 2:
        out.append("fewer than two players dealt in")
    if len(hand.boards) > 1:
        out.append("run it twice")
    if hand.report.cash_outs:
        out.append("cash-out")
    if any(a.kind is ActionKind.POST_DEAD for a in hand.actions):
        out.append("dead blind")
    if hand.button_seat is not None and order and order[-1] != hand.button_seat:
        out.append("button not dealt in")
    live = [a for a in hand.actions if a.kind.is_live_post]
    if len({a.seat for a in live}) != len(live):
        out.append("a seat posts twice")
    index = {s: i for i, s in enumerate(order)}
    heads_up = len(order) == 2
    for a in live:
        i = index.get(a.seat)
        if a.kind is ActionKind.POST_SMALL_BLIND:
            ok = i == (1 if heads_up else 0)
        elif a.kind is ActionKind.POST_BIG_BLIND:
            ok = i == (0 if heads_up else 1)
        else:
            ok = i is not None and i >= 2 and not heads_up
        if not ok:
            out.append(f"{a.kind.value} out of position")
            break
    antes = [a.seat for a in hand.actions if a.kind is ActionKind.POST_ANTE]
    if len(set(antes)) != len(antes):
        out.append("a seat posts two antes")
    return tuple(out)


def _toml_str(text: str) -> str:
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007F")


def _array(values: Iterable[str]) -> str:
    return "[" + ", ".join(values) + "]"


def _cards(cards: tuple[str, ...] | None, count: int = 2) -> str:
    return "".join(cards) if cards else "??" * count


def _final_money(hand: Hand) -> dict[int, tuple[int, int]] | None:
    """(final stack, collected) per seat, from the engine's replay.

    The engine's figures are the site's collections where they agree with the rules, and it
    applies uncalled bets an old log left out; when nothing was reported and a contested
    pot's cards are unknown, the outcome is unknown and None is returned (no finishing stacks).
    """
    from pipeline.engine import replay  # pipeline -> engine: imported when writing only

    result = replay(hand)
    if not (result.payouts_verified or hand.report.collections):
        return None
    return {r.seat: (r.final_stack, r.won) for r in result.seats}


def write_hand(hand: Hand) -> str:
    """One hand as PHH text (a complete ``.phh`` document). Raises NotRepresentable."""
    return "\n".join(_lines(hand)) + "\n"


def write_hands(hands: Iterable[Hand]) -> str:
    """Several hands as a ``.phhs`` document: tables ``[1]``, ``[2]``, ... in order."""
    parts = []
    for n, hand in enumerate(hands, 1):
        parts.append(f"[{n}]\n" + "\n".join(_lines(hand)) + "\n")
    return "\n".join(parts)


def _lines(hand: Hand) -> list[str]:
    if hand.game is not Game.HOLDEM:
        raise NotRepresentable(f"PHH writer: {hand.game.value} is not written (hold'em only)")
    order = player_order(hand)
    if len(order) < 2:
        raise NotRepresentable("PHH writer: fewer than two players dealt in")
    dec = hand.decimals

    def m(amount: int) -> str:
        return format_money(amount, dec)

    index = {s: i for i, s in enumerate(order)}
    n = len(order)
    antes = [0] * n
    blinds = [0] * n
    for a in hand.actions:
        if a.seat not in index:
            continue
        if a.kind in (ActionKind.POST_ANTE, ActionKind.POST_DEAD):
            antes[index[a.seat]] += a.amount
        elif a.kind.is_live_post:
            blinds[index[a.seat]] += a.amount
    if n == 2:  # the spec lists heads-up forced bets reversed
        antes.reverse()
        blinds.reverse()
    seats = {s.seat: s for s in hand.seats}
    stakes = hand.stakes
    out = [f"variant = {_toml_str(_VARIANT[hand.limit])}"]
    out.append("ante_trimming_status = true")
    out.append(f"antes = {_array(m(x) for x in antes)}")
    out.append(f"blinds_or_straddles = {_array(m(x) for x in blinds)}")
    if hand.limit is LimitType.FIXED_LIMIT:
        small = stakes.small_bet or stakes.big_blind
        out.append(f"small_bet = {m(small)}")
        out.append(f"big_bet = {m(stakes.big_bet or 2 * small)}")
    else:
        out.append(f"min_bet = {m(stakes.big_blind)}")
    out.append(f"starting_stacks = {_array(m(seats[s].stack) for s in order)}")
    out.append("actions = [")
    out += [f"  {_toml_str(x)}," for x in _actions(hand, order, m)]
    out.append("]")
    if hand.site:
        out.append(f"venue = {_toml_str(hand.site)}")
    if hand.started_at is not None:
        t = hand.started_at
        out.append(f"time = {t.hour:02d}:{t.minute:02d}:{t.second:02d}")
        out.append('time_zone = "UTC"')
        out.append(f"day = {t.day}")
        out.append(f"month = {t.month}")
        out.append(f"year = {t.year}")
    out.append(f"hand = {_toml_str(hand.hand_id)}")
    if hand.level is not None:
        lv = hand.level
        out.append(f"level = {lv if lv.isdigit() else _toml_str(lv)}")
    out.append(f"seats = {_array(str(s) for s in order)}")
    if hand.max_seats:
        out.append(f"seat_count = {hand.max_seats}")
    if hand.table_name:
        out.append(f"table = {_toml_str(hand.table_name)}")
    out.append(f"players = {_array(_toml_str(seats[s].player) for s in order)}")
    final = _final_money(hand)
    if final is not None:
        out.append(f"finishing_stacks = {_array(m(final[s][0]) for s in order)}")
        out.append(f"winnings = {_array(m(final[s][1]) for s in order)}")
    if hand.currency not in (TOURNAMENT_CHIPS, PLAY_MONEY) and len(hand.currency) == 3:
        out.append(f"currency = {_toml_str(hand.currency)}")
    return out


def _actions(hand: Hand, order: list[int], m) -> list[str]:  # noqa: ANN001 - money formatter
    index = {s: i + 1 for i, s in enumerate(order)}
    seats = {s.seat: s for s in hand.seats}
    out = [f"d dh p{index[s]} {_cards(seats[s].hole_cards)}" for s in order]
    board = hand.board
    cuts = {Street.FLOP: (0, 3), Street.TURN: (3, 4), Street.RIVER: (4, 5)}
    dealt = Street.PREFLOP

    def deal_to(street: Street) -> None:
        nonlocal dealt
        while dealt < street and dealt < Street.RIVER:
            nxt = Street(dealt + 1)
            lo, hi = cuts[nxt]
            if len(board) < hi:
                return
            out.append(f"d db {''.join(board[lo:hi])}")
            dealt = nxt

    for a in hand.actions:
        if a.kind.is_post or a.kind is ActionKind.UNCALLED_RETURN or a.seat not in index:
            continue
        deal_to(min(a.street, Street.RIVER) if a.street is not Street.SHOWDOWN else Street.RIVER)
        out.append(_action(a, index[a.seat], m))
    deal_to(Street.RIVER)
    return out


def _action(a: Action, p: int, m) -> str:  # noqa: ANN001 - money formatter
    kind = a.kind
    if kind is ActionKind.FOLD:
        return f"p{p} f"
    if kind in (ActionKind.CHECK, ActionKind.CALL):
        return f"p{p} cc"
    if kind in (ActionKind.BET, ActionKind.RAISE):
        return f"p{p} cbr {m(a.to)}"
    if kind is ActionKind.SHOW:
        return f"p{p} sm {_cards(a.cards)}"
    return f"p{p} sm"  # MUCK
