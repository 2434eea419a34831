// Restore reflect cursors; one already there for the scope is left as it is.
UNWIND $rows AS row
MERGE (c:ReflectCursor {tenant_id: $tenant_id, scope: row.properties.scope})
ON CREATE SET c = row.properties, c.tenant_id = $tenant_id
RETURN count(c) AS merged
