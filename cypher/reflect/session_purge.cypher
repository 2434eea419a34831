// Drop a tenant's sessions that expired before $before (kept a while after expiry so a
// late commit hears "expired" rather than "unknown").
MATCH (s:ReflectSession)
WHERE s.tenant_id = $tenant_id AND s.expires_at < $before
WITH s LIMIT 1000
DELETE s
RETURN count(*) AS purged
