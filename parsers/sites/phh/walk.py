"""The PHH action strings -> :class:`parsers.model.Action` events (see :mod:`.phh`).

PHH writes what each player did (``p3 cc``, ``p1 cbr 120``, ``d db Jc3d5c``), not the chips:
:class:`Walk` keeps the street totals and stacks while reading them, enough to give every
action its ``amount``/``to``/``all_in`` and to synthesize the uncalled-bet returns PHH never
writes. The rules per action are in :mod:`.phh`'s docstring.
"""

from __future__ import annotations

from collections.abc import Callable

from parsers.build import action as _action
from parsers.cards import DECK, parse_cards
from parsers.errors import ParseError
from parsers.model import Action, ActionKind, Street

#: ``p1``.. -> player index, for the usual table sizes (other spellings such as ``p01`` take
#: :meth:`Walk._player`).
_ACTORS = {n: {f"p{i + 1}": i for i in range(n)} for n in range(2, 24)}
_DECK = frozenset(DECK)
_NEXT_STREET = {Street.PREFLOP: Street.FLOP, Street.FLOP: Street.TURN,
                Street.TURN: Street.RIVER}


class Walk:
    """Street totals and stacks while reading the actions: enough to give every action its
    ``amount``/``to``/``all_in`` and to return uncalled bets. It judges nothing (the engine
    does); a cbr beyond the stack is kept as written for the engine to flag."""

    __slots__ = ("n", "seats", "stack", "amount", "big_blind", "floor", "commit", "invested",
                 "folded", "street", "board", "hole", "actions", "last_line", "index")

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
        self.index = _ACTORS.get(n) or {f"p{i + 1}": i for i in range(n)}

    def _put(self, i: int, chips: int, live: bool) -> None:
        self.stack[i] -= chips
        self.invested[i] += chips
        if live:
            self.commit[i] += chips

    def posts(self, antes: list[int], blinds: list[int]) -> None:
        for i, amount in enumerate(antes):
            if amount:
                chips = min(amount, self.stack[i])
                self._put(i, chips, False)
                self.actions.append(_action(Street.PREFLOP, self.seats[i], ActionKind.POST_ANTE,
                                            chips, 0, self.stack[i] <= 0, (), 0, None))
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
            self.actions.append(_action(Street.PREFLOP, self.seats[i], kind, chips,
                                        self.commit[i], self.stack[i] <= 0, (), 0, None))

    def _player(self, token: str) -> int:
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
            self.actions.append(_action(self.street, self.seats[i], ActionKind.UNCALLED_RETURN,
                                        back, commit[i], False, (), line, None))

    def act(self, parts: list[str], line: int) -> None:
        """One action string, already without its comment and split into words."""
        if not parts:
            return  # a no-op or a standalone commentary
        self.last_line = line
        actor = parts[0]
        words = len(parts)
        verb = parts[1] if words > 1 else ""
        if actor == "d":
            if verb == "dh" and words == 4:  # the most common: hole cards, no chips
                i = self.index.get(parts[2])
                if i is None:
                    i = self._player(parts[2])
                cards = _cards(parts[3])
                if cards:
                    self.hole[i] = cards
            else:
                self._deal(verb, parts[2:], line)
            return
        i = self.index.get(actor)
        if i is None:
            i = self._player(actor)
        commit, stack = self.commit, self.stack
        if verb == "cc" and words == 2:
            top = max(commit)
            target = top if top >= self.floor else self.floor
            if target > top and not any(j != i and j not in self.folded and stack[j] > 0
                                        for j in range(self.n)):
                target = top  # nobody left to bet against: match what is in
            owed = target - commit[i]
            if owed > stack[i]:
                owed = stack[i]
            if owed <= 0:
                self.actions.append(_action(self.street, self.seats[i], ActionKind.CHECK, 0,
                                            commit[i], False, (), line, None))
            else:
                stack[i] -= owed
                self.invested[i] += owed
                commit[i] += owed
                self.actions.append(_action(self.street, self.seats[i], ActionKind.CALL, owed,
                                            commit[i], stack[i] <= 0, (), line, None))
        elif verb == "f" and words == 2:
            self.folded.add(i)
            self.actions.append(_action(self.street, self.seats[i], ActionKind.FOLD, 0,
                                        commit[i], False, (), line, None))
        elif verb == "cbr" and words == 3:
            to = self.amount(parts[2])
            chips = to - commit[i]
            kind = ActionKind.RAISE if self.floor or max(commit) else ActionKind.BET
            stack[i] -= chips
            self.invested[i] += chips
            commit[i] = to
            self.actions.append(_action(self.street, self.seats[i], kind, chips, to,
                                        stack[i] <= 0, (), line, None))
        elif verb == "sm" and words <= 3:
            self._show(i, parts[2:], line)
        elif verb in ("sd", "pb"):
            raise ParseError("unknown_line", f"{verb!r} is not a hold'em action")
        else:
            raise ParseError("unknown_line", "unknown player action")

    def _deal(self, verb: str, args: list[str], line: int) -> None:
        """A board card (``d db``); hole cards (``d dh``) are read in :meth:`act`."""
        if verb == "db" and len(args) == 1:
            self.close_round(line)
            cards = _cards(args[0])
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
        seat = self.seats[i]
        self.close_round(line)  # a show ends the betting; idempotent after the first
        shown: tuple[str, ...] | None = ()
        if args:
            shown = self.hole.get(i, ()) if args[0] == "-" else _cards(args[0])
        on = Street.SHOWDOWN if self.street is Street.RIVER else self.street
        if not args:
            self.actions.append(_action(on, seat, ActionKind.MUCK, 0, self.commit[i], False, (),
                                        line, None))
        else:
            if shown:
                self.hole[i] = shown
            self.actions.append(_action(on, seat, ActionKind.SHOW, 0, self.commit[i], False,
                                        shown or (), line, None))


def _cards(text: str) -> tuple[str, ...] | None:
    """Concatenated PHH cards; None when any card is unknown (``??``)."""
    if "?" in text:
        return None
    size = len(text)
    if size == 4:
        cards: tuple[str, ...] = (text[:2], text[2:])
    elif size == 2:
        cards = (text,)
    elif size == 6:
        cards = (text[:2], text[2:4], text[4:])
    elif size % 2:
        raise ParseError("bad_card", f"not a card list: {text!r}", text=text)
    else:
        cards = tuple([text[k : k + 2] for k in range(0, size, 2)])
    if _DECK.issuperset(cards):
        return cards  # already canonical: what parse_cards would give
    return parse_cards(" ".join(cards))
