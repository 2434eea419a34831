// Drop the vector index: like the fulltext index, a Lucene segment keeps a forgotten
// memory's vector until it is merged away. scrub/vector_create builds it again.
DROP INDEX memory_embedding IF EXISTS
