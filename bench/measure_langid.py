"""Measure py3langid against lingua-language-detector on the released texts of every track.

Input: the JSONL of bench/langid_texts.py. For each text, is the identified language the pair's
target? Prints accuracy per track and identifier, the misses, and the time per text. py3langid
needs numpy>=2, which unbabel-comet (the COMET extra) forbids, so run this in a scratch venv:
``python -m venv /tmp/v && /tmp/v/bin/pip install py3langid lingua-language-detector``.
"""

from __future__ import annotations

import collections
import json
import sys
import time


def main(path: str) -> None:
    import py3langid
    from lingua import LanguageDetectorBuilder

    rows = [json.loads(line) for line in open(path, encoding="utf-8")]
    lingua = LanguageDetectorBuilder.from_all_languages().with_preloaded_language_models().build()

    def lingua_code(text: str) -> str:
        found = lingua.detect_language_of(text)
        return found.iso_code_639_1.name.lower() if found else "?"

    identifiers = {"py3langid": lambda t: py3langid.classify(t)[0], "lingua": lingua_code}
    for name, identify in identifiers.items():
        hits: collections.Counter[str] = collections.Counter()
        totals: collections.Counter[str] = collections.Counter()
        misses = []
        start = time.perf_counter()
        for row in rows:
            target = row["pair"].split("-")[1]
            got = identify(row["text"])
            totals[row["track"]] += 1
            if got == target:
                hits[row["track"]] += 1
            else:
                misses.append((row["track"], row["pair"], row["system"], got, row["text"][:60]))
        per = (time.perf_counter() - start) / len(rows) * 1000
        print(f"{name}: {sum(hits.values())}/{len(rows)} correct ({per:.2f} ms per text)")
        for track in sorted(totals):
            print(f"  {track}: {hits[track]}/{totals[track]}")
        for miss in misses[:15]:
            print("  miss:", *miss)


if __name__ == "__main__":
    main(sys.argv[1])
