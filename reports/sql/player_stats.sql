-- Per player (and site, currency: chips and money never add up together): every statistic as
-- its two counts, done over opportunities, plus money. The counts are what to add up across
-- rows; the percentages are derived from them here only for display.
-- Parameters: those of seat_facts.sql, and $min_hands.
SELECT site, player, currency,
    count(*) AS hands,
    count(*) FILTER (WHERE vpip_opp) AS vpip_opps,
    count(*) FILTER (WHERE vpip_opp AND vpip) AS vpip_hands,
    count(*) FILTER (WHERE vpip_opp AND pfr) AS pfr_hands,
    count(*) FILTER (WHERE three_bet_opp) AS three_bet_opps,
    count(*) FILTER (WHERE three_bet) AS three_bet_hands,
    count(*) FILTER (WHERE fold_to_three_bet_opp) AS fold_to_three_bet_opps,
    count(*) FILTER (WHERE fold_to_three_bet) AS fold_to_three_bet_hands,
    count(*) FILTER (WHERE four_bet_opp) AS four_bet_opps,
    count(*) FILTER (WHERE four_bet) AS four_bet_hands,
    count(*) FILTER (WHERE fold_to_four_bet_opp) AS fold_to_four_bet_opps,
    count(*) FILTER (WHERE fold_to_four_bet) AS fold_to_four_bet_hands,
    count(*) FILTER (WHERE cbet_flop_opp) AS cbet_flop_opps,
    count(*) FILTER (WHERE cbet_flop) AS cbet_flop_hands,
    count(*) FILTER (WHERE cbet_turn_opp) AS cbet_turn_opps,
    count(*) FILTER (WHERE cbet_turn) AS cbet_turn_hands,
    count(*) FILTER (WHERE fold_to_cbet_flop_opp) AS fold_to_cbet_flop_opps,
    count(*) FILTER (WHERE fold_to_cbet_flop) AS fold_to_cbet_flop_hands,
    count(*) FILTER (WHERE fold_to_cbet_turn_opp) AS fold_to_cbet_turn_opps,
    count(*) FILTER (WHERE fold_to_cbet_turn) AS fold_to_cbet_turn_hands,
    count(*) FILTER (WHERE steal_opp) AS steal_opps,
    count(*) FILTER (WHERE steal) AS steal_hands,
    count(*) FILTER (WHERE fold_sb_to_steal_opp) AS fold_sb_to_steal_opps,
    count(*) FILTER (WHERE fold_sb_to_steal) AS fold_sb_to_steal_hands,
    count(*) FILTER (WHERE fold_bb_to_steal_opp) AS fold_bb_to_steal_opps,
    count(*) FILTER (WHERE fold_bb_to_steal) AS fold_bb_to_steal_hands,
    count(*) FILTER (WHERE saw_flop) AS flops_seen,
    count(*) FILTER (WHERE wtsd) AS showdowns,
    count(*) FILTER (WHERE won_sd) AS showdowns_won,
    count(*) FILTER (WHERE won_after_flop) AS won_after_flop,
    CAST(sum(post_aggr) AS BIGINT) AS postflop_bets_raises,
    CAST(sum(post_calls) AS BIGINT) AS postflop_calls,
    CAST(sum(post_folds) AS BIGINT) AS postflop_folds,
    round(100.0 * count(*) FILTER (WHERE vpip_opp AND vpip)
          / nullif(count(*) FILTER (WHERE vpip_opp), 0), 1) AS vpip,
    round(100.0 * count(*) FILTER (WHERE vpip_opp AND pfr)
          / nullif(count(*) FILTER (WHERE vpip_opp), 0), 1) AS pfr,
    round(100.0 * count(*) FILTER (WHERE three_bet)
          / nullif(count(*) FILTER (WHERE three_bet_opp), 0), 1) AS three_bet,
    round(100.0 * count(*) FILTER (WHERE fold_to_three_bet)
          / nullif(count(*) FILTER (WHERE fold_to_three_bet_opp), 0), 1) AS fold_to_three_bet,
    round(100.0 * count(*) FILTER (WHERE four_bet)
          / nullif(count(*) FILTER (WHERE four_bet_opp), 0), 1) AS four_bet,
    round(100.0 * count(*) FILTER (WHERE cbet_flop)
          / nullif(count(*) FILTER (WHERE cbet_flop_opp), 0), 1) AS cbet_flop,
    round(100.0 * count(*) FILTER (WHERE cbet_turn)
          / nullif(count(*) FILTER (WHERE cbet_turn_opp), 0), 1) AS cbet_turn,
    round(100.0 * count(*) FILTER (WHERE fold_to_cbet_flop)
          / nullif(count(*) FILTER (WHERE fold_to_cbet_flop_opp), 0), 1) AS fold_to_cbet_flop,
    round(100.0 * count(*) FILTER (WHERE fold_to_cbet_turn)
          / nullif(count(*) FILTER (WHERE fold_to_cbet_turn_opp), 0), 1) AS fold_to_cbet_turn,
    round(100.0 * count(*) FILTER (WHERE steal)
          / nullif(count(*) FILTER (WHERE steal_opp), 0), 1) AS steal,
    round(100.0 * count(*) FILTER (WHERE fold_sb_to_steal)
          / nullif(count(*) FILTER (WHERE fold_sb_to_steal_opp), 0), 1) AS fold_sb_to_steal,
    round(100.0 * count(*) FILTER (WHERE fold_bb_to_steal)
          / nullif(count(*) FILTER (WHERE fold_bb_to_steal_opp), 0), 1) AS fold_bb_to_steal,
    round(100.0 * count(*) FILTER (WHERE wtsd)
          / nullif(count(*) FILTER (WHERE saw_flop), 0), 1) AS wtsd,
    round(100.0 * count(*) FILTER (WHERE won_sd)
          / nullif(count(*) FILTER (WHERE wtsd), 0), 1) AS wsd,
    round(100.0 * count(*) FILTER (WHERE won_after_flop)
          / nullif(count(*) FILTER (WHERE saw_flop), 0), 1) AS wwsf,
    round(CAST(sum(post_aggr) AS DOUBLE) / nullif(sum(post_calls), 0), 2) AS af,
    round(100.0 * sum(post_aggr)
          / nullif(sum(post_aggr) + sum(post_calls) + sum(post_folds), 0), 1) AS afq,
    sum(net) AS net_won,
    round(sum(net_bb), 2) AS net_bb,
    round(100.0 * sum(net_bb) / count(*), 2) AS bb_per_100,
    CAST(round(sum(rake_paid), 2) AS DECIMAL(18, 2)) AS rake_paid,
    coalesce(sum(net) FILTER (WHERE went_to_showdown), 0) AS showdown_won,
    coalesce(sum(net) FILTER (WHERE NOT went_to_showdown), 0) AS non_showdown_won
FROM (@include seat_facts) f
GROUP BY site, player, currency
HAVING count(*) >= $min_hands
ORDER BY hands DESC, player
