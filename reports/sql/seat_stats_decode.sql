-- The end of seat_stats_stored.sql and seat_stats_keyed.sql: given CTEs `s` (every dealt
-- seat of the hands decoded, with its stored flags and counts), `h` (those hands, from
-- seat_hand_rows.sql) and `paid` (what each hand's winners collected), each keyed by an
-- integer `k`, the seat_stats row of each seat: its context, its money, and each fact of
-- reports/facts.py decoded from its bit of `flags` (bit i is reports.facts.FLAGS[i];
-- tests/reports/test_facts.py holds them equal). Only ever used through @include.
SELECT h.site, h.hand_id, s.seat, s.player, s.position, h.currency, h.decimals, h.game,
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
