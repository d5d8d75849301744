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
- Hand id: the ``hand`` field when the file also names a table, event, venue or date; else a
  digest of the hand's content (the Pluribus files number hands 0.. in every folder, so a bare
  number would make the store drop distinct hands as duplicates).

Speed (issue 7): the TOML is read by :mod:`.phh_toml` (a fast reader of the subset PHH files
use, ``tomllib`` for anything else: the same document either way); the actions are walked by
:mod:`.phh_walk`; every action string is split once; every amount is checked and converted to
minor units in one step (:func:`_scaled`), with the currency's places, as nearly every hand
needs; the frozen model objects are built with :mod:`parsers.build`'s slot setters. Odd
input (an amount finer than the currency, a bad amount, an unknown actor spelling) takes the
original, slower steps, which give the same results and raise the same errors as before.
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

from parsers.build import hand as _hand
from parsers.build import seat as _seat
from parsers.errors import ParseError, UnsupportedGame
from parsers.format import Format
from parsers.model import (
    TOURNAMENT_CHIPS,
    Collection,
    Game,
    Hand,
    LimitType,
    SiteReport,
    SourceRef,
    Stakes,
)
from parsers.sites._kit.common import search_sniffer, with_site
from parsers.sites.phh import toml_subset as phh_toml
from parsers.sites.phh.walk import Walk
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
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"}
_ABBREVIATIONS = {
    "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "CT": "America/Chicago", "PT": "America/Los_Angeles", "UTC": "UTC", "GMT": "UTC",
    "CET": "Europe/Paris", "CEST": "Europe/Paris",
}
_MONEY_LISTS = ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks", "winnings")
_MONEY_VALUES = ("small_bet", "big_bet", "min_bet", "bring_in")
#: Integer amounts in minor units below this are exact in Decimal's 28-digit arithmetic.
_EXACT = 10**28
#: ``Decimal(10) ** k`` for the usual ``decimals``.
_SCALES = tuple(Decimal(10) ** k for k in range(10))


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
    v = d * _scale(decimals)
    if v != v.to_integral_value():  # cannot happen: decimals covers every amount
        raise ParseError("bad_amount", f"{d} is finer than {decimals} places")
    return int(v)


def _scaled(value: object, decimals: int) -> int | None:
    """``_minor(_number(value), decimals)`` when ``value`` is an amount with no more than
    ``decimals`` places (to the context's precision, as :func:`_places` counts them), else
    None: the caller then takes the slow path, which raises the error or finds more places.

    A Decimal is scaled by the very product :func:`_minor` computes, so the result is the
    same; that product is a whole number exactly when the amount rounded to the context's
    precision (what ``normalize`` gives :func:`_places`) has at most ``decimals`` places.
    An int is scaled as an int while that is exact in Decimal's 28 digits too."""
    kind = type(value)
    if kind is int:
        v = value * 10**decimals  # type: ignore[operator]
        return v if 0 <= v < _EXACT else None
    if kind is not Decimal:
        return None
    try:
        scaled = value * _scale(decimals)  # type: ignore[operator]
        v = int(scaled)
    except (ArithmeticError, ValueError):  # not finite
        return None
    return v if v == scaled and v >= 0 else None


def _scaled_list(values: list, decimals: int) -> list[int] | None:
    """:func:`_scaled` over a list, None if any is None; quicker for a list of Decimals (the
    zeros skip the Decimal arithmetic) or of ints."""
    kinds = set(map(type, values))
    if kinds == {Decimal}:
        scale = _scale(decimals)
        out: list[int] = []
        try:
            for d in values:
                if d:
                    scaled = d * scale
                    v = int(scaled)
                    if v != scaled:
                        return None
                    out.append(v)
                else:
                    out.append(0)
        except (ArithmeticError, ValueError):  # not finite
            return None
        return out if not out or min(out) >= 0 else None
    if kinds == {int}:
        factor = 10**decimals
        out = [v * factor for v in values]
        return out if not out or (min(out) >= 0 and max(out) < _EXACT) else None
    maybe = [_scaled(v, decimals) for v in values]
    return None if None in maybe else maybe  # type: ignore[return-value]


def _scale(decimals: int) -> Decimal:
    """``Decimal(10) ** decimals``, the scale :func:`_minor` multiplies by."""
    return _SCALES[decimals] if decimals < len(_SCALES) else Decimal(10) ** decimals


@lru_cache(maxsize=4096)
def _bet(text: str) -> Decimal:
    """A ``cbr`` amount. Cached (errors are not): bet sizes recur."""
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
    """Fast path: every amount fits the currency's ``floor`` places (as in nearly every hand),
    so each is checked and converted at once by :func:`_scaled`. Else the slow path reads them
    as it always did: all checked in order (the first bad one raises), then the fewest places
    that make every amount an integer, then the conversion."""
    scaled = _scaled
    lists: dict[str, list[int]] = {}
    values: dict[str, int] = {}
    for key in _MONEY_LISTS:
        if key in doc:
            out = _scaled_list(_list(doc, key, n), floor)
            if out is None:
                return _amounts_slow(doc, n, bets, floor)
            lists[key] = out
    for key in _MONEY_VALUES:
        if key in doc:
            values[key] = one = scaled(doc[key], floor)
            if one is None:
                return _amounts_slow(doc, n, bets, floor)
    bet_minor = {text: scaled(_bet(text), floor) for text in bets}
    if None in bet_minor.values():
        return _amounts_slow(doc, n, bets, floor)
    return _Amounts(floor, lists, values, bet_minor)  # type: ignore[arg-type]


def _amounts_slow(doc: dict, n: int, bets: list[str], floor: int) -> _Amounts:
    lists = {key: [_number(v, key) for v in _list(doc, key, n)]
             for key in _MONEY_LISTS if key in doc}
    values = {key: _number(doc[key], key) for key in _MONEY_VALUES if key in doc}
    numbers = [d for amounts in lists.values() for d in amounts]
    numbers += values.values()
    bet_amounts = [_bet(text) for text in bets]
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
    variant = doc.get("variant")
    if not isinstance(variant, str):
        raise ParseError("missing_field", "variant must be a string", text="variant")
    limit = _REPLAYED.get(variant)
    if limit is None:
        name = _OTHER_GAMES.get(variant, f"unknown variant {variant!r}")
        raise UnsupportedGame(f"{variant}: {name}", line=1, text=f"variant = {variant!r}")

    stacks_raw = _list(doc, "starting_stacks", None)
    n = len(stacks_raw)
    if n < 2:
        raise ParseError("no_seats", "fewer than two players", text="starting_stacks")
    _list(doc, "antes", n)
    _list(doc, "blinds_or_straddles", n)
    actions_raw = _list(doc, "actions", None)

    if "#" in text or "\\" in text:  # maybe a comment in an action (or an escaped "#")
        steps = [_strip_comment(raw).split() for raw in map(str, actions_raw)]
    else:
        steps = list(map(str.split, map(str, actions_raw)))
    currency = _currency(doc)
    decimals, minor, values, bets = _amounts(
        doc, n, [p[2] for p in steps if len(p) == 3 and p[1] == "cbr"],
        2 if currency != TOURNAMENT_CHIPS else 0)
    starting = minor["starting_stacks"]
    antes = minor["antes"]
    blinds = minor["blinds_or_straddles"]
    small_blind, big_blind = blinds[0], blinds[1]
    if "min_bet" in values and limit is not LimitType.FIXED_LIMIT:
        big_blind = values["min_bet"]  # the no/pot-limit big blind
    small_bet = big_bet = 0
    if limit is LimitType.FIXED_LIMIT:
        small_bet = values.get("small_bet", 0)
        big_bet = values.get("big_bet", 0)
    if n == 2:  # the spec reverses forced bets heads-up: p2 (button) posts the small blind
        antes.reverse()
        blinds.reverse()

    seat_numbers = _seat_numbers(doc, n)
    names = _names(doc, n)
    walk = Walk(n, seat_numbers, starting, big_blind, bets.__getitem__)
    walk.posts(antes, blinds)
    lines = _action_lines(text, actions_raw)
    act = walk.act
    for raw, parts, line in zip(actions_raw, steps, lines, strict=True):
        try:
            act(parts, line)
        except ParseError as err:
            raise err.with_context(line=line, text=str(raw)) from None
    walk.close_round(walk.last_line)

    report = _report(minor, n, seat_numbers, starting, walk)
    started_at, local_time, zone = _time(doc)
    hole = walk.hole
    seats = tuple([  # in seat order, as every other site gives them
        _seat(seat_numbers[i], names[i], starting[i], False, False, hole.get(i), None, True)
        for i in sorted(range(n), key=seat_numbers.__getitem__)
    ])
    level = doc.get("level")
    seat_count = doc.get("seat_count")
    return _hand(
        site=SITE,
        hand_id=_hand_id(doc, text),
        game=Game.HOLDEM,
        limit=limit,
        currency=currency,
        decimals=decimals,
        stakes=Stakes(small_blind, big_blind, max(antes), small_bet, big_bet),
        seats=seats,
        actions=tuple(walk.actions),
        button_seat=seat_numbers[-1],
        boards=(tuple(walk.board),),
        report=report,
        started_at=started_at,
        local_time=local_time,
        time_zone=zone,
        table_name=str(doc.get("table", "")),
        max_seats=seat_count if isinstance(seat_count, int) else None,
        is_tournament=level is not None,
        tournament_id=None,
        level=str(level) if level is not None else None,
        fast_fold=False,
        source=SourceRef(file, chunk.offset, chunk.line),
        raw_text=text,
    )


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


def _seat_numbers(doc: dict, n: int) -> list[int]:
    if "seats" not in doc:
        return list(range(1, n + 1))
    seats = _list(doc, "seats", n)
    if set(map(type, seats)) != {int} or min(seats) <= 0:  # ints (not bools), positive
        raise ParseError("bad_field", "seats must be positive integers", text=str(seats))
    if len(set(seats)) != n:
        raise ParseError("bad_field", "a seat number is listed twice", text=str(seats))
    return list(seats)


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


@lru_cache(maxsize=64)
def _zone(key: str) -> ZoneInfo | None:
    """The time zone, None when unknown. Cached (ZoneInfo's own cache costs a weak-reference
    lookup and a lock per call)."""
    try:
        return ZoneInfo(key)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def _action_lines(text: str, actions: list) -> list[int]:
    """1-based line in the chunk of each action string (found in order; 0 if not found).

    Each is looked for in both quotings (the earlier wins); a quote character the text does
    not contain at all is not searched for."""
    out: list[int] = []
    pos = text.find("actions")
    pos = 0 if pos == -1 else pos
    line, counted = 1, 0
    find, count = text.find, text.count
    singles, doubles = "'" in text, '"' in text
    for raw in actions:
        s = str(raw)
        at = find(f"'{s}'", pos) if singles else -1
        if doubles:
            found = find(f'"{s}"', pos)
            if found != -1 and (at == -1 or found < at):
                at = found
        if at == -1:
            out.append(0)
            continue
        line += count("\n", counted, at)
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
