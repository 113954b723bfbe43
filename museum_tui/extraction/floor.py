"""The built-in extractor as a floor under a model: its facts stand where the model returned nothing valid.

A small local model may answer every extraction with something validation (rightly) refuses; without a
floor the visit then remembers nothing, deafness and a peanut allergy included. Here both engines read the
message: the model's valid facts come first, and for each concept (and person) the model gave nothing valid
for, the rules' facts stand. The merge goes through the same validation as any extractor's output.

`model_rejected` on the result says the model answered and none of it survived validation, so the
conversation can count such turns and tell the visitor (and `memory health`) when they keep happening.
A model call that fails outright (an HTTP error, no answer in time, an answer that is not JSON) leaves the
rules' facts standing too: the result carries the failure in `model_error`, for the visitor's notice.
"""

from __future__ import annotations

import asyncio
from dataclasses import asdict

from museum_tui.memory import Ontology

from .builtin import BuiltinFactSource
from .llm_extractor import LLMExtractor
from .validate import ExtractionResult, validate_facts


class FlooredExtractor:
    """A `FactSource`: the model's facts, with the rule extractor's under them."""

    def __init__(
        self,
        model: LLMExtractor,
        rules: BuiltinFactSource,
        failures: tuple[type[Exception], ...] = (Exception,),
    ) -> None:
        """`failures`: the errors of a model call the floor stands under (the conversation passes the
        client's `LLMError`: extraction does not import the client); anything else propagates."""
        self.model, self.rules, self.failures = model, rules, failures
        self.ontology = model.ontology
        self.name = model.name

    async def warm_up(self) -> None:
        await asyncio.gather(self.model.warm_up(), self.rules.warm_up())

    async def extract(self, user_msg: str, bot_msg: str | None = None) -> ExtractionResult:
        floor = asyncio.ensure_future(self.rules.extract(user_msg, bot_msg))
        try:
            model = await self.model.extract(user_msg, bot_msg)
        except self.failures as exc:  # no answer, or no JSON: the rules' reading stands, the failure is said
            return failed(await floor, str(exc).rstrip(". ") or type(exc).__name__)
        except BaseException:
            floor.cancel()
            raise
        return merge(model, await floor, self.ontology, user_msg)


def failed(floor: ExtractionResult, error: str) -> ExtractionResult:
    """The floor's facts as the turn's, when the model call itself failed: not a refused reading (nothing
    was read), so `model_rejected` stays None and the failure rides in `model_error`."""
    result = ExtractionResult(list(floor.facts), [], None)
    result.floor_facts = len(floor.facts)
    result.model_error = error
    return result


def merge(model: ExtractionResult, floor: ExtractionResult, ontology: Ontology, user_msg: str) -> ExtractionResult:
    """The model's valid facts, then the floor's for every (concept, person) the model said nothing valid
    about; validated again as one output. Rejections are the model's (the floor's are its own business)."""
    covered = {(f.concept, f.about) for f in model.facts}
    extra = [f for f in floor.facts if (f.concept, f.about) not in covered]
    merged = validate_facts({"facts": [asdict(f) for f in [*model.facts, *extra]]}, ontology, user_msg)
    result = ExtractionResult(merged.facts, [*model.rejected, *merged.rejected], model.raw)
    result.model_rejected = bool(model.rejected) and not model.facts
    result.floor_facts = len(extra)
    return result
