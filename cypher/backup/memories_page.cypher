// A page of everything a scope stores as :Memory (episodes, insights, snapshots), newest
// first by (occurred_at, id) as memory/list pages, read from the same indexes. Every
// property but the tenant's own keys, a waiting contradiction check (work, not data)
// and the caption and content_key (derived from the content); times as ISO-8601 strings; the vector
// only when $with_embeddings.
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id
  AND m.occurred_at <= $upper
  AND ($cursor_at IS NOT NULL OR m.occurred_at < $upper)
  AND ($entity_id IS NULL OR m.entity_id = $entity_id)
  AND ($cursor_at IS NULL OR m.occurred_at < $cursor_at
       OR (m.occurred_at = $cursor_at AND m.id < $cursor_id))
WITH m ORDER BY m.tenant_id DESC, m.occurred_at DESC, m.id DESC LIMIT $limit
RETURN m {.*, embedding: null, tenant_id: null, tenant_key: null, entity_key: null,
  check_due: null, check_claimed_by: null, check_claimed_until: null,
  check_failures: null, check_lock: null, name: null, content_key: null,
  occurred_at: toString(m.occurred_at), restated_at: toString(m.restated_at),
  created_at: toString(m.created_at),
  updated_at: toString(m.updated_at), last_accessed_at: toString(m.last_accessed_at),
  stale_since: toString(m.stale_since), superseded_at: toString(m.superseded_at),
  reviewed_at: toString(m.reviewed_at)} AS memory,
  CASE WHEN $with_embeddings THEN m.embedding ELSE null END AS embedding
