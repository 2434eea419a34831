// Everything about something: the memories whose words hold every word of $about (the
// fulltext index, kept inside the tenant, or the entity when $entity_id is set, by the
// key tokens its memories carry), the insights drawn from them, and what they caused or
// were caused by; oldest first. "Caroline's adoption", "Acme security", "budget".
:param tenant_id => 'default';
:param entity_id => null;
:param about => "Acme's security";
MATCH (k:Memory)
WHERE k.tenant_id = $tenant_id AND ($entity_id IS NULL OR k.entity_id = $entity_id)
WITH k LIMIT 1
WITH CASE WHEN $entity_id IS NULL THEN 'tenant_key:' + k.tenant_key
          ELSE 'entity_key:' + k.entity_key END AS scope,
     [w IN split(replace(replace(toLower($about), "'s", ''), "'", ''), ' ')
      WHERE w =~ '[\\p{L}\\p{N}]+'] AS words
WHERE size(words) > 0
CALL db.index.fulltext.queryNodes('memory_content',
     '+' + scope + reduce(q = '', w IN words | q + ' +' + w), {limit: 200})
YIELD node AS m, score
WHERE m.tenant_id = $tenant_id
OPTIONAL MATCH i = (:Insight)-[:INSIGHT_FROM]->(m)
OPTIONAL MATCH c = (m)-[:CAUSED_BY]-(:Memory)
RETURN m, i, c, m.id AS memory_id, m.kind AS kind, m.occurred_at AS occurred_at,
       m.content AS content, score
ORDER BY m.occurred_at, m.id
LIMIT 300;
