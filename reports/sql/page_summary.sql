-- The page's summary over the hands in the temporary table page_keys (no parameters): hands,
-- hands with an error, findings, players, sites, first and last start.
SELECT count(*) AS hands,
       count(*) FILTER (WHERE h.has_error) AS hands_with_errors,
       coalesce(sum(h.n_findings), 0) AS findings,
       (SELECT count(DISTINCT (s.site, s.player)) FROM seats s
        SEMI JOIN page_keys k USING (site, hand_id)
        WHERE NOT coalesce(s.anonymous, false)) AS players,
       count(DISTINCT h.site) AS sites,
       min(h.started_at) AS first_hand,
       max(h.started_at) AS last_hand,
       count(*) FILTER (WHERE h.is_tournament) AS tournament_hands
FROM hands h SEMI JOIN page_keys k USING (site, hand_id)
