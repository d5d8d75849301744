"""The PokerStars hand header: game, stakes, currency, tournament and start time.

Split from :mod:`parsers.sites.pokerstars.reader` to keep the body parser small. The header
line is ``PokerStars Hand #<id>: <description> - <date>``: the description names the game,
the stakes and, for tournaments, the tournament and level; the date prints a local time and
its zone, often followed by the same time in ET in brackets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import PLAY_MONEY, TOURNAMENT_CHIPS, Game, LimitType
from parsers.sites._kit.starlike import is_short_deck
from parsers.sites._kit.tables import CURRENCY_CODES, CURRENCY_SYMBOLS, ZONES
from parsers.text import parse_money

SITE = "pokerstars"

_HEAD = re.compile(
    r"PokerStars (?P<kind>Zoom |Home Game |Rush )?(?:Hand|Game) #(?P<id>\d+):\s*"
    r"(?:\{(?P<club>[^}]*)\}\s*)?(?P<rest>.*)$"
)
_TOURNEY = re.compile(
    r"Tournament #(?P<tid>\d+),\s*(?P<desc>.*?)\s+-\s+(?:Match Round \w+,? )?"
    r"Level (?P<level>[\w-]+)\s*\((?P<stakes>[^)]*)\)(?:\s*-\s*(?P<date>.*))?$"
)
_CASH = re.compile(r"(?P<desc>.*?)\s*\((?P<stakes>[^)]*)\)(?:\s*-\s*(?P<date>.*))?$")
_DATE = re.compile(
    r"(\d{4})/(\d{1,2})/(\d{1,2})\s+(?:-\s+)?(\d{1,2}):(\d{2}):(\d{2})(?:\s*\(?([A-Z]{1,5})\)?)?"
)
_SYMBOLS = {**CURRENCY_SYMBOLS, "¥": "CNY", "₹": "INR", "R": "INR"}

# PokerStars prints regional abbreviations; they mean the region's civil time (DST included:
# a "CET" time in July is CEST). Only these of ZONES are read here (CST, PDT, CEST, BST... are
# not, as before).
_ZONES = {z: ZONES[z] for z in (
    "ET", "EST", "EDT", "CT", "MT", "PT", "AT", "AKT", "HT", "BRT", "ART", "UTC", "GMT", "WET",
    "CET", "EET", "MSK", "IST", "CCT", "JST", "KST", "AWST", "ACST", "AEST", "NZT",
)}


@dataclass(frozen=True, slots=True)
class Header:
    """What the header line says, read by the body parser."""

    hand_id: str
    fast_fold: bool  # Zoom / Rush
    game: Game
    limit: LimitType
    currency: str
    decimals: int
    stakes_text: str
    #: The stakes' two numbers: the blinds, or in fixed limit the small and big bet.
    first_bet: int
    second_bet: int
    tournament_id: str | None
    level: str | None
    buyin_currency: str | None  # a tournament's buy-in currency, where it is printed
    started_at: datetime | None
    local_time: str
    time_zone: str


def _game_of(desc: str) -> tuple[Game, LimitType]:
    """Game and limit from the header's game words, e.g. "Hold'em No Limit"."""
    inner = desc
    if "(" in desc and ")" in desc:  # mixed games: "8-Game (Hold'em No Limit)"
        inner = desc[desc.rindex("(") + 1 : desc.rindex(")")]
    low = inner.lower()
    if "no limit" in low:
        limit = LimitType.NO_LIMIT
    elif "pot limit" in low:
        limit = LimitType.POT_LIMIT
    else:
        limit = LimitType.FIXED_LIMIT
    if "hold'em" in low or "holdem" in low or "hold\\'em" in low:
        if is_short_deck(low):  # by the game's name: a buy-in "$7.36+$0.64" is no "6+"
            raise UnsupportedGame(f"6+ (short deck) hold'em: {inner}", line=1)
        return Game.HOLDEM, limit
    if "omaha" in low:
        game = Game.OMAHA_HI_LO if "hi/lo" in low else Game.OMAHA
    elif "razz" in low:
        game = Game.RAZZ
    elif "stud" in low:
        game = Game.STUD
    elif "draw" in low or "badugi" in low:
        game = Game.DRAW
    else:
        game = Game.OTHER
    raise UnsupportedGame(f"{inner.strip() or 'unknown game'} ({game.value})", line=1)


def _utc_offset(year: int, month: int, day: int, hour: int, minute: int, zone: str) -> timedelta:
    """The zone's UTC offset at that local minute (fold=0, as ``datetime.replace`` gives)."""
    offset = datetime(year, month, day, hour, minute).replace(tzinfo=ZoneInfo(zone)).utcoffset()
    assert offset is not None
    return offset


def started_at(date: str) -> tuple[datetime | None, str, str]:
    """(UTC time, printed local time, its zone) from "2023/10/03 18:42:51 CET [... ET]".

    The ET time is preferred when one is printed (one zone to trust), else the first time
    in a known zone; the first printed time and its zone are kept as local_time/time_zone.
    No time in a known zone, or an impossible date, gives no UTC time.
    """
    found = _DATE.findall(date)
    if not found:
        return None, "", ""
    y, mo, d, h, mi, s, zone = found[0]
    local = f"{y}/{int(mo):02d}/{int(d):02d} {int(h):02d}:{mi}:{s}"
    chosen = next((f for f in found if f[6] == "ET"), None)
    if chosen is None:
        chosen = next((f for f in found if f[6] in _ZONES), None)
    if chosen is None:
        return None, local, zone
    y2, mo2, d2, h2, mi2, s2, z2 = chosen
    try:
        naive = datetime(int(y2), int(mo2), int(d2), int(h2), int(mi2), int(s2))
    except ValueError:
        return None, local, zone
    offset = _utc_offset(naive.year, naive.month, naive.day, naive.hour, naive.minute, _ZONES[z2])
    return (naive - offset).replace(tzinfo=UTC), local, zone


def _buyin_currency(desc: str) -> str | None:
    """The currency of a tournament's buy-in ("$1.40+$0.10 USD"), None when none is printed."""
    buyin_currency = next((c for w, c in _SYMBOLS.items() if w in desc), None)
    for code in (*CURRENCY_CODES, "INR", "CNY"):
        if f" {code} " in f" {desc} ":
            buyin_currency = code
    return buyin_currency


def _cash_game(desc: str, stakes: str) -> tuple[str, str, str]:
    """(game words, stakes, currency) of a cash game. A mixed game prints the current game
    inside the stakes: "HORSE (Razz Limit, $0.10/$0.20 USD)"."""
    if "," in stakes and not stakes.split(",")[0].strip()[-1:].isdigit():
        game_words, _, stakes = stakes.partition(",")
        desc = f"{desc} ({game_words})"
    code = stakes.split()[-1] if stakes.split() else ""
    if code.isalpha() and code.isupper() and len(code) == 3:
        currency = code
    else:
        currency = _SYMBOLS.get(stakes.strip()[:1], PLAY_MONEY)
    return desc, stakes, currency


def _stakes_pair(stakes: str, decimals: int) -> tuple[int, int]:
    text = stakes.split(" - ")[0].strip().replace("Rs. ", "Rs.")
    parts = text.split()[0].split("/") if text else []
    if len(parts) != 2:
        raise ParseError("bad_header", f"cannot read stakes {stakes!r}", line=1)
    try:
        return parse_money(parts[0], decimals), parse_money(parts[1], decimals)
    except ParseError as err:
        raise err.with_context(line=1, site=SITE) from None


def parse_header(line: str) -> Header:
    """Read a header line; ParseError(bad_header), UnsupportedGame for other games."""
    m = _HEAD.match(line)
    if not m:
        raise ParseError("bad_header", "not a PokerStars hand header", line=1, text=line)
    rest = m["rest"]
    is_tournament = rest.startswith("Tournament #")
    tourney = _TOURNEY.match(rest) if is_tournament else None
    cash = None if is_tournament else _CASH.match(rest)
    if tourney is not None:
        desc, stakes, date = tourney["desc"], tourney["stakes"], tourney["date"]
        currency, decimals, buyin_currency = TOURNAMENT_CHIPS, 0, _buyin_currency(desc)
    elif cash is not None:
        desc, stakes, currency = _cash_game(cash["desc"], cash["stakes"])
        date, decimals, buyin_currency = cash["date"], 0 if currency == PLAY_MONEY else 2, None
    else:
        raise ParseError("bad_header", "cannot read game and stakes", line=1, text=line)
    try:
        game, limit = _game_of(desc)
        first_bet, second_bet = _stakes_pair(stakes, decimals)
    except ParseError as err:
        raise err.with_context(text=line) from None
    utc, local_time, time_zone = started_at(date or "")
    return Header(
        hand_id=m["id"],
        fast_fold=m["kind"] in ("Zoom ", "Rush "),
        game=game,
        limit=limit,
        currency=currency,
        decimals=decimals,
        stakes_text=stakes,
        first_bet=first_bet,
        second_bet=second_bet,
        tournament_id=tourney["tid"] if tourney else None,
        level=tourney["level"] if tourney else None,
        buyin_currency=buyin_currency,
        started_at=utc,
        local_time=local_time,
        time_zone=time_zone,
    )
