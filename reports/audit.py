"""The audit: findings grouped by code, site and severity; the full list for export; rejects
grouped by reason; store totals."""

from __future__ import annotations

import duckdb
import pandas as pd

from reports.sql import query


def findings_by_code(
    con: duckdb.DuckDBPyConnection,
    severity: str | None = None,
    code: str | None = None,
    examples: int = 3,
    site: str | None = None,
) -> pd.DataFrame:
    """Columns: code, site, severity, findings, hands, examples (site:hand_id list),
    example_message. Errors first, then warnings, then info; most frequent first within each.
    """
    return query(con, "findings_by_code", {"severity": severity, "code": code, "site": site,
                                           "examples": examples})


def findings_list(
    con: duckdb.DuckDBPyConnection,
    severity: str | None = None,
    code: str | None = None,
    site: str | None = None,
) -> pd.DataFrame:
    """Every finding, one row each, with the file and byte offset of its hand."""
    return query(con, "findings_list", {"severity": severity, "code": code, "site": site})


def rejects_by_reason(con: duckdb.DuckDBPyConnection) -> pd.DataFrame:
    """Columns: reason, rejects, files, example (file:line), example_detail."""
    return query(con, "rejects_by_reason", {})


def overview(con: duckdb.DuckDBPyConnection) -> dict[str, int]:
    """Totals: hands, hands_with_errors, findings, rejects, files."""
    row = query(con, "overview", {}).iloc[0]
    return {k: int(v) for k, v in row.items()}
