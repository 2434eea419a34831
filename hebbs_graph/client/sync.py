"""HebbsSyncClient: the async client driven from blocking code.

Each sync client owns one event loop on a daemon thread and one ``HebbsClient`` on it;
every method is the async method's own, run there and waited for. So the twin has no
second copy of any method: each is one line naming the async method, and the type
checker sees the async method's parameters on it (``_Blocking`` keeps them through a
ParamSpec). Running on its own thread, it also works where a loop is already running
(a notebook, an async framework's sync callback).
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import threading
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from concurrent.futures import Future
from types import TracebackType
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar, overload

import httpx

from hebbs_graph.client._async import DEFAULT_URL, HebbsClient

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")


class _Loop:
    """An event loop running on its own daemon thread until closed."""

    def __init__(self) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, name="hebbs-sync-client", daemon=True
        )
        self._thread.start()

    def run(self, coro: Coroutine[Any, Any, R]) -> R:
        future: Future[R] = asyncio.run_coroutine_threadsafe(coro, self._loop)
        return future.result()

    def close(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()


def _signature_without_self(method: Callable[..., Any]) -> inspect.Signature:
    signature = inspect.signature(method)
    return signature.replace(parameters=list(signature.parameters.values())[1:])


class _Blocking(Generic[P, R]):
    """A HebbsSyncClient method made from a HebbsClient coroutine method."""

    def __init__(self, method: Callable[Concatenate[HebbsClient, P], Coroutine[Any, Any, R]]):
        self._method = method
        self._signature = _signature_without_self(method)

    @overload
    def __get__(self, owner: None, kind: type[Any]) -> _Blocking[P, R]: ...
    @overload
    def __get__(self, owner: HebbsSyncClient, kind: type[Any]) -> Callable[P, R]: ...
    def __get__(
        self, owner: HebbsSyncClient | None, kind: type[Any]
    ) -> _Blocking[P, R] | Callable[P, R]:
        if owner is None:
            return self
        method, client, loop = self._method, owner.async_client, owner._loop

        def call(*args: P.args, **kwargs: P.kwargs) -> R:
            return loop.run(method(client, *args, **kwargs))

        functools.update_wrapper(call, method)
        call.__signature__ = self._signature  # type: ignore[attr-defined]
        return call


class _BlockingIter(Generic[P, T]):
    """A HebbsSyncClient method made from a HebbsClient async-generator method: the
    iterator pulls each item through the loop as the caller asks for it."""

    def __init__(self, method: Callable[Concatenate[HebbsClient, P], AsyncIterator[T]]):
        self._method = method
        signature = _signature_without_self(method)
        returns = str(signature.return_annotation).replace("AsyncIterator", "Iterator", 1)
        self._signature = signature.replace(return_annotation=returns)

    @overload
    def __get__(self, owner: None, kind: type[Any]) -> _BlockingIter[P, T]: ...
    @overload
    def __get__(self, owner: HebbsSyncClient, kind: type[Any]) -> Callable[P, Iterator[T]]: ...
    def __get__(
        self, owner: HebbsSyncClient | None, kind: type[Any]
    ) -> _BlockingIter[P, T] | Callable[P, Iterator[T]]:
        if owner is None:
            return self
        method, client, loop = self._method, owner.async_client, owner._loop

        def call(*args: P.args, **kwargs: P.kwargs) -> Iterator[T]:
            items = method(client, *args, **kwargs)
            try:
                while item := loop.run(_next(items)):
                    yield item[0]
            finally:
                loop.run(_close(items))

        functools.update_wrapper(call, method)
        call.__signature__ = self._signature  # type: ignore[attr-defined]
        return call


async def _next(items: AsyncIterator[T]) -> list[T]:
    """The next item as a one-item list, or [] at the end (StopAsyncIteration stays here)."""
    try:
        return [await anext(items)]
    except StopAsyncIteration:
        return []


async def _close(items: AsyncIterator[Any]) -> None:
    aclose = getattr(items, "aclose", None)
    if aclose is not None:
        await aclose()


class HebbsSyncClient:
    """The blocking twin of ``HebbsClient``: the same methods, arguments and answers.

    with HebbsSyncClient("http://127.0.0.1:8000") as client:
        memory = client.remember("Acme prefers email", entity_id="acme")
        found = client.recall("how does Acme like to be contacted?")
    """

    def __init__(
        self,
        base_url: str = DEFAULT_URL,
        *,
        api_key: str | None = None,
        timeout: float = 60.0,
        transport: httpx.AsyncBaseTransport | None = None,
        bookmarks: str | None = None,
    ) -> None:
        self._loop = _Loop()
        self.async_client = HebbsClient(
            base_url, api_key=api_key, timeout=timeout, transport=transport, bookmarks=bookmarks
        )
        self.base_url = self.async_client.base_url

    @property
    def bookmarks(self) -> str | None:
        """The bookmarks this client carries (see ``HebbsClient.bookmarks``)."""
        return self.async_client.bookmarks

    @bookmarks.setter
    def bookmarks(self, value: str | None) -> None:
        self.async_client.bookmarks = value

    def __enter__(self) -> HebbsSyncClient:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Close the HTTP connections and stop this client's loop thread."""
        self._loop.run(self.async_client.aclose())
        self._loop.close()

    remember = _Blocking(HebbsClient.remember)
    remember_batch = _Blocking(HebbsClient.remember_batch)
    conversation = _Blocking(HebbsClient.conversation)
    get = _Blocking(HebbsClient.get)
    list_memories = _Blocking(HebbsClient.list_memories)
    edges = _Blocking(HebbsClient.edges)
    link = _Blocking(HebbsClient.link)
    revise = _Blocking(HebbsClient.revise)
    forget = _Blocking(HebbsClient.forget)
    recall = _Blocking(HebbsClient.recall)
    prime = _Blocking(HebbsClient.prime)
    lineage = _Blocking(HebbsClient.lineage)
    graph = _Blocking(HebbsClient.graph)
    semantic_map = _Blocking(HebbsClient.semantic_map)
    entities = _Blocking(HebbsClient.entities)
    contradiction_prepare = _Blocking(HebbsClient.contradiction_prepare)
    contradiction_commit = _Blocking(HebbsClient.contradiction_commit)
    contradiction_scan = _Blocking(HebbsClient.contradiction_scan)
    reflect_prepare = _Blocking(HebbsClient.reflect_prepare)
    reflect_commit = _Blocking(HebbsClient.reflect_commit)
    reflect = _Blocking(HebbsClient.reflect)
    reflect_status = _Blocking(HebbsClient.reflect_status)
    insights = _Blocking(HebbsClient.insights)
    live = _Blocking(HebbsClient.live)
    ready = _Blocking(HebbsClient.ready)
    metrics = _Blocking(HebbsClient.metrics)
    export_backup = _BlockingIter(HebbsClient.export_backup)
    import_backup = _Blocking(HebbsClient.import_backup)
