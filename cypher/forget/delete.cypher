// Hard delete: the memory, its snapshots, its pending contradictions, every edge.
// Deleting the nodes removes them from the vector and fulltext indexes too.
UNWIND $ids AS mid
MATCH (m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id
CALL (m) {
  OPTIONAL MATCH (m)-[:REVISED_FROM]->(s:Snapshot)
  DETACH DELETE s
}
CALL (m) {
  // A memory this one superseded comes back once its successor is gone.
  OPTIONAL MATCH (m)-[:REVISED_FROM]->(o:Memory)
  WHERE NOT o:Snapshot AND o.superseded_by = m.id
  SET o.superseded_by = null, o.superseded_at = null
  SET o.hidden = @hidden(o)
}
// Pending contradictions, found through their memory-id indexes (schema 005).
CALL (m) {
  OPTIONAL MATCH (p:PendingContradiction {memory_id_a: m.id})
  WHERE p.tenant_id = m.tenant_id
  DETACH DELETE p
}
CALL (m) {
  OPTIONAL MATCH (p:PendingContradiction {memory_id_b: m.id})
  WHERE p.tenant_id = m.tenant_id
  DETACH DELETE p
}
WITH m, m.entity_id AS eid
DETACH DELETE m
// The entities touched, so the caller can drop those left without memories.
RETURN count(*) AS deleted, collect(DISTINCT eid) AS entity_ids
