//! Posts, live or dead (posting.py): how much of each post counts toward the player's bet, by
//! the site's rules (`sites.rs`), judged and applied in one place for the walk.
//!
//! An extra small blind (a small-blind-sized post from a seat other than the small blind's) is
//! live, dead, or read as printed with the player's next action deciding (`FromLog`); one post
//! of small plus big blind is the big blind live and the small blind dead; a zero post is no
//! post. Everything else is the plain rule: `check_post_amount` then `apply_post`.

use super::*;

/// Judge and apply one post by the site's rules; `posts` collects the posts the blind
/// positions are judged from (`blind_seats`), in log order.
pub(crate) fn post(st: &mut State, a: &Action, out: &mut Out, posts: &mut Vec<Action>) {
    let rules = st.rules;
    if rules.plain_posts() {
        // The plain reading (PokerStars today): every small blind, big blind and straddle live.
        let stakes = &st.hand.stakes;
        let stake = match a.kind {
            Kind::PostSmallBlind => stakes.small_blind,
            Kind::PostBigBlind => stakes.big_blind,
            Kind::PostAnte => stakes.ante,
            _ => -1,
        };
        // (check_post_amount finds nothing to say about a plain post of the stake's amount)
        if st.voluntary_seen || a.amount > st.stack(a.seat) || a.amount != stake {
            check_post_amount(st, a, out);
        }
        st.apply_post(a);
        posts.push(a.clone());
        return;
    }
    if a.amount == 0 && rules.zero_post_is_nothing {
        return;
    }
    let (kind, amount) = (a.kind, a.amount);
    let (small, big) = (st.hand.stakes.small_blind, st.hand.stakes.big_blind);
    posts.push(a.clone());
    if small > 0
        && big > 0
        && amount == small + big
        && matches!(kind, Kind::PostBigBlind | Kind::PostDead)
        && rules.split_combined_post
    {
        combined(st, a, small, big, out);
        return;
    }
    check_post_amount(st, a, out);
    if small > 0 && amount == small && is_extra_small_blind(a, posts) {
        extra_small_blind(st, a, rules.extra_small_blind);
        return;
    }
    st.apply_post(a);
}

/// Small plus big blind in one post: the big blind live, the small blind dead.
fn combined(st: &mut State, a: &Action, small: i64, big: i64, out: &mut Out) {
    check_post_amount_as(st, a, out, Some(&[small + big]));
    if a.kind == Kind::PostBigBlind {
        let mut live = a.clone();
        live.amount = big;
        st.apply_post(&live);
        st.put_in(a.seat, small, false);
        return;
    }
    // A dead post of both blinds: dead as printed, unless the player's next action shows the
    // big blind in it was live.
    st.put_in(a.seat, a.amount, false);
    mset(&mut st.flex, a.seat, big);
}

/// A small-blind-sized post that is not the positional small blind: a small blind after
/// another seat's blind, or a dead post from a seat with no blind of its own before it.
fn is_extra_small_blind(a: &Action, posts: &[Action]) -> bool {
    let seat = a.seat;
    let earlier = &posts[..posts.len() - 1];
    match a.kind {
        Kind::PostSmallBlind => earlier
            .iter()
            .any(|p| p.seat != seat && matches!(p.kind, Kind::PostSmallBlind | Kind::PostBigBlind)),
        Kind::PostDead => !earlier.iter().any(|p| {
            p.seat == seat
                && matches!(
                    p.kind,
                    Kind::PostSmallBlind | Kind::PostBigBlind | Kind::PostStraddle
                )
        }),
        _ => false,
    }
}

/// Apply an extra small blind live or dead by the site's rule (`FromLog`: as printed, the
/// other reading kept for the player's next action to decide, `resolve`).
fn extra_small_blind(st: &mut State, a: &Action, liveness: Liveness) {
    let (seat, chips) = (a.seat, a.amount);
    let live = match liveness {
        Liveness::FromLog => a.kind == Kind::PostSmallBlind,
        l => l == Liveness::Live,
    };
    st.put_in(seat, chips, false);
    if live {
        madd(&mut st.commit, seat, chips);
        let c = st.commit(seat);
        if c > st.current_bet {
            st.current_bet = c;
            st.full_raise_level = c;
        }
    }
    if liveness == Liveness::FromLog {
        mset(&mut st.flex, seat, if live { -chips } else { chips });
    }
}

/// The player's first action after a post whose liveness the log decides: keep the reading
/// the action fits, or switch to the other one when only that fits (`flex` holds the chips
/// the other reading adds to the street bet, negative when it takes them away).
pub(crate) fn resolve(st: &mut State, a: &Action) {
    let Some(i) = st.flex.iter().position(|x| x.0 == a.seat) else {
        return;
    };
    let delta = st.flex.remove(i).1;
    if a.street != Street::Preflop {
        return;
    }
    let commit = st.commit(a.seat);
    if fits(st, a, commit) || !fits(st, a, commit + delta) {
        return;
    }
    mset(&mut st.commit, a.seat, commit + delta);
}

/// Whether `a` is right for a player with `commit` in on the street.
fn fits(st: &State, a: &Action, commit: i64) -> bool {
    let owed = st.current_bet - commit;
    match a.kind {
        Kind::Call => owed > 0 && a.amount == owed.min(st.stack(a.seat)),
        Kind::Check => owed <= 0,
        Kind::Raise if a.to != 0 && a.amount != 0 => a.to - commit == a.amount,
        _ => true, // a fold or a bet says nothing about what was in
    }
}
