// How many memories an entity holds, counted no further than $cap (index only).
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id AND m.entity_id = $entity_id AND m.occurred_at IS NOT NULL
WITH m LIMIT $cap
RETURN count(m) AS size
