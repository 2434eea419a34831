"""A recall request as the server checks it: every strategy's spec against its own model
(the union of ``strategies/``), where the wire model (``models.recall.RecallIn``) checks
only what every strategy shares."""

from __future__ import annotations

from pydantic import Field, ValidationError

from hebbs_graph.errors import InvalidInput
from hebbs_graph.models.recall import DEFAULT_STRATEGY, RecallIn, SpecBase
from hebbs_graph.services.recall.strategies import SPECS, AnySpec, Run, runner


class RecallRequest(RecallIn):
    strategies: list[AnySpec] | None = Field(  # type: ignore[assignment]
        default=None,
        min_length=1,
        max_length=5,
        description="the strategies to run (omitted: hybrid), each with its own fields",
    )

    def specs(self) -> list[SpecBase]:
        if self.strategies:
            return list(self.strategies)
        return [SPECS[DEFAULT_STRATEGY].model_validate({"strategy": DEFAULT_STRATEGY})]

    @classmethod
    def of(cls, request: RecallIn) -> RecallRequest:
        """The request checked against every strategy's own model; InvalidInput names
        the field at fault, as the REST door's own check would."""
        if isinstance(request, RecallRequest):
            return request
        try:
            return cls.model_validate(request.model_dump(exclude_unset=True))
        except ValidationError as exc:
            raise invalid(exc) from None


def runnable(request: RecallIn, extra: list[str]) -> list[tuple[SpecBase, Run]]:
    """Each spec of the checked request with what runs it; InvalidInput for a bad spec or
    an opt-in strategy that is not turned on (``extra``: HEBBS_RECALL_EXTRA_STRATEGIES)."""
    specs = RecallRequest.of(request).specs()
    return [(spec, runner(spec.strategy, extra, i)) for i, spec in enumerate(specs)]


def invalid(exc: ValidationError) -> InvalidInput:
    """A pydantic refusal as InvalidInput: each problem as ``field.path: message``."""
    parts = []
    for error in exc.errors():
        where = ".".join(str(p) for p in error["loc"])
        text = error["msg"].removeprefix("Value error, ")
        parts.append(f"{where}: {text}" if where else text)
    fields = [".".join(str(p) for p in e["loc"]) for e in exc.errors()]
    return InvalidInput("; ".join(parts), details={"fields": fields})
