"""The PHH action strings -> :class:`parsers.model.Action` events (see :mod:`.reader`).

PHH writes what each player did (``p3 cc``, ``p1 cbr 120``, ``d db Jc3d5c``), not the chips:
:class:`Walk` keeps the street totals and stacks while reading them, enough to give every
action its ``amount``/``to``/``all_in`` and to synthesize the uncalled-bet returns PHH never
writes. The rules per action are in :mod:`.reader`'s docstring.
"""

from __future__ import annotations

from collections.abc import Callable

from parsers.cards import parse_cards
from parsers.errors import ParseError
from parsers.model import Action, ActionKind, Street

_NEXT_STREET = {Street.PREFLOP: Street.FLOP, Street.FLOP: Street.TURN,
                Street.TURN: Street.RIVER}


class Walk:
    """Street totals and stacks while reading the actions: enough to give every action its
    ``amount``/``to``/``all_in`` and to return uncalled bets. It judges nothing (the engine
    does); a cbr beyond the stack is kept as written for the engine to flag."""

    __slots__ = ("n", "seats", "stack", "amount", "big_blind", "floor", "commit", "invested",
                 "folded", "street", "board", "hole", "actions", "last_line")

    def __init__(self, n: int, seats: list[int], stacks: list[int], big_blind: int,
                 amount: Callable[[str], int]) -> None:
        """``amount`` reads a ``cbr`` amount into the hand's minor units."""
        self.n = n
        self.seats = seats
        self.stack = list(stacks)
        self.amount = amount
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

    def _add(self, street: Street, i: int, kind: ActionKind, amount: int, all_in: bool,
             line: int, cards: tuple[str, ...] = ()) -> None:
        """Player ``i``'s action; its ``to`` is the player's street total after it."""
        self.actions.append(Action(street=street, seat=self.seats[i], kind=kind, amount=amount,
                                   to=self.commit[i], all_in=all_in, cards=cards, line=line))

    def posts(self, antes: list[int], blinds: list[int]) -> None:
        """Antes first (dead), then the blinds and straddles (live), each capped at the stack."""
        for i, amount in enumerate(antes):
            if amount:
                chips = min(amount, self.stack[i])
                self._put(i, chips, False)
                self._add(Street.PREFLOP, i, ActionKind.POST_ANTE, chips, self.stack[i] <= 0, 0)
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
            self._add(Street.PREFLOP, i, kind, chips, self.stack[i] <= 0, 0)

    def _player(self, token: str) -> int:
        """The index of ``p1``, ``p2``... (``p01`` too)."""
        if not (token.startswith("p") and token[1:].isdigit()):
            raise ParseError("unknown_line", f"unknown actor {token!r}")
        i = int(token[1:]) - 1
        if not 0 <= i < self.n:
            raise ParseError("unknown_line", f"no player {token}")
        return i

    def close_round(self, line: int) -> None:
        """Return the part of the top bet that nobody matched (PHH never writes it)."""
        commit = self.commit
        top = max(commit) if commit else 0
        if not top:
            return  # nothing bet on the street (the usual case after the first show)
        second = sorted(commit)[-2] if self.n > 1 else 0
        if top > second:
            i = commit.index(top)
            back = top - second
            self.stack[i] += back
            self.invested[i] -= back
            commit[i] -= back
            self._add(self.street, i, ActionKind.UNCALLED_RETURN, back, False, line)

    def act(self, parts: list[str], line: int) -> None:
        """One action string, already without its comment and split into words."""
        if not parts:
            return  # a no-op or a standalone commentary
        self.last_line = line
        actor, args = parts[0], parts[1:]
        verb = args[0] if args else ""
        if actor == "d":
            self._deal(verb, args[1:], line)
            return
        i = self._player(actor)
        if verb == "cc" and len(args) == 1:
            self._check_or_call(i, line)
        elif verb == "f" and len(args) == 1:
            self.folded.add(i)
            self._add(self.street, i, ActionKind.FOLD, 0, False, line)
        elif verb == "cbr" and len(args) == 2:
            self._bet_or_raise(i, args[1], line)
        elif verb == "sm" and len(args) <= 2:
            self._show(i, args[1:], line)
        elif verb in ("sd", "pb"):
            raise ParseError("unknown_line", f"{verb!r} is not a hold'em action")
        else:
            raise ParseError("unknown_line", "unknown player action")

    def _check_or_call(self, i: int, line: int) -> None:
        """``cc``: a check when nothing is owed, else a call of what is owed (capped at the
        stack). Preflop the bet to match is at least the big blind (``floor``), unless nobody
        is left to bet against."""
        commit, stack = self.commit, self.stack
        top = max(commit)
        target = top if top >= self.floor else self.floor
        if target > top and not any(j != i and j not in self.folded and stack[j] > 0
                                    for j in range(self.n)):
            target = top  # nobody left to bet against: match what is in
        owed = min(target - commit[i], stack[i])
        if owed <= 0:
            self._add(self.street, i, ActionKind.CHECK, 0, False, line)
        else:
            self._put(i, owed, True)
            self._add(self.street, i, ActionKind.CALL, owed, stack[i] <= 0, line)

    def _bet_or_raise(self, i: int, amount: str, line: int) -> None:
        """``cbr X``: a bet or raise to X; a RAISE when anything is bet on the street."""
        to = self.amount(amount)
        chips = to - self.commit[i]
        kind = ActionKind.RAISE if self.floor or max(self.commit) else ActionKind.BET
        self._put(i, chips, True)
        self._add(self.street, i, kind, chips, self.stack[i] <= 0, line)

    def _deal(self, verb: str, args: list[str], line: int) -> None:
        """Hole cards (``d dh p1 AsKd``) or a board card (``d db Jc3d5c``)."""
        if verb == "dh" and len(args) == 2:
            i = self._player(args[0])
            cards = read_cards(args[1])
            if cards:
                self.hole[i] = cards
            return
        if verb == "db" and len(args) == 1:
            self.close_round(line)
            cards = read_cards(args[0])
            if cards is None:
                raise ParseError("bad_card", "unknown board card")
            self.board += cards
            if self.street >= Street.RIVER:
                raise ParseError("unknown_line", "a board card after the river")
            self.street = _NEXT_STREET[self.street]
            self.commit = [0] * self.n
            self.floor = 0
            return
        raise ParseError("unknown_line", "unknown dealer action")

    def _show(self, i: int, args: list[str], line: int) -> None:
        """``sm AsKd`` shows, ``sm`` alone mucks, ``sm -`` shows the cards dealt, ``sm ????``
        is a show without cards; on the showdown street once the river is reached."""
        self.close_round(line)  # a show ends the betting; idempotent after the first
        on = Street.SHOWDOWN if self.street is Street.RIVER else self.street
        if not args:
            self._add(on, i, ActionKind.MUCK, 0, False, line)
            return
        shown = self.hole.get(i, ()) if args[0] == "-" else read_cards(args[0])
        if shown:
            self.hole[i] = shown
        self._add(on, i, ActionKind.SHOW, 0, False, line, shown or ())


def read_cards(text: str) -> tuple[str, ...] | None:
    """Concatenated PHH cards (``AsKd``); None when any card is unknown (``??``)."""
    if "?" in text:
        return None
    if len(text) % 2:
        raise ParseError("bad_card", f"not a card list: {text!r}", text=text)
    return parse_cards(" ".join([text[k : k + 2] for k in range(0, len(text), 2)]))
