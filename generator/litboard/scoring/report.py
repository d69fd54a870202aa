"""What ``litboard score`` did: per metric outcome, the LLM usage summary, and the exit code."""

from __future__ import annotations

from dataclasses import dataclass, field

from .llm.runner import RunReport


@dataclass
class MetricOutcome:
    metric: str
    campaign: str
    todo: int = 0  # translations without a record
    written: int = 0  # records written
    skipped: list[str] = field(default_factory=list)
    requests: int = 0  # dry run: LLM requests needed (stage 0, or all when known)
    cached: int = 0  # dry run: of which already cached
    est_tokens: int = 0  # dry run: estimated tokens of the uncached requests
    est_cost_usd: float = 0.0
    # LLM answers stored raw with score null: the judge could not read them,
    unparseable: int = 0
    truncated: int = 0  # ... they were cut off at max_tokens,
    refused: int = 0  # ... or the model (or the endpoint's filter) refused to answer
    note: str = ""
    # records whose translation addresses the judge
    flagged: list[str] = field(default_factory=list)

    def unscored(self) -> int:
        return self.unparseable + self.truncated + self.refused

    def kinds(self) -> str:
        return f"{self.truncated} truncated, {self.refused} refused, {self.unparseable} unparseable"


@dataclass
class ScoreReport:
    dry_run: bool
    outcomes: list[MetricOutcome] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    llm: RunReport = field(default_factory=RunReport)
    stopped: str = ""

    def format(self) -> str:
        lines = []
        for o in self.outcomes:
            head = f"{o.metric} -> judgments/{o.campaign}: {o.todo} translation(s) to score"
            if self.dry_run:
                if o.requests:
                    head += (
                        f"; {o.requests} request(s), {o.cached} cached, ~{o.est_tokens:,} tokens, "
                        f"~${o.est_cost_usd:.4f}"
                    )
            else:
                head += f"; {o.written} record(s) written"
                if o.unscored():
                    head += (
                        f", {o.unscored()} of them without a score ({o.kinds()}; score null, raw "
                        f"and reason kept)"
                    )
            lines.append(head)
            lines += [f"  skipped: {s}" for s in o.skipped]
            lines += [
                f"  flagged (scored, marked 'screen' in its record, not to be trusted): {f}"
                for f in o.flagged
            ]
            if o.note:
                lines.append(f"  note: {o.note}")
        lines += [f"not scoreable: {s}" for s in self.skipped]
        r = self.llm
        if not self.dry_run and r.requested:
            lines += self._usage()
        if self.stopped:
            lines.append(f"STOPPED: {self.stopped}")
        if r.failed:
            lines.append(
                f"FAILED: {len(r.failed)} request(s) got no answer after their retries (listed "
                f"above); "
                "rerun to ask them again (answers received are saved)"
            )
        return "\n".join(lines)

    def _usage(self) -> list[str]:
        r, unscored = self.llm, MetricOutcome("", "")
        for o in self.outcomes:
            unscored.truncated, unscored.refused = (
                unscored.truncated + o.truncated,
                unscored.refused + o.refused,
            )
            unscored.unparseable += o.unparseable
        lines = [
            f"LLM: {r.requested} request(s): {r.cached} cached, {r.sent} answered, "
            f"{len(r.failed)} failed; "
            f"{r.calls} call(s) made, {r.retries} retried; {unscored.unscored()} answer(s) not "
            f"scored "
            f"({unscored.kinds()}); {r.prompt_tokens:,} prompt + {r.completion_tokens:,} "
            f"completion "
            f"tokens; ${r.cost_usd:.4f}"
        ]
        if r.no_usage:
            lines.append(
                f"  {r.no_usage} answer(s) came without usage: charged at an upper bound (one "
                f"token per "
                "UTF-8 byte of prompt and answer, answers at most --max-tokens), included above"
            )
        if r.charged:
            lines.append(
                f"  {r.charged} attempt(s) without a usable answer (timeouts, unusable replies) "
                f"counted as spent at their reserved worst case"
            )
        if r.refused:
            lines.append(
                f"  {r.refused} cache file(s) refused (not written by litboard's scoring run) "
                "and asked again"
            )
        return lines + [f"  failed {k[:12]}: {why}" for k, why in sorted(r.failed.items())]

    def exit_code(self) -> int:
        """1: an LLM request got no answer after its retries (or the circuit breaker stopped the
        run); 2: stopped at the budget cap; 0 otherwise (answers that gave no score are reported,
        not fatal)."""
        r = self.llm
        if r.tripped or r.failed:
            return 1
        return 2 if self.stopped else 0
