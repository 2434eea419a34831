// The sweep: claim up to $share waiting checks of each of $tenants that nobody holds (no
// live claim, no retry delay running) or that an API process handed to the checker
// process (claimed by $handoff, contradiction_checker "process"), each tenant's oldest
// first: one tenant's backlog (an import) keeps no other tenant's checks, and the review
// waiting for them, behind it. The first SET takes each node's write lock before the
// claim is read again, so two workers never both win one memory (as
// reflect/lease_acquire). Rows not won (another worker was quicker) come back with
// claimed = false.
UNWIND $tenants AS tenant
CALL (tenant) {
  MATCH (m:Memory)
  WHERE m.tenant_id = tenant AND m.check_due IS NOT NULL
    AND (m.check_claimed_until IS NULL OR m.check_claimed_until <= $now
         OR m.check_claimed_by = $handoff)
  WITH m ORDER BY m.check_due LIMIT $share
  RETURN m
}
SET m.check_lock = true
REMOVE m.check_lock
WITH m, m.check_due IS NOT NULL
        AND (m.check_claimed_until IS NULL OR m.check_claimed_until <= $now
             OR m.check_claimed_by = $handoff) AS claimed
FOREACH (_ IN CASE WHEN claimed THEN [1] ELSE [] END |
  SET m.check_claimed_by = $holder, m.check_claimed_until = $until)
RETURN m.tenant_id AS tenant_id, m.id AS id, m.check_due AS due, claimed
