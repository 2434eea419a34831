// Which of these ids are memories of this tenant that a caller may link to.
UNWIND $ids AS mid
MATCH (m:Memory {id: mid})
WHERE m.tenant_id = $tenant_id AND m.kind <> 'snapshot'
RETURN m.id AS id
