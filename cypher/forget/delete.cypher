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
}
CALL (m) {
  OPTIONAL MATCH (p:PendingContradiction {tenant_id: m.tenant_id})
  WHERE p.memory_id_a = m.id OR p.memory_id_b = m.id
  DETACH DELETE p
}
DETACH DELETE m
RETURN count(*) AS deleted
