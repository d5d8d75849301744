//! Hands and their replays -> the store's Arrow tables, column for column as
//! `pipeline/store/flatten.py` builds them (names, types, order, nulls). Money is written
//! as DECIMAL(18, 2) cents: the minor units times `10 ** (2 - decimals)`, integers only.

use crate::engine::Replay;
use crate::facts::{hand_facts, Dealt, SeatFacts, SeatState};
use crate::model::*;
use arrow_array::builder::*;
use arrow_array::{ArrayRef, RecordBatch, UInt32Array};
use arrow_schema::{DataType, Field, Schema, TimeUnit};
use arrow_select::take::{take, TakeOptions};
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
/// `seat_flags`: the stat facts of each seat dealt in ([`crate::facts`]).
pub const FLAG_COLS: [&str; 7] = [
    "site",
    "hand_id",
    "seat",
    "flags",
    "post_aggr",
    "post_calls",
    "post_folds",
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
        | "seat" | "seq" | "line" | "pot_index" | "flags" | "post_aggr" | "post_calls"
        | "post_folds" => DataType::Int32,
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
    let (mut active, mut out) = (Vec::new(), Vec::new());
    positions_into(hand, &mut active, &mut out);
    out
}

/// [`positions`] written into `out`, `active` its scratch (both reused across hands: no
/// allocation per hand).
pub fn positions_into(hand: &Hand, active: &mut Vec<i64>, out: &mut Vec<(i64, &'static str)>) {
    out.clear();
    active.clear();
    active.extend(hand.seats.iter().filter(|s| !s.sitting_out).map(|s| s.seat));
    active.sort_unstable();
    let Some(button) = hand.button_seat else {
        return;
    };
    if active.is_empty() {
        return;
    }
    // the seats after the button, clockwise: those above it, then those below it
    let (below, above) = (
        active.partition_point(|&s| s < button),
        active.partition_point(|&s| s <= button),
    );
    let after = || active[above..].iter().chain(&active[..below]).copied();
    let has_button = above > below;
    if has_button && active.len() == 2 {
        out.push((button, "BTN"));
        out.extend(after().take(1).map(|seat| (seat, "BB")));
        return;
    }
    if has_button {
        out.push((button, "BTN"));
    }
    let count = active.len() - (above - below);
    let (names, n) = names_after_button(count);
    out.extend(after().zip(&names[..n]).map(|(seat, name)| (seat, *name)));
}

const UTG_PLUS: [&str; 10] = [
    "UTG+1", "UTG+2", "UTG+3", "UTG+4", "UTG+5", "UTG+6", "UTG+7", "UTG+8", "UTG+9", "UTG+10",
];

/// Most names [`names_after_button`] gives: the blinds, UTG, every `UTG+n`, MP, LJ, HJ, CO.
const MOST_NAMES: usize = 2 + 1 + UTG_PLUS.len() + 4;

/// The position names of `count` seats from the one after the button (the first `.1`).
fn names_after_button(count: usize) -> ([&'static str; MOST_NAMES], usize) {
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
    let mut all = [""; MOST_NAMES];
    let mut n = 0;
    let mut put = |names: &[&'static str]| {
        for name in names {
            all[n] = name;
            n += 1;
        }
    };
    put(&["SB", "BB"]);
    if k <= 6 {
        put(middle);
    } else {
        put(&["UTG"]);
        put(&UTG_PLUS[..(k - 5).min(UTG_PLUS.len())]);
        put(&["MP", "LJ", "HJ", "CO"]);
    }
    (all, n.min(count))
}

/// Bytes a string cell is sized for (names, ids and short words).
const STR_BYTES: usize = 12;

/// Rows a hand usually adds to seats, actions, pots and findings (a guess for sizing only).
const PER_HAND: [usize; 4] = [8, 20, 1, 1];

/// A text column sized for `rows` rows of [`STR_BYTES`] bytes: a run's tables then grow
/// rarely, instead of doubling (and copying) from empty.
fn text(rows: usize) -> StringBuilder {
    StringBuilder::with_capacity(rows, rows * STR_BYTES)
}

/// A money column: the store's `DECIMAL(18, 2)`, in cents.
fn money(rows: usize) -> Decimal128Builder {
    Decimal128Builder::with_capacity(rows).with_data_type(DataType::Decimal128(18, 2))
}

fn int(rows: usize) -> Int32Builder {
    Int32Builder::with_capacity(rows)
}

fn flag(rows: usize) -> BooleanBuilder {
    BooleanBuilder::with_capacity(rows)
}

fn text_list(rows: usize) -> ListBuilder<StringBuilder> {
    ListBuilder::with_capacity(text(rows), rows)
}

fn int_list(rows: usize) -> ListBuilder<Int32Builder> {
    ListBuilder::with_capacity(int(rows), rows)
}

/// Minor units -> the store's cents (`factor` is `10 ** (2 - decimals)`).
fn cents(x: i64, factor: i64) -> i128 {
    (x as i128) * factor as i128
}

/// The finished arrays of builders, in the order named (each table's column order).
macro_rules! arrays {
    ($t:expr; $($col:ident),* $(,)?) => {
        vec![$(Arc::new($t.$col.finish()) as ArrayRef),*]
    };
}

/// The hands table: one row a hand, its `site` and `hand_id` also the key every child
/// table's rows repeat (built once, in [`Tables::finish`], from the child rows' hands).
struct HandCols {
    site: StringBuilder,
    hand_id: StringBuilder,
    source_file: StringBuilder,
    source_offset: Int64Builder,
    source_line: Int32Builder,
    game: StringBuilder,
    limit_type: StringBuilder,
    currency: StringBuilder,
    decimals: Int32Builder,
    small_blind: Decimal128Builder,
    big_blind: Decimal128Builder,
    ante: Decimal128Builder,
    small_bet: Decimal128Builder,
    big_bet: Decimal128Builder,
    started_at: TimestampMicrosecondBuilder,
    local_time: StringBuilder,
    time_zone: StringBuilder,
    table_name: StringBuilder,
    button_seat: Int32Builder,
    max_seats: Int32Builder,
    n_players: Int32Builder,
    board: StringBuilder,
    boards: ListBuilder<StringBuilder>,
    total_pot: Decimal128Builder,
    engine_total_pot: Decimal128Builder,
    rake: Decimal128Builder,
    fees: Decimal128Builder,
    tournament_id: StringBuilder,
    level: StringBuilder,
    is_tournament: BooleanBuilder,
    fast_fold: BooleanBuilder,
    payouts_verified: BooleanBuilder,
    has_error: BooleanBuilder,
    n_findings: Int32Builder,
    imported_at: TimestampMicrosecondBuilder,
}

impl HandCols {
    fn new(n: usize) -> Self {
        HandCols {
            site: text(n),
            hand_id: text(n),
            source_file: text(n),
            source_offset: Int64Builder::with_capacity(n),
            source_line: int(n),
            game: text(n),
            limit_type: text(n),
            currency: text(n),
            decimals: int(n),
            small_blind: money(n),
            big_blind: money(n),
            ante: money(n),
            small_bet: money(n),
            big_bet: money(n),
            started_at: TimestampMicrosecondBuilder::with_capacity(n),
            local_time: text(n),
            time_zone: text(n),
            table_name: text(n),
            button_seat: int(n),
            max_seats: int(n),
            n_players: int(n),
            board: text(n),
            boards: text_list(n),
            total_pot: money(n),
            engine_total_pot: money(n),
            rake: money(n),
            fees: money(n),
            tournament_id: text(n),
            level: text(n),
            is_tournament: flag(n),
            fast_fold: flag(n),
            payouts_verified: flag(n),
            has_error: flag(n),
            n_findings: int(n),
            imported_at: TimestampMicrosecondBuilder::with_capacity(n),
        }
    }

    /// The columns after `site` and `hand_id`, in [`HAND_COLS`] order.
    fn finish_rest(&mut self) -> Vec<ArrayRef> {
        arrays!(self; source_file, source_offset, source_line, game, limit_type, currency,
            decimals, small_blind, big_blind, ante, small_bet, big_bet, started_at, local_time,
            time_zone, table_name, button_seat, max_seats, n_players, board, boards, total_pot,
            engine_total_pot, rake, fees, tournament_id, level, is_tournament, fast_fold,
            payouts_verified, has_error, n_findings, imported_at)
    }
}

struct SeatCols {
    /// Each row's hand: its index in the hands table.
    hand: Vec<u32>,
    seat: Int32Builder,
    player: StringBuilder,
    position: StringBuilder,
    starting_stack: Decimal128Builder,
    hole_cards: StringBuilder,
    invested: Decimal128Builder,
    collected: Decimal128Builder,
    won: Decimal128Builder,
    net: Decimal128Builder,
    final_stack: Decimal128Builder,
    went_to_showdown: BooleanBuilder,
    is_hero: BooleanBuilder,
    sitting_out: BooleanBuilder,
}

impl SeatCols {
    fn new(n: usize) -> Self {
        SeatCols {
            hand: Vec::with_capacity(n),
            seat: int(n),
            player: text(n),
            position: text(n),
            starting_stack: money(n),
            hole_cards: text(n),
            invested: money(n),
            collected: money(n),
            won: money(n),
            net: money(n),
            final_stack: money(n),
            went_to_showdown: flag(n),
            is_hero: flag(n),
            sitting_out: flag(n),
        }
    }

    fn finish_rest(&mut self) -> Vec<ArrayRef> {
        arrays!(self; seat, player, position, starting_stack, hole_cards, invested, collected,
            won, net, final_stack, went_to_showdown, is_hero, sitting_out)
    }
}

struct ActionCols {
    hand: Vec<u32>,
    seq: Int32Builder,
    street: StringBuilder,
    seat: Int32Builder,
    player: StringBuilder,
    kind: StringBuilder,
    amount: Decimal128Builder,
    to_amount: Decimal128Builder,
    all_in: BooleanBuilder,
    cards: StringBuilder,
    pot_after: Decimal128Builder,
    line: Int32Builder,
}

impl ActionCols {
    fn new(n: usize) -> Self {
        ActionCols {
            hand: Vec::with_capacity(n),
            seq: int(n),
            street: text(n),
            seat: int(n),
            player: text(n),
            kind: text(n),
            amount: money(n),
            to_amount: money(n),
            all_in: flag(n),
            cards: text(n),
            pot_after: money(n),
            line: int(n),
        }
    }

    fn finish_rest(&mut self) -> Vec<ArrayRef> {
        arrays!(self; seq, street, seat, player, kind, amount, to_amount, all_in, cards,
            pot_after, line)
    }
}

struct PotCols {
    hand: Vec<u32>,
    pot_index: Int32Builder,
    amount: Decimal128Builder,
    printed_amount: Decimal128Builder,
    eligible: ListBuilder<StringBuilder>,
    winners: ListBuilder<StringBuilder>,
    eligible_seats: ListBuilder<Int32Builder>,
    winner_seats: ListBuilder<Int32Builder>,
}

impl PotCols {
    fn new(n: usize) -> Self {
        PotCols {
            hand: Vec::with_capacity(n),
            pot_index: int(n),
            amount: money(n),
            printed_amount: money(n),
            eligible: text_list(n),
            winners: text_list(n),
            eligible_seats: int_list(n),
            winner_seats: int_list(n),
        }
    }

    fn finish_rest(&mut self) -> Vec<ArrayRef> {
        arrays!(self; pot_index, amount, printed_amount, eligible, winners, eligible_seats,
            winner_seats)
    }
}

struct FindingCols {
    hand: Vec<u32>,
    code: StringBuilder,
    severity: StringBuilder,
    message: StringBuilder,
    line: Int32Builder,
    /// The few amounts a finding names, in the store's money type.
    amounts: ListBuilder<Decimal128Builder>,
}

impl FindingCols {
    fn new(n: usize) -> Self {
        FindingCols {
            hand: Vec::with_capacity(n),
            code: text(n),
            severity: text(n),
            message: text(n),
            line: int(n),
            amounts: ListBuilder::new(money(0)),
        }
    }

    fn finish_rest(&mut self) -> Vec<ArrayRef> {
        arrays!(self; code, severity, message, line, amounts)
    }
}

struct FlagCols {
    hand: Vec<u32>,
    seat: Int32Builder,
    flags: Int32Builder,
    post_aggr: Int32Builder,
    post_calls: Int32Builder,
    post_folds: Int32Builder,
}

impl FlagCols {
    fn new(n: usize) -> Self {
        FlagCols {
            hand: Vec::with_capacity(n),
            seat: int(n),
            flags: int(n),
            post_aggr: int(n),
            post_calls: int(n),
            post_folds: int(n),
        }
    }

    fn finish_rest(&mut self) -> Vec<ArrayRef> {
        arrays!(self; seat, flags, post_aggr, post_calls, post_folds)
    }
}

struct RejectCols {
    source_file: StringBuilder,
    source_offset: Int64Builder,
    line: Int32Builder,
    site: StringBuilder,
    reason: StringBuilder,
    detail: StringBuilder,
    raw_text: StringBuilder,
}

impl RejectCols {
    fn new() -> Self {
        RejectCols {
            source_file: text(0),
            source_offset: Int64Builder::new(),
            line: int(0),
            site: text(0),
            reason: text(0),
            detail: text(0),
            raw_text: text(0),
        }
    }

    fn finish(&mut self) -> Vec<ArrayRef> {
        arrays!(self; source_file, source_offset, line, site, reason, detail, raw_text)
    }
}

/// Every table's columns; hands are appended one at a time.
pub struct Tables {
    path: String,
    imported_at: i64,
    h: HandCols,
    s: SeatCols,
    a: ActionCols,
    p: PotCols,
    f: FindingCols,
    x: FlagCols,
    r: RejectCols,
    pub n_hands: usize,
    pub n_rejects: usize,
    /// The site of the rows added next (a PHHS file's hands may name different venues).
    site: String,
    /// Scratch text of one cell's cards, reused across cells and hands.
    buf: String,
    /// Scratch of [`positions_into`]: the seats dealt in, and each one's position.
    active: Vec<i64>,
    pos: Vec<(i64, &'static str)>,
    /// Scratch of [`facts::hand_facts`]: the seats dealt in, what each did, their facts.
    dealt: Vec<Dealt>,
    states: Vec<SeatState>,
    facts: Vec<SeatFacts>,
}

/// Rows one hand added to the seats, actions, pots, findings and seat_flags tables.
pub type Counts = [usize; 5];

/// A list of the players at `seats` (a seat's number where it has no player).
fn names<'h>(
    l: &mut ListBuilder<StringBuilder>,
    seats: &[i64],
    name_of: impl Fn(i64) -> Option<&'h str>,
) {
    for &seat in seats {
        match name_of(seat) {
            Some(name) => l.values().append_value(name),
            None => l.values().append_value(seat.to_string()),
        }
    }
    l.append(true);
}

fn seat_list(l: &mut ListBuilder<Int32Builder>, xs: &[i64]) {
    for &x in xs {
        l.values().append_value(x as i32);
    }
    l.append(true);
}

/// The store's text of `cards` ([`join_cards`]), written into the reused `buf`.
fn cards_text<'b>(buf: &'b mut String, cards: &[Card]) -> &'b str {
    buf.clear();
    push_cards(buf, cards);
    buf
}

/// A child table's `site` or `hand_id`: its hand's value (`of`, a hands-table column) for
/// each row's hand index, copied in one pass instead of appended row by row.
fn per_row(of: &ArrayRef, hands: &UInt32Array) -> ArrayRef {
    let check = Some(TakeOptions { check_bounds: true });
    take(of.as_ref(), hands, check).expect("each row's hand is a row of the hands table")
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
            h: HandCols::new(hands),
            s: SeatCols::new(hands * PER_HAND[0]),
            a: ActionCols::new(hands * PER_HAND[1]),
            p: PotCols::new(hands * PER_HAND[2]),
            f: FindingCols::new(hands * PER_HAND[3]),
            x: FlagCols::new(hands * PER_HAND[0]),
            r: RejectCols::new(),
            n_hands: 0,
            n_rejects: 0,
            site: SITE.to_string(),
            buf: String::new(),
            active: Vec::new(),
            pos: Vec::new(),
            dealt: Vec::new(),
            states: Vec::new(),
            facts: Vec::new(),
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
        let r = &mut self.r;
        r.source_file.append_value(&self.path);
        r.source_offset.append_value(offset);
        r.line.append_value(line as i32);
        r.site.append_value(&self.site);
        r.reason.append_value(reason);
        r.detail.append_value(detail);
        r.raw_text.append_value(raw);
        self.n_rejects += 1;
    }

    /// Append one hand's rows to every table.
    pub fn add(&mut self, hand: &Hand, rep: &Replay) -> Counts {
        let f = 10i64.pow(2 - hand.decimals);
        // the index the hand's row gets in the hands table (appended last, below)
        let at = self.n_hands as u32;
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
        positions_into(hand, &mut self.active, &mut self.pos);
        let pos = &self.pos;
        // `flatten.FEE_INCLUDED_SITES`: where the printed cash-out is already net of its fee
        let fee_included = self.site == "pokerstars";
        let v = &mut self.s;
        self.dealt.clear();
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
            let position = pos.iter().find(|p| p.0 == seat.seat).map(|p| p.1);
            let showdown = r.is_some_and(|r| r.went_to_showdown);
            if !seat.sitting_out {
                self.dealt.push(Dealt {
                    seat: seat.seat,
                    position,
                    showdown,
                    won: collected > 0,
                });
            }
            v.hand.push(at);
            v.seat.append_value(seat.seat as i32);
            v.player.append_value(&seat.player);
            v.position.append_option(position);
            v.starting_stack.append_value(cents(seat.stack, f));
            let hole = seat.hole.as_ref().filter(|h| !h.is_empty());
            v.hole_cards
                .append_option(hole.map(|h| cards_text(&mut self.buf, h)));
            v.invested.append_value(cents(invested, f));
            v.collected.append_value(cents(collected, f));
            v.won.append_value(cents(won, f));
            v.net.append_value(cents(collected - invested, f));
            v.final_stack
                .append_value(cents(seat.stack - invested + collected, f));
            v.went_to_showdown.append_value(showdown);
            v.is_hero.append_value(seat.is_hero);
            v.sitting_out.append_value(seat.sitting_out);
        }
        // actions
        let mut pot = 0i64;
        let v = &mut self.a;
        for (seq, a) in hand.actions.iter().enumerate() {
            pot += if a.kind == Kind::UncalledReturn {
                -a.amount
            } else {
                a.amount
            };
            v.hand.push(at);
            v.seq.append_value(seq as i32);
            v.street.append_value(a.street.name());
            v.seat.append_value(a.seat as i32);
            v.player.append_option(name_of(a.seat));
            v.kind.append_value(a.kind.value());
            v.amount.append_value(cents(a.amount, f));
            v.to_amount.append_value(cents(a.to, f));
            v.all_in.append_value(a.all_in);
            if a.cards.is_empty() {
                v.cards.append_null();
            } else {
                v.cards.append_value(cards_text(&mut self.buf, &a.cards));
            }
            v.pot_after.append_value(cents(pot, f));
            v.line.append_value(a.line as i32);
        }
        // pots
        let v = &mut self.p;
        for p in &rep.pots {
            let printed = hand
                .report
                .pots
                .iter()
                .rev()
                .find(|x| x.0 == p.index)
                .map(|x| x.1);
            v.hand.push(at);
            v.pot_index.append_value(p.index as i32);
            v.amount.append_value(cents(p.amount, f));
            v.printed_amount.append_option(printed.map(|x| cents(x, f)));
            names(&mut v.eligible, &p.eligible, name_of);
            names(&mut v.winners, &p.winners, name_of);
            seat_list(&mut v.eligible_seats, &p.eligible);
            seat_list(&mut v.winner_seats, &p.winners);
        }
        // findings
        let v = &mut self.f;
        for x in &rep.findings {
            v.hand.push(at);
            v.code.append_value(x.code);
            v.severity.append_value(x.severity.value());
            v.message.append_value(&x.message);
            v.line.append_value(x.line as i32);
            for &amount in &x.amounts {
                v.amounts.values().append_value(cents(amount, f));
            }
            v.amounts.append(true);
        }
        // the stat facts of the seats dealt in (none for a hand the SQL must read)
        let first = hand.boards.first().map_or(&[][..], |b| b.as_slice());
        self.facts.clear();
        let has_flop = first.len() >= 3;
        if hand_facts(
            &self.dealt,
            has_flop,
            &hand.actions,
            &mut self.states,
            &mut self.facts,
        ) {
            let v = &mut self.x;
            for (d, x) in self.dealt.iter().zip(&self.facts) {
                v.hand.push(at);
                v.seat.append_value(d.seat as i32);
                v.flags.append_value(x.flags as i32);
                v.post_aggr.append_value(x.post_aggr as i32);
                v.post_calls.append_value(x.post_calls as i32);
                v.post_folds.append_value(x.post_folds as i32);
            }
        }
        // the hand
        let has_error = rep
            .findings
            .iter()
            .any(|x| x.severity == crate::codes::Severity::Error);
        let v = &mut self.h;
        v.site.append_value(&self.site);
        v.hand_id.append_value(&hand.hand_id);
        v.source_file.append_value(&self.path);
        v.source_offset.append_value(hand.offset);
        v.source_line.append_value(hand.line as i32);
        v.game.append_value("holdem");
        v.limit_type.append_value(hand.limit.value());
        v.currency.append_value(&hand.currency);
        v.decimals.append_value(hand.decimals as i32);
        // the stakes the engine judged the hand at (the posts under a stale header)
        let st = rep.stakes.as_ref().unwrap_or(&hand.stakes);
        v.small_blind.append_value(cents(st.small_blind, f));
        v.big_blind.append_value(cents(st.big_blind, f));
        v.ante.append_value(cents(st.ante, f));
        v.small_bet.append_value(cents(st.small_bet, f));
        v.big_bet.append_value(cents(st.big_bet, f));
        v.started_at.append_option(hand.started_at);
        v.local_time.append_value(&hand.local_time);
        v.time_zone.append_value(&hand.time_zone);
        v.table_name.append_value(&hand.table_name);
        v.button_seat
            .append_option(hand.button_seat.map(|x| x as i32));
        v.max_seats.append_option(hand.max_seats.map(|x| x as i32));
        let dealt_in = hand.seats.iter().filter(|s| !s.sitting_out).count();
        v.n_players.append_value(dealt_in as i32);
        v.board.append_value(cards_text(&mut self.buf, first));
        for b in &hand.boards {
            v.boards.values().append_value(cards_text(&mut self.buf, b));
        }
        v.boards.append(true);
        v.total_pot
            .append_option(hand.report.total_pot.map(|x| cents(x, f)));
        v.engine_total_pot.append_value(cents(rep.total_pot, f));
        v.rake.append_option(hand.report.rake.map(|x| cents(x, f)));
        let fees: i64 = hand.report.fees.iter().map(|x| x.1).sum();
        v.fees.append_value(cents(fees, f));
        v.tournament_id.append_option(hand.tournament_id.as_deref());
        v.level.append_option(hand.level.as_deref());
        v.is_tournament.append_value(hand.is_tournament());
        v.fast_fold.append_value(hand.fast_fold);
        v.payouts_verified.append_value(rep.payouts_verified);
        v.has_error.append_value(has_error);
        v.n_findings.append_value(rep.findings.len() as i32);
        v.imported_at.append_value(self.imported_at);
        self.n_hands += 1;
        [
            hand.seats.len(),
            hand.actions.len(),
            rep.pots.len(),
            rep.findings.len(),
            self.facts.len(),
        ]
    }

    /// The tables, in the order hands, seats, actions, pots, findings, seat_flags, rejects.
    pub fn finish(mut self) -> Vec<(&'static str, RecordBatch)> {
        let site: ArrayRef = Arc::new(self.h.site.finish());
        let id: ArrayRef = Arc::new(self.h.hand_id.finish());
        // a child table: its rows' `site` and `hand_id` from their hands, then its own columns
        let keyed = |rest: Vec<ArrayRef>, hands: Vec<u32>| {
            let hands = UInt32Array::from(hands);
            let mut cols = vec![per_row(&site, &hands), per_row(&id, &hands)];
            cols.extend(rest);
            cols
        };
        let seats = keyed(self.s.finish_rest(), std::mem::take(&mut self.s.hand));
        let actions = keyed(self.a.finish_rest(), std::mem::take(&mut self.a.hand));
        let pots = keyed(self.p.finish_rest(), std::mem::take(&mut self.p.hand));
        let findings = keyed(self.f.finish_rest(), std::mem::take(&mut self.f.hand));
        let flags = keyed(self.x.finish_rest(), std::mem::take(&mut self.x.hand));
        let mut hands = vec![site.clone(), id.clone()];
        hands.extend(self.h.finish_rest());
        let batch = |cols: &[&str], arrays: Vec<ArrayRef>| {
            RecordBatch::try_new(schema(cols), arrays).expect("columns match the schema")
        };
        vec![
            ("hands", batch(&HAND_COLS, hands)),
            ("seats", batch(&SEAT_COLS, seats)),
            ("actions", batch(&ACTION_COLS, actions)),
            ("pots", batch(&POT_COLS, pots)),
            ("findings", batch(&FINDING_COLS, findings)),
            ("seat_flags", batch(&FLAG_COLS, flags)),
            ("rejects", batch(&REJECT_COLS, self.r.finish())),
        ]
    }
}
