//! sidepot's native core (issue 14): PokerStars hold'em text -> the store's Arrow rows.
//!
//! [`parse_file`] does for one file what the Python path's `pipeline.core.parse_file` does
//! (decode, split, parse, replay, flatten), for the hands it can read *exactly*: every other
//! hand chunk is returned as deferred (its byte range) for the Python path to decide, so the
//! choice of core never loses or changes a hand. The parity tests in tests/native hold the
//! rows of every hand claimed here to the Python rows.

pub mod cards;
pub mod codes;
pub mod engine;
pub mod equity;
pub mod eval;
pub mod facts;
pub mod header;
pub mod model;
pub mod money;
pub mod parse;
pub mod phh;
pub mod rows;
pub mod stream;
pub mod text;

use arrow_array::RecordBatch;
use std::panic::catch_unwind;
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
    /// A deferred chunk's text (`Chunk.text` of the Python split), for the Python core to
    /// read this one hand; None otherwise.
    pub text: Option<String>,
}

pub struct FileOut {
    /// Set when the whole file is for the Python path (then `chunks` is empty).
    pub deferred: Option<&'static str>,
    pub consumed: usize,
    pub chunks: Vec<ChunkOut>,
    pub tables: Vec<(&'static str, RecordBatch)>,
}

/// Finding codes whose every message this port writes exactly as the Python engine does
/// (held to it by the parity tests, on the corpus, simulated and mutated hands; the rarer
/// `fixed_limit_cap` and `invalid_card` by tests/native's targeted mutations). A hand with
/// any other finding is deferred: `unknown_seat` and `duplicate_seat` (the parser defers
/// such hands first) and `game_not_replayed` (hold'em only).
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
    "fixed_limit_cap",
    "invalid_card",
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

static PANIC_HOOK: Mutex<Option<String>> = Mutex::new(None);
static PANIC_HOOK_SET: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Test hook (every thread: a file's hands may be read on several): parsing the hand with
/// this id panics, to prove that no panic crosses into Python.
pub fn set_panic_hand(hand_id: Option<String>) {
    let on = hand_id.is_some();
    *PANIC_HOOK.lock().unwrap_or_else(|e| e.into_inner()) = hand_id;
    PANIC_HOOK_SET.store(on, std::sync::atomic::Ordering::SeqCst);
}

pub(crate) fn panic_hook_hits(hand_id: &str) -> bool {
    PANIC_HOOK_SET.load(std::sync::atomic::Ordering::Relaxed)
        && PANIC_HOOK
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_deref()
            == Some(hand_id)
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
        && rep
            .findings
            .iter()
            .all(|f| f.amounts.iter().all(|&x| ok(x)))
        && [&hand.stakes]
            .into_iter()
            .chain(rep.stakes.as_ref())
            .flat_map(|st| {
                [
                    st.small_blind,
                    st.big_blind,
                    st.ante,
                    st.small_bet,
                    st.big_bet,
                ]
            })
            .all(ok)
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
    one_hand_of(&parse::POKERSTARS, lines, offset, line)
}

/// [`one_hand`] for a hand of `site`.
pub fn one_hand_of(
    site: &parse::Site,
    lines: &[&str],
    offset: usize,
    line: usize,
) -> Result<(model::Hand, engine::Replay), &'static str> {
    let hand = (site.parse_hand)(lines, offset as i64, line as i64)?;
    if rabbit_board(&hand) {
        return Err("rabbit_hunt");
    }
    if panic_hook_hits(&hand.hand_id) {
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

/// Whether the hand's board holds cards dealt after it ended (a rabbit hunt printed as a
/// street): the Python reader cuts them and reports the line (`parsers.sites._kit.rabbit`),
/// so such a hand is the Python path's. The same test as its `ended_on`: the fold that left
/// one of the players (those the actions name, dealt known cards or paid), with no check,
/// call, bet or raise after it, on a street before the board's last card.
pub(crate) fn rabbit_board(hand: &model::Hand) -> bool {
    use model::{Kind, Street};
    let [board] = hand.boards.as_slice() else {
        return false;
    };
    if board.is_empty() {
        return false;
    }
    let mut live: Vec<i64> = hand
        .seats
        .iter()
        .filter(|s| s.is_hero || s.hole.as_ref().is_some_and(|h| !h.is_empty()))
        .map(|s| s.seat)
        .collect();
    live.extend(hand.report.collections.iter().map(|c| c.seat));
    live.extend(
        hand.actions
            .iter()
            .filter(|a| !matches!(a.kind, Kind::Show | Kind::Muck))
            .map(|a| a.seat),
    );
    live.sort_unstable();
    live.dedup();
    if live.len() < 2 {
        return false;
    }
    let mut end: Option<Street> = None;
    for a in &hand.actions {
        if end.is_some() {
            if matches!(a.kind, Kind::Check | Kind::Call | Kind::Bet | Kind::Raise) {
                return false;
            }
        } else if a.kind == Kind::Fold {
            if let Some(i) = live.iter().position(|&s| s == a.seat) {
                live.remove(i);
                if live.len() == 1 {
                    end = Some(a.street);
                }
            }
        }
    }
    let keep = match end {
        Some(Street::Preflop) => 0,
        Some(Street::Flop) => 3,
        Some(Street::Turn) => 4,
        Some(Street::River) => 5,
        _ => return false,
    };
    board.len() > keep
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
    parse_file_of(&parse::POKERSTARS, data, path, start, final_, imported_at)
}

/// [`parse_file`] for a file of `site` (its hand header splits it, its reader reads it).
pub fn parse_file_of(
    site: &parse::Site,
    data: &[u8],
    path: &str,
    start: usize,
    final_: bool,
    imported_at: i64,
) -> FileOut {
    parse_file_with(site, data, path, start, final_, imported_at, usize::MAX)
}

/// [`parse_file_of`], deferring every chunk of more than `defer_above` bytes unread (the
/// Python core bounds hands and lines by characters: it decides such a chunk).
pub fn parse_file_with(
    site: &parse::Site,
    data: &[u8],
    path: &str,
    start: usize,
    final_: bool,
    imported_at: i64,
    defer_above: usize,
) -> FileOut {
    let empty = |why| FileOut {
        deferred: Some(why),
        consumed: start,
        chunks: vec![],
        tables: rows::Tables::new(path, imported_at).finish(),
    };
    let split = match catch_unwind(|| text::split_with(data, start, final_, site.is_header)) {
        Ok(Ok(s)) => s,
        Ok(Err(why)) => return empty(why),
        Err(_) => return empty("internal_error"),
    };
    let (chunks, tables) = stream::read_chunks(site, &split, path, imported_at, defer_above);
    FileOut {
        deferred: None,
        consumed: split.consumed,
        chunks,
        tables,
    }
}

/// The per-chunk list as an Arrow table: offset, end, line, status ("rows", "deferred" or
/// "rejected"), index (the row in the hand tables or the rejects table, -1 when deferred),
/// reason (the deferral reason), text (a deferred chunk's text) and each claimed hand's rows in seats, actions, pots and
/// findings and seat_flags (n_seats, n_actions, n_pots, n_findings, n_seat_flags: the
/// `Rows.starts` of the Python side).
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
    let (mut status, mut reason, mut text) = (
        StringBuilder::new(),
        StringBuilder::new(),
        StringBuilder::new(),
    );
    let mut counts: Vec<Int64Builder> = (0..5).map(|_| Int64Builder::new()).collect();
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
        text.append_option(c.text.as_deref());
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
        Field::new("text", DataType::Utf8, true),
        Field::new("n_seats", DataType::Int64, false),
        Field::new("n_actions", DataType::Int64, false),
        Field::new("n_pots", DataType::Int64, false),
        Field::new("n_findings", DataType::Int64, false),
        Field::new("n_seat_flags", DataType::Int64, false),
    ]);
    let cols: Vec<ArrayRef> = vec![
        Arc::new(off.finish()),
        Arc::new(end.finish()),
        Arc::new(line.finish()),
        Arc::new(status.finish()),
        Arc::new(idx.finish()),
        Arc::new(reason.finish()),
        Arc::new(text.finish()),
        Arc::new(counts[0].finish()),
        Arc::new(counts[1].finish()),
        Arc::new(counts[2].finish()),
        Arc::new(counts[3].finish()),
        Arc::new(counts[4].finish()),
    ];
    RecordBatch::try_new(Arc::new(schema), cols).expect("chunk columns")
}
