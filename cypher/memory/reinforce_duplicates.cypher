// Remembering a duplicate reinforces the stored episode as a recall does
// (recall/reinforce): access_count + 1, last_accessed_at = now, decay refreshed. And it
// was said again: restated_at moves to the repeat's occurred_at ($rows' at, ISO 8601)
// when that is later than when the memory happened or was last restated (recall reads
// it as when the memory last said what it says: a value that came back is current).
// Only a memory still current is reinforced; the ids returned are those that were.
UNWIND $rows AS row
MATCH (m:Memory {id: row.id})
WHERE m.tenant_id = $tenant_id AND m.kind = 'episode' AND m.superseded_by IS NULL
WITH m, datetime(row.at) AS at
SET m.access_count = m.access_count + 1, m.last_accessed_at = $now,
    m.decay_score = @decay(m),
    m.restated_at = CASE WHEN at > coalesce(m.restated_at, m.occurred_at) THEN at
                         ELSE m.restated_at END
RETURN collect(m.id) AS ids
