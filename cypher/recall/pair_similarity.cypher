// The similarity of every two memories of one pool, by their stored vectors
// (services/recall/closest_pair.py: two leading candidates of a scope that are each
// other's closest answer a question about now alike). A pool is at most ten ids.
UNWIND $pools AS pool
MATCH (m:Memory) WHERE m.id IN pool AND m.tenant_id = $tenant_id
WITH pool, collect(m) AS ms
UNWIND range(0, size(ms) - 2) AS i
UNWIND range(i + 1, size(ms) - 1) AS j
WITH ms[i] AS a, ms[j] AS b
RETURN a.id AS a, b.id AS b, vector.similarity.cosine(a.embedding, b.embedding) AS similarity
