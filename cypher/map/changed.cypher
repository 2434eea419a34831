// Whether an entity's map changed after $since (a stamp GET /v1/map handed on): how many
// memories it holds and how many were created or updated since. No vector, no content.
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id AND m.entity_id = $entity_id AND m.occurred_at IS NOT NULL
  AND m.kind IN ['episode', 'insight']
RETURN count(m) AS count,
       count(CASE WHEN coalesce(m.updated_at, m.created_at) > datetime($since) THEN 1 END)
         AS changed
