"""The AI opponents: pure decisions from one seat's view (no gRPC, no I/O).

`decide(state, seat, level, seed, budget)` is the entry point; `levels.py` is the level table;
`ismcts.py` the search; one package per game (`doors/`, `koikoi/`, `tiger_dragon/`: its
heuristics, its world from a view, its hint reasons), listed in `games.py`. See docs/ai.md.
"""

from bots.decide import decide
from bots.ismcts import Budget
from bots.levels import LEVELS, Level, canonical_level, parse_level

__all__ = ["LEVELS", "Budget", "Level", "canonical_level", "decide", "parse_level"]
