// Take a session for its commit: it is deleted in the committing transaction, so a
// session commits at most once.
MATCH (s:ReflectSession {session_id: $session_id})
WHERE s.tenant_id = $tenant_id AND s.expires_at > $now
DELETE s
RETURN count(*) AS consumed
