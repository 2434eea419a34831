// Entities of a tenant with how many episodes each holds, in id order after $after.
MATCH (e:Entity)
WHERE e.tenant_id = $tenant_id AND ($after IS NULL OR e.entity_id > $after)
RETURN e.entity_id AS entity_id, e.memory_count AS memory_count, e.updated_at AS updated_at
ORDER BY e.entity_id
LIMIT $limit
