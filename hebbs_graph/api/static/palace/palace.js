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
  // A run of at least this many plain episodes (nothing but the timeline around them) is
  // drawn as one node; in a view of more memories than this, labels wait until asked for.
  const MIN_RUN = 4;
  const LABELS_UP_TO = 40;
  // Grid steps: roomy where labels are drawn from the start, dense where they wait.
  const ROOMY = { column: 150, row: 180, insight: 120, snapshot: 34 };
  const DENSE = { column: 84, row: 150, insight: 62, snapshot: 30 };
  const VIEW_LIMIT = 500; // the most /v1/graph returns
  // How many memories one view holds (?window=… for fewer); older ones come a page at a time.
  const WINDOW = Math.max(20, Math.min(VIEW_LIMIT, Number(new URLSearchParams(location.search).get("window")) || VIEW_LIMIT));
  const IDS_PER_CALL = 200; // ids in one /v1/graph URL
  // Above this many memories an entity opens on the map of meaning (palace-map.js).
  const MAP_FROM = 300;
  const state = {
    key: sessionStorage.getItem(KEY_STORE),
    hits: new Map(),
    selected: null,
    nodes: new Map(), // id → node as /v1/graph returns it: what the page holds
    edges: new Map(), // edge id → edge
    expanded: new Set(), // runs opened by a click, by their first episode's id
    labels: null, // null: automatic (on for small views)
    counts: new Map(), // entity → how many memories it holds
    page: 0, // 0: the newest WINDOW memories; 1: the WINDOW before them; …
    pages: [], // page → { ids, next } from GET /v1/memories, listed as they are asked for
    mapChoice: null, // null: the map above MAP_FROM memories; true/false: as toggled
    recalled: "", // the status line of the recall whose results are shown
  };

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
          label: "",
          "font-size": 9,
          color: "#1f2430",
          "text-wrap": "wrap",
          "text-max-width": 130,
          "text-valign": "bottom",
          "text-margin-y": 4,
          "text-background-color": "#ffffff",
          "text-background-opacity": 0.75,
          "text-background-padding": 1,
          "min-zoomed-font-size": 7, // too small to read: not drawn
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
      { selector: "node.labelled, node.hover, node:selected, node.hit", style: { label: "data(label)" } },
      {
        selector: "node.superseded",
        style: { opacity: 0.45, "border-width": 2.5, "border-style": "dashed", "border-color": "#8e44ad" },
      },
      {
        selector: "node.run",
        style: {
          shape: "round-rectangle",
          label: "data(label)",
          width: "data(size)",
          height: 22,
          "background-color": "#dbe4ef",
          "border-width": 2,
          "border-color": "#4c78a8",
          "text-valign": "center",
          "text-margin-y": 0,
          "text-background-opacity": 0,
          "font-size": 10,
          color: "#1f2430",
        },
      },
      {
        selector: "node.snapshot",
        style: { shape: "round-rectangle", "background-color": "#c7c9d1", width: 16, height: 16 },
      },
      { selector: "node.dim", style: { opacity: 0.18, label: "" } },
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
      { selector: "edge.dim", style: { opacity: 0.15 } },
    ],
  });

  const map = window.PalaceMap
    ? window.PalaceMap({ api, showDetails: (id) => showDetails(id), onUpdate: () => (state.hits.size ? recallStatus() : mapStatus()) })
    : null;
  const onMap = () => map !== null && map.active;

  function label(node) {
    const text = node.content.length > 48 ? `${node.content.slice(0, 47)}…` : node.content;
    if (node.kind === "insight" && node.stale) return `⚠ stale · ${text}`;
    return text;
  }

  const byTime = (a, b) =>
    a.occurred_at < b.occurred_at ? -1 : a.occurred_at > b.occurred_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

  function edgeId(edge) {
    if (edge.edge_type === "CONTRADICTS") {
      // Stored one edge each way; drawn once.
      const [a, b] = [edge.source_id, edge.target_id].sort();
      return `CONTRADICTS:${a}:${b}`;
    }
    return `${edge.edge_type}:${edge.source_id}:${edge.target_id}`;
  }

  // What the page holds; render() decides what is drawn and where.
  function addGraph(view) {
    for (const node of view.nodes) {
      if (!state.nodes.has(node.id)) state.nodes.set(node.id, node);
    }
    for (const edge of view.edges) {
      const id = edgeId(edge);
      if (!state.edges.has(id)) state.edges.set(id, { ...edge, id });
    }
  }

  // -- what is drawn: runs of plain episodes folded into one node ------------------------

  function foldRuns(nodes, edges) {
    const grouping = $("group").checked;
    const busy = new Set(); // memories with more than the timeline around them
    for (const e of edges) {
      if (e.edge_type !== "FOLLOWED_BY") busy.add(e.source_id).add(e.target_id);
    }
    const plain = (n) =>
      grouping && n.kind === "episode" && !n.superseded && (n.version || 1) === 1 &&
      !busy.has(n.id) && !state.hits.has(n.id) && n.id !== state.selected;
    const runOf = new Map(); // member id → run
    const runs = [];
    let current = [];
    const close = () => {
      if (current.length >= MIN_RUN && !state.expanded.has(current[0].id)) {
        const run = { id: `run:${current[0].id}`, members: current };
        runs.push(run);
        for (const m of current) runOf.set(m.id, run);
      }
      current = [];
    };
    for (const n of nodes.filter((n) => n.kind === "episode").sort(byTime)) {
      if (plain(n) && (!current.length || current[0].entity_id === n.entity_id)) current.push(n);
      else {
        close();
        if (plain(n)) current.push(n);
      }
    }
    close();
    return { runs, runOf };
  }

  function day(iso) {
    return new Date(iso).toISOString().slice(0, 10);
  }

  function runNode(run) {
    const first = run.members[0];
    const last = run.members[run.members.length - 1];
    const span = day(first.occurred_at) === day(last.occurred_at)
      ? day(first.occurred_at) : `${day(first.occurred_at)} – ${day(last.occurred_at)}`;
    return {
      id: run.id, kind: "run", entity_id: first.entity_id, occurred_at: first.occurred_at,
      members: run.members.map((m) => m.id), count: run.members.length, span,
      content: `${run.members.length} episodes, ${span}`,
      label: `${run.members.length} episodes`, size: 64,
    };
  }

  function memoryData(node) {
    const [base, scale] = node.kind === "insight" ? [30, 26] : [12, 20];
    return { ...node, label: label(node), size: base + scale * (node.importance ?? 0.5) };
  }

  function drawnGraph() {
    const nodes = [...state.nodes.values()];
    const edges = [...state.edges.values()].filter((e) => state.nodes.has(e.source_id) && state.nodes.has(e.target_id));
    const { runs, runOf } = foldRuns(nodes, edges);
    const shown = (id) => (runOf.has(id) ? runOf.get(id).id : id);
    const drawnNodes = nodes.filter((n) => !runOf.has(n.id)).map(memoryData).concat(runs.map(runNode));
    const drawnEdges = new Map();
    for (const e of edges) {
      const [source, target] = [shown(e.source_id), shown(e.target_id)];
      if (source === target) continue;
      const id = source === e.source_id && target === e.target_id ? e.id : `${e.edge_type}:${source}:${target}`;
      if (!drawnEdges.has(id)) drawnEdges.set(id, { id, source, target, type: e.edge_type, confidence: e.confidence });
    }
    return { nodes: drawnNodes, edges: [...drawnEdges.values()] };
  }

  // -- where: a fixed layout, so the same memories always look the same -----------------
  // The timeline (episodes and runs, oldest first) snakes through rows; an insight sits
  // above its sources; earlier versions hang under the memory they were revised from.

  function place(nodes, edges, GRID) {
    const at = new Map();
    const timeline = nodes.filter((n) => n.kind === "episode" || n.kind === "run").sort(byTime);
    const columns = Math.max(3, Math.min(30, Math.ceil(Math.sqrt(timeline.length * 2.4))));
    timeline.forEach((n, i) => {
      const row = Math.floor(i / columns);
      const col = row % 2 === 0 ? i % columns : columns - 1 - (i % columns);
      at.set(n.id, { x: col * GRID.column, y: row * GRID.row });
    });
    const sources = new Map();
    const versions = new Map();
    for (const e of edges) {
      if (e.type === "INSIGHT_FROM") sources.set(e.source, [...(sources.get(e.source) || []), e.target]);
      if (e.type === "REVISED_FROM") versions.set(e.target, e.source);
    }
    const kindOf = new Map(nodes.map((n) => [n.id, n.kind]));
    let waiting = nodes.filter((n) => n.kind === "insight").sort(byTime);
    // Insights drawn from insights wait until those are placed.
    for (let pass = 0; pass < 4 && waiting.length; pass += 1) {
      waiting = waiting.filter((n) => {
        const placed = (sources.get(n.id) || []).filter((s) => at.has(s) && s !== n.id);
        const open = (sources.get(n.id) || []).some((s) => !at.has(s) && kindOf.get(s) === "insight");
        if (!placed.length || (open && pass < 3)) return true;
        const xs = placed.map((s) => at.get(s).x);
        const ys = placed.map((s) => at.get(s).y - (kindOf.get(s) === "insight" ? GRID.insight : GRID.row / 2));
        at.set(n.id, { x: xs.reduce((a, b) => a + b, 0) / xs.length, y: Math.min(...ys) });
        return false;
      });
    }
    waiting.forEach((n, i) => at.set(n.id, { x: i * GRID.insight * 1.5, y: -GRID.row }));
    spread(nodes.filter((n) => n.kind === "insight").map((n) => at.get(n.id)), GRID.insight);
    const below = new Map();
    for (const n of nodes.filter((n) => n.kind === "snapshot").sort((a, b) => (b.version || 0) - (a.version || 0))) {
      const owner = at.get(versions.get(n.id));
      const k = (below.get(versions.get(n.id)) || 0) + 1;
      below.set(versions.get(n.id), k);
      const beside = owner ? { x: owner.x + GRID.column / 2, y: owner.y - GRID.snapshot * k } : null;
      at.set(n.id, beside || { x: -GRID.column * k, y: 0 });
    }
    return at;
  }

  function spread(points, gap) {
    // Insights on one band keep a diamond's width apart.
    points.sort((a, b) => a.y - b.y || a.x - b.x);
    for (let i = 1; i < points.length; i += 1) {
      const [prev, p] = [points[i - 1], points[i]];
      if (Math.abs(prev.y - p.y) < 1 && p.x - prev.x < gap) p.x = prev.x + gap;
    }
  }

  function labelsOn(count) {
    return state.labels === null ? count <= LABELS_UP_TO : state.labels;
  }

  function render() {
    const { nodes, edges } = drawnGraph();
    const labels = labelsOn(state.nodes.size);
    const at = place(nodes, edges, labels ? ROOMY : DENSE);
    $("labels").checked = labels;
    cy.batch(() => {
      cy.elements().remove();
      cy.add(nodes.map((n) => ({
        group: "nodes",
        data: n,
        position: { ...at.get(n.id) },
        classes: [n.kind, n.stale ? "stale" : "", n.superseded ? "superseded" : "", labels && n.kind !== "run" ? "labelled" : ""]
          .join(" ").trim(),
      })));
      cy.add(edges.map((e) => ({ group: "edges", data: e })));
      markHits();
    });
    cy.layout({ name: "preset", fit: false }).run();
    if (state.selected && cy.getElementById(state.selected).nonempty()) cy.getElementById(state.selected).select();
    document.body.dataset.labels = labels ? "on" : "off";
    fit();
  }

  function fit() {
    cy.fit(undefined, 40);
    if (cy.zoom() > 1.3) {
      cy.zoom(1.3);
      cy.center();
    }
  }

  function summary() {
    const counts = {};
    for (const n of state.nodes.values()) counts[n.kind] = (counts[n.kind] || 0) + 1;
    const stale = [...state.nodes.values()].filter((n) => n.stale).length;
    const conflicts = [...state.edges.values()].filter((e) => e.edge_type === "CONTRADICTS").length;
    const parts = ["episode", "insight", "snapshot"].filter((k) => counts[k])
      .map((k) => `${counts[k]} ${k}${counts[k] === 1 ? "" : "s"}`);
    if (stale) parts.push(`${stale} stale`);
    if (conflicts) parts.push(`${conflicts} contradiction${conflicts === 1 ? "" : "s"}`);
    const runs = cy.nodes(".run").length;
    if (runs) parts.push(`${runs} run${runs === 1 ? "" : "s"} folded`);
    const entity = $("entity").value;
    const held = state.counts.get(entity) || 0;
    const first = state.page * WINDOW;
    if (state.page > 0) parts.push(`older: ${first + 1}–${Math.min(first + WINDOW, held)} of ${held}, newest first`);
    else if (held > WINDOW) parts.push(`the newest ${WINDOW} of ${held}`);
    return parts.join(" · ") || "no memories";
  }

  // -- loading -------------------------------------------------------------------------

  function setStatus(text, isError = false) {
    $("status").textContent = text;
    $("status").classList.toggle("error", isError);
  }

  async function loadEntities() {
    const entities = [];
    let after = null;
    do {
      const out = await api("GET", `/v1/entities?limit=1000${after ? `&after=${encodeURIComponent(after)}` : ""}`);
      entities.push(...out.entities);
      after = out.next_after;
    } while (after);
    const select = $("entity");
    select.replaceChildren(new Option("(choose an entity)", ""));
    for (const entity of entities) {
      state.counts.set(entity.entity_id, entity.memory_count);
      select.append(new Option(`${entity.entity_id} (${entity.memory_count})`, entity.entity_id));
    }
    const wanted = new URLSearchParams(location.search).get("entity");
    const first = entities.length ? entities[0].entity_id : "";
    select.value = entities.some((e) => e.entity_id === wanted) ? wanted : first;
    return select.value;
  }

  function loadGraph() {
    state.pages = [];
    return showPage(0);
  }

  // The ids of page k of the entity's timeline, newest first, listing the pages before it
  // first when they have not been (each list call hands on the cursor of the next).
  async function pageIds(entity, k) {
    while (state.pages.length <= k) {
      const before = state.pages[state.pages.length - 1];
      if (before && !before.next) return [];
      const cursor = before ? `&cursor=${encodeURIComponent(before.next)}` : "";
      const out = await api("GET", `/v1/memories?entity_id=${encodeURIComponent(entity)}&limit=${WINDOW}${cursor}`);
      state.pages.push({ ids: out.items.map((m) => m.id), next: out.next_cursor });
    }
    return state.pages[k].ids;
  }

  async function showPage(k) {
    const entity = $("entity").value;
    clearHits(false);
    state.nodes.clear();
    state.edges.clear();
    state.expanded.clear();
    state.labels = null;
    state.page = k;
    cy.elements().remove();
    showDetails(null);
    pager();
    const held = state.counts.get(entity) || 0;
    const wantMap = map !== null && !!entity && k === 0 && (state.mapChoice ?? held > MAP_FROM);
    $("map-view").checked = wantMap;
    if (wantMap) return showMap(entity);
    if (map) map.close();
    if (!entity) {
      setStatus("no entity chosen");
      document.body.dataset.state = "ready";
      return;
    }
    document.body.dataset.state = "loading";
    setStatus(`loading ${entity}…`);
    const depth = $("depth").value;
    if (k === 0) {
      addGraph(await api("GET", `/v1/graph?entity_id=${encodeURIComponent(entity)}&depth=${depth}&limit=${WINDOW}`));
    } else {
      const ids = await pageIds(entity, k);
      for (let i = 0; i < ids.length; i += IDS_PER_CALL) {
        const chunk = ids.slice(i, i + IDS_PER_CALL).join(",");
        addGraph(await api("GET", `/v1/graph?ids=${chunk}&depth=${depth}&limit=${VIEW_LIMIT}`));
      }
    }
    render();
    pager();
    setStatus(`${entity}: ${summary()}`);
    document.body.dataset.state = "ready";
  }

  async function showMap(entity) {
    $("pager").hidden = true;
    document.body.dataset.state = "loading";
    setStatus(`loading the map of ${entity}…`);
    await map.open(entity);
    if (map.entity !== entity || !map.active) return; // another entity was chosen meanwhile
    mapStatus();
    document.body.dataset.state = "ready";
  }

  // The status line of the map: what it holds (live: new memories arrive by its polls).
  function mapStatus() {
    const count = (kind) => map.points.filter((p) => p.kind === kind).length;
    const parts = [`${count("episode")} episodes`, `${count("insight")} insights`];
    const stale = map.points.filter((p) => p.stale).length;
    const conflicts = map.edges.filter((e) => e.edge_type === "CONTRADICTS").length;
    if (stale) parts.push(`${stale} stale`);
    if (conflicts) parts.push(`${conflicts} contradiction${conflicts === 1 ? "" : "s"}`);
    if (map.regions.length) parts.push(`${map.regions.length} regions`);
    if (map.arrived) parts.push(`${map.arrived} new since opened`);
    setStatus(`${map.entity}: map of meaning · ${parts.join(" · ")} · drawn in ${Math.round(map.loadMs)} ms`);
  }

  function pager() {
    const held = state.counts.get($("entity").value) || 0;
    $("pager").hidden = held <= WINDOW;
    $("older").disabled = (state.page + 1) * WINDOW >= held;
    $("newer").disabled = state.page === 0;
    document.body.dataset.page = String(state.page);
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
    const node = state.nodes.get(id) || (onMap() ? map.byId.get(id) : cy.getElementById(id).data()) || {};
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
    const conflicts = onMap()
      ? (map.adjacent.get(id) || []).filter((e) => e.edge_type === "CONTRADICTS").length
      : cy.getElementById(id).connectedEdges('[type = "CONTRADICTS"]').length;
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
      if (step.memory.kind !== "snapshot") newer = step.memory.id;
    }
    for (const step of out.sources) {
      nodes.push(asNode(step.memory));
      const path = step.path.length >= 2 ? step.path : [id, step.memory.id];
      edges.push({ source_id: path[path.length - 2], target_id: step.memory.id, edge_type: "INSIGHT_FROM", confidence: 1 });
    }
    addGraph({ nodes, edges });
    render();
    setStatus(`${$("entity").value}: ${summary()}`);
  }

  function openRun(run) {
    state.expanded.add(run.data("members")[0]);
    render();
    setStatus(`${$("entity").value}: ${summary()}`);
  }

  // -- recall --------------------------------------------------------------------------

  function markHits() {
    cy.elements().removeClass("hit dim");
    if (!state.hits.size) return;
    cy.elements().addClass("dim");
    for (const id of state.hits.keys()) {
      // Only colours change on a hit: a label whose width changes after the first render
      // is clipped by cytoscape's label cache at other zoom levels.
      cy.getElementById(id).removeClass("dim").addClass("hit");
    }
  }

  function clearHits(redraw = true) {
    const had = state.hits.size > 0;
    state.hits.clear();
    $("results").hidden = true;
    $("result-list").replaceChildren();
    document.body.dataset.recall = "";
    state.recalled = "";
    if (map) map.clearHits();
    if (redraw && had && !onMap()) render(); // runs broken open by hits fold again
    if (redraw && had && onMap()) mapStatus(); // the map's own status line again
  }

  async function recall(cue) {
    clearHits(false);
    const entity = $("entity").value;
    document.body.dataset.recall = "running";
    // Looking is not using: the palace never reinforces what it shows.
    const topK = Number($("top-k").value);
    const body = { cue, top_k: topK, reinforce: false, include_stale: true, include_superseded: true };
    if (entity) body.entity_id = entity;
    const out = await api("POST", "/v1/recall", body);
    if (onMap()) {
      out.results.forEach((r, i) => state.hits.set(r.memory.id, { ...r, rank: i + 1 }));
      listResults(out, cue, (id) => map.select(id, true));
      await map.showHits([...state.hits.keys()]); // flies to the hits
      document.body.dataset.recall = "done";
      return;
    }
    const missing = out.results.map((r) => r.memory.id).filter((id) => !state.nodes.has(id));
    if (missing.length) addGraph(await api("GET", `/v1/graph?ids=${missing.join(",")}&depth=0&limit=50`));
    out.results.forEach((r, i) => state.hits.set(r.memory.id, { ...r, rank: i + 1 }));
    render(); // a hit inside a run opens it
    listResults(out, cue, select);
    document.body.dataset.recall = "done";
  }

  function listResults(out, cue, choose) {
    const list = $("result-list");
    list.replaceChildren();
    for (const [id, hit] of state.hits) {
      const li = document.createElement("li");
      li.dataset.id = id;
      const score = document.createElement("span");
      score.className = "score";
      score.textContent = hit.score.toFixed(3);
      li.append(score, document.createTextNode(hit.memory.content));
      li.onclick = () => choose(id);
      list.append(li);
    }
    $("results").hidden = false;
    state.recalled = `recall "${cue}": ${out.results.length} result${out.results.length === 1 ? "" : "s"} in ${out.took_ms.toFixed(0)} ms`;
    recallStatus();
  }

  // The status line while recall results are shown: theirs, and on the map what arrived
  // by its polls meanwhile.
  function recallStatus() {
    const arrived = onMap() && map.arrived ? ` · ${map.arrived} new since the map opened` : "";
    setStatus(`${state.recalled || ""}${arrived}`);
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
  cy.on("tap", "node", (event) => {
    if (event.target.hasClass("run")) openRun(event.target);
    else showDetails(event.target.id());
  });
  cy.on("tap", (event) => { if (event.target === cy) showDetails(null); });
  cy.on("mouseover", "node", (event) => event.target.addClass("hover"));
  cy.on("mouseout", "node", (event) => event.target.removeClass("hover"));
  $("entity").addEventListener("change", () => {
    $("cue").value = ""; // a cue belongs to the entity it was asked of
    state.mapChoice = null;
    loadGraph().catch(fail);
  });
  $("depth").addEventListener("change", () => showPage(state.page).catch(fail));
  $("older").addEventListener("click", () => showPage(state.page + 1).catch(fail));
  $("newer").addEventListener("click", () => showPage(state.page - 1).catch(fail));
  $("labels").addEventListener("change", () => {
    state.labels = $("labels").checked;
    render(); // labels get a roomier grid
  });
  $("group").addEventListener("change", () => {
    state.expanded.clear();
    render();
    setStatus(`${$("entity").value}: ${summary()}`);
  });
  $("recall-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const cue = $("cue").value.trim();
    if (cue) recall(cue).catch(fail);
  });
  $("clear-button").addEventListener("click", () => clearHits());
  $("map-view").addEventListener("change", () => {
    state.mapChoice = $("map-view").checked;
    showPage(0).catch(fail);
  });

  // Cytoscape caches where its container is; keep it right when the layout around it moves.
  new ResizeObserver(() => cy.resize()).observe($("graph"));
  window.palace = { cy, state, fit, render, map, edgeTypes: EDGE_TYPES };
  loadEntities().then(loadGraph).catch(fail);
})();
