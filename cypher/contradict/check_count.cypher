// How many memories of the tenant (or touching one entity) still wait for their check,
// and how many of those a worker is running now: claimed, the claim not expired (a
// failed check let its claim go until its retry; a stopped worker's claim expires).
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id AND m.check_due IS NOT NULL
  AND ($entity_id IS NULL OR m.entity_id = $entity_id)
RETURN count(m) AS waiting,
       count(CASE WHEN m.check_claimed_by IS NOT NULL AND m.check_claimed_until > $now
                  THEN 1 END) AS running
