"""The audit: findings grouped by code, rejects grouped by reason, store totals."""

from __future__ import annotations

import duckdb
import pandas as pd

from reports.sql import query


def findings_by_code(
    con: duckdb.DuckDBPyConnection,
    severity: str | None = None,
    code: str | None = None,
    examples: int = 3,
) -> pd.DataFrame:
    """Columns: code, severity, findings, hands, examples (site:hand_id list), example_message.

    Errors first, then warnings, then info; most frequent first within each.
    """
    return query(con, "findings_by_code", {"severity": severity, "code": code,
                                           "examples": examples})


def rejects_by_reason(con: duckdb.DuckDBPyConnection) -> pd.DataFrame:
    """Columns: reason, rejects, files, example (file:line), example_detail."""
    return query(con, "rejects_by_reason", {})


def overview(con: duckdb.DuckDBPyConnection) -> dict[str, int]:
    """Totals: hands, hands_with_errors, findings, rejects, files."""
    row = query(con, "overview", {}).iloc[0]
    return {k: int(v) for k, v in row.items()}
