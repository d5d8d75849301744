"""The header line of a GGPoker hand: id, game, limit, stakes, currency, tournament, time.

Kept apart from the body reader in ``ggpoker.py`` because the header alone decides whether a
hand is replayed at all (Omaha and Short Deck raise UnsupportedGame here, before the body is
read) and which unit every amount is in.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import PLAY_MONEY, TOURNAMENT_CHIPS, Game, LimitType
from parsers.sites._kit.starlike import is_short_deck
from parsers.sites._kit.tables import CURRENCY_SYMBOLS
from parsers.text import parse_money

SITE = "ggpoker"
_HEAD = re.compile(r"Poker Hand #(?P<id>[A-Za-z]{0,4}\d+):\s*(?P<rest>.*)$")
_TOURNEY = re.compile(
    r"Tournament #(?P<tid>\d+),?\s*(?P<desc>.*?)\s+-\s+Level\s*(?P<level>\w+)\s*"
    r"\((?P<stakes>[^()]*(?:\([^()]*\))?)\)\s*-\s*(?P<date>.*)$"
)
_CASH = re.compile(r"(?P<desc>.*?)\s*\((?P<stakes>[^)]*)\)\s*-\s*(?P<date>.*)$")
_DATE = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2})\s+(\d{1,2}):(\d{2}):(\d{2})")
_SYMBOLS = {**CURRENCY_SYMBOLS, "¥": "CNY"}  # GG's "¥" tables are in yuan


class Header:
    """What the header says; filled in by :func:`parse_header`."""

    __slots__ = ("hand_id", "game", "limit", "currency", "decimals", "tournament_id", "level",
                 "stakes_text", "started_at", "local_time")


def _game_of(desc: str, line: str) -> tuple[Game, LimitType]:
    """Game and limit from the header's game words ("Hold'em No Limit", "PLO-5", ...)."""
    low = desc.lower()
    if "no limit" in low:
        limit = LimitType.NO_LIMIT
    elif "pot limit" in low or "plo" in low:
        limit = LimitType.POT_LIMIT
    else:
        limit = LimitType.FIXED_LIMIT
    if is_short_deck(low):
        raise UnsupportedGame(f"short deck hold'em: {desc}", line=1, text=line)
    if "hold'em" in low or "holdem" in low:
        return Game.HOLDEM, limit
    if "omaha" in low or "plo" in low:
        game = Game.OMAHA_HI_LO if "hi/lo" in low or "hi-lo" in low else Game.OMAHA
    elif "stud" in low:
        game = Game.STUD
    elif "draw" in low:
        game = Game.DRAW
    else:
        game = Game.OTHER
    raise UnsupportedGame(f"{desc.strip() or 'unknown game'} ({game.value})", line=1, text=line)


def parse_header(line: str) -> Header:
    m = _HEAD.match(line)
    if not m:
        raise ParseError("bad_header", "not a GGPoker hand header", line=1, text=line)
    h = Header()
    h.hand_id = m["id"]
    rest = m["rest"]
    t = _TOURNEY.match(rest) if rest.startswith("Tournament #") else None
    if t:
        h.tournament_id, h.level = t["tid"], t["level"]
        desc, stakes, date = t["desc"], t["stakes"], t["date"]
        h.currency, h.decimals = TOURNAMENT_CHIPS, 0
    else:
        c = _CASH.match(rest)
        if not c or rest.startswith("Tournament #"):
            raise ParseError("bad_header", "cannot read game and stakes", line=1, text=line)
        h.tournament_id = h.level = None
        desc, stakes, date = c["desc"], c["stakes"], c["date"]
        sym = stakes.strip()[:1]
        h.currency = _SYMBOLS.get(sym, PLAY_MONEY)
        h.decimals = 0 if h.currency == PLAY_MONEY else 2
    h.game, h.limit = _game_of(desc, line)
    h.stakes_text = stakes
    d = _DATE.search(date)
    h.started_at, h.local_time = None, ""
    if d:
        y, mo, dd, hh, mi, ss = (int(x) for x in d.groups())
        h.local_time = f"{y}/{mo:02d}/{dd:02d} {hh:02d}:{mi:02d}:{ss:02d}"
        try:
            h.started_at = datetime(y, mo, dd, hh, mi, ss, tzinfo=UTC)
        except ValueError:
            h.started_at = None
    return h


def stakes_of(h: Header, line: str) -> tuple[int, int, int]:
    """(first, second, ante) from "$0.02/$0.05" or "200/400" (a third part is an ante), or
    the 2026-on tournament level's "250/500(60)" (the ante in brackets after the blinds)."""
    text, ante = h.stakes_text, None
    if text.endswith(")") and "(" in text:
        text, _, ante = text[:-1].partition("(")
    parts = [p.strip() for p in text.split("/")]
    if ante is not None and len(parts) == 2:
        parts.append(ante.strip())
    elif ante is not None:
        parts = []
    if len(parts) not in (2, 3):
        raise ParseError("bad_header", f"cannot read stakes {h.stakes_text!r}", line=1, text=line)
    try:
        amounts = [parse_money(p, h.decimals) for p in parts]
    except ParseError as err:
        raise err.with_context(line=1, text=line, site=SITE) from None
    return amounts[0], amounts[1], amounts[2] if len(amounts) == 3 else 0
