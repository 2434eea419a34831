// As neighbours_ann, within each memory's own scope: a memory of an entity is compared
// with that entity's memories, a tenant-wide memory (no entity) with the tenant-wide
// ones. Both filter inside the vector index (schema 007 carries entity_id; IS NULL is
// allowed there), so an entity holding a tiny share of a large tenant still gets its
// true k nearest. A scope of at most $whole memories is compared whole: $fetch > $whole,
// so fewer hits than $whole are all of it (settings.contradiction_whole_scope).
CYPHER 25
UNWIND $ids AS mid
MATCH (m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id AND m.kind IN $kinds AND m.superseded_by IS NULL
  AND m.embedding IS NOT NULL
CALL (m) {
  WITH m WHERE m.entity_id IS NOT NULL
  MATCH (n:Memory)
    SEARCH n IN (
      VECTOR INDEX memory_embedding FOR m.embedding
      WHERE n.tenant_id = $tenant_id AND n.entity_id = m.entity_id AND n.hidden IN $hidden
      LIMIT $fetch
    ) SCORE AS score
  WITH m, n, 2 * score - 1 AS similarity
  WHERE n.id <> m.id AND n.kind IN $kinds
  ORDER BY similarity DESC
  WITH collect({n: n, similarity: similarity}) AS found
  UNWIND CASE WHEN size(found) < $whole THEN found
              ELSE [f IN found WHERE f.similarity >= $min_similarity][..$k] END AS f
  RETURN f.n AS n, f.similarity AS similarity
  UNION
  WITH m WHERE m.entity_id IS NULL
  MATCH (n:Memory)
    SEARCH n IN (
      VECTOR INDEX memory_embedding FOR m.embedding
      WHERE n.tenant_id = $tenant_id AND n.entity_id IS NULL AND n.hidden IN $hidden
      LIMIT $fetch
    ) SCORE AS score
  WITH m, n, 2 * score - 1 AS similarity
  WHERE n.id <> m.id AND n.kind IN $kinds
  ORDER BY similarity DESC
  WITH collect({n: n, similarity: similarity}) AS found
  UNWIND CASE WHEN size(found) < $whole THEN found
              ELSE [f IN found WHERE f.similarity >= $min_similarity][..$k] END AS f
  RETURN f.n AS n, f.similarity AS similarity
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
