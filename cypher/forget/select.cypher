// Forget criteria without ids: scan the tenant (or one entity) and filter (AND).
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id AND m.occurred_at IS NOT NULL AND m.kind IN ['episode', 'insight']
  AND ($entity_id IS NULL OR m.entity_id = $entity_id)
  AND ($older_than IS NULL OR m.occurred_at < $older_than)
  AND ($access_count_below IS NULL OR m.access_count < $access_count_below)
  AND ($kind IS NULL OR m.kind = $kind)
  AND ($decay_below IS NULL OR @decay(m) < $decay_below)
RETURN m.id AS id
LIMIT $limit
