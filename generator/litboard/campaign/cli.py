"""``litboard campaign plan | export | push | pull | import``: the argparse side (cli.py only
registers it)."""

from __future__ import annotations

import argparse
from collections.abc import Collection
from pathlib import Path

from .schemes import (
    DEFAULT_ANNOTATORS,
    DEFAULT_DOUBLE_SHARE,
    DEFAULT_PARAGRAPHS,
    DEFAULT_TUPLE,
    SCHEMES,
)

EXPERTISE = ("student", "professional", "expert", "crowd")
PER_ANNOTATOR = (
    "one project per annotator slot, with the tasks of the items planned for it (Label Studio's "
    "free edition assigns no task to anyone); import the projects' exports together"
)


def add_campaign(sub: argparse._SubParsersAction) -> None:
    from ..pipeline.cli_data import add_data as _add_data

    p = sub.add_parser(
        "campaign",
        help="plan a human evaluation of new systems, export it to Label "
        "Studio, import the judgments back",
        description="Human evaluation of new systems (site/human-evaluation.md).",
    )
    steps = p.add_subparsers(dest="step", required=True, metavar="STEP")
    q = steps.add_parser(
        "plan", help="write a plan (YAML): paragraphs, anchors, comparisons, slots, cost"
    )
    q.add_argument("track", metavar="TRACK", help="the track's dataset id")
    _add_data(q, releases=True)
    q.add_argument("--pair", required=True, help="language pair, e.g. de-en")
    q.add_argument(
        "--systems", nargs="+", required=True, metavar="ID", help="the new systems to judge"
    )
    q.add_argument(
        "--scheme",
        required=True,
        choices=list(SCHEMES),
        help="; ".join(f"{s.name}: {s.help}" for s in SCHEMES.values()),
    )
    q.add_argument(
        "--budget", type=int, required=True, metavar="N", help="items (tasks) the plan may use"
    )
    q.add_argument(
        "--seed", type=int, required=True, help="seed of every random choice (same seed, same plan)"
    )
    q.add_argument(
        "--paragraphs",
        type=int,
        default=DEFAULT_PARAGRAPHS,
        help=f"size of the common paragraph subset (default {DEFAULT_PARAGRAPHS})",
    )
    q.add_argument(
        "--double-share",
        type=float,
        default=DEFAULT_DOUBLE_SHARE,
        help=f"share of items given a second annotator (default {DEFAULT_DOUBLE_SHARE})",
    )
    q.add_argument(
        "--annotators",
        type=int,
        default=DEFAULT_ANNOTATORS,
        help=f"annotator slots to spread items over (default {DEFAULT_ANNOTATORS})",
    )
    q.add_argument(
        "--minutes",
        type=float,
        help="minutes per item (default: per scheme, "
        + ", ".join(f"{s.name} {s.minutes:g}" for s in SCHEMES.values())
        + ")",
    )
    q.add_argument("--anchors", nargs="*", default=[], metavar="ID", help="further anchor systems")
    q.add_argument(
        "--tuple-size", type=int, default=DEFAULT_TUPLE, help="bws: translations per tuple"
    )
    q.add_argument(
        "--calibration",
        type=int,
        default=4,
        metavar="N",
        help="items shared with the earlier human campaigns, for the new annotators' agreement "
        "with them (default 4; the plan is refused when the budget cannot pay for them)",
    )
    q.add_argument(
        "--attention",
        type=int,
        default=1,
        metavar="N",
        help="attention checks per annotator slot: copies of planned translations with an "
        "injected error, as WMT's BAD items, scored on import and never ranked (default 1; "
        "mqm, esa and pairwise)",
    )
    q.add_argument(
        "--campaign", default="", help="campaign id (default: TRACK-SCHEME-SYSTEM-sSEED)"
    )
    q.add_argument("--out", type=Path, required=True, help="plan file to write (must not exist)")
    e = steps.add_parser("export", help="write a Label Studio project (or a TSV) for a plan")
    e.add_argument("plan", type=Path, metavar="PLAN")
    _add_data(e, releases=True)
    e.add_argument("--format", choices=["labelstudio", "tsv"], default="labelstudio")
    e.add_argument("--out", type=Path, required=True, metavar="DIR", help="new or empty folder")
    e.add_argument("--per-annotator", action="store_true", help=PER_ANNOTATOR)
    _add_push_pull(steps, _add_data)
    i = steps.add_parser(
        "import", help="check Label Studio exports against the plan and write the campaign"
    )
    i.add_argument(
        "exports", type=Path, nargs="+", metavar="EXPORT", help="Label Studio JSON exports"
    )
    i.add_argument("--plan", type=Path, required=True)
    _add_data(i, releases=True)
    i.add_argument(
        "--expertise", choices=EXPERTISE, default="professional", help="the annotators' group"
    )
    i.add_argument(
        "--replace",
        action="store_true",
        help="drop the annotations earlier imports kept that these exports lack (default: keep "
        "them; annotations are merged by id, the newest updated_at wins)",
    )
    i.add_argument(
        "--out",
        type=Path,
        required=True,
        metavar="ROOT",
        help="the track's data root; the campaign goes to ROOT/judgments/<campaign>/",
    )


def _add_push_pull(
    steps: argparse._SubParsersAction,
    add_data,
) -> None:
    token = "the API token is read from the environment variable LABEL_STUDIO_TOKEN"
    url = "Label Studio's address, e.g. http://localhost:8080"
    u = steps.add_parser(
        "push",
        help="create the plan's project in a running Label Studio and import its tasks",
        description=f"Push a plan to Label Studio ({token}).",
    )
    u.add_argument("plan", type=Path, metavar="PLAN")
    add_data(u, releases=True)
    u.add_argument("--url", required=True, help=url)
    u.add_argument("--per-annotator", action="store_true", help=PER_ANNOTATOR)
    u.add_argument(
        "--names",
        nargs="+",
        default=[],
        metavar="NAME",
        help="with --per-annotator: who each slot's project is for, one name per slot, in order "
        "(shown in the project's description)",
    )
    g = steps.add_parser(
        "pull",
        help="fetch a Label Studio project's JSON export",
        description=f"Pull a project's JSON export ({token}).",
    )
    g.add_argument("--url", required=True, help=url)
    g.add_argument(
        "--project", type=int, required=True, metavar="ID", help="the project's id (push prints it)"
    )
    g.add_argument(
        "--out",
        type=Path,
        required=True,
        metavar="EXPORT",
        help="JSON file to write (must not exist)",
    )


def _corpus(
    args: argparse.Namespace, track: str, without: Collection[str] = frozenset()
):
    """The track's corpus; ``without``: campaign folders not read (an import's own)."""
    from ..pipeline.cli_data import data_roots as _roots
    from ..load.datasets import load_all
    from ..tracks.checks import CHECKS as ROOT_CHECKS
    from ..errors import DataError, Problem

    loaded = load_all(_roots(args), checks=ROOT_CHECKS, without=without.__contains__)
    corpora = {c.dataset_id: c for c in loaded}
    if track not in corpora:
        raise DataError(
            [
                Problem(
                    "--data",
                    0,
                    "TRACK",
                    f"no dataset {track!r} in the data roots given",
                    f"use one of: {', '.join(sorted(corpora))}",
                )
            ]
        )
    return corpora[track]


def run(args: argparse.Namespace) -> int:
    from ..runtime.progress import step
    from .planfile import read_plan, sha256

    if args.step == "plan":
        return _plan(args)
    if args.step == "pull":
        return _pull(args)
    plan = read_plan(args.plan)
    own: set[str] = set()
    if args.step == "import":  # its own folders are rewritten, never read (nor refused) here
        from .import_store import own_folders

        own = own_folders(args.out / "judgments", plan["campaign"])
    with step(f"loading the track {plan['track']}"):
        corpus = _corpus(args, plan["track"], own)
    if args.step == "export":
        from .export import export

        written = export(
            corpus, plan, sha256(args.plan), args.format, args.out, args.per_annotator
        )
        print(
            f"litboard: {len(plan['items'])} tasks of {plan['campaign']} written: "
            + ", ".join(str(p) for p in written)
        )
        return 0
    if args.step == "push":
        return _push(args, plan, corpus)
    from .importing import import_campaign

    with step(f"importing {len(args.exports)} export(s) of {plan['campaign']}"):
        done = import_campaign(
            corpus,
            plan,
            args.plan,
            sha256(args.plan),
            args.exports,
            args.out,
            args.expertise,
            args.replace,
        )
    print(done.format())
    return 0


def _plan(args: argparse.Namespace) -> int:
    from .build_plan import make_plan
    from .plan import PlanRequest
    from .planfile import dump, refuse_existing, write_new

    refuse_existing(args.out)
    request = PlanRequest(
        args.track,
        args.pair,
        tuple(args.systems),
        args.scheme,
        args.budget,
        args.seed,
        args.paragraphs,
        args.double_share,
        args.annotators,
        args.minutes,
        tuple(args.anchors),
        args.tuple_size,
        args.campaign,
        args.calibration,
        args.attention,
    )
    plan = make_plan(_corpus(args, args.track), request)
    write_new(args.out, dump(plan))
    cost = plan["cost"]
    print(
        f"litboard: plan {plan['campaign']} written to {args.out}: {cost['items']} items on "
        f"{len(plan['paragraphs'])} paragraphs, {cost['annotations']} annotations, about "
        f"{cost['hours']:g} "
        f"hours ({cost['minutes_per_item']:g} min per item, {cost['minutes_from']}); calibration: "
        f"{plan['calibration']['shared']} items shared with earlier campaigns "
        f"({plan['calibration'].get('note') or ', '.join(plan['calibration']['campaigns'])})"
    )
    from .attention import NOT_OFFERED, SCORED

    checks = plan.get("attention") or []
    if checks:
        print(f"litboard: {len(checks)} attention checks mixed into the annotators' tasks")
    elif plan["scheme"] not in SCORED and args.attention:
        what = "worst pick" if plan["scheme"] == "bws" else "rating"
        print("litboard: note: " + NOT_OFFERED.format(scheme=plan["scheme"], what=what))
    from .plan import agreement_warning

    warning = agreement_warning(plan)
    if warning:
        print(f"litboard: warning: {warning}")
    return 0


def _push(
    args: argparse.Namespace,
    plan: dict,
    corpus,
) -> int:
    import json
    import tempfile

    from .export import export
    from .batches import check_names
    from .instructions import blind_name
    from .labelstudio_api import LabelStudio, check_url, push, token_from_env
    from .planfile import sha256

    names = check_names(args.names, plan, args.per_annotator)
    server = LabelStudio(check_url(args.url), token_from_env())
    with tempfile.TemporaryDirectory(prefix="litboard-push-") as folder:
        out = Path(folder) / "project"
        export(corpus, plan, sha256(args.plan), "labelstudio", out, args.per_annotator)
        folders = sorted(out.glob("slot-*"), key=lambda f: int(f.name[5:])) or [out]
        projects = [
            (
                (f / "config.xml").read_text(encoding="utf-8"),
                json.loads((f / "tasks.json").read_text(encoding="utf-8")),
                json.loads((f / "project.json").read_text(encoding="utf-8")),
                int(f.name[5:]) if f.name.startswith("slot-") else 0,
            )
            for f in folders
        ]
    seen = f"annotators see it as campaign {blind_name(plan)}"
    for config, tasks, settings, slot in projects:
        name = names[slot - 1] if slot and names else ""
        if name:
            settings["description"] += f", for {name}"
        pid = push(server, plan, settings, config, tasks)
        whose = f" for annotator slot {slot}" + (f" ({name})" if name else "") if slot else ""
        print(
            f"litboard: project {pid}{whose} created at {args.url.rstrip('/')}/projects/{pid}/ "
            f"with {len(tasks)} tasks of {plan['campaign']} ({seen}); pull its export with: "
            f"litboard campaign pull --url {args.url} --project {pid} --out EXPORT.json"
        )
    if len(projects) > 1:
        print(
            f"litboard: {len(projects)} projects, one per annotator slot: give each annotator "
            "their own, pull every project and import the exports together"
        )
    return 0


def _pull(args: argparse.Namespace) -> int:
    from .labelstudio_api import LabelStudio, check_url, pull, token_from_env
    from .planfile import refuse_existing

    refuse_existing(args.out, suggest=True)
    raw = pull(LabelStudio(check_url(args.url), token_from_env()), args.project)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(raw)
    print(f"litboard: export of project {args.project} written to {args.out} ({len(raw):,} bytes)")
    return 0
