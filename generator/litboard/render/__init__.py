"""Rendering: view models -> jinja2 templates -> page strings. One function writes files."""
