-- Per-seat facts (a CTE `seat_rows` of seat_facts rows with a `month` column) added up per
-- player, month and every filter a report can ask for, the position included: the statistics
-- of a million hands come from a few hundred thousand of these rows instead of millions of
-- seats, with or without a --position filter.
-- Every column is a count or a sum, so rows of the same player add up (player_stats.sql).
-- `anonymous` (a seat of a site that hides names) is kept apart so reports can leave it out.
SELECT site, player, currency, is_hero, anonymous, game, limit_type, small_blind, big_blind,
    stakes_small, stakes_big, is_tournament, tournament_id, position, month,
    count(*) AS hands,
    count_if(vpip_opp) AS vpip_opps,
    count_if(vpip_opp AND vpip) AS vpip_hands,
    count_if(vpip_opp AND pfr) AS pfr_hands,
    count_if(three_bet_opp) AS three_bet_opps,
    count_if(three_bet) AS three_bet_hands,
    count_if(fold_to_three_bet_opp) AS fold_to_three_bet_opps,
    count_if(fold_to_three_bet) AS fold_to_three_bet_hands,
    count_if(four_bet_opp) AS four_bet_opps,
    count_if(four_bet) AS four_bet_hands,
    count_if(fold_to_four_bet_opp) AS fold_to_four_bet_opps,
    count_if(fold_to_four_bet) AS fold_to_four_bet_hands,
    count_if(cbet_flop_opp) AS cbet_flop_opps,
    count_if(cbet_flop) AS cbet_flop_hands,
    count_if(cbet_turn_opp) AS cbet_turn_opps,
    count_if(cbet_turn) AS cbet_turn_hands,
    count_if(fold_to_cbet_flop_opp) AS fold_to_cbet_flop_opps,
    count_if(fold_to_cbet_flop) AS fold_to_cbet_flop_hands,
    count_if(fold_to_cbet_turn_opp) AS fold_to_cbet_turn_opps,
    count_if(fold_to_cbet_turn) AS fold_to_cbet_turn_hands,
    count_if(steal_opp) AS steal_opps,
    count_if(steal) AS steal_hands,
    count_if(fold_sb_to_steal_opp) AS fold_sb_to_steal_opps,
    count_if(fold_sb_to_steal) AS fold_sb_to_steal_hands,
    count_if(fold_bb_to_steal_opp) AS fold_bb_to_steal_opps,
    count_if(fold_bb_to_steal) AS fold_bb_to_steal_hands,
    count_if(saw_flop) AS flops_seen,
    count_if(wtsd) AS showdowns,
    count_if(won_sd) AS showdowns_won,
    count_if(won_after_flop) AS won_after_flop,
    CAST(sum(post_aggr) AS BIGINT) AS post_aggr,
    CAST(sum(post_calls) AS BIGINT) AS post_calls,
    CAST(sum(post_folds) AS BIGINT) AS post_folds,
    sum(net) AS net,
    sum(net_bb) AS net_bb,
    sum(rake_paid) AS rake_paid,
    sum(net) FILTER (WHERE went_to_showdown) AS showdown_net,
    sum(net) FILTER (WHERE NOT went_to_showdown) AS non_showdown_net
FROM seat_rows
GROUP BY ALL
