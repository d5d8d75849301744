//! `sidepot_native`: the thin PyO3 binding of `sidepot-core` (a private module: only
//! `pipeline/core.py` imports it). Bytes in, pyarrow tables out through the Arrow C data
//! interface (PyCapsules that pyarrow imports), with the GIL released while the core works.

use arrow_array::ffi::to_ffi;
use arrow_array::{Array, RecordBatch, StructArray};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyCapsule, PyDict};
use std::ffi::CString;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// A RecordBatch as a pyarrow.Table, through the C data interface.
fn to_pyarrow<'py>(
    py: Python<'py>,
    pa: &Bound<'py, PyModule>,
    batch: RecordBatch,
) -> PyResult<Bound<'py, PyAny>> {
    let data = StructArray::from(batch).into_data();
    let (array, schema) = to_ffi(&data).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    let schema = PyCapsule::new(py, schema, Some(CString::new("arrow_schema").unwrap()))?;
    let array = PyCapsule::new(py, array, Some(CString::new("arrow_array").unwrap()))?;
    let rb = pa
        .getattr("RecordBatch")?
        .call_method1("_import_from_c_capsule", (schema, array))?;
    pa.getattr("Table")?
        .call_method1("from_batches", (vec![rb],))
}

/// Parse a PokerStars file's bytes from byte `start` (as `parse_bytes(data, path,
/// start=start, final=final)`). Returns a dict: `deferred` (None, or why the whole file is
/// for the Python path), `consumed`, `chunks` (a table: offset, end, line, status, index,
/// reason) and the tables `hands`, `seats`, `actions`, `pots`, `findings`, `seat_flags`, `rejects`;
/// `imported_at_us` fills the hands' `imported_at` (microseconds since the epoch, UTC);
/// a chunk of more than `defer_above` bytes is deferred unread (its text in `chunks.text`,
/// as for every deferred chunk).
#[pyfunction]
#[pyo3(signature = (data, path, start=0, imported_at_us=0, final_=true, defer_above=None))]
fn parse_pokerstars<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyBytes>,
    path: &str,
    start: usize,
    imported_at_us: i64,
    final_: bool,
    defer_above: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let reader = &sidepot_core::parse::POKERSTARS;
    read_text(
        py,
        reader,
        data,
        path,
        start,
        imported_at_us,
        final_,
        defer_above,
    )
}

/// Parse a file's bytes as the format `site` ("pokerstars", "ggpoker", ...: `SITES`), from
/// byte `start`: the same dict as `parse_pokerstars`. An unknown site is a ValueError.
#[pyfunction]
#[pyo3(signature = (data, path, site, start=0, imported_at_us=0, final_=true, defer_above=None))]
#[allow(clippy::too_many_arguments)]
fn parse_text<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyBytes>,
    path: &str,
    site: &str,
    start: usize,
    imported_at_us: i64,
    final_: bool,
    defer_above: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let reader = sidepot_core::parse::site(site)
        .ok_or_else(|| PyValueError::new_err(format!("no native reader for {site:?}")))?;
    read_text(
        py,
        reader,
        data,
        path,
        start,
        imported_at_us,
        final_,
        defer_above,
    )
}

/// One file of a text format read by `reader`, the GIL released (`parse_text`'s work).
#[allow(clippy::too_many_arguments)]
fn read_text<'py>(
    py: Python<'py>,
    reader: &sidepot_core::parse::Site,
    data: &Bound<'py, PyBytes>,
    path: &str,
    start: usize,
    imported_at_us: i64,
    final_: bool,
    defer_above: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let bytes: &[u8] = data.as_bytes();
    let above = defer_above.unwrap_or(usize::MAX);
    let out = py
        .detach(|| {
            catch_unwind(AssertUnwindSafe(|| {
                sidepot_core::parse_file_with(
                    reader,
                    bytes,
                    path,
                    start,
                    final_,
                    imported_at_us,
                    above,
                )
            }))
        })
        .map_err(|_| PyRuntimeError::new_err("sidepot_native: internal error"))?;
    file_dict(py, out)
}

/// Parse a PHH/PHHS file's bytes (the contract of `parse_pokerstars`); `sites` are the site
/// names a hand's `venue` may name (`parsers.registry`'s), any other venue reading as "phh".
#[pyfunction]
#[pyo3(signature = (data, path, start=0, imported_at_us=0, final_=true, sites=vec![]))]
fn parse_phh<'py>(
    py: Python<'py>,
    data: &Bound<'py, PyBytes>,
    path: &str,
    start: usize,
    imported_at_us: i64,
    final_: bool,
    sites: Vec<String>,
) -> PyResult<Bound<'py, PyDict>> {
    let bytes: &[u8] = data.as_bytes();
    let out = py
        .detach(|| {
            catch_unwind(AssertUnwindSafe(|| {
                sidepot_core::phh::parse_file(bytes, path, start, final_, imported_at_us, &sites)
            }))
        })
        .map_err(|_| PyRuntimeError::new_err("sidepot_native: internal error"))?;
    file_dict(py, out)
}

/// Many whole PHH/PHHS files in one call (a folder of one-hand files): `datas[k]` read from
/// `paths[k]`. Returns the tables of `parse_phh` for all of them (each file's chunks after
/// the previous file's; a chunk's `index` counts the batch's hands) and, per file, lists
/// `file_deferred` (None, or why the file is the Python path's), `file_consumed` and
/// `file_chunks` (how many chunks of the list are the file's).
#[pyfunction]
#[pyo3(signature = (datas, paths, imported_at_us=0, sites=vec![]))]
fn parse_phh_files<'py>(
    py: Python<'py>,
    datas: Vec<Bound<'py, PyBytes>>,
    paths: Vec<String>,
    imported_at_us: i64,
    sites: Vec<String>,
) -> PyResult<Bound<'py, PyDict>> {
    if datas.len() != paths.len() {
        return Err(PyValueError::new_err("one path per file"));
    }
    let files: Vec<(&[u8], &str)> = datas
        .iter()
        .zip(&paths)
        .map(|(d, p)| (d.as_bytes(), p.as_str()))
        .collect();
    let (metas, out) = py
        .detach(|| {
            catch_unwind(AssertUnwindSafe(|| {
                sidepot_core::phh::parse_many(&files, imported_at_us, &sites)
            }))
        })
        .map_err(|_| PyRuntimeError::new_err("sidepot_native: internal error"))?;
    let d = file_dict(py, out)?;
    let deferred: Vec<Option<&str>> = metas.iter().map(|m| m.deferred).collect();
    let consumed: Vec<usize> = metas.iter().map(|m| m.consumed).collect();
    let n_chunks: Vec<usize> = metas.iter().map(|m| m.n_chunks).collect();
    d.set_item("file_deferred", deferred)?;
    d.set_item("file_consumed", consumed)?;
    d.set_item("file_chunks", n_chunks)?;
    Ok(d)
}

/// A file's result as the dict `parse_pokerstars` documents.
fn file_dict(py: Python<'_>, out: sidepot_core::FileOut) -> PyResult<Bound<'_, PyDict>> {
    let pa = py.import("pyarrow")?;
    let d = PyDict::new(py);
    d.set_item("deferred", out.deferred)?;
    d.set_item("consumed", out.consumed)?;
    d.set_item(
        "chunks",
        to_pyarrow(py, &pa, sidepot_core::chunks_batch(&out.chunks))?,
    )?;
    for (name, batch) in out.tables {
        d.set_item(name, to_pyarrow(py, &pa, batch)?)?;
    }
    Ok(d)
}

/// The native stat facts' cost, for the benchmark: (hands, seconds a pass) of `repeat`
/// passes of the facts alone over the PokerStars hands of `data` (`sidepot_core::facts::cost`).
#[pyfunction]
fn _facts_cost(py: Python<'_>, data: Vec<u8>, repeat: usize) -> (usize, f64) {
    py.detach(|| {
        catch_unwind(AssertUnwindSafe(|| {
            sidepot_core::facts::cost(&data, repeat)
        }))
        .unwrap_or((0, 0.0))
    })
}

/// Dense strength rank of each hand (lists of 5 to 7 phevaluator card ids, rank * 4 + suit):
/// 0 for the strongest. For the tests that hold the evaluator to phevaluator's order.
#[pyfunction]
fn rank_hands(py: Python<'_>, hands: Vec<Vec<u8>>) -> PyResult<Vec<u32>> {
    py.detach(|| sidepot_core::eval::dense_ranks(&hands))
        .ok_or_else(|| PyValueError::new_err("a hand cannot be ranked"))
}

/// The finding-code table the core reads (codes.tsv).
#[pyfunction]
fn codes_table() -> &'static str {
    sidepot_core::codes::TABLE
}

/// The engine's per-site rules table (engine/sites.rs): (site, [(field, value)]), the
/// generic rules last under "" (a test holds it equal to pipeline/engine/sites.py).
#[pyfunction]
fn site_rules() -> Vec<(&'static str, Vec<(&'static str, String)>)> {
    sidepot_core::engine::sites::site_rules_table()
        .into_iter()
        .map(|(site, r)| (site, r.fields()))
        .collect()
}

/// Test hook: replay `site`'s hands by the rule set named `rules` (a name in
/// pipeline/engine/sites.py: GENERIC, LEGACY, _DEAD, _BIG_THREE; None: the table's again).
#[pyfunction]
#[pyo3(signature = (site, rules=None))]
fn _set_site_rules(site: &str, rules: Option<&str>) -> PyResult<()> {
    if sidepot_core::engine::sites::set_site_rules(site, rules) {
        Ok(())
    } else {
        Err(PyValueError::new_err("unknown rule set"))
    }
}

/// Test hook: make the core panic on the hand with this id (None: off).
#[pyfunction]
#[pyo3(signature = (hand_id=None))]
fn _set_panic_hand(hand_id: Option<String>) {
    sidepot_core::set_panic_hand(hand_id);
}

/// Test hook: also claim hands with these finding codes (None: the built-in list).
#[pyfunction]
#[pyo3(signature = (codes=None))]
fn _set_exact_codes(codes: Option<Vec<String>>) {
    sidepot_core::set_exact_codes(codes);
}

/// Per hand, `(boards, pots)`: how many boards complete the known board and, per pot, a list
/// of `(winner mask, boards)` (bit i = the hand's i-th contender), or None for a hand that
/// cannot be counted (a card twice, a card outside the deck, a pot naming no contender).
/// `hands` are `(holes, known board, pot eligible masks)`; `threads` defaults to the cores.
/// The GIL is released while the boards are counted.
#[pyfunction]
#[pyo3(signature = (hands, threads=None))]
#[allow(clippy::type_complexity)]
fn equity_tallies(
    py: Python<'_>,
    hands: Vec<(Vec<(u8, u8)>, Vec<u8>, Vec<u32>)>,
    threads: Option<usize>,
) -> PyResult<Vec<Option<(u64, Vec<Vec<(u32, u64)>>)>>> {
    use sidepot_core::equity::{count_all, EquityHand};
    let hands: Vec<EquityHand> = hands
        .into_iter()
        .map(|(holes, known, pots)| EquityHand {
            holes: holes.into_iter().map(|(a, b)| [a, b]).collect(),
            known,
            pots,
        })
        .collect();
    let threads = threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let counted = py
        .detach(|| catch_unwind(AssertUnwindSafe(|| count_all(&hands, threads))))
        .map_err(|_| PyRuntimeError::new_err("internal_error: the equity count failed"))?;
    Ok(counted
        .into_iter()
        .map(|r| r.ok().map(|t| (t.boards, t.pots)))
        .collect())
}

#[pymodule]
fn sidepot_native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", sidepot_core::version())?;
    m.add("EXACT_CODES", sidepot_core::EXACT_CODES.to_vec())?;
    // the stat facts' bits and version: tests hold them equal to reports.facts'
    m.add("FACT_FLAGS", sidepot_core::facts::FLAGS.to_vec())?;
    m.add("FACTS_VERSION", sidepot_core::facts::VERSION)?;
    m.add_function(wrap_pyfunction!(parse_pokerstars, m)?)?;
    m.add_function(wrap_pyfunction!(parse_text, m)?)?;
    let sites: Vec<&str> = sidepot_core::parse::SITES
        .iter()
        .map(|s| s.format)
        .collect();
    m.add("SITES", sites)?;
    m.add_function(wrap_pyfunction!(parse_phh, m)?)?;
    m.add_function(wrap_pyfunction!(parse_phh_files, m)?)?;
    m.add_function(wrap_pyfunction!(rank_hands, m)?)?;
    m.add_function(wrap_pyfunction!(_facts_cost, m)?)?;
    m.add_function(wrap_pyfunction!(equity_tallies, m)?)?;
    m.add(
        "EQUITY_MAX_CONTENDERS",
        sidepot_core::equity::EQUITY_MAX_CONTENDERS,
    )?;
    m.add_function(wrap_pyfunction!(codes_table, m)?)?;
    m.add_function(wrap_pyfunction!(site_rules, m)?)?;
    m.add_function(wrap_pyfunction!(_set_site_rules, m)?)?;
    m.add_function(wrap_pyfunction!(_set_panic_hand, m)?)?;
    m.add_function(wrap_pyfunction!(_set_exact_codes, m)?)?;
    Ok(())
}
