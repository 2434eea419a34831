// Claim a session for its commit, at most once. The first SET takes the node's write
// lock, so a racing commit of the same session waits here and then reads the
// committed_at the winner wrote (Neo4j reads after a lock see committed state).
MATCH (s:ReflectSession {session_id: $session_id})
WHERE s.tenant_id = $tenant_id
SET s.claimed_at = $now
WITH s
WITH s, (s.committed_at IS NULL AND s.expires_at > $now) AS open
SET s.committed_at = CASE WHEN open THEN $now ELSE s.committed_at END
RETURN open AS consumed
