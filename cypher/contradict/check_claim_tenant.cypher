// A scan: claim the tenant's (or one entity's) waiting checks that no worker is running
// now (handed to the checker process counts as not running yet), retry delays ignored
// (the caller asked), in (check_due, id) order after the cursor ($after_due,
// $after_id), so a check that fails is not taken twice in one scan.
// Lock first, then read the claim again, as check_claim_due. The cursor is what the scan
// saw before the lock (`seen`): another worker may finish a check meanwhile, and its
// check_due is then gone.
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id AND m.check_due IS NOT NULL
  AND ($entity_id IS NULL OR m.entity_id = $entity_id)
  AND (m.check_due > $after_due OR (m.check_due = $after_due AND m.id > $after_id))
  AND (m.check_claimed_by IS NULL OR m.check_claimed_until <= $now
       OR m.check_claimed_by = $handoff)
WITH m, m.check_due AS seen ORDER BY seen, m.id LIMIT $limit
SET m.check_lock = true
REMOVE m.check_lock
WITH m, seen, m.check_due AS due,
     m.check_due IS NOT NULL
       AND (m.check_claimed_by IS NULL OR m.check_claimed_until <= $now
            OR m.check_claimed_by = $handoff) AS claimed
FOREACH (_ IN CASE WHEN claimed THEN [1] ELSE [] END |
  SET m.check_claimed_by = $holder, m.check_claimed_until = $until)
RETURN m.id AS id, seen, due, claimed
ORDER BY seen, id
