// Phase 1 candidates from the vector index (large tenants): each memory's $k nearest
// current memories of its tenant, filtered inside the index (schema 007: superseded
// ones are left out there, stale insights kept), at similarity >= $min_similarity,
// leaving out pairs linked, pending or dismissed. $fetch >= $k + 1 (the memory finds
// itself first; settings.vector_search_expansion). The index is not quantised, so its
// score is the exact cosine.
CYPHER 25
UNWIND $ids AS mid
MATCH (m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id AND m.kind IN $kinds AND m.superseded_by IS NULL
  AND m.embedding IS NOT NULL
CALL (m) {
  MATCH (n:Memory)
    SEARCH n IN (
      VECTOR INDEX memory_embedding FOR m.embedding
      WHERE n.tenant_id = $tenant_id AND n.hidden IN $hidden
      LIMIT $fetch
    ) SCORE AS score
  WITH m, n, 2 * score - 1 AS similarity
  WHERE n.id <> m.id AND n.kind IN $kinds AND similarity >= $min_similarity
  RETURN n, similarity ORDER BY similarity DESC LIMIT $k
}
WITH m, n, similarity,
     CASE WHEN m.id < n.id THEN m.id + ':' + n.id ELSE n.id + ':' + m.id END AS pair_key
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
