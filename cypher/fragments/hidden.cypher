// Why a memory is left out of recall by default, as one number the vector index can
// filter on while it searches (schema 007): 0 visible, +1 superseded (a revision
// verdict), +2 stale (an insight whose source changed). Written @hidden(var) in a query
// that changes superseded_by or stale: SET m.hidden = @hidden(m).
(CASE WHEN __node__.superseded_by IS NULL THEN 0 ELSE 1 END
 + CASE WHEN coalesce(__node__.stale, false) THEN 2 ELSE 0 END)
