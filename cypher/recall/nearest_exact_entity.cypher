// Like recall/similarity_exact_entity (exact cosine over the scope), ids only.
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id AND m.entity_id = $entity_id AND m.occurred_at IS NOT NULL
  AND m.kind IN $kinds AND m.embedding IS NOT NULL
  AND ($include_superseded OR m.superseded_by IS NULL)
  AND ($include_stale OR coalesce(m.stale, false) = false)
WITH m, vector.similarity.cosine(m.embedding, $vector) AS score
ORDER BY score DESC LIMIT $k
RETURN m.id AS id, 2 * score - 1 AS similarity
