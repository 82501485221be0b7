"""Ludothèque: number games from French rule texts, pure Python rules, bots and a PyScript page."""
__version__ = "0.1.0"
