// The causal chain behind a memory: what caused it, what caused that, and so on.
:param tenant_id => 'default';
:param memory_id => '00000000000000000000000000000000';
MATCH p = (m:Memory {id: $memory_id})-[:CAUSED_BY*1..10]->(cause:Memory)
WHERE m.tenant_id = $tenant_id AND all(n IN nodes(p) WHERE n.tenant_id = $tenant_id)
RETURN p, cause.id AS cause_id, cause.content AS cause, length(p) AS depth
ORDER BY depth;
