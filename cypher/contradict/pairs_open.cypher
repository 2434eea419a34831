// Of the given neighbour pairs, those still open: both memories current, not linked
// ($linked_types), not pending, not dismissed; each as (older, newer) by occurred_at,
// then created_at, then id (as by_age in detect.py), with what the classifier and the
// pending record need.
// The times themselves come back only when $with_times (the LLM is shown them):
// hydrating four datetimes a row was a third of this query's cost.
UNWIND $pairs AS pair
MATCH (m:Memory {id: pair.memory_id}) WHERE m.tenant_id = $tenant_id
MATCH (n:Memory {id: pair.other_id}) WHERE n.tenant_id = $tenant_id
// The detector's kept vectors may be a few seconds behind another process's verdicts.
  AND n.superseded_by IS NULL AND m.superseded_by IS NULL
// ... and the entity of either may have changed since (a revision in another process).
  AND ($tenant_wide OR coalesce(m.entity_id, '') = coalesce(n.entity_id, ''))
// A memory deleted while this reads it (a forget, a purge) reads as nulls: left out.
  AND m.id IS NOT NULL AND n.id IS NOT NULL
WITH m, n, pair.similarity AS similarity,
     CASE WHEN m.id < n.id THEN m.id + ':' + n.id ELSE n.id + ':' + m.id END AS pair_key
WHERE NOT EXISTS { MATCH (m)-[r]-(n) WHERE type(r) IN $linked_types }
  AND NOT EXISTS { MATCH (p:PendingContradiction {tenant_id: $tenant_id, pair_key: pair_key}) }
  AND NOT (pair_key + '@' + m.content_sha256 + n.content_sha256) IN coalesce(m.dismissed_pairs, [])
  AND NOT (pair_key + '@' + n.content_sha256 + m.content_sha256) IN coalesce(m.dismissed_pairs, [])
WITH pair_key, similarity, m, n,
     [m.occurred_at, m.created_at, m.id] <= [n.occurred_at, n.created_at, n.id] AS m_older
WITH pair_key, similarity,
     CASE WHEN m_older THEN m ELSE n END AS a, CASE WHEN m_older THEN n ELSE m END AS b
RETURN pair_key, similarity,
       a {.id, .content, occurred_at: CASE WHEN $with_times THEN a.occurred_at END} AS older,
       b {.id, .content, occurred_at: CASE WHEN $with_times THEN b.occurred_at END} AS newer
