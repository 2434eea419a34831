// Take (or renew) a lease: free, expired, or already ours. The first SET takes the
// node's write lock before the holder is read, so two workers cannot both win.
MERGE (l:Lease {tenant_id: $tenant_id, name: $lease})
SET l.locked_at = $now
WITH l, (l.holder IS NULL OR l.holder = $holder OR l.expires_at <= $now) AS free
SET l.holder = CASE WHEN free THEN $holder ELSE l.holder END,
    l.expires_at = CASE WHEN free THEN $expires_at ELSE l.expires_at END
RETURN free AS acquired, l.holder AS holder, l.expires_at AS expires_at
