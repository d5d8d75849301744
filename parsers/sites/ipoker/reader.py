"""iPoker network XML hand histories -> :class:`parsers.model.Hand`.

Every generation in the corpus (2010 flat and tab-indented exports, the one-line "unformatted"
export, client versions 17-23 with ``uncalled_bet_enabled``) is the same element tree:
``<session><general>...</general><game gamecode=N><general><players>...</players></general>
<round no=R><cards .../><action no=N player=P type=T sum=S/>...</round>...</game></session>``.
:mod:`parsers.sites.ipoker.split` turns a file into self-contained chunks (game, then session
general); this module reads one with ``xml.etree.ElementTree`` (which resolves no external
entities; the chunk is wrapped in our own root, so a DOCTYPE inside it is a parse error).

What is particular to iPoker, all checked against the players' stacks in the next hand:
- Action ``type`` codes: 0 fold, 1 small blind, 2 big blind (a sum above the big blind is a
  "post both": the big blind live, the rest dead), 3 call, 4 check, 5 bet, 6 raise by the
  chips added (2010 flat exports), 23 raise *to* the street total, 7 all-in (chips added; a
  bet, call or raise by what it does), 15 ante, 8/9 sitting out / waiting (no chips); 16 is a
  stud bring-in. Any other code is an ``unknown_line`` reject: a format change must be loud.
- Rounds: 0 holds the posts, 1 preflop, 2-4 flop, turn, river. Actions are ordered by their
  ``no`` within the round (exports list posts and late actions out of order).
- ``sum="DP"`` (disconnect protection, on an all-in type) moves no chips: the player is all-in
  for what he has in, keeps his chips behind and acts no more (``ActionKind.PROTECTED``).
- Uncalled bets are never logged: the excess of the last street's top bet over the next one
  is returned by the site silently, so the parser adds the UNCALLED_RETURN action. Before the
  client's ``uncalled_bet_enabled`` flag, a player's ``win`` includes that return; with it, it
  does not. Collections are the ``win`` net of the return.
- No total pot and no rake are printed: the report holds the collections only.
- A player who posts and leaves before the cards may be missing from ``<players>``: his posts
  are dead money in the pot (the report's ``site_added``, by his name), his fold no turn.
  One listed with no chips who puts chips in (his buy-in came later) has an unknown stack.
- A game that stops before its end is a ``truncated_hand`` (:mod:`.cut`); a tournament's big
  blind posted all-in short keeps the full blind as the level (:mod:`.blinds`); a converter's
  fold numbered before the bet it answers is read after it (:mod:`.order`).
- Cards are suit then rank (``H8``, ``D10``, ``CQ``); ``X`` is an unknown card. The showdown
  is not a section: shown hands appear as known Pocket cards.
- Currency: ``<tablecurrency>`` (the account ``<currency>`` can differ), else the stakes'
  symbol. Tournaments print no stakes: blinds come from the posts, amounts are chips.
- Times carry no zone (the client's clock); they are taken as UTC and kept as printed.

The 2021-on clients (``client_version`` 21-23) keep the tree and change the spelling: dates
as ``18.05.2021 18:26:13``, amounts with the currency after them (``1,790kr``, ``0,02€``) and
spaces for thousands (``1 500``), a gametype that may name no game (``PL €0,50/€1``: the pocket
cards decide) and may end with ``Ante €0.10``, the blinds again in ``<smallblind>`` and
``<bigblind>``, the table size in ``<tablesize>``, and tournament tables named ``Hyper Turbo
(500 Chips) (#16727068)`` (the number in the name when no ``<tournamentcode>`` is printed).
The 2025-on clients (``client_version`` 25) write the same session as ``<root><general>...``
with no ``sessioncode``, and print chips with a comma for thousands (``100,000``); the
splitter reads ``<root>`` as the session.

Skins (SKINS): the XML names no skin (the skin is the client that wrote the file, told by its
folder); each writes the same tree in its language's words. Known to print their own limit
codes or spellings --

===========================================  ==============================================
William Hill, Bet365, Paddy Power, Coral,     ``Holdem NL $0.5/$1``: English codes NL/PL/L,
Ladbrokes, Betfair, Titan, Mansion, Sky...    ``$``/``£``/``€`` before the amount
FDJ, Betclic, PMU, Barrière, NetBet,          ``Holdem SL 0,02€/0,05€``: "SL" (sans limite),
partypoker.fr, bwin.fr (French rooms)        the euro after the amount, a decimal comma,
                                              spaces for thousands
Russian-language clients                      ``Holdem БЛ``: "БЛ" (без лимита)
Sisal, Lottomatica, Eurobet, Snai, Goldbet    "LZ" (no limit), "LP" (pot limit); ``1.500``
(Italian)                                     chips with dot thousands in tournaments
Betsson, Betsafe, NordicBet, Unibet (Nordic)  ``50kr/100kr``: krona after the amount
Serbian and Chinese rooms                     ``RSD1/RSD2``, ``¥``
===========================================  ==============================================
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from functools import lru_cache

from parsers.cards import normalize_card
from parsers.errors import ParseError, UnsupportedGame
from parsers.format import Format
from parsers.model import (
    PLAY_MONEY,
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
from parsers.sites._kit.common import with_site
from parsers.sites._kit.starlike import is_short_deck
from parsers.sites._kit.tables import CURRENCY_SYMBOLS
from parsers.sites.ipoker.blinds import full_big_blind
from parsers.sites.ipoker.cut import put_in, reject_if_cut
from parsers.sites.ipoker.order import answer_folds
from parsers.sites.ipoker.split import HEADER, split
from parsers.text import Chunk, parse_money

__all__ = ["DETECTION", "HEADER", "SITE", "SUPPORTS", "parse", "sniff", "split"]

SITE = "ipoker"
DETECTION = ("an XML '<session sessioncode=...>' (or the newest clients' '<root><general>') with"
             " '<game gamecode=' or '<gametype>' (first 8 KB)")
SUPPORTS = ("hold'em NL/PL/FL: cash and tournaments, XML exports 2010-2023 (any layout, any"
            " skin; the 2025-on '<root>' export too)")

_ROUND_STREET = {0: Street.PREFLOP, 1: Street.PREFLOP, 2: Street.FLOP, 3: Street.TURN,
                 4: Street.RIVER}
# The shared symbols, then the krona, dinar and yuan of iPoker's skins (tried in this order).
_SYMBOLS = {**CURRENCY_SYMBOLS, "kr": "SEK", "RSD": "RSD", "¥": "CNY"}
_AMOUNT = re.compile(r"[\d.,]*\d")
_FRACTION = re.compile(r'(?:sum|chips|win)="[^"\d]*[\d,]*\.\d*[1-9]')
_DOT_GROUPS = re.compile(r'="\d{1,3}(?:\.\d{3})+"')
_DOT_DECIMAL = re.compile(r'="[^"\d]*[\d,]*\.\d{1,2}"')
_ACTION_NO = re.compile(r'<action\b[^>]*?\bno="(\d+)"')
_DATE_FORMATS = ("%Y-%m-%d %H:%M:%S", "%Y/%m/%d %H:%M:%S", "%d-%b-%Y %H:%M:%S",
                 "%d/%m/%Y %H:%M", "%d/%m/%Y %H:%M:%S", "%d.%m.%Y %H:%M:%S", "%d.%m.%Y %H:%M")
#: Thousands written with a space (French and Nordic skins: "1 500", "12 000,50€").
_SPACE_GROUPS = re.compile(r"(?<=\d)[ \u00a0\u202f](?=\d{3}(?!\d))")
#: The limit codes of the gametype, in every language a skin printed them: SL is the French
#: "sans limite", БЛ the Russian "без лимита", LZ the Italian no limit; LP is pot limit.
_NO_LIMIT_WORDS = frozenset({"nl", "sl", "бл", "lz"})
_POT_LIMIT_WORDS = frozenset({"pl", "lp"})
#: Newer tournament tables end with the tournament number: "Hyper Turbo (500 Chips) (#16727068)".
_TABLE_TOURNEY = re.compile(r"\(#(\d+)\)\s*$")


#: The session element: ``<session sessioncode=..>``, or the newest clients' ``<root>`` whose
#: first child is the ``<general>`` block.
_SESSION_OPEN = re.compile(r"<session\b|<root>\s*<general>")


def sniff(text: str) -> bool:
    """True for an iPoker XML session (lower-case tags: Everest's are upper). Never raises."""
    try:
        head = text[:8192]
        return (_SESSION_OPEN.search(head) is not None
                and ("<game gamecode=" in head or "<gametype>" in head))
    except Exception:
        return False


# --- small readers ---------------------------------------------------------------------------


@lru_cache(maxsize=8192)
def _money(text: str | None, dec: int, dot_groups: bool = False) -> int:
    """``"$1,234.50"``, ``"1,790kr"``, ``"RSD1"``, ``"€0"`` -> minor units (exact).

    ``dot_groups``: the session prints ``1.500`` for fifteen hundred (Italian client).
    """
    m = _AMOUNT.search(_SPACE_GROUPS.sub("", text or ""))
    if m is None:
        raise ParseError("bad_amount", f"not an amount: {text!r}", text=text or "")
    digits = m.group()
    if dot_groups:
        digits = digits.replace(".", "")
    head, _, tail = digits.rpartition(",")
    if head and "." not in digits and len(tail) != 3:  # "0,50": a decimal comma
        digits = f"{head.replace(',', '')}.{tail}"
    return parse_money(digits, dec)


def _card(token: str) -> str | None:
    """``"H8"`` -> ``"8h"``, ``"D10"`` -> ``"Td"``; ``"X"`` (unknown) -> None."""
    if token in ("X", "x", "XX"):
        return None
    return normalize_card(token[1:] + token[0].lower())


def _cards(text: str | None) -> tuple[str | None, ...]:
    return tuple(_card(t) for t in (text or "").split())


def _text(general: ET.Element, tag: str) -> str:
    el = general.find(tag)
    return (el.text or "").strip() if el is not None else ""


def _started_at(text: str) -> datetime | None:
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(text, fmt).replace(tzinfo=UTC)
        except ValueError:
            continue
    return None


def _game_of(gametype: str) -> tuple[Game | None, LimitType]:
    """Game (None: not named, decided by the pocket cards) and limit from ``<gametype>``."""
    low = gametype.lower()
    words = low.replace("/", " ").split()
    if "omaha" in low:
        game: Game | None = Game.OMAHA_HI_LO if "hi" in low.split("omaha", 1)[1] else Game.OMAHA
    elif "stud" in low or "razz" in low:
        game = Game.RAZZ if "razz" in low else Game.STUD
    elif "draw" in low or "badugi" in low:
        game = Game.DRAW
    elif is_short_deck(low):  # "6+ Holdem", "Six Plus", not a "$7.36+$0.64" buy-in
        game = Game.OTHER
    elif "holdem" in low or "hold'em" in low or words[:1] == ["lh"]:
        game = Game.HOLDEM
    else:
        game = None
    if game not in (Game.HOLDEM, None):
        raise UnsupportedGame(f"{gametype} ({game.value})", text=gametype)
    if _NO_LIMIT_WORDS & set(words) or "no limit" in low or "sans limite" in low:
        return game, LimitType.NO_LIMIT
    if _POT_LIMIT_WORDS & set(words) or "pot limit" in low:
        return game, LimitType.POT_LIMIT
    if {"l", "lh", "fl", "limit"} & set(words):
        return game, LimitType.FIXED_LIMIT
    raise ParseError("bad_header", f"unknown game type {gametype!r}", text=gametype)


def _currency(general: ET.Element, gametype: str) -> str:
    table = _text(general, "tablecurrency")
    if len(table) == 3 and table.isalpha():
        return table.upper()
    for sym, code in _SYMBOLS.items():
        if sym in gametype:
            return code
    account = _text(general, "currency")
    return account.upper() if len(account) == 3 and account.isalpha() else "USD"


# --- the hand --------------------------------------------------------------------------------


def _tree(text: str) -> tuple[ET.Element, ET.Element]:
    try:
        root = ET.fromstring("<ipoker>" + text + "</ipoker>")
    except ET.ParseError as err:
        line = err.position[0] if err.position else 0
        if "</game>" not in text:
            raise ParseError("truncated_hand", "the <game> element is not closed",
                             line=line) from None
        raise ParseError("bad_xml", str(err), line=line) from None
    game, session = root.find("game"), root.find("session")
    if game is None:
        raise ParseError("bad_header", "no <game> element", line=1)
    if session is None or session.find("general") is None:
        raise ParseError("no_session", "a <game> without its session's <general> block "
                         "(split iPoker files with the format's split function)", line=1)
    return game, session


class _Session:
    """What the session's general block says about every hand of the file."""

    __slots__ = ("game", "limit", "stakes", "currency", "decimals", "table", "hero", "dots",
                 "tournament", "tournament_id", "max_seats", "uncalled_flag", "gametype")

    def __init__(self, general: ET.Element, game_text: str) -> None:
        self.gametype = _text(general, "gametype")
        self.game, self.limit = _game_of(self.gametype)
        tid = _text(general, "tournamentcode")
        self.tournament = bool(tid or general.find("tournamentname") is not None)
        if self.tournament and not tid:
            numbered = _TABLE_TOURNEY.search(_text(general, "tablename"))
            tid = numbered[1] if numbered else ""
        self.tournament_id = tid or None
        parts = self.gametype.split()
        # the stakes are the last "lo/hi" word: "Holdem NL $0.5/$1", "Omaha Pot limit $1/$2
        # Ante $0.10"
        stakes = next((p for p in reversed(parts) if "/" in p and any(c.isdigit() for c in p)),
                      "")
        if self.tournament:
            self.currency, self.decimals = TOURNAMENT_CHIPS, 0
        elif _text(general, "mode") not in ("real", ""):
            self.currency, self.decimals = PLAY_MONEY, 0
        else:
            self.currency, self.decimals = _currency(general, self.gametype), 2
        self.dots = bool(self.tournament and _DOT_GROUPS.search(game_text)
                         and not _DOT_DECIMAL.search(game_text))
        if self.decimals == 0 and not self.dots and _FRACTION.search(game_text):
            self.decimals = 2  # chips with cents (rebuy tournaments): still exact
        self.stakes: tuple[int, int] | None = None
        if stakes and not self.tournament:
            lo, _, hi = stakes.partition("/")
            self.stakes = (_money(lo, self.decimals), _money(hi, self.decimals))
        elif not self.tournament and _text(general, "bigblind"):
            # the 2021-on clients repeat the blinds as <smallblind>50kr</smallblind> tags
            self.stakes = (_money(_text(general, "smallblind") or "0", self.decimals),
                           _money(_text(general, "bigblind"), self.decimals))
        self.table = _text(general, "tablename")
        nick = _text(general, "nickname")
        self.hero = nick if nick and nick != "N/A" else ""
        size = _text(general, "tablesize")
        self.max_seats = int(size) if size.isdigit() else None
        flag = _text(general, "uncalled_bet_enabled").lower()
        # the 2025-on clients print no flag and leave the return out of ``win`` as the flag
        # says (their sessions are ``<root>`` elements, client_version 25)
        self.uncalled_flag = flag == "true" or (not flag and _major(general) >= 25)


def _major(general: ET.Element) -> int:
    """The client's major version (``<client_version>25.3.0.7</client_version>`` -> 25; 0
    when none is printed)."""
    head = _text(general, "client_version").partition(".")[0]
    return int(head) if head.isdigit() else 0


def _action_lines(text: str, first_line: int) -> dict[int, int]:
    """Action ``no`` -> line number in the file (ElementTree keeps no positions)."""
    lines: dict[int, int] = {}
    line, last = first_line, 0
    for m in _ACTION_NO.finditer(text):
        line += text.count("\n", last, m.start())
        last = m.start()
        lines.setdefault(int(m.group(1)), line - first_line + 1)
    return lines


def _parse(chunk: Chunk, file: str) -> Hand:
    text = chunk.text
    game_el, session_el = _tree(text)
    game_text = text.split("\n<session", 1)[0]
    s = _Session(session_el.find("general"), game_text)  # type: ignore[arg-type]
    dec = s.decimals
    hand_id = game_el.get("gamecode", "")
    if not hand_id:
        raise ParseError("bad_header", "a <game> without a gamecode", line=1)
    general = game_el.find("general")
    players = general.find("players") if general is not None else None
    if players is None or not len(players):
        raise ParseError("no_seats", "no <player> elements", line=1)

    seat_of: dict[str, int] = {}
    stacks: dict[int, int] = {}
    wins: dict[int, int] = {}
    bets: dict[int, int] = {}  # the export's own total put in by each player
    button = None
    for p in players:
        try:
            seat = int(p.get("seat", ""))
        except ValueError:
            raise ParseError("no_seats", f"bad seat {p.get('seat')!r}", line=1) from None
        name = p.get("name", "")
        seat_of[name] = seat
        stacks[seat] = _money(p.get("chips"), dec, s.dots)
        bets[seat] = _money(p.get("bet") or "0", dec, s.dots)
        wins[seat] = _money(p.get("win", "0"), dec, s.dots)
        if p.get("dealer") == "1":
            button = seat

    # Rounds: cards (pockets, board) and the actions, ordered by round then number.
    hole: dict[int, tuple[str, ...]] = {}
    board: list[str] = []
    raw: list[tuple[int, int, ET.Element]] = []
    pocket_size = 0
    for rnd in game_el.iter("round"):
        rno = int(rnd.get("no", "0"))
        for el in rnd:
            if el.tag == "action":
                raw.append((rno, int(el.get("no", "0")), el))
            elif el.tag == "cards":
                kind = el.get("type", "")
                cards = _cards(el.text)
                if kind == "Pocket":
                    pocket_size = max(pocket_size, len(cards))
                    who = seat_of.get(el.get("player", ""))
                    if who is not None and cards and all(cards):
                        hole[who] = cards  # type: ignore[assignment]
                elif kind in ("Flop", "Turn", "River"):
                    board.extend(c for c in cards if c)
                else:
                    raise UnsupportedGame(f"{kind} cards: not hold'em", text=kind)
    if s.game is None and pocket_size != 2 or pocket_size > 2:
        raise UnsupportedGame(f"{s.gametype}: {pocket_size} pocket cards", text=s.gametype)
    raw.sort(key=lambda r: (r[0], r[1]))
    answer_folds(raw)
    lines = _action_lines(game_text, 1)

    posts = [(el.get("type"), _money(el.get("sum", "0"), dec, s.dots)) for _, _, el in raw
             if el.get("type") in ("1", "2")]
    sb_amt = next((a for t, a in posts if t == "1"), 0)
    bb_amt = next((a for t, a in posts if t == "2"), 0)
    if s.stakes and s.limit is not LimitType.FIXED_LIMIT:
        small_blind, big_blind = s.stakes
    else:
        big_blind = bb_amt or (s.stakes[0] if s.stakes else 0)
        small_blind = sb_amt or big_blind // 2
    absent: dict[str, int] = {}  # posts by players the <players> list leaves out
    # A player listed with no chips who puts chips in (his "bet"): his buy-in arrived after
    # the list was written. His stack is unknown, the chips he puts in its lower bound; no
    # all-in is read from it.
    stale = {n for n, chips in stacks.items() if chips == 0 and bets[n] > 0}
    live_stacks = {n: _UNKNOWN_STACK if n in stale else c for n, c in stacks.items()}
    actions, ante, returned = _actions(raw, seat_of, live_stacks, big_blind, dec, lines, s.dots,
                                       absent)
    if not s.stakes or s.limit is LimitType.FIXED_LIMIT:
        big_blind = full_big_blind(actions, big_blind, small_blind)
    small_bet = big_bet = 0
    if s.limit is LimitType.FIXED_LIMIT:
        small_bet, big_bet = big_blind, 2 * big_blind
    reject_if_cut(actions, len(board), wins, returned, not s.uncalled_flag)
    collections = []
    for seat, won in sorted(wins.items()):
        if not s.uncalled_flag:
            won -= returned.get(seat, 0)
        if won > 0:
            collections.append(Collection(seat, won))
        elif won < 0:
            raise ParseError("bad_amount", f"seat {seat} wins less than its uncalled bet",
                             line=1)

    local = _text(general, "startdate") if general is not None else ""
    hero = seat_of.get(s.hero) if s.hero else None
    acted = {a.seat for a in actions}
    seats = tuple(
        Seat(seat=n, player=name, stack=put_in(actions, n) if n in stale else stacks[n],
             stack_known=n not in stale, sitting_out=n not in acted,
             is_hero=n == hero, hole_cards=hole.get(n))
        for name, n in sorted(seat_of.items(), key=lambda kv: kv[1])
    )
    return Hand(
        site=SITE,
        hand_id=hand_id,
        game=Game.HOLDEM,
        limit=s.limit,
        currency=s.currency,
        decimals=dec,
        stakes=Stakes(small_blind, big_blind, ante, small_bet, big_bet),
        seats=seats,
        actions=tuple(actions),
        button_seat=button,
        boards=(tuple(board),),
        report=SiteReport(collections=tuple(collections), site_added=tuple(
            (f"posted by {who}, not in the player list", amt) for who, amt in absent.items())),
        started_at=_started_at(local),
        local_time=local,
        time_zone="",
        table_name=s.table,
        max_seats=s.max_seats,
        is_tournament=s.tournament,
        tournament_id=s.tournament_id,
        source=SourceRef(file, chunk.offset, chunk.line),
        raw_text=text,
    )


#: The stack the actions are read against where the printed one is stale: never reached.
_UNKNOWN_STACK = 1 << 62


# Parse one chunk from :func:`split`. Raises ParseError (UnsupportedGame: other games).
parse = with_site(SITE, _parse)


def _actions(
    raw: list[tuple[int, int, ET.Element]],
    seat_of: dict[str, int],
    stacks: dict[int, int],
    big_blind: int,
    dec: int,
    lines: dict[int, int],
    dots: bool,
    absent: dict[str, int],
) -> tuple[list[Action], int, dict[int, int]]:
    """The event log from the ordered action elements: (actions, ante, uncalled returns).

    A player who posts and leaves before the cards may be missing from ``<players>``: his
    posts (types 1, 2, 15) are dead money in the pot, added to ``absent`` by his name (the
    hand's ``site_added``), and his fold, if printed, is no turn. Any other action by a player
    not listed is ``unknown_line``."""
    out: list[Action] = []
    add = out.append
    left = dict(stacks)
    street = Street.PREFLOP
    totals: dict[int, int] = {}
    by_street: dict[Street, dict[int, int]] = {}
    ante = 0
    sb_seen = bb_seen = False
    for rno, no, el in raw:
        line = lines.get(no, 0)
        code = el.get("type", "")
        who = el.get("player", "")
        seat = seat_of.get(who)
        if seat is None and who and code in ("1", "2", "15") and el.get("sum") != "DP":
            try:
                absent[who] = absent.get(who, 0) + _money(el.get("sum", "0"), dec, dots)
            except ParseError as err:
                raise err.with_context(line=line) from None
            sb_seen = sb_seen or code == "1"
            bb_seen = bb_seen or code == "2"
            continue
        if seat is None and who in absent and code == "0":
            continue  # the absent poster's fold: he holds no cards
        if seat is None:
            raise ParseError("unknown_line", f"action by unseated player {who!r}", line=line,
                             text=ET.tostring(el, encoding="unicode").strip())
        protected = el.get("sum") == "DP"
        try:
            amt = 0 if protected else _money(el.get("sum", "0"), dec, dots)
        except ParseError as err:
            raise err.with_context(line=line) from None
        st = _ROUND_STREET.get(rno)
        if st is None:
            raise ParseError("unknown_line", f"round {rno}", line=line)
        if st != street:
            street, totals = st, {}
        by_street[street] = totals
        had = totals.get(seat, 0)
        if protected:
            # Disconnect protection: the player is all-in for what he has in and keeps the
            # rest of his stack; he acts no more and contests the pots he has matched.
            add(Action(street, seat, ActionKind.PROTECTED, 0, had, True, line=line))
            continue
        current = max(totals.values(), default=0)
        left[seat] -= amt
        all_in = left[seat] <= 0 and amt > 0
        if code == "0":
            add(Action(street, seat, ActionKind.FOLD, 0, had, line=line))
        elif code == "4":
            add(Action(street, seat, ActionKind.CHECK, 0, had, line=line))
        elif code == "3":
            totals[seat] = had + amt
            add(Action(street, seat, ActionKind.CALL, amt, had + amt, all_in, line=line))
        elif code == "5":
            totals[seat] = had + amt
            add(Action(street, seat, ActionKind.BET, amt, had + amt, all_in, line=line))
        elif code in ("6", "23", "7"):
            if code == "23":
                to = amt
                left[seat] += amt - (to - had)
                amt = to - had
                all_in = left[seat] <= 0
            else:
                to = had + amt
            totals[seat] = to
            if code == "7":
                kind = (ActionKind.CALL if to <= current else
                        ActionKind.RAISE if current > 0 else ActionKind.BET)
                all_in = True
            else:
                kind = ActionKind.RAISE
            add(Action(street, seat, kind, amt, to, all_in, line=line))
        elif code == "1":
            if sb_seen or bb_seen:
                add(Action(street, seat, ActionKind.POST_DEAD, amt, had, all_in, line=line))
            else:
                sb_seen = True
                totals[seat] = had + amt
                add(Action(street, seat, ActionKind.POST_SMALL_BLIND, amt, had + amt, all_in,
                           line=line))
        elif code == "2":
            bb_seen = True
            live = min(amt, big_blind) if big_blind else amt
            totals[seat] = had + live
            add(Action(street, seat, ActionKind.POST_BIG_BLIND, live, had + live,
                       all_in and live == amt, line=line))
            if amt > live:
                add(Action(street, seat, ActionKind.POST_DEAD, amt - live, had + live, all_in,
                           line=line))
        elif code == "15":
            ante = max(ante, amt) if not all_in else ante
            add(Action(street, seat, ActionKind.POST_ANTE, amt, had, all_in, line=line))
        elif code in ("8", "9") and amt == 0:
            continue  # sitting out, waiting for the big blind: no chips, no turn
        elif code == "16":
            raise UnsupportedGame("bring-in: a stud hand", line=line)
        else:
            raise ParseError("unknown_line", f"unknown action type {code}", line=line,
                             text=ET.tostring(el, encoding="unicode").strip())
    returned: dict[int, int] = {}
    last = next((t for st, t in sorted(by_street.items(), reverse=True) if any(t.values())), None)
    if last:
        ranked = sorted(last.items(), key=lambda kv: kv[1], reverse=True)
        top_seat, top = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else 0
        if top > second:
            st = next(st for st, t in by_street.items() if t is last)
            returned[top_seat] = top - second
            add(Action(st, top_seat, ActionKind.UNCALLED_RETURN, top - second, second))
    return out, ante, returned


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="ipoker",
    site=SITE,
    description="iPoker network XML hand histories (cash, sit & go, tournaments)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
    splitter=split,
)
