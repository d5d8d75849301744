//! sidepot's native core (issue 14): PokerStars hold'em text -> the store's Arrow rows.
//!
//! [`parse_file`] does for one file what the Python path's `pipeline.core.parse_file` does
//! (decode, split, parse, replay, flatten), for the hands it can read *exactly*: every other
//! hand chunk is returned as deferred (its byte range) for the Python path to decide, so the
//! choice of core never loses or changes a hand. The parity tests in tests/native hold the
//! rows of every hand claimed here to the Python rows.

pub mod codes;
pub mod engine;
pub mod eval;
pub mod header;
pub mod model;
pub mod parse;
pub mod phh;
pub mod rows;
pub mod text;

use arrow_array::RecordBatch;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;

pub fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

/// What became of one hand chunk.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    /// Rows at this index of the hand-keyed tables.
    Rows(usize),
    /// For the Python path; the reason is for counts, not for users.
    Deferred(&'static str),
    /// A reject row at this index of the rejects table (a panic: `internal_error`).
    Rejected(usize),
}

#[derive(Clone, Debug)]
pub struct ChunkOut {
    pub offset: usize,
    pub end: usize,
    pub line: usize,
    pub status: Status,
    /// Rows of this hand in seats, actions, pots and findings (zeros unless `Rows`).
    pub counts: rows::Counts,
}

pub struct FileOut {
    /// Set when the whole file is for the Python path (then `chunks` is empty).
    pub deferred: Option<&'static str>,
    pub consumed: usize,
    pub chunks: Vec<ChunkOut>,
    pub tables: Vec<(&'static str, RecordBatch)>,
}

/// Finding codes whose every message this port writes exactly as the Python engine does
/// (held to it by the parity tests, on the corpus, simulated and mutated hands). A hand with
/// any other finding is deferred: `unknown_seat` and `duplicate_seat` (the parser defers
/// such hands first), `game_not_replayed` (hold'em only), and `invalid_card` and
/// `fixed_limit_cap`, written but never yet seen by a parity test.
pub const EXACT_CODES: &[&str] = &[
    "negative_amount",
    "post_wrong_seat",
    "post_wrong_amount",
    "post_after_action",
    "out_of_turn",
    "acted_after_fold",
    "acted_after_all_in",
    "illegal_check",
    "wrong_call_amount",
    "bet_too_small",
    "raise_too_small",
    "reopen_violation",
    "pot_limit_exceeded",
    "fixed_limit_wrong_size",
    "bet_exceeds_stack",
    "bet_when_facing_bet",
    "raise_without_bet",
    "raise_to_mismatch",
    "round_not_closed",
    "wrong_board_size",
    "duplicate_card",
    "uncalled_bet_wrong",
    "total_pot_mismatch",
    "side_pot_mismatch",
    "rake_mismatch",
    "pot_not_distributed",
    "collected_mismatch",
    "no_collections",
    "chip_conservation",
    "payout_unverified",
    "cash_out",
];

static EXACT_OVERRIDE: Mutex<Option<Vec<String>>> = Mutex::new(None);

/// Test hook: claim hands with these finding codes too (None: back to [`EXACT_CODES`]), so
/// the parity tests can try a code's messages before it joins the list.
pub fn set_exact_codes(codes: Option<Vec<String>>) {
    *EXACT_OVERRIDE.lock().unwrap_or_else(|e| e.into_inner()) = codes;
}

fn exact(code: &str) -> bool {
    match EXACT_OVERRIDE
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
    {
        Some(list) => list.iter().any(|c| c == code),
        None => EXACT_CODES.contains(&code),
    }
}

thread_local! {
    static PANIC_HOOK: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Test hook (this thread only): parsing the hand with this id panics, to prove that no
/// panic crosses into Python.
pub fn set_panic_hand(hand_id: Option<String>) {
    PANIC_HOOK.with(|h| *h.borrow_mut() = hand_id);
}

/// Largest amount (minor units, times the actions bound) kept natively: far below the
/// store's DECIMAL(18, 2) limit, so no hand the Python path would call unstorable is claimed.
const AMOUNT_BOUND: i64 = 1_000_000_000_000;

fn bounded(hand: &model::Hand, rep: &engine::Replay) -> bool {
    let n = hand.actions.len().max(1) as i64;
    let ok = |x: i64| x.abs() < AMOUNT_BOUND;
    let r = &hand.report;
    hand.actions
        .iter()
        .all(|a| ok(a.amount.saturating_mul(n)) && ok(a.to))
        && hand
            .seats
            .iter()
            .all(|s| ok(s.stack) && s.seat.abs() < 1_000_000)
        && r.collections.iter().all(|c| ok(c.amount))
        && r.cash_outs.iter().all(|c| ok(c.amount) && ok(c.fee))
        && r.pots.iter().all(|p| ok(p.1))
        && ok(r.total_pot.unwrap_or(0))
        && ok(r.rake.unwrap_or(0))
        && ok(rep.total_pot)
        && rep.pots.iter().all(|p| ok(p.amount))
        && rep.seats.iter().all(|s| ok(s.invested) && ok(s.won))
        && [
            hand.stakes.small_blind,
            hand.stakes.big_blind,
            hand.stakes.ante,
            hand.stakes.small_bet,
            hand.stakes.big_bet,
        ]
        .iter()
        .all(|&x| ok(x))
        && hand.button_seat.unwrap_or(0).abs() < 1_000_000
        && hand.max_seats.unwrap_or(0).abs() < 1_000_000
        && hand.line < i32::MAX as i64
}

/// Parse, replay and judge one chunk: the hand and its replay, or a deferral reason.
pub fn one_hand(
    lines: &[&str],
    offset: usize,
    line: usize,
) -> Result<(model::Hand, engine::Replay), &'static str> {
    let hand = parse::parse_hand(lines, offset as i64, line as i64)?;
    if PANIC_HOOK.with(|h| h.borrow().as_deref() == Some(hand.hand_id.as_str())) {
        panic!("test hook: panic on hand {}", hand.hand_id);
    }
    let rep = engine::replay(&hand)?;
    if let Some(f) = rep.findings.iter().find(|f| !exact(f.code)) {
        return Err(deferral_code(f.code));
    }
    if !bounded(&hand, &rep) {
        return Err("large_numbers");
    }
    Ok((hand, rep))
}

/// "finding:<code>" as a static string (the codes are a fixed table).
fn deferral_code(code: &str) -> &'static str {
    use std::collections::HashMap;
    use std::sync::OnceLock;
    static M: OnceLock<HashMap<String, &'static str>> = OnceLock::new();
    let m = M.get_or_init(|| {
        codes::catalogue()
            .iter()
            .map(|c| {
                (
                    c.0.clone(),
                    &*Box::leak(format!("finding:{}", c.0).into_boxed_str()),
                )
            })
            .collect()
    });
    m.get(code).copied().unwrap_or("finding:unknown")
}

/// One file's bytes (from byte `start`, as `parse_bytes(data, path, start=..., final=...)`)
/// -> rows for the hands read natively, deferrals for the rest. Never panics.
pub fn parse_file(
    data: &[u8],
    path: &str,
    start: usize,
    final_: bool,
    imported_at: i64,
) -> FileOut {
    let empty = |why| FileOut {
        deferred: Some(why),
        consumed: start,
        chunks: vec![],
        tables: rows::Tables::new(path, imported_at).finish(),
    };
    let split = match catch_unwind(|| text::split(data, start, final_)) {
        Ok(Ok(s)) => s,
        Ok(Err(why)) => return empty(why),
        Err(_) => return empty("internal_error"),
    };
    let mut tables = rows::Tables::new(path, imported_at);
    let mut chunks = Vec::with_capacity(split.chunks.len());
    for c in &split.chunks {
        let lines = split.chunk_lines(c);
        let mut counts = [0; 4];
        let got = catch_unwind(AssertUnwindSafe(|| one_hand(&lines, c.offset, c.line)));
        let status = match got {
            Ok(Ok((hand, rep))) => {
                counts = tables.add(&hand, &rep);
                Status::Rows(tables.n_hands - 1)
            }
            Ok(Err(why)) => Status::Deferred(why),
            Err(panic) => {
                let msg = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                tables.add_reject(
                    c.offset as i64,
                    c.line as i64,
                    "internal_error",
                    &format!("panic: {msg}"),
                    &lines.join("\n"),
                );
                Status::Rejected(tables.n_rejects - 1)
            }
        };
        chunks.push(ChunkOut {
            offset: c.offset,
            end: c.end,
            line: c.line,
            status,
            counts,
        });
    }
    FileOut {
        deferred: None,
        consumed: split.consumed,
        chunks,
        tables: tables.finish(),
    }
}

/// The per-chunk list as an Arrow table: offset, end, line, status ("rows", "deferred" or
/// "rejected"), index (the row in the hand tables or the rejects table, -1 when deferred)
/// reason (the deferral reason) and each claimed hand's rows in seats, actions, pots and
/// findings (n_seats, n_actions, n_pots, n_findings: the `Rows.starts` of the Python side).
pub fn chunks_batch(chunks: &[ChunkOut]) -> RecordBatch {
    use arrow_array::builder::{Int64Builder, StringBuilder};
    use arrow_array::ArrayRef;
    use arrow_schema::{DataType, Field, Schema};
    use std::sync::Arc;
    let (mut off, mut end, mut line, mut idx) = (
        Int64Builder::new(),
        Int64Builder::new(),
        Int64Builder::new(),
        Int64Builder::new(),
    );
    let (mut status, mut reason) = (StringBuilder::new(), StringBuilder::new());
    let mut counts: Vec<Int64Builder> = (0..4).map(|_| Int64Builder::new()).collect();
    for c in chunks {
        off.append_value(c.offset as i64);
        end.append_value(c.end as i64);
        line.append_value(c.line as i64);
        let (s, i, r) = match &c.status {
            Status::Rows(i) => ("rows", *i as i64, None),
            Status::Deferred(why) => ("deferred", -1, Some(*why)),
            Status::Rejected(i) => ("rejected", *i as i64, None),
        };
        status.append_value(s);
        idx.append_value(i);
        reason.append_option(r);
        for (b, n) in counts.iter_mut().zip(c.counts) {
            b.append_value(n as i64);
        }
    }
    let schema = Schema::new(vec![
        Field::new("offset", DataType::Int64, false),
        Field::new("end", DataType::Int64, false),
        Field::new("line", DataType::Int64, false),
        Field::new("status", DataType::Utf8, false),
        Field::new("index", DataType::Int64, false),
        Field::new("reason", DataType::Utf8, true),
        Field::new("n_seats", DataType::Int64, false),
        Field::new("n_actions", DataType::Int64, false),
        Field::new("n_pots", DataType::Int64, false),
        Field::new("n_findings", DataType::Int64, false),
    ]);
    let cols: Vec<ArrayRef> = vec![
        Arc::new(off.finish()),
        Arc::new(end.finish()),
        Arc::new(line.finish()),
        Arc::new(status.finish()),
        Arc::new(idx.finish()),
        Arc::new(reason.finish()),
        Arc::new(counts[0].finish()),
        Arc::new(counts[1].finish()),
        Arc::new(counts[2].finish()),
        Arc::new(counts[3].finish()),
    ];
    RecordBatch::try_new(Arc::new(schema), cols).expect("chunk columns")
}
