// The map of meaning: every memory of a large entity drawn where its stored vector projects
// to (GET /v1/map), on a canvas: 10,000 points draw in a few milliseconds. Labels come as
// the zoom grows (none at the fitted view, then the most important of those in sight that
// have room); edges are drawn for the selected memory and its neighbours only, except the
// contradictions, which are always drawn. The regions the server found (k-means of the
// places, named by their distinctive words) are faint circles with their label at the
// centre, the larger region's label first; a colliding one shrinks once, then is left out.
// The time slider shows only what occurred up to a time. While the map is open and the
// tab visible it polls GET /v1/map?since=<stamp> and places new memories where the cached
// projection puts them, keeping the zoom, the pan and the selection.
// Memory content is only ever drawn as canvas text.
// palace.js creates it with window.PalaceMap({ api, showDetails, onSelect, onUpdate }).
(() => {
  "use strict";

  const LABELS_FROM = 1.8; // zoom (1: the fitted view) at which labels start
  const MAX_LABELS = 80;
  const MIN_ZOOM = 0.5;
  const MAX_ZOOM = 400;
  const WHEEL_STEP = 0.0022; // per wheel pixel: one notch (100 px) is ×1.25
  const REGION_FONTS = [14, 11]; // a region's label, then shrunk once before it is left out
  const REGION_INSIGHT_FROM = 1.3; // zoom at which a region shows the insight it carries
  const REGION_TINTS = ["#4c78a8", "#59a14f", "#b07aa1", "#f28e2b", "#76b7b2", "#9c755f", "#e15759", "#bab0ac"];
  const SLIDER_STEPS = 1000;
  const POLL_MS = Math.max(500, Number(new URLSearchParams(location.search).get("poll")) || 3000);
  const COLOURS = {
    episode: "#4c78a8",
    insight: "#e0a526",
    insightBorder: "#9a6b00",
    stale: "#9ca3af",
    superseded: "#8e44ad",
    hit: "#16a34a",
    selected: "#1f2430",
    INSIGHT_FROM: "#e0a526",
    CONTRADICTS: "#d62728",
    CAUSED_BY: "#e8743b",
  };

  window.PalaceMap = function create({ api, showDetails, onSelect, onUpdate }) {
    const canvas = document.getElementById("map");
    const ctx = canvas.getContext("2d");
    const slider = document.getElementById("time-slider");
    const sliderAt = document.getElementById("time-at");
    const m = {
      active: false,
      entity: null,
      points: [],
      byId: new Map(),
      edges: [],
      adjacent: new Map(), // id → its edges
      selected: null,
      hits: new Set(),
      view: { cx: 0, cy: 0, scale: 1, fit: 1 },
      labelled: [], // ids labelled by the last draw
      labelBoxes: [], // the labels always drawn (selection, hits, neighbours): { id, box }
      drawnEdges: [], // edges drawn by the last draw
      drawnAt: null, // performance.now() when the map was first drawn
      fetchMs: null,
      projection: null,
      regions: [],
      regionLabels: [], // region labels drawn by the last draw: { id, label, size, box }
      edgeKeys: new Set(),
      stamp: null, // the last answer's stamp: the next poll asks for what changed since
      span: { t0: 0, t1: 0 }, // the occurred_at span (ms)
      until: Infinity, // the slider: only memories that occurred up to this time are drawn
      visibleCount: 0,
      polls: 0, // polls answered
      arrived: 0, // memories that came by a poll
    };
    let frame = 0;
    let generation = 0; // bumped by open and close: an answer for an older one is dropped
    let timer = 0;
    let polling = false;

    // -- loading -------------------------------------------------------------------------

    async function open(entity) {
      const started = performance.now();
      const mine = ++generation;
      stopPolling();
      m.active = true;
      m.entity = entity;
      m.selected = null;
      m.hits.clear();
      m.drawnAt = null;
      m.until = Infinity;
      m.polls = 0;
      m.arrived = 0;
      show(true);
      const out = await api("GET", `/v1/map?entity_id=${encodeURIComponent(entity)}`);
      if (mine !== generation) return out;
      m.fetchMs = performance.now() - started;
      load(out);
      resize();
      fit();
      draw();
      m.drawnAt = performance.now();
      m.loadMs = m.drawnAt - started;
      document.body.dataset.view = "map";
      schedulePoll();
      return out;
    }

    function close() {
      generation += 1;
      stopPolling();
      m.active = false;
      show(false);
      document.body.dataset.view = "timeline";
    }

    function prepare(p) {
      return {
        ...p,
        t: Date.parse(p.occurred_at),
        size: p.kind === "insight" ? 6 + 4 * p.importance : 2.2 + 1.6 * p.importance,
        rank: (p.kind === "insight" ? 2 : 0) + p.importance,
      };
    }

    const edgeKey = (e) => `${e.edge_type}:${e.source_id}:${e.target_id}`;

    // A whole answer: every point, edge and region (the view is the caller's).
    function load(out) {
      m.projection = out.projection;
      m.stamp = out.stamp;
      m.regions = out.regions || [];
      m.points = out.points.map(prepare);
      m.byId = new Map(m.points.map((p) => [p.id, p]));
      m.edges = [];
      m.edgeKeys = new Set();
      m.adjacent = new Map();
      addEdges(out.edges);
      if (m.selected && !m.byId.has(m.selected)) m.selected = null;
      for (const id of [...m.hits]) if (!m.byId.has(id)) m.hits.delete(id);
      timeSpan();
    }

    function addEdges(edges) {
      for (const e of edges) {
        const key = edgeKey(e);
        if (m.edgeKeys.has(key) || !m.byId.has(e.source_id) || !m.byId.has(e.target_id)) continue;
        m.edgeKeys.add(key);
        m.edges.push(e);
        for (const id of [e.source_id, e.target_id]) {
          if (!m.adjacent.has(id)) m.adjacent.set(id, []);
          m.adjacent.get(id).push(e);
        }
      }
    }

    // -- live updates: what changed since the last answer, while the tab is visible -----

    function schedulePoll() {
      stopPolling();
      if (m.active && !document.hidden) timer = setTimeout(poll, POLL_MS);
    }

    function stopPolling() {
      clearTimeout(timer);
      timer = 0;
    }

    async function poll() {
      timer = 0;
      if (!m.active || document.hidden || polling) return;
      const mine = generation;
      polling = true;
      try {
        const base = `/v1/map?entity_id=${encodeURIComponent(m.entity)}`;
        let out = await api("GET", `${base}&since=${encodeURIComponent(m.stamp || "")}`);
        if (mine !== generation) return;
        const before = m.points.length;
        let changed = merge(out);
        if (m.points.length !== out.count) { // something was forgotten: the whole map again
          out = await api("GET", base);
          if (mine !== generation) return;
          load(out);
          changed = true;
        }
        m.polls += 1;
        document.body.dataset.mapPolls = String(m.polls);
        if (changed) {
          m.arrived += Math.max(0, m.points.length - before);
          draw();
          if (onUpdate) onUpdate(m);
        }
      } catch (err) {
        m.pollError = err.message; // the next poll tries again
      } finally {
        polling = false;
        if (mine === generation) schedulePoll();
      }
    }

    // Merge an answer given since the last stamp; whether anything changed.
    function merge(out) {
      m.regions = out.regions || m.regions;
      if (out.complete) {
        load(out);
        return true;
      }
      m.stamp = out.stamp;
      m.projection = out.projection;
      for (const raw of out.points) {
        const p = prepare(raw);
        const had = m.byId.get(p.id);
        if (had) Object.assign(had, p);
        else {
          m.points.push(p);
          m.byId.set(p.id, p);
        }
      }
      addEdges(out.edges);
      if (out.points.length) timeSpan();
      return out.points.length > 0 || out.edges.length > 0;
    }

    document.addEventListener("visibilitychange", () => {
      if (!m.active) return;
      if (document.hidden) stopPolling();
      else if (!timer && !polling) poll();
    });

    // -- the time slider -----------------------------------------------------------------

    function timeSpan() {
      let [t0, t1] = [Infinity, -Infinity];
      for (const p of m.points) {
        if (p.t < t0) t0 = p.t;
        if (p.t > t1) t1 = p.t;
      }
      m.span = Number.isFinite(t0) ? { t0, t1 } : { t0: 0, t1: 0 };
      slider.value = String(Number.isFinite(m.until)
        ? Math.round(((m.until - m.span.t0) / Math.max(m.span.t1 - m.span.t0, 1)) * SLIDER_STEPS)
        : SLIDER_STEPS);
      recount();
    }

    // Only what occurred up to `until` (ms; Infinity: everything, the slider at its end).
    function setUntil(until) {
      m.until = until;
      recount();
      schedule();
    }

    const visible = (p) => p.t <= m.until;

    function recount() {
      let n = 0;
      for (const p of m.points) if (visible(p)) n += 1;
      m.visibleCount = n;
      const day = (t) => new Date(t).toISOString().slice(0, 16).replace("T", " ");
      sliderAt.textContent = Number.isFinite(m.until)
        ? `up to ${day(m.until)} · ${n} of ${m.points.length}`
        : m.points.length ? `all, to ${day(m.span.t1)}` : "";
      document.body.dataset.mapShown = String(n);
    }

    slider.addEventListener("input", () => {
      const v = Number(slider.value);
      const { t0, t1 } = m.span;
      setUntil(v >= SLIDER_STEPS ? Infinity : t0 + ((t1 - t0) * v) / SLIDER_STEPS);
    });

    function show(on) {
      canvas.hidden = !on;
      document.getElementById("graph").hidden = on;
    }

    // -- the view ------------------------------------------------------------------------

    function size() {
      return { w: canvas.clientWidth || 1, h: canvas.clientHeight || 1 };
    }

    function resize() {
      const { w, h } = size();
      const ratio = window.devicePixelRatio || 1;
      if (canvas.width !== Math.round(w * ratio) || canvas.height !== Math.round(h * ratio)) {
        canvas.width = Math.round(w * ratio);
        canvas.height = Math.round(h * ratio);
      }
    }

    function bounds(points) {
      let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
      for (const p of points) {
        x0 = Math.min(x0, p.x); x1 = Math.max(x1, p.x);
        y0 = Math.min(y0, p.y); y1 = Math.max(y1, p.y);
      }
      return { x0, y0, x1, y1 };
    }

    function frameOf(points, pad = 40) {
      const { w, h } = size();
      const b = bounds(points);
      const scale = Math.min((w - 2 * pad) / Math.max(b.x1 - b.x0, 1), (h - 2 * pad) / Math.max(b.y1 - b.y0, 1));
      return { cx: (b.x0 + b.x1) / 2, cy: (b.y0 + b.y1) / 2, scale };
    }

    function fit() {
      if (!m.points.length) return;
      const f = frameOf(m.points);
      m.view = { ...f, fit: f.scale };
    }

    const zoom = () => m.view.scale / m.view.fit;
    const toScreen = (p) => {
      const { w, h } = size();
      return [(p.x - m.view.cx) * m.view.scale + w / 2, (p.y - m.view.cy) * m.view.scale + h / 2];
    };
    const toWorld = (sx, sy) => {
      const { w, h } = size();
      return [(sx - w / 2) / m.view.scale + m.view.cx, (sy - h / 2) / m.view.scale + m.view.cy];
    };

    function zoomAt(sx, sy, factor) {
      const target = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom() * factor)) * m.view.fit;
      const [wx, wy] = toWorld(sx, sy);
      m.view.scale = target;
      const [nx, ny] = toWorld(sx, sy);
      m.view.cx += wx - nx;
      m.view.cy += wy - ny;
      schedule();
    }

    // Fly (300 ms) to a frame: the given points filling the view, at least at `atLeast`.
    function flyTo(points, atLeast = LABELS_FROM * 1.5) {
      if (!points.length) return Promise.resolve();
      const to = frameOf(points, 120);
      to.scale = Math.min(Math.max(to.scale, atLeast * m.view.fit), MAX_ZOOM * m.view.fit);
      const from = { ...m.view };
      const t0 = performance.now();
      return new Promise((resolve) => {
        const step = (now) => {
          const t = Math.min(1, (now - t0) / 300);
          const e = t * t * (3 - 2 * t);
          m.view.cx = from.cx + (to.cx - from.cx) * e;
          m.view.cy = from.cy + (to.cy - from.cy) * e;
          m.view.scale = Math.exp(Math.log(from.scale) + (Math.log(to.scale) - Math.log(from.scale)) * e);
          draw();
          if (t < 1) requestAnimationFrame(step);
          else resolve();
        };
        requestAnimationFrame(step);
      });
    }

    // -- drawing -------------------------------------------------------------------------

    function schedule() {
      if (!frame) frame = requestAnimationFrame(() => { frame = 0; draw(); });
    }

    function radius(p) {
      return p.size * Math.min(3, Math.max(1, Math.sqrt(zoom()) * 0.8));
    }

    function shown() {
      const { w, h } = size();
      const out = [];
      for (const p of m.points) {
        if (!visible(p)) continue;
        const [x, y] = toScreen(p);
        if (x > -20 && y > -20 && x < w + 20 && y < h + 20) out.push([p, x, y]);
      }
      return out;
    }

    function neighbourhood() {
      // The selected memory's edges, and its neighbours' edges among themselves.
      if (!m.selected) return [];
      const own = m.adjacent.get(m.selected) || [];
      const near = new Set(own.flatMap((e) => [e.source_id, e.target_id]));
      const seen = new Set();
      const out = [];
      for (const id of near) {
        for (const e of m.adjacent.get(id) || []) {
          const key = `${e.edge_type}:${e.source_id}:${e.target_id}`;
          if (seen.has(key) || !(near.has(e.source_id) && near.has(e.target_id))) continue;
          seen.add(key);
          out.push(e);
        }
      }
      return out;
    }

    function draw() {
      resize();
      const ratio = window.devicePixelRatio || 1;
      const { w, h } = size();
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.clearRect(0, 0, w, h);
      const inSight = shown();
      const dim = m.hits.size > 0;
      drawRegions();

      // Edges under the points: always the contradictions, the rest around the selection.
      // Both ends must have occurred by the slider's time.
      const edges = m.edges.filter((e) => e.edge_type === "CONTRADICTS");
      for (const e of neighbourhood()) if (e.edge_type !== "CONTRADICTS") edges.push(e);
      m.drawnEdges = edges.filter((e) => visible(m.byId.get(e.source_id)) && visible(m.byId.get(e.target_id)));
      for (const e of m.drawnEdges) {
        const [ax, ay] = toScreen(m.byId.get(e.source_id));
        const [bx, by] = toScreen(m.byId.get(e.target_id));
        const conflict = e.edge_type === "CONTRADICTS";
        ctx.strokeStyle = COLOURS[e.edge_type] || "#7f8c8d";
        ctx.lineWidth = conflict ? 3 : 1.6;
        ctx.globalAlpha = dim && !conflict ? 0.35 : 0.9;
        ctx.setLineDash(conflict ? [8, 5] : []);
        ctx.beginPath();
        ctx.moveTo(ax, ay);
        ctx.lineTo(bx, by);
        ctx.stroke();
      }
      ctx.setLineDash([]);

      // Points: episodes in one path, then insights (diamonds) over them.
      ctx.globalAlpha = dim ? 0.2 : 0.75;
      ctx.fillStyle = COLOURS.episode;
      ctx.beginPath();
      for (const [p, x, y] of inSight) {
        if (p.kind !== "episode" || p.superseded) continue;
        const r = radius(p);
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, 2 * Math.PI);
      }
      ctx.fill();
      ctx.globalAlpha = dim ? 0.2 : 0.5;
      ctx.strokeStyle = COLOURS.superseded;
      ctx.setLineDash([3, 2]);
      ctx.beginPath();
      for (const [p, x, y] of inSight) {
        if (!p.superseded) continue;
        const r = radius(p) + 1;
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, 2 * Math.PI);
      }
      ctx.stroke();
      ctx.setLineDash([]);
      for (const [p, x, y] of inSight) {
        if (p.kind !== "insight") continue;
        const r = radius(p);
        ctx.globalAlpha = dim && !m.hits.has(p.id) ? 0.25 : 1;
        ctx.beginPath();
        ctx.moveTo(x, y - r); ctx.lineTo(x + r, y); ctx.lineTo(x, y + r); ctx.lineTo(x - r, y); ctx.closePath();
        ctx.fillStyle = p.stale ? "#f3f4f6" : COLOURS.insight;
        ctx.fill();
        ctx.lineWidth = 2;
        ctx.strokeStyle = p.stale ? COLOURS.stale : COLOURS.insightBorder;
        ctx.setLineDash(p.stale ? [3, 2] : []);
        ctx.stroke();
        ctx.setLineDash([]);
      }
      ctx.globalAlpha = 1;
      // Rings: the recall hits (green), the selection and its neighbours (dark).
      const near = new Set(neighbourhood().flatMap((e) => [e.source_id, e.target_id]));
      for (const id of [...m.hits, ...near, m.selected]) {
        const p = id && m.byId.get(id);
        if (!p || !visible(p)) continue;
        const [x, y] = toScreen(p);
        ctx.beginPath();
        ctx.arc(x, y, radius(p) + 4, 0, 2 * Math.PI);
        ctx.lineWidth = id === m.selected ? 3 : 2.5;
        ctx.strokeStyle = id === m.selected ? COLOURS.selected : m.hits.has(id) ? COLOURS.hit : "#6b7280";
        ctx.stroke();
      }
      // The selection's, the hits' and the neighbours' labels are placed first: the region
      // labels and every other label keep clear of them.
      const placed = placeLabels(inSight, near);
      const taken = drawRegionLabels(dim, placed.map((l) => l.box));
      drawLabels(inSight, placed, taken);
      document.body.dataset.mapLabels = String(m.labelled.length);
      document.body.dataset.mapRegions = String(m.regionLabels.length);
    }

    // Regions holding a memory in sight (by the slider): how many of each.
    function regionCounts() {
      const counts = new Map();
      for (const p of m.points) {
        if (p.region === null || p.region === undefined || !visible(p)) continue;
        counts.set(p.region, (counts.get(p.region) || 0) + 1);
      }
      return counts;
    }

    function drawRegions() {
      const counts = Number.isFinite(m.until) ? regionCounts() : null;
      for (const r of m.regions) {
        if (!r.count || (counts && !counts.get(r.id))) continue;
        const [x, y] = toScreen(r);
        const tint = REGION_TINTS[r.id % REGION_TINTS.length];
        ctx.beginPath();
        ctx.arc(x, y, Math.max(r.radius * m.view.scale, 8), 0, 2 * Math.PI);
        ctx.globalAlpha = 0.07;
        ctx.fillStyle = tint;
        ctx.fill();
        ctx.globalAlpha = 0.3;
        ctx.lineWidth = 1;
        ctx.strokeStyle = tint;
        ctx.stroke();
      }
      ctx.globalAlpha = 1;
    }

    // Region labels at their centres, the larger regions first; one that would overlap a
    // label already drawn shrinks once, then is left out. From REGION_INSIGHT_FROM the
    // caption of the insight a region carries goes under its label where there is room.
    // Starts from the boxes `reserved` (the labels that are always drawn); returns the
    // boxes taken, which the other memories' labels keep clear of.
    function drawRegionLabels(dim, reserved) {
      const { w, h } = size();
      const taken = [...reserved];
      const free = (b) => !taken.some((t) => overlap(b, t));
      const counts = Number.isFinite(m.until) ? regionCounts() : null;
      const order = m.regions
        .filter((r) => r.label && r.count && (!counts || counts.get(r.id)))
        .sort((a, b) => b.count - a.count || a.id - b.id);
      m.regionLabels = [];
      ctx.textBaseline = "middle";
      ctx.lineJoin = "round";
      ctx.globalAlpha = dim ? 0.5 : 1;
      for (const r of order) {
        const [x, y] = toScreen(r);
        if (x < 0 || y < 0 || x > w || y > h) continue;
        for (const px of REGION_FONTS) {
          ctx.font = `600 ${px}px system-ui, sans-serif`;
          const width = ctx.measureText(r.label).width;
          const box = { x0: x - width / 2 - 4, x1: x + width / 2 + 4, y0: y - px / 2 - 3, y1: y + px / 2 + 3 };
          if (!free(box) || box.x0 < 0 || box.x1 > w) continue;
          taken.push(box);
          halo(r.label, x - width / 2, y, "#2b3a55");
          m.regionLabels.push({ id: r.id, label: r.label, size: px, box });
          if (r.insight && zoom() >= REGION_INSIGHT_FROM) drawCarried(r, x, box, free, taken);
          break;
        }
      }
      ctx.globalAlpha = 1;
      return taken;
    }

    function drawCarried(r, x, under, free, taken) {
      const text = r.insight.length > 44 ? `${r.insight.slice(0, 43)}…` : r.insight;
      ctx.font = "italic 11px system-ui, sans-serif";
      const width = ctx.measureText(text).width;
      const box = { x0: x - width / 2 - 3, x1: x + width / 2 + 3, y0: under.y1, y1: under.y1 + 15 };
      if (!free(box)) return;
      taken.push(box);
      halo(text, x - width / 2, (box.y0 + box.y1) / 2, "#7a5200");
      m.regionLabels[m.regionLabels.length - 1].insight = text;
    }

    // Whether two label boxes ({ x0, x1, y0, y1 }, screen pixels) overlap.
    const overlap = (a, b) => a.x0 < b.x1 && a.x1 > b.x0 && a.y0 < b.y1 && a.y1 > b.y0;

    function halo(text, x, y, colour) {
      ctx.strokeStyle = "rgba(255,255,255,0.92)";
      ctx.lineWidth = 4;
      ctx.strokeText(text, x, y);
      ctx.fillStyle = colour;
      ctx.fillText(text, x, y);
    }

    // The labels always drawn: the selection, the hits and its neighbours. Each goes under
    // its point, or above, right or left of it, or a line further down or up: the first
    // place no earlier one holds (the selection first, then the hits, then the
    // neighbours). A hit with no free place goes under its point all the same; a
    // neighbour with none is left unlabelled (its ring and a click still show it).
    function placeLabels(inSight, near) {
      ctx.font = "11px system-ui, sans-serif";
      const at = new Map(inSight.map((row) => [row[0].id, row]));
      const order = [m.selected, ...m.hits, ...near].filter((id, i, all) => id && all.indexOf(id) === i);
      const placed = [];
      const free = (b) => !placed.some(({ box }) => overlap(b, box));
      for (const id of order) {
        const row = at.get(id);
        if (!row) continue;
        const [p, x, y] = row;
        const text = labelText(p);
        const width = ctx.measureText(text).width;
        const spots = labelSpots(x, y, radius(p), width);
        const box = spots.find(free) || (id === m.selected || m.hits.has(id) ? spots[0] : null);
        if (box) placed.push({ p, text, width, box });
      }
      m.labelBoxes = placed.map((l) => ({ id: l.p.id, box: l.box }));
      return placed;
    }

    // Where a label of `width` may go around a point at (x, y): under, above, right, left,
    // then a line further under and above.
    function labelSpots(x, y, r, width) {
      const below = { x0: x - width / 2 - 2, x1: x + width / 2 + 2, y0: y + r + 2, y1: y + r + 16 };
      const above = { ...below, y0: y - r - 16, y1: y - r - 2 };
      const right = { x0: x + r + 3, x1: x + r + width + 7, y0: y - 7, y1: y + 7 };
      const left = { x0: x - r - width - 7, x1: x - r - 3, y0: y - 7, y1: y + 7 };
      const lower = { ...below, y0: below.y0 + 15, y1: below.y1 + 15 };
      const higher = { ...above, y0: above.y0 - 15, y1: above.y1 - 15 };
      return [below, above, right, left, lower, higher];
    }

    function labelText(p) {
      const text = p.caption.length > 48 ? `${p.caption.slice(0, 47)}…` : p.caption;
      return p.kind === "insight" && p.stale ? `⚠ stale · ${text}` : text;
    }

    // Labels: those placed first (placeLabels), then the rest once the zoom passes
    // LABELS_FROM, most important first, each under its point where it overlaps no other.
    function drawLabels(inSight, placed, taken) {
      ctx.font = "11px system-ui, sans-serif";
      ctx.textBaseline = "top";
      const free = (b) => !taken.some((t) => overlap(b, t));
      m.labelled = [];
      const write = (p, text, width, box) => {
        m.labelled.push(p.id);
        ctx.fillStyle = "rgba(255,255,255,0.8)";
        ctx.fillRect(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0);
        ctx.fillStyle = m.hits.has(p.id) ? "#14532d" : p.kind === "insight" ? "#7a5200" : "#1f2430";
        ctx.fillText(text, (box.x0 + box.x1) / 2 - width / 2, box.y0 + 1);
      };
      for (const { p, text, width, box } of placed) write(p, text, width, box);
      if (zoom() < LABELS_FROM || m.hits.size) return; // with hits, only theirs
      const done = new Set(m.labelled);
      const rest = inSight.filter(([p]) => !done.has(p.id));
      rest.sort((a, b) => b[0].rank - a[0].rank);
      for (const [p, x, y] of rest) {
        if (m.labelled.length >= MAX_LABELS) break;
        const text = labelText(p);
        const width = ctx.measureText(text).width;
        const box = labelSpots(x, y, radius(p), width)[0];
        if (!free(box)) continue;
        taken.push(box);
        write(p, text, width, box);
      }
    }

    // -- selecting and recall ------------------------------------------------------------

    function nearest(sx, sy) {
      let best = null;
      let bestD = Infinity;
      for (const p of m.points) {
        if (!visible(p)) continue;
        const [x, y] = toScreen(p);
        const d = (x - sx) ** 2 + (y - sy) ** 2;
        const r = Math.max(radius(p) + 3, 6);
        if (d <= r * r && d < bestD) {
          best = p;
          bestD = d;
        }
      }
      return best;
    }

    function select(id, fly = false) {
      m.selected = id && m.byId.has(id) ? id : null;
      draw();
      if (onSelect) onSelect(m.selected);
      if (m.selected) showDetails(m.selected);
      else showDetails(null);
      if (fly && m.selected) {
        const near = neighbourhood().flatMap((e) => [m.byId.get(e.source_id), m.byId.get(e.target_id)]);
        return flyTo(near.length ? near : [m.byId.get(m.selected)]);
      }
      return Promise.resolve();
    }

    function showHits(ids) {
      m.hits = new Set(ids.filter((id) => m.byId.has(id)));
      draw();
      return flyTo([...m.hits].map((id) => m.byId.get(id)));
    }

    function clearHits() {
      m.hits.clear();
      if (m.active) draw();
    }

    // -- wiring --------------------------------------------------------------------------

    canvas.addEventListener("wheel", (event) => {
      event.preventDefault();
      const rect = canvas.getBoundingClientRect();
      const pixels = event.deltaMode === 1 ? event.deltaY * 33 : event.deltaY;
      zoomAt(event.clientX - rect.left, event.clientY - rect.top, Math.exp(-pixels * WHEEL_STEP));
    }, { passive: false });
    let drag = null;
    canvas.addEventListener("pointerdown", (event) => {
      drag = { x: event.clientX, y: event.clientY, moved: false };
      canvas.setPointerCapture(event.pointerId);
    });
    canvas.addEventListener("pointermove", (event) => {
      if (!drag) return;
      const [dx, dy] = [event.clientX - drag.x, event.clientY - drag.y];
      if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
      drag.moved = true;
      m.view.cx -= dx / m.view.scale;
      m.view.cy -= dy / m.view.scale;
      drag.x = event.clientX;
      drag.y = event.clientY;
      schedule();
    });
    canvas.addEventListener("pointerup", (event) => {
      const was = drag;
      drag = null;
      if (!was || was.moved) return;
      const rect = canvas.getBoundingClientRect();
      const p = nearest(event.clientX - rect.left, event.clientY - rect.top);
      select(p ? p.id : null);
    });
    canvas.addEventListener("dblclick", () => { fit(); draw(); });
    new ResizeObserver(() => { if (m.active) draw(); }).observe(canvas);

    return Object.assign(m, {
      open, close, draw, fit, zoom, zoomAt, flyTo, select, showHits, clearHits, toScreen,
      setUntil, poll,
    });
  };
})();
