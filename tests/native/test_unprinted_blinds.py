"""Blinds and buttons a log does not print, in both cores (issue 33 section 3).

- **No blind lines**: the blinds are inferred from who completes (a first preflop call of less
  than the bet) and who checks (the big blind's option) (``pipeline/engine/blinds.py``,
  ``engine/blinds.rs``), so the nets count the blinds and the site's pot matches; under a
  **stale header** the inferred blinds are the stakes, the header one warning.
- **Going heads-up** the button may post the big blind (the blinds stay where they were): a
  warning where the site's log cannot say which rule the table used.
- A player who **leaves after posting** is folded, with a warning for him, and the player
  after him is not flagged.

These are the generic rules (a site with no entry of its own). PokerStars, GGPoker and
Ignition print every blind, keep the heads-up small blind on the button and print a leaver's
fold, so their own rules judge each of these strictly; the hands are written here in the
PokerStars layout and read with PokerStars given the generic rules (``give_rules``), by both
cores, which must store identical rows; each correct hand stores the log's own nets and no
error finding. Every hand is ours.
"""

from __future__ import annotations

import pytest

native = pytest.importorskip("sidepot_native", reason="the native core is not built")

from tests.native.parity import read_natively  # noqa: E402

_HEAD = """\
PokerStars Hand #2500000{n:05d}:  Hold'em No Limit ({stakes} USD) - 2024/03/05 20:15:11 ET
Table 'Alpha' 6-max Seat #{button} is the button
"""

_FOUR = """\
Seat 1: Alice ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Carl ($10 in chips)
Seat 4: Dave ($10 in chips)
"""

#: No blind lines: Bob (small blind) completes, Carl (big blind) checks his option.
_LIMPED = _FOUR + """\
*** HOLE CARDS ***
Dave: calls $0.10
Alice: calls $0.10
Bob: calls $0.05
Carl: checks
*** FLOP *** [Kd 7s 2c]
Bob: checks
Carl: checks
Dave: bets $0.20
Alice: folds
Bob: folds
Carl: folds
Uncalled bet ($0.20) returned to Dave
Dave collected $0.40 from pot
*** SUMMARY ***
Total pot $0.40 | Rake $0
Board [Kd 7s 2c]
Seat 1: Alice (button) folded on the Flop
Seat 2: Bob (small blind) folded on the Flop
Seat 3: Carl (big blind) folded on the Flop
Seat 4: Dave collected ($0.40)
"""

#: No blind lines, a raised pot: both blinds complete a raise.
_RAISED = _FOUR + """\
*** HOLE CARDS ***
Dave: raises $0.30 to $0.30
Alice: folds
Bob: calls $0.25
Carl: calls $0.20
*** FLOP *** [Kd 7s 2c]
Bob: checks
Carl: checks
Dave: checks
*** TURN *** [Kd 7s 2c] [3h]
Bob: checks
Carl: checks
Dave: checks
*** RIVER *** [Kd 7s 2c 3h] [4d]
Bob: checks
Carl: checks
Dave: checks
*** SHOW DOWN ***
Bob: shows [Ah Ad] (a pair of Aces)
Carl: shows [9c 8h] (high card King)
Dave: shows [Qs Jh] (high card King)
Bob collected $0.90 from pot
*** SUMMARY ***
Total pot $0.90 | Rake $0
Board [Kd 7s 2c 3h 4d]
Seat 1: Alice (button) folded before Flop (didn't bet)
Seat 2: Bob (small blind) showed [Ah Ad] and won ($0.90) with a pair of Aces
Seat 3: Carl (big blind) showed [9c 8h] and lost with high card King
Seat 4: Dave showed [Qs Jh] and lost with high card King
"""

#: Heads-up after a table's move: the button (Alice) stays on the big blind.
_HEADS_UP_SWAP = """\
Seat 1: Alice ($10 in chips)
Seat 2: Bob ($4.85 in chips)
Bob: posts small blind $0.05
Alice: posts big blind $0.10
*** HOLE CARDS ***
Bob: calls $0.05
Alice: checks
*** FLOP *** [Kd 7s 2c]
Bob: checks
Alice: bets $0.10
Bob: folds
Uncalled bet ($0.10) returned to Alice
Alice collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Board [Kd 7s 2c]
Seat 1: Alice (button) (big blind) collected ($0.20)
Seat 2: Bob (small blind) folded on the Flop
"""

#: Dave posts a returning big blind and leaves: no line of his after the post.
_LEAVER = _FOUR + """\
Bob: posts small blind $0.05
Carl: posts big blind $0.10
Dave: posts big blind $0.10
*** HOLE CARDS ***
Alice: calls $0.10
Bob: calls $0.05
Carl: checks
*** FLOP *** [Kd 7s 2c]
Bob: checks
Carl: checks
Alice: bets $0.20
Bob: folds
Carl: folds
Uncalled bet ($0.20) returned to Alice
Alice collected $0.40 from pot
*** SUMMARY ***
Total pot $0.40 | Rake $0
Board [Kd 7s 2c]
Seat 1: Alice (button) collected ($0.40)
Seat 2: Bob (small blind) folded on the Flop
Seat 3: Carl (big blind) folded on the Flop
Seat 4: Dave folded before Flop
"""


def _hand(body: str, n: int, stakes: str = "$0.05/$0.10", button: int = 1) -> bytes:
    return (_HEAD.format(n=n, stakes=stakes, button=button) + body).encode()


def _read(data: bytes, path: str):  # noqa: ANN202
    """Error codes, warning codes, and each player's (invested, won) in cents."""
    errors, seats, packed = read_natively(data, path)
    warnings = sorted(r["code"] for r in packed.rows.tables["findings"].to_pylist()
                      if r["severity"] == "warning")
    cents = {p: (int(i * 100), int(w * 100)) for p, (i, w) in seats.items()}
    return errors, warnings, cents


def test_blinds_inferred_from_the_completion_and_the_check(give_rules) -> None:  # noqa: ANN001
    give_rules("pokerstars", "GENERIC")
    errors, warnings, seats = _read(_hand(_LIMPED, 1), "limped.txt")
    assert (errors, warnings) == ([], [])
    # Bob's completion and Carl's check count their blinds: every loser is down $0.10
    assert seats == {"Alice": (10, 0), "Bob": (10, 0), "Carl": (10, 0), "Dave": (10, 40)}


def test_blinds_inferred_from_two_completions_of_a_raise(give_rules) -> None:  # noqa: ANN001
    give_rules("pokerstars", "GENERIC")
    errors, warnings, seats = _read(_hand(_RAISED, 2), "raised.txt")
    assert (errors, warnings) == ([], [])
    assert seats == {"Alice": (0, 0), "Bob": (30, 90), "Carl": (30, 0), "Dave": (30, 0)}


def test_a_stale_header_over_unprinted_blinds_is_one_warning(give_rules) -> None:  # noqa: ANN001
    give_rules("pokerstars", "GENERIC")
    errors, warnings, seats = _read(_hand(_LIMPED, 3, stakes="$0.10/$0.25"), "stale.txt")
    assert (errors, warnings) == ([], ["post_wrong_amount"])
    assert seats["Dave"] == (10, 40) and seats["Carl"] == (10, 0)


def test_unprinted_blinds_are_judged_strictly_on_pokerstars() -> None:
    # PokerStars prints every blind: a log without them is misread or broken, and says so
    errors, _, _ = _read(_hand(_LIMPED, 4), "limped-ps.txt")
    assert "wrong_call_amount" in errors


def test_nothing_is_inferred_where_the_betting_does_not_decide(give_rules) -> None:  # noqa: ANN001
    # Three players complete: no two blinds fit that; the hand is judged as printed
    give_rules("pokerstars", "GENERIC")
    odd = _LIMPED.replace("Alice: calls $0.10", "Alice: calls $0.05")
    errors, _, seats = _read(_hand(odd, 5), "odd.txt")
    assert errors and seats["Alice"] == (5, 0)


def test_the_button_on_the_big_blind_heads_up_is_a_warning(give_rules) -> None:  # noqa: ANN001
    give_rules("pokerstars", "GENERIC")
    errors, warnings, seats = _read(_hand(_HEADS_UP_SWAP, 6), "swap.txt")
    assert (errors, warnings) == ([], ["post_wrong_seat"])
    assert seats == {"Alice": (10, 20), "Bob": (10, 0)}


def test_the_button_on_the_big_blind_heads_up_is_an_error_on_pokerstars() -> None:
    errors, _, _ = _read(_hand(_HEADS_UP_SWAP, 7), "swap-ps.txt")
    assert errors == ["post_wrong_seat"]


def test_a_player_who_leaves_after_posting_is_folded(give_rules) -> None:  # noqa: ANN001
    give_rules("pokerstars", "GENERIC")
    data = _hand(_LEAVER, 8)
    errors, warnings, seats = _read(data, "leaver.txt")
    # one warning, for Dave; Alice, who acts after him, is not flagged
    assert (errors, warnings) == ([], ["out_of_turn"])
    (message,) = [r["message"] for r in read_natively(data, "leaver.txt")[2].rows
                  .tables["findings"].to_pylist() if r["code"] == "out_of_turn"]
    assert "(Dave)" in message and "Alice" not in message
    assert seats == {"Alice": (10, 40), "Bob": (10, 0), "Carl": (10, 0), "Dave": (10, 0)}


def test_a_player_who_leaves_after_posting_is_out_of_turn_on_pokerstars() -> None:
    errors, _, _ = _read(_hand(_LEAVER, 9), "leaver-ps.txt")
    assert "out_of_turn" in errors


def test_simulated_hands_without_blind_lines_alike_in_both_cores(give_rules) -> None:  # noqa: ANN001
    """Simulated hands of every kind with their blind lines taken out, under the generic rules:
    the native core claims most of them and stores the Python core's rows for each."""
    import re

    from tests.native.parity import Tally, compare_file, sim_configs, simulated_text

    give_rules("pokerstars", "GENERIC")
    blind_line = re.compile(r"^[^\n]*: posts (?:small|big) blind [^\n]*\n", re.M)
    t = Tally()
    for k, (kind, kw) in enumerate(sim_configs()):
        text = blind_line.sub("", simulated_text(30, 700 + k, **kw))
        compare_file(text.encode(), f"no-blinds-{kind}.txt", t)
    assert t.mismatches == [], "\n".join(t.mismatches[:10])
    assert t.compared > 0.7 * t.chunks
