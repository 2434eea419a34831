// Put memories into their entity's FOLLOWED_BY timeline, in the given order (the clauses
// are fragments/timeline).
UNWIND $ids AS mid
MATCH (m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id AND m.entity_id IS NOT NULL AND m.kind = 'episode'
CALL (m) {
  @timeline(m)
}
RETURN count(m) AS linked
