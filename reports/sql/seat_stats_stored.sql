-- The per-seat facts of the hands listed in the temporary table seat_stats_flagged (site,
-- hand_id), decoded from the flags the cores stored with each hand (the seat_flags table,
-- reports/facts.py): the same rows, column for column, that seat_stats_pending.sql computes
-- from the actions (the reference), at the cost of two joins instead of a windowed pass.
-- Bit i of `flags` is reports.facts.FLAGS[i] (tests/reports/test_facts.py holds them equal).
-- Parameters: those of seat_hands.sql, all NULL.
-- Speed: each hand gets a number `k` (as in seat_flags.sql), so the joins after the first
-- hash integers, not (site, hand_id) strings.
WITH hk AS MATERIALIZED (
    SELECT site, hand_id, CAST(row_number() OVER () AS INTEGER) AS k FROM seat_stats_flagged
),
h AS MATERIALIZED (
    SELECT hk.k, x.* FROM (
@include seat_hands
    ) x JOIN hk USING (site, hand_id)
),
fl AS (
    SELECT hk.k, f.seat, f.flags, f.post_aggr, f.post_calls, f.post_folds
    FROM seat_flags f JOIN hk USING (site, hand_id)
),
-- every dealt seat of those hands, with its flags (a flagged hand has a row per dealt seat)
s AS (
    SELECT hk.k, st.site, st.hand_id, st.seat, st.player, st.position, st.is_hero,
           coalesce(st.anonymous, false) AS anonymous, st.went_to_showdown,
           st.invested, st.collected, st.net, fl.flags, fl.post_aggr, fl.post_calls,
           fl.post_folds
    FROM seats st
    JOIN hk USING (site, hand_id)
    JOIN fl ON fl.k = hk.k AND fl.seat = st.seat
    WHERE NOT coalesce(st.sitting_out, false)
),
-- how much the winners of each hand collected (to share its rake)
paid AS (
    SELECT k, sum(greatest(collected, 0)) AS total_collected
    FROM s
    GROUP BY k
)
SELECT s.site, s.hand_id, s.seat, s.player, s.position, h.currency, h.decimals, h.game,
       h.limit_type, h.small_blind, h.big_blind, h.stakes_small, h.stakes_big,
       h.is_tournament, h.tournament_id, h.started_at, coalesce(s.is_hero, false) AS is_hero,
       s.anonymous, s.invested, s.collected, s.net,
       CAST(s.net / nullif(h.big_blind, 0) AS DECIMAL(38, 12)) AS net_bb,
       coalesce(s.went_to_showdown, false) AS went_to_showdown,
       CASE WHEN paid.total_collected > 0 AND s.collected > 0
            THEN CAST(h.rake * s.collected / paid.total_collected AS DECIMAL(18, 4))
            ELSE CAST(0 AS DECIMAL(18, 4)) END AS rake_paid,
       (s.flags >> 0) & 1 = 1 AS vpip_opp,
       (s.flags >> 1) & 1 = 1 AS vpip,
       (s.flags >> 2) & 1 = 1 AS pfr,
       (s.flags >> 3) & 1 = 1 AS three_bet_opp,
       (s.flags >> 4) & 1 = 1 AS three_bet,
       (s.flags >> 5) & 1 = 1 AS fold_to_three_bet_opp,
       (s.flags >> 6) & 1 = 1 AS fold_to_three_bet,
       (s.flags >> 7) & 1 = 1 AS four_bet_opp,
       (s.flags >> 8) & 1 = 1 AS four_bet,
       (s.flags >> 9) & 1 = 1 AS fold_to_four_bet_opp,
       (s.flags >> 10) & 1 = 1 AS fold_to_four_bet,
       (s.flags >> 11) & 1 = 1 AS steal_opp,
       (s.flags >> 12) & 1 = 1 AS steal,
       (s.flags >> 13) & 1 = 1 AS fold_sb_to_steal_opp,
       (s.flags >> 14) & 1 = 1 AS fold_sb_to_steal,
       (s.flags >> 15) & 1 = 1 AS fold_bb_to_steal_opp,
       (s.flags >> 16) & 1 = 1 AS fold_bb_to_steal,
       (s.flags >> 17) & 1 = 1 AS cbet_flop_opp,
       (s.flags >> 18) & 1 = 1 AS cbet_flop,
       (s.flags >> 19) & 1 = 1 AS fold_to_cbet_flop_opp,
       (s.flags >> 20) & 1 = 1 AS fold_to_cbet_flop,
       (s.flags >> 21) & 1 = 1 AS cbet_turn_opp,
       (s.flags >> 22) & 1 = 1 AS cbet_turn,
       (s.flags >> 23) & 1 = 1 AS fold_to_cbet_turn_opp,
       (s.flags >> 24) & 1 = 1 AS fold_to_cbet_turn,
       (s.flags >> 25) & 1 = 1 AS saw_flop,
       (s.flags >> 26) & 1 = 1 AS wtsd,
       (s.flags >> 27) & 1 = 1 AS won_sd,
       (s.flags >> 28) & 1 = 1 AS won_after_flop,
       CAST(s.post_aggr AS BIGINT) AS post_aggr,
       CAST(s.post_calls AS BIGINT) AS post_calls,
       CAST(s.post_folds AS BIGINT) AS post_folds
FROM s
JOIN h USING (k)
JOIN paid USING (k)
