// Store a batch of episodes. Every row already carries its id, embedding and hashes.
// $mark: what a write listener sets on each new memory in this same transaction (a
// waiting contradiction check: services/contradict/check_queue.py), or {}.
UNWIND $rows AS row
CREATE (m:Memory:Episode {
  id: row.id, tenant_id: $tenant_id, tenant_key: $tenant_key,
  entity_id: row.entity_id, entity_key: row.entity_key, kind: 'episode',
  content: row.content, content_sha256: row.content_sha256, content_key: row.content_key,
  importance: row.importance, context_json: row.context_json, tags: row.tags,
  occurred_at: row.occurred_at, created_at: $now, updated_at: $now,
  last_accessed_at: $now, access_count: 0, decay_score: row.importance, version: 1,
  hidden: 0
})
SET m.name = @caption(m)
SET m += $mark
WITH m, row
CALL db.create.setNodeVectorProperty(m, 'embedding', row.embedding)
RETURN count(*) AS created
