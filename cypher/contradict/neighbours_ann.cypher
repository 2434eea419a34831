// Phase 1 candidates from the vector index (large tenants): $fetch approximate
// neighbours per memory, kept to the tenant; the $k best by the index's score are
// rescored exactly (the index may be quantised) and kept at similarity >=
// $min_similarity, leaving out pairs linked, pending or dismissed.
UNWIND $ids AS mid
MATCH (m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id AND m.kind IN $kinds AND m.superseded_by IS NULL
  AND m.embedding IS NOT NULL
CALL (m) {
  CALL db.index.vector.queryNodes('memory_embedding', $fetch, m.embedding) YIELD node AS n, score
  WITH m, n, score
  WHERE n.tenant_id = $tenant_id AND n.kind IN $kinds
    AND n.id <> m.id AND n.superseded_by IS NULL AND n.embedding IS NOT NULL
  WITH m, n ORDER BY score DESC LIMIT $k
  WITH n, 2 * vector.similarity.cosine(n.embedding, m.embedding) - 1 AS similarity
  WHERE similarity >= $min_similarity
  RETURN n, similarity
}
WITH m, n, similarity,
     CASE WHEN m.id < n.id THEN m.id + ':' + n.id ELSE n.id + ':' + m.id END AS pair_key
WHERE NOT EXISTS { MATCH (m)-[r]-(n) WHERE type(r) IN $linked_types }
  AND NOT EXISTS { MATCH (p:PendingContradiction {pair_key: pair_key}) }
  AND NOT (pair_key + '@' + m.content_sha256 + n.content_sha256) IN coalesce(m.dismissed_pairs, [])
  AND NOT (pair_key + '@' + n.content_sha256 + m.content_sha256) IN coalesce(m.dismissed_pairs, [])
RETURN pair_key, similarity,
       m {.id, .content, .content_sha256, .occurred_at, .created_at} AS memory,
       n {.id, .content, .content_sha256, .occurred_at, .created_at} AS other
