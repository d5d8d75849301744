-- Per player (and site, currency): hands, VPIP, PFR, net won, bb/100.
--   hands     seats dealt in (not sitting out)
--   vpip_opps hands in which the player had a preflop decision (fold/check/call/bet/raise):
--             a walk (everyone folds to the big blind) is no opportunity
--   vpip      hands with a preflop call, bet or raise (posting blinds is not voluntary)
--   pfr       hands with a preflop bet or raise
--   bb_per_100  sum of net / big blind per hand, per 100 hands dealt
-- Parameters: $player (NULL = everyone), $site (NULL = every site), $min_hands.
WITH dealt AS (
    SELECT s.site, s.hand_id, s.player, s.net, h.big_blind, h.currency
    FROM seats s JOIN hands h USING (site, hand_id)
    WHERE NOT s.sitting_out
      AND (CAST($player AS VARCHAR) IS NULL OR s.player = CAST($player AS VARCHAR))
      AND (CAST($site AS VARCHAR) IS NULL OR s.site = CAST($site AS VARCHAR))
),
pre AS (
    SELECT site, hand_id, player,
           bool_or(kind IN ('fold', 'check', 'call', 'bet', 'raise')) AS had_decision,
           bool_or(kind IN ('call', 'bet', 'raise')) AS vpip,
           bool_or(kind IN ('bet', 'raise')) AS pfr
    FROM actions
    WHERE street = 'preflop'
    GROUP BY site, hand_id, player
)
SELECT d.site,
       d.player,
       d.currency,
       count(*) AS hands,
       count(*) FILTER (WHERE p.had_decision) AS vpip_opps,
       count(*) FILTER (WHERE p.vpip) AS vpip_hands,
       count(*) FILTER (WHERE p.pfr) AS pfr_hands,
       round(100.0 * count(*) FILTER (WHERE p.vpip)
             / nullif(count(*) FILTER (WHERE p.had_decision), 0), 1) AS vpip,
       round(100.0 * count(*) FILTER (WHERE p.pfr)
             / nullif(count(*) FILTER (WHERE p.had_decision), 0), 1) AS pfr,
       sum(d.net) AS net_won,
       round(100.0 * sum(d.net / nullif(d.big_blind, 0)) / count(*), 2) AS bb_per_100
FROM dealt d
LEFT JOIN pre p USING (site, hand_id, player)
GROUP BY d.site, d.player, d.currency
HAVING count(*) >= $min_hands
ORDER BY hands DESC, d.player
