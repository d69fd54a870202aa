"""LLM runner speed-up: 16 requests in flight vs 1, against a local server with 200 ms latency.

    .venv/bin/python bench/bench_llm_concurrency.py [--requests 48] [--latency 0.2]

Prints, for each concurrency, the wall time, the CPU time of this process (the runner and the
fake server share it: user + sys seconds), the load average when it ended and the peak number
of requests in flight; then the speed-up. Exits 1 when the speed-up is below 12x. Traffic goes
only to a server this script starts on 127.0.0.1; each run uses a fresh cache folder.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "generator"))

from litboard.scoring.llm.cache import Request, ResponseCache  # noqa: E402
from litboard.scoring.llm.client import ChatClient  # noqa: E402
from litboard.scoring.llm.runner import Budget, run  # noqa: E402
from litboard.scoring.settings import ScoreSettings  # noqa: E402
from tests.scoring.fake_openai import FakeOpenAI  # noqa: E402


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def timed(server: FakeOpenAI, concurrency: int, count: int) -> tuple[float, str]:
    """Wall seconds of one run, and a note: CPU seconds, load average, peak in flight."""
    settings = ScoreSettings(
        base_url=server.base_url, api_key_env="", concurrency=concurrency, timeout=30
    )
    requests = [
        Request("bench-model", "bench.v1", (("user", f"request {concurrency}-{i}"),), 0.0)
        for i in range(count)
    ]
    with tempfile.TemporaryDirectory() as folder:
        cache = ResponseCache.open(Path(folder))
        client = ChatClient(settings)
        client.check()
        server.peak = 0
        start, cpu = time.perf_counter(), cpu_seconds()
        report = run(requests, client, cache, settings, Budget(settings))
        elapsed, cpu = time.perf_counter() - start, cpu_seconds() - cpu
    if report.sent != count:
        raise SystemExit(f"only {report.sent}/{count} requests answered: {report.failed}")
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return (
        elapsed,
        f"{elapsed:.2f} s wall, {cpu:.2f} s CPU, load {load}, peak {server.peak} in flight",
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=48)
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--concurrency", type=int, default=16)
    args = parser.parse_args()
    with FakeOpenAI(latency=args.latency) as server:
        timed(server, 4, 4)  # warm up imports and connections
        serial, serial_note = timed(server, 1, args.requests)
        parallel, parallel_note = timed(server, args.concurrency, args.requests)
    speedup = serial / parallel
    print(
        f"{args.requests} requests, {args.latency * 1000:.0f} ms latency:\n"
        f"  concurrency 1: {serial_note}\n"
        f"  concurrency {args.concurrency}: {parallel_note}\n"
        f"  speed-up {speedup:.1f}x (ideal {min(args.concurrency, args.requests)}x; "
        f"floor {-(-args.requests // args.concurrency) * args.latency:.2f} s)"
    )
    return 0 if speedup >= 12 else 1


if __name__ == "__main__":
    raise SystemExit(main())
