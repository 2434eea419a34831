// Every memory of an entity for the map of meaning, without its vector: what a point
// shows (a caption of $caption characters, its flags) and updated_at, which the
// projection's cache signs; fresh: created or updated after $since (all of them when
// $since is null); stamp: the latest such time. One row holding every map: the driver
// costs ~0.1 ms a record.
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id AND m.entity_id = $entity_id AND m.occurred_at IS NOT NULL
  AND m.kind IN ['episode', 'insight']
WITH m, coalesce(m.updated_at, m.created_at) AS changed ORDER BY m.occurred_at, m.id
RETURN collect({id: m.id, kind: m.kind, caption: left(m.content, $caption),
                importance: coalesce(m.importance, 0.5),
                occurred_at: toString(m.occurred_at),
                updated_at: toString(changed),
                fresh: $since IS NULL OR changed > datetime($since),
                stale: coalesce(m.stale, false),
                superseded: m.superseded_by IS NOT NULL}) AS rows,
       toString(max(changed)) AS stamp
