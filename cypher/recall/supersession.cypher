// What may say a recalled memory was superseded, among the recalled memories: the
// pending contradictions between two of them (a the older, b the newer), and the pair
// keys an agent dismissed (as contradict/dismiss writes them: key@sha_a sha_b).
CALL () {
  MATCH (p:PendingContradiction)
  WHERE p.memory_id_a IN $ids AND p.tenant_id = $tenant_id AND p.memory_id_b IN $ids
  RETURN collect([p.memory_id_a, p.memory_id_b]) AS pending
}
CALL () {
  UNWIND $ids AS mid
  MATCH (m:Memory {id: mid})
  WHERE m.tenant_id = $tenant_id AND m.dismissed_pairs IS NOT NULL
  UNWIND m.dismissed_pairs AS key
  RETURN collect(DISTINCT key) AS dismissed
}
RETURN pending, dismissed
