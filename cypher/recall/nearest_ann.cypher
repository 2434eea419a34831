// Like recall/similarity_ann but ids only and the index's own score (hybrid recall
// takes the exact cosine of every candidate in recall/expand, and loads only the
// memories it keeps). $fetch over-fetches for the scope filter.
CALL db.index.vector.queryNodes('memory_embedding', $fetch, $vector) YIELD node AS m, score
WHERE m.tenant_id = $tenant_id AND ($entity_id IS NULL OR m.entity_id = $entity_id)
  AND m.kind IN $kinds
  AND ($include_superseded OR m.superseded_by IS NULL)
  AND ($include_stale OR coalesce(m.stale, false) = false)
RETURN m.id AS id, 2 * score - 1 AS similarity
ORDER BY similarity DESC LIMIT $k
