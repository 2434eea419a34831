// How many memories a tenant holds, counted no further than $cap (index only).
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id AND m.occurred_at IS NOT NULL
WITH m LIMIT $cap
RETURN count(m) AS size
