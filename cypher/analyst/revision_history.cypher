// A memory's revision history: each REVISED_FROM step back to its first version.
:param tenant_id => 'default';
:param memory_id => '00000000000000000000000000000000';
MATCH p = (m:Memory {id: $memory_id})-[:REVISED_FROM*1..100]->(older:Memory)
WHERE m.tenant_id = $tenant_id
RETURN p, older.id AS older_id, older.version AS version, older.content AS content,
       length(p) AS steps_back
ORDER BY steps_back, version DESC;
