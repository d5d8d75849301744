-- Every finding with its hand's provenance, for export (CSV / JSON / Parquet).
-- Parameters: $severity, $code, $site (NULL = all).
SELECT f.site, f.hand_id, f.code, f.severity, f.message, f.line,
       h.source_file, h.source_offset, h.started_at
FROM findings f LEFT JOIN hands h USING (site, hand_id)
WHERE (CAST($severity AS VARCHAR) IS NULL OR f.severity = CAST($severity AS VARCHAR))
  AND (CAST($code AS VARCHAR) IS NULL OR f.code = CAST($code AS VARCHAR))
  AND (CAST($site AS VARCHAR) IS NULL OR f.site = CAST($site AS VARCHAR))
ORDER BY CASE f.severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END,
         f.code, f.site, f.hand_id, f.line
