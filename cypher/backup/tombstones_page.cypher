// A page of a scope's tombstones by memory_id (an id is forgotten once).
MATCH (t:Tombstone)
WHERE t.tenant_id = $tenant_id AND t.memory_id > $after
  AND ($entity_id IS NULL OR t.entity_id = $entity_id)
WITH t ORDER BY t.memory_id, t.forgotten_at LIMIT $limit
RETURN t {.*, tenant_id: null, forgotten_at: toString(t.forgotten_at)} AS tombstone
