"""Automatic scoring: sacreBLEU metrics, LLM judges (cached by content hash) and COMET.

Entry point: ``litboard.scoring.api.score`` (settings in ``settings.ScoreSettings``).
"""
