"""The provenance badge of a system: what kind of evidence its numbers rest on."""

from __future__ import annotations

from ..model import Corpus


def provenance_badge(corpus: Corpus, system: str) -> str:
    """'human-evaluated: scheme, n annotators' / 'LLM-judged' / 'automatic scores only' / 'not scored'."""
    human = []
    for table, scheme in (("mqm", "MQM"), ("sqm", "SQM"), ("ruler", "RULER"), ("verse", "VERSE"),
                          ("creativity", "creativity")):
        frame = corpus.tables["ucps" if table == "creativity" else table]
        rows = frame[frame["system"] == system]
        if table in ("mqm", "creativity"):
            annotators = corpus.annotators
            llm = set(annotators.loc[annotators["expertise"] == "llm", "annotator"])
            rows = rows[~rows["annotator"].isin(llm)]
        if len(rows):
            human.append(f"{scheme}, {rows['annotator'].nunique()} annotator"
                         f"{'s' if rows['annotator'].nunique() != 1 else ''}")
    if human:
        return "human-evaluated: " + "; ".join(human)
    metrics = corpus.metric_scores[corpus.metric_scores["system"] == system]
    if metrics.empty:
        return "not scored yet"
    judged = corpus.campaigns.keys() & set(metrics["campaign"])
    if any(corpus.campaigns[c].get("judge") for c in judged):
        return "LLM-judged"
    return "automatic scores only"
