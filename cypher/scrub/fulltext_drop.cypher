// Drop the fulltext index: Lucene keeps a forgotten memory's terms in a segment that
// also holds live documents until it merges that segment away, which Community cannot
// ask for. Dropping deletes the index's files; scrub/fulltext_create builds it again
// (graph/schema.py does the same to change its analyzer).
DROP INDEX memory_content IF EXISTS
