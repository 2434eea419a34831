// One batched write after recalls: access_count + the times recalled, last_accessed_at = now,
// decay refreshed (SET applies in order: the decay is taken with the new count, at no
// time since access).
UNWIND $hits AS hit
MATCH (m:Memory {id: hit.id})
WHERE m.tenant_id = $tenant_id
SET m.access_count = m.access_count + hit.n, m.last_accessed_at = $now,
    m.decay_score = @decay(m)
RETURN count(m) AS reinforced
