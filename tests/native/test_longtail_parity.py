"""Both cores store the same rows for the long tail's lines and layouts in the native sites:
one-card and unknown-card shows (PokerStars, GGPoker), and a PokerStars file whose first hand
follows pages of a client's notices."""

from __future__ import annotations

import pytest

from tests.native.parity import same_packed
from tests.parsers.test_detect_lead import noticed
from tests.support.paths import FIXTURES

pytest.importorskip("sidepot_native", reason="the native core is not built")


@pytest.mark.parametrize("name", ["stars.txt", "gg.txt"])
def test_partial_shows_are_stored_alike(name):
    data = (FIXTURES / "shows" / name).read_bytes()
    assert same_packed(data, name) == "native"


@pytest.mark.parametrize("size", [2_000, 40_000])
def test_hands_after_a_client_notice_are_stored_alike(size):
    same_packed(noticed(size), "noticed.txt")


def test_the_2026_gg_level_ante_header_is_stored_alike():
    from tests.parsers.sites.test_ggpoker_level_ante import level_text

    assert same_packed(level_text().encode(), "gg_level.txt") == "native"


def test_a_capped_no_limit_hand_is_stored_alike():
    from tests.parsers.sites.test_capped import STARS

    # every verb "and has reached the $10 cap": read natively, its capped seats out of play
    assert same_packed(STARS.encode(), "capped.txt") == "native"


@pytest.mark.parametrize("name", ["FOLDED_PREFLOP", "FOLDED_ON_THE_FLOP"])
def test_a_rabbit_hunt_dealt_as_streets_is_stored_alike(name):
    from tests.parsers.sites import test_rabbit_hunt

    # the native reader sees the cards dealt after the last fold and leaves the hand to the
    # Python path, which cuts them from the board
    text = getattr(test_rabbit_hunt, name)
    assert same_packed(text.encode(), "rabbit.txt") != "native"


def test_a_negative_ante_is_stored_alike():
    from parsers.read import split_file
    from tests.parsers.sites.test_pokerstars import TOURNEY

    # the native reader cannot read "-10" and leaves the hand to the Python path, which
    # reads the line past as an info finding
    lines = TOURNEY.strip("\n").split("\n")
    text = "\n".join([*lines[:5], "gamma: posts the ante -10", *lines[5:]]) + "\n"
    (out,) = list(split_file(text.encode()).hands("negative_ante.txt"))
    assert [x.text for x in out.hand.ignored_lines] == ["gamma: posts the ante -10"]
    assert same_packed(text.encode(), "negative_ante.txt") != "native"


@pytest.mark.parametrize("extra", [
    "alpha finished the tournament in 2nd place and received $10.00.",
    "alpha wins the tournament and receives $25.00 - congratulations!",
    "alpha finished the tournament in 3rd place",
    "The tournament is now on a break",
])
def test_finish_lines_and_notices_in_a_pokerstars_hand_are_stored_alike(extra):
    from tests.parsers.sites.test_pokerstars import TOURNEY

    lines = TOURNEY.strip("\n").split("\n")
    at = next(k for k, ln in enumerate(lines) if "SUMMARY" in ln)
    same_packed(("\n".join([*lines[:at], extra, *lines[at:]]) + "\n").encode(), "finish.txt")


@pytest.mark.parametrize("extra", [
    "1a2b3c4d finished the tournament in 2nd place and received $10.00.",
    "1a2b3c4d wins the tournament and receives $25.00 - congratulations!",
])
def test_finish_lines_in_a_gg_hand_are_stored_alike(extra):
    lines = (FIXTURES / "ggpoker" / "tournament.txt").read_text().split("\n")
    at = next(k for k, ln in enumerate(lines) if "SUMMARY" in ln)
    same_packed("\n".join([*lines[:at], extra, *lines[at:]]).encode(), "finish.txt")


def test_rupees_joined_by_a_no_break_space_are_stored_alike():
    from tests.parsers.sites.test_longtail_vocab import RUPEES_NBSP

    # the native reader leaves a PokerStars India hand with "Rs.\xa0" to the Python path,
    # which reads it as "Rs. "
    assert same_packed(RUPEES_NBSP.strip("\n").encode(), "rupees.txt") != "native"


def test_a_chat_notice_in_a_pokerstars_hand_is_stored_alike():
    from tests.parsers.sites.test_longtail_vocab import CHAT_NOTICE
    from tests.parsers.sites.test_pokerstars import CASH

    lines = CASH.strip("\n").split("\n")
    at = next(k for k, ln in enumerate(lines) if ln.startswith("Dealt to ")) + 1
    same_packed("\n".join([*lines[:at], CHAT_NOTICE, *lines[at:]]).encode(), "notice.txt")


@pytest.mark.parametrize("name", ["STARS_CANCELLED", "GG_CANCELLED"])
def test_a_cancelled_hand_is_rejected_alike(name):
    from tests.parsers.sites import test_longtail_vocab

    # the native reader does not know "Hand cancelled" and leaves the hand to the Python path,
    # which rejects it as cancelled_hand
    text = getattr(test_longtail_vocab, name).strip("\n")
    assert same_packed(text.encode(), "cancelled.txt") != "native"


@pytest.mark.parametrize("extra", ["Hero  chats: nice hand", "Hero has been disconnected.",
                                   "Hero finished 93 out of 307 players."])
def test_other_read_past_lines_in_a_pokerstars_hand_are_stored_alike(extra):
    from tests.parsers.sites.test_pokerstars import CASH

    lines = CASH.strip("\n").split("\n")
    at = next(k for k, ln in enumerate(lines) if ln.startswith("Dealt to ")) + 1
    same_packed("\n".join([*lines[:at], extra, *lines[at:]]).encode(), "read_past.txt")
