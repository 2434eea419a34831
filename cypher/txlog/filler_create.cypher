// A throw-away node whose only purpose is bytes in the transaction log (no tenant: it
// belongs to no one and is deleted by the next statement, txlog/filler_delete). $pad
// (a string) fills the string store's free records, $floats (a list) the array store's:
// a forget frees the records of a memory's text, tags and embedding without erasing
// them, and the next write of each kind reuses them (docs/forget.md).
CREATE (:TxLogFiller {pad: $pad, floats: $floats})
RETURN size($pad) AS bytes
