// A check failed: the marker stays; the claim is let go, and nobody's sweep takes the
// memory again before $retry_s x 2^(failures - 1) seconds (at most $retry_max_s).
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
WHERE m.tenant_id = $tenant_id
SET m.check_lock = true
REMOVE m.check_lock
WITH m, row
WHERE m.check_due = datetime(row.due)
WITH m, coalesce(m.check_failures, 0) + 1 AS failures
WITH m, failures, $retry_s * 2.0 ^ (CASE WHEN failures > 20 THEN 20 ELSE failures END - 1) AS wait
SET m.check_failures = failures, m.check_claimed_by = null,
    m.check_claimed_until = $now + duration({
      seconds: CASE WHEN wait > $retry_max_s THEN $retry_max_s ELSE wait END
    })
RETURN count(m) AS failed
