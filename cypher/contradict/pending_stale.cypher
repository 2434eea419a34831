// After a revise: pending records built from a memory's earlier content no longer
// apply (the revised memory is checked again right after).
UNWIND $ids AS mid
MATCH (m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id
CALL (m) {
  MATCH (p:PendingContradiction {memory_id_a: m.id})
  WHERE p.tenant_id = $tenant_id AND p.content_a_sha256 <> m.content_sha256
  DELETE p
}
CALL (m) {
  MATCH (p:PendingContradiction {memory_id_b: m.id})
  WHERE p.tenant_id = $tenant_id AND p.content_b_sha256 <> m.content_sha256
  DELETE p
}
RETURN count(m) AS checked
