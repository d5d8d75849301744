"""Merge Gaming network (Carbon Poker and its skins) XML hand histories -> Hand.

A Merge file is a run of ``<description type="Holdem" stakes="No Limit ($1/$2)"/>`` tags each
followed by one or more ``<game>`` elements (one per hand); the game element alone does not
say what game or stakes it is. :func:`split` (the Format's ``splitter``, the same mechanism
as iPoker's) cuts at every ``<game`` tag and makes each chunk self-contained: the game element,
a newline, then the description that precedes it. Game first keeps chunk line numbers equal to
the file's.

What is Merge's own, and how it is read:
- Seats are 0-based in the XML (``seat="0"``, ``player="0"``, ``dealer="8"``): the model's
  seat is that number plus one, as the client showed it.
- CALL, BET and ALL_IN ``amount``s are the chips the action adds. A RAISE ``amount`` is the
  chips added in the 2008-2010 client (a RAISE of 5.00 by the big blind of 0.50 is a raise to
  5.50) but the raise-to total in later ones, and nothing in the file says which: each hand
  is read both ways and the reading whose calls match the bets they call is kept
  (:func:`_raise_is_total`). ``ALL_IN`` does not say whether it calls, bets or raises, so the
  street's bets decide; in the ``BLINDS`` round it is a blind posted all in (the small blind
  when a ``BIG_BLIND`` follows in that round, else the big blind).
- ``<winner uncalled="true">`` is the unmatched part of a bet given back: an UNCALLED_RETURN,
  not a collection. Hands without one (every hand won without a showdown in later clients)
  count the unmatched chips in the winner's amount: the parser returns them explicitly and
  takes them out of the collection. Rake is not printed (the engine derives it).
- ``<cards type="SHOWN">`` / ``"MUCKED"`` carry the cards of SHOW / MUCK events; a card the
  client hid is printed ``null`` (then the cards count as unknown).
- ``dealtin="false"`` marks a player sitting out unless he posts or acts in the hand.
- ``starttime`` is local time without a zone ("20110517172454") or with an offset
  ("2013/05/22 12:34:56 -0400"). Events carry epoch-millisecond ``timestamp``s: where present
  the zone offset is read off them; otherwise the network's usual UTC-5 is assumed.
- Omaha, stud, razz and draw descriptions raise UnsupportedGame; an event type not listed
  here raises ``unknown_line`` with its line.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import UTC, datetime, timedelta, timezone

from parsers.cards import normalize_card
from parsers.errors import ParseError, UnsupportedGame
from parsers.format import Format
from parsers.model import (
    TOURNAMENT_CHIPS,
    Action,
    ActionKind,
    Game,
    Hand,
    LimitType,
    Stakes,
    Street,
)
from parsers.sites._kit.common import with_site
from parsers.sites._kit.starlike import Builder, take_back
from parsers.text import Chunk, parse_money

SITE = "merge"
HEADER = re.compile(r"<game\b")
DETECTION = "a '<description type=... stakes=...>' tag followed by a '<game id=' element"
SUPPORTS = "hold'em NL/PL/FL XML: cash (USD) and tournaments"

_TAGS = re.compile(r"<description\b[^>]*>|<game\b")
_GAME_BYTES = re.compile(rb"<game\b")
_SEQ = re.compile(r'<event sequence="(\d+)"')
_STAKES = re.compile(r"\$?([\d.,]+)/\$?([\d.,]+)")
_LEVEL = re.compile(r"Blinds ([\d.,]+)/([\d.,]+)")
_STREETS = {"PREFLOP": Street.PREFLOP, "POSTFLOP": Street.FLOP, "POSTTURN": Street.TURN,
            "POSTRIVER": Street.RIVER}
_END_ROUNDS = ("SHOWDOWN", "END_OF_GAME", "END_OF_FOLDED_GAME")
#: Events that move no chips: chat, connection, leaving, and RABBIT (a rabbit hunt asked for
#: after the hand ended: its cards are the board the hand never dealt, cut as on every site)
_QUIET = frozenset({"CHAT", "DISCONNECTED", "RECONNECTED", "LEAVE", "PLAYER_OUT", "RABBIT"})
#: The blind and ante events: the ones a player missing from the <players> list may have made.
_POSTS = frozenset({"SMALL_BLIND", "BIG_BLIND", "INITIAL_BLIND", "ANTE", "ALL_IN_SB",
                    "ALL_IN_BB"})
_ASSUMED_OFFSET = timedelta(hours=-5)
_BETTING = frozenset({ActionKind.CALL, ActionKind.BET, ActionKind.RAISE})


def sniff(text: str) -> bool:
    """A Merge description tag and a game element with the network's ``data`` attribute."""
    at = text.find("<description type=")
    return at != -1 and "stakes=" in text[at : at + 200] and "<game id=" in text


def split(text: str, encoding: str = "utf-8", data: bytes | None = None) -> list[Chunk]:
    """One chunk per ``<game>`` element, each followed by the description before it.

    A file without a ``<game`` tag gives ``[]``. Offsets are exact when the original bytes
    are given (the k-th ``<game`` of the text is the k-th of the bytes).
    """
    chunks: list[Chunk] = []
    description = ""
    wide = encoding.startswith("utf-16")
    byte_games = _GAME_BYTES.finditer(data) if data is not None and not wide else None
    codec = encoding[:9] if wide else ("utf-8" if encoding.startswith("utf-8") else "cp1252")
    line, last = 1, 0
    for m in _TAGS.finditer(text):
        start = m.start()
        if text.startswith("<description", start):
            description = m.group()
            continue
        end = text.find("</game>", start)
        body = text[start:] if end == -1 else text[start : end + len("</game>")]
        line += text.count("\n", last, start)
        last = start
        found = next(byte_games, None) if byte_games is not None else None
        offset = found.start() if found else len(text[:start].encode(codec, errors="replace"))
        chunks.append(Chunk(body + "\n" + description, offset, line))
    return chunks


def _game_of(kind: str, stakes: str) -> tuple[LimitType, bool]:
    low = kind.lower()
    tournament = low.endswith(" tournament")
    name = low.removesuffix(" tournament")
    if name != "holdem":
        game = (Game.OMAHA_HI_LO if "h/l" in name else Game.OMAHA) if "omaha" in name else (
            Game.STUD if "stud" in name else Game.RAZZ if "razz" in name
            else Game.DRAW if ("draw" in name or "lowball" in name or "badugi" in name)
            else Game.OTHER)
        raise UnsupportedGame(f"{kind} ({game.value})")
    s = stakes.lower()
    if s.startswith("no limit"):
        return LimitType.NO_LIMIT, tournament
    if s.startswith("pot limit"):
        return LimitType.POT_LIMIT, tournament
    if s.startswith("limit"):
        return LimitType.FIXED_LIMIT, tournament
    raise ParseError("bad_header", f"unknown limit {stakes!r}")


def _started(game: ET.Element) -> tuple[datetime | None, str, str]:
    raw = game.get("starttime", "")
    try:
        if "/" in raw:
            aware = datetime.strptime(raw, "%Y/%m/%d %H:%M:%S %z")
            return aware.astimezone(UTC), raw, raw[-5:]
        naive = datetime.strptime(raw[:14], "%Y%m%d%H%M%S")
    except ValueError:
        raise ParseError("bad_header", f"unreadable starttime {raw!r}") from None
    stamp = next((e.get("timestamp") for e in game.iter("event") if e.get("timestamp")), None)
    offset = _ASSUMED_OFFSET
    if stamp is not None and stamp.isdigit():
        utc = datetime.fromtimestamp(int(stamp) / 1000, UTC).replace(tzinfo=None)
        quarter = round((naive - utc).total_seconds() / 900)
        offset = timedelta(seconds=quarter * 900)
    zone = timezone(offset)
    return naive.replace(tzinfo=zone).astimezone(UTC), raw, str(zone)


def _cards(text: str | None) -> tuple[str, ...]:
    if not text or "null" in text:
        return ()
    return tuple(normalize_card(c) for c in text.split(","))


def _parse(chunk: Chunk, file: str) -> Hand:
    game_text, _, desc_text = chunk.text.rpartition("\n")
    if not desc_text.startswith("<description"):
        raise ParseError("bad_header", "no description before the game element", line=1)
    try:
        closed = desc_text if desc_text.endswith("/>") else desc_text + "</description>"
        desc = ET.fromstring(closed)
        game = ET.fromstring(game_text)
    except ET.ParseError as err:
        raise ParseError("truncated_hand", f"unreadable XML: {err}", line=err.position[0]) \
            from None
    limit, tournament = _game_of(desc.get("type", ""), desc.get("stakes", ""))
    lines_of = {int(m.group(1)): game_text.count("\n", 0, m.start()) + 1
                for m in _SEQ.finditer(game_text)}
    data = game.get("data", "").replace(":", "|").split("|")
    currency, dec = (TOURNAMENT_CHIPS, 0) if tournament else ("USD", 2)

    def money(text: str | None) -> int:
        if text is None:
            raise ParseError("bad_amount", "amount missing")
        return parse_money(text, dec)

    players = game.find("players")
    if players is None:
        raise ParseError("no_seats", "no players element", line=1)
    seats: dict[int, list] = {}
    dealt_out: set[int] = set()
    for p in players.iter("player"):
        seat = int(p.get("seat", "-1")) + 1
        seats[seat] = [p.get("nickname", ""), money(p.get("balance")), False, None]
        if p.get("dealtin") == "false":
            dealt_out.add(seat)
    if not seats:
        raise ParseError("no_seats", "no player in the players element", line=1)
    button = int(players.get("dealer", "-1")) + 1 or None
    raise_total = _raise_is_total(game, money)
    b = Builder()
    acted: set[int] = set()
    absent: dict[int, int] = {}  # posts by players the <players> list leaves out, by seat
    bb_seen = 0
    for rnd in game.iter("round"):
        rid = rnd.get("id", "")
        if rid == "GAME_CANCELLED":
            raise ParseError("cancelled_hand", "the site cancelled this hand", line=1)
        street = _STREETS.get(rid)
        if street is not None and street > b.street:
            b.new_street(street)
        shown: dict[int, tuple[str, ...]] = {}
        for c in rnd.iter("cards"):
            kind = c.get("type")
            if kind == "COMMUNITY":
                b.board = list(_cards(c.get("cards")))
            elif kind == "HOLE":
                b.dealt(int(c.get("player", "-1")) + 1, _cards(c.get("cards")))
            elif kind in ("SHOWN", "MUCKED"):
                shown[int(c.get("player", "-1")) + 1] = _cards(c.get("cards"))
        events = list(rnd.iter("event"))
        for i, e in enumerate(events):
            kind = e.get("type", "")
            seq = int(e.get("sequence", "0"))
            n = lines_of.get(seq, 0)
            if kind in _QUIET:
                continue
            if kind == "ALL_IN" and rid == "BLINDS":  # a blind posted all in: which one?
                later = any(x.get("type") == "BIG_BLIND" for x in events[i + 1 :])
                kind = "ALL_IN_SB" if later else "ALL_IN_BB"
            seat = int(e.get("player", "-1")) + 1
            if seat not in seats and kind in _POSTS and e.get("amount") is not None:
                # a poster the <players> list leaves out (he left before the cards): his post
                # is dead money in the pot, by his seat
                absent[seat] = absent.get(seat, 0) + money(e.get("amount"))
                continue
            if seat not in seats and kind == "FOLD" and seat in absent:
                continue  # the absent poster's fold: he holds no cards, it is no turn
            if seat not in seats:
                raise ParseError("unseated_player", f"event by player {seat - 1} who has no seat",
                                 line=n, text=ET.tostring(e, encoding="unicode").strip())
            acted.add(seat)
            try:
                bb_seen = _event(b, kind, seat, e, money, n, shown, bb_seen, raise_total)
            except ParseError as err:
                raise err.with_context(line=n, text=ET.tostring(e, encoding="unicode").strip()) \
                    from None
        for w in rnd.iter("winner"):
            if w.get("uncalled") == "true":
                continue
            seat = int(w.get("player", "-1")) + 1
            index = int(w.get("potnumber", "1")) - 1
            b.collect(seat, money(w.get("amount")), 0, pot_index=index)
    printed: dict[int, int] = {}
    for w in game.iter("winner"):
        if w.get("uncalled") == "true":
            seat = int(w.get("player", "-1")) + 1
            printed[seat] = printed.get(seat, 0) + money(w.get("amount"))
    _return_silent(b, printed)
    _stacks_before_posts(b, seats)
    for seat in dealt_out - acted:
        seats[seat][2] = True
    stakes = _stakes(desc.get("stakes", ""), limit, b, dec, tournament)
    started_at, local, zone = _started(game)
    table = data[1] if len(data) > 1 else ""
    return b.hand(
        site=SITE, chunk=chunk, file=file, hand_id=game.get("id", ""), game=Game.HOLDEM,
        limit=limit, currency=currency, decimals=dec, stakes=stakes, seats=seats,
        button=button, total_pot=None, rake=None,
        site_added=tuple((f"posted by player {seat - 1}, not in the player list", amount)
                         for seat, amount in sorted(absent.items())),
        started_at=started_at, local_time=local, time_zone=zone, table_name=table,
        max_seats=int(game.get("seats")) if (game.get("seats") or "").isdigit() else None,
        tournament_id=(data[2] if len(data) > 2 else "") if tournament else None,
    )


# One chunk from :func:`split` -> Hand; ParseError (UnsupportedGame) otherwise.
parse = with_site(SITE, _parse)


def _stakes(text: str, limit: LimitType, b: Builder, dec: int, tournament: bool) -> Stakes:
    """Cash stakes as the description prints them; tournament blinds as posted.

    A tournament file has one description for many hands ("Level 4 Blinds 40/80"), so the
    level it names is stale once the blinds go up: the posts are the truth there.
    """
    m = _STAKES.search(text) or _LEVEL.search(text)
    posted = any(a.kind is ActionKind.POST_BIG_BLIND for a in b.actions)
    if m is not None and not (tournament and posted):
        lo, hi = parse_money(m.group(1), dec), parse_money(m.group(2), dec)
        if limit is LimitType.FIXED_LIMIT:  # "Limit $10/$20" names the bets: blinds are half
            return Stakes(lo // 2, lo, 0, lo, hi)
        return Stakes(lo, hi)
    # Tournaments print no blinds: they are what was posted.
    sb = next((a.amount for a in b.actions if a.kind is ActionKind.POST_SMALL_BLIND), 0)
    bb = next((a.amount for a in b.actions if a.kind is ActionKind.POST_BIG_BLIND), 0)
    ante = max((a.amount for a in b.actions if a.kind is ActionKind.POST_ANTE), default=0)
    if limit is LimitType.FIXED_LIMIT:
        return Stakes(sb, bb, ante, bb, 2 * bb)
    return Stakes(sb, bb, ante)


def _event(b: Builder, kind: str, seat: int, e: ET.Element, money, n: int,
           shown: dict[int, tuple[str, ...]], bb_seen: int, raise_total: bool) -> int:
    if kind == "FOLD":
        b.fold(seat, n)
    elif kind == "CHECK":
        b.check(seat, n)
    elif kind == "CALL":
        b.call(seat, money(e.get("amount")), False, n)
    elif kind == "BET":
        b.bet(seat, money(e.get("amount")), False, n)
    elif kind == "RAISE":
        if raise_total:
            b.raise_to(seat, money(e.get("amount")), False, n)
        else:
            b.raise_by_added(seat, money(e.get("amount")), False, n)
    elif kind == "ALL_IN":
        if e.get("amount") is None and any(a.seat == seat and a.all_in for a in b.actions):
            return bb_seen  # the 2013 client repeats the all-in of a player already all in
        added = money(e.get("amount"))
        top = max(b.totals.values(), default=0)
        mine = b.totals.get(seat, 0)
        if mine + added <= top:
            b.call(seat, added, True, n)
        elif top == 0:
            b.bet(seat, added, True, n)
        else:
            b.raise_by_added(seat, added, True, n)
    elif kind in ("ALL_IN_SB", "ALL_IN_BB"):
        blind = ActionKind.POST_SMALL_BLIND if kind == "ALL_IN_SB" else ActionKind.POST_BIG_BLIND
        b.post(blind, seat, money(e.get("amount")), True, n)
    elif kind == "SMALL_BLIND":
        b.post(ActionKind.POST_SMALL_BLIND, seat, money(e.get("amount")), False, n)
    elif kind == "BIG_BLIND":
        amount = money(e.get("amount"))
        b.post(ActionKind.POST_BIG_BLIND, seat, amount, False, n)
        return max(bb_seen, amount)
    elif kind == "INITIAL_BLIND":  # a new player's post: the big blind, live
        amount = money(e.get("amount"))
        if bb_seen and amount > bb_seen:
            b.post_both(seat, amount, bb_seen, False, n)
        else:
            b.post(ActionKind.POST_BIG_BLIND, seat, amount, False, n)
    elif kind == "ANTE":
        b.post(ActionKind.POST_ANTE, seat, money(e.get("amount")), False, n)
    elif kind == "SHOW":
        b.in_showdown = True
        b.show(seat, shown.get(seat, ()), n)
    elif kind == "MUCK":
        b.show(seat, shown.get(seat, ()), n, muck=True)
    else:
        raise ParseError("unknown_line", f"unknown event type {kind!r}")
    return bb_seen


def _raise_is_total(game: ET.Element, money) -> bool:
    """True when this hand's RAISE amounts are raise-to totals (see the module docstring).

    Replays the amounts both ways and counts the plain CALLs that would not bring the caller
    level with the bet. A hand with no telling call (a raise nobody calls) is decided by the
    winners' amounts, which include the unmatched chips in those clients: the reading whose
    chips put in come closest above what the winners got (the rest is rake) is kept; failing
    that, the later (raise-to) reading.
    """
    misses = [0, 0]
    put_in = [0, 0]
    for mode in (0, 1):
        totals: dict[str, int] = {}
        for rnd in game.iter("round"):
            if rnd.get("id") != "PREFLOP":  # the blinds round and preflop are one street
                put_in[mode] += sum(totals.values())
                totals = {}
            for e in rnd.iter("event"):
                kind, who = e.get("type"), e.get("player", "")
                if e.get("amount") is None:
                    continue
                if kind in ("SMALL_BLIND", "BIG_BLIND", "INITIAL_BLIND", "BET", "ALL_IN"):
                    totals[who] = totals.get(who, 0) + money(e.get("amount"))
                elif kind == "ANTE":
                    put_in[mode] += money(e.get("amount"))
                elif kind == "RAISE":
                    amount = money(e.get("amount"))
                    totals[who] = amount if mode else totals.get(who, 0) + amount
                elif kind == "CALL":
                    top = max(totals.values(), default=0)
                    to = totals.get(who, 0) + money(e.get("amount"))
                    totals[who] = to
                    if to != top:
                        misses[mode] += 1
        put_in[mode] += sum(totals.values())
    if misses[0] != misses[1]:
        return misses[1] < misses[0]
    won = sum(money(w.get("amount")) for w in game.iter("winner"))
    gaps = [chips - won for chips in put_in]
    if gaps[0] >= 0 and (gaps[1] < 0 or gaps[0] < gaps[1]):
        return False
    return True


def _stacks_before_posts(b: Builder, seats: dict[int, list]) -> None:
    """Make ``balance`` the stack before the hand.

    The 2008-2011 clients print each player's stack before the hand; later tournament exports
    print it after the blinds and antes were posted. Which one a hand uses shows when a
    player pushes in more than his balance (counting every chip he put in, even those later
    returned uncalled): then every seat's posts are added back.
    """
    put_in: dict[int, int] = {}
    posts: dict[int, int] = {}
    for a in b.actions:
        # What was pushed in counts, returns do not: an all-in shove for the whole printed
        # stack that is then folded to comes back mostly uncalled, yet it still shows that
        # the balance was printed after the posts.
        if a.amount and a.kind is not ActionKind.UNCALLED_RETURN:
            put_in[a.seat] = put_in.get(a.seat, 0) + a.amount
            if a.kind.is_post:
                posts[a.seat] = posts.get(a.seat, 0) + a.amount
    if any(chips > seats[seat][1] for seat, chips in put_in.items() if seat in seats):
        for seat, chips in posts.items():
            seats[seat][1] += chips


def _return_silent(b: Builder, printed: dict[int, int]) -> None:
    """Return each street's unmatched chips, at the end of that street.

    ``printed`` holds the returns the log printed as uncalled winners (kept out of the
    collections already); the rest was left in the winner's amount and is taken out of it.
    """
    returned: dict[int, int] = {}
    by_street: dict[Street, dict[int, int]] = {}
    for a in b.actions:
        if a.kind.is_live_post or a.kind in _BETTING or a.kind is ActionKind.UNCALLED_RETURN:
            by_street.setdefault(a.street, {})[a.seat] = a.to
    for street, totals in by_street.items():
        ranked = sorted(totals.items(), key=lambda kv: kv[1], reverse=True)
        seat, best = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else 0
        if best > second:
            at = max(k for k, a in enumerate(b.actions) if a.street == street) + 1
            line = b.actions[at - 1].line
            b.actions.insert(at, Action(street, seat, ActionKind.UNCALLED_RETURN, best - second,
                                        second, False, (), line))
            returned[seat] = returned.get(seat, 0) + best - second
    for seat, chips in printed.items():
        returned[seat] = returned.get(seat, 0) - chips
    silent = {seat: chips for seat, chips in returned.items() if chips > 0}
    if silent:
        take_back(b.collections, silent)


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="merge",
    site=SITE,
    description="Merge Gaming / Carbon Poker XML hand histories (cash, tournaments)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
    splitter=split,
)
