-- Store totals: hands, hands with an error finding, rejects, files.
SELECT (SELECT count(*) FROM hands) AS hands,
       (SELECT count(*) FROM hands WHERE has_error) AS hands_with_errors,
       (SELECT count(*) FROM findings) AS findings,
       (SELECT count(*) FROM rejects) AS rejects,
       (SELECT count(*) FROM files) AS files
