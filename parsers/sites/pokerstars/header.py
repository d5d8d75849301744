"""The PokerStars hand header: game, stakes, currency, tournament and start time.

Split from :mod:`parsers.sites.pokerstars.reader` to keep the body parser small, and written to be
cheap per hand: the header line is ``PokerStars Hand #<id>: <description> - <date>``, where the
description (game, stakes, tournament, level) repeats across a file's hands and the date is
nearly unique. So the description is parsed once per distinct text (:func:`_describe`,
cached) and only the hand id and the date are read for every hand; the UTC start of each
printed local hour is cached per zone (:func:`started_at`: a file's hands share their hours),
so a date costs one regex match and an addition.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import PLAY_MONEY, TOURNAMENT_CHIPS, Game, LimitType
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
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR", "R": "INR"}

# PokerStars prints regional abbreviations; they mean the region's civil time (DST included:
# a "CET" time in July is CEST), so each maps to a representative zone.
_ZONES = {
    "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles",
    "AT": "America/Halifax", "AKT": "America/Anchorage", "HT": "Pacific/Honolulu",
    "BRT": "America/Sao_Paulo", "ART": "America/Argentina/Buenos_Aires",
    "UTC": "UTC", "GMT": "UTC", "WET": "Europe/Lisbon", "CET": "Europe/Paris",
    "EET": "Europe/Bucharest", "MSK": "Europe/Moscow", "IST": "Asia/Kolkata",
    "CCT": "Asia/Shanghai", "JST": "Asia/Tokyo", "KST": "Asia/Seoul",
    "AWST": "Australia/Perth", "ACST": "Australia/Adelaide", "AEST": "Australia/Sydney",
    "NZT": "Pacific/Auckland",
}


class Header:
    """What the header line says; built once per hand, read by the body parser."""

    __slots__ = (
        "hand_id", "game", "limit", "currency", "decimals", "tournament_id", "level",
        "fast_fold", "stakes_text", "started_at", "local_time", "time_zone", "buyin_currency",
        "first_bet", "second_bet",
    )


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
        if "6+" in low or "short" in low:
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


@lru_cache(maxsize=4096)
def _utc_offset(year: int, month: int, day: int, hour: int, minute: int, zone: str) -> timedelta:
    """The zone's UTC offset at that local minute (fold=0, as ``datetime.replace`` gives)."""
    offset = datetime(year, month, day, hour, minute).replace(tzinfo=ZoneInfo(zone)).utcoffset()
    assert offset is not None
    return offset


# The two printed forms of nearly every header, ASCII digits only: "2024/03/11 10:00:15 ET"
# (older files: "2012/7/30 7:25:24 ET") and "2023/10/03 18:42:51 CET [2023/10/03 12:42:51 ET]".
_PLAIN_DATE = re.compile(
    r"([0-9]{4})/([0-9]{1,2})/([0-9]{1,2}) ([0-9]{1,2}):([0-9]{2}):([0-9]{2}) ([A-Z]{1,5})"
    r"(?: \[([0-9]{4})/([0-9]{1,2})/([0-9]{1,2}) ([0-9]{1,2}):([0-9]{2}):([0-9]{2}) ET\])?"
)
#: Zone name -> ZoneInfo, filled on first use (ZoneInfo(name) itself is a slower cache).
_TZ: dict[str, ZoneInfo] = {}
#: (zone name, year, month, day, hour as printed) -> UTC time of that local hour's start, for
#: hours with one UTC offset throughout. Bounded: cleared when full.
_HOURS: dict[tuple[str, str, str, str, str], datetime] = {}
_HOURS_MAX = 4096
#: "MMSS" as printed (minute and second, two digits each) -> time since the hour's start.
_MINUTE_SECOND = {f"{m:02d}{s:02d}": timedelta(minutes=m, seconds=s)
                  for m in range(60) for s in range(60)}


def started_at(date: str) -> tuple[datetime | None, str, str]:
    """(UTC time, printed local time, its zone) from "2023/10/03 18:42:51 CET [... ET]".

    The bracketed ET time is preferred when present (one zone to trust); the first printed
    time and its zone are kept as local_time/time_zone.

    Fast path (issue 7): the two usual forms are read by one regex and converted directly
    (the offset taken at the minute's start, as :func:`_utc_offset` does); any other text and
    impossible dates take the general reading, :func:`_started_at`. A file's hands share
    their hours, so the UTC start of each local hour whose offset is the same at its first
    and last minute (every hour but the few a zone's clock change falls in: offsets change
    once at most in an hour) is kept in ``_HOURS``, and a time in it is that start plus the
    printed minutes and seconds: the same instant as converting the minute itself.
    """
    plain = _PLAIN_DATE.fullmatch(date)
    if plain is not None:
        g = plain.groups()
        zone = g[6]
        if g[7] is not None and zone != "ET":
            fields, where = g[7:], _ZONES["ET"]
        else:
            fields, where = g[:6], _ZONES.get(zone)
        if where is not None:
            if len(g[1]) == len(g[2]) == len(g[3]) == 2:  # printed as local time is kept
                local = date[:19]
            else:
                local = f"{g[0]}/{int(g[1]):02d}/{int(g[2]):02d} {int(g[3]):02d}:{g[4]}:{g[5]}"
            key = (where, fields[0], fields[1], fields[2], fields[3])
            hour = _HOURS.get(key)
            if hour is not None:
                since = _MINUTE_SECOND.get(fields[4] + fields[5])
                if since is not None:
                    return hour + since, local, zone
            tz = _TZ.get(where)
            if tz is None:
                tz = _TZ[where] = ZoneInfo(where)
            y, mo, d, h, mi, s = (int(fields[0]), int(fields[1]), int(fields[2]),
                                  int(fields[3]), int(fields[4]), int(fields[5]))
            try:
                offset = datetime(y, mo, d, h, mi, 0, 0, tz).utcoffset()
                utc = datetime(y, mo, d, h, mi, s, 0, UTC)
            except ValueError:
                return _started_at(date)
            assert offset is not None
            if hour is None:
                _remember_hour(key, tz, y, mo, d, h)
            return utc - offset, local, zone
    return _started_at(date)


def _remember_hour(key: tuple[str, str, str, str, str], tz: ZoneInfo, y: int, mo: int, d: int,
                   h: int) -> None:
    """Keep the UTC start of a local hour in ``_HOURS`` if its offset is the same at its
    first and last minute (see :func:`started_at`)."""
    first = datetime(y, mo, d, h, 0, 0, 0, tz).utcoffset()
    if first is not None and first == datetime(y, mo, d, h, 59, 0, 0, tz).utcoffset():
        if len(_HOURS) >= _HOURS_MAX:
            _HOURS.clear()
        _HOURS[key] = datetime(y, mo, d, h, 0, 0, 0, UTC) - first


def _started_at(date: str) -> tuple[datetime | None, str, str]:
    found = _DATE.findall(date)
    if not found:
        return None, "", ""
    y, mo, d, h, mi, s, zone = found[0]
    local = f"{y}/{int(mo):02d}/{int(d):02d} {int(h):02d}:{mi}:{s}"
    chosen = None
    for f in found:
        if f[6] == "ET":
            chosen = f
            break
    else:
        for f in found:
            if f[6] in _ZONES:
                chosen = f
                break
        else:
            return None, local, zone
    y2, mo2, d2, h2, mi2, s2, z2 = chosen
    try:
        naive = datetime(int(y2), int(mo2), int(d2), int(h2), int(mi2), int(s2))
    except ValueError:
        return None, local, zone
    offset = _utc_offset(naive.year, naive.month, naive.day, naive.hour, naive.minute, _ZONES[z2])
    return (naive - offset).replace(tzinfo=UTC), local, zone


@lru_cache(maxsize=1024)
def _describe(rest: str) -> tuple:
    """Everything the header says but the hand id, fast-fold flag and date, from the text
    after ``#id:`` with the date cut off. Cached: a file repeats the same few descriptions.

    Errors are raised without the line's text (it is not part of the cache key): the caller
    adds it. Returns (tournament_id, level, currency, decimals, buyin_currency, game, limit, stakes
    text, first bet, second bet).
    """
    t = _TOURNEY.match(rest) if rest.startswith("Tournament #") else None
    if t:
        tournament_id, level, desc, stakes = t["tid"], t["level"], t["desc"], t["stakes"]
        currency, decimals = TOURNAMENT_CHIPS, 0
        buyin_currency = next((c for w, c in _SYMBOLS.items() if w in desc), None)
        for code in ("USD", "EUR", "GBP", "CAD", "INR", "CNY"):
            if f" {code} " in f" {desc} ":
                buyin_currency = code
    else:
        c = _CASH.match(rest)
        if not c or rest.startswith("Tournament #"):
            raise ParseError("bad_header", "cannot read game and stakes", line=1)
        tournament_id = level = None
        desc, stakes = c["desc"], c["stakes"]
        if "," in stakes and not stakes.split(",")[0].strip()[-1:].isdigit():
            # "HORSE (Razz Limit, $0.10/$0.20 USD)": the current game is inside.
            game_words, _, stakes = stakes.partition(",")
            desc = f"{desc} ({game_words})"
        buyin_currency = None
        code = stakes.split()[-1] if stakes.split() else ""
        if code.isalpha() and code.isupper() and len(code) == 3:
            currency = code
        else:
            currency = _SYMBOLS.get(stakes.strip()[:1], PLAY_MONEY)
        decimals = 0 if currency == PLAY_MONEY else 2
    game, limit = _game_of(desc)
    first_bet, second_bet = _stakes_pair(stakes, decimals)
    return (tournament_id, level, currency, decimals, buyin_currency, game, limit, stakes,
            first_bet, second_bet)


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
    # Find the date with the same regex _describe uses; the text before it keys the cache
    # (the regexes read the same description and stakes from it: the date is their tail).
    c = _TOURNEY.match(rest) if rest.startswith("Tournament #") else _CASH.match(rest)
    if c is None:
        raise ParseError("bad_header", "cannot read game and stakes", line=1, text=line)
    date = c["date"]
    try:
        described = _describe(rest if date is None else rest[: c.start("date")])
    except ParseError as err:
        raise err.with_context(text=line) from None
    h = Header()
    h.hand_id = m["id"]
    h.fast_fold = m["kind"] in ("Zoom ", "Rush ")
    (h.tournament_id, h.level, h.currency, h.decimals, h.buyin_currency, h.game, h.limit,
     h.stakes_text, h.first_bet, h.second_bet) = described
    h.started_at, h.local_time, h.time_zone = started_at(date or "")
    return h
