// One page of a tenant's current memories for a batch scan, in (occurred_at, id) order
// after the cursor ($after_at, $after_id).
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id AND m.occurred_at >= $after_at AND m.kind IN $kinds
  AND m.superseded_by IS NULL
  AND (m.occurred_at > $after_at OR m.id > $after_id)
RETURN m.id AS id, toString(m.occurred_at) AS occurred_at  // text: see timeutil.instant
ORDER BY m.tenant_id, m.occurred_at, m.id
LIMIT $limit
