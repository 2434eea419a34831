// The Memory Palace: the memory graph of one entity, drawn with cytoscape over the REST API.
// Memory content is only ever placed with textContent (it is user data, never markup).
(() => {
  "use strict";

  if (typeof cytoscape === "undefined") {
    document.getElementById("status").textContent =
      "The graph library is missing: run scripts/setup (it builds palace/ with npm) and reload.";
    document.body.dataset.state = "error";
    return;
  }

  const KEY_STORE = "hebbs-palace-key";
  const EDGE_TYPES = ["INSIGHT_FROM", "CONTRADICTS", "REVISED_FROM", "CAUSED_BY", "FOLLOWED_BY", "RELATED_TO"];
  const $ = (id) => document.getElementById(id);
  const state = { key: sessionStorage.getItem(KEY_STORE), hits: new Map(), selected: null };

  // -- the API -------------------------------------------------------------------------

  async function api(method, path, body) {
    const headers = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (state.key) headers.Authorization = `Bearer ${state.key}`;
    const response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 401) {
      await askForKey(state.key ? "That key was not accepted." : "");
      return api(method, path, body);
    }
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      const message = data.error ? data.error.message : `${response.status} ${response.statusText}`;
      throw new Error(message);
    }
    return data;
  }

  function askForKey(problem) {
    const dialog = $("key-dialog");
    const error = $("key-error");
    error.hidden = !problem;
    error.textContent = problem;
    $("key-input").value = "";
    return new Promise((resolve) => {
      $("key-form").onsubmit = () => {
        state.key = $("key-input").value.trim();
        sessionStorage.setItem(KEY_STORE, state.key);
        resolve();
      };
      if (!dialog.open) dialog.showModal();
    });
  }

  // -- the graph -----------------------------------------------------------------------

  const cy = cytoscape({
    container: $("graph"),
    wheelSensitivity: 0.3,
    minZoom: 0.2,
    maxZoom: 3,
    style: [
      {
        selector: "node",
        style: {
          label: "data(label)",
          "font-size": 9,
          color: "#1f2430",
          "text-wrap": "wrap",
          "text-max-width": 130,
          "text-valign": "bottom",
          "text-margin-y": 4,
          "text-background-color": "#ffffff",
          "text-background-opacity": 0.75,
          "text-background-padding": 1,
          width: "data(size)",
          height: "data(size)",
          "background-color": "#4c78a8",
          "border-width": 1,
          "border-color": "#ffffff",
        },
      },
      {
        selector: "node.insight",
        style: {
          shape: "round-diamond",
          "background-color": "#e0a526",
          "border-width": 3,
          "border-color": "#9a6b00",
          "font-weight": "bold",
        },
      },
      {
        selector: "node.stale",
        style: {
          "background-color": "#f3f4f6",
          "border-style": "dashed",
          "border-color": "#9ca3af",
          "border-width": 3,
          color: "#6b7280",
        },
      },
      { selector: "node.superseded", style: { opacity: 0.35 } },
      {
        selector: "node.snapshot",
        style: { shape: "round-rectangle", "background-color": "#c7c9d1", width: 16, height: 16 },
      },
      { selector: "node.dim", style: { opacity: 0.4 } },
      {
        selector: "node.hit",
        style: {
          opacity: 1,
          "border-width": 5,
          "border-color": "#16a34a",
          "border-style": "solid",
          "underlay-color": "#16a34a",
          "underlay-opacity": 0.22,
          "underlay-padding": 7,
          "underlay-shape": "ellipse",
          color: "#14532d",
          "z-index": 10,
        },
      },
      { selector: "node:selected", style: { "border-width": 5, "border-color": "#1f2430" } },
      {
        selector: "edge",
        style: {
          width: 2,
          "curve-style": "bezier",
          "target-arrow-shape": "triangle",
          "arrow-scale": 0.8,
          "line-color": "#7f8c8d",
          "target-arrow-color": "#7f8c8d",
        },
      },
      { selector: 'edge[type = "INSIGHT_FROM"]', style: { "line-color": "#e0a526", "target-arrow-color": "#e0a526", width: 2.5 } },
      {
        selector: 'edge[type = "CONTRADICTS"]',
        style: {
          "line-color": "#d62728",
          "line-style": "dashed",
          "line-dash-pattern": [8, 5],
          width: 3,
          "target-arrow-shape": "none",
        },
      },
      { selector: 'edge[type = "REVISED_FROM"]', style: { "line-color": "#8e44ad", "target-arrow-color": "#8e44ad", width: 2.5 } },
      { selector: 'edge[type = "CAUSED_BY"]', style: { "line-color": "#e8743b", "target-arrow-color": "#e8743b", width: 2.5 } },
      { selector: 'edge[type = "FOLLOWED_BY"]', style: { "line-color": "#b8bcc6", "target-arrow-color": "#b8bcc6", width: 1.5 } },
      { selector: 'edge[type = "RELATED_TO"]', style: { "line-style": "dotted" } },
      { selector: "edge.dim", style: { opacity: 0.35 } },
    ],
  });

  function label(node) {
    const text = node.content.length > 48 ? `${node.content.slice(0, 47)}…` : node.content;
    if (node.kind === "insight" && node.stale) return `⚠ stale · ${text}`;
    return text;
  }

  function nodeData(node) {
    const kind = node.kind;
    const [base, scale] = kind === "insight" ? [30, 26] : [12, 20];
    return {
      group: "nodes",
      data: { ...node, label: label(node), size: base + scale * (node.importance ?? 0.5) },
      classes: [kind, node.stale ? "stale" : "", node.superseded ? "superseded" : ""].join(" ").trim(),
    };
  }

  function edgeId(edge) {
    if (edge.edge_type === "CONTRADICTS") {
      // Stored one edge each way; drawn once.
      const [a, b] = [edge.source_id, edge.target_id].sort();
      return `CONTRADICTS:${a}:${b}`;
    }
    return `${edge.edge_type}:${edge.source_id}:${edge.target_id}`;
  }

  function addGraph(view) {
    const elements = [];
    for (const node of view.nodes) {
      if (cy.getElementById(node.id).empty()) elements.push(nodeData(node));
    }
    cy.add(elements);
    const edges = [];
    for (const edge of view.edges) {
      const id = edgeId(edge);
      const ends = cy.getElementById(edge.source_id).nonempty() && cy.getElementById(edge.target_id).nonempty();
      if (ends && cy.getElementById(id).empty() && !edges.some((e) => e.data.id === id)) {
        edges.push({
          group: "edges",
          data: { id, source: edge.source_id, target: edge.target_id, type: edge.edge_type, confidence: edge.confidence },
        });
      }
    }
    cy.add(edges);
  }

  function layout() {
    // A circle first, then force-directed from there: the same graph always looks the same.
    cy.layout({ name: "circle", animate: false }).run();
    cy.layout({
      name: "cose",
      animate: false,
      randomize: false,
      nodeRepulsion: () => 60000,
      nodeOverlap: 40,
      idealEdgeLength: (edge) => (edge.data("type") === "FOLLOWED_BY" ? 90 : 150),
      numIter: 2500,
      padding: 40,
    }).run();
    fit();
  }

  function fit() {
    cy.fit(undefined, 50);
    if (cy.zoom() > 1.3) {
      cy.zoom(1.3);
      cy.center();
    }
  }

  function summary() {
    const counts = {};
    cy.nodes().forEach((n) => { counts[n.data("kind")] = (counts[n.data("kind")] || 0) + 1; });
    const stale = cy.nodes(".stale").length;
    const conflicts = cy.edges('[type = "CONTRADICTS"]').length;
    const parts = Object.entries(counts).map(([k, v]) => `${v} ${k}${v === 1 ? "" : "s"}`);
    if (stale) parts.push(`${stale} stale`);
    if (conflicts) parts.push(`${conflicts} contradiction${conflicts === 1 ? "" : "s"}`);
    return parts.join(" · ") || "no memories";
  }

  // -- loading -------------------------------------------------------------------------

  function setStatus(text, isError = false) {
    $("status").textContent = text;
    $("status").classList.toggle("error", isError);
  }

  async function loadEntities() {
    const out = await api("GET", "/v1/entities?limit=1000");
    const select = $("entity");
    for (const entity of out.entities) {
      const option = document.createElement("option");
      option.value = entity.entity_id;
      option.textContent = `${entity.entity_id} (${entity.memory_count})`;
      select.append(option);
    }
    const wanted = new URLSearchParams(location.search).get("entity");
    const first = out.entities.length ? out.entities[0].entity_id : "";
    select.value = out.entities.some((e) => e.entity_id === wanted) ? wanted : first;
    return select.value;
  }

  async function loadGraph() {
    const entity = $("entity").value;
    clearHits();
    cy.elements().remove();
    showDetails(null);
    if (!entity) {
      setStatus("no entity chosen");
      document.body.dataset.state = "ready";
      return;
    }
    document.body.dataset.state = "loading";
    setStatus(`loading ${entity}…`);
    const depth = $("depth").value;
    const view = await api("GET", `/v1/graph?entity_id=${encodeURIComponent(entity)}&depth=${depth}&limit=300`);
    addGraph(view);
    layout();
    setStatus(`${entity}: ${summary()}`);
    document.body.dataset.state = "ready";
  }

  // -- details -------------------------------------------------------------------------

  function row(table, name, value, numeric = false) {
    if (value === null || value === undefined || value === "") return;
    const tr = table.insertRow();
    tr.insertCell().textContent = name;
    const cell = tr.insertCell();
    cell.textContent = typeof value === "number" && !Number.isInteger(value) ? value.toFixed(3) : String(value);
    if (numeric) cell.className = "num";
  }

  function badge(parent, text, className) {
    const span = document.createElement("span");
    span.className = className;
    span.textContent = text;
    parent.append(span);
  }

  async function showDetails(id) {
    const panel = $("details");
    panel.replaceChildren();
    state.selected = id;
    if (!id) {
      const hint = document.createElement("p");
      hint.className = "hint";
      hint.textContent = "Click a memory to see its content and score fields.";
      panel.append(hint);
      return;
    }
    const node = cy.getElementById(id).data();
    let memory = node;
    try {
      memory = await api("GET", `/v1/memories/${encodeURIComponent(id)}`);
    } catch (err) {
      memory = node; // a snapshot or a memory forgotten meanwhile: show what the graph holds
    }
    if (state.selected !== id) return;

    const head = document.createElement("div");
    badge(head, memory.kind, `kind ${memory.kind}`);
    if (memory.stale) badge(head, `stale${memory.stale_reason ? ": " + memory.stale_reason : ""}`, "flag stale");
    if (memory.superseded_by || node.superseded) badge(head, "superseded", "flag superseded");
    const conflicts = cy.getElementById(id).connectedEdges('[type = "CONTRADICTS"]').length;
    if (conflicts) badge(head, `contradicted ×${conflicts}`, "flag conflict");
    panel.append(head);

    const content = document.createElement("p");
    content.className = "content";
    content.textContent = memory.content;
    panel.append(content);

    const hit = state.hits.get(id);
    if (hit) {
      const h = document.createElement("h2");
      h.textContent = `Recall #${hit.rank} · score ${hit.score.toFixed(3)}`;
      panel.append(h);
      const t = document.createElement("table");
      t.id = "score-table";
      const b = hit.breakdown;
      row(t, "relevance (R)", b.relevance, true);
      row(t, "recency (T)", b.recency, true);
      row(t, "importance (I)", b.importance, true);
      row(t, "reinforcement (C)", b.reinforcement, true);
      row(t, "weights r:t:i:c", [b.weights.relevance, b.weights.recency, b.weights.importance, b.weights.reinforcement].join(" : "));
      row(t, "found by", b.strategies.join(", "));
      if (hit.conflicts_with.length) row(t, "conflicts with", hit.conflicts_with.join(", "));
      panel.append(t);
    }

    const h = document.createElement("h2");
    h.textContent = "Fields";
    panel.append(h);
    const table = document.createElement("table");
    table.id = "field-table";
    row(table, "id", memory.id);
    row(table, "entity", memory.entity_id);
    row(table, "importance", memory.importance, true);
    row(table, "confidence", memory.confidence, true);
    row(table, "access count", memory.access_count, true);
    row(table, "decay score", memory.decay_score, true);
    row(table, "version", memory.version, true);
    row(table, "sources", memory.source_count, true);
    row(table, "occurred at", memory.occurred_at);
    row(table, "created at", memory.created_at);
    row(table, "last accessed", memory.last_accessed_at);
    row(table, "tags", (memory.tags || []).join(", "));
    if (memory.context && Object.keys(memory.context).length) row(table, "context", JSON.stringify(memory.context));
    row(table, "superseded by", memory.superseded_by);
    panel.append(table);

    if ((memory.version || 1) > 1 || memory.kind === "insight") {
      const button = document.createElement("button");
      button.type = "button";
      button.id = "lineage-button";
      button.textContent = memory.kind === "insight" ? "Show sources and versions" : "Show earlier versions";
      button.onclick = () => expandLineage(id).catch((err) => setStatus(err.message, true));
      panel.append(button);
    }
  }

  async function expandLineage(id) {
    const out = await api("GET", `/v1/memories/${encodeURIComponent(id)}/lineage`);
    const nodes = [];
    const edges = [];
    const asNode = (m) => ({
      id: m.id, kind: m.kind, entity_id: m.entity_id, content: m.content, importance: m.importance,
      occurred_at: m.occurred_at, confidence: m.confidence, stale: !!m.stale, superseded: !!m.superseded_by, version: m.version,
    });
    let newer = id;
    for (const step of out.revisions) {
      nodes.push(asNode(step.memory));
      edges.push({ source_id: newer, target_id: step.memory.id, edge_type: "REVISED_FROM", confidence: 1 });
      newer = step.memory.id;
    }
    for (const step of out.sources) {
      nodes.push(asNode(step.memory));
      const path = step.path.length >= 2 ? step.path : [id, step.memory.id];
      edges.push({ source_id: path[path.length - 2], target_id: step.memory.id, edge_type: "INSIGHT_FROM", confidence: 1 });
    }
    addGraph({ nodes, edges });
    layout();
    setStatus(`${$("entity").value}: ${summary()}`);
  }

  // -- recall --------------------------------------------------------------------------

  function clearHits() {
    state.hits.clear();
    cy.elements().removeClass("hit dim");
    $("results").hidden = true;
    $("result-list").replaceChildren();
    document.body.dataset.recall = "";
  }

  async function recall(cue) {
    clearHits();
    const entity = $("entity").value;
    document.body.dataset.recall = "running";
    // Looking is not using: the palace never reinforces what it shows.
    const topK = Number($("top-k").value);
    const body = { cue, top_k: topK, reinforce: false, include_stale: true, include_superseded: true };
    if (entity) body.entity_id = entity;
    const out = await api("POST", "/v1/recall", body);
    const missing = out.results.map((r) => r.memory.id).filter((id) => cy.getElementById(id).empty());
    if (missing.length) {
      addGraph(await api("GET", `/v1/graph?ids=${missing.join(",")}&depth=0&limit=50`));
      layout();
    }
    out.results.forEach((r, i) => state.hits.set(r.memory.id, { ...r, rank: i + 1 }));
    cy.elements().addClass("dim");
    const list = $("result-list");
    for (const [id, hit] of state.hits) {
      // Only colours change on a hit: a label whose width changes after the first render
      // is clipped by cytoscape's label cache at other zoom levels.
      cy.getElementById(id).removeClass("dim").addClass("hit");
      const li = document.createElement("li");
      li.dataset.id = id;
      const score = document.createElement("span");
      score.className = "score";
      score.textContent = hit.score.toFixed(3);
      li.append(score, document.createTextNode(hit.memory.content));
      li.onclick = () => select(id);
      list.append(li);
    }
    $("results").hidden = false;
    fit();
    setStatus(`recall "${cue}": ${out.results.length} result${out.results.length === 1 ? "" : "s"} in ${out.took_ms.toFixed(0)} ms`);
    document.body.dataset.recall = "done";
  }

  function select(id) {
    const node = cy.getElementById(id);
    if (node.empty()) return;
    cy.$(":selected").unselect();
    node.select();
    cy.animate({ center: { eles: node }, duration: 200 });
    showDetails(id);
  }

  // -- wiring --------------------------------------------------------------------------

  const fail = (err) => {
    setStatus(err.message, true);
    document.body.dataset.state = "error";
  };
  cy.on("tap", "node", (event) => showDetails(event.target.id()));
  cy.on("tap", (event) => { if (event.target === cy) showDetails(null); });
  $("entity").addEventListener("change", () => loadGraph().catch(fail));
  $("depth").addEventListener("change", () => loadGraph().catch(fail));
  $("recall-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const cue = $("cue").value.trim();
    if (cue) recall(cue).catch(fail);
  });
  $("clear-button").addEventListener("click", clearHits);

  // Cytoscape caches where its container is; keep it right when the layout around it moves.
  new ResizeObserver(() => cy.resize()).observe($("graph"));
  window.palace = { cy, state, fit, edgeTypes: EDGE_TYPES };
  loadEntities().then(loadGraph).catch(fail);
})();
