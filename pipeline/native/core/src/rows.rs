//! Hands and their replays -> the store's Arrow tables, column for column as
//! `pipeline/store/flatten.py` builds them (names, types, order, nulls). Money is written
//! as DECIMAL(18, 2) cents: the minor units times `10 ** (2 - decimals)`, integers only.

use crate::engine::Replay;
use crate::model::*;
use arrow_array::builder::*;
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema, TimeUnit};
use std::sync::Arc;

pub const HAND_COLS: [&str; 35] = [
    "site",
    "hand_id",
    "source_file",
    "source_offset",
    "source_line",
    "game",
    "limit_type",
    "currency",
    "decimals",
    "small_blind",
    "big_blind",
    "ante",
    "small_bet",
    "big_bet",
    "started_at",
    "local_time",
    "time_zone",
    "table_name",
    "button_seat",
    "max_seats",
    "n_players",
    "board",
    "boards",
    "total_pot",
    "engine_total_pot",
    "rake",
    "fees",
    "tournament_id",
    "level",
    "is_tournament",
    "fast_fold",
    "payouts_verified",
    "has_error",
    "n_findings",
    "imported_at",
];
pub const SEAT_COLS: [&str; 15] = [
    "site",
    "hand_id",
    "seat",
    "player",
    "position",
    "starting_stack",
    "hole_cards",
    "invested",
    "collected",
    "won",
    "net",
    "final_stack",
    "went_to_showdown",
    "is_hero",
    "sitting_out",
];
pub const ACTION_COLS: [&str; 13] = [
    "site",
    "hand_id",
    "seq",
    "street",
    "seat",
    "player",
    "kind",
    "amount",
    "to_amount",
    "all_in",
    "cards",
    "pot_after",
    "line",
];
pub const POT_COLS: [&str; 9] = [
    "site",
    "hand_id",
    "pot_index",
    "amount",
    "printed_amount",
    "eligible",
    "winners",
    "eligible_seats",
    "winner_seats",
];
pub const FINDING_COLS: [&str; 7] = [
    "site", "hand_id", "code", "severity", "message", "line", "amounts",
];
pub const REJECT_COLS: [&str; 7] = [
    "source_file",
    "source_offset",
    "line",
    "site",
    "reason",
    "detail",
    "raw_text",
];

const MONEY: [&str; 19] = [
    "small_blind",
    "big_blind",
    "ante",
    "small_bet",
    "big_bet",
    "total_pot",
    "engine_total_pot",
    "rake",
    "fees",
    "starting_stack",
    "invested",
    "collected",
    "won",
    "net",
    "final_stack",
    "amount",
    "to_amount",
    "pot_after",
    "printed_amount",
];

fn dtype(name: &str) -> DataType {
    if MONEY.contains(&name) {
        return DataType::Decimal128(18, 2);
    }
    let list = |t: DataType| DataType::List(Arc::new(Field::new("item", t, true)));
    match name {
        "source_offset" => DataType::Int64,
        "source_line" | "decimals" | "button_seat" | "max_seats" | "n_players" | "n_findings"
        | "seat" | "seq" | "line" | "pot_index" => DataType::Int32,
        "started_at" | "imported_at" => DataType::Timestamp(TimeUnit::Microsecond, None),
        "boards" | "eligible" | "winners" => list(DataType::Utf8),
        "eligible_seats" | "winner_seats" => list(DataType::Int32),
        "amounts" => list(DataType::Decimal128(18, 2)),
        "is_tournament" | "fast_fold" | "payouts_verified" | "has_error" | "went_to_showdown"
        | "is_hero" | "sitting_out" | "all_in" => DataType::Boolean,
        _ => DataType::Utf8,
    }
}

/// The Arrow schema of one table, as `store.flatten.arrow_schema` gives it.
pub fn schema(cols: &[&str]) -> Arc<Schema> {
    Arc::new(Schema::new(
        cols.iter()
            .map(|c| Field::new(*c, dtype(c), true))
            .collect::<Vec<_>>(),
    ))
}

/// `store_schema.positions`: seat -> position name, from the button and the seats dealt in.
pub fn positions(hand: &Hand) -> Vec<(i64, &'static str)> {
    let mut active: Vec<i64> = hand
        .seats
        .iter()
        .filter(|s| !s.sitting_out)
        .map(|s| s.seat)
        .collect();
    active.sort();
    let Some(button) = hand.button_seat else {
        return vec![];
    };
    if active.is_empty() {
        return vec![];
    }
    let after: Vec<i64> = active
        .iter()
        .copied()
        .filter(|&s| s > button)
        .chain(active.iter().copied().filter(|&s| s < button))
        .collect();
    let has_button = active.contains(&button);
    if has_button && active.len() == 2 {
        return vec![(button, "BTN"), (after[0], "BB")];
    }
    let mut out = Vec::new();
    if has_button {
        out.push((button, "BTN"));
    }
    for (seat, name) in after.iter().zip(names_after_button(after.len())) {
        out.push((*seat, name));
    }
    out
}

const UTG_PLUS: [&str; 10] = [
    "UTG+1", "UTG+2", "UTG+3", "UTG+4", "UTG+5", "UTG+6", "UTG+7", "UTG+8", "UTG+9", "UTG+10",
];

fn names_after_button(count: usize) -> Vec<&'static str> {
    let k = count.saturating_sub(2);
    let middle: &[&'static str] = match k {
        0 => &[],
        1 => &["CO"],
        2 => &["UTG", "CO"],
        3 => &["UTG", "HJ", "CO"],
        4 => &["UTG", "MP", "HJ", "CO"],
        5 => &["UTG", "UTG+1", "MP", "HJ", "CO"],
        _ => &["UTG", "UTG+1", "MP", "LJ", "HJ", "CO"],
    };
    let mut all = Vec::with_capacity(k + 2);
    all.extend(["SB", "BB"]);
    if k <= 6 {
        all.extend(middle);
    } else {
        all.push("UTG");
        all.extend(UTG_PLUS.iter().take(k - 5));
        all.extend(["MP", "LJ", "HJ", "CO"]);
    }
    all.truncate(count);
    all
}

/// Every table's builders; hands are appended one at a time.
pub struct Tables {
    path: String,
    imported_at: i64,
    h: Vec<Box<dyn ArrayBuilder>>,
    s: Vec<Box<dyn ArrayBuilder>>,
    a: Vec<Box<dyn ArrayBuilder>>,
    p: Vec<Box<dyn ArrayBuilder>>,
    f: Vec<Box<dyn ArrayBuilder>>,
    r: Vec<Box<dyn ArrayBuilder>>,
    pub n_hands: usize,
    pub n_rejects: usize,
    /// The site of the rows added next (a PHHS file's hands may name different venues).
    site: String,
    /// Scratch text of one cell's cards, reused across cells and hands.
    buf: String,
}

/// Rows one hand added to the seats, actions, pots and findings tables.
pub type Counts = [usize; 4];

/// Builders for `cols`, sized for `rows` rows (strings at [`STR_BYTES`] bytes a row): a run's
/// tables then grow rarely, instead of doubling (and copying) from empty.
/// The store's money type (`DECIMAL(18, 2)`) for the amounts of findings.
fn money_builder() -> Decimal128Builder {
    Decimal128Builder::new().with_data_type(DataType::Decimal128(18, 2))
}

fn builders(cols: &[&str], rows: usize) -> Vec<Box<dyn ArrayBuilder>> {
    let bytes = rows * STR_BYTES;
    cols.iter()
        .map(|c| -> Box<dyn ArrayBuilder> {
            match dtype(c) {
                DataType::Decimal128(_, _) => Box::new(
                    Decimal128Builder::with_capacity(rows)
                        .with_data_type(DataType::Decimal128(18, 2)),
                ),
                DataType::Int64 => Box::new(Int64Builder::with_capacity(rows)),
                DataType::Int32 => Box::new(Int32Builder::with_capacity(rows)),
                DataType::Boolean => Box::new(BooleanBuilder::with_capacity(rows)),
                DataType::Timestamp(_, _) => {
                    Box::new(TimestampMicrosecondBuilder::with_capacity(rows))
                }
                DataType::List(f) if f.data_type() == &DataType::Utf8 => Box::new(
                    ListBuilder::with_capacity(StringBuilder::with_capacity(rows, bytes), rows),
                ),
                DataType::List(f) if f.data_type() == &DataType::Int32 => Box::new(
                    ListBuilder::with_capacity(Int32Builder::with_capacity(rows), rows),
                ),
                // findings.amounts: the few amounts a finding names, in the store's money type
                DataType::List(_) => Box::new(ListBuilder::new(money_builder())),
                _ => Box::new(StringBuilder::with_capacity(rows, bytes)),
            }
        })
        .collect()
}

/// Bytes a string cell is sized for (names, ids and short words).
const STR_BYTES: usize = 12;

/// Rows a hand usually adds to seats, actions, pots and findings (a guess for sizing only).
const PER_HAND: [usize; 4] = [8, 20, 1, 1];

macro_rules! b {
    ($v:expr, $i:expr, $t:ty) => {
        $v[$i]
            .as_any_mut()
            .downcast_mut::<$t>()
            .expect("builder type")
    };
}

fn s(v: &mut [Box<dyn ArrayBuilder>], i: usize, x: Option<&str>) {
    b!(v, i, StringBuilder).append_option(x);
}
fn i32_(v: &mut [Box<dyn ArrayBuilder>], i: usize, x: Option<i64>) {
    b!(v, i, Int32Builder).append_option(x.map(|x| x as i32));
}
fn i64_(v: &mut [Box<dyn ArrayBuilder>], i: usize, x: Option<i64>) {
    b!(v, i, Int64Builder).append_option(x);
}
fn m(v: &mut [Box<dyn ArrayBuilder>], i: usize, x: Option<i64>, factor: i64) {
    b!(v, i, Decimal128Builder).append_option(x.map(|x| (x as i128) * factor as i128));
}
/// A list of money (a finding's `amounts`), each as [`m`] writes one.
fn lm(v: &mut [Box<dyn ArrayBuilder>], i: usize, xs: &[i64], factor: i64) {
    let l = b!(v, i, ListBuilder<Decimal128Builder>);
    for &x in xs {
        l.values().append_value((x as i128) * factor as i128);
    }
    l.append(true);
}
fn bo(v: &mut [Box<dyn ArrayBuilder>], i: usize, x: bool) {
    b!(v, i, BooleanBuilder).append_value(x);
}
fn ts(v: &mut [Box<dyn ArrayBuilder>], i: usize, x: Option<i64>) {
    b!(v, i, TimestampMicrosecondBuilder).append_option(x);
}
/// A list of the players at `seats` (a seat's number where it has no player).
fn names<'h>(
    v: &mut [Box<dyn ArrayBuilder>],
    i: usize,
    seats: &[i64],
    name_of: impl Fn(i64) -> Option<&'h str>,
) {
    let l = b!(v, i, ListBuilder<StringBuilder>);
    for &seat in seats {
        match name_of(seat) {
            Some(name) => l.values().append_value(name),
            None => l.values().append_value(seat.to_string()),
        }
    }
    l.append(true);
}

/// The store's text of `cards` ([`join_cards`]), written into the reused `buf`.
fn cards_text<'b>(buf: &'b mut String, cards: &[Card]) -> &'b str {
    buf.clear();
    push_cards(buf, cards);
    buf
}
fn li(v: &mut [Box<dyn ArrayBuilder>], i: usize, xs: &[i64]) {
    let l = b!(v, i, ListBuilder<Int32Builder>);
    for &x in xs {
        l.values().append_value(x as i32);
    }
    l.append(true);
}

/// The site a `Tables` writes until `set_site` says otherwise.
const SITE: &str = "pokerstars";

impl Tables {
    pub fn new(path: &str, imported_at: i64) -> Self {
        Tables::with_capacity(path, imported_at, 0)
    }

    /// Tables sized for about `hands` hands (they grow past it as needed).
    pub fn with_capacity(path: &str, imported_at: i64, hands: usize) -> Self {
        Tables {
            path: path.to_string(),
            imported_at,
            h: builders(&HAND_COLS, hands),
            s: builders(&SEAT_COLS, hands * PER_HAND[0]),
            a: builders(&ACTION_COLS, hands * PER_HAND[1]),
            p: builders(&POT_COLS, hands * PER_HAND[2]),
            f: builders(&FINDING_COLS, hands * PER_HAND[3]),
            r: builders(&REJECT_COLS, 0),
            n_hands: 0,
            n_rejects: 0,
            site: SITE.to_string(),
            buf: String::new(),
        }
    }

    /// The source file of the hands and rejects added from now on (many files, one batch).
    pub fn set_path(&mut self, path: &str) {
        if self.path != path {
            self.path = path.to_string();
        }
    }

    /// The site of the hands and rejects added from now on.
    pub fn set_site(&mut self, site: &str) {
        if self.site != site {
            self.site = site.to_string();
        }
    }

    pub fn add_reject(&mut self, offset: i64, line: i64, reason: &str, detail: &str, raw: &str) {
        let site = self.site.clone();
        let r = &mut self.r;
        s(r, 0, Some(&self.path));
        i64_(r, 1, Some(offset));
        i32_(r, 2, Some(line));
        s(r, 3, Some(&site));
        s(r, 4, Some(reason));
        s(r, 5, Some(detail));
        s(r, 6, Some(raw));
        self.n_rejects += 1;
    }

    /// Append one hand's rows to every table.
    pub fn add(&mut self, hand: &Hand, rep: &Replay) -> Counts {
        let f = 10i64.pow(2 - hand.decimals);
        let id = hand.hand_id.as_str();
        let site = self.site.as_str();
        let name_of = |seat: i64| {
            hand.seats
                .iter()
                .rev()
                .find(|s| s.seat == seat)
                .map(|s| s.player.as_str())
        };
        // seats
        let result = |seat: i64| rep.seats.iter().rev().find(|r| r.seat == seat);
        let reported = !hand.report.collections.is_empty() || !hand.report.cash_outs.is_empty();
        let pos = positions(hand);
        // `flatten.FEE_INCLUDED_SITES`: where the printed cash-out is already net of its fee
        let fee_included = self.site == "pokerstars";
        for seat in &hand.seats {
            let r = result(seat.seat);
            let invested = r.map_or(0, |r| r.invested);
            let won = r.map_or(0, |r| r.won);
            let collected = if reported {
                hand.report
                    .collections
                    .iter()
                    .filter(|c| c.seat == seat.seat)
                    .map(|c| c.amount)
                    .sum::<i64>()
                    + hand
                        .report
                        .cash_outs
                        .iter()
                        .filter(|c| c.seat == seat.seat)
                        .map(|c| c.amount - if fee_included { 0 } else { c.fee })
                        .sum::<i64>()
            } else {
                won
            };
            let v = &mut self.s;
            s(v, 0, Some(site));
            s(v, 1, Some(id));
            i32_(v, 2, Some(seat.seat));
            s(v, 3, Some(&seat.player));
            s(v, 4, pos.iter().find(|p| p.0 == seat.seat).map(|p| p.1));
            m(v, 5, Some(seat.stack), f);
            let hole = seat.hole.as_ref().filter(|h| !h.is_empty());
            s(v, 6, hole.map(|h| cards_text(&mut self.buf, h)));
            m(v, 7, Some(invested), f);
            m(v, 8, Some(collected), f);
            m(v, 9, Some(won), f);
            m(v, 10, Some(collected - invested), f);
            m(v, 11, Some(seat.stack - invested + collected), f);
            bo(v, 12, r.is_some_and(|r| r.went_to_showdown));
            bo(v, 13, seat.is_hero);
            bo(v, 14, seat.sitting_out);
        }
        // actions
        let mut pot = 0i64;
        for (seq, a) in hand.actions.iter().enumerate() {
            pot += if a.kind == Kind::UncalledReturn {
                -a.amount
            } else {
                a.amount
            };
            let v = &mut self.a;
            s(v, 0, Some(site));
            s(v, 1, Some(id));
            i32_(v, 2, Some(seq as i64));
            s(v, 3, Some(a.street.name()));
            i32_(v, 4, Some(a.seat));
            s(v, 5, name_of(a.seat));
            s(v, 6, Some(a.kind.value()));
            m(v, 7, Some(a.amount), f);
            m(v, 8, Some(a.to), f);
            bo(v, 9, a.all_in);
            let cards = if a.cards.is_empty() {
                None
            } else {
                Some(cards_text(&mut self.buf, &a.cards))
            };
            s(v, 10, cards);
            m(v, 11, Some(pot), f);
            i32_(v, 12, Some(a.line));
        }
        // pots
        for p in &rep.pots {
            let printed = hand
                .report
                .pots
                .iter()
                .rev()
                .find(|x| x.0 == p.index)
                .map(|x| x.1);
            let v = &mut self.p;
            s(v, 0, Some(site));
            s(v, 1, Some(id));
            i32_(v, 2, Some(p.index));
            m(v, 3, Some(p.amount), f);
            m(v, 4, printed, f);
            names(v, 5, &p.eligible, name_of);
            names(v, 6, &p.winners, name_of);
            li(v, 7, &p.eligible);
            li(v, 8, &p.winners);
        }
        // findings
        for x in &rep.findings {
            let v = &mut self.f;
            s(v, 0, Some(site));
            s(v, 1, Some(id));
            s(v, 2, Some(x.code));
            s(v, 3, Some(x.severity.value()));
            s(v, 4, Some(&x.message));
            i32_(v, 5, Some(x.line));
            lm(v, 6, &x.amounts, f);
        }
        // the hand
        let has_error = rep
            .findings
            .iter()
            .any(|x| x.severity == crate::codes::Severity::Error);
        let v = &mut self.h;
        s(v, 0, Some(site));
        s(v, 1, Some(id));
        s(v, 2, Some(&self.path));
        i64_(v, 3, Some(hand.offset));
        i32_(v, 4, Some(hand.line));
        s(v, 5, Some("holdem"));
        s(v, 6, Some(hand.limit.value()));
        s(v, 7, Some(&hand.currency));
        i32_(v, 8, Some(hand.decimals as i64));
        let st = &hand.stakes;
        for (i, x) in [
            st.small_blind,
            st.big_blind,
            st.ante,
            st.small_bet,
            st.big_bet,
        ]
        .into_iter()
        .enumerate()
        {
            m(v, 9 + i, Some(x), f);
        }
        ts(v, 14, hand.started_at);
        s(v, 15, Some(&hand.local_time));
        s(v, 16, Some(&hand.time_zone));
        s(v, 17, Some(&hand.table_name));
        i32_(v, 18, hand.button_seat);
        i32_(v, 19, hand.max_seats);
        i32_(
            v,
            20,
            Some(hand.seats.iter().filter(|s| !s.sitting_out).count() as i64),
        );
        let first = hand.boards.first().map_or(&[][..], |b| b.as_slice());
        s(v, 21, Some(cards_text(&mut self.buf, first)));
        let l = b!(v, 22, ListBuilder<StringBuilder>);
        for b in &hand.boards {
            l.values().append_value(cards_text(&mut self.buf, b));
        }
        l.append(true);
        m(v, 23, hand.report.total_pot, f);
        m(v, 24, Some(rep.total_pot), f);
        m(v, 25, hand.report.rake, f);
        m(v, 26, Some(hand.report.fees.iter().map(|x| x.1).sum()), f);
        s(v, 27, hand.tournament_id.as_deref());
        s(v, 28, hand.level.as_deref());
        bo(v, 29, hand.is_tournament());
        bo(v, 30, hand.fast_fold);
        bo(v, 31, rep.payouts_verified);
        bo(v, 32, has_error);
        i32_(v, 33, Some(rep.findings.len() as i64));
        ts(v, 34, Some(self.imported_at));
        self.n_hands += 1;
        [
            hand.seats.len(),
            hand.actions.len(),
            rep.pots.len(),
            rep.findings.len(),
        ]
    }

    /// The tables, in the order hands, seats, actions, pots, findings, rejects.
    pub fn finish(mut self) -> Vec<(&'static str, RecordBatch)> {
        let done = |cols: &[&str], v: &mut Vec<Box<dyn ArrayBuilder>>| {
            let arrays: Vec<ArrayRef> = v.iter_mut().map(|b| b.finish()).collect();
            RecordBatch::try_new(schema(cols), arrays).expect("columns match the schema")
        };
        vec![
            ("hands", done(&HAND_COLS, &mut self.h)),
            ("seats", done(&SEAT_COLS, &mut self.s)),
            ("actions", done(&ACTION_COLS, &mut self.a)),
            ("pots", done(&POT_COLS, &mut self.p)),
            ("findings", done(&FINDING_COLS, &mut self.f)),
            ("rejects", done(&REJECT_COLS, &mut self.r)),
        ]
    }
}
