// The map of meaning: every memory of a large entity drawn where its stored vector projects
// to (GET /v1/map), on a canvas: 10,000 points draw in a few milliseconds. Labels come as
// the zoom grows (none at the fitted view, then the most important of those in sight that
// have room); edges are drawn for the selected memory and its neighbours only, except the
// contradictions, which are always drawn. Memory content is only ever drawn as canvas text.
// palace.js creates it with window.PalaceMap({ api, showDetails, onSelect }).
(() => {
  "use strict";

  const LABELS_FROM = 1.8; // zoom (1: the fitted view) at which labels start
  const MAX_LABELS = 80;
  const MIN_ZOOM = 0.5;
  const MAX_ZOOM = 400;
  const WHEEL_STEP = 0.0022; // per wheel pixel: one notch (100 px) is ×1.25
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

  window.PalaceMap = function create({ api, showDetails, onSelect }) {
    const canvas = document.getElementById("map");
    const ctx = canvas.getContext("2d");
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
      drawnEdges: [], // edges drawn by the last draw
      drawnAt: null, // performance.now() when the map was first drawn
      fetchMs: null,
      projection: null,
    };
    let frame = 0;

    // -- loading -------------------------------------------------------------------------

    async function open(entity) {
      const started = performance.now();
      m.active = true;
      m.entity = entity;
      m.selected = null;
      m.hits.clear();
      m.drawnAt = null;
      show(true);
      const out = await api("GET", `/v1/map?entity_id=${encodeURIComponent(entity)}`);
      m.fetchMs = performance.now() - started;
      m.projection = out.projection;
      m.points = out.points.map((p) => ({
        ...p,
        size: p.kind === "insight" ? 6 + 4 * p.importance : 2.2 + 1.6 * p.importance,
        rank: (p.kind === "insight" ? 2 : 0) + p.importance,
      }));
      m.byId = new Map(m.points.map((p) => [p.id, p]));
      m.edges = out.edges.filter((e) => m.byId.has(e.source_id) && m.byId.has(e.target_id));
      m.adjacent = new Map();
      for (const e of m.edges) {
        for (const id of [e.source_id, e.target_id]) {
          if (!m.adjacent.has(id)) m.adjacent.set(id, []);
          m.adjacent.get(id).push(e);
        }
      }
      resize();
      fit();
      draw();
      m.drawnAt = performance.now();
      m.loadMs = m.drawnAt - started;
      document.body.dataset.view = "map";
      return out;
    }

    function close() {
      m.active = false;
      show(false);
      document.body.dataset.view = "timeline";
    }

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

      // Edges under the points: always the contradictions, the rest around the selection.
      const edges = m.edges.filter((e) => e.edge_type === "CONTRADICTS");
      for (const e of neighbourhood()) if (e.edge_type !== "CONTRADICTS") edges.push(e);
      m.drawnEdges = edges;
      for (const e of edges) {
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
        if (!p) continue;
        const [x, y] = toScreen(p);
        ctx.beginPath();
        ctx.arc(x, y, radius(p) + 4, 0, 2 * Math.PI);
        ctx.lineWidth = id === m.selected ? 3 : 2.5;
        ctx.strokeStyle = id === m.selected ? COLOURS.selected : m.hits.has(id) ? COLOURS.hit : "#6b7280";
        ctx.stroke();
      }
      drawLabels(inSight, near);
      document.body.dataset.mapLabels = String(m.labelled.length);
    }

    // Labels: the selection, the hits and its neighbours always; the rest once the zoom
    // passes LABELS_FROM, most important first, each only where it overlaps no other.
    function drawLabels(inSight, near) {
      ctx.font = "11px system-ui, sans-serif";
      ctx.textBaseline = "top";
      const taken = [];
      const free = (b) => !taken.some((t) => b.x0 < t.x1 && b.x1 > t.x0 && b.y0 < t.y1 && b.y1 > t.y0);
      const must = new Set([m.selected, ...m.hits, ...near].filter(Boolean));
      const pool = inSight.filter(([p]) => must.has(p.id));
      if (zoom() >= LABELS_FROM && !m.hits.size) { // with hits, only theirs
        const rest = inSight.filter(([p]) => !must.has(p.id));
        rest.sort((a, b) => b[0].rank - a[0].rank);
        pool.push(...rest);
      }
      m.labelled = [];
      for (const [p, x, y] of pool) {
        if (m.labelled.length >= MAX_LABELS && !must.has(p.id)) break;
        let text = p.caption.length > 48 ? `${p.caption.slice(0, 47)}…` : p.caption;
        if (p.kind === "insight" && p.stale) text = `⚠ stale · ${text}`;
        const width = ctx.measureText(text).width;
        const box = { x0: x - width / 2 - 2, x1: x + width / 2 + 2, y0: y + radius(p) + 2, y1: y + radius(p) + 16 };
        if (!must.has(p.id) && !free(box)) continue;
        taken.push(box);
        m.labelled.push(p.id);
        ctx.fillStyle = "rgba(255,255,255,0.8)";
        ctx.fillRect(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0);
        ctx.fillStyle = m.hits.has(p.id) ? "#14532d" : p.kind === "insight" ? "#7a5200" : "#1f2430";
        ctx.fillText(text, x - width / 2, box.y0 + 1);
      }
    }

    // -- selecting and recall ------------------------------------------------------------

    function nearest(sx, sy) {
      let best = null;
      let bestD = Infinity;
      for (const p of m.points) {
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
    });
  };
})();
