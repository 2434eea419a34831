// Trace an insight's INSIGHT_FROM chain down to the raw episodes it rests on.
:param tenant_id => 'default';
:param insight_id => '00000000000000000000000000000000';
MATCH p = (i:Insight {id: $insight_id})-[:INSIGHT_FROM*1..10]->(e:Episode)
WHERE i.tenant_id = $tenant_id
RETURN p, e.id AS episode_id, e.content AS episode, length(p) AS depth
ORDER BY depth, e.occurred_at;
