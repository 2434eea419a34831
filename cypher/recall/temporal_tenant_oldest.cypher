// A tenant's memories in time order (oldest first), optionally inside a time range.
// (ORDER BY names the index's leading keys too: only then does the planner read the
// index in order and stop after $k rows instead of sorting the whole scope.)
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id
  AND m.occurred_at >= $start AND m.occurred_at < $end
  AND m.kind IN $kinds
  AND @visible(m)
RETURN @memory(m) AS memory
ORDER BY m.tenant_id ASC, m.occurred_at ASC, m.id ASC
LIMIT $k
