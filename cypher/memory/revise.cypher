// Snapshot the current state, then apply the revision. The id stays; version + 1.
// $mark: as in memory/create (the revised memory's check waits again), or {}.
MATCH (m:Memory {id: $id})
WHERE m.tenant_id = $tenant_id AND m.kind <> 'snapshot'
CREATE (s:Memory:Snapshot {
  id: $snapshot_id, tenant_id: m.tenant_id, entity_id: m.entity_id, kind: 'snapshot',
  content: m.content, content_sha256: m.content_sha256, importance: m.importance,
  context_json: m.context_json, tags: m.tags, occurred_at: m.occurred_at,
  created_at: $now, updated_at: m.updated_at, last_accessed_at: m.last_accessed_at,
  access_count: m.access_count, decay_score: m.decay_score, version: m.version,
  snapshot_of: m.id, name: @caption(m)
})
CREATE (m)-[:REVISED_FROM {confidence: 1.0, created_at: $now}]->(s)
SET m.content = $content, m.content_sha256 = $content_sha256, m.content_key = $content_key,
    m.importance = $importance, m.context_json = $context_json,
    m.entity_id = $entity_id, m.entity_key = $entity_key,
    m.version = m.version + 1, m.updated_at = $now
SET m.name = @caption(m)
SET m += $mark
WITH m
CALL (m) {
  WITH m WHERE $embedding IS NOT NULL
  CALL db.create.setNodeVectorProperty(m, 'embedding', $embedding)
}
RETURN m {.*, embedding: null} AS memory
