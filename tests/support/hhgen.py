"""Hand-history text for import tests: the bundled sample hands, renumbered at will.

Why: idempotency, crash and watch tests need many *distinct* real-looking hands (the store
dedups on (site, hand_id)), built in memory from the project's own samples.
"""

from __future__ import annotations

import re

from tests.support.paths import SAMPLES

_ID = re.compile(r"^(PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #)(\d+)", re.M)


def sample_hands() -> list[str]:
    """Every sample hand as text (no trailing blank lines), in file order."""
    hands = []
    for path in sorted(SAMPLES.glob("*.txt")):
        text = path.read_text("utf-8-sig")
        hands += [h.strip("\n") for h in text.split("\n\n\n") if h.strip()]
    return hands


def renumbered(hand: str, new_id: int) -> str:
    return _ID.sub(lambda m: f"{m.group(1)}{new_id}", hand, count=1)


def many_hands(n: int, first_id: int = 900_000_000_000) -> list[str]:
    """``n`` distinct hands: the samples cycled, each with a fresh hand id."""
    base = sample_hands()
    return [renumbered(base[i % len(base)], first_id + i) for i in range(n)]


def join(hands: list[str]) -> str:
    """Hands as a client writes them: each followed by blank lines."""
    return "".join(h + "\n\n\n" for h in hands)
