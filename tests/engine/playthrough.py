"""Golden playthroughs, after OpenSpiel's: a seeded match of each game variant written out step
by step as plain text, for people to review as a diff and for other clients to test against.

At each step: who is to act, the spectator's view (the public part of everyone's), each seat's
view where it differs from the spectator's (what that seat alone is told), the legal move
labels with the one the seeded chooser took, and each event as every viewer sees it. A hidden
card reaching the wrong viewer shows as a line under that viewer. Views and events are written
field by field from their dataclasses, so this module knows no game: a game registered in
`engine.GAMES` gets a playthrough from `make playthroughs` (`python -m tests.engine.playthrough`),
and tests/engine/test_playthroughs.py fails until it is written and whenever one changes.
"""

from __future__ import annotations

import dataclasses
import enum
import os
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.core import Event, Seat, State
from tests.engine.matches import Variant, variants, viewers

FOLDER = Path(__file__).parent / "playthroughs"
STEPS = 80
"""A playthrough stops after this many moves when the match runs longer: enough for a whole
deal, contest or round of every game (the test checks that each game shows one)."""
MATCH_SEED = 1
MOVE_SEED = 1
SCALARS = (type(None), bool, int, float, str, enum.Enum)


@dataclass(frozen=True)
class Recording:
    """A playthrough's text, and whether it shows the match scores changing or the match ending
    (a whole deal, contest or round played)."""

    text: str
    scored: bool


def path_for(variant: Variant) -> Path:
    return FOLDER / f"{variant.name}.txt"


def record(variant: Variant) -> Recording:
    """Plays `variant` from MATCH_SEED with MOVE_SEED's choice of legal moves, STEPS at most."""
    state = variant.new(MATCH_SEED)
    rng = random.Random(MOVE_SEED)
    out = _header(variant, state)
    start_scores, moves, public = state.scores(), 0, None
    while state.to_act() is not None and moves < STEPS:
        legal = state.legal_moves()
        choice = rng.randrange(len(legal))
        views, public = _views(state, public)
        out += [f"== step {moves + 1}: seat {state.to_act()} to act ==", *views]
        out.append(f"legal moves (* the one played, {choice + 1} of {len(legal)}):")
        out += [f"  {'*' if n == choice else ' '} {move.label()}" for n, move in enumerate(legal)]
        events = state.apply(legal[choice])
        out.append(f"events ({len(events)}):")
        for event in events:
            out += _event(event, viewers(state))
        moves += 1
        out.append("")
    seat = state.to_act()
    if seat is None:
        out += [f"== the match is over after {moves} moves ==", *_views(state, None)[0]]
        out += ["result:", *(f"  {line}" for line in _lines(state.result()))]
    else:
        out += [f"== stopped after {moves} moves: seat {seat} to act ==", *_views(state, None)[0]]
    scored = seat is None or state.scores() != start_scores
    return Recording("\n".join(out) + "\n", scored)


def _header(variant: Variant, state: State) -> list[str]:
    options = variant.validated()
    return [
        f"# tigerden golden playthrough: {variant.name}",
        "# What each viewer is told at each step of a seeded match played by seeded random legal",
        "# moves. Rewrite with `make playthroughs` after an intended change; how to read it:",
        "# docs/protocol.md, Test vectors.",
        f"game = {variant.game_id}",
        f"players = {state.players}",
        *(f"options.{name} = {value}" for name, value in sorted(options.items())),
        f"match seed = {MATCH_SEED}",
        f"move seed = {MOVE_SEED}",
        f"at most {STEPS} moves",
        "",
    ]


def _views(state: State, before: dict[str, str] | None) -> tuple[list[str], dict[str, str]]:
    """The spectator's view (whole, or only its lines that changed since `before`), then each
    seat's lines that differ from the spectator's; and the spectator's lines for next time."""
    public = _fields(state.view(None))
    if before is None:
        out = ["spectator:", *_changed(public, {})]
    else:
        out = ["spectator, where its view changed since the last step:", *_changed(public, before)]
    for seat in range(state.players):
        out.append(f"seat {seat}, where its view differs from the spectator's:")
        out += _changed(_fields(state.view(seat)), public)
    return out, public


def _changed(fields: dict[str, str], since: dict[str, str]) -> list[str]:
    """The lines of `fields` that are not in `since`, and `(absent)` for those it lost."""
    out = [f"  {key} = {text}" for key, text in fields.items() if since.get(key) != text]
    return out + [f"  {key} = (absent)" for key in since if key not in fields]


def _event(event: Event, everyone: Sequence[Seat | None]) -> list[str]:
    """`event` as each viewer sees it: one entry per distinct copy, naming who sees it so."""
    copies: list[tuple[Event, list[Seat | None]]] = []
    hidden: list[Seat | None] = []
    for viewer in everyone:
        seen = event.for_viewer(viewer)
        if seen is None:
            hidden.append(viewer)
            continue
        for known, who in copies:
            if known == seen:
                who.append(viewer)
                break
        else:
            copies.append((seen, [viewer]))
    out = []
    for seen, who in copies:
        whom = "everyone" if len(who) == len(everyone) else _names(who)
        out.append(f"  - {type(seen).__name__}, seen by {whom}: {seen.describe()}")
        out += [f"      {line}" for line in _lines(seen)]
    if hidden:
        out.append(f"  - {type(event).__name__} hidden from {_names(hidden)}")
    return out


def _names(who: Sequence[Seat | None]) -> str:
    """ "seat 0, seat 2 and the spectator"."""
    names = ["the spectator" if seat is None else f"seat {seat}" for seat in who]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _lines(value: object) -> Iterator[str]:
    for key, text in _fields(value).items():
        yield f"{key} = {text}"


def _fields(value: object) -> dict[str, str]:
    """`value` flattened to one `path = text` entry per field that holds a scalar or a list of
    scalars, in declaration order."""
    out: dict[str, str] = {}
    _flatten(value, "", out)
    return out


def _flatten(value: object, path: str, out: dict[str, str]) -> None:
    text = _scalar(value)
    if text is not None:
        out[path or "value"] = text
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            key = f"{path}.{field.name}" if path else field.name
            _flatten(getattr(value, field.name), key, out)
    elif isinstance(value, Mapping):
        for key in sorted(value, key=str):
            _flatten(value[key], f"{path}[{key}]", out)
    elif isinstance(value, tuple | list):
        for index, item in enumerate(value):
            _flatten(item, f"{path}[{index}]", out)
    else:
        raise TypeError(f"{path}: cannot write a {type(value).__name__} in a playthrough")


def _scalar(value: object) -> str | None:
    """The text of a scalar or of a list of scalars (an enum by its member name), else None."""
    if isinstance(value, enum.Enum):
        return str(value.name)
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, SCALARS):
        return str(value)
    if isinstance(value, frozenset | set):
        value = sorted(value, key=repr)
    if isinstance(value, tuple | list) and all(isinstance(item, SCALARS) for item in value):
        return "[" + ", ".join(str(_scalar(item)) for item in value) + "]"
    return None


def write_all() -> list[Path]:
    """Rewrites every playthrough and removes the files no variant records; returns those
    written."""
    FOLDER.mkdir(exist_ok=True)
    written = []
    for variant in variants():
        path = path_for(variant)
        path.write_text(record(variant).text, encoding="utf-8")
        written.append(path)
    for stale in set(FOLDER.glob("*.txt")) - set(written):
        stale.unlink()
    return written


def main() -> None:
    for path in write_all():
        print(f"wrote {os.path.relpath(path)}")


if __name__ == "__main__":
    main()
