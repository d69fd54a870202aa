"""LLM runner speed-up: 16 requests in flight vs 1, against a local server with 200 ms latency.

    .venv/bin/python bench/bench_llm_concurrency.py [--requests 48] [--latency 0.2]

Prints wall times and the speed-up; exits 1 when the speed-up is below 8x. Traffic goes
only to a server this script starts on 127.0.0.1; each run uses a fresh cache folder.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from litboard.scoring.llm.cache import Request, ResponseCache  # noqa: E402
from litboard.scoring.llm.client import ChatClient  # noqa: E402
from litboard.scoring.llm.runner import Budget, run  # noqa: E402
from litboard.scoring.settings import ScoreSettings  # noqa: E402
from tests.scoring.fake_openai import FakeOpenAI  # noqa: E402


def timed(base_url: str, concurrency: int, count: int) -> float:
    settings = ScoreSettings(base_url=base_url, api_key_env="", concurrency=concurrency, timeout=30)
    requests = [Request("bench-model", "bench.v1", (("user", f"request {concurrency}-{i}"),), 0.0)
                for i in range(count)]
    with tempfile.TemporaryDirectory() as folder:
        cache = ResponseCache.open(Path(folder))
        client = ChatClient(settings)
        client.check()
        start = time.perf_counter()
        report = run(requests, client, cache, settings, Budget(settings))
        elapsed = time.perf_counter() - start
    if report.sent != count:
        raise SystemExit(f"only {report.sent}/{count} requests answered: {report.failed}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=48)
    parser.add_argument("--latency", type=float, default=0.2)
    args = parser.parse_args()
    with FakeOpenAI(latency=args.latency) as server:
        timed(server.base_url, 4, 4)  # warm up imports and connections
        serial = timed(server.base_url, 1, args.requests)
        parallel = timed(server.base_url, 16, args.requests)
        peak = server.peak
    speedup = serial / parallel
    print(f"{args.requests} requests, {args.latency * 1000:.0f} ms latency: concurrency 1 {serial:.2f} s, "
          f"concurrency 16 {parallel:.2f} s (peak {peak} in flight) -> speed-up {speedup:.1f}x")
    return 0 if speedup >= 8 else 1


if __name__ == "__main__":
    raise SystemExit(main())
