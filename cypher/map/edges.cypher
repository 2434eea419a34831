// The edges the map draws among an entity's memories (ids only): an insight's sources,
// contradictions (stored one each way), causes.
MATCH (a:Memory)-[r:INSIGHT_FROM|CONTRADICTS|CAUSED_BY]->(b:Memory)
WHERE a.tenant_id = $tenant_id AND a.entity_id = $entity_id AND a.occurred_at IS NOT NULL
  AND a.kind IN ['episode', 'insight']
  AND b.tenant_id = $tenant_id AND b.entity_id = $entity_id AND b.occurred_at IS NOT NULL
  AND b.kind IN ['episode', 'insight']
RETURN collect({source_id: a.id, target_id: b.id, edge_type: type(r)}) AS rows
