"""Fast construction of the frozen model objects the PokerStars parser builds by the hundred
thousand: :class:`Action`, :class:`Seat`, :class:`Hand`, and the small ones it builds for
every hand (:class:`Stakes`, :class:`SourceRef`, :class:`SiteReport`, :class:`Collection`,
:class:`PrintedPot`).

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


_CS = _slot_setters(Collection, ("seat", "amount", "pot_index", "board_index", "line"))
_PS = _slot_setters(PrintedPot, ("index", "amount"))
_STS = _slot_setters(Stakes, ("small_blind", "big_blind", "ante", "small_bet", "big_bet"))
_SRS = _slot_setters(SourceRef, ("file", "offset", "line"))
_RS = _slot_setters(SiteReport, ("total_pot", "rake", "fees", "pots", "collections",
                                 "cash_outs", "site_added"))

if _CS is not None:
    _c0, _c1, _c2, _c3, _c4 = _CS

    def collection(seat: int, amount: int, pot_index: int | None, board_index: int | None,
                   line: int) -> Collection:
        """``Collection(...)`` with every field given; see :func:`action`."""
        c = _new(Collection)
        _c0(c, seat)
        _c1(c, amount)
        _c2(c, pot_index)
        _c3(c, board_index)
        _c4(c, line)
        return c
else:  # pragma: no cover
    collection = Collection

if _PS is not None:
    _p0, _p1 = _PS

    def printed_pot(index: int, amount: int) -> PrintedPot:
        """``PrintedPot(index, amount)``; see :func:`action`."""
        p = _new(PrintedPot)
        _p0(p, index)
        _p1(p, amount)
        return p
else:  # pragma: no cover
    printed_pot = PrintedPot

if _STS is not None:
    _st0, _st1, _st2, _st3, _st4 = _STS

    def stakes(small_blind: int, big_blind: int, ante: int, small_bet: int,
               big_bet: int) -> Stakes:
        """``Stakes(...)`` with every field given; see :func:`action`."""
        s = _new(Stakes)
        _st0(s, small_blind)
        _st1(s, big_blind)
        _st2(s, ante)
        _st3(s, small_bet)
        _st4(s, big_bet)
        return s
else:  # pragma: no cover
    stakes = Stakes

if _SRS is not None:
    _sr0, _sr1, _sr2 = _SRS

    def source_ref(file: str, offset: int, line: int) -> SourceRef:
        """``SourceRef(file, offset, line)``; see :func:`action`."""
        s = _new(SourceRef)
        _sr0(s, file)
        _sr1(s, offset)
        _sr2(s, line)
        return s
else:  # pragma: no cover
    source_ref = SourceRef

if _RS is not None:
    _r0, _r1, _r2, _r3, _r4, _r5, _r6 = _RS

    def site_report(total_pot: int | None, rake: int | None, fees: tuple, pots: tuple,
                    collections: tuple, cash_outs: tuple) -> SiteReport:
        """``SiteReport(...)`` with every field but ``site_added`` (always ``()`` here)
        given; see :func:`action`."""
        r = _new(SiteReport)
        _r0(r, total_pot)
        _r1(r, rake)
        _r2(r, fees)
        _r3(r, pots)
        _r4(r, collections)
        _r5(r, cash_outs)
        _r6(r, ())
        return r
else:  # pragma: no cover
    def site_report(total_pot: int | None, rake: int | None, fees: tuple, pots: tuple,
                    collections: tuple, cash_outs: tuple) -> SiteReport:
        return SiteReport(total_pot, rake, fees, pots, collections, cash_outs)
