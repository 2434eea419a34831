MATCH (s:ReflectSession {session_id: $session_id})
WHERE s.tenant_id = $tenant_id
RETURN s {.*} AS session
