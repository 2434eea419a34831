// The other sides of pending pairs that join the leading results but that no strategy
// found ($ids), as recall may show them: in the scope, of a recalled kind, visible. The
// newer side of a changed value often matches the cue less well than the older one
// (decision 0024); recall ranks it above the older, so it must be among the results.
UNWIND $ids AS mid
MATCH (m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id AND ($entity_id IS NULL OR m.entity_id = $entity_id)
  AND m.kind IN $kinds AND m.hidden IN $hidden
RETURN @memory(m) AS memory
