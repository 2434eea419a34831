// What waits for reflection in the whole tenant: episodes after the cursor (count, summed
// importance, oldest), when it was last reflected, and its stale insights.
OPTIONAL MATCH (c:ReflectCursor {tenant_id: $tenant_id, scope: $scope})
CALL (c) {
  MATCH (m:Memory)
  USING INDEX m:Memory(tenant_id, created_at)
  WHERE m.tenant_id = $tenant_id AND m.created_at IS NOT NULL
    AND m.kind = 'episode' AND m.superseded_by IS NULL
    AND (c IS NULL OR c.created_at IS NULL OR m.created_at > c.created_at
         OR (m.created_at = c.created_at AND m.id > c.memory_id))
  RETURN count(m) AS new_episodes, coalesce(sum(m.importance), 0.0) AS new_importance,
         min(m.created_at) AS oldest_new
}
CALL () {
  MATCH (i:Insight)
  WHERE i.tenant_id = $tenant_id AND i.stale = true 
  RETURN count(i) AS stale_insights
}
RETURN new_episodes, new_importance, oldest_new, c.reflected_at AS reflected_at, stale_insights
