"""Swagger UI's "Try it out" fills in the API's own examples (api/examples.py), not
bodies it makes up from the schema (an entity_id matching its pattern, random edges)."""

from __future__ import annotations

import json

from playwright.async_api import Page, expect

from tests.live import LiveApi


async def test_try_it_out_fills_in_the_remember_example(page: Page, live_api: LiveApi) -> None:
    await page.goto(f"{live_api.url}/schema/swagger")
    operation = page.locator(".opblock-post").filter(
        has=page.locator('.opblock-summary-path[data-path="/v1/memories"]')
    )
    await operation.locator(".opblock-summary").click()
    await operation.locator(".try-out__btn").click()
    body = operation.locator("textarea.body-param__text")
    await expect(body).to_be_visible()
    sent = json.loads(await body.input_value())
    assert sent["content"] == "Acme's budget for the pilot is $5,000"
    assert sent["entity_id"] == "acme"
    assert "edges" not in sent
