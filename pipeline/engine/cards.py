"""The cards a replay can read: hole cards (dealt, shown, mucked face up), the boards, and the
card rules that need them (readable cards, no card twice).

Split from the walk because every hand needs the same three looks at its cards (which hole
cards are readable, whether a card repeats, whether each board is readable) and in almost
every hand all three say "nothing to report": ``read_cards`` answers that for the whole hand
in one pass over the cards, and only a hand that fails it goes through the functions that
word each finding (``known_cards``, ``check_duplicate_cards``, ``readable_boards``), which
decide exactly as before. ``tests/test_engine_cards.py`` holds both paths side by side.
"""

from __future__ import annotations

from parsers.model import Action, ActionKind, Game, Hand
from pipeline.engine.codes import finding
from pipeline.engine.result import Finding
from pipeline.engine.showdown import check_duplicate_cards

_MUCK = ActionKind.MUCK
_HOLDEM = Game.HOLDEM
#: Every readable card: one set lookup per card instead of a function call.
_VALID_CARDS = frozenset(r + s for r in "23456789TJQKA" for s in "cdhs")


def _gathered(
    hand: Hand, card_actions: list[Action]
) -> tuple[dict[int, tuple[str, ...]], set[int]]:
    """Each seat's cards as the log last printed them (dealt, then shown or mucked face up),
    and the seats that mucked without ever showing."""
    known = {s.seat: s.hole_cards for s in hand.seats if s.hole_cards}
    muck: set[int] = set()
    if card_actions:
        shown: set[int] = set()
        for a in card_actions:
            if a.cards:
                known[a.seat] = a.cards
            (muck if a.kind is _MUCK else shown).add(a.seat)
        if muck and shown:
            muck -= shown
    return known, muck


def read_cards(
    hand: Hand, card_actions: list[Action], out: list[Finding]
) -> tuple[dict[int, tuple[str, ...]], set[int], tuple[tuple[str, ...], ...] | None]:
    """``known_cards`` and ``check_duplicate_cards`` in one: the readable hole cards, the seats
    that mucked unseen, and the boards when all of them are readable (else None: the caller
    runs ``readable_boards`` where its findings belong).

    The fast path: a hold'em hand with at most one board whose cards, and every known hand's
    two, are all readable and all different. None of the three rules can then find anything,
    so the answers are the inputs. Anything else takes the general functions.
    """
    known, muck = _gathered(hand, card_actions)
    boards = hand.boards
    if hand.game is _HOLDEM and len(boards) <= 1:
        cards = list(boards[0]) if boards else []
        for hole in known.values():
            if len(hole) != 2:
                break
            cards += hole
        else:
            if _VALID_CARDS.issuperset(cards) and len(set(cards)) == len(cards):
                return known, muck, boards
    known, muck = known_cards(hand, card_actions, out)
    check_duplicate_cards(hand, known, out)
    return known, muck, None


def known_cards(
    hand: Hand, card_actions: list[Action], out: list[Finding]
) -> tuple[dict[int, tuple[str, ...]], set[int]]:
    """Hole cards that can be read: shown or mucked face up in the log, else dealt (hero).

    ``card_actions`` are the log's shows and mucks (gathered by the replay's ``_in_hand``).
    Also returns the seats that mucked and never showed (see ``mucked``).
    """
    known, muck = _gathered(hand, card_actions)
    holdem = hand.game is _HOLDEM
    if holdem:
        for cards in known.values():
            if len(cards) != 2 or not _VALID_CARDS.issuperset(cards):
                break
        else:  # two readable cards each: the usual case, nothing to drop
            return known, muck
    for seat, cards in list(known.items()):
        if not _VALID_CARDS.issuperset(cards):
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
        if not _VALID_CARDS.issuperset(board):
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
    return frozenset(muck - all_in) if muck else frozenset()
