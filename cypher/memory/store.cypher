// Store a chunk of episodes and reinforce the stored ones it repeats, in one statement
// (one round trip, and one that commits where it runs: decision 0033).
// $reinforce: the stored memories the chunk repeats, each {id, at}. Each is looked up
// first: if one is no longer current (revised or forgotten meanwhile), nothing is
// written and its id comes back in `missing` (the caller answers 409). Otherwise each is
// reinforced as a recall does (recall/reinforce): access_count + 1, last_accessed_at =
// now, decay refreshed; and it was said again: restated_at moves to the repeat's
// occurred_at (`at`, ISO 8601) when that is later than when the memory happened or was
// last restated (recall reads it as when the memory last said what it says).
// $rows: the new episodes, created (as memory/create), put each with an entity into its
// timeline in the given order (fragments/timeline) and returned as memory/get_many does.
// $mark: what a write listener sets on each new memory in this same transaction (a
// waiting contradiction check: services/contradict/check_queue.py), or {}.
UNWIND $reinforce AS wanted
OPTIONAL MATCH (d:Memory {id: wanted.id})
WHERE d.tenant_id = $tenant_id AND d.kind = 'episode' AND d.superseded_by IS NULL
WITH collect(CASE WHEN d IS NULL THEN wanted.id END) AS missing
CALL (missing) {
  WITH missing WHERE missing = []
  UNWIND $reinforce AS row
  MATCH (m:Memory {id: row.id})
  WHERE m.tenant_id = $tenant_id
  WITH m, datetime(row.at) AS at
  SET m.access_count = m.access_count + 1, m.last_accessed_at = $now,
      m.decay_score = @decay(m),
      m.restated_at = CASE WHEN at > coalesce(m.restated_at, m.occurred_at) THEN at
                           ELSE m.restated_at END
  RETURN collect(@memory(m)) AS again
}
CALL (missing) {
  WITH missing WHERE missing = []
  UNWIND $rows AS row
  CREATE (m:Memory:Episode @episode(row))
  SET m.name = @caption(m)
  SET m += $mark
  WITH m, row
  CALL db.create.setNodeVectorProperty(m, 'embedding', row.embedding)
  WITH collect(m) AS created
  CALL (created) {
    UNWIND created AS m
    WITH m WHERE m.entity_id IS NOT NULL
    CALL (m) {
      @timeline(m)
    }
    RETURN count(m) AS placed
  }
  UNWIND created AS m
  RETURN collect(@memory(m)) AS rows
}
RETURN missing, again, rows
