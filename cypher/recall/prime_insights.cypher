// An entity's best insights: fresh ones first by importance × confidence.
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id AND m.entity_id = $entity_id AND m.occurred_at IS NOT NULL
  AND m.kind = 'insight' AND coalesce(m.stale, false) = false AND m.superseded_by IS NULL
RETURN @memory(m) AS memory
ORDER BY m.importance * coalesce(m.confidence, 1.0) DESC, m.occurred_at DESC
LIMIT $limit
