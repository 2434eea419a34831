"""The API docs page renders with no network beyond the API itself (no CDN)."""

from __future__ import annotations

from playwright.async_api import Page, Route, expect

from tests.live import LiveApi


async def test_swagger_renders_offline(page: Page, live_api: LiveApi) -> None:
    elsewhere: list[str] = []

    async def only_the_api(route: Route) -> None:
        if route.request.url.startswith(live_api.url):
            await route.continue_()
        else:
            elsewhere.append(route.request.url)
            await route.abort()

    await page.route("**/*", only_the_api)
    await page.goto(f"{live_api.url}/schema/swagger")
    await expect(page.locator(".swagger-ui .info .title")).to_contain_text("hebbs-graph")
    await expect(page.locator(".opblock-summary-path").first).to_be_visible()
    assert "/v1/memories" in await page.locator(".swagger-ui").inner_text()
    assert elsewhere == []
