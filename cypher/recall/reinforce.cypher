// One batched write after a recall: access_count + 1, last_accessed_at = now, decay refreshed
// (SET applies in order: the decay is taken with the new count, at no time since access).
UNWIND $ids AS mid
MATCH (m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id
SET m.access_count = m.access_count + 1, m.last_accessed_at = $now,
    m.decay_score = @decay(m)
RETURN count(m) AS reinforced
