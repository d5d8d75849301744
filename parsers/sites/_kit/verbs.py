"""The player lines that text sites word alike, recorded in one place.

However differently their headers and summaries look, most text formats print a player's
betting as the same few verbs after the name: "folds", "checks", "calls X", "bets X", a raise,
and an all-in marker after the amount (" and is all-in", ", and is all in", " (All-in)").
What differs is only what a raise prints (:class:`RaiseText`), how an amount is written (the
site's own reader is passed in) and the all-in marker. The same goes for "Dealt to NAME [..]",
"collected X from side pot N" and a summary seat line's cards. Recording them here means a
fix to how such a line becomes an event is made once, not once per site.

Sites whose verbs are worded otherwise (Cereus' "Calls", WPN classic's "calls (X)") keep their
own dispatch; the all-in and uncalled-bet resolutions below serve them too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import Enum

from parsers.errors import ParseError
from parsers.sites._kit.starlike import Builder, Names, cards_in, unknown

Amount = Callable[[str], int]


class RaiseText(Enum):
    """What a site's raise line prints, and so which amount becomes the raise."""

    #: "raises to Y": Y is the street total (Full Tilt, Seals With Clubs, KingsClub).
    TO = "to"
    #: "raises X to Y": Y is the street total, X (the chips added) is not needed (WPN, Unibet).
    ADDED_TO = "added_to"
    #: "raises X to Y": Y is the street total, X the increment over the bet, kept for the
    #: engine to check (Winamax).
    BY_TO = "by_to"
    #: "raises X": X is the chips the raise adds (Enet).
    ADDED = "added"


def split_all_in(rest: str, marker: str) -> tuple[str, bool]:
    """(the action text without a trailing all-in ``marker``, whether it was there)."""
    if rest.endswith(marker):
        return rest[: -len(marker)], True
    return rest, False


def record_bet(b: Builder, seat: int, rest: str, amount: Amount, all_in: bool, line: int,
               raises: RaiseText, *, call_is_total: bool = False) -> bool:
    """Record ``rest`` if it is "folds", "checks", "calls X", "bets X" or a raise.

    ``rest`` is the line after the player's name, all-in marker removed. "calls X" and "bets X"
    print the chips the action adds, except "calls X" where ``call_is_total`` (KingsClub
    prints the street total the call reaches). Returns False, recording nothing, for any other
    text: the caller goes on with the site's own verbs. A "raises X to Y" line without " to "
    raises ``unknown_line``.
    """
    if rest == "folds":
        b.fold(seat, line)
    elif rest == "checks":
        b.check(seat, line)
    elif rest.startswith("calls "):
        if call_is_total:
            b.call_to(seat, amount(rest[6:]), all_in, line)
        else:
            b.call(seat, amount(rest[6:]), all_in, line)
    elif rest.startswith("bets "):
        b.bet(seat, amount(rest[5:]), all_in, line)
    elif not rest.startswith("raises "):
        return False
    elif raises is RaiseText.TO:
        if not rest.startswith("raises to "):
            return False
        b.raise_to(seat, amount(rest[10:]), all_in, line)
    elif raises is RaiseText.ADDED:
        b.raise_by_added(seat, amount(rest[7:]), all_in, line)
    else:
        by, sep, to = rest[7:].partition(" to ")
        if not sep:
            raise unknown("cannot read raise")
        total = amount(to)
        b.raise_to(seat, total, all_in, line, amount(by) if raises is RaiseText.BY_TO else None)
    return True


def all_in_by_added(b: Builder, seat: int, added: int, line: int) -> None:
    """An all-in printed only as the chips it adds ("goes all-in X", "All-In X").

    It is the bet, call or raise those chips amount to against the street's bets: a bet into
    no bet, a call up to the top bet, otherwise a raise to what the player then has in.
    """
    top = max(b.totals.values(), default=0)
    mine = b.totals.get(seat, 0)
    if top == 0:
        b.bet(seat, added, True, line)
    elif mine + added <= top:
        b.call(seat, added, True, line)
    else:
        b.raise_to(seat, mine + added, True, line)


def checked_return(b: Builder, seat: int, amount: int, line: int) -> None:
    """A printed uncalled-bet return; more than the player's bet on the street is a
    contradiction, not something to record."""
    if amount > b.totals.get(seat, 0):
        raise ParseError("bad_amount", "uncalled bet returned exceeds the player's bet")
    b.uncalled(seat, amount, line)


def record_collected(b: Builder, seat: int, rest: str, pattern: re.Pattern[str],
                     amount: Amount, line: int) -> None:
    """"collected X from pot" / "from main pot" / "from side pot N" (the site's wording of
    the side pot is in ``pattern``, whose groups are X, the pot words and N)."""
    c = pattern.match(rest)
    if not c:
        raise unknown("cannot read collection")
    pot = None if c[2] == "pot" else 0 if c[2] == "main pot" else int(c[3])
    b.collect(seat, amount(c[1]), line, pot)


def record_dealt(b: Builder, names: Names, text: str, detail: str) -> None:
    """The hole cards of "Dealt to NAME [Ah Kd]" (``text``: what follows "Dealt to ").

    A name nobody is seated under raises ``unknown_line`` with the site's ``detail``.
    """
    found = names.prefix(text)
    if found is None:
        raise unknown(detail)
    b.dealt(found[0], cards_in(found[1]))


def summary_seat_cards(b: Builder, seats: dict[int, list], line: str) -> None:
    """The cards a summary seat line shows after the player's name ("Seat 3: NAME (button)
    showed [Ah Kd] and won"); the name is skipped, as it may hold brackets itself."""
    no = line[5:line.find(":")]
    if no.isdigit() and int(no) in seats:
        rest = line[line.find(":") + 2 + len(seats[int(no)][0]):]
        if "[" in rest:
            b.summary_cards(int(no), cards_in(rest[rest.find("["):rest.find("]") + 1]))
