// A contradiction verdict: $edge_type (CONTRADICTS, from the EdgeType enum) both ways.
UNWIND $rows AS row
MATCH (a:Memory {id: row.memory_id_a}) WHERE a.tenant_id = $tenant_id
MATCH (b:Memory {id: row.memory_id_b}) WHERE b.tenant_id = $tenant_id
CALL (a, b, row) {
  MERGE (a)-[r:$($edge_type)]->(b)
  ON CREATE SET r.created_at = $now
  SET r.confidence = row.confidence, r.reasoning = row.reasoning, r.method = row.method
  MERGE (b)-[s:$($edge_type)]->(a)
  ON CREATE SET s.created_at = $now
  SET s.confidence = row.confidence, s.reasoning = row.reasoning, s.method = row.method
}
RETURN count(*) AS confirmed
