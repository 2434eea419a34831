// Approximate neighbours from the vector index, kept to the caller's scope, rescored
// exactly (the index may be quantised). $fetch over-fetches for the scope filter.
CALL db.index.vector.queryNodes('memory_embedding', $fetch, $vector) YIELD node AS m, score
WHERE m.tenant_id = $tenant_id AND ($entity_id IS NULL OR m.entity_id = $entity_id)
  AND m.kind IN $kinds
  AND ($include_superseded OR m.superseded_by IS NULL)
  AND ($include_stale OR coalesce(m.stale, false) = false)
WITH m, vector.similarity.cosine(m.embedding, $vector) AS exact
ORDER BY exact DESC LIMIT $k
RETURN @memory(m) AS memory, 2 * exact - 1 AS similarity
