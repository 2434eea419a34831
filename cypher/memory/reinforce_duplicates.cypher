// Remembering a duplicate reinforces the stored episode as a recall does
// (recall/reinforce): access_count + 1, last_accessed_at = now, decay refreshed. Only a
// memory still current is reinforced; the ids returned are those that were.
UNWIND $ids AS mid
MATCH (m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id AND m.kind = 'episode' AND m.superseded_by IS NULL
SET m.access_count = m.access_count + 1, m.last_accessed_at = $now,
    m.decay_score = @decay(m)
RETURN collect(m.id) AS ids
