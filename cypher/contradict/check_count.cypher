// How many memories of the tenant (or touching one entity) still wait for their check.
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id AND m.check_due IS NOT NULL
  AND ($entity_id IS NULL OR m.entity_id = $entity_id)
RETURN count(m) AS waiting
