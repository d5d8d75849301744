"""Writing a report frame as CSV, JSON or Parquet, safely.

CSV files are opened in spreadsheets, which run a cell starting with ``=``, ``+``, ``-``, ``@``
(or a tab / carriage return) as a formula: a player named ``=HYPERLINK(...)`` would become a
live link. Every such text cell gets a leading apostrophe. Numbers are left alone (a negative
net is a number, not text), so sums still work.
"""

from __future__ import annotations

import io
import json
import math
from decimal import Decimal
from pathlib import Path
from typing import Any

import pandas as pd

FORMATS = ("table", "csv", "json", "parquet")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def neutralise(value: Any) -> Any:
    """A text cell a spreadsheet would run as a formula gets a leading apostrophe."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, list | tuple) or hasattr(value, "tolist") and not isinstance(value, str):
        seq = value.tolist() if hasattr(value, "tolist") else value
        if isinstance(seq, list):
            return "; ".join(str(v) for v in seq)
        return seq
    return value


def to_csv(frame: pd.DataFrame) -> str:
    """CSV text with list cells joined by "; " and formula-looking text neutralised."""
    safe = frame.copy()
    for col in safe.columns:
        if safe[col].dtype == object or str(safe[col].dtype).startswith(("string", "str")):
            safe[col] = safe[col].map(lambda v: neutralise(_plain(v)))
    safe.columns = [neutralise(str(c)) for c in safe.columns]
    return safe.to_csv(index=False)


def _json_default(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    if hasattr(value, "isoformat"):
        return value.isoformat()
    if hasattr(value, "tolist"):
        return value.tolist()
    if hasattr(value, "item"):
        return value.item()
    return str(value)


def to_records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """Rows as dicts; NaN and NA become None; Decimals stay Decimals until encoded."""
    rows = []
    for rec in frame.to_dict(orient="records"):
        clean = {}
        for k, v in rec.items():
            if v is None or (isinstance(v, float) and math.isnan(v)) or v is pd.NA:
                clean[str(k)] = None
            elif v is pd.NaT:
                clean[str(k)] = None
            else:
                clean[str(k)] = v
        rows.append(clean)
    return rows


def to_json(frame: pd.DataFrame) -> str:
    """JSON array of rows; money as exact decimal strings, times as ISO text."""
    return json.dumps(to_records(frame), indent=2, default=_json_default, ensure_ascii=False)


def to_parquet(frame: pd.DataFrame, path: str | Path) -> None:
    """Parquet through pyarrow (Decimals stay decimal128)."""
    frame.to_parquet(path, index=False)


def parquet_bytes(frame: pd.DataFrame) -> bytes:
    buf = io.BytesIO()
    frame.to_parquet(buf, index=False)
    return buf.getvalue()
