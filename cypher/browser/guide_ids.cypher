// The entity's memories that the id-based queries start from, each with the :param
// line that picks it: copy run_this into the editor and run it.
MATCH (m:Memory)
WHERE m.tenant_id = $tenant_id AND m.entity_id = $entity_id AND NOT m:Snapshot
WITH m, CASE
  WHEN m:Insight THEN 'insight_id'
  WHEN EXISTS { (m)-[:REVISED_FROM|CAUSED_BY]->(:Memory) } THEN 'memory_id'
  WHEN EXISTS { (:Insight)-[:INSIGHT_FROM]->(m) } THEN 'memory_id'
END AS param
WHERE param IS NOT NULL
RETURN param, ':param ' + param + " => '" + m.id + "'" AS run_this, m.name AS memory,
       [q IN [
         CASE WHEN m:Insight THEN 'insight_chain' END,
         CASE WHEN EXISTS { (m)-[:REVISED_FROM]->(:Memory) } THEN 'revision_history' END,
         CASE WHEN EXISTS { (m)-[:CAUSED_BY]->(:Memory) } THEN 'causal_chain' END,
         CASE WHEN EXISTS { (:Insight)-[:INSIGHT_FROM]->(m) } THEN 'insights_from_episode' END
       ] WHERE q IS NOT NULL] AS for_queries
ORDER BY param, m.created_at DESC
LIMIT 50
