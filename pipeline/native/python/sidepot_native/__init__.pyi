"""Type stub of the private native module (built from pipeline/native/python on install)."""

import pyarrow as pa

__version__: str
EXACT_CODES: list[str]
SITES: list[str]
#: The stat facts' bit names and definition version (reports.facts.FLAGS and VERSION).
FACT_FLAGS: list[str]
FACTS_VERSION: int

def parse_pokerstars(
    data: bytes, path: str, start: int = 0, imported_at_us: int = 0, final_: bool = True,
    defer_above: int | None = None,
) -> dict[str, pa.Table | str | int | None]:
    """Keys: deferred (str | None), consumed (int), chunks (offset, end, line, status, index,
    reason, text: a deferred chunk's text, n_seats..n_findings), hands, seats, actions, pots,
    findings, rejects (pa.Table). A chunk over ``defer_above`` bytes is deferred unread."""

def parse_text(
    data: bytes,
    path: str,
    site: str,
    start: int = 0,
    imported_at_us: int = 0,
    final_: bool = True,
    defer_above: int | None = None,
) -> dict[str, pa.Table | str | int | None]:
    """``parse_pokerstars`` for the format ``site`` (one of ``SITES``)."""

def parse_phh(
    data: bytes, path: str, start: int = 0, imported_at_us: int = 0, final_: bool = True,
    sites: list[str] = ...,
) -> dict[str, pa.Table | str | int | None]:
    """PHH/PHHS bytes; the keys of parse_pokerstars. ``sites``: the venues read as sites."""

def parse_phh_files(
    datas: list[bytes], paths: list[str], imported_at_us: int = 0, sites: list[str] = ...,
) -> dict[str, object]:
    """Many whole PHH files in one batch: parse_phh's tables for all, and per file the lists
    file_deferred, file_consumed, file_chunks."""

def rank_hands(hands: list[list[int]]) -> list[int]: ...
def _facts_cost(data: bytes, repeat: int) -> tuple[int, float]: ...
def codes_table() -> str: ...
def site_rules() -> list[tuple[str, list[tuple[str, str]]]]: ...
def _set_site_rules(site: str, rules: str | None = None) -> None: ...
EQUITY_MAX_CONTENDERS: int
def equity_tallies(
    hands: list[tuple[list[tuple[int, int]], list[int], list[int]]], threads: int | None = None
) -> list[tuple[int, list[list[tuple[int, int]]]] | None]: ...
def _set_panic_hand(hand_id: str | None = None) -> None: ...
def _set_exact_codes(codes: list[str] | None = None) -> None: ...
