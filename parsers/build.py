"""Fast construction of the frozen model objects that the fast parsers (PokerStars text, PHH)
build by the hundred thousand: :class:`Action`, :class:`Seat`, :class:`Hand`, and the small
ones built for every hand (:class:`Stakes`, :class:`SourceRef`, :class:`SiteReport`,
:class:`Collection`, :class:`PrintedPot`).

A ``@dataclass(frozen=True, slots=True)`` ``__init__`` sets each field through
``object.__setattr__(self, name, value)`` (a name lookup and a call per field, to get past the
frozen ``__setattr__``). A builder here instead fills a *draft*: an instance of a plain,
unfrozen class with exactly the same ``__slots__`` (so the same memory layout), by ordinary
attribute stores, which the interpreter specializes to direct slot writes; then it assigns
the draft's ``__class__`` to the model class, which Python allows between layout-compatible
classes. That costs about half of setting the slots through their descriptors, and a third
of ``__init__`` (issue 7: a hand builds ~16 actions). The objects are the model classes with
the same values from then on: equality, hashing, immutability, ``repr``, pickling and
``dataclasses.replace`` are untouched, because the classes themselves are.

Every builder is generated at import from ``dataclasses.fields(cls)`` and checked there: the
class must have exactly the fields the builder sets, in order, and a test object must come
out as the class. If ``parsers.model`` changes shape (or the layout trick is refused), the
builder falls back to the class's own constructor, so a field can never be left unset.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any

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


def _drafted(
    cls: type, names: tuple[str, ...], *, fixed: dict[str, str] | None = None,
    defaults: bool = False,
) -> Callable[..., Any] | None:
    """A builder for the frozen slots dataclass ``cls`` taking its fields ``names`` (in field
    order, minus those ``fixed`` to a constant expression), or None when ``cls`` does not have
    exactly those fields or refuses the draft's layout. With ``defaults`` the parameters keep
    the class's plain defaults (none of these classes' builders pass a default factory)."""
    fixed = fixed or {}
    cls_fields = fields(cls)
    if tuple(f.name for f in cls_fields) != names or not all(f.init for f in cls_fields):
        return None
    if set(getattr(cls, "__slots__", ())) != set(names):
        return None
    draft = type(f"_{cls.__name__}Draft", (), {"__slots__": names})
    namespace: dict[str, Any] = {"_new": object.__new__, "_draft": draft, "_cls": cls}
    params = []
    for f in cls_fields:
        if f.name in fixed:
            continue
        if defaults and f.default is not MISSING:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        elif defaults and f.default_factory is not MISSING:
            return None
        else:
            params.append(f.name)
    stores = "".join(f"    o.{n} = {fixed.get(n, n)}\n" for n in names)
    source = (f"def make({', '.join(params)}):\n    o = _new(_draft)\n{stores}"
              "    o.__class__ = _cls\n    return o\n")
    exec(source, namespace)  # noqa: S102 (our own source text, built from field names)
    make = namespace["make"]
    make.__qualname__ = make.__name__ = f"make_{cls.__name__}"
    make.__doc__ = f"{cls.__name__}({', '.join(params)}) built as a draft (see the module)"
    try:  # the layout check of __class__ assignment, once, at import
        probe = make(*[None] * make.__code__.co_argcount)
    except TypeError:  # pragma: no cover - only if the model's layout changes
        return None
    return make if type(probe) is cls else None


_ACTION = ("street", "seat", "kind", "amount", "to", "all_in", "cards", "line", "raise_by")
_SEAT = ("seat", "player", "stack", "sitting_out", "is_hero", "hole_cards", "bounty",
         "stack_known")
_HAND = (
    "site", "hand_id", "game", "limit", "currency", "decimals", "stakes", "seats", "actions",
    "button_seat", "boards", "report", "started_at", "local_time", "time_zone", "table_name",
    "max_seats", "is_tournament", "tournament_id", "level", "fast_fold",
    "button_posts_big_blind_heads_up", "source", "raw_text",
)


def _hand_by_init(
    site, hand_id, game, limit, currency, decimals, stakes, seats, actions, button_seat,
    boards, report, started_at, local_time, time_zone, table_name, max_seats, is_tournament,
    tournament_id, level, fast_fold, source, raw_text,
) -> Hand:  # pragma: no cover - only if parsers.model.Hand changes shape
    return Hand(
        site=site, hand_id=hand_id, game=game, limit=limit, currency=currency,
        decimals=decimals, stakes=stakes, seats=seats, actions=actions,
        button_seat=button_seat, boards=boards, report=report, started_at=started_at,
        local_time=local_time, time_zone=time_zone, table_name=table_name,
        max_seats=max_seats, is_tournament=is_tournament, tournament_id=tournament_id,
        level=level, fast_fold=fast_fold, source=source, raw_text=raw_text,
    )


#: ``Action(street, seat, kind, amount, to, all_in, cards, line, raise_by)``, every field given.
action: Callable[..., Action] = _drafted(Action, _ACTION) or Action
#: ``Seat(seat, player, stack, sitting_out, is_hero, hole_cards, bounty, stack_known)``.
seat: Callable[..., Seat] = _drafted(Seat, _SEAT) or Seat
#: ``Hand(...)`` with every field but the Entraction flag given (always False here), in field
#: order; positional, as a call with 23 keywords costs ten times as much.
hand: Callable[..., Hand] = (
    _drafted(Hand, _HAND, fixed={"button_posts_big_blind_heads_up": "False"}) or _hand_by_init
)

# The small objects: same parameters as the class, in field order, defaults included
# (SiteReport's ``site_added`` stays ``()``).
collection = _drafted(Collection, ("seat", "amount", "pot_index", "board_index", "line"),
                      defaults=True) or Collection
printed_pot = _drafted(PrintedPot, ("index", "amount"), defaults=True) or PrintedPot
stakes = _drafted(Stakes, ("small_blind", "big_blind", "ante", "small_bet", "big_bet"),
                  defaults=True) or Stakes
source_ref = _drafted(SourceRef, ("file", "offset", "line"), defaults=True) or SourceRef
site_report = _drafted(
    SiteReport,
    ("total_pot", "rake", "fees", "pots", "collections", "cash_outs", "site_added"),
    defaults=True,
) or SiteReport
