-- The filtered seats broken down by one dimension at a time (stakes, position, limit, month,
-- table size), per currency so cash and chips never add up: seats, net won, big blinds won,
-- bb/100, VPIP and PFR. One scan: a grouping set per dimension. Fixed-limit stakes read as
-- the game is named (small bet / big bet). Parameters: those of seat_facts.sql.
WITH kept AS (
@include seat_stats_filtered
), facts AS (
    SELECT k.currency, k.net, k.net_bb, k.vpip, k.pfr, k.vpip_opp,
           CASE WHEN k.limit_type = 'FL' AND coalesce(h.small_bet, 0) > 0
                THEN CAST(h.small_bet AS VARCHAR) || '/' || CAST(h.big_bet AS VARCHAR)
                ELSE CAST(k.small_blind AS VARCHAR) || '/' || CAST(k.big_blind AS VARCHAR)
           END || ' ' || coalesce(k.currency, '') AS stakes,
           coalesce(k.position, '?') AS position,
           coalesce(k.game, '?') || ' ' || coalesce(k.limit_type, '?') AS "limit",
           coalesce(strftime(k.started_at, '%Y-%m'), 'unknown') AS month,
           coalesce(CAST(h.max_seats AS VARCHAR) || '-max', 'unknown') AS table_size
    FROM kept k JOIN hands h USING (site, hand_id)
)
SELECT CASE WHEN GROUPING(stakes) = 0 THEN 'stakes'
            WHEN GROUPING(position) = 0 THEN 'position'
            WHEN GROUPING("limit") = 0 THEN 'limit'
            WHEN GROUPING(month) = 0 THEN 'month'
            ELSE 'table size' END AS dimension,
       coalesce(stakes, position, "limit", month, table_size) AS value,
       currency,
       count(*) AS hands,
       sum(net) AS net_won,
       sum(net_bb) AS net_bb,
       100.0 * sum(net_bb) / count(*) AS bb_per_100,
       100.0 * count(*) FILTER (WHERE vpip) / nullif(count(*) FILTER (WHERE vpip_opp), 0)
           AS vpip,
       100.0 * count(*) FILTER (WHERE pfr) / nullif(count(*) FILTER (WHERE vpip_opp), 0)
           AS pfr
FROM facts
GROUP BY GROUPING SETS ((stakes, currency), (position, currency), ("limit", currency),
                        (month, currency), (table_size, currency))
ORDER BY dimension, value, currency
