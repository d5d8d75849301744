"""The head of a PartyPoker hand: the header and game lines, the table lines and the seats.

Split from :mod:`parsers.sites.partypoker.reader`, which reads the play. The game line
prints the game and limit code, the currency or tournament, the blinds where the table has
them ("$0.05/$0.10 USD NL Texas Hold'em", "Blinds-Antes(10/20 -0)") and the date.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from parsers.errors import ParseError, UnsupportedGame
from parsers.model import TOURNAMENT_CHIPS, Game, LimitType
from parsers.sites._kit.starlike import game_of, to_utc
from parsers.sites._kit.tables import CURRENCY_CODES, CURRENCY_SYMBOLS
from parsers.text import parse_money

# The hand id: digits up to 2016, digits and lower-case letters in the rebuilt client (2019 on:
# "1617936175861pdjsqtzh1do"); either may be followed by the brand that wrote it ("(Party)").
_HEAD = re.compile(r"\*{5} Hand History [Ff]or Game (\w+) \*{5}")
_DATE = re.compile(
    r"(?:(?P<mon>[A-Z][a-z]+) (?P<day>\d{1,2}), (?P<h>\d\d):(?P<mi>\d\d):(?P<s>\d\d) "
    r"(?P<tz>[A-Z]{2,5}) (?P<y>\d{4})"
    r"|[A-Z][a-z]{2} (?P<mon2>[A-Z][a-z]{2}) (?P<day2>\d{1,2}) (?P<h2>\d\d):(?P<mi2>\d\d):"
    r"(?P<s2>\d\d) (?P<tz2>[A-Z]{2,5}) (?P<y2>\d{4}))"
)
_MONTHS = {m: i for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)}
BLINDS = re.compile(r"Blinds(?:-Antes)?\(\s*([\d.,]+)\s*/\s*([\d.,]+)(?:\s*-\s*([\d.,]+))?\)")
STAKES = re.compile(r"Stakes\(\s*([\d.,]+)\s*/\s*([\d.,]+)\)")  # fixed limit: small/big bet
_CASH_BLINDS = re.compile(r"^([$€£]?[\d.,]+)/([$€£]?[\d.,]+)\s")
_OLD_BLINDS = re.compile(r"^([\d.,]+)/([\d.,]+) (?:Tourney )?Texas")
_TRNY = re.compile(r"Trny:\s*(\d+)|Tournament #(\d+)")
LEVEL = re.compile(r"Level:\s*(\d+)")
_SEAT = re.compile(r"[Ss]eat (\d+): (.*) \(\s*([$€£]?[\d.,]+)(?:\s*(?:[A-Z]{3}|€))?\s*\)(.*)$")
_BUTTON = re.compile(r"Seat (\d+) is the button")
_MONEY_TAG = re.compile(r"\s*\(\s*(?:Real|Play) Money\s*\).*$")
_STACK_SYMBOL = re.compile(r"[Ss]eat \d+: .* \(\s*([$€£])")
_DOT_THOUSANDS = re.compile(r"^\d{1,3}(?:\.\d{3})+$")


def amount(text: str, dec: int) -> int:
    """"[$0.70 USD]", "(210)", "[ $1,000  USD ].", "$5.18 USD" -> minor units."""
    t = text.strip().rstrip(".").strip("[]() ")
    for code in ("USD", "EUR", "GBP", "CAD", "€"):
        t = t.replace(code, "")
    t = t.strip()
    head, comma, tail = t.rpartition(",")
    if comma and len(tail) == 2 and "." not in t:
        t = f"{head}.{tail}"  # a decimal comma ("$26,02", "0,35 €")
    elif dec == 0 and "," not in t and _DOT_THOUSANDS.match(t):
        t = t.replace(".", "")  # tournament chips with dot separators ("1.200")
    return parse_money(t, dec)


@dataclass(frozen=True)
class GameLine:
    """What the hand's first two lines say. The blinds and the level may be restated (for the
    level played) after the seats, so the play keeps its own copies."""

    hand_id: str
    desc: str  # the game line
    game: Game
    limit: LimitType
    currency: str
    decimals: int
    tournament_id: str | None
    level: str | None
    small_blind: int
    big_blind: int
    ante: int
    started_at: datetime | None
    local_time: str
    zone: str


def read_game(lines: list[str]) -> GameLine:
    """The header line (the hand id) and the game line (game, stakes, tournament, date)."""
    m = _HEAD.match(lines[0].lstrip(" \t\ufeff"))
    if not m or len(lines) < 3:
        raise ParseError("bad_header", "not a PartyPoker hand header", line=1, text=lines[0])
    hand_id = m[1]
    desc = lines[1]
    game_words = desc.split(" - ")[0]
    if "Double Hold" in game_words:  # three hole cards: not hold'em as the engine plays it
        raise UnsupportedGame(f"{game_words.strip()} (other)", line=2, text=desc)
    game, limit = game_of(_limit_words(game_words), desc, 2)
    trny = _TRNY.search(desc)
    is_tourney = bool(trny) or "Tourney" in desc or "Trny" in desc or "Buy-in" in desc
    currency, dec = (TOURNAMENT_CHIPS, 0) if is_tourney else (_currency(desc, lines), 2)
    level = LEVEL.search(desc)
    small_blind = big_blind = ante = 0
    try:
        blinds = (BLINDS.search(desc) or STAKES.search(desc) or _CASH_BLINDS.match(desc)
                  or _OLD_BLINDS.match(desc))
        if blinds:
            small_blind, big_blind = amount(blinds[1], dec), amount(blinds[2], dec)
            if blinds.lastindex and blinds.lastindex >= 3 and blinds[3]:
                ante = amount(blinds[3], dec)
    except ParseError as err:
        raise err.with_context(line=2, text=desc) from None
    started_at, local_time, zone = _started_at(desc)
    return GameLine(
        hand_id=hand_id, desc=desc, game=game, limit=limit, currency=currency, decimals=dec,
        tournament_id=(trny[1] or trny[2]) if trny else (hand_id if is_tourney else None),
        level=level[1] if level else None, small_blind=small_blind, big_blind=big_blind,
        ante=ante, started_at=started_at, local_time=local_time, zone=zone,
    )


def read_table(lines: list[str]) -> tuple[str, int | None, int]:
    """(table name, button seat, index of the first seat line) from the lines before the
    seats; anything unexpected there is a bad header."""
    table_name, button = "", None
    i = 2
    while i < len(lines) and not _SEAT.match(lines[i]):
        line = lines[i]
        if line.startswith("Table "):
            table_name = _table_name(line)
        elif not (_BUTTON.match(line) or line.startswith(("Total number of players", "Trny",
                                                          "Blinds", "Level"))
                  or not line.strip()):
            raise ParseError("bad_header", "unexpected line before the seats", line=i + 1,
                             text=line)
        bm = _BUTTON.search(line)
        if bm:
            button = int(bm[1])
        i += 1
    return table_name, button, i


def _table_name(line: str) -> str:
    """"Table Bloemfontein (Real Money)" -> "Bloemfontein"; the rebuilt client's "Table Table
    7488952 (Real Money) -- Seat 1 is the button" -> "7488952" and its tournament "Table
    (304152365) Table #1 (Real Money)" -> "304152365 Table #1"."""
    name = line[6:].split("(")[0].strip()
    if name.startswith("Table "):
        name = name[6:].strip()
    if not name and line[6:].lstrip().startswith("("):
        name = _MONEY_TAG.sub("", line[6:]).strip().replace("(", "").replace(")", "")
    return name


def read_seats(lines: list[str], start: int, dec: int) -> tuple[dict[int, list], int]:
    """seat -> [name, stack, sitting out, bounty] for the seat lines from ``start`` on, and
    the index of the line after them."""
    seats: dict[int, list] = {}
    i = start
    while i < len(lines) and lines[i][:5] in ("Seat ", "seat "):
        s = _SEAT.match(lines[i])
        if not s:
            raise ParseError("unknown_line", "cannot read seat", line=i + 1, text=lines[i])
        try:
            stack = amount(s[3], dec)
        except ParseError as err:
            raise err.with_context(line=i + 1, text=lines[i]) from None
        seats[int(s[1])] = [s[2].strip(), stack, False, None]
        i += 1
    return seats, i


def max_seats(lines: list[str]) -> int | None:
    """The table size from "Total number of players : 3/6", where printed."""
    max_seats = None
    for line in lines[2:8]:
        if line.startswith("Total number of players"):
            tail = line.rpartition("/")[2].strip()
            max_seats = int(tail) if tail.isdigit() else None
    return max_seats


def _limit_words(words: str) -> str:
    """Spell out PartyPoker's limit codes for :func:`game_of`: "NL" -> "no limit"."""
    padded = f" {words.replace('(', ' ').replace(')', ' ')} "
    for code, text in ((" NL ", " no limit "), (" PL ", " pot limit "), (" FL ", " fixed limit ")):
        padded = padded.replace(code, text)
    return padded.strip()


def _currency(desc: str, lines: list[str]) -> str:
    """The code or symbol of the game line; the rebuilt client prints bare blinds there
    ("0.10/0.25 Texas Holdem Game Table (NL)") and the symbol only on the stacks."""
    for code in CURRENCY_CODES:
        if code in desc:
            return code
    if desc[:1] not in CURRENCY_SYMBOLS:
        for line in lines[2:14]:
            sym = _STACK_SYMBOL.match(line)
            if sym:
                return CURRENCY_SYMBOLS.get(sym[1], "USD")
    return CURRENCY_SYMBOLS.get(desc[:1], "USD")


def _started_at(desc: str) -> tuple[datetime | None, str, str]:
    d = _DATE.search(desc)
    if not d:
        return None, "", ""
    if d["mon"]:
        mon, day, h, mi, s, tz, y = (d["mon"], d["day"], d["h"], d["mi"], d["s"], d["tz"],
                                     d["y"])
    else:
        mon, day, h, mi, s, tz, y = (d["mon2"], d["day2"], d["h2"], d["mi2"], d["s2"],
                                     d["tz2"], d["y2"])
    month = _MONTHS.get(mon[:3].lower())
    if month is None:
        return None, "", tz
    naive = datetime(int(y), month, int(day), int(h), int(mi), int(s))
    local = naive.strftime("%Y/%m/%d %H:%M:%S")
    return to_utc(naive, tz), local, tz
