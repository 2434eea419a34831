// A throw-away node whose only purpose is bytes in the transaction log (no tenant: it
// belongs to no one and is deleted by the next statement, txlog/filler_delete).
CREATE (:TxLogFiller {pad: $pad})
RETURN size($pad) AS bytes
