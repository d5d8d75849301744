"""The filters every report takes: one frozen value, turned into SQL parameters in one place.

Every filter is optional (None = everything). They go into the SQL as named parameters, never
formatted into the text, so a player called ``'; DROP TABLE hands; --`` is just a name.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any


class FilterError(ValueError):
    """A filter value that cannot mean anything (bad stakes or date): the message says which."""


@dataclass(frozen=True, slots=True)
class Filters:
    """Which seats a report counts.

    ``stakes`` is "SB/BB" in the table's currency ("0.05/0.10", "50/100") or a single big
    blind; ``date_to`` is inclusive (a whole day); ``tournament`` True/False keeps only
    tournament or cash hands; ``positions`` uses the store's names (BTN, SB, BB, UTG, ...).
    ``include_anonymous`` counts the seats of sites that hide names (``seats.anonymous``:
    Ignition's "Big Blind", "UTG+1"...) as players; by default they are none.
    """

    player: str | None = None
    hero: bool = False
    site: str | None = None
    game: str | None = None
    limit_type: str | None = None
    stakes: str | None = None
    positions: tuple[str, ...] | None = None
    date_from: date | datetime | None = None
    date_to: date | datetime | None = None
    tournament: bool | None = None
    include_anonymous: bool = False

    def params(self) -> dict[str, Any]:
        """Named parameters for seat_facts.sql (and every file that includes it)."""
        small, big = parse_stakes(self.stakes)
        return {
            "site": self.site,
            "game": self.game,
            "limit_type": self.limit_type,
            "small_blind": small,
            "big_blind": big,
            "date_from": _start(self.date_from),
            "date_to": _end(self.date_to),
            "tournament": self.tournament,
            "player": self.player,
            "hero": self.hero,
            "positions": list(self.positions) if self.positions else None,
            "include_anonymous": self.include_anonymous,
        }


def parse_stakes(text: str | None) -> tuple[Decimal | None, Decimal | None]:
    """"0.05/0.10" -> (0.05, 0.10); "0.10" -> (None, 0.10); a leading currency sign is dropped."""
    if text is None or not text.strip():
        return None, None
    parts = [p.strip().lstrip("$€£") for p in text.split("/")]
    try:
        values = [Decimal(p) for p in parts]
    except InvalidOperation:
        raise FilterError(f"stakes {text!r}: expected SB/BB like 0.05/0.10") from None
    if len(values) == 1:
        return None, values[0]
    if len(values) == 2:
        return values[0], values[1]
    raise FilterError(f"stakes {text!r}: expected SB/BB like 0.05/0.10")


def parse_date(text: str | None) -> date | datetime | None:
    """ISO date or date-time (UTC, as the store keeps it)."""
    if text is None or not text.strip():
        return None
    try:
        if len(text.strip()) == 10:
            return date.fromisoformat(text.strip())
        return datetime.fromisoformat(text.strip())
    except ValueError:
        raise FilterError(f"date {text!r}: expected YYYY-MM-DD or an ISO date-time") from None


def _start(value: date | datetime | None) -> datetime | None:
    if value is None or isinstance(value, datetime):
        return value
    return datetime(value.year, value.month, value.day)


def _end(value: date | datetime | None) -> datetime | None:
    """An inclusive day becomes the exclusive midnight after it; a date-time stays as it is."""
    if value is None or isinstance(value, datetime):
        return value
    return datetime(value.year, value.month, value.day) + timedelta(days=1)
