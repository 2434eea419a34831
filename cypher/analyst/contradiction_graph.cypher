// The contradiction graph of an entity: confirmed CONTRADICTS pairs, one row per pair.
:param tenant_id => 'default';
:param entity_id => 'acme';
MATCH p = (a:Memory)-[c:CONTRADICTS]->(b:Memory)
WHERE a.tenant_id = $tenant_id AND b.tenant_id = $tenant_id
  AND (a.entity_id = $entity_id OR b.entity_id = $entity_id) AND a.id < b.id
RETURN p, a.id AS a_id, a.content AS a, b.id AS b_id, b.content AS b, c.confidence AS confidence
ORDER BY confidence DESC, a_id;
