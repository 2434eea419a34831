// What recall may return of a memory: no superseded memory unless $include_superseded,
// no stale insight unless $include_stale. Written @visible(m) inside a WHERE; the query
// takes both parameters (Scope.params gives them).
($include_superseded OR __node__.superseded_by IS NULL)
  AND ($include_stale OR coalesce(__node__.stale, false) = false)
