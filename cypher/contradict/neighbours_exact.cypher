// Phase 1 candidates, exact cosine (small tenants): for each memory in $ids, its $k
// nearest current memories of the same tenant at similarity >= $min_similarity,
// leaving out pairs already linked ($linked_types), already pending, or dismissed.
// Unless $tenant_wide, only memories of the same entity count (tenant-wide ones, with
// no entity, among themselves; an entity id is never blank, so '' stands for none).
// The chunk's vectors are collected first so each tenant memory is read once.
UNWIND $ids AS mid
MATCH (m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id AND m.kind IN $kinds AND m.superseded_by IS NULL
  AND m.embedding IS NOT NULL
WITH collect({id: m.id, e: m.embedding, scope: coalesce(m.entity_id, '')}) AS fresh
MATCH (n:Memory)
WHERE n.tenant_id = $tenant_id AND n.occurred_at IS NOT NULL AND n.kind IN $kinds
  AND n.superseded_by IS NULL AND n.embedding IS NOT NULL
WITH fresh, n, n.embedding AS e
UNWIND fresh AS x
WITH x, n, e WHERE $tenant_wide OR coalesce(n.entity_id, '') = x.scope
WITH x.id AS mid, n, 2 * vector.similarity.cosine(e, x.e) - 1 AS similarity
WHERE similarity >= $min_similarity AND n.id <> mid
WITH mid, n, similarity
ORDER BY similarity DESC
WITH mid, collect({n: n, similarity: similarity})[..$k] AS nearest
MATCH (m:Memory {id: mid}) WHERE m.tenant_id = $tenant_id
UNWIND nearest AS near
WITH m, near.n AS n, near.similarity AS similarity,
     CASE WHEN m.id < near.n.id THEN m.id + ':' + near.n.id ELSE near.n.id + ':' + m.id END AS pair_key
// A memory deleted while this reads it (a forget, a purge) reads as nulls: left out.
WHERE pair_key IS NOT NULL
  AND NOT EXISTS { MATCH (m)-[r]-(n) WHERE type(r) IN $linked_types }
  AND NOT EXISTS { MATCH (p:PendingContradiction {tenant_id: $tenant_id, pair_key: pair_key}) }
  AND NOT (pair_key + '@' + m.content_sha256 + n.content_sha256) IN coalesce(m.dismissed_pairs, [])
  AND NOT (pair_key + '@' + n.content_sha256 + m.content_sha256) IN coalesce(m.dismissed_pairs, [])
RETURN pair_key, similarity,
       m {.id, .content, .content_sha256, .occurred_at, .created_at} AS memory,
       n {.id, .content, .content_sha256, .occurred_at, .created_at} AS other
