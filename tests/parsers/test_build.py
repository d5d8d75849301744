"""The fast builders give exactly the objects the model's own constructors give."""

import dataclasses
import pickle

import pytest

from parsers import build
from parsers.model import Action, ActionKind, Game, Hand, LimitType, Seat, Stakes, Street


def test_action_and_seat_equal_their_constructors():
    args = (Street.FLOP, 3, ActionKind.RAISE, 150, 200, True, ("Ah",), 7, 100)
    a, b = build.action(*args), Action(*args)
    assert type(a) is Action and a == b and hash(a) == hash(b) and repr(a) == repr(b)
    assert pickle.loads(pickle.dumps(a)) == b
    assert dataclasses.replace(a, line=0) == dataclasses.replace(b, line=0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.to = 1  # type: ignore[misc]
    sargs = (2, "Jörg", 5000, False, True, ("Ah", "Kd"), None, True)
    s, t = build.seat(*sargs), Seat(*sargs)
    assert type(s) is Seat and s == t and hash(s) == hash(t)
    assert a != b.__class__(*args[:-1])  # raise_by is compared: the builder set it


def test_hand_equals_its_constructor_and_sets_the_entraction_flag_false():
    values = dict(
        site="pokerstars", hand_id="1", game=Game.HOLDEM, limit=LimitType.NO_LIMIT,
        currency="USD", decimals=2, stakes=Stakes(1, 2), seats=(), actions=(),
        button_seat=1, boards=((),), report=Hand.__dataclass_fields__["report"]
        .default_factory(), started_at=None, local_time="", time_zone="", table_name="t",
        max_seats=6, is_tournament=False, tournament_id=None, level=None, fast_fold=True,
        source=Hand.__dataclass_fields__["source"].default_factory(), raw_text="x",
    )
    h = build.hand(**values)
    assert type(h) is Hand and h == Hand(**values) and repr(h) == repr(Hand(**values))
    assert h.button_posts_big_blind_heads_up is False and h.fast_fold is True


def test_small_builders_equal_their_constructors():
    from parsers.model import Collection, PrintedPot, SiteReport, SourceRef

    pairs = [
        (build.collection(3, 150, None, 1, 12), Collection(3, 150, None, 1, 12)),
        (build.printed_pot(2, 50), PrintedPot(2, 50)),
        (build.stakes(1, 2, 0, 0, 0), Stakes(1, 2)),
        (build.source_ref("f.txt", 10, 3), SourceRef("f.txt", 10, 3)),
        (build.site_report(10, 1, (("Jackpot", 1),), (), (), ()),
         SiteReport(10, 1, (("Jackpot", 1),))),
    ]
    for fast, plain in pairs:
        assert type(fast) is type(plain) and fast == plain and hash(fast) == hash(plain)
        assert repr(fast) == repr(plain) and pickle.loads(pickle.dumps(fast)) == plain
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(fast, dataclasses.fields(fast)[0].name, 0)


def test_builders_fill_a_draft_and_follow_the_model_by_name():
    from parsers.construct import maker
    from parsers.model import Collection

    a = build.action(Street.PREFLOP, 1, ActionKind.FOLD, 0, 0, False, (), 3, None)
    assert type(a) is Action and type(a).__setattr__ is Action.__setattr__
    builders = ("action", "seat", "hand", "collection", "printed_pot", "stakes", "source_ref",
                "site_report")
    assert all(getattr(build, name).drafts for name in builders)  # no builder fell back
    # A parameter order other than the class's is stored by name, not by position.
    reordered = maker(Collection, ("seat", "amount", "pot_index", "line", "board_index"))
    assert reordered(1, 2, None, 9, 0) == Collection(1, 2, None, 0, 9)
    with pytest.raises(TypeError, match="no fields"):  # a field the model no longer has
        maker(Action, ("street", "seat", "kind", "amount_before"))
    assert build.collection(1, 2) == Collection(1, 2)  # the class's defaults are kept
    with pytest.raises(TypeError):
        build.action(Street.PREFLOP, 1, ActionKind.FOLD)  # the parsers pass every field
