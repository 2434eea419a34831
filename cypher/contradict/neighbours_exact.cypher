// Phase 1 candidates, exact cosine (small tenants): for each memory in $ids, its $k
// nearest current memories of the same tenant at similarity >= $min_similarity (all of
// its scope, whatever their similarity, when the scope holds at most $whole),
// leaving out pairs already linked ($linked_types), already pending, or dismissed.
// Unless $tenant_wide, only memories of the same entity count (tenant-wide ones, with
// no entity, among themselves; an entity id is never blank, so '' stands for none).
// The chunk's vectors are collected first so each tenant memory is read once.
UNWIND $ids AS mid
MATCH (m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id AND m.kind IN $kinds AND m.superseded_by IS NULL
  AND m.embedding IS NOT NULL
// A scope of at most $whole memories is compared whole; its size is counted no further
// than that, through the (tenant, entity, time) index where there is an entity.
WITH m, CASE
  WHEN $whole = 0 THEN false
  WHEN NOT $tenant_wide AND m.entity_id IS NOT NULL THEN COUNT {
    MATCH (o:Memory)
    WHERE o.tenant_id = $tenant_id AND o.entity_id = m.entity_id AND o.occurred_at IS NOT NULL
    WITH o LIMIT $whole + 1 RETURN o } <= $whole
  ELSE COUNT {
    MATCH (o:Memory)
    WHERE o.tenant_id = $tenant_id AND o.occurred_at IS NOT NULL
      AND ($tenant_wide OR o.entity_id IS NULL)
    WITH o LIMIT $whole + 1 RETURN o } <= $whole
END AS whole
WITH collect({id: m.id, e: m.embedding, scope: coalesce(m.entity_id, ''), whole: whole}) AS fresh
MATCH (n:Memory)
WHERE n.tenant_id = $tenant_id AND n.occurred_at IS NOT NULL AND n.kind IN $kinds
  AND n.superseded_by IS NULL AND n.embedding IS NOT NULL
WITH fresh, n, n.embedding AS e
UNWIND fresh AS x
WITH x, n, e WHERE $tenant_wide OR coalesce(n.entity_id, '') = x.scope
WITH x.id AS mid, x.whole AS whole, n, 2 * vector.similarity.cosine(e, x.e) - 1 AS similarity
WHERE (whole OR similarity >= $min_similarity) AND n.id <> mid
WITH mid, whole, n, similarity
ORDER BY similarity DESC
WITH mid, whole, collect({n: n, similarity: similarity}) AS found
WITH mid, CASE WHEN whole THEN found ELSE found[..$k] END AS nearest
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
// Times as text: the driver builds a DateTime in pure Python (timeutil.instant).
RETURN pair_key, similarity,
       m {.id, .content, .content_sha256, occurred_at: toString(m.occurred_at),
          created_at: toString(m.created_at)} AS memory,
       n {.id, .content, .content_sha256, occurred_at: toString(n.occurred_at),
          created_at: toString(n.created_at)} AS other
