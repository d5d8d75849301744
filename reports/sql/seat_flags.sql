-- The second half of seat_facts.sql: given a CTE `h` of hands (seat_hands.sql), one row per
-- dealt seat with every flag the player statistics count (opportunity and done, as booleans)
-- and the money each hand moved. Set-based: one windowed pass over the decisions of those
-- hands, one GROUP BY (hand, seat), per-hand GROUP BYs over the seats, and one join of the
-- per-hand facts to the seats. This text continues a WITH clause (it starts at the CTE
-- after `h`), so it is only ever used through @include.
-- Speed (refresh computes this for every imported hand): only decisions enter the window
-- (posts, shows and returns never count); each hand gets a number `k`, so the window, the
-- GROUP BYs and the joins hash and sort integers, not (site, hand_id) strings (half the time);
-- "the first decision such that ..." is a min() over one BIGINT that orders like seq and
-- carries the decision's kind (a third cheaper than arg_min); the per-hand facts come from the
-- per-seat rows (half as many as actions) so the actions are read once, and they are joined
-- to the seats once, from a materialized CTE: otherwise the planner, misjudging the size of
-- `h`, builds its hash tables on the seats.
-- Parameters: $player, $hero (boolean: only the hero's seats), $positions (VARCHAR[]),
-- $include_anonymous (false: leave out anonymous seats; NULL: every seat, as stored).
-- each hand of `h`, numbered (only within this query)
hk AS MATERIALIZED (
    SELECT site, hand_id, CAST(row_number() OVER () AS INTEGER) AS k FROM h
),
-- every decision (fold, check, call, bet, raise) of those hands, with the bets/raises and calls
-- made before it on its street (the running count up to it, minus itself)
a0 AS (
    SELECT hk.k, x.seat, x.street, x.seq,
           CAST(x.kind AS ENUM('fold', 'check', 'call', 'bet', 'raise')) AS kind,
           sum(CAST(x.kind IN ('bet', 'raise') AS INTEGER)) OVER w
               - CAST(x.kind IN ('bet', 'raise') AS INTEGER) AS raises_before,
           sum(CAST(x.kind = 'call' AS INTEGER)) OVER w
               - CAST(x.kind = 'call' AS INTEGER) AS calls_before
    FROM actions x JOIN hk USING (site, hand_id)
    WHERE x.street IN ('preflop', 'flop', 'turn', 'river')
      AND x.kind IN ('fold', 'check', 'call', 'bet', 'raise')
    WINDOW w AS (PARTITION BY hk.k, x.street ORDER BY x.seq
                 ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
),
-- `d`: a decision as one number that orders like seq (unique in a hand) and carries its kind
-- and whether it faced no raise and no call on its street, so that "the first decision such
-- that ..." is a plain min() (see `sad`, which reads the parts back)
a AS (
    SELECT *, CAST(seq AS BIGINT) * 32 + enum_code(kind) * 4
                  + CAST(raises_before = 0 AS INTEGER) * 2 + CAST(calls_before = 0 AS INTEGER) AS d
    FROM a0
),
-- per seat: what it did, and what it first did at each raise level of each street (a seat
-- that only posted has no row: the flags below read that as no decision, like a row of none)
sa AS (
    SELECT k, seat,
        bool_or(street = 'preflop') AS pre_decision,
        bool_or(street = 'preflop' AND kind IN ('call', 'bet', 'raise')) AS vpip,
        bool_or(street = 'preflop' AND kind IN ('bet', 'raise')) AS pfr,
        bool_or(street = 'preflop' AND kind = 'fold') AS folded_pre,
        bool_or(street = 'preflop' AND kind IN ('bet', 'raise') AND raises_before = 0) AS opened,
        -- a seat's first decision with a property: the least `d` (see `a`) among those rows
        min(d) FILTER (WHERE street = 'preflop') AS pre_first,
        min(d) FILTER (WHERE street = 'preflop' AND raises_before = 1) AS pre_1,
        min(d) FILTER (WHERE street = 'preflop' AND raises_before = 2) AS pre_2,
        min(d) FILTER (WHERE street = 'preflop' AND raises_before = 3) AS pre_3,
        min(d) FILTER (WHERE street = 'flop' AND raises_before = 0) AS flop_0,
        min(d) FILTER (WHERE street = 'flop' AND raises_before = 1) AS flop_1,
        min(d) FILTER (WHERE street = 'turn' AND raises_before = 0) AS turn_0,
        min(d) FILTER (WHERE street = 'turn' AND raises_before = 1) AS turn_1,
        count(*) FILTER (WHERE street <> 'preflop' AND kind IN ('bet', 'raise')) AS post_aggr,
        count(*) FILTER (WHERE street <> 'preflop' AND kind = 'call') AS post_calls,
        count(*) FILTER (WHERE street <> 'preflop' AND kind = 'fold') AS post_folds,
        -- for the per-hand facts (a_hand): seq is unique in a hand, so these pick the same seat
        max(seq) FILTER (WHERE street = 'preflop' AND kind IN ('bet', 'raise')) AS last_pre_raise,
        min(seq) FILTER (WHERE street = 'flop' AND kind = 'bet') AS first_flop_bet,
        min(seq) FILTER (WHERE street = 'turn' AND kind = 'bet') AS first_turn_bet
    FROM a
    GROUP BY k, seat
),
-- the parts of each first decision: its kind, and whether it faced no raise / no call
sad AS (
    SELECT sa.* EXCLUDE (pre_first, pre_1, pre_2, pre_3, flop_0, flop_1, turn_0, turn_1),
        kinds[(pre_first // 4) % 8 + 1] AS pre_first_kind,
        (pre_first // 2) % 2 = 1 AS pre_first_unraised,
        pre_first % 2 = 1 AS pre_first_uncalled,
        kinds[(pre_1 // 4) % 8 + 1] AS pre_kind_1,
        pre_1 % 2 = 1 AS pre_uncalled_1,
        kinds[(pre_2 // 4) % 8 + 1] AS pre_kind_2,
        kinds[(pre_3 // 4) % 8 + 1] AS pre_kind_3,
        kinds[(flop_0 // 4) % 8 + 1] AS flop_kind_0,
        kinds[(flop_1 // 4) % 8 + 1] AS flop_kind_1,
        kinds[(turn_0 // 4) % 8 + 1] AS turn_kind_0,
        kinds[(turn_1 // 4) % 8 + 1] AS turn_kind_1
    FROM sa, (SELECT ['fold', 'check', 'call', 'bet', 'raise'] AS kinds)
),
-- every dealt seat of the filtered hands (before the player filter: others' positions matter)
s AS (
    SELECT hk.k, st.site, st.hand_id, st.seat, st.player, st.position, st.is_hero,
           coalesce(st.anonymous, false) AS anonymous,
           st.went_to_showdown, st.invested, st.collected, st.net,
           sa.* EXCLUDE (k, seat, last_pre_raise, first_flop_bet, first_turn_bet),
           st.position IN ('CO', 'BTN', 'SB') AND sa.pre_first_unraised
               AND sa.pre_first_uncalled AS steal_opp
    FROM seats st JOIN hk USING (site, hand_id)
    LEFT JOIN sad sa ON sa.k = hk.k AND sa.seat = st.seat
    WHERE NOT coalesce(st.sitting_out, false)
),
-- per hand: was the pot entered, who raised last preflop, who bet first on flop and turn,
-- whose open was a steal, and how much the winners collected (to share the rake)
a_hand AS (
    SELECT k,
        bool_or(vpip) AS pre_entered,
        arg_max(seat, last_pre_raise) AS pf_aggressor,
        arg_min(seat, first_flop_bet) AS flop_first_bettor,
        arg_min(seat, first_turn_bet) AS turn_first_bettor
    FROM sa
    GROUP BY k
),
s_hand AS (
    SELECT k,
        max(seat) FILTER (WHERE steal_opp AND pre_first_kind = 'raise') AS stealer,
        sum(greatest(collected, 0)) AS total_collected
    FROM s
    GROUP BY k
),
-- per hand, everything the seat flags need (a hand without seats' decisions has no a_hand row)
hf AS MATERIALIZED (
    SELECT hk.k, h.currency, h.decimals, h.game, h.limit_type, h.small_blind,
           h.big_blind, h.stakes_small, h.stakes_big, h.is_tournament, h.tournament_id,
           h.started_at, h.has_flop,
           h.rake AS hand_rake,
           coalesce(ah.pre_entered, false) AS pre_entered,
           ah.pf_aggressor, sh.stealer, sh.total_collected,
           ah.pf_aggressor IS NOT NULL AND ah.flop_first_bettor = ah.pf_aggressor AS flop_cbet,
           ah.pf_aggressor IS NOT NULL AND ah.flop_first_bettor = ah.pf_aggressor
               AND ah.turn_first_bettor = ah.pf_aggressor AS turn_cbet
    FROM s_hand sh
    JOIN hk USING (k)
    JOIN h ON h.site = hk.site AND h.hand_id = hk.hand_id
    LEFT JOIN a_hand ah USING (k)
),
f AS (
    SELECT s.* EXCLUDE (k), hf.* EXCLUDE (k)
    FROM s
    JOIN hf USING (k)
    WHERE (CAST($player AS VARCHAR) IS NULL OR lower(s.player) = lower(CAST($player AS VARCHAR)))
      AND (NOT coalesce(CAST($hero AS BOOLEAN), false) OR s.is_hero)
      AND (CAST($positions AS VARCHAR[]) IS NULL
           OR list_contains(CAST($positions AS VARCHAR[]), s.position))
      AND (CAST($include_anonymous AS BOOLEAN) IS NOT false OR NOT s.anonymous)
)
SELECT site, hand_id, seat, player, position, currency, decimals, game, limit_type, small_blind,
       big_blind, stakes_small, stakes_big, is_tournament, tournament_id,
       started_at, coalesce(is_hero, false) AS is_hero, anonymous,
       invested, collected, net,
       -- in big blinds, fixed at 12 places per seat so that every sum of them is exact: the
       -- same hands give the same total whatever the import's batches (a float sum did not)
       CAST(net / nullif(big_blind, 0) AS DECIMAL(38, 12)) AS net_bb,
       coalesce(went_to_showdown, false) AS went_to_showdown,
       -- the rake of a hand is paid by its winners, in proportion to what each collected
       CASE WHEN total_collected > 0 AND collected > 0
            THEN CAST(hand_rake * collected / total_collected AS DECIMAL(18, 4))
            ELSE CAST(0 AS DECIMAL(18, 4)) END AS rake_paid,
       -- VPIP / PFR: over hands minus walks (nobody entered the pot and this seat had no decision)
       NOT (NOT coalesce(pre_decision, false) AND NOT pre_entered) AS vpip_opp,
       coalesce(vpip, false) AS vpip,
       coalesce(pfr, false) AS pfr,
       -- 3-bet: facing exactly one preflop raise; fold to 3-bet: opened, then faced a re-raise
       pre_kind_1 IS NOT NULL AS three_bet_opp,
       coalesce(pre_kind_1 = 'raise', false) AS three_bet,
       coalesce(opened, false) AND pre_kind_2 IS NOT NULL AS fold_to_three_bet_opp,
       coalesce(opened, false) AND coalesce(pre_kind_2 = 'fold', false) AS fold_to_three_bet,
       -- 4-bet: opened, then re-raised a 3-bet (cold 4-bets are not counted); fold to 4-bet:
       -- 3-bet, then folded to a 4-bet. 4-bet + fold to 3-bet + call 3-bet share one denominator.
       coalesce(opened, false) AND pre_kind_2 IS NOT NULL AS four_bet_opp,
       coalesce(opened, false) AND coalesce(pre_kind_2 = 'raise', false) AS four_bet,
       coalesce(pre_kind_1 = 'raise', false) AND pre_kind_3 IS NOT NULL AS fold_to_four_bet_opp,
       coalesce(pre_kind_1 = 'raise', false) AND coalesce(pre_kind_3 = 'fold', false)
           AS fold_to_four_bet,
       -- steal: first in from CO, BTN or SB (everyone before folded); fold to steal: a blind
       -- facing that open alone (no caller in between)
       coalesce(steal_opp, false) AS steal_opp,
       coalesce(steal_opp AND pre_first_kind = 'raise', false) AS steal,
       coalesce(position = 'SB' AND stealer <> seat AND pre_kind_1 IS NOT NULL
                AND pre_uncalled_1, false) AS fold_sb_to_steal_opp,
       coalesce(position = 'SB' AND stealer <> seat AND pre_uncalled_1
                AND pre_kind_1 = 'fold', false) AS fold_sb_to_steal,
       coalesce(position = 'BB' AND stealer IS NOT NULL AND pre_kind_1 IS NOT NULL
                AND pre_uncalled_1, false) AS fold_bb_to_steal_opp,
       coalesce(position = 'BB' AND stealer IS NOT NULL AND pre_uncalled_1
                AND pre_kind_1 = 'fold', false) AS fold_bb_to_steal,
       -- continuation bets: the last preflop raiser bets first on the flop (and then the turn)
       coalesce(seat = pf_aggressor AND flop_kind_0 IS NOT NULL, false) AS cbet_flop_opp,
       coalesce(seat = pf_aggressor AND flop_cbet, false) AS cbet_flop,
       coalesce(seat <> pf_aggressor AND flop_cbet AND flop_kind_1 IS NOT NULL, false)
           AS fold_to_cbet_flop_opp,
       coalesce(seat <> pf_aggressor AND flop_cbet AND flop_kind_1 = 'fold', false)
           AS fold_to_cbet_flop,
       coalesce(seat = pf_aggressor AND flop_cbet AND turn_kind_0 IS NOT NULL, false)
           AS cbet_turn_opp,
       coalesce(seat = pf_aggressor AND turn_cbet, false) AS cbet_turn,
       coalesce(seat <> pf_aggressor AND turn_cbet AND turn_kind_1 IS NOT NULL, false)
           AS fold_to_cbet_turn_opp,
       coalesce(seat <> pf_aggressor AND turn_cbet AND turn_kind_1 = 'fold', false)
           AS fold_to_cbet_turn,
       -- flops seen, showdowns, wins
       has_flop AND NOT coalesce(folded_pre, false) AS saw_flop,
       has_flop AND NOT coalesce(folded_pre, false) AND coalesce(went_to_showdown, false)
           AS wtsd,
       coalesce(went_to_showdown, false) AND coalesce(collected > 0, false) AS won_sd,
       has_flop AND NOT coalesce(folded_pre, false) AND coalesce(collected > 0, false)
           AS won_after_flop,
       coalesce(post_aggr, 0) AS post_aggr,
       coalesce(post_calls, 0) AS post_calls,
       coalesce(post_folds, 0) AS post_folds
FROM f
