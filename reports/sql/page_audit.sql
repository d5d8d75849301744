-- Findings of the hands in page_keys grouped by code, site and severity, errors first, with
-- up to $examples example hands (site:hand_id) per group and one message.
SELECT f.code, f.site, f.severity,
       count(*) AS findings,
       count(DISTINCT (f.site, f.hand_id)) AS hands,
       list(DISTINCT f.site || ':' || f.hand_id
            ORDER BY f.site || ':' || f.hand_id)[1:$examples] AS examples,
       min(f.message) AS example_message
FROM findings f SEMI JOIN page_keys k USING (site, hand_id)
GROUP BY f.code, f.site, f.severity
ORDER BY CASE f.severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END,
         findings DESC, f.code, f.site
