"""Cross-file checks over schema-valid rows: ids, references, offsets, ranges, NFC."""

from __future__ import annotations

import unicodedata
from typing import Any, Iterable, Sequence

from ..errors import Problems
from ..typology import DEFAULT_SCALES, allowed_categories
from .record_checks import check_record
from .rows import RawData, RootCheck, Row

TARGETED = ("mqm", "free", "sqm", "esa", "creativity", "ruler", "verse", "metric", "score")


def check(raw: RawData, problems: Problems, extra: Sequence[RootCheck] = ()) -> None:
    """Every cross-file check, then ``extra``: checks that other stages own, passed in by the
    caller (scoring's ``llm-cache/``; the contribution policy of ``tracks.checks.POLICY``)."""
    _check_folder_ids(raw, problems)
    if raw.track_roots and not raw.of("dataset"):
        for root in sorted(raw.track_roots):
            problems.add(
                f"{root}/corpus/track.yaml",
                1,
                "track",
                "adds systems to a release that is not loaded",
                "load the track with its release: `litboard validate --releases` (add --mirror DIR "
                "to read the release files from a local folder)",
            )
        return
    paragraphs = _unique(
        raw.of("paragraph"),
        lambda r: r.data["id"],
        "id",
        problems,
        "paragraph ids must be unique within a dataset (roots with the same dataset id)",
    )
    works = {r.data["id"]: r for r in raw.of("work")}
    systems = _unique(
        raw.of("system"),
        lambda r: r.data["id"],
        "id",
        problems,
        "system ids must be unique within a dataset (roots with the same dataset id)",
    )
    _unique(raw.of("work"), lambda r: r.data["id"], "id", problems, "work ids must be unique")
    _unique(
        list(raw.campaigns.values()),
        lambda r: r.data["id"],
        "id",
        problems,
        "campaign ids must be unique",
    )
    _unique(
        raw.of("dataset"),
        lambda r: r.data["id"],
        "id",
        problems,
        "each data root needs its own dataset id",
    )
    for row in raw.of("dataset"):
        _check_primary(row, raw, problems)
    for row in raw.of("paragraph"):
        _check_text(row, problems)
    _unique(
        raw.of("paragraph"),
        lambda r: (r.context.get("work"), r.data.get("index")),
        "index",
        problems,
        "give each paragraph of a work its own index (its position in the work: 0, 1, 2, ...)",
    )
    lengths = _check_translations(raw, paragraphs, works, problems)
    source_lengths = {pid: _length(r.data) for pid, r in paragraphs.items()}
    for campaign_id, campaign in raw.campaigns.items():
        scheme = campaign.data["scheme"]
        rows = [r for r in raw.of(scheme) if r.context.get("campaign") == campaign_id]
        _check_campaign(
            campaign, rows, set(systems) | raw.system_folders, lengths, source_lengths, problems
        )
        if scheme == "mqm":
            _check_mqm_denominator(campaign, rows, paragraphs, problems)
        _check_second_annotation(campaign, raw, problems)
    for more in extra:
        more(raw, problems)


def _check_mqm_denominator(
    campaign: Row, rows: list[Row], paragraphs: dict[str, Row], problems: Problems
) -> None:
    """Paper 000's MQM divides by sentences: say so when a record has no sentence count."""
    mqm = campaign.data.get("mqm", {})
    if (
        mqm.get("variant", "paper000") != "paper000"
        or mqm.get("normalise", "sentences") != "sentences"
    ):
        return
    missing = [
        r
        for r in rows
        if "sentences" not in r.data
        and "sentences" not in getattr(paragraphs.get(r.data["paragraph"]), "data", {})
    ]
    if missing:
        first = missing[0]
        problems.add(
            first.file,
            first.line,
            "sentences",
            f"paper 000's MQM score divides by sentences, but {len(missing)} record(s) of "
            f"campaign {campaign.data['id']!r} have no sentence count, so their score "
            "cannot be computed",
            "add sentences to the paragraph (paragraphs.jsonl) or to the record, or set "
            f"mqm.normalise: words in {campaign.file} (error points per 100 source words)",
        )


RANKING_SCHEMES = ("mqm", "sqm", "esa", "score")  # human schemes with one score per translation
# (scheme, measure) a dataset's primary may name: those scores, or a pairwise campaign's strengths
RANKING_MEASURES = {(s, s) for s in RANKING_SCHEMES} | {("pairwise", "bradley-terry")}


def _check_second_annotation(campaign: Row, raw: RawData, problems: Problems) -> None:
    """second_annotation_of: another campaign of the same scheme (its translations, annotated
    again)."""
    first_id = campaign.data.get("second_annotation_of")
    if not first_id:
        return
    first = raw.campaigns.get(first_id)
    if (
        first is None
        or first_id == campaign.data["id"]
        or first.data["scheme"] != campaign.data["scheme"]
    ):
        problems.add(
            campaign.file,
            campaign.line,
            "second_annotation_of",
            f"{first_id!r} is not another campaign with scheme {campaign.data['scheme']!r}",
            "name the campaign (folder under judgments/) whose translations this one annotates "
            "again",
        )


def _check_primary(row: Row, raw: RawData, problems: Problems) -> None:
    """dataset.yaml primary: a human campaign of the same data root with a per-translation score."""
    primary = row.data.get("primary")
    if not primary:
        return
    campaign = raw.campaigns.get(primary["campaign"])
    if campaign is None or campaign.root != row.root:
        problems.add(
            row.file,
            row.line,
            "primary.campaign",
            f"{primary['campaign']!r} is not a campaign of this data root",
            "name a folder under judgments/ of this data root",
        )
        return
    scheme = campaign.data["scheme"]
    measure = primary.get("measure", scheme)
    if (scheme, measure) not in RANKING_MEASURES:
        problems.add(
            row.file,
            row.line,
            "primary",
            f"campaign {primary['campaign']!r} has scheme {scheme!r}, measure {measure!r}",
            f"name a human campaign with scheme {', '.join(RANKING_SCHEMES)} and its "
            "scheme as measure, or a pairwise campaign with measure bradley-terry",
        )


def _check_folder_ids(raw: RawData, problems: Problems) -> None:
    for kind, key in (("work", "work"), ("system", "system"), ("campaign", "campaign")):
        for row in raw.of(kind):
            folder = row.context[key]
            if row.data["id"] != folder:
                problems.add(
                    row.file,
                    row.line,
                    "id",
                    f"{row.data['id']!r} differs from its folder name {folder!r}",
                    f"set id: {folder} or rename the folder",
                )


def _unique(
    rows: Iterable[Row], key: Any, field: str, problems: Problems, fix: str
) -> dict[Any, Row]:
    seen: dict[Any, Row] = {}
    for row in rows:
        value = key(row)
        if value in seen:
            first = seen[value]
            problems.add(
                row.file,
                row.line,
                field,
                f"duplicate {value!r} (first at {first.file}:{first.line})",
                fix,
            )
        else:
            seen[value] = row
    return seen


def _length(data: dict[str, Any]) -> int | None:
    if "text" in data:
        return len(data["text"])
    return data.get("length")


def _check_text(row: Row, problems: Problems) -> None:
    text = row.data.get("text")
    if text is None:
        if not row.data.get("snippet") and not row.data.get("sha256"):
            problems.add(
                row.file,
                row.line,
                "snippet",
                "a restricted text needs a snippet or a sha256",
                "add the shareable snippet or the SHA-256 of the full text",
            )
        return
    if not text.strip():
        problems.add(
            row.file, row.line, "text", "is empty or whitespace only", "provide the translated text"
        )
    elif not unicodedata.is_normalized("NFC", text):
        problems.add(
            row.file,
            row.line,
            "text",
            "is not in Unicode NFC",
            "normalise the text to NFC (unicodedata.normalize('NFC', text))",
        )
    # control characters never reach here: values.value_problems refuses them as the row is read


def _check_translations(
    raw: RawData, paragraphs: dict[str, Row], works: dict[str, Row], problems: Problems
) -> dict[tuple[str, str, str], int | None]:
    lengths: dict[tuple[str, str, str], int | None] = {}
    files: dict[tuple[str, str, str], str] = {}
    elsewhere: dict[tuple[str, str], list[Row]] = {}  # (file, source language) -> lines
    for row in raw.of("translation"):
        system, pair, pid = row.context["system"], row.context["pair"], row.data["paragraph"]
        _check_text(row, problems)
        key = (system, pair, pid)
        if key in lengths:
            where = "in this file" if files[key] == row.file else f"(also in {files[key]})"
            problems.add(
                row.file,
                row.line,
                "paragraph",
                f"{pid!r} is translated twice {where}",
                "keep one line per paragraph",
            )
            continue
        lengths[key] = _length(row.data)
        files[key] = row.file
        source = paragraphs.get(pid)
        if source is None:
            problems.add(
                row.file,
                row.line,
                "paragraph",
                f"unknown paragraph id {pid!r}",
                "use an id from corpus/works/*/paragraphs.jsonl",
            )
            continue
        work = works.get(source.context["work"])
        if work is not None and work.data["source_lang"] != pair.split("-")[0]:
            elsewhere.setdefault((row.file, work.data["source_lang"]), []).append(row)
    for (file, lang), rows in elsewhere.items():
        _report_elsewhere(file, lang, rows, problems)
    return lengths


def _report_elsewhere(file: str, lang: str, rows: list[Row], problems: Problems) -> None:
    """One problem per file and source language: lines whose paragraph is not in the pair's
    source."""
    pair = rows[0].context["pair"]
    src, tgt = pair.split("-")
    ids = ", ".join(repr(r.data["paragraph"]) for r in rows[:3]) + (" ..." if len(rows) > 3 else "")
    message = (
        f"{len(rows)} line(s) translate {lang!r} paragraphs ({ids}), but the file is for {pair}"
    )
    if lang == tgt:
        fix = (
            f"the pair is reversed: the file holds {lang}-{src} outputs; rename it to "
            f"{lang}-{src}.jsonl"
        )
    else:
        fix = f"move the line(s) to {lang}-{tgt}.jsonl"
    problems.add(file, rows[0].line, "paragraph", message, fix)


def _check_campaign(
    campaign: Row,
    rows: list[Row],
    systems: set[str],
    lengths: dict[tuple[str, str, str], int | None],
    source_lengths: dict[str, int | None],
    problems: Problems,
) -> None:
    data = campaign.data
    scheme = data["scheme"]
    annotators = {a["id"] for a in data.get("annotators", [])}
    _check_declarations(campaign, problems)
    if scheme != "metric" and not annotators:
        problems.add(
            campaign.file,
            1,
            "annotators",
            "no annotators declared",
            "list the anonymous annotator ids with their expertise",
        )
    categories = None
    if scheme == "mqm":
        mqm = data.get("mqm", {})
        categories = allowed_categories(mqm.get("typology", "paper000"), mqm.get("categories"))
    low, high = _scale(data)
    seen: dict[tuple[Any, ...], Row] = {}
    for row in rows:
        record = row.data
        if scheme != "metric" and record["annotator"] not in annotators:
            problems.add(
                row.file,
                row.line,
                "annotator",
                f"unknown annotator {record['annotator']!r}",
                f"declare it in {campaign.file} under annotators",
            )
        if scheme in TARGETED:
            _check_target(row, systems, lengths, problems)
        else:
            _check_tuple(row, scheme, systems, lengths, problems)
        key = _judgment_key(scheme, record)
        if key in seen:
            first = seen[key]
            problems.add(
                row.file,
                row.line,
                "record",
                f"duplicate judgment (first at {first.file}:{first.line})",
                "keep one record per item and annotator",
            )
        seen[key] = row
        length = lengths.get(
            (record.get("system", ""), record.get("pair", ""), record.get("paragraph", ""))
        )
        source_length = source_lengths.get(record.get("paragraph", ""))
        check_record(row, scheme, categories, (low, high), data, length, source_length, problems)


def _check_declarations(campaign: Row, problems: Problems) -> None:
    """A campaign card says each annotator once, and a metric campaign says which metric."""
    data = campaign.data
    seen: dict[str, dict[str, Any]] = {}
    for person in data.get("annotators", []):
        first = seen.setdefault(person["id"], person)
        if first is not person:
            differs = (
                "with a different expertise "
                if first.get("expertise") != person.get("expertise")
                else ""
            )
            problems.add(
                campaign.file,
                0,
                "annotators",
                f"{person['id']!r} is declared twice {differs}"
                f"({first.get('expertise')!r}, then {person.get('expertise')!r})",
                "declare each annotator once, with the expertise they had",
            )
    if data["scheme"] == "metric" and not isinstance(data.get("metric"), dict):
        problems.add(
            campaign.file,
            0,
            "metric",
            "is missing: a campaign of scheme metric says which metric made its scores",
            "add a metric block: name, higher_is_better and signature (see the Data format page)",
        )


def _scale(data: dict[str, Any]) -> tuple[float, float]:
    if "scale" in data:
        return float(data["scale"]["min"]), float(data["scale"]["max"])
    return DEFAULT_SCALES.get(data["scheme"], (float("-inf"), float("inf")))


def _judgment_key(scheme: str, record: dict[str, Any]) -> tuple[Any, ...]:
    if scheme == "bws":
        return (
            record["pair"],
            record["paragraph"],
            record["annotator"],
            tuple(sorted(record["systems"])),
        )
    if scheme == "pairwise":
        return (record["pair"], record["paragraph"], record["annotator"], record["a"], record["b"])
    if scheme == "metric":
        return (
            record["system"],
            record["pair"],
            record.get("paragraph"),
            record.get("level", "segment"),
            record.get("work"),
        )
    if scheme == "score":
        return (
            record["system"],
            record["pair"],
            record.get("paragraph"),
            record.get("work"),
            record["annotator"],
        )
    return (record["system"], record["pair"], record["paragraph"], record["annotator"])


def _check_target(
    row: Row, systems: set[str], lengths: dict[tuple[str, str, str], int | None], problems: Problems
) -> None:
    record = row.data
    if record["system"] not in systems:
        problems.add(
            row.file,
            row.line,
            "system",
            f"unknown system id {record['system']!r}",
            "use a folder name under corpus/systems/",
        )
        return
    if record.get("level") == "system" or ("work" in record and "paragraph" not in record):
        return
    if "paragraph" not in record:
        problems.add(
            row.file,
            row.line,
            "paragraph",
            "is required for a segment-level record",
            "add the paragraph id, or set level: system",
        )
        return
    if (record["system"], record["pair"], record["paragraph"]) not in lengths:
        problems.add(
            row.file,
            row.line,
            "paragraph",
            f"{record['system']} has no {record['pair']} translation of {record['paragraph']!r}",
            f"add it to corpus/systems/{record['system']}/{record['pair']}.jsonl or fix the ids",
        )


def _check_tuple(
    row: Row,
    scheme: str,
    systems: set[str],
    lengths: dict[tuple[str, str, str], int | None],
    problems: Problems,
) -> None:
    record = row.data
    shown = record["systems"] if scheme == "bws" else [record["a"], record["b"]]
    if len(set(shown)) != len(shown):
        problems.add(
            row.file,
            row.line,
            "systems" if scheme == "bws" else "b",
            "the same system appears twice",
            "compare different systems",
        )
    for system in shown:
        if system not in systems:
            problems.add(
                row.file,
                row.line,
                "systems" if scheme == "bws" else "a/b",
                f"unknown system id {system!r}",
                "use a folder name under corpus/systems/",
            )
        elif (system, record["pair"], record["paragraph"]) not in lengths:
            problems.add(
                row.file,
                row.line,
                "systems",
                f"{system} has no {record['pair']} translation of {record['paragraph']!r}",
                "judge only translations that exist",
            )
    if scheme == "bws":
        for name in ("best", "worst"):
            if record[name] not in shown:
                problems.add(
                    row.file,
                    row.line,
                    name,
                    f"{record[name]!r} is not in the tuple",
                    "pick one of the systems listed in 'systems'",
                )
        if record["best"] == record["worst"]:
            problems.add(
                row.file, row.line, "worst", "equals best", "pick different best and worst"
            )
