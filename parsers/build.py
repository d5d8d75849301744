"""Fast construction of the frozen model objects that the fast parsers (PokerStars text, PHH)
build by the hundred thousand: :class:`Action`, :class:`Seat`, :class:`Hand`, and the small
ones built for every hand (:class:`Stakes`, :class:`SourceRef`, :class:`SiteReport`,
:class:`Collection`, :class:`PrintedPot`).

A ``@dataclass(frozen=True, slots=True)`` ``__init__`` sets each field through
``object.__setattr__``; these builders come from ``parsers.construct.maker``, the one generator
of fast constructors (shared with the engine's results), which fills an unfrozen *draft* with
the same slots and switches its ``__class__`` to the model class: a third of ``__init__``'s
cost (issue 7: a hand builds ~16 actions), and the same objects (``tests/test_build.py``).

What this module adds is each builder's parameter list: positional, in the order the parsers
pass them, as a call with 23 keywords costs ten times as much. The builders store fields by
name, so if ``parsers.model`` adds a field with a default (the only change the contract allows)
it is filled with its default and the builders keep working; a field a builder names that the
model no longer has is an error at import, not an object left half set.
"""

from __future__ import annotations

from collections.abc import Callable

from parsers.construct import maker
from parsers.model import (
    Action,
    Collection,
    Hand,
    PrintedPot,
    Seat,
    SiteReport,
    SourceRef,
    Stakes,
)

_ACTION = ("street", "seat", "kind", "amount", "to", "all_in", "cards", "line", "raise_by")
_SEAT = ("seat", "player", "stack", "sitting_out", "is_hero", "hole_cards", "bounty",
         "stack_known")
#: Every field of Hand but the Entraction flag (left to its default False: no site built
#: here sets it), in field order.
_HAND = (
    "site", "hand_id", "game", "limit", "currency", "decimals", "stakes", "seats", "actions",
    "button_seat", "boards", "report", "started_at", "local_time", "time_zone", "table_name",
    "max_seats", "is_tournament", "tournament_id", "level", "fast_fold", "source", "raw_text",
)

#: ``Action(street, seat, kind, amount, to, all_in, cards, line, raise_by)``, every field given.
action: Callable[..., Action] = maker(Action, _ACTION, defaults=False)
#: ``Seat(seat, player, stack, sitting_out, is_hero, hole_cards, bounty, stack_known)``.
seat: Callable[..., Seat] = maker(Seat, _SEAT, defaults=False)
#: ``Hand(...)`` with every field of ``_HAND`` given, positionally.
hand: Callable[..., Hand] = maker(Hand, _HAND, defaults=False)

# The small objects: the class's own parameters and defaults (SiteReport's ``site_added``
# stays ``()``).
collection: Callable[..., Collection] = maker(Collection)
printed_pot: Callable[..., PrintedPot] = maker(PrintedPot)
stakes: Callable[..., Stakes] = maker(Stakes)
source_ref: Callable[..., SourceRef] = maker(SourceRef)
site_report: Callable[..., SiteReport] = maker(SiteReport)
