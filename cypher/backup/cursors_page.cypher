// A page of a scope's reflect cursors (how far reflection has read) by scope.
MATCH (c:ReflectCursor)
WHERE c.tenant_id = $tenant_id AND c.scope > $after
  AND ($entity_id IS NULL OR c.entity_id = $entity_id)
WITH c ORDER BY c.scope LIMIT $limit
RETURN c {.*, tenant_id: null, created_at: toString(c.created_at),
  touched_at: toString(c.touched_at), reflected_at: toString(c.reflected_at)} AS cursor
