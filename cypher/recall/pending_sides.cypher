// The other sides of pending pairs that join the leading results but that no strategy
// found ($pairs: {key, other}), as recall may show them: in the scope, of a recalled
// kind, visible; and only where the pair changed a value (its signals hold "value": a
// changed value or a statement slot), not a negation or an opposite word. The newer side
// of a changed value often matches the cue less well than the older one (decision 0024);
// recall ranks it above the older, so it must be among the results.
UNWIND $pairs AS pair
MATCH (p:PendingContradiction {tenant_id: $tenant_id, pair_key: pair.key})
WHERE 'value' IN coalesce(p.signals, [])
MATCH (m:Memory {id: pair.other})
WHERE m.tenant_id = $tenant_id AND ($entity_id IS NULL OR m.entity_id = $entity_id)
  AND m.kind IN $kinds AND m.hidden IN $hidden
RETURN DISTINCT @memory(m) AS memory
