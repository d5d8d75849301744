"""Hand -> PHH text (one hand) or PHHS text (several hands as numbered TOML tables).

The inverse of :mod:`parsers.sites.phh.reader`, with the same conventions (read that docstring):
players in positional order, the first seat left of the button first and the button last
(heads-up: the big blind, then the button); forced bets as per-player arrays (reversed heads-up,
as the spec says); ``cbr`` with the street total; board cards dealt just before the first action
of their street (the rest at the end); hole cards from ``Seat.hole_cards`` (``????`` unknown).

Every file written is valid by the PHH specification (phh.readthedocs.io, fields and types as
its tables give them), and keeps what identifies the hand:
- ``venue`` is the sidepot site (``pokerstars``) and ``hand`` the site's hand id (a string), so
  the reader gives the hand back as the same (site, hand_id);
- ``seats`` lie in 1..``seat_count``. A site that counts seats from 0 (BetOnline, Everest) is
  written shifted so its lowest seat is 1, its own numbers in ``_venue_seats``; a site that
  prints a seat above its table size (a "6-max" Cake table using seats 8-10) gets ``seat_count``
  raised to the highest seat, the printed size in ``_venue_seat_count``. The spec lets an
  annotator add fields whose names start with ``_`` (other readers ignore them); sidepot's
  reader restores both, so the seat numbers survive a round trip;
- a hand run more than once (run it twice) has every board in the user-defined ``_boards``
  field (the spec has no run-out notation): one string of cards per run, each a whole board
  repeating the shared cards, the first the board the ``d db`` actions deal; without it the
  reader would rank every run on the first board and the winnings would not add up;
- ``level`` is an integer: PokerStars' roman numerals (``IV``) and ``Level 2`` are written as
  numbers (so they read back as ``"4"``, ``"2"``); a level printed as blinds (``25/50``) is
  left out;
- hands whose valid PHH cannot be written raise :class:`NotRepresentable` with the reason
  (the export counts them): no hold'em, fewer than two players dealt in, a player dealt in
  with no chips (the spec's stacks are positive), no big blind (``min_bet`` is positive), more
  than two hole cards, a log whose bets exceed a stack (a finishing stack would be
  negative), and a player all-in by disconnect protection (the spec has no way to let a player
  with chips behind stop betting and stay in).

What PHH cannot hold, so a round trip loses it (:func:`limits` names it for one hand):
- rake as a field (the spec has none): it survives only inside ``winnings``/``finishing_stacks``
  (post-rake amounts), which the reader turns back into collections;
- dead posts (written as antes), posts out of position (a big blind posted by a new player
  reads back as a straddle), a seat posting twice;
- a run-out board the log printed short of five cards (only the first board is written then),
  cash-outs and insurance, money the
  site itself put in the pot (GGPoker's cash drop: the winnings hold it, no player paid it);
- a small blind stake nobody posted (the stake is only in ``blinds_or_straddles``), an ante
  stake other than the antes posted, a log without a button (PHH's last player has it), a
  player without a name (PHH's ``""`` reads back as ``p1``, ``p2``...), a currency without an
  ISO code (``mBTC``: read back as chips);
- a single known hole card (written ``Ah??``: the reader keeps no partial hands);
- a tournament level that is not a number;
- the hero marker, sitting-out seats (only seats dealt in are players), per-pot collections,
  the printed total pot and side pots, play-money currency (read back as chips; counted), the
  local time and zone (the time is written in UTC), the tournament id and whether a hand
  without a level was a tournament hand;
- pot-limit hold'em has no spec code: it is written as ``PT``, which sidepot reads (an
  extension; other PHH readers may refuse it).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass

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
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}

Money = Callable[[int], str]


class NotRepresentable(ValueError):
    """A hand PHH cannot express validly; ``reason`` is the short phrase exports count."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"PHH writer: {reason}")
        self.reason = reason


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


def level_number(level: str | None) -> int | None:
    """A tournament level as the integer PHH wants: ``"4"``, ``"IV"`` and ``"Level 4"`` give
    4; a level printed otherwise (``"25/50"``) gives None."""
    if level is None:
        return None
    text = level.strip()
    if text[:5].lower() == "level":
        text = text[5:].strip()
    if text.isascii() and text.isdigit():
        return int(text)
    text = text.upper()
    if not text or any(c not in _ROMAN for c in text):
        return None
    values = [_ROMAN[c] for c in text]
    total = sum(-v if v < nxt else v for v, nxt in zip(values, values[1:] + [0], strict=True))
    return total if total > 0 else None


def limits(hand: Hand) -> tuple[str, ...]:
    """What of ``hand`` a PHH file cannot hold (empty: the round trip is exact)."""
    out: list[str] = []
    order = player_order(hand)
    if hand.game is not Game.HOLDEM:
        out.append(f"game {hand.game.value}")
    if len(order) < 2:
        out.append("fewer than two players dealt in")
    if len(hand.boards) > 1 and not _runs_writable(hand):
        out.append("a run-out board that is not five cards")
    if hand.report.cash_outs:
        out.append("cash-out")
    if hand.report.site_added:
        out.append("money the site added to the pot")
    if any(a.kind is ActionKind.POST_DEAD for a in hand.actions):
        out.append("dead blind")
    if hand.button_seat is not None and order and order[-1] != hand.button_seat:
        out.append("button not dealt in")
    live = [a for a in hand.actions if a.kind.is_live_post]
    if len({a.seat for a in live}) != len(live):
        out.append("a seat posts twice")
    out += _posts_out_of_position(order, live)
    antes = [a.seat for a in hand.actions if a.kind is ActionKind.POST_ANTE]
    if len(set(antes)) != len(antes):
        out.append("a seat posts two antes")
    dealt = set(order)
    if any(len(s.hole_cards or ()) == 1 for s in hand.seats if s.seat in dealt) or any(
            a.kind is ActionKind.SHOW and len(a.cards) == 1 for a in hand.actions):
        out.append("one hole card known")
    if hand.level is not None and level_number(hand.level) is None:
        out.append("tournament level not a number")
    if hand.stakes.small_blind and not any(
            a.kind is ActionKind.POST_SMALL_BLIND for a in live):
        out.append("no small blind posted")  # the stake is only in the post
    if hand.currency == PLAY_MONEY:
        out.append("play money")
    elif hand.currency != TOURNAMENT_CHIPS and not _iso_currency(hand.currency):
        out.append("currency without an ISO code")  # mBTC reads back as chips
    if hand.button_seat is None:
        out.append("no button in the log")  # PHH's last player has the button
    ante_posts = [a.amount for a in hand.actions if a.kind is ActionKind.POST_ANTE]
    if hand.stakes.ante != max(ante_posts, default=0) and not any(
            a.all_in for a in hand.actions if a.kind is ActionKind.POST_ANTE):
        out.append("ante stake not the ante posted")  # PHH's stake is the antes written
    if any(not s.player for s in hand.seats if s.seat in dealt):
        out.append("a player without a name")  # PHH's "" reads back as p1, p2...
    if _all_in_with_chips_behind(hand):
        out.append("a capped player")  # PHH has no cap: read back, his chips are in play
    return tuple(out)


def _all_in_with_chips_behind(hand: Hand) -> bool:
    """Whether a wager the log calls all-in leaves chips behind (a capped no-limit game's
    player who reached the cap): PHH says all-in only by a stack's end."""
    stacks = {s.seat: s.stack for s in hand.seats if s.stack_known}
    put: dict[int, int] = {}
    for a in hand.actions:
        if a.kind is ActionKind.UNCALLED_RETURN:
            put[a.seat] = put.get(a.seat, 0) - a.amount
            continue
        put[a.seat] = put.get(a.seat, 0) + a.amount
        if (a.all_in and a.kind in _WAGERS and a.seat in stacks
                and put[a.seat] < stacks[a.seat]):
            return True
    return False


#: The betting actions a capped player's all-in is written on.
_WAGERS = frozenset({ActionKind.CALL, ActionKind.BET, ActionKind.RAISE})


def _iso_currency(code: str) -> bool:
    """A code PHH's ``currency`` takes (three letters, as ISO 4217 writes them)."""
    return code not in (TOURNAMENT_CHIPS, PLAY_MONEY) and len(code) == 3 and code.isalpha()


def _posts_out_of_position(order: list[int], live: list[Action]) -> list[str]:
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
            return [f"{a.kind.value} out of position"]
    return []


def _toml_str(text: str) -> str:
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007F")


def _array(values: Iterable[str]) -> str:
    return "[" + ", ".join(values) + "]"


def _cards(cards: tuple[str, ...] | None, count: int = 2) -> str:
    """Hole or shown cards, unknown ones as ``??``: always ``count`` cards."""
    known = cards or ()
    if len(known) > count:
        raise NotRepresentable(f"more than {count} hole cards")
    return "".join(known) + "??" * (count - len(known))


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


@dataclass(frozen=True)
class _Seating:
    """The ``seats``/``seat_count`` written, and the site's own numbers where they differ."""

    seats: list[int]
    seat_count: int | None
    venue_seats: list[int] | None
    venue_seat_count: int | None


def _seating(hand: Hand, order: list[int]) -> _Seating:
    shift = max(0, 1 - min(s.seat for s in hand.seats))  # 1 for a site counting from 0
    seats = [s + shift for s in order]
    count, venue_count = hand.max_seats, None
    if count is not None and max(seats) > count:  # a seat beyond the printed table size
        count, venue_count = max(seats), count
    return _Seating(seats, count, list(order) if shift else None, venue_count)


def write_hand(hand: Hand) -> str:
    """One hand as PHH text (a complete ``.phh`` document). Raises NotRepresentable."""
    return "\n".join(_lines(hand)) + "\n"


def write_hands(hands: Iterable[Hand]) -> str:
    """Several hands as a ``.phhs`` document: tables ``[1]``, ``[2]``, ... in order."""
    return "\n".join(table(n, write_hand(hand)) for n, hand in enumerate(hands, 1))


def table(n: int, text: str) -> str:
    """One hand's PHH text as table ``[n]`` of a ``.phhs`` document (joined by blank lines)."""
    return f"[{n}]\n{text}"


def _forced(hand: Hand, index: dict[int, int]) -> tuple[list[int], list[int]]:
    """Antes (dead posts with them) and blinds/straddles per player, in PHH order.

    A blind or ante posted all-in for less than the stake is written at the stake: the reader
    caps a forced bet at the stack (as the spec's rules do), so the post reads back the same
    and the stake survives."""
    antes = [0] * len(index)
    blinds = [0] * len(index)
    left = {s.seat: s.stack for s in hand.seats}
    stake = {ActionKind.POST_SMALL_BLIND: hand.stakes.small_blind,
             ActionKind.POST_BIG_BLIND: hand.stakes.big_blind}
    for a in hand.actions:
        if a.seat not in index or not a.kind.is_post:
            continue
        left[a.seat] -= a.amount
        if a.kind is ActionKind.POST_ANTE and left[a.seat] <= 0:
            antes[index[a.seat]] += max(a.amount, hand.stakes.ante)  # capped when read
        elif a.kind in (ActionKind.POST_ANTE, ActionKind.POST_DEAD):
            antes[index[a.seat]] += a.amount
        elif a.kind.is_live_post:
            short = left[a.seat] <= 0 and not blinds[index[a.seat]]
            amount = max(a.amount, stake.get(a.kind, 0)) if short else a.amount
            blinds[index[a.seat]] += amount
    if len(index) == 2:  # the spec lists heads-up forced bets reversed
        antes.reverse()
        blinds.reverse()
    return antes, blinds


def _check(hand: Hand, order: list[int], forced: list[int],
           final: dict[int, tuple[int, int]] | None) -> None:
    """Raise NotRepresentable where the spec's rules on amounts cannot be met."""
    stacks = {s.seat: s.stack for s in hand.seats}
    if any(stacks[s] <= 0 for s in order):
        raise NotRepresentable("a player dealt in has no chips")
    if min(forced) < 0:
        raise NotRepresentable("a negative forced bet")
    if hand.limit is LimitType.FIXED_LIMIT:
        if (hand.stakes.small_bet or hand.stakes.big_blind) <= 0:
            raise NotRepresentable("no small bet")
    elif hand.stakes.big_blind <= 0:
        raise NotRepresentable("no big blind")
    if final is not None and any(final[s][0] < 0 or final[s][1] < 0 for s in order):
        raise NotRepresentable("the bets exceed a stack (a finishing stack would be negative)")


def _lines(hand: Hand) -> list[str]:
    if hand.game is not Game.HOLDEM:
        raise NotRepresentable(f"game {hand.game.value}")
    if any(a.kind is ActionKind.PROTECTED for a in hand.actions):
        raise NotRepresentable("disconnect protection")
    order = player_order(hand)
    if len(order) < 2:
        raise NotRepresentable("fewer than two players dealt in")
    dec = hand.decimals

    def m(amount: int) -> str:
        return format_money(amount, dec)

    antes, blinds = _forced(hand, {s: i for i, s in enumerate(order)})
    final = _final_money(hand)
    _check(hand, order, antes + blinds, final)
    seats = {s.seat: s for s in hand.seats}
    out = [f"variant = {_toml_str(_VARIANT[hand.limit])}"]
    out.append("ante_trimming_status = true")
    out.append(f"antes = {_array(m(x) for x in antes)}")
    out.append(f"blinds_or_straddles = {_array(m(x) for x in blinds)}")
    stakes = hand.stakes
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
    out += _context(hand, order)
    if final is not None:
        out.append(f"finishing_stacks = {_array(m(final[s][0]) for s in order)}")
        out.append(f"winnings = {_array(m(final[s][1]) for s in order)}")
    if _iso_currency(hand.currency):
        out.append(f"currency = {_toml_str(hand.currency.upper())}")
    if len(hand.boards) > 1 and _runs_writable(hand):
        out.append(f"_boards = {_array(_toml_str(''.join(b)) for b in hand.boards)}")
    return out


def _runs_writable(hand: Hand) -> bool:
    """Whether ``_boards`` can hold the boards of a hand run more than once: the reader takes
    whole boards only (five cards each), so a log that printed a run short keeps its first
    board alone."""
    return all(len(b) == 5 for b in hand.boards)


def _context(hand: Hand, order: list[int]) -> list[str]:
    """The optional fields that say where and when: venue, time, hand, level, seats, table."""
    out = [f"venue = {_toml_str(hand.site)}"] if hand.site else []
    if hand.started_at is not None:
        t = hand.started_at
        out.append(f"time = {t.hour:02d}:{t.minute:02d}:{t.second:02d}")
        out.append('time_zone = "UTC"')
        out.append(f"day = {t.day}")
        out.append(f"month = {t.month}")
        out.append(f"year = {t.year}")
    out.append(f"hand = {_toml_str(hand.hand_id)}")
    level = level_number(hand.level)
    if level is not None:
        out.append(f"level = {level}")
    seating = _seating(hand, order)
    out.append(f"seats = {_array(str(s) for s in seating.seats)}")
    if seating.seat_count is not None:
        out.append(f"seat_count = {seating.seat_count}")
    if seating.venue_seats is not None:
        out.append(f"_venue_seats = {_array(str(s) for s in seating.venue_seats)}")
    if seating.venue_seat_count is not None:
        out.append(f"_venue_seat_count = {seating.venue_seat_count}")
    if hand.table_name:
        out.append(f"table = {_toml_str(hand.table_name)}")
    names = {s.seat: s.player for s in hand.seats}
    out.append(f"players = {_array(_toml_str(names[s]) for s in order)}")
    return out


def _actions(hand: Hand, order: list[int], m: Money) -> list[str]:
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


def _action(a: Action, p: int, m: Money) -> str:
    kind = a.kind
    if kind is ActionKind.FOLD:
        return f"p{p} f"
    if kind in (ActionKind.CHECK, ActionKind.CALL):
        return f"p{p} cc"
    if kind in (ActionKind.BET, ActionKind.RAISE):
        if a.to <= 0:
            raise NotRepresentable("a bet or raise to nothing")
        return f"p{p} cbr {m(a.to)}"
    if kind is ActionKind.SHOW:
        return f"p{p} sm {_cards(a.cards) if a.cards else '????'}"
    return f"p{p} sm"  # MUCK
