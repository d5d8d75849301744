"""PKR hold'em hand histories (cash, play money, sit & go and tournaments).

PKR writes a header of ``Key: value`` lines rather than PokerStars' one-line header:

    Table #39445473 - Top Pair            (absent from some hands: the hand then starts below)
    Starting Hand #1830834560
    Start time of hand: 26 Aug 2011 17:39:25      (no time zone: started_at stays None)
    Game Type: HOLD'EM / Limit Type: NO LIMIT / Table Type: RING / Money Type: REAL MONEY
    Blinds are now $1 / $2
    Button is at seat 4                   ("Moving Button to seat 6" below is where it is now)
    Seat 1: Player0 - $209.15 [(away from table)]
    Seat 1: Name (bounty value $0.40, bounty won $0) - 2,940

Its habits, handled here:
- ``calls $X`` and ``raises to $X`` print the player's street total; ``bets $X`` the bet;
  ``(all-in)`` follows the amount; ``posts $2`` is a new player's live big blind and
  ``posts $1 dead`` the dead small blind beside it; ``posts ante of 10``;
- an unmatched bet is returned with "Returning $X to P uncalled" in newer hands and silently
  in older ones (the printed pot leaves it out): the silent return is made here at the end of
  the street;
- all-in players show their cards *before* the remaining board is dealt;
- "Pot sizes: $0.32" lines (one per pot) after each street: the last group is the final pots;
  "Taking Rake of $0.17 from pot 2"; "P wins $X [from side pot #k] [with: ...]", "P ties[ side
  pot #k][,] and wins $X with ..." are the collections (per pot where printed);
- cards print as ``[K h][2 c]``, ``[qs][2s]`` or ``[Ad 8h]``;
- chat ("Name: text"), "Name says ...", emotes (a sentence ending in "." or "!" after the name:
  "P claps.", "P admits he's a chicken!"), "P has requested more time", hand descriptions
  ("P has Straight, 7 high") and "P brings $200 to table N" carry no chips and are skipped;
- the seat list is repeated with each player's final stack after the hand: not read (tests
  hold the engine's final stacks against it).
"""

from __future__ import annotations

import re
from datetime import datetime

from parsers.cards import parse_cards
from parsers.errors import ParseError
from parsers.format import Format
from parsers.model import PLAY_MONEY, TOURNAMENT_CHIPS, ActionKind, Hand, PrintedPot, Stakes
from parsers.sites._kit.common import with_site
from parsers.sites._kit.starlike import Builder, Names, game_of, unknown
from parsers.sites._kit.tables import CURRENCY_SYMBOLS, STREETS_TITLE
from parsers.text import Chunk, parse_money

SITE = "pkr"
HEADER = re.compile(r"(?:Table #\d+ - [^\n]*\n)?Starting Hand #\d")
DETECTION = "first lines 'Table #N - name' / 'Starting Hand #N' then 'Start time of hand:'"
SUPPORTS = "hold'em NL/PL cash (USD, EUR, play money), sit & go and tournaments (antes, bounties)"

_SEAT = re.compile(r"Seat (\d+): (.*?)(?: \(bounty value ([^,]+), bounty won [^)]*\))? - "
                   r"(\S+)(?: \((.*)\))?$")
_SKIP_BODY = ("Shuffling Deck", "Dealing Cards")
_VERBS = frozenset({"folds", "checks", "calls", "bets", "raises", "posts", "shows", "mucks",
                    "wins", "ties", "doesn't"})
_ALL_IN = " (all-in)"


_SNIFF = re.compile(r"^(?:Table #\d+ - .*\n)?Starting Hand #\d+\nStart time of hand: ",
                    re.MULTILINE)


def sniff(text: str) -> bool:
    """True for text holding PKR's hand header lines.

    A file can start mid-hand (cut from a longer log): what comes before the first header
    must then end with that hand's "End of Hand #N" line. Source code that embeds hands in
    strings is not claimed.
    """
    try:
        head = text[:8192]
        if "Starting Hand #" not in head:  # in every match: refused at C speed (holds_any)
            return False
        m = _SNIFF.search(head)
        if m is None:
            return False
        before = head[: m.start()].strip()
        return not before or before.rpartition("\n")[2].lower().startswith("end of hand #")
    except Exception:
        return False


def _parse(chunk: Chunk, file: str) -> Hand:
    lines = [ln.rstrip() for ln in chunk.text.split("\n")]
    head: dict[str, str] = {}
    table = ""
    i = 0
    while i < len(lines) and not lines[i].startswith("Seat "):
        line = lines[i]
        if line.startswith("Table #"):
            table = line.partition(" - ")[2]
        elif line.startswith("Starting Hand #"):
            head["id"] = line[15:]
        elif ": " in line:
            key, _, value = line.partition(": ")
            head[key] = value
        elif line.startswith("Blinds are now "):
            head["blinds"] = line[15:]
        elif line.startswith("Button is at seat "):
            head["button"] = line[18:]
        elif line.startswith("Last Hand "):
            pass
        else:
            raise ParseError("bad_header", "unrecognised header line", line=i + 1, text=line)
        i += 1
    for key in ("id", "Game Type", "Limit Type", "Money Type", "blinds"):
        if key not in head:
            raise ParseError("bad_header", f"no {key!r} in the header", line=i + 1,
                             text=lines[min(i, len(lines) - 1)])
    game, limit = game_of(f"{head['Game Type']} {head['Limit Type']}", lines[0])
    money_type = head["Money Type"].upper()
    tourney = "TOURNAMENT" in money_type or head.get("Table Type", "").upper() == "TOURNAMENT"
    sb_text, _, bb_text = head["blinds"].partition("/")
    symbol = next((c for c in head["blinds"] if c in CURRENCY_SYMBOLS), "")
    if tourney:
        currency, dec = TOURNAMENT_CHIPS, 0
    elif "PLAY" in money_type:
        currency, dec = PLAY_MONEY, 2
    else:
        currency, dec = CURRENCY_SYMBOLS.get(symbol, "USD"), 2

    def money(text: str) -> int:
        return parse_money(text.strip(), dec)

    seats: dict[int, list] = {}
    while i < len(lines) and lines[i].startswith("Seat "):
        s = _SEAT.match(lines[i])
        if not s:
            raise ParseError("bad_seat", "cannot read seat line", line=i + 1, text=lines[i])
        bounty = parse_money(s[3], 2) if s[3] else None
        seats[int(s[1])] = [s[2], money(s[4]), "away" in (s[5] or ""), bounty]
        i += 1
    if not seats:
        raise ParseError("no_seats", "no seat lines", line=i + 1)
    st = _State(Names(seats), money)
    st.button = int(head["button"]) if head.get("button", "").isdigit() else None
    for idx in range(i, len(lines)):
        line = lines[idx]
        if not line:
            continue
        try:
            if _line(st, line, idx + 1):
                break
        except ParseError as err:
            raise err.with_context(line=idx + 1, text=line) from None
    else:
        raise ParseError("truncated_hand", "no 'End of Hand' line", line=len(lines),
                         text=lines[-1])
    b = st.b
    b.close_street()
    ante = max((a.amount for a in b.actions if a.kind is ActionKind.POST_ANTE), default=0)
    start = head.get("Start time of hand", "")
    try:
        naive = datetime.strptime(start, "%d %b %Y %H:%M:%S")
    except ValueError:
        raise ParseError("bad_header", "cannot read the start time",
                         text=start) from None
    tid = None
    if tourney:
        m = re.search(r"(?:Tournament|STT) # ?(\d+)", table)
        tid = m[1] if m else ""
    _drop_repeat(st)
    pots = tuple(PrintedPot(k, a) for k, a in enumerate(st.pots)) if len(st.pots) > 1 else ()
    return b.hand(
        site=SITE, chunk=chunk, file=file, hand_id=head["id"], game=game, limit=limit,
        currency=currency, decimals=dec,
        stakes=Stakes(money(sb_text), money(bb_text), ante), seats=seats, button=st.button,
        total_pot=sum(st.pots) if st.pots else None, rake=st.rake if st.pots or st.rake else None,
        pots=pots, local_time=naive.strftime("%Y-%m-%d %H:%M:%S"), table_name=table,
        tournament_id=tid,
    )


# Parse one hand. Raises ParseError (UnsupportedGame for other games).
parse = with_site(SITE, _parse, ignore_harmless=True)


class _State:
    """What the body lines build beside the Builder."""

    __slots__ = ("b", "names", "money", "button", "pots", "group_open", "rake")

    def __init__(self, names: Names, money) -> None:
        self.b = Builder()
        self.names = names
        self.money = money
        self.button: int | None = None
        self.pots: list[int] = []
        self.group_open = False
        self.rake = 0


def _drop_repeat(st: _State) -> None:
    """Undo the double print of the final pots ("Pot sizes: 6,800" twice in a row).

    A hand that ends in a betting round prints its pots at the end of the round and again at
    the end of the hand, with nothing between; a run of 2N lines whose halves are equal is
    then one group of N, unless the collections and rake account for the whole run (two pots
    of equal size really printed once).
    """
    pots, n = st.pots, len(st.pots) // 2
    if not n or len(pots) % 2 or pots[:n] != pots[n:]:
        return
    paid = sum(c.amount for c in st.b.collections) + st.rake
    if paid != sum(pots):
        del pots[n:]


def _cards(text: str) -> tuple[str, ...]:
    """Cards in every bracket group: ``[K h][2 c]``, ``[qs][2s]``, ``[Ad 8h]``.

    A show of one card (``[J c][XX]``: the other stays hidden) gives no cards: the hand is
    not known, and one card cannot be ranked.
    """
    out: list[str] = []
    for part in text.split("[")[1:]:
        inner = part.partition("]")[0].replace(" ", "")
        if inner.upper() == "XX":
            return ()
        if inner:
            out.extend(parse_cards(inner))
    return tuple(out)


def _line(st: _State, line: str, lineno: int) -> bool:
    """One body line; True at the end of the hand."""
    b = st.b
    if line.startswith("Pot sizes: "):
        if not st.group_open:
            st.pots = []
            st.group_open = True
        st.pots.append(st.money(line[11:]))
        return False
    st.group_open = False
    if line.startswith(("End of Hand #", "End Of Hand #")):
        return True
    if line in _SKIP_BODY:
        return False
    if line.startswith("Dealing "):
        word = line[8:].partition(" ")[0]
        if word in STREETS_TITLE:
            b.close_street()
            b.add_board_cards(STREETS_TITLE[word], _cards(line))
            return False
        who = st.names.exact(line.rpartition(" to ")[2])
        if who is None or not line.startswith("Dealing ["):
            raise unknown("dealt to an unknown player")
        b.dealt(who, _cards(line))
        return False
    if line.startswith("Moving Button to seat "):
        st.button = int(line[22:])
        return False
    if line.startswith("Taking Rake of "):
        st.rake += st.money(line[15:].partition(" from ")[0])
        return False
    if line.startswith("Returning "):
        amount, _, rest = line[10:].partition(" to ")
        who = st.names.exact(rest.removesuffix(" uncalled"))
        if who is None or not rest.endswith(" uncalled"):
            raise unknown("uncalled bet returned to an unknown player")
        b.uncalled(who, st.money(amount), lineno)
        return False
    if line.startswith("Seat "):  # the final stacks, printed after the hand
        return False
    if line.endswith(" will be dealt in after the button") or (
            " brings " in line and " to table " in line):
        return False
    if st.names.prefix(line, ": "):  # chat
        return False
    who = st.names.prefix(line)
    if who is None:
        raise unknown()
    seat, rest = who
    _action(st, seat, rest, lineno)
    return False


def _action(st: _State, seat: int, rest: str, line: int) -> None:
    b, money = st.b, st.money
    all_in = rest.endswith(_ALL_IN)
    if all_in:
        rest = rest[: -len(_ALL_IN)]
    verb, _, arg = rest.partition(" ")
    verb = verb.rstrip(",")  # "ties, and wins"
    if verb not in _VERBS:
        if verb in ("says", "has", "did") or rest.endswith((".", "!")) or rest.lstrip() \
                == "is using the time bank":
            return  # talk, emotes, time requests, hand descriptions, time-outs
        raise unknown("unknown action")
    if verb == "folds":
        b.fold(seat, line)
        if arg.startswith("and shows "):
            b.show(seat, _cards(arg), line)
    elif verb == "checks":
        b.check(seat, line)
    elif verb == "calls":
        b.call_to(seat, money(arg), all_in, line)
    elif verb == "bets":
        b.bet(seat, money(arg), all_in, line)
    elif verb == "raises" and arg.startswith("to "):
        b.raise_to(seat, money(arg[3:]), all_in, line)
    elif verb == "posts":
        _post(b, seat, arg, all_in, line, money)
    elif verb == "shows":
        b.in_showdown = True
        b.show(seat, _cards(arg), line)
    elif verb == "mucks":
        b.in_showdown = True
        b.show(seat, _cards(arg), line, muck=True)
    elif verb == "doesn't":
        pass  # "doesn't show": the winner without a showdown keeps his cards hidden
    elif verb in ("wins", "ties"):
        _collect(st, seat, rest, line)
    else:
        raise unknown("unknown action")


def _post(b: Builder, seat: int, arg: str, all_in: bool, line: int, money) -> None:
    if arg.startswith("small blind ("):
        b.post(ActionKind.POST_SMALL_BLIND, seat, money(arg[13:].rstrip(")")), all_in, line)
    elif arg.startswith("big blind ("):
        b.post(ActionKind.POST_BIG_BLIND, seat, money(arg[11:].rstrip(")")), all_in, line)
    elif arg.startswith("ante of "):
        b.post(ActionKind.POST_ANTE, seat, money(arg[8:]), all_in, line)
    elif arg.endswith(" dead"):
        b.post(ActionKind.POST_DEAD, seat, money(arg[:-5]), all_in, line)
    elif " " not in arg:  # "posts $2": a new player's big blind, live
        b.post(ActionKind.POST_BIG_BLIND, seat, money(arg), all_in, line)
    else:
        raise unknown("unknown post")


_WIN = re.compile(r"(?:ties(?: side pot #(?P<k>\d+))?,? and )?wins (?P<amt>\S+)"
                  r"(?: from side pot #(?P<k2>\d+))?(?: with.*)?$")


def _collect(st: _State, seat: int, text: str, line: int) -> None:
    """"wins $X[ from side pot #k][ with: ...]", "ties[ side pot #k][,] and wins $X with..."."""
    m = _WIN.match(text)
    if m is None:
        raise unknown("unknown win line")
    k = m["k"] or m["k2"]
    index = int(k) if k else (0 if len(st.pots) > 1 else None)
    st.b.collect(seat, st.money(m["amt"]), line, index)


#: What the registry lists: this module's format, found by name or by content.
FORMAT = Format(
    name="pkr",
    site=SITE,
    description="PKR hand histories (cash, play money, sit & go, tournaments)",
    detection=DETECTION,
    supports=SUPPORTS,
    sniff=sniff,
    parse=parse,
    header=HEADER,
)
