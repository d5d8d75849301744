"""The cards of a hand and their rules: which hole cards can be read (dealt, shown, mucked face
up), which boards can be ranked, that no card appears twice, and that each board holds the
cards of the streets the hand reached.

Cards are the parsers' two-character strings ("Ah", "Td"). A card outside the 52 spellings
below cannot be ranked: a hand or board holding one is left out of the showdown with a
warning, never an exception.
"""

from __future__ import annotations

from parsers.model import Action, ActionKind, Game, Hand, Street
from pipeline.engine.codes import finding
from pipeline.engine.result import Finding

#: Every readable card.
VALID_CARDS = frozenset(r + s for r in "23456789TJQKA" for s in "cdhs")
#: What logs print for a card nobody saw: never a duplicate.
_HIDDEN = frozenset({"", "??", "xx", "Xx"})
_BOARD_SIZE = (0, 3, 4, 5, 5)
_ENDED_ON = ("preflop", "the flop", "the turn", "the river", "showdown")


def known_cards(
    hand: Hand, card_actions: list[Action], out: list[Finding]
) -> tuple[dict[int, tuple[str, ...]], set[int]]:
    """Hole cards that can be read: shown or mucked face up in the log, else dealt (hero).

    ``card_actions`` are the log's shows and mucks, in log order (the last print wins). Also
    returns the seats that mucked and never showed (see ``mucked``).
    """
    known = {s.seat: s.hole_cards for s in hand.seats if s.hole_cards}
    muck: set[int] = set()
    shown: set[int] = set()
    for a in card_actions:
        if a.cards:
            known[a.seat] = a.cards
        (muck if a.kind is ActionKind.MUCK else shown).add(a.seat)
    muck -= shown
    holdem = hand.game is Game.HOLDEM
    for seat, cards in list(known.items()):
        if not VALID_CARDS.issuperset(cards):
            out.append(
                finding(
                    "invalid_card",
                    f"seat {seat} shows unreadable cards {' '.join(map(str, cards))}",
                )
            )
            del known[seat]
        elif holdem and len(cards) < 2:
            # A partial show (GGPoker: "showed [3d]"): nothing wrong, but nothing to rank.
            del known[seat]
        elif holdem and len(cards) != 2:
            out.append(
                finding(
                    "invalid_card",
                    f"seat {seat} holds {len(cards)} cards ({' '.join(cards)}): a hold'em hand "
                    f"has two, so it cannot be ranked",
                )
            )
            del known[seat]
    return known, muck


def readable_boards(hand: Hand, out: list[Finding]) -> list[tuple[str, ...]]:
    """The boards, with any board holding an unreadable card emptied (it cannot be ranked)."""
    boards = list(hand.boards)
    for i, board in enumerate(boards):
        if not VALID_CARDS.issuperset(board):
            out.append(
                finding(
                    "invalid_card",
                    f"the board has unreadable cards {' '.join(map(str, board))}",
                )
            )
            boards[i] = ()
    return boards


def mucked(muck: set[int], all_in: set[int]) -> frozenset[int]:
    """Seats that mucked and never showed: a mucked hand is dead, whatever it held.

    Not an all-in player's: his hand is tabled by rule and the site ranks it even where the log
    says "mucks" (888 pays an all-in player who "mucks [Qc, Ad]" the side pot he won).
    """
    return frozenset(muck - all_in)


def check_boards(hand: Hand, last_street: Street, showdown: bool, out: list[Finding]) -> None:
    """Each board holds exactly the cards of the streets the hand reached."""
    expected = 5 if showdown else _BOARD_SIZE[last_street]
    boards = hand.boards or ((),)
    for i, board in enumerate(boards):
        n = len(board)
        if n == expected or (showdown and len(boards) == 1 and n == 5):
            continue
        which = f"board {i + 1}" if len(boards) > 1 else "the board"
        if showdown:
            reason = "the hand went to showdown"
        else:
            reason = f"the hand ended on {_ENDED_ON[last_street]}"
        out.append(
            finding(
                "wrong_board_size",
                f"{which} has {n} cards: {reason}, so it needs {expected}",
            )
        )


def check_duplicate_cards(
    hand: Hand, known: dict[int, tuple[str, ...]], out: list[Finding]
) -> None:
    """No card twice across hole cards, shows and the boards (shared run cards counted once)."""
    boards = [b for b in hand.boards if b]
    if len(set(boards)) < len(boards):
        out.append(finding("duplicate_card", "two runs of the board are identical"))
    seen: dict[str, _Place] = {}
    for place, cards in _card_places(known, boards):
        for card in cards:
            if card in _HIDDEN:
                continue
            if card in seen:
                first, again = _where(hand, seen[card]), _where(hand, place)
                message = f"card {card} appears in {first} and in {again}"
                out.append(finding("duplicate_card", message))
            else:
                seen[card] = place


#: Where a card lies: ("seat", seat number) for hole cards, ("board", run number) for one run
#: of several, ("board", 0) for the board (or the cards every run shares).
_Place = tuple[str, int]


def _card_places(
    known: dict[int, tuple[str, ...]], boards: list[tuple[str, ...]]
) -> list[tuple[_Place, tuple[str, ...]]]:
    """Each seat's hole cards, then the board cards every run shares (counted once), then the
    rest of each run."""
    places: list[tuple[_Place, tuple[str, ...]]] = [
        (("seat", seat), cards) for seat, cards in known.items()
    ]
    if not boards:
        return places
    first = boards[0]
    shared = 0
    if len(boards) > 1:
        while shared < len(first) and all(
            len(b) > shared and b[shared] == first[shared] for b in boards
        ):
            shared += 1
    places.append((("board", 0), first[:shared]))
    for i, board in enumerate(boards):
        places.append((("board", i + 1 if len(boards) > 1 else 0), board[shared:]))
    return places


def _where(hand: Hand, place: _Place) -> str:
    """A place in words, for the message."""
    what, number = place
    if what == "seat":
        name = {s.seat: s.player for s in hand.seats}.get(number, "?")
        return f"the hole cards of seat {number} ({name})"
    return f"board {number}" if number else "the board"
