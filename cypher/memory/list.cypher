// A page of memories, newest first by (occurred_at, id); the cursor is the last row's key.
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id
  AND ($entity_id IS NULL OR m.entity_id = $entity_id)
  AND m.kind IN $kinds
  AND ($since IS NULL OR m.occurred_at >= $since)
  AND ($until IS NULL OR m.occurred_at < $until)
  AND ($cursor_at IS NULL OR m.occurred_at < $cursor_at
       OR (m.occurred_at = $cursor_at AND m.id < $cursor_id))
WITH m ORDER BY m.occurred_at DESC, m.id DESC LIMIT $limit
RETURN @memory(m) AS memory
