"""Label Studio labelling configurations per scheme, built as XML trees (never as markup strings).

- mqm: error spans on the translation, labels = the track's typology, a per-span severity
  and comment, then the confirmation that every error is marked;
- esa: spans marked minor or major error, then a 0-100 score of the whole translation;
- pairwise: the two translations merged into one text ("TRANSLATION 1 ... TRANSLATION 2"),
  error spans on it, the better translation and a rationale, as in LiteraryTranslation's
  own interface (annotations/labelstudio_format_v1/labelstudio_interface_code);
- bws: the tuple's translations as TRANSLATION 1..k, the best and the worst;
- ruler: the translation and a 1-5 Rating per criterion of paper 004 (``schemes.RULER_CRITERIA``).

MQM also asks to confirm "every error is marked": an annotation without a span or this answer
is no judgment (``answers``), so an emptied annotation never reads as "no errors".
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from .answers import MQM_DONE, MQM_DONE_CHOICE
from .labels import Label
from .schemes import ESA_SCALE, RULER_CRITERIA, RULER_SCALE

SEVERITY_CHOICES = ("Minor", "Major", "Critical")
# Task data keys, chosen so that Label Studio renders them as text: with the key 'source' its
# labelling view showed the whole task JSON (issue 44), with 'src' the paragraph.
SOURCE = "src"
TARGET = "tgt"
PAIR_CHOICES = ("TRANSLATION 1", "TRANSLATION 2")


def shown(n: int) -> str:
    """The blind label of the n-th translation of a task (1-based)."""
    return f"TRANSLATION {n}"


def _add(parent: ET.Element, tag: str, **attrs: str) -> ET.Element:
    return ET.SubElement(parent, tag, {k.rstrip("_"): v for k, v in attrs.items()})


def _labels(view: ET.Element, to_name: str, labels: list[Label]) -> None:
    group = _add(view, "Labels", name="errors", toName=to_name)
    for label in labels:
        _add(group, "Label", value=label.value)


def _choices(
    view: ET.Element, name: str, to_name: str, values: tuple[str, ...], **extra: str
) -> None:
    group = _add(
        view, "Choices", name=name, toName=to_name, choice="single-radio", required="true", **extra
    )
    for value in values:
        _add(group, "Choice", value=value)


def _ruler(view: ET.Element) -> None:
    """RULER (paper 004): the translation, then a 1-5 rating per criterion with its description."""
    _add(view, "Header", value="Translation: rate it from 1 (fails) to 5 (best) on each criterion")
    _add(view, "Text", name="translation", value=f"${TARGET}")
    for criterion in RULER_CRITERIA:
        _add(view, "Header", value=f"{criterion.title}: {criterion.help}")
        _add(
            view,
            "Rating",
            name=criterion.name,
            toName="translation",
            maxRating=str(RULER_SCALE[1]),
            icon="star",
            size="medium",
            required="true",
        )


def config(scheme: str, labels: list[Label], tuple_size: int = 0) -> str:
    """The labelling configuration of ``scheme`` as an XML string."""
    view = ET.Element("View")
    _add(view, "Header", value="Context: the paragraph before (not to be judged)")
    _add(view, "Text", name="context_before", value="$context_before", selectionEnabled="false")
    _add(view, "Header", value="Source paragraph")
    _add(view, "Text", name="source", value=f"${SOURCE}")
    _add(view, "Header", value="Context: the paragraph after (not to be judged)")
    _add(view, "Text", name="context_after", value="$context_after", selectionEnabled="false")
    if scheme == "ruler":
        _ruler(view)
    elif scheme in ("mqm", "esa"):
        _add(
            view,
            "Header",
            value="Translation: mark every error span"
            + (" and choose its severity" if scheme == "mqm" else " as a minor or a major error"),
        )
        _labels(view, "translation", labels)
        _add(view, "Text", name="translation", value=f"${TARGET}")
        if scheme == "mqm":
            _choices(view, "severity", "translation", SEVERITY_CHOICES, perRegion="true")
            _add(view, "TextArea", name="comment", toName="translation", perRegion="true")
            _add(view, "Header", value="When you are done:")
            _choices(view, MQM_DONE, "translation", (MQM_DONE_CHOICE,))
        else:
            _add(
                view,
                "Header",
                value="Score the translation from 0 (no meaning kept) to 100 (perfect)",
            )
            _add(
                view,
                "Number",
                name="score",
                toName="translation",
                min=f"{ESA_SCALE[0]:g}",
                max=f"{ESA_SCALE[1]:g}",
                required="true",
            )
    elif scheme == "pairwise":
        _add(view, "Header", value="Two translations: annotate all mistakes in each")
        _labels(view, "merged", labels)
        _add(view, "Text", name="merged", value="$merged", granularity="word")
        _add(view, "Header", value="Which translation is better overall?")
        _choices(view, "better", "source", PAIR_CHOICES, showInline="true")
        _add(view, "Header", value="Please motivate your choice in 2 to 5 sentences.")
        _add(
            view,
            "TextArea",
            name="rationale",
            toName="source",
            rows="5",
            maxSubmissions="1",
            required="true",
        )
    else:
        for n in range(1, tuple_size + 1):
            _add(view, "Header", value=shown(n))
            _add(view, "Text", name=f"text_{n}", value=f"${TARGET}_{n}")
        values = tuple(shown(n) for n in range(1, tuple_size + 1))
        _add(view, "Header", value="Which translation is the best?")
        _choices(view, "best", "source", values)
        _add(view, "Header", value="Which translation is the worst?")
        _choices(view, "worst", "source", values)
    ET.indent(view)
    return ET.tostring(view, encoding="unicode") + "\n"
