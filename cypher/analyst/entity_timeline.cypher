// An entity's timeline: its episodes in time order along FOLLOWED_BY.
:param tenant_id => 'default';
:param entity_id => 'acme';
MATCH (m:Episode)
WHERE m.tenant_id = $tenant_id AND m.entity_id = $entity_id
OPTIONAL MATCH f = (m)-[:FOLLOWED_BY]->(:Episode)
RETURN m, f, m.id AS memory_id, m.occurred_at AS occurred_at, m.content AS content
ORDER BY m.occurred_at, m.id
LIMIT 500;
