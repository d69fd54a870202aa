"""Build a tiny, randomly initialised COMET checkpoint on disk, offline (no hub, no download).

The layout is the one unbabel-comet reads: ``<dir>/hparams.yaml`` and
``<dir>/checkpoints/model.ckpt``. The encoder is a 2-layer XLM-RoBERTa config with hidden size
32 whose tokenizer (a Unigram model, as XLM-R's) is trained here on a few sentences, so
``comet.load_from_checkpoint`` and ``model.predict`` run the real code path in seconds on a CPU.
The scores mean nothing; the tests check the plumbing, not the quality.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

SPECIALS = ["<s>", "<pad>", "</s>", "<unk>", "<mask>"]
TRAINING_TEXT = [
    "Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er sich in seinem Bett "
    "zu einem ungeheueren Ungeziefer verwandelt.",
    "As Gregor Samsa awoke one morning from uneasy dreams he found himself transformed in his bed "
    "into a gigantic insect.",
    "There was no possibility of taking a walk that day.",
    "那一天，出去散步是不可能了。",
    "The quick brown fox jumps over the lazy dog; a translation is a reading.",
]
KINDS = ("xcomet_metric", "regression_metric")


def build(folder: Path, kind: str = "xcomet_metric", seed: int = 0) -> Path:
    """Write a tiny checkpoint of ``kind`` under ``folder``; returns the path of model.ckpt."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}")
    import pytorch_lightning as pl
    import torch

    encoder_dir = folder / "encoder"
    _encoder_files(encoder_dir)
    torch.manual_seed(seed)
    model = _model(kind, encoder_dir)
    hparams = dict(model.hparams)
    (folder / "checkpoints").mkdir(parents=True, exist_ok=True)
    (folder / "hparams.yaml").write_text(
        yaml.safe_dump(_plain(hparams), sort_keys=True), encoding="utf-8"
    )
    ckpt = folder / "checkpoints" / "model.ckpt"
    torch.save(
        {
            "state_dict": model.state_dict(),
            "hyper_parameters": _plain(hparams),
            "pytorch-lightning_version": pl.__version__,
            "epoch": 0,
            "global_step": 0,
        },
        ckpt,
    )
    return ckpt


def _encoder_files(folder: Path) -> None:
    """config.json + tokenizer.json of a 2-layer XLM-R, loadable with local_files_only."""
    from tokenizers import (
        Tokenizer,
        decoders,
        models,
        normalizers,
        pre_tokenizers,
        processors,
        trainers,
    )
    from transformers import XLMRobertaConfig, XLMRobertaTokenizerFast

    tok = Tokenizer(models.Unigram())
    tok.normalizer = normalizers.NFKC()
    tok.pre_tokenizer = pre_tokenizers.Metaspace()
    tok.decoder = decoders.Metaspace()
    trainer = trainers.UnigramTrainer(
        vocab_size=300, special_tokens=SPECIALS, unk_token="<unk>", show_progress=False
    )
    tok.train_from_iterator(TRAINING_TEXT, trainer=trainer)
    ids = {name: tok.token_to_id(name) for name in ("<s>", "</s>")}
    tok.post_processor = processors.TemplateProcessing(
        single="<s> $A </s>",
        pair="<s> $A </s> </s> $B </s>",
        special_tokens=[("<s>", ids["<s>"]), ("</s>", ids["</s>"])],
    )
    fast = XLMRobertaTokenizerFast(
        tokenizer_object=tok,
        bos_token="<s>",
        eos_token="</s>",
        sep_token="</s>",
        cls_token="<s>",
        unk_token="<unk>",
        pad_token="<pad>",
        mask_token="<mask>",
        model_max_length=512,
    )
    folder.mkdir(parents=True, exist_ok=True)
    fast.save_pretrained(str(folder))
    XLMRobertaConfig(
        vocab_size=tok.get_vocab_size(),
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        max_position_embeddings=514,
        pad_token_id=tok.token_to_id("<pad>"),
        bos_token_id=ids["<s>"],
        eos_token_id=ids["</s>"],
        type_vocab_size=1,
    ).save_pretrained(str(folder))


def _model(kind: str, encoder_dir: Path) -> Any:
    from comet.models import RegressionMetric, XCOMETMetric

    common = {
        "encoder_model": "XLM-RoBERTa",
        "pretrained_model": str(encoder_dir),
        "load_pretrained_weights": False,
        "local_files_only": True,
        "hidden_sizes": [16],
        "layer_transformation": "softmax",
    }
    if kind == "xcomet_metric":
        return XCOMETMetric(word_layer=2, sent_layer="mix", **common)
    return RegressionMetric(layer="mix", **common)


def _plain(value: Any) -> Any:
    """hparams as plain YAML/pickle-safe values (lists, dicts, str, numbers)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
