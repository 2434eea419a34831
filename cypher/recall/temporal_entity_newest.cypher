// One entity's memories in time order (newest first), optionally inside a time range.
// (ORDER BY names the index's leading keys too: only then does the planner read the
// index in order and stop after $k rows instead of sorting the whole scope.)
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id AND m.entity_id = $entity_id
  AND m.occurred_at >= $start AND m.occurred_at < $end
  AND m.kind IN $kinds
  AND @visible(m)
RETURN @memory(m) AS memory
ORDER BY m.tenant_id DESC, m.entity_id DESC, m.occurred_at DESC, m.id DESC
LIMIT $k
