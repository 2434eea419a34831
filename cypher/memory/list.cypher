// A page of memories, newest first by (occurred_at, id); the cursor is the last row's key.
// $since and $upper are always set (the caller puts the widest bounds in for "none";
// $upper is the cursor's time when there is one, else $until), so the index is read
// in order from $upper down and the page stops after $limit rows. ORDER BY names the
// index's leading key too (see recall/temporal_tenant_newest).
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id
  AND m.occurred_at >= $since AND m.occurred_at <= $upper
  AND ($cursor_at IS NOT NULL OR m.occurred_at < $upper)
  AND ($entity_id IS NULL OR m.entity_id = $entity_id)
  AND m.kind IN $kinds
  AND ($cursor_at IS NULL OR m.occurred_at < $cursor_at
       OR (m.occurred_at = $cursor_at AND m.id < $cursor_id))
WITH m ORDER BY m.tenant_id DESC, m.occurred_at DESC, m.id DESC LIMIT $limit
RETURN @memory(m) AS memory
