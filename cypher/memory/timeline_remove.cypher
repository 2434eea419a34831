// Take memories out of their timelines, joining each one's neighbours directly.
// Neighbours are read inside the per-row subquery, so each row sees the joins made for
// earlier rows: removing several adjacent memories still leaves one unbroken chain.
UNWIND $ids AS mid
MATCH (m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id
CALL (m) {
  OPTIONAL MATCH (m)-[:FOLLOWED_BY]->(n:Memory)
  OPTIONAL MATCH (p:Memory)-[:FOLLOWED_BY]->(m)
  CALL (m) {
    OPTIONAL MATCH (m)-[r:FOLLOWED_BY]-()
    DELETE r
  }
  FOREACH (x IN CASE WHEN p IS NULL OR n IS NULL THEN [] ELSE [p] END |
    MERGE (x)-[f:FOLLOWED_BY]->(n) ON CREATE SET f.confidence = 1.0, f.created_at = $now)
}
CALL (m) {
  // Only episodes join a timeline and count towards their entity.
  OPTIONAL MATCH (e:Entity {tenant_id: m.tenant_id, entity_id: m.entity_id})
  WHERE m.kind = 'episode'
  SET e.memory_count = e.memory_count - 1
}
RETURN count(m) AS removed
