"""Scoring settings, declared once: the CLI derives its options and the docs their table from
here."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from types import UnionType
from typing import Any, get_args, get_type_hints

# USD per 1,000 tokens (input, output). Public list prices when this table was written;
# edit or extend through ScoreSettings.prices, they change.
DEFAULT_PRICES: dict[str, tuple[float, float]] = {
    "gpt-4o-mini": (0.00015, 0.0006),
    "gpt-4o": (0.0025, 0.01),
    "gpt-4.1-mini": (0.0004, 0.0016),
    "gpt-4.1": (0.002, 0.008),
}


def _opt(default: Any, help: str) -> Any:
    return field(default=default, metadata={"help": help})


def _opt_factory(factory: Any, help: str) -> Any:
    return field(default_factory=factory, metadata={"help": help})


@dataclass
class ScoreSettings:
    """Everything `litboard score` can be told; every field has a default and a help string."""

    model: str = _opt("gpt-4o-mini", "LLM judge model name sent to the endpoint.")
    base_url: str = _opt(
        "https://api.openai.com/v1",
        "OpenAI-compatible endpoint (any server speaking /v1/chat/completions).",
    )
    api_key_env: str = _opt(
        "OPENAI_API_KEY", "Name of the environment variable holding the API key ('' for none)."
    )
    temperature: float = _opt(
        0.0, "Sampling temperature of the judge (0 = as deterministic as it gets)."
    )
    max_tokens: int = _opt(1024, "Upper bound on answer tokens per request.")
    concurrency: int = _opt(8, "Requests in flight at once.")
    retries: int = _opt(6, "Retries per request on 429, 5xx, timeouts and connection errors.")
    backoff: float = _opt(1.0, "First retry delay in seconds; doubles each retry, with jitter.")
    max_backoff: float = _opt(
        60.0,
        "Longest single retry delay in seconds; a server asking (Retry-After) "
        "for a longer wait fails the request instead.",
    )
    max_consecutive_failures: int = _opt(
        10,
        "Circuit breaker: stop sending after this many requests in a row failed (0 = never stop).",
    )
    timeout: float = _opt(120.0, "Seconds to wait for one answer before it counts as a timeout.")
    idempotency_header: str = _opt(
        "Idempotency-Key",
        "HTTP header carrying a key derived from the request's "
        "content (the same on every resend), so an endpoint that "
        "supports idempotency does not answer (and bill) a resent "
        "request twice ('' = send none).",
    )
    budget_usd: float | None = _opt(
        None,
        "Never spend more than this many USD: each request reserves its "
        "worst case (prompt bound + max tokens) before it is sent.",
    )
    budget_tokens: int | None = _opt(
        None, "Never use more than this many tokens (in + out), reserved the same way."
    )
    expected_output_tokens: int = _opt(300, "Answer length assumed by the --dry-run cost estimate.")
    price_in_per_1k: float | None = _opt(
        None, "USD per 1k input tokens; overrides the price table."
    )
    price_out_per_1k: float | None = _opt(
        None, "USD per 1k output tokens; overrides the price table."
    )
    prices: dict[str, tuple[float, float]] = _opt_factory(
        lambda: dict(DEFAULT_PRICES), "Model -> (USD per 1k input, per 1k output) tokens."
    )
    cache_dir: str = _opt(
        "llm-cache", "Folder (inside the first data root) holding cached answers."
    )
    out_root: str | None = _opt(
        None, "Data root receiving the judgments (default: the first root)."
    )
    comet_model: str = _opt("Unbabel/XCOMET-XL", "COMET model name or local checkpoint path.")
    comet_gpus: int = _opt(0, "GPUs for COMET (0 = CPU).")
    comet_batch_size: int = _opt(8, "COMET batch size.")

    def price(self) -> tuple[float, float]:
        """(input, output) USD per 1k tokens for the configured model; 0 when unknown."""
        table_in, table_out = self.prices.get(self.model, (0.0, 0.0))
        return (
            self.price_in_per_1k if self.price_in_per_1k is not None else table_in,
            self.price_out_per_1k if self.price_out_per_1k is not None else table_out,
        )

    def cost(self, prompt_tokens: int, completion_tokens: int) -> float:
        price_in, price_out = self.price()
        return prompt_tokens / 1000 * price_in + completion_tokens / 1000 * price_out


def describe() -> list[tuple[str, str, Any]]:
    """(name, help, default) of every setting: the CLI and the docs are built from this."""
    defaults = ScoreSettings()
    return [(f.name, f.metadata["help"], getattr(defaults, f.name)) for f in fields(ScoreSettings)]


def value_type(name: str) -> type:
    """The type a command-line value of setting ``name`` is read as: its declared type, without
    the ``None`` of an optional one (``out_root: str | None`` is read as a ``str``)."""
    declared = get_type_hints(ScoreSettings)[name]
    if isinstance(declared, UnionType):
        declared = next(arg for arg in get_args(declared) if arg is not type(None))
    if not isinstance(declared, type):
        raise TypeError(f"setting {name!r} has no plain command-line type: {declared!r}")
    return declared
