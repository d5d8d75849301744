"""PHH (Poker Hand History, University of Toronto CPRG) -> :class:`parsers.model.Hand`.

A ``.phh`` file is one TOML document per hand; a ``.phhs`` file holds several, each a TOML
table (``[1]``, ``[2]``, or named). :data:`HEADER` starts a chunk at every table header, and at
the very start of a single-hand file (when its first key line comes before any table header),
so :func:`parsers.text.split_hands` cuts both layouts; a ``.phhs`` chunk is one table's text.

Mapping to the event model, and why:
- Variants: ``NT`` (no-limit hold'em) and ``FT`` (fixed-limit hold'em) are replayed. The spec
  (v0.0.1) has no pot-limit hold'em code; ``PT`` is accepted as sidepot's extension for it (the
  writer emits it). Every other variant (``NS``, ``PO``, ``FO/8``, stud, razz, draw, badugi)
  raises UnsupportedGame.
- Seats: player *i* (``p{i}``) sits at ``seats[i-1]`` when the file lists seats, else at seat
  *i*. The spec orders players by position: p1 is the small blind and the last player has the
  button, so the button is the last player's seat. Heads-up, the spec reverses antes and blinds
  (p2, the button, posts the small blind): we apply that reversal.
- Posts: antes first (dead, ``POST_ANTE``), then the blinds: index 0 the small blind, index 1
  the big blind, any other non-zero entry a straddle, each capped at the stack (all-in). The
  spec's ``ante_trimming_status`` only matters when an ante puts a player all-in; the engine's
  side pots by contribution implement trimming (true), the recorded flag is not needed to
  replay any hand whose antes are paid in full.
- Actions: ``cbr X`` (complete/bet/raise *to* X) is a BET when nothing is bet on the street,
  else a RAISE; ``cc`` is a CHECK or a CALL of what is owed (capped at the stack); ``f`` folds;
  ``sm cards`` shows, ``sm`` alone mucks, ``sm ????`` (cards kept hidden, cash games) is a SHOW
  without cards. Amounts: ``amount`` the chips added, ``to`` the street total (model contract);
  ``all_in`` when the stack reaches zero. PHH never writes uncalled bets: when a betting round
  ends (a board card, the first show, the end of the actions) the part of the top bet nobody
  matched is returned with an UNCALLED_RETURN, as sites print it.
- Shows after the river (or on it) are on Street.SHOWDOWN; an early all-in show keeps its street.
- Money: TOML floats are read as Decimal (never float). ``decimals`` is the fewest places that
  make every amount of the hand an integer (stakes, stacks, bets, finishing stacks, winnings),
  and at least 2 for a real currency (cents, as the other sites). ``inf``/missing stacks raise.
- What the site reported: ``finishing_stacks`` give each player's collection
  (finishing - starting + invested, zero collections left out), else ``winnings`` are the
  collections. No total pot is printed in PHH; the engine derives rake from the collections.
- Site: ``venue`` when it names a site sidepot reads (``pokerstars``, any case: what sidepot's
  PHH export writes), else ``phh``; so an exported hand reads back as the same (site, id).
- Seats: sidepot's export writes a site's own seat numbers that PHH cannot hold (counted from 0,
  or above the printed table size) in the user-defined ``_venue_seats`` / ``_venue_seat_count``
  fields (the spec allows ``_`` fields); when present they are the seats and the table size.
- Boards: PHH (v0.0.1) has no notation for a board run more than once; sidepot's export
  writes every board of such a hand in the user-defined ``_boards`` field (an array of card
  strings, each a whole board repeating the shared cards, the first the board the actions
  deal). A ``_boards`` that is not that (not an array of two or more strings of five known
  cards, or a first board other than the dealt one) is a ``bad_field`` reject.
- Hand id: the ``hand`` field when the file also names a table, event, venue or date; else a
  digest of the hand's content (the Pluribus files number hands 0.. in every folder, so a bare
  number would make the store drop distinct hands as duplicates).

Reading: the TOML by :mod:`.toml_subset` (the subset PHH files use, ``tomllib`` for the
rest: the same document either way), the actions by :class:`.walk.Walk`, every amount checked
and converted to minor units by :func:`_amounts`.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from datetime import UTC, datetime
from datetime import time as dtime
from decimal import Decimal
from functools import lru_cache
from typing import NamedTuple
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from parsers.errors import ParseError, UnsupportedGame
from parsers.format import Format
from parsers.model import (
    TOURNAMENT_CHIPS,
    Collection,
    Game,
    Hand,
    LimitType,
    Seat,
    SiteReport,
    SourceRef,
    Stakes,
)
from parsers.sites._kit.common import search_sniffer, with_site
from parsers.sites._kit.tables import CURRENCY_SYMBOLS, ZONES
from parsers.sites.phh import toml_subset as phh_toml
from parsers.sites.phh.walk import Walk, read_cards
from parsers.text import Chunk

SITE = "phh"
_TABLE_HEADER = r"\[[ \t]*(?:[A-Za-z0-9_-]+|\"[^\"\n]*\"|'[^'\n]*')[ \t]*\][ \t]*(?:#[^\n]*)?$"
#: A table header line, or the start of a file whose first key comes before any table.
HEADER = re.compile(
    _TABLE_HEADER + r"|(?<![\s\S])(?=(?:[ \t]*(?:#[^\n]*)?\n)*[ \t]*[A-Za-z_\"'])",
    re.MULTILINE,
)
DETECTION = "a TOML line 'variant = \"..\"' (PHH key) in the first 8 KB"
SUPPORTS = "PHH/PHHS no-limit (NT) and fixed-limit (FT) hold'em; PT (pot-limit) as an extension"

_SNIFF = re.compile(r"^[ \t]*variant[ \t]*=[ \t]*[\"']", re.MULTILINE)
_REPLAYED = {
    "NT": LimitType.NO_LIMIT,
    "FT": LimitType.FIXED_LIMIT,
    "PT": LimitType.POT_LIMIT,
}
_OTHER_GAMES = {
    "NS": "no-limit short-deck hold'em",
    "PO": "pot-limit Omaha",
    "FO/8": "fixed-limit Omaha hi/lo",
    "F7S": "seven card stud",
    "F7S/8": "seven card stud hi/lo",
    "FR": "razz",
    "N2L1D": "no-limit 2-7 single draw",
    "F2L3D": "fixed-limit 2-7 triple draw",
    "FB": "badugi",
}
# PHH's "¥" is the yen (the sites' "¥" is the yuan).
_SYMBOLS = {**CURRENCY_SYMBOLS, "¥": "JPY"}
# The abbreviations a PHH ``time_zone_abbreviation`` is read with: only these of ZONES (any
# other leaves the time without a zone, as it always has).
_ABBREVIATIONS = {z: ZONES[z] for z in ("ET", "EST", "EDT", "CT", "PT", "UTC", "GMT", "CET",
                                        "CEST")}
_MONEY_LISTS = ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks", "winnings")
_MONEY_VALUES = ("small_bet", "big_bet", "min_bet", "bring_in")
#: Integer amounts in minor units below this are exact in Decimal's 28-digit arithmetic.
_EXACT = 10**28


sniff = search_sniffer(_SNIFF)


# --- TOML and money --------------------------------------------------------------------------


def _load(text: str) -> dict:
    try:
        doc = phh_toml.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ParseError("bad_toml", str(err), line=1, text=text.split("\n", 1)[0]) from None
    if "variant" not in doc:
        tables = [v for v in doc.values() if isinstance(v, dict)]
        if len(tables) != 1:
            raise ParseError("bad_header", "not a PHH hand: no variant key", line=1,
                             text=text.split("\n", 1)[0])
        doc = tables[0]
    if "variant" not in doc:
        raise ParseError("bad_header", "not a PHH hand: no variant key", line=1,
                         text=text.split("\n", 1)[0])
    return doc


def _number(value: object, field: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise ParseError("bad_amount", f"{field}: not a number: {value!r}", text=str(value))
    d = Decimal(value)
    if not d.is_finite():
        raise ParseError("bad_amount", f"{field}: unknown amount {value!r}", text=str(value))
    if d < 0:
        raise ParseError("bad_amount", f"{field}: negative amount {value!r}", text=str(value))
    return d


def _places(d: Decimal) -> int:
    exponent = d.normalize().as_tuple().exponent
    assert isinstance(exponent, int)
    return max(0, -exponent)


def _minor(d: Decimal, decimals: int) -> int:
    """An amount in exact minor units with the hand's ``decimals``."""
    v = d * Decimal(10) ** decimals
    if v != v.to_integral_value():  # cannot happen: decimals covers every amount
        raise ParseError("bad_amount", f"{d} is finer than {decimals} places")
    return int(v)


def _bet(text: str) -> Decimal:
    """A ``cbr`` amount."""
    try:
        d = Decimal(text)
    except ArithmeticError:
        raise ParseError("bad_amount", f"not an amount: {text!r}", text=text) from None
    return _number(d, "action")


class _Amounts(NamedTuple):
    """Every amount of a hand, checked, in minor units."""

    decimals: int
    lists: dict[str, list[int]]  # antes, blinds_or_straddles, starting_stacks... as present
    values: dict[str, int]  # min_bet, small_bet... as present
    bets: dict[str, int]  # each cbr amount as written -> its minor units


def _amounts(doc: dict, n: int, bets: list[str], floor: int) -> _Amounts:
    """Every amount of the hand, checked, in minor units with the fewest places that make each
    an integer, at least ``floor`` (the currency's).

    Fast path, for the hands whose amounts all fit ``floor`` places (nearly all): each is
    converted by one multiplication (:func:`_at_places`); the first that does not fit hands
    the whole hand to :func:`_amounts_any`, which gives the same values and raises the same
    errors. Measured 2026-12-01: 22 % of a PHH parse, about 12 % of a PHH import.
    """
    factor = 10**floor
    lists: dict[str, list[int]] = {}
    for key in _MONEY_LISTS:
        if key in doc:
            converted = [_at_places(v, factor) for v in _list(doc, key, n)]
            if None in converted:
                return _amounts_any(doc, n, bets, floor)
            lists[key] = converted  # type: ignore[assignment]
    values: dict[str, int] = {}
    for key in _MONEY_VALUES:
        if key in doc:
            one = _at_places(doc[key], factor)
            if one is None:
                return _amounts_any(doc, n, bets, floor)
            values[key] = one
    bet_minor = {text: _at_places(_bet(text), factor) for text in bets}
    if None in bet_minor.values():
        return _amounts_any(doc, n, bets, floor)
    return _Amounts(floor, lists, values, bet_minor)  # type: ignore[arg-type]


def _at_places(value: object, factor: int) -> int | None:
    """``value * factor`` (``factor`` = 10 ** places) when ``value`` is a non-negative int or
    Decimal that this makes a whole number, else None.

    The product is the one :func:`_minor` computes, so the result is the same; it is whole
    exactly when the amount (rounded to Decimal's 28 digits, as :func:`_places` counts) has
    at most that many places. An int product must stay below 10 ** 28 to be exact in Decimal
    arithmetic too."""
    if type(value) is int:
        v = value * factor
        return v if 0 <= v < _EXACT else None
    if type(value) is not Decimal or not value.is_finite():
        return None
    scaled = value * factor
    v = int(scaled)
    return v if v == scaled and v >= 0 else None


def _amounts_any(doc: dict, n: int, bets: list[str], floor: int) -> _Amounts:
    """:func:`_amounts` for any hand: every amount checked in order (the first bad one
    raises), then the places, then the conversion."""
    lists = {key: [_number(v, key) for v in _list(doc, key, n)]
             for key in _MONEY_LISTS if key in doc}
    values = {key: _number(doc[key], key) for key in _MONEY_VALUES if key in doc}
    bet_amounts = [_bet(text) for text in bets]
    numbers = [d for amounts in lists.values() for d in amounts]
    numbers += values.values()
    numbers += bet_amounts
    decimals = max([_places(d) for d in numbers] + [floor])
    return _Amounts(decimals,
                    {key: [_minor(d, decimals) for d in amounts] for key, amounts in lists.items()},
                    {key: _minor(d, decimals) for key, d in values.items()},
                    {text: _minor(d, decimals) for text, d in zip(bets, bet_amounts, strict=True)})


def _list(doc: dict, key: str, n: int | None) -> list:
    value = doc.get(key)
    if not isinstance(value, list):
        raise ParseError("missing_field", f"{key} must be an array", text=key)
    if n is not None and len(value) != n:
        raise ParseError("bad_field", f"{key} has {len(value)} entries for {n} players", text=key)
    return value


# --- the hand -------------------------------------------------------------------------------


def _parse(chunk: Chunk, file: str) -> Hand:
    text = chunk.text
    doc = _load(text)
    limit = _limit(doc)
    n = _player_count(doc)
    actions_raw = _list(doc, "actions", None)
    steps = [_strip_comment(str(raw)).split() for raw in actions_raw]  # each split once
    currency = _currency(doc)
    amounts = _amounts(doc, n, [p[2] for p in steps if len(p) == 3 and p[1] == "cbr"],
                       2 if currency != TOURNAMENT_CHIPS else 0)
    stakes = _stakes(amounts, limit)
    starting = amounts.lists["starting_stacks"]
    seat_numbers = _seat_numbers(doc, n)
    names = _names(doc, n)
    walk = Walk(n, seat_numbers, starting, stakes.big_blind, amounts.bets.__getitem__)
    _play(walk, text, actions_raw, steps, amounts.lists)
    hole = walk.hole
    level = doc.get("level")
    seat_count = doc.get("_venue_seat_count", doc.get("seat_count"))
    started_at, local_time, zone = _time(doc)
    return Hand(
        site=_site(doc),
        hand_id=_hand_id(doc, text),
        game=Game.HOLDEM,
        limit=limit,
        currency=currency,
        decimals=amounts.decimals,
        stakes=stakes,
        seats=tuple(  # in seat order, as every other site gives them
            Seat(seat=seat_numbers[i], player=names[i], stack=starting[i],
                 hole_cards=hole.get(i))
            for i in sorted(range(n), key=seat_numbers.__getitem__)
        ),
        actions=tuple(walk.actions),
        button_seat=seat_numbers[-1],
        boards=_boards(doc, text, tuple(walk.board)),
        report=_report(amounts.lists, n, seat_numbers, starting, walk),
        started_at=started_at,
        local_time=local_time,
        time_zone=zone,
        table_name=str(doc.get("table", "")),
        max_seats=seat_count if isinstance(seat_count, int) else None,
        is_tournament=level is not None,
        level=str(level) if level is not None else None,
        source=SourceRef(file=file, offset=chunk.offset, line=chunk.line),
        raw_text=text,
    )


def _limit(doc: dict) -> LimitType:
    """The replayed variants' limit; UnsupportedGame for every other variant."""
    variant = doc.get("variant")
    if not isinstance(variant, str):
        raise ParseError("missing_field", "variant must be a string", text="variant")
    limit = _REPLAYED.get(variant)
    if limit is None:
        name = _OTHER_GAMES.get(variant, f"unknown variant {variant!r}")
        raise UnsupportedGame(f"{variant}: {name}", line=1, text=f"variant = {variant!r}")
    return limit


def _player_count(doc: dict) -> int:
    """The number of players: one starting stack, ante and blind entry each."""
    n = len(_list(doc, "starting_stacks", None))
    if n < 2:
        raise ParseError("no_seats", "fewer than two players", text="starting_stacks")
    _list(doc, "antes", n)
    _list(doc, "blinds_or_straddles", n)
    return n


def _stakes(amounts: _Amounts, limit: LimitType) -> Stakes:
    """Blinds from ``blinds_or_straddles`` (``min_bet`` is the no/pot-limit big blind where
    given), the largest ante, and the fixed-limit bets."""
    small_blind, big_blind = amounts.lists["blinds_or_straddles"][:2]
    values = amounts.values
    if "min_bet" in values and limit is not LimitType.FIXED_LIMIT:
        big_blind = values["min_bet"]
    small_bet = big_bet = 0
    if limit is LimitType.FIXED_LIMIT:
        small_bet = values.get("small_bet", 0)
        big_bet = values.get("big_bet", 0)
    return Stakes(small_blind=small_blind, big_blind=big_blind,
                  ante=max(amounts.lists["antes"]), small_bet=small_bet, big_bet=big_bet)


def _play(walk: Walk, text: str, actions_raw: list, steps: list[list[str]],
          lists: dict[str, list[int]]) -> None:
    """The forced bets, then every action string, then the last round's uncalled bet; an
    error names the action's line and text."""
    antes, blinds = lists["antes"], lists["blinds_or_straddles"]
    if walk.n == 2:  # the spec reverses forced bets heads-up: p2 (button) posts the small blind
        antes, blinds = antes[::-1], blinds[::-1]
    walk.posts(antes, blinds)
    for raw, parts, line in zip(actions_raw, steps, _action_lines(text, actions_raw),
                                strict=True):
        try:
            walk.act(parts, line)
        except ParseError as err:
            raise err.with_context(line=line, text=str(raw)) from None
    walk.close_round(walk.last_line)


# Parse one PHH hand (a whole .phh file or one .phhs table). Raises ParseError.
parse = with_site(SITE, _parse)


def _strip_comment(raw: str) -> str:
    cut = raw.find("#")
    return raw if cut == -1 else raw[:cut]


def _currency(doc: dict) -> str:
    code = doc.get("currency")
    if isinstance(code, str) and len(code) == 3 and code.isalpha():
        return code.upper()
    symbol = doc.get("currency_symbol")
    if isinstance(symbol, str) and symbol in _SYMBOLS:
        return _SYMBOLS[symbol]
    return TOURNAMENT_CHIPS


def _site(doc: dict) -> str:
    venue = doc.get("venue")
    key = venue.strip().lower() if isinstance(venue, str) else ""
    return key if key in _known_sites() else SITE


@lru_cache(maxsize=1)
def _known_sites() -> frozenset[str]:
    from parsers.registry import FORMATS  # imported late: the registry imports this module

    return frozenset(f.site for f in FORMATS)


def _seat_numbers(doc: dict, n: int) -> list[int]:
    if "_venue_seats" in doc:  # the site's own numbers (0-based), as sidepot's export writes
        seats = _list(doc, "_venue_seats", n)
        if set(map(type, seats)) != {int} or min(seats) < 0 or len(set(seats)) != n:
            raise ParseError("bad_field", "_venue_seats must be distinct integers >= 0",
                             text=str(seats))
        return list(seats)
    if "seats" not in doc:
        return list(range(1, n + 1))
    seats = _list(doc, "seats", n)
    if set(map(type, seats)) != {int} or min(seats) <= 0:  # ints (not bools), positive
        raise ParseError("bad_field", "seats must be positive integers", text=str(seats))
    if len(set(seats)) != n:
        raise ParseError("bad_field", "a seat number is listed twice", text=str(seats))
    return list(seats)


def _boards(doc: dict, text: str, dealt: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Every board of the hand: ``_boards`` when the file has it (a hand run more than once,
    as sidepot's export writes it), else the one board the actions deal."""
    if "_boards" not in doc:
        return (dealt,)
    value = doc["_boards"]
    line = _key_line(text, "_boards")

    def bad(detail: str) -> ParseError:
        return ParseError("bad_field", f"_boards: {detail}", line=line, text=str(value))

    if not isinstance(value, list) or len(value) < 2:
        raise bad("must be an array of two or more boards (one per run)")
    boards: list[tuple[str, ...]] = []
    for k, entry in enumerate(value, 1):
        if not isinstance(entry, str):
            raise bad(f"board {k} is not a string of cards")
        try:
            cards = read_cards(entry)
        except ParseError:
            cards = None
        if cards is None or len(cards) != 5:
            raise bad(f"board {k} ({entry!r}) is not five known cards")
        boards.append(cards)
    if boards[0] != dealt:
        raise bad(f"the first board {''.join(boards[0])} is not the board the actions deal "
                  f"({''.join(dealt) or 'none'})")
    return tuple(boards)


def _key_line(text: str, key: str) -> int:
    """The 1-based line of the chunk where ``key = ...`` is written (0 if not found)."""
    found = re.search(rf"^[ \t]*{re.escape(key)}[ \t]*=", text, re.MULTILINE)
    return text.count("\n", 0, found.start()) + 1 if found else 0


def _names(doc: dict, n: int) -> list[str]:
    if "players" not in doc:
        return [f"p{i + 1}" for i in range(n)]
    players = _list(doc, "players", n)
    return [str(p) if p else f"p{i + 1}" for i, p in enumerate(players)]


def _hand_id(doc: dict, text: str) -> str:
    hand = doc.get("hand")
    context = "table" in doc or "event" in doc or "venue" in doc or "year" in doc
    if hand is not None and context:
        return str(hand)
    body = "\n".join(ln for ln in text.split("\n") if not ln.lstrip().startswith(("#", "[")))
    digest = hashlib.blake2b(body.encode("utf-8"), digest_size=6).hexdigest()
    return f"{hand}-{digest}" if hand is not None else digest


def _time(doc: dict) -> tuple[datetime | None, str, str]:
    """(UTC start, printed local time, zone name) per the spec's time-zone rules."""
    y, mo, d = doc.get("year"), doc.get("month"), doc.get("day")
    t = doc.get("time")
    zone_name = doc.get("time_zone") or doc.get("time_zone_abbreviation") or ""
    if not (isinstance(y, int) and isinstance(mo, int) and isinstance(d, int)):
        return None, "", str(zone_name)
    local = f"{y:04d}/{mo:02d}/{d:02d}"
    if not isinstance(t, dtime):
        return None, local, str(zone_name)
    local += f" {t.hour:02d}:{t.minute:02d}:{t.second:02d}"
    tz: ZoneInfo | None = None
    if isinstance(doc.get("time_zone"), str):
        tz = _zone(doc["time_zone"])
    elif doc.get("time_zone_abbreviation") in _ABBREVIATIONS:
        tz = _zone(_ABBREVIATIONS[doc["time_zone_abbreviation"]])
    elif not ("city" in doc and "region" in doc and "country" in doc):
        tz = _zone("UTC")  # the spec: no zone and no full location means UTC
    if tz is None:
        return None, local, str(zone_name)
    try:
        start = datetime(y, mo, d, t.hour, t.minute, t.second, tzinfo=tz)
    except ValueError:
        return None, local, str(zone_name)
    return start.astimezone(UTC), local, str(zone_name or "UTC")


def _zone(key: str) -> ZoneInfo | None:
    """The time zone, None when unknown."""
    try:
        return ZoneInfo(key)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def _action_lines(text: str, actions: list) -> list[int]:
    """1-based line in the chunk of each action string (found in order; 0 if not found).

    Each is looked for in both quotings; the earlier occurrence wins."""
    out: list[int] = []
    pos = max(text.find("actions"), 0)
    line, counted = 1, 0
    for raw in actions:
        s = str(raw)
        found = [at for at in (text.find(f"'{s}'", pos), text.find(f'"{s}"', pos)) if at != -1]
        if not found:
            out.append(0)
            continue
        at = min(found)
        line += text.count("\n", counted, at)
        counted = pos = at
        out.append(line)
    return out


def _report(minor: dict[str, list[int]], n: int, seats: list[int], starting: list[int],
            walk: Walk) -> SiteReport:
    collections: list[Collection] = []
    if "finishing_stacks" in minor:
        finishing = minor["finishing_stacks"]
        for i in range(n):
            got = finishing[i] - starting[i] + walk.invested[i]
            if got:
                collections.append(Collection(seats[i], got))
    elif "winnings" in minor:
        for i, got in enumerate(minor["winnings"]):
            if got:
                collections.append(Collection(seats[i], got))
    return SiteReport(collections=tuple(collections))


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="phh",
    site=SITE,
    description="PHH/PHHS open poker hand histories (TOML; U of Toronto CPRG standard)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
)
