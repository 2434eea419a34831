MATCH (l:Lease {name: $lease})
WHERE l.tenant_id = $tenant_id AND l.holder = $holder
DELETE l
RETURN count(*) AS released
