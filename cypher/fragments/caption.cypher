// A memory's caption: its content's first 40 characters (39 and an ellipsis when longer),
// stored as `name` so Neo4j Browser (and Bloom) caption the node with it unasked: their
// default caption is `name` when a node has one. Derived, so never returned or exported.
// Written @caption(var) where content is set: SET m.name = @caption(m).
(CASE WHEN size(__node__.content) <= 40 THEN __node__.content
      ELSE left(__node__.content, 39) + '…' END)
