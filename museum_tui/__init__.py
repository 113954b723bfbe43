"""museum-tui: a terminal chat assistant with a selective, decaying, ontology-grounded memory."""

__version__ = "0.1.0"
