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
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from datetime import UTC, datetime
from datetime import time as dtime
from decimal import Decimal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from parsers.cards import parse_cards
from parsers.errors import ParseError, UnsupportedGame
from parsers.model import (
    TOURNAMENT_CHIPS,
    Action,
    ActionKind,
    Collection,
    Game,
    Hand,
    LimitType,
    Seat,
    SiteReport,
    SourceRef,
    Stakes,
    Street,
)
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


def sniff(text: str) -> bool:
    """True when a PHH ``variant = "..."`` key line is in the head. Never raises."""
    try:
        return _SNIFF.search(text[:8192]) is not None
    except Exception:
        return False


def parse(chunk: Chunk, file: str = "") -> Hand:
    """Parse one PHH hand (a whole .phh file or one .phhs table). Raises ParseError."""
    try:
        return _parse(chunk, file)
    except ParseError as err:
        raise err.with_context(site=SITE) from None


# --- TOML and money --------------------------------------------------------------------------


def _load(text: str) -> dict:
    try:
        doc = tomllib.loads(text, parse_float=Decimal)
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


class _Money:
    """Decimal -> exact minor units with the hand's ``decimals``."""

    def __init__(self, decimals: int) -> None:
        self.decimals = decimals
        self.scale = Decimal(10) ** decimals

    def __call__(self, d: Decimal) -> int:
        v = d * self.scale
        if v != v.to_integral_value():  # cannot happen: decimals covers every amount
            raise ParseError("bad_amount", f"{d} is finer than {self.decimals} places")
        return int(v)


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
    antes_raw = _list(doc, "antes", n)
    blinds_raw = _list(doc, "blinds_or_straddles", n)
    actions_raw = _list(doc, "actions", None)

    numbers: list[Decimal] = []
    for key in _MONEY_LISTS:
        if key in doc:
            numbers += [_number(v, key) for v in _list(doc, key, n)]
    for key in _MONEY_VALUES:
        if key in doc:
            numbers.append(_number(doc[key], key))
    for raw in actions_raw:
        parts = _strip_comment(str(raw)).split()
        if len(parts) == 3 and parts[1] == "cbr":
            numbers.append(_to_decimal(parts[2]))

    currency = _currency(doc)
    decimals = max([_places(d) for d in numbers] + [2 if currency != TOURNAMENT_CHIPS else 0])
    money = _Money(decimals)

    starting = [money(_number(v, "starting_stacks")) for v in stacks_raw]
    antes = [money(_number(v, "antes")) for v in antes_raw]
    blinds = [money(_number(v, "blinds_or_straddles")) for v in blinds_raw]
    small_blind, big_blind = blinds[0], blinds[1]
    if "min_bet" in doc and limit is not LimitType.FIXED_LIMIT:
        big_blind = money(_number(doc["min_bet"], "min_bet"))  # the no/pot-limit big blind
    small_bet = big_bet = 0
    if limit is LimitType.FIXED_LIMIT:
        small_bet = money(_number(doc.get("small_bet", 0), "small_bet"))
        big_bet = money(_number(doc.get("big_bet", 0), "big_bet"))
    if n == 2:  # the spec reverses forced bets heads-up: p2 (button) posts the small blind
        antes.reverse()
        blinds.reverse()

    seat_numbers = _seat_numbers(doc, n)
    names = _names(doc, n)
    walk = _Walk(n, seat_numbers, starting, money, big_blind)
    walk.posts(antes, blinds)
    lines = _action_lines(text, actions_raw)
    for raw, line in zip(actions_raw, lines, strict=True):
        try:
            walk.act(str(raw), line)
        except ParseError as err:
            raise err.with_context(line=line, text=str(raw)) from None
    walk.close_round(walk.last_line)

    report = _report(doc, n, seat_numbers, starting, walk, money)
    started_at, local_time, zone = _time(doc)
    seats = tuple(sorted(  # in seat order, as every other site gives them
        (Seat(seat=seat_numbers[i], player=names[i], stack=starting[i],
              hole_cards=walk.hole.get(i)) for i in range(n)),
        key=lambda s: s.seat,
    ))
    level = doc.get("level")
    return Hand(
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
        max_seats=doc.get("seat_count") if isinstance(doc.get("seat_count"), int) else None,
        is_tournament=level is not None,
        level=str(level) if level is not None else None,
        source=SourceRef(file, chunk.offset, chunk.line),
        raw_text=text,
    )


def _strip_comment(raw: str) -> str:
    cut = raw.find("#")
    return raw if cut == -1 else raw[:cut]


def _to_decimal(text: str) -> Decimal:
    try:
        d = Decimal(text)
    except ArithmeticError:
        raise ParseError("bad_amount", f"not an amount: {text!r}", text=text) from None
    return _number(d, "action")


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
    if not all(isinstance(s, int) and not isinstance(s, bool) and s > 0 for s in seats):
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
    context = any(k in doc for k in ("table", "event", "venue", "year"))
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
    try:
        if isinstance(doc.get("time_zone"), str):
            tz = ZoneInfo(doc["time_zone"])
        elif doc.get("time_zone_abbreviation") in _ABBREVIATIONS:
            tz = ZoneInfo(_ABBREVIATIONS[doc["time_zone_abbreviation"]])
        elif not all(k in doc for k in ("city", "region", "country")):
            tz = ZoneInfo("UTC")  # the spec: no zone and no full location means UTC
    except (ZoneInfoNotFoundError, ValueError):
        tz = None
    if tz is None:
        return None, local, str(zone_name)
    try:
        naive = datetime(y, mo, d, t.hour, t.minute, t.second)
    except ValueError:
        return None, local, str(zone_name)
    return naive.replace(tzinfo=tz).astimezone(UTC), local, str(zone_name or "UTC")


def _action_lines(text: str, actions: list) -> list[int]:
    """1-based line in the chunk of each action string (found in order; 0 if not found)."""
    out: list[int] = []
    pos = text.find("actions")
    pos = 0 if pos == -1 else pos
    line, counted = 1, 0
    for raw in actions:
        s = str(raw)
        at = -1
        for quoted in (f"'{s}'", f'"{s}"'):
            found = text.find(quoted, pos)
            if found != -1 and (at == -1 or found < at):
                at = found
        if at == -1:
            out.append(0)
            continue
        line += text.count("\n", counted, at)
        counted = pos = at
        out.append(line)
    return out


def _report(doc: dict, n: int, seats: list[int], starting: list[int], walk: _Walk,
            money: _Money) -> SiteReport:
    collections: list[Collection] = []
    if "finishing_stacks" in doc:
        finishing = [money(_number(v, "finishing_stacks")) for v in doc["finishing_stacks"]]
        for i in range(n):
            got = finishing[i] - starting[i] + walk.invested[i]
            if got:
                collections.append(Collection(seats[i], got))
    elif "winnings" in doc:
        for i, v in enumerate(doc["winnings"]):
            got = money(_number(v, "winnings"))
            if got:
                collections.append(Collection(seats[i], got))
    return SiteReport(collections=tuple(collections))


# --- the actions ----------------------------------------------------------------------------


class _Walk:
    """Street totals and stacks while reading the actions: enough to give every action its
    ``amount``/``to``/``all_in`` and to return uncalled bets. It judges nothing (the engine
    does); a cbr beyond the stack is kept as written for the engine to flag."""

    def __init__(self, n: int, seats: list[int], stacks: list[int], money: _Money,
                 big_blind: int) -> None:
        self.n = n
        self.seats = seats
        self.stack = list(stacks)
        self.money = money
        self.big_blind = big_blind
        #: the bet to match when it is above every commit: a big blind posted short all-in
        #: (or not at all, its player all-in on the ante) still obliges the others to the full
        #: blind, as the engine rules
        self.floor = 0
        self.commit = [0] * n
        self.invested = [0] * n
        self.folded: set[int] = set()
        self.street = Street.PREFLOP
        self.board: list[str] = []
        self.hole: dict[int, tuple[str, ...]] = {}
        self.actions: list[Action] = []
        self.last_line = 0

    def _put(self, i: int, chips: int, live: bool) -> None:
        self.stack[i] -= chips
        self.invested[i] += chips
        if live:
            self.commit[i] += chips

    def posts(self, antes: list[int], blinds: list[int]) -> None:
        for i, amount in enumerate(antes):
            if amount:
                chips = min(amount, self.stack[i])
                self._put(i, chips, False)
                self.actions.append(Action(Street.PREFLOP, self.seats[i], ActionKind.POST_ANTE,
                                           chips, 0, self.stack[i] <= 0))
        if any(blinds):  # preflop the bet to match is at least the big blind
            self.floor = self.big_blind
        order = [1, 0] if self.n == 2 else list(range(self.n))
        for i in order:
            amount = blinds[i]
            if not amount:
                continue
            if self.n == 2:
                kind = ActionKind.POST_SMALL_BLIND if i == 1 else ActionKind.POST_BIG_BLIND
            else:
                kind = (ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND)[i] if i < 2 \
                    else ActionKind.POST_STRADDLE
            chips = min(amount, self.stack[i])
            self._put(i, chips, True)
            self.actions.append(Action(Street.PREFLOP, self.seats[i], kind, chips,
                                       self.commit[i], self.stack[i] <= 0))

    def _player(self, token: str) -> int:
        if not (token.startswith("p") and token[1:].isdigit()):
            raise ParseError("unknown_line", f"unknown actor {token!r}")
        i = int(token[1:]) - 1
        if not 0 <= i < self.n:
            raise ParseError("unknown_line", f"no player {token}")
        return i

    def close_round(self, line: int) -> None:
        """Return the part of the top bet that nobody matched (PHH never writes it)."""
        if not self.n:
            return
        top = max(self.commit)
        i = self.commit.index(top)
        second = max((c for j, c in enumerate(self.commit) if j != i), default=0)
        if top > second:
            back = top - second
            self.stack[i] += back
            self.invested[i] -= back
            self.commit[i] -= back
            self.actions.append(Action(self.street, self.seats[i], ActionKind.UNCALLED_RETURN,
                                       back, self.commit[i], line=line))

    def act(self, raw: str, line: int) -> None:
        parts = _strip_comment(raw).split()
        if not parts:
            return  # a no-op or a standalone commentary
        self.last_line = line
        actor, verb, args = parts[0], parts[1] if len(parts) > 1 else "", parts[2:]
        if actor == "d":
            if verb == "dh" and len(args) == 2:
                i = self._player(args[0])
                cards = _cards(args[1])
                if cards:
                    self.hole[i] = cards
                return
            if verb == "db" and len(args) == 1:
                self.close_round(line)
                cards = _cards(args[0])
                if cards is None:
                    raise ParseError("bad_card", "unknown board card")
                self.board += cards
                if self.street >= Street.RIVER:
                    raise ParseError("unknown_line", "a board card after the river")
                self.street = Street(self.street + 1)
                self.commit = [0] * self.n
                self.floor = 0
                return
            raise ParseError("unknown_line", "unknown dealer action")
        i = self._player(actor)
        seat = self.seats[i]
        street = self.street
        current = max(max(self.commit), self.floor)
        if verb == "f" and not args:
            self.folded.add(i)
            self.actions.append(Action(street, seat, ActionKind.FOLD, 0, self.commit[i],
                                       line=line))
        elif verb == "cc" and not args:
            target = current
            if not any(j != i and j not in self.folded and self.stack[j] > 0
                       for j in range(self.n)):
                target = max(self.commit)  # nobody left to bet against: match what is in
            owed = min(target - self.commit[i], self.stack[i])
            if owed <= 0:
                self.actions.append(Action(street, seat, ActionKind.CHECK, 0, self.commit[i],
                                           line=line))
            else:
                self._put(i, owed, True)
                self.actions.append(Action(street, seat, ActionKind.CALL, owed, self.commit[i],
                                           self.stack[i] <= 0, line=line))
        elif verb == "cbr" and len(args) == 1:
            to = self.money(_to_decimal(args[0]))
            chips = to - self.commit[i]
            kind = ActionKind.BET if current == 0 else ActionKind.RAISE
            self._put(i, chips, True)
            self.actions.append(Action(street, seat, kind, chips, to, self.stack[i] <= 0,
                                       line=line))
        elif verb == "sm" and len(args) <= 1:
            self.close_round(line)  # a show ends the betting; idempotent after the first
            shown: tuple[str, ...] | None = ()
            if args:
                shown = self.hole.get(i, ()) if args[0] == "-" else _cards(args[0])
            on = Street.SHOWDOWN if self.street is Street.RIVER else self.street
            if not args:
                self.actions.append(Action(on, seat, ActionKind.MUCK, 0, self.commit[i],
                                           line=line))
            else:
                if shown:
                    self.hole[i] = shown
                self.actions.append(Action(on, seat, ActionKind.SHOW, 0, self.commit[i],
                                           cards=shown or (), line=line))
        elif verb in ("sd", "pb"):
            raise ParseError("unknown_line", f"{verb!r} is not a hold'em action")
        else:
            raise ParseError("unknown_line", "unknown player action")


def _cards(text: str) -> tuple[str, ...] | None:
    """Concatenated PHH cards; None when any card is unknown (``??``)."""
    if "?" in text:
        return None
    if len(text) % 2:
        raise ParseError("bad_card", f"not a card list: {text!r}", text=text)
    return parse_cards(" ".join(text[k : k + 2] for k in range(0, len(text), 2)))
