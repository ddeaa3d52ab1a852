"""Revolt Table: a desktop card table for four "revolt" card games."""

__version__ = "0.1.0"
