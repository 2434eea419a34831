// The turns a conversation session already holds: the entity's episodes whose context
// names the session. $needle is the session's "session_id":"…" as the stored context
// JSON spells it; the service checks each row's context exactly, so this is only the
// cheap cut (read along the entity's index, not the tenant's).
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id AND m.entity_id = $entity_id AND m.kind = 'episode'
  AND m.context_json CONTAINS $needle
RETURN m.id AS id, m.content AS content, m.context_json AS context_json,
       m.occurred_at AS occurred_at
ORDER BY m.occurred_at, m.id
