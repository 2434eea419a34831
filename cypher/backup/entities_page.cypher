// A page of a scope's entity nodes (timeline counts) by entity_id.
MATCH (e:Entity)
WHERE e.tenant_id = $tenant_id AND e.entity_id > $after
  AND ($entity_id IS NULL OR e.entity_id = $entity_id)
WITH e ORDER BY e.entity_id LIMIT $limit
RETURN e {.*, tenant_id: null, created_at: toString(e.created_at),
  updated_at: toString(e.updated_at)} AS entity
