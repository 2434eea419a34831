// A chunk that stores new episodes and reinforces stored ones it repeats (no edges), in
// one statement so that it commits where it runs (decision 0033): memory/store and
// memory/reinforce_duplicates (with memory/get_many after it) were three statements of a
// managed transaction that held the entity's timeline locked between them and until
// this process sent COMMIT.
// Every memory to reinforce is first looked up: if one is no longer current (revised or
// forgotten meanwhile), nothing is written and its id comes back in `missing` (the
// caller answers 409). Otherwise as memory/reinforce_duplicates, then as memory/store.
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
