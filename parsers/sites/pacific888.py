"""888poker / Pacific / Cassava hold'em hand histories -> :class:`parsers.model.Hand`.

A hand starts ``#Game No : N`` then ``***** 888poker Hand History for Game N *****`` (or the
Cassava/Pacific skins). What is particular, and how it is read:
- Amounts are bracketed and printed in the player's locale: ``[0,01 $]`` (comma decimals,
  symbol after, then ``.`` groups thousands) or ``[$1,074.50]`` (comma groups thousands). The
  stakes line fixes the style for the whole hand, so ``3,10 $`` and ``$1,074`` are never
  confused.
- Every betting amount is the chips *added* (``raises [3]`` adds 3); ``to`` is computed.
- Cards are ``[ Ah, 10d ]`` or localised (``3Karo, KKreuz, QHerz, JPik``: German suits;
  ``Тh, Дd``: Russian ranks, see :data:`_RANKS`; ``Qo, 4p, De``: the one-letter suits of the
  Portuguese and Spanish clients, whose "c" is hearts, see :func:`_latin_suits`). The
  Portuguese client also writes ``$1,73`` (a symbol first, a comma decimal).
- No uncalled-bet line, no total pot and no rake are printed: the report holds the
  collections only.
- Times carry no zone; they are US Eastern (see ``_ZONE``), converted to UTC; tournament
  hands of some skins print no date at all (``- ***``): ``started_at`` is then None.
- "posts dead blind [SB + BB]" is a dead small blind plus a live big blind.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from parsers.cards import HIDDEN_CARDS, kept_hole, parse_cards
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
from parsers.sites._kit.tables import STREETS_LOWER, ZONES
from parsers.text import Chunk, parse_money

SITE = "pacific888"
#: "#Game No : N" starts a hand; some exports (HHSmithy/ItalyToast samples) start at the banner
#: instead, which then counts as a start unless the line before it is the "#Game No" line.
HEADER = re.compile(r"#Game No : \d|(?<![0-9]\n)\*\*\*\*\* [^\n]*Hand History for Game \d")
DETECTION = ("'***** ... Hand History for Game N *****' (after '#Game No : N' or alone) and a"
             " stakes line '... Blinds <game> - *** dd mm yyyy'")
SUPPORTS = "hold'em NL/PL/FL: cash, play money, tournaments; localised cards and amounts"

_STAKES = re.compile(
    r"(?P<sb>[^/]+)/(?P<bb>.+?) Blinds (?P<limit>No Limit|Pot Limit|Fix Limit|Fixed Limit)?\s*"
    r"(?P<game>.*?) - \*\*\*(?: (?P<d>\d\d) (?P<m>\d\d) (?P<y>\d{4}) (?P<t>\d\d:\d\d:\d\d))?$"
)
_SNIFF_STAKES = re.compile(r"^\S.* Blinds .* - \*\*\*(?: \d\d \d\d \d{4} |$)", re.MULTILINE)
#: 888 prints no zone. Its clients write US Eastern time: fpdb's expected output for
#: 888-FLH-PM-0.50-1.00-HeroLoses18 ("21 03 2011 19:41:31") is 23:41:31 UTC, i.e. EDT.
_ZONE = "ET"
_EASTERN = ZoneInfo(ZONES[_ZONE])
#: Fixed-limit ladders where the big bet is not twice the big blind: 888's "$0.06/$0.12
#: Blinds Fix Limit" is the $0.12/$0.25 game (turn and river bets of $0.25, thlorenz hhp
#: cash.hhsmithy.usd.flh.hu hands 503663069 and 503663104). Key: (decimals, big blind).
_BIG_BET = {(2, 12): 25}
_SEAT = re.compile(r"Seat (\d+): (.+) \( (.+) \)$")
_SUITS = {"Karo": "d", "Kreuz": "c", "Herz": "h", "Pik": "s"}


def sniff(text: str) -> bool:
    """True for '#Game No :' plus 888's stakes line ("... Blinds ... - *** dd mm yyyy").

    PartyPoker prints the same '#Game No :' and banner lines, so the banner alone is not
    enough; its stakes line ("USD NL Texas Hold'em - Tuesday, ...") differs. Never raises.
    """
    try:
        head = text[:8192]
        return ("Hand History for Game " in head and "#Game No : " in head
                or "Hand History for Game " in head[:300]) and (
            _SNIFF_STAKES.search(head) is not None)
    except Exception:
        return False


_SYMBOLS = "$€£"


#: An amount whose comma is its decimal mark: dots (or nothing) grouping, a comma and one or two
#: digits last ("1,73", "1.234,5").
_COMMA_DECIMAL = re.compile(r"[\d.]*,\d{1,2}")


def _amount(text: str, dec: int, comma_default: bool) -> int:
    """One printed amount -> minor units. The locale is read per amount, not per hand: one
    table (Base-R-Best-R "Abakan", hand 1331028647) switches mid-hand from ``0,08 $`` to
    ``$0.08``. A symbol before the number means dot decimals and comma grouping (but for a
    comma with one or two digits last: ``$1,73``, the Portuguese client), a symbol after it
    comma decimals and dot grouping; a bare number follows the stakes line
    (``comma_default``). Tournament chips are whole: every separator there groups thousands
    (``25 000``, ``8.000 $``, ``1,500``).
    """
    t = text.strip(" []\xa0")
    comma = comma_default
    if t[:1] in _SYMBOLS:
        # "$1,074" groups thousands, but the Portuguese client's "$1,73" (a comma and one or
        # two digits last, no dot after it) is a comma decimal
        t = t[1:]
        comma = _COMMA_DECIMAL.fullmatch(t.replace("\xa0", "").replace(" ", "")) is not None
    elif t[-1:] in _SYMBOLS:
        t, comma = t[:-1], True
    elif _COMMA_DECIMAL.fullmatch(t.replace("\xa0", "").replace(" ", "")):
        comma = True  # a bare "28,50" (TowerTorneosPoker's play money) whatever the stakes say
    t = t.replace("\xa0", "").replace(" ", "")
    if dec == 0:
        t = t.replace(".", "").replace(",", "")
    elif comma:
        t = t.replace(".", "").replace(",", ".")
    else:
        t = t.replace(",", "")
    if not t:
        raise ParseError("bad_amount", f"not an amount: {text!r}", text=text)
    return parse_money(t, dec)


#: The Russian client's rank letters: В(алет) jack, Д(ама) queen, К(ороль) king, Т(уз) ace. It
#: writes them as cp1251 bytes in an otherwise ASCII file, which the decoder (no UTF-8 found)
#: reads as cp1252: the same four bytes then read Â, Ä, Ê, Ò, which stand for no card anywhere.
_RANKS = {"В": "J", "Д": "Q", "К": "K", "Т": "A", "Â": "J", "Ä": "Q", "Ê": "K", "Ò": "A"}


#: One-letter suits of the Latin-language clients, by language: 888's Portuguese client (ouros,
#: copas, espadas, paus) and the Spanish of 888.es and TowerTorneosPoker (tréboles, diamantes,
#: picas, corazones). Both write the ten "D" (dez, diez). "c" is hearts in both, "p" clubs in
#: one and spades in the other: :func:`_latin_suits` decides a hand's language once.
_LATIN = {"pt": {"o": "d", "c": "h", "e": "s", "p": "c"},
          "es": {"t": "c", "d": "d", "p": "s", "c": "h"}}
#: A card as the Latin clients write it: a rank (the ten as "D" or "10") and a suit letter.
_LATIN_CARD = re.compile(r"(?:10|[2-9TDJQKA])([a-z])")
#: The card groups of a hand: a dealt, shown or mucked hand and the board's streets.
_CARD_LINE = re.compile(r"^(?:Dealt to |\*\* Dealing |.* (?:shows|mucks) \[)")


def _latin_suits(lines: list[str], banner: str) -> dict[str, str] | None:
    """The suit letters of a hand written by a Latin-language client, None for English ones.

    A hand is Latin when one of its cards has a suit English has not ("Qo", "4p", "De"):
    then "o" or "e" says Portuguese, "t" or "d" Spanish, and TowerTorneosPoker's banner
    Spanish always (its "Ac" is the ace of hearts). A hand whose cards fit both languages
    ("Kp, 5c" alone) cannot be read: ParseError(bad_card) with that reason.
    """
    letters: set[str] = set()
    for line in lines:
        if not _CARD_LINE.match(line):
            continue
        # the cards are the line's last bracket group (a name may hold brackets too), read
        # only when every word in it is a card
        group = line[line.rfind("[") + 1 :].partition("]")[0].replace(",", " ").split()
        found = [_LATIN_CARD.fullmatch(tok) for tok in group if tok not in HIDDEN_CARDS]
        if found and all(found):
            letters.update(m[1] for m in found if m)
    if "TowerTorneos" in banner:
        return _LATIN["es"]
    if not letters - {"c", "d", "h", "s"}:
        return None  # English suits (a "D" among them is the Swedish client's queen)
    portuguese, spanish = bool(letters & {"o", "e"}), bool(letters & {"t", "d"})
    if portuguese != spanish and not letters & {"h", "s"}:
        return _LATIN["pt" if portuguese else "es"]
    raise ParseError("bad_card", "a localised client's suits that read as Portuguese and as "
                     "Spanish alike: " + "".join(sorted(letters)))


def _cards(text: str, latin: dict[str, str] | None = None) -> tuple[str, ...]:
    out = []
    for tok in text.strip(" []").split(","):
        tok = tok.strip()
        if not tok or tok in HIDDEN_CARDS:  # "[ X, Kd ]": a card not shown
            continue
        if latin is not None and _LATIN_CARD.fullmatch(tok) and tok[-1] in latin:
            rank = "T" if tok[:-1] == "D" else tok[:-1]
            out.extend(parse_cards(rank + latin[tok[-1]]))
            continue
        if tok[:1] in _RANKS:
            tok = _RANKS[tok[0]] + tok[1:]
        for word, suit in _SUITS.items():
            if tok.endswith(word):
                tok = tok[: -len(word)] + suit
                break
        out.extend(parse_cards(tok))
    return tuple(out)


def _return_uncalled(actions: list[Action], street: Street, totals: dict[int, int],
                     line: int) -> None:
    """888 never prints "uncalled bet returned": its collections show the return happened, so
    the format's convention is made explicit when a street closes (the engine's collected and
    conservation checks then verify it against the printed collections)."""
    if len(totals) < 1:
        return
    ranked = sorted(totals.items(), key=lambda kv: kv[1], reverse=True)
    top_seat, top = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0
    if top > second:
        totals[top_seat] = second
        actions.append(Action(street, top_seat, ActionKind.UNCALLED_RETURN, top - second,
                              second, line=line))


def _take_back_returns(actions: list[Action], collections: list[Collection]) -> None:
    """Take the made-explicit returns out of the collections where 888 counted them in.

    888 sometimes prints the bettor's own unmatched chips as collected: in a walk
    ("collected [0,03 $]" at 0,01/0,02), when everyone folds preflop (hand 1328194303: a
    0,28 $ shove nobody calls "collected [0,31 $]"), and as a separate "collected" line when
    an all-in hand is shown down (fpdb 888-FHE-USD-5-10-201203.all.in.blind: "Hero collected
    [ $10 ]", exactly the unmatched raise). When a bet is folded to after the flop it does not.
    The collections then sum to more than the pot (rake is never negative), which is the
    sign used here (by any amount: the rake taken may hide part of the return). The model's
    collections hold winnings only, so the return comes out.
    """
    returns = [a for a in actions if a.kind is ActionKind.UNCALLED_RETURN]
    if not returns or not collections:
        return
    pot = sum(a.amount for a in actions if a.kind is not ActionKind.SHOW
              and a.kind is not ActionKind.MUCK) - 2 * sum(a.amount for a in returns)
    excess = sum(c.amount for c in collections) - pot
    for a in returns:
        if excess <= 0:  # (rake may make it smaller than the return itself)
            continue
        mine = [k for k, c in enumerate(collections) if c.seat == a.seat]
        exact = [k for k in mine if collections[k].amount == a.amount]
        big = [k for k in mine if collections[k].amount > a.amount]
        if exact:
            del collections[exact[-1]]
        elif big:
            c = collections[big[-1]]
            collections[big[-1]] = Collection(c.seat, c.amount - a.amount, c.pot_index,
                                              c.board_index, c.line)
        else:
            continue
        excess -= a.amount


_BETTING = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET,
                      ActionKind.RAISE})
_LIVE_POSTS = frozenset({ActionKind.POST_SMALL_BLIND, ActionKind.POST_BIG_BLIND,
                         ActionKind.POST_STRADDLE})


def _protect_unanswered(actions: list[Action], stacks: dict[int, int]) -> None:
    """A player who stays in to the showdown without answering a bet: disconnect protection.

    888 keeps a player who loses his connection in the hand as if all-in for what he has in
    (the limit ring games' all-in protection): the log prints no line for him, the bets after
    go to a side pot he is not in (its collections show it: "collected" twice, the second the
    side pot), and the summary shows or mucks his cards. Read as printed, the round never
    closed. Where a player with chips behind never folds, shows or mucks at the end, and left
    a bet on his last betting street unanswered, a PROTECTED action is put at his turn: after
    the bet, before the first action by a seat after him in the order, else at the street's
    end. The engine then builds the side pot and checks it against the collections.
    """
    at_end = {a.seat for a in actions if a.kind in (ActionKind.SHOW, ActionKind.MUCK)}
    folded = {a.seat for a in actions if a.kind is ActionKind.FOLD}
    betting = [a for a in actions if a.kind in _BETTING]
    if not betting:
        return
    last = betting[-1].street
    for seat in sorted(at_end - folded):
        put = sum(a.amount for a in actions if a.seat == seat and a.kind is not ActionKind.SHOW
                  and a.kind is not ActionKind.MUCK and a.kind is not ActionKind.UNCALLED_RETURN)
        if stacks.get(seat, 0) - put <= 0:
            continue  # all-in: nothing to answer
        street = [k for k, a in enumerate(actions) if a.street is last and a.kind in _BETTING]
        mine = max((a.to for a in actions if a.street is last and a.seat == seat
                    and (a.kind in _BETTING or a.kind in _LIVE_POSTS)), default=0)
        owed = [k for k in street if actions[k].to > mine
                and all(actions[j].seat != seat for j in street if j > k)]
        if not owed:
            continue
        prev, where = actions[owed[0]].seat, None
        for k in street:
            if k <= owed[0]:
                continue
            nxt = actions[k].seat
            if prev < nxt and prev < seat < nxt or prev >= nxt and (seat > prev or seat < nxt):
                where = k
                break
            prev = nxt
        if where is None:
            where = street[-1] + 1
        actions.insert(where, Action(last, seat, ActionKind.PROTECTED, 0, mine, True,
                                     line=actions[where - 1].line))


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = [ln.strip() for ln in chunk.text.split("\n")]
    if lines[0].startswith("#Game No"):
        hand_id = lines[0].partition(":")[2].strip()
        b = 1  # index of the banner line
    else:  # a hand exported from the banner on
        hand_id = lines[0].rpartition("Game ")[2].strip(" *")
        b = 0
    if len(lines) < b + 4:
        raise ParseError("truncated_hand", "the hand stops after its header", line=len(lines),
                         text=lines[-1])
    if "Hand History for Game" not in lines[b]:
        raise ParseError("bad_header", "no hand-history banner", line=b + 1,
                         text=lines[b] if len(lines) > b else "")
    m = _STAKES.match(lines[b + 1])
    if not m:
        raise ParseError("bad_header", "cannot read stakes line", line=b + 2, text=lines[b + 1])
    game_words = m["game"].lower()
    if "holdem" not in game_words and "hold'em" not in game_words:
        raise UnsupportedGame(m["game"], line=b + 2, text=lines[b + 1])
    latin = _latin_suits(lines, lines[b])
    limit = {"No Limit": LimitType.NO_LIMIT, "Pot Limit": LimitType.POT_LIMIT}.get(
        m["limit"] or "No Limit", LimitType.FIXED_LIMIT)
    table_line = lines[b + 2]
    is_tourney = table_line.startswith("Tournament #")
    play = "Practice Play" in table_line or "Play Money" in table_line
    sb_text = m["sb"].strip().replace("\xa0", " ")
    has_symbol = sb_text[:1] in _SYMBOLS or sb_text[-1:] in _SYMBOLS
    comma_default = sb_text[-1:] in _SYMBOLS or ("," in sb_text and "." not in sb_text)
    if is_tourney:
        currency, dec = TOURNAMENT_CHIPS, 0
    elif play or not has_symbol:
        currency, dec = PLAY_MONEY, 2
    else:
        currency = "EUR" if "€" in m["sb"] else "GBP" if "£" in m["sb"] else "USD"
        dec = 2

    def money(text: str) -> int:
        return _amount(text, dec, comma_default)

    try:
        sb_amt, bb_amt = money(m["sb"]), money(m["bb"])
    except ParseError as err:
        raise err.with_context(line=b + 2, text=lines[b + 1]) from None
    naive = started = None
    if m["y"]:
        naive = datetime.strptime(f"{m['y']}-{m['m']}-{m['d']} {m['t']}", "%Y-%m-%d %H:%M:%S")
        started = naive.replace(tzinfo=_EASTERN).astimezone(UTC)
    tournament_id = table_line.split()[1].lstrip("#") if is_tourney else None
    table_name = table_line.removeprefix("Table ").split(" (")[0]
    button = None
    seats: dict[int, list] = {}
    i = b + 3
    n = len(lines)
    while i < n and not (lines[i].startswith("Seat ") and ": " in lines[i]):
        if lines[i].endswith(" is the button"):
            button = int(lines[i].split()[1])
        i += 1
    while i < n and lines[i].startswith("Seat ") and ": " in lines[i]:
        s = _SEAT.match(lines[i])
        if not s and ":  ( " in lines[i]:
            raise ParseError("blank_player_name", "a seat without a player name: actions"
                             " cannot be attributed", line=i + 1, text=lines[i])
        if not s:
            raise ParseError("bad_seat", "cannot read seat line", line=i + 1, text=lines[i])
        try:
            seats[int(s[1])] = [s[2], money(s[3])]
        except ParseError as err:
            raise err.with_context(line=i + 1, text=lines[i]) from None
        i += 1
    if not seats:
        raise ParseError("no_seats", "no seat lines", line=i + 1)
    seat_of = {v[0]: k for k, v in seats.items()}
    names = sorted(seat_of, key=len, reverse=True)

    actions: list[Action] = []
    add = actions.append
    street = Street.PREFLOP
    totals: dict[int, int] = {}
    hole: dict[int, tuple[str, ...]] = {}
    hero = None
    board: list[str] = []
    collections: list[Collection] = []
    sb_seen = False
    ante = 0
    dealt = False
    not_dealt: set[int] = set()
    for idx in range(i, n):
        line = lines[idx]
        lineno = idx + 1
        if not line:
            continue
        try:
            if line.startswith("** "):
                if line.startswith("** Dealing down cards"):
                    dealt = True
                    continue
                if line.startswith("** Summary"):
                    _return_uncalled(actions, street, totals, lineno)
                    street = Street.SHOWDOWN
                    continue
                word = line[11:].split(" ")[0] if line.startswith("** Dealing ") else ""
                new = STREETS_LOWER.get(word)
                if new is None:
                    raise ParseError("unknown_line", "unknown section marker")
                if "[" not in line:  # a street line with no cards: cut short, or broken
                    raise ParseError("unknown_line", "a street line without its cards")
                _return_uncalled(actions, street, totals, lineno)
                board.extend(_cards(line[line.index("[") :], latin))
                street, totals = new, {}
                continue
            if line.startswith("Dealt to "):
                who = next((nm for nm in names if line.startswith(nm + " ", 9)), None)
                if who is None:
                    raise ParseError("unknown_line", "dealt to an unknown player")
                hero = seat_of[who]
                hole[hero] = _cards(line[9 + len(who) :], latin)
                continue
            who = next((nm for nm in names if line.startswith(nm + " ")), None)
            if who is None:
                raise ParseError("unknown_line", "unrecognised line")
            seat = seat_of[who]
            rest = line[len(who) + 1 :]
            verb, _, arg = rest.partition(" [")
            if verb == "folds" and not dealt and all(a.seat != seat for a in actions):
                # A "folds" among the posts, before any card is dealt: a player waiting for
                # the big blind (often seated between the blinds) who is not dealt in. Hand
                # 1328195921: "AnnFil folds" between the small and big blind posts.
                not_dealt.add(seat)
            elif verb == "folds":
                add(Action(street, seat, ActionKind.FOLD, 0, totals.get(seat, 0), line=lineno))
            elif verb == "checks":
                add(Action(street, seat, ActionKind.CHECK, 0, totals.get(seat, 0), line=lineno))
            elif verb in ("calls", "bets", "raises"):
                amt = money(arg)
                to = totals.get(seat, 0) + amt
                totals[seat] = to
                kind = {"calls": ActionKind.CALL, "bets": ActionKind.BET,
                        "raises": ActionKind.RAISE}[verb]
                add(Action(street, seat, kind, amt, to, False, (), lineno))
            elif verb == "posts dead blind" and " + " in arg:
                # "[0,01 $ + 0,02 $]": the missed small blind (dead) plus the big blind
                # (live); "[0,01 $ + 0 $]" is the dead part alone, the player calls later.
                dead_text, _, live_text = arg.partition(" + ")
                dead, live = money(dead_text), money(live_text)
                if live:
                    to = totals.get(seat, 0) + live
                    totals[seat] = to
                    add(Action(street, seat, ActionKind.POST_BIG_BLIND, live, to, line=lineno))
                if dead:
                    add(Action(street, seat, ActionKind.POST_DEAD, dead, totals.get(seat, 0),
                               line=lineno))
            elif verb in ("posts small blind", "posts big blind", "posts ante",
                          "posts dead blind"):
                amt = money(arg)
                if verb == "posts ante":
                    ante = max(ante, amt)
                    add(Action(street, seat, ActionKind.POST_ANTE, amt, totals.get(seat, 0),
                               line=lineno))
                    continue
                live = amt
                kind = ActionKind.POST_BIG_BLIND
                if verb == "posts small blind":
                    kind = ActionKind.POST_SMALL_BLIND
                    if sb_seen:
                        kind, live = ActionKind.POST_DEAD, 0
                    sb_seen = True
                elif verb == "posts dead blind":
                    live = bb_amt if amt >= bb_amt else 0
                if live:
                    to = totals.get(seat, 0) + live
                    totals[seat] = to
                    add(Action(street, seat, kind, live, to, line=lineno))
                if amt > live:
                    add(Action(street, seat, ActionKind.POST_DEAD, amt - live,
                               totals.get(seat, 0), line=lineno))
            elif verb in ("shows", "mucks"):
                cards = _cards(arg, latin)
                kept = kept_hole(hole.get(seat), cards)  # one card shown: the pair stays known
                if kept:
                    hole[seat] = kept
                kind = ActionKind.SHOW if verb == "shows" else ActionKind.MUCK
                add(Action(Street.SHOWDOWN, seat, kind, 0, totals.get(seat, 0), cards=cards,
                           line=lineno))
            elif verb == "collected":
                collections.append(Collection(seat, money(arg), None, None, lineno))
            elif rest in ("did not show his hand", "did not show her hand"):
                pass
            else:
                raise ParseError("unknown_line", "unknown action")
        except ParseError as err:
            raise err.with_context(line=lineno, text=line) from None
    if street is not Street.SHOWDOWN:
        raise ParseError("truncated_hand", "no ** Summary ** section", line=n, text=lines[-1])
    _protect_unanswered(actions, {k: v[1] for k, v in seats.items()})
    _take_back_returns(actions, collections)

    small_bet = big_bet = 0
    if limit is LimitType.FIXED_LIMIT:
        small_bet, big_bet = bb_amt, _BIG_BET.get((dec, bb_amt), 2 * bb_amt)
    acted = {a.seat for a in actions}
    return Hand(
        site=SITE,
        hand_id=hand_id,
        game=Game.HOLDEM,
        limit=limit,
        currency=currency,
        decimals=dec,
        stakes=Stakes(sb_amt, bb_amt, ante, small_bet, big_bet),
        seats=tuple(
            Seat(k, v[0], v[1], sitting_out=k not in acted or k in not_dealt, is_hero=k == hero,
                 hole_cards=hole.get(k))
            for k, v in sorted(seats.items())
        ),
        actions=tuple(actions),
        button_seat=button,
        boards=(tuple(board),),
        report=SiteReport(collections=tuple(collections)),
        started_at=started,
        local_time=naive.strftime("%Y-%m-%d %H:%M:%S") if naive else "",
        time_zone=_ZONE if naive else "",
        table_name=table_name,
        max_seats=None,
        is_tournament=is_tourney,
        tournament_id=tournament_id,
        fast_fold="Snap" in lines[1],
        source=SourceRef(file, chunk.offset, chunk.line),
        raw_text=chunk.text,
    )


# Parse one 888 hand chunk. Raises ParseError (UnsupportedGame for other games).
parse = with_site(SITE, _parse, ignore_harmless=True)


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="pacific888",
    site=SITE,
    description="888poker / Pacific / Cassava hand histories (cash, play money, tournaments)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
)
