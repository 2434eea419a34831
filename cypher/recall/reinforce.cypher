// One batched write after a recall: access_count + 1, last_accessed_at = now, decay refreshed.
UNWIND $ids AS mid
MATCH (m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id
SET m.access_count = m.access_count + 1, m.last_accessed_at = $now,
    m.decay_score = m.importance
      * (1 + log(1 + CASE WHEN m.access_count > 100 THEN 100 ELSE m.access_count END) / log(101))
RETURN count(m) AS reinforced
