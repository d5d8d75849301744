//! Pot slicing and awarding (pots.py, showdown.py): contribution levels into main and side
//! pots, and each pot's winners and odd-chip order from the button.

use super::*;

/// `pots.slices`: (amounts, eligible seats) by contribution level.
pub(crate) fn slices(
    contrib: &Map,
    live: &[i64],
    all_in: &[i64],
    total: i64,
) -> (Vec<i64>, Vec<Vec<i64>>) {
    if live.is_empty() {
        return if total != 0 {
            (vec![total], vec![vec![]])
        } else {
            (vec![], vec![])
        };
    }
    if all_in.is_empty() {
        return (vec![total], vec![live.to_vec()]);
    }
    let c = |s: i64| mget(contrib, s).unwrap();
    let top = live.iter().map(|&s| c(s)).max().unwrap();
    let mut levels: Vec<i64> = live
        .iter()
        .filter(|&&s| all_in.contains(&s) && c(s) < top)
        .map(|&s| c(s))
        .collect();
    levels.sort();
    levels.dedup();
    levels.push(top);
    let mut chips: Vec<i64> = contrib.iter().map(|x| x.1).collect();
    chips.sort();
    let n = chips.len();
    let mut amounts: Vec<i64> = Vec::new();
    let mut eligibles: Vec<Vec<i64>> = Vec::new();
    let mut low = 0i64;
    let last = levels.len() - 1;
    for (i, &high) in levels.iter().enumerate() {
        let above_low = bisect_right(&chips, low);
        let amount = if i == last {
            chips[above_low..].iter().sum::<i64>() - low * (n - above_low) as i64
        } else {
            let upto = above_low + bisect_right(&chips[above_low..], high);
            chips[above_low..upto].iter().sum::<i64>() - low * (upto - above_low) as i64
                + (high - low) * (n - upto) as i64
        };
        let eligible: Vec<i64> = live
            .iter()
            .copied()
            .filter(|&s| c(s) >= high || !all_in.contains(&s))
            .collect();
        if eligibles.last() == Some(&eligible) {
            *amounts.last_mut().unwrap() += amount;
        } else if amount > 0 || eligibles.is_empty() {
            amounts.push(amount);
            eligibles.push(eligible);
        }
        low = high;
    }
    (amounts, eligibles)
}

pub(crate) struct Award {
    pub(crate) payout: Map,
    pub(crate) gross: Map,
    pub(crate) winners: Vec<Vec<i64>>,
    pub(crate) net_amounts: Vec<i64>,
    pub(crate) unverified: Vec<(usize, Vec<i64>)>,
}

/// `seats` put in odd-chip order, in place: by seat number, from the first seat left of the
/// button (the seats after it, then those up to it, each part in seat order).
pub(crate) fn clockwise_from_button(seats: &mut [i64], button: Option<i64>) {
    seats.sort();
    if let Some(b) = button {
        let upto = seats.partition_point(|&s| s <= b);
        seats.rotate_left(upto);
    }
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn award(
    amounts: &[i64],
    eligibles: &[Vec<i64>],
    boards_in: &[Cards],
    known: &[(i64, &[Card])],
    button: Option<i64>,
    deduction: i64,
    mucked: &[i64],
) -> Result<Award, &'static str> {
    let mut r = Award {
        payout: vec![],
        gross: vec![],
        winners: vec![],
        net_amounts: vec![],
        unverified: vec![],
    };
    let raked = deduction != 0;
    let mut rankable: Option<bool> = None;
    let mut boards: Vec<&[Card]> = boards_in.iter().map(|b| b.as_slice()).collect();
    let mut left = deduction;
    let mut ranks: Vec<Vec<(i64, crate::eval::Strength)>> = Vec::new();
    let (mut won, mut ends, mut got) = (Vec::new(), Vec::new(), Vec::new());
    for (index, &full) in amounts.iter().enumerate() {
        let mut amount = full;
        if left != 0 {
            let take = left.min(full);
            left -= take;
            amount = full - take;
        }
        r.net_amounts.push(amount);
        let mut eligible: &[i64] = &eligibles[index];
        let pay_one = |r: &mut Award, seat: i64| {
            madd(&mut r.payout, seat, amount);
            if raked {
                madd(&mut r.gross, seat, full);
            }
        };
        if eligible.len() == 1 {
            pay_one(&mut r, eligible[0]);
            r.winners.push(eligible.to_vec());
            continue;
        }
        if eligible.is_empty() {
            r.winners.push(vec![]);
            continue;
        }
        let kept: Vec<i64>;
        if !mucked.is_empty() {
            let live: Vec<i64> = eligible
                .iter()
                .copied()
                .filter(|s| !mucked.contains(s))
                .collect();
            if live.len() == 1 {
                pay_one(&mut r, live[0]);
                r.winners.push(live);
                continue;
            }
            if !live.is_empty() {
                kept = live;
                eligible = &kept;
            }
        }
        if rankable.is_none() {
            if boards.len() != 1 || boards[0].len() != 5 {
                boards.retain(|b| !b.is_empty());
                if boards.is_empty() {
                    boards.push(&[]);
                }
            }
            rankable = Some(boards.iter().all(|b| b.len() == 5));
            ranks = vec![Vec::new(); boards.len()];
        }
        let has = |s: &i64| known.iter().any(|k| k.0 == *s);
        if !rankable.unwrap() || !eligible.iter().all(has) {
            let missing: Vec<i64> = eligible.iter().copied().filter(|s| !has(s)).collect();
            r.unverified.push((index, missing));
            r.winners.push(vec![]);
            continue;
        }
        // each board's winners in turn in `won` (board b's end at ends[b]), in odd-chip order:
        // buffers kept across the pots, not two vectors a board
        won.clear();
        ends.clear();
        for (b, board) in boards.iter().enumerate() {
            got.clear();
            for &s in eligible {
                let strength = match ranks[b].iter().find(|x| x.0 == s) {
                    Some(x) => x.1,
                    None => {
                        let hole = &known.iter().find(|k| k.0 == s).unwrap().1;
                        let Some(v) = crate::eval::strength(board, hole) else {
                            return Err("unrankable_cards");
                        };
                        ranks[b].push((s, v));
                        v
                    }
                };
                got.push(strength);
            }
            let top = *got.iter().max().unwrap();
            let start = won.len();
            won.extend(
                eligible
                    .iter()
                    .zip(&got)
                    .filter(|(_, g)| **g == top)
                    .map(|(s, _)| *s),
            );
            if won.len() - start > 1 {
                clockwise_from_button(&mut won[start..], button);
            }
            ends.push(won.len());
        }
        if won.len() == 1 && ends.len() == 1 {
            let seat = won[0];
            pay_one(&mut r, seat);
            r.winners.push(vec![seat]);
            continue;
        }
        let n_boards = ends.len() as i64;
        for b in 0..ends.len() {
            let winners = &won[if b == 0 { 0 } else { ends[b - 1] }..ends[b]];
            let targets = [(false, amount), (true, full)];
            for &(is_gross, chips) in &targets[..if raked { 2 } else { 1 }] {
                let share = chips.div_euclid(n_boards);
                let first_extra = chips.rem_euclid(n_boards);
                let board_amount = share + if b == 0 { first_extra } else { 0 };
                let k = winners.len() as i64;
                let (each, odd) = (board_amount.div_euclid(k), board_amount.rem_euclid(k));
                for (i, &w) in winners.iter().enumerate() {
                    let chips_won = each + if (i as i64) < odd { 1 } else { 0 };
                    madd(
                        if is_gross {
                            &mut r.gross
                        } else {
                            &mut r.payout
                        },
                        w,
                        chips_won,
                    );
                }
            }
        }
        let mut all: Vec<i64> = won.clone();
        all.sort();
        all.dedup();
        r.winners.push(all);
    }
    if !raked {
        r.gross = r.payout.clone();
    }
    Ok(r)
}

// ---- reconciliation ----------------------------------------------------------------------
