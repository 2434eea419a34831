// Every insight that depends on a given episode, directly or through other insights.
:param tenant_id => 'default';
:param memory_id => '00000000000000000000000000000000';
MATCH p = (i:Insight)-[:INSIGHT_FROM*1..10]->(e:Memory {id: $memory_id})
WHERE e.tenant_id = $tenant_id AND i.tenant_id = $tenant_id
RETURN DISTINCT i.id AS insight_id, i.content AS insight, i.stale AS stale, min(length(p)) AS depth
ORDER BY depth, insight_id;
