// Exact cosine over a tenant's memories (small tenants, or the ANN fallback).
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id AND m.occurred_at IS NOT NULL
  AND m.kind IN $kinds AND m.embedding IS NOT NULL
  AND ($include_superseded OR m.superseded_by IS NULL)
  AND ($include_stale OR coalesce(m.stale, false) = false)
WITH m, vector.similarity.cosine(m.embedding, $vector) AS score
ORDER BY score DESC LIMIT $k
RETURN @memory(m) AS memory, 2 * score - 1 AS similarity
