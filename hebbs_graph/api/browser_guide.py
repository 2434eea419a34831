"""Neo4j Browser's guide and style, served to the Browser's own page.

The local Neo4j asks its Browser to run ``:style <url>`` and ``:guide <url>`` on
connect (localneo4j.browser_config). The Browser fetches both cross-origin from its
page (http://127.0.0.1:7474), with ``pragma`` and ``cache-control`` headers, so with a
CORS preflight. Both are the same for everyone and hold no tenant data (the analyst
queries of cypher/analyst, and captions per label), so this door answers them, preflight
included, before the API's CORS and loopback rules (which a page of another origin
would fail by design) and lets every other request through untouched.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

from litestar import Litestar
from litestar.enums import ScopeType
from litestar.types import (
    ASGIApp,
    HTTPResponseBodyEvent,
    HTTPResponseStartEvent,
    Receive,
    Scope,
    Send,
)

from hebbs_graph.graph.queries import parse_browser_script
from hebbs_graph.localneo4j import GUIDE_FILE, GUIDE_PATH, STYLE_FILE
from hebbs_graph.resources import cypher_dir

STYLE = Path(__file__).resolve().parent / "static" / "browser" / STYLE_FILE

# (folder of cypher/, file, heading): the order the guide shows them in (analyst/ is
# Browser scripts with :param lines, browser/ the guide's own queries).
QUERIES: list[tuple[str, str, str]] = [
    ("browser", "guide_ids", "Ids to start from"),
    ("analyst", "insight_chain", "What an insight rests on (INSIGHT_FROM)"),
    ("analyst", "insights_from_episode", "Insights that depend on a memory"),
    ("analyst", "stale_insights", "Stale insights, and why"),
    ("analyst", "contradiction_graph", "Contradictions (CONTRADICTS)"),
    ("analyst", "revision_history", "How a memory was revised (REVISED_FROM)"),
    ("analyst", "entity_timeline", "The entity's timeline (FOLLOWED_BY)"),
    ("analyst", "causal_chain", "What caused a memory (CAUSED_BY)"),
    ("analyst", "everything_about", "Everything about something (the memories' words)"),
    ("browser", "guide_neighbourhood", "Everything around the entity"),
]

INTRO = """<p class="lead">Every memory is a <code>:Memory</code> node of a tenant (<code>tenant_id</code>;
the API without keys writes <code>default</code>), labelled <code>:Episode</code>,
<code>:Insight</code> or <code>:Snapshot</code>, captioned with its content. Click a
query to put it in the editor, or its &#9654; to run it.</p>
<p>1. The tenant and entity to look at (edit, then run):</p>"""

TAIL = """<p>Grey dots are bookkeeping: <code>:Tombstone</code> (proof of a forget, kept
<code>HEBBS_TOMBSTONE_RETENTION_DAYS</code>), migrations, cursors. The files are in
<code>cypher/analyst/</code>; <code>:guide</code> this page again with
<code>:guide {url}</code>.</p>"""


@dataclass(frozen=True)
class Page:
    body: bytes
    content_type: bytes


def query_block(folder: str, name: str, heading: str) -> str:
    """A heading, the file's first comment line, and its query (no :param lines: the
    guide's first block sets the tenant and entity, the id finder the ids)."""
    text = (cypher_dir() / folder / f"{name}.cypher").read_text(encoding="utf-8")
    lines = text.splitlines()
    top = lines[: next((n for n, ln in enumerate(lines) if not ln.startswith("//")), 0)]
    comment = " ".join(ln.lstrip("/ ") for ln in top)
    params, query = parse_browser_script(text)
    needs = sorted(p for p in params if p not in ("tenant_id", "entity_id"))
    uses = f" Set <code>{'</code>, <code>'.join(needs)}</code> first." if needs else ""
    return (
        f"<h4>{html.escape(heading)}</h4>\n<p>{html.escape(comment)}{uses}</p>\n"
        f'<pre class="code runnable">{html.escape(query, quote=False)}</pre>'
    )


def guide_html(base_url: str = GUIDE_PATH) -> str:
    blocks = "\n".join(query_block(*query) for query in QUERIES)
    params = (
        ":param tenant_id => 'default';\n:param entity_id => 'acme';\n"
        ':param about => "Acme\'s security";'
    )
    return (
        "<title>hebbs-graph: the memory</title>\n<slide>\n"
        f'{INTRO}\n<pre class="code runnable">{params}</pre>\n'
        "<p>2. The analyst queries (<code>cypher/analyst/</code>), over those parameters:</p>\n"
        f"{blocks}\n{TAIL.replace('{url}', html.escape(base_url + '/' + GUIDE_FILE))}\n"
        "</slide>\n"
    )


def pages() -> dict[str, Page]:
    return {
        f"{GUIDE_PATH}/{GUIDE_FILE}": Page(guide_html().encode(), b"text/html; charset=utf-8"),
        f"{GUIDE_PATH}/{STYLE_FILE}": Page(STYLE.read_bytes(), b"text/plain; charset=utf-8"),
    }


class BrowserGuideDoor:
    """ASGI: answer GET/HEAD/OPTIONS for the guide's pages, pass everything else on."""

    def __init__(self, app: ASGIApp, served: dict[str, Page]) -> None:
        self.app = app
        self.served = served

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        page = self.served.get(scope["path"]) if scope["type"] == ScopeType.HTTP else None
        if page is None or scope["type"] != ScopeType.HTTP:
            await self.app(scope, receive, send)
            return
        method = scope["method"]
        status, body = (204, b"") if method == "OPTIONS" else (200, page.body)
        if method not in ("GET", "HEAD", "OPTIONS"):
            status, body = 405, b""
        headers = [
            (b"access-control-allow-origin", b"*"),
            (b"access-control-allow-methods", b"GET, HEAD, OPTIONS"),
            (b"access-control-allow-headers", b"pragma, cache-control, content-type"),
            (b"access-control-max-age", b"600"),
            (b"cache-control", b"no-cache"),
            (b"content-type", page.content_type),
            (b"content-length", str(len(body)).encode()),
        ]
        start: HTTPResponseStartEvent = {
            "type": "http.response.start",
            "status": status,
            "headers": headers,
        }
        await send(start)
        end: HTTPResponseBodyEvent = {
            "type": "http.response.body",
            "body": b"" if method == "HEAD" else body,
            "more_body": False,
        }
        await send(end)


def with_browser_guide(app: Litestar) -> Litestar:
    """Put the door in front of the app's CORS and middleware (its ASGI handler)."""
    app.asgi_handler = BrowserGuideDoor(app.asgi_handler, pages())
    return app
