"""Cards as two-character strings: rank then suit (``"Ah"``, ``"Td"``).

The event model keeps cards as plain strings (fast, trivially stored); this module owns their
validation. Sites print ``10h`` or lower-case ranks now and then: :func:`normalize_card` turns
every accepted spelling into the canonical one and raises ``ParseError(reason="bad_card")`` on
anything else, so a garbled card never reaches the engine.
"""

from __future__ import annotations

import re
from functools import lru_cache

from parsers.errors import ParseError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
#: Rank character -> value 2..14 (ace high).
RANK_VALUE = {r: i + 2 for i, r in enumerate(RANKS)}
#: Every canonical card, in rank-major order.
DECK = tuple(r + s for r in RANKS for s in SUITS)
_DECK_SET = frozenset(DECK)


@lru_cache(maxsize=256)
def normalize_card(text: str) -> str:
    """``"Ah"`` -> ``"Ah"``, ``"10h"``/``"th"``/``"AH"`` -> canonical; ParseError otherwise."""
    if text in _DECK_SET:
        return text
    t = text.strip()
    if len(t) == 3 and t[:2] == "10":
        t = "T" + t[2]
    if len(t) == 2:
        card = t[0].upper() + t[1].lower()
        if card in _DECK_SET:
            return card
    raise ParseError("bad_card", f"not a card: {text!r}", text=text)


@lru_cache(maxsize=8192)
def parse_cards(text: str) -> tuple[str, ...]:
    """``"As Kd"``, ``"AsKd"`` or ``"[As Kd]"`` -> ``("As", "Kd")``; ``""`` -> ``()``.

    Brackets are removed so a bracketed group from a log line can be passed as it is.
    Cached (the result is an immutable tuple; errors are not cached): hole-card pairs and
    boards recur across hands, and every parser reads cards on its hot path.
    """
    tokens = text.replace("[", " ").replace("]", " ").split()
    if _DECK_SET.issuperset(tokens):  # fast path: canonical cards only (also "" -> ())
        return tuple(tokens)
    if len(tokens) == 1 and len(tokens[0]) > 3:
        # Concatenated form "AsKd" (also "10hAs"): split greedily.
        s, out = tokens[0], []
        i = 0
        while i < len(s):
            step = 3 if s.startswith("10", i) else 2
            out.append(s[i : i + step])
            i += step
        tokens = out
    return tuple(normalize_card(tok) for tok in tokens)


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def rank_value(card: str) -> int:
    """2..14, ace high."""
    return RANK_VALUE[card[0]]


def is_card(text: str) -> bool:
    return text in _DECK_SET


def bracketed_cards(text: str, start: int = 0) -> tuple[str, ...]:
    """The cards inside the first ``[...]`` at or after ``start``: logs print shown hands so.

    An opening bracket with no closing one is a malformed line, not a crash.
    """
    b = text.find("[", start)
    e = text.find("]", b + 1) if b != -1 else -1
    if e == -1:
        raise ParseError("bad_card", f"no bracketed cards in {text[start:start + 40]!r}")
    return parse_cards(text[b : e + 1])


#: What a log prints in a shown hand for a card it does not show: a player showing one card
#: of two ("shows [?? Kd]", "[X Kd]", "[Kd -]").
HIDDEN_CARDS = frozenset({"?", "??", "X", "x", "XX", "xx", "Xx", "*", "**", "-", "--"})


def shown_cards(text: str, start: int = 0) -> tuple[str, ...]:
    """The cards a player shows, in the first ``[...]`` at or after ``start``: as
    :func:`bracketed_cards`, with the placeholders of the cards not shown
    (:data:`HIDDEN_CARDS`) left out, so ``[?? Kd]`` gives ``("Kd",)`` and ``[Ah]`` one card.
    """
    b = text.find("[", start)
    e = text.find("]", b + 1) if b != -1 else -1
    if e == -1:
        raise ParseError("bad_card", f"no bracketed cards in {text[start:start + 40]!r}")
    return shown_group(text[b + 1 : e])


def shown_group(group: str) -> tuple[str, ...]:
    """:func:`parse_cards` of a shown group's text, the placeholders of cards not shown left
    out (:func:`shown_cards`)."""
    words = group.split()
    if not HIDDEN_CARDS.isdisjoint(words):
        group = " ".join(t for t in words if t not in HIDDEN_CARDS)
    return parse_cards(group)


def kept_hole(known: tuple[str, ...] | None, shown: tuple[str, ...]) -> tuple[str, ...] | None:
    """A seat's hole cards once it shows ``shown``: a show of two or more cards is the hand;
    fewer (one card, or cards hidden) adds to nothing already known, so a hero's dealt cards
    stay whole when he shows one of them."""
    if not shown or (known and len(shown) < 2):
        return known
    return shown


_GROUPS = re.compile(r"\[([^\]]*)\]")


def cards_in_brackets(text: str) -> tuple[str, ...]:
    """Every card of every complete ``[...]`` group of a line, in order: a board line
    ``*** TURN *** [8s 7c 9d] [Kd]`` gives four cards; ``()`` when there is no group.

    Fast path: when every token of the groups is a canonical card, they are the answer (what
    :func:`parse_cards` of each group gives); anything else goes group by group through
    :func:`parse_cards`, which normalizes or raises ``bad_card``.
    """
    groups = _GROUPS.findall(text)
    tokens = " ".join(groups).split()
    if _DECK_SET.issuperset(tokens):
        return tuple(tokens)
    return tuple([c for g in groups for c in parse_cards(g)])
