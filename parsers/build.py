"""Fast construction of the frozen model objects that the fast parsers (PokerStars text, PHH)
build by the hundred thousand: :class:`Action`, :class:`Seat`, :class:`Hand`, and the small
ones built for every hand (:class:`Stakes`, :class:`SourceRef`, :class:`SiteReport`,
:class:`Collection`, :class:`PrintedPot`).

A ``@dataclass(frozen=True, slots=True)`` ``__init__`` sets each field through
``object.__setattr__(self, name, value)`` (a name lookup per field, to get past the frozen
``__setattr__``); setting the slots through their descriptors skips that lookup and costs
about 40% less. The objects are the same classes with the same values: equality, hashing,
immutability, ``repr``, pickling and ``dataclasses.replace`` are untouched, because the
classes themselves are. Each builder checks at import that the class still has exactly the
fields it sets, in order; if ``parsers.model`` changes shape the builder *is* the class, so a
new field can never be left unset.
"""

from __future__ import annotations

from dataclasses import fields

from parsers.construct import maker
from parsers.model import (
    Action,
    ActionKind,
    Collection,
    Hand,
    PrintedPot,
    Seat,
    SiteReport,
    SourceRef,
    Stakes,
    Street,
)

_new = object.__new__


def _slot_setters(cls: type, names: tuple[str, ...]) -> tuple | None:
    """The slot descriptors' setters of a frozen slots dataclass, in field order, or None
    when its fields are not exactly ``names`` (a changed model then gets the plain class)."""
    if tuple(f.name for f in fields(cls)) != names or not all(
        f.init for f in fields(cls)
    ):
        return None
    return tuple(getattr(cls, n).__set__ for n in names)


_AS = _slot_setters(Action, ("street", "seat", "kind", "amount", "to", "all_in", "cards",
                             "line", "raise_by"))
_SS = _slot_setters(Seat, ("seat", "player", "stack", "sitting_out", "is_hero", "hole_cards",
                           "bounty", "stack_known"))

if _AS is not None:
    _a0, _a1, _a2, _a3, _a4, _a5, _a6, _a7, _a8 = _AS

    def action(street: Street, seat: int, kind: ActionKind, amount: int, to: int,
                all_in: bool, cards: tuple[str, ...], line: int,
                raise_by: int | None) -> Action:
        """``Action(...)`` with every field given, without the frozen ``__setattr__`` detour:
        the slots are set through their descriptors (what ``__init__`` does, minus the
        per-field ``object.__setattr__`` name lookup). Same class, same values."""
        a = _new(Action)
        _a0(a, street)
        _a1(a, seat)
        _a2(a, kind)
        _a3(a, amount)
        _a4(a, to)
        _a5(a, all_in)
        _a6(a, cards)
        _a7(a, line)
        _a8(a, raise_by)
        return a
else:  # pragma: no cover - only if parsers.model.Action changes shape
    action = Action

if _SS is not None:
    _s0, _s1, _s2, _s3, _s4, _s5, _s6, _s7 = _SS

    def seat(seat: int, player: str, stack: int, sitting_out: bool, is_hero: bool,
              hole_cards: tuple[str, ...] | None, bounty: int | None,
              stack_known: bool) -> Seat:
        """``Seat(...)`` with every field given; see :func:`action`."""
        s = _new(Seat)
        _s0(s, seat)
        _s1(s, player)
        _s2(s, stack)
        _s3(s, sitting_out)
        _s4(s, is_hero)
        _s5(s, hole_cards)
        _s6(s, bounty)
        _s7(s, stack_known)
        return s
else:  # pragma: no cover
    seat = Seat

_HAND_FIELDS = (
    "site", "hand_id", "game", "limit", "currency", "decimals", "stakes", "seats", "actions",
    "button_seat", "boards", "report", "started_at", "local_time", "time_zone", "table_name",
    "max_seats", "is_tournament", "tournament_id", "level", "fast_fold",
    "button_posts_big_blind_heads_up", "source", "raw_text",
)
_HS = _slot_setters(Hand, _HAND_FIELDS)


if _HS is not None:
    (_h0, _h1, _h2, _h3, _h4, _h5, _h6, _h7, _h8, _h9, _h10, _h11, _h12, _h13, _h14, _h15,
     _h16, _h17, _h18, _h19, _h20, _h21, _h22, _h23) = _HS

    def hand(
        site, hand_id, game, limit, currency, decimals, stakes, seats, actions, button_seat,
        boards, report, started_at, local_time, time_zone, table_name, max_seats, is_tournament,
        tournament_id, level, fast_fold, source, raw_text,
    ) -> Hand:
        """``Hand(...)`` with every field but the Entraction flag given (always False
        here), in field order; positional, as a call with 23 keywords costs ten times as
        much. See :func:`action`."""
        h = _new(Hand)
        _h0(h, site)
        _h1(h, hand_id)
        _h2(h, game)
        _h3(h, limit)
        _h4(h, currency)
        _h5(h, decimals)
        _h6(h, stakes)
        _h7(h, seats)
        _h8(h, actions)
        _h9(h, button_seat)
        _h10(h, boards)
        _h11(h, report)
        _h12(h, started_at)
        _h13(h, local_time)
        _h14(h, time_zone)
        _h15(h, table_name)
        _h16(h, max_seats)
        _h17(h, is_tournament)
        _h18(h, tournament_id)
        _h19(h, level)
        _h20(h, fast_fold)
        _h21(h, False)
        _h22(h, source)
        _h23(h, raw_text)
        return h
else:  # pragma: no cover - only if parsers.model.Hand changes shape

    def hand(
        site, hand_id, game, limit, currency, decimals, stakes, seats, actions, button_seat,
        boards, report, started_at, local_time, time_zone, table_name, max_seats, is_tournament,
        tournament_id, level, fast_fold, source, raw_text,
    ) -> Hand:
        return Hand(
            site=site, hand_id=hand_id, game=game, limit=limit, currency=currency,
            decimals=decimals, stakes=stakes, seats=seats, actions=actions,
            button_seat=button_seat, boards=boards, report=report, started_at=started_at,
            local_time=local_time, time_zone=time_zone, table_name=table_name,
            max_seats=max_seats, is_tournament=is_tournament, tournament_id=tournament_id,
            level=level, fast_fold=fast_fold, source=source, raw_text=raw_text,
        )


# The small objects: the generated constructors of parsers.construct (same parameters as the
# class, in field order, defaults included: SiteReport's ``site_added`` stays ``()``).
collection = maker(Collection)
printed_pot = maker(PrintedPot)
stakes = maker(Stakes)
source_ref = maker(SourceRef)
site_report = maker(SiteReport)
