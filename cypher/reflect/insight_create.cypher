// Store insights, each with INSIGHT_FROM edges to its sources. Rows carry id, embedding,
// importance (already scored) and source_ids (already checked to exist in this tenant).
// $mark: as in memory/create (a waiting contradiction check), or {}.
UNWIND $rows AS row
CREATE (m:Memory:Insight {
  id: row.id, tenant_id: $tenant_id, tenant_key: $tenant_key,
  entity_id: row.entity_id, entity_key: row.entity_key, kind: 'insight',
  content: row.content, content_sha256: row.content_sha256,
  importance: row.importance, context_json: row.context_json, tags: row.tags,
  occurred_at: $now, created_at: $now, updated_at: $now,
  last_accessed_at: $now, access_count: 0, decay_score: row.importance, version: 1,
  confidence: row.confidence, source_count: size(row.source_ids), stale: false,
  hidden: 0
})
SET m.name = @caption(m)
SET m += $mark
WITH m, row
CALL db.create.setNodeVectorProperty(m, 'embedding', row.embedding)
WITH m, row
CALL (m, row) {
  UNWIND row.source_ids AS sid
  MATCH (s:Memory {id: sid})
  WHERE s.tenant_id = $tenant_id
  CREATE (m)-[:INSIGHT_FROM {confidence: row.confidence, created_at: $now}]->(s)
  RETURN count(s) AS linked
}
RETURN m.id AS id, linked
