// The memories of one conversation session, newest first: those whose context names the
// session ($needle is "session_id":"…" as the stored context JSON spells it; the strategy
// checks each row's context exactly, so $fetch asks for more than it keeps). An opt-in
// strategy (services/recall/strategies/session.py).
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id
  AND ($entity_id IS NULL OR m.entity_id = $entity_id)
  AND m.kind IN $kinds
  AND @visible(m)
  AND m.context_json CONTAINS $needle
RETURN @memory(m) AS memory
ORDER BY m.occurred_at DESC, m.id DESC
LIMIT $fetch
