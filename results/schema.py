"""The Parquet schema of a run folder, and the conversion of the engine's column
dict (numpy arrays from galaxysim._batch) into Arrow tables.

Every table carries its name and SCHEMA_VERSION in the Arrow schema metadata
(keys b"galaxysim.table" and b"galaxysim.schema_version"), so a stray Parquet
file can be told from ours. Integer columns use the smallest type that holds
them; repeated strings (bot names, end reasons, card names, decision kinds) are
dictionary-encoded. docs/run-folder.md describes every column.

Bump SCHEMA_VERSION whenever a column is added, removed, renamed or retyped.
"""
from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np
import pyarrow as pa

from .arrays import column, dictionary, numpy, optional_strings, string_lists, strings

SCHEMA_VERSION = 4  # 2: decisions.observation; 3: seats.score_goals, games.robot_score (expansions); 4: goals,
# takeovers and the robot's score parts (games.goals, games.robot_score_*, seats.goals_*, seats.takeovers_*) and the
# card table in cards.parquet

#: The oldest schema version the readers still read (the columns added since come back as their "absent" value:
#: see ADDED_COLUMNS).
OLDEST_READABLE_SCHEMA = 1

META_TABLE = b"galaxysim.table"
META_SCHEMA_VERSION = b"galaxysim.schema_version"

#: The Parquet datasets of a run folder, one subfolder each; "decisions" only when recorded.
TABLES = ("games", "seats", "decisions")

_STR8 = pa.dictionary(pa.int8(), pa.string())


def _schema(name: str, fields: list[pa.Field]) -> pa.Schema:
    return pa.schema(fields, metadata={META_TABLE: name.encode(), META_SCHEMA_VERSION: str(SCHEMA_VERSION).encode()})


GAMES_SCHEMA = _schema("games", [
    pa.field("run_id", _STR8, nullable=False),
    pa.field("game_index", pa.int64(), nullable=False),
    pa.field("seed", pa.uint64(), nullable=False),
    pa.field("game", _STR8, nullable=False),
    pa.field("expansion", _STR8, nullable=False),
    pa.field("players", pa.int8(), nullable=False),
    pa.field("variant", _STR8, nullable=False),
    pa.field("rounds", pa.int16(), nullable=False),
    pa.field("end_reason", _STR8, nullable=False),
    pa.field("winners", pa.list_(pa.int8()), nullable=False),
    pa.field("winners_mask", pa.uint8(), nullable=False),
    pa.field("decisions", pa.int32(), nullable=False),
    pa.field("wall_time_us", pa.int32(), nullable=False),
    pa.field("robot_score", pa.int16(), nullable=True),  # the solo game's robot; null in other games
    pa.field("goals", pa.list_(pa.string()), nullable=False),  # TGS/RvI: names of the goals in play
    pa.field("robot_score_cards", pa.int16(), nullable=True),  # the solo robot's score parts; null in other games
    pa.field("robot_score_chips", pa.int16(), nullable=True),
    pa.field("robot_score_six_cost", pa.int16(), nullable=True),
])

SEATS_SCHEMA = _schema("seats", [
    pa.field("game_index", pa.int64(), nullable=False),
    pa.field("seat", pa.int8(), nullable=False),
    pa.field("bot", _STR8, nullable=False),
    pa.field("start_world", _STR8, nullable=False),
    pa.field("start_world_id", pa.int16(), nullable=False),
    pa.field("score", pa.int16(), nullable=False),
    pa.field("score_cards", pa.int16(), nullable=False),
    pa.field("score_chips", pa.int16(), nullable=False),
    pa.field("score_six_cost", pa.int16(), nullable=False),
    pa.field("rank", pa.int8(), nullable=False),
    pa.field("won", pa.bool_(), nullable=False),
    pa.field("hand_size", pa.int8(), nullable=False),
    pa.field("goods", pa.int8(), nullable=False),
    pa.field("tableau", pa.list_(pa.int16()), nullable=False),
    pa.field("score_goals", pa.int16(), nullable=False),  # TGS/RvI goals (0 in the base game)
    pa.field("goals_first", pa.list_(pa.string()), nullable=False),  # first goals the seat scored
    pa.field("goals_most", pa.list_(pa.string()), nullable=False),  # most goals whose tile it holds at the end
    pa.field("goals_most_tied", pa.list_(pa.string()), nullable=False),  # tied at the top without the tile (§2.4)
    pa.field("takeovers_declared", pa.int8(), nullable=False),  # RvI takeovers (0 without them)
    pa.field("takeovers_won", pa.int8(), nullable=False),
    pa.field("takeovers_lost", pa.int8(), nullable=False),
    pa.field("takeovers_defended", pa.int8(), nullable=False),
])

#: Alien Frontiers seats: the seat colour instead of the start world, the score parts of AF (§9), what the
#: seat holds at the end (tech card ids named by cards.parquet, the territories it controls).
AF_SEATS_SCHEMA = _schema("seats", [
    pa.field("game_index", pa.int64(), nullable=False),
    pa.field("seat", pa.int8(), nullable=False),
    pa.field("bot", _STR8, nullable=False),
    pa.field("colour", _STR8, nullable=False),
    pa.field("score", pa.int16(), nullable=False),
    pa.field("score_colonies", pa.int16(), nullable=False),
    pa.field("score_territories", pa.int16(), nullable=False),
    pa.field("score_tech", pa.int16(), nullable=False),
    pa.field("score_positron", pa.int16(), nullable=False),
    pa.field("rank", pa.int8(), nullable=False),
    pa.field("won", pa.bool_(), nullable=False),
    pa.field("ore", pa.int8(), nullable=False),
    pa.field("fuel", pa.int8(), nullable=False),
    pa.field("ships", pa.int8(), nullable=False),
    pa.field("colonies_left", pa.int8(), nullable=False),
    pa.field("hub", pa.int8(), nullable=False),
    pa.field("tech", pa.list_(pa.int16()), nullable=False),
    pa.field("territories", pa.list_(pa.string()), nullable=False),
])

#: The deciding seat's observation tensor: its int16 values, little-endian, as one fixed-size binary value
#: (2 bytes per slot; the slot count depends on the game kind, see decisions_schema and
#: docs/observation-tensor.md). Binary rather than a list of int16: Parquet writes and reads it ~20x faster.
OBSERVATION_DTYPE = "<i2"


def decisions_schema(observation_size: int) -> pa.Schema:
    return _schema("decisions", [
        pa.field("game_index", pa.int64(), nullable=False),
        pa.field("step", pa.int16(), nullable=False),
        pa.field("seat", pa.int8(), nullable=False),
        pa.field("kind", _STR8, nullable=False),
        pa.field("action", pa.int16(), nullable=False),
        pa.field("legal", pa.int16(), nullable=False),
        pa.field("observation", pa.binary(2 * observation_size), nullable=False),
    ])


#: The decisions columns (the observation's byte width here is a placeholder: it depends on the game kind).
DECISIONS_SCHEMA = decisions_schema(1)

#: Race for the Galaxy: every card design of the card data (the run's what-if variant applied).
CARDS_SCHEMA = _schema("cards", [
    pa.field("card_id", pa.int16(), nullable=False),
    pa.field("name", pa.string(), nullable=False),
    pa.field("type", pa.string(), nullable=False),  # world, development
    pa.field("cost", pa.int8(), nullable=False),
    pa.field("vp", pa.int8(), nullable=False),
    pa.field("good", pa.string(), nullable=True),  # novelty, rare, genes, alien, any; null: none
    pa.field("military", pa.bool_(), nullable=False),
    pa.field("windfall", pa.bool_(), nullable=False),
    pa.field("start", pa.int8(), nullable=True),  # a start world's number; null for other cards
    pa.field("expansion", pa.string(), nullable=True),  # the first of base, tgs, rvi whose deck has it
    pa.field("copies", pa.int8(), nullable=False),  # copies in the run's deck (its expansion)
    pa.field("powers", pa.int8(), nullable=False),
    pa.field("flags", pa.list_(pa.string()), nullable=False),
])

#: Alien Frontiers: the alien tech cards (card_id = tech id, as in seats.tech), then the orbital facilities, then
#: the territories (board order), the run's what-if variant applied.
AF_CARDS_SCHEMA = _schema("cards", [
    pa.field("card_id", pa.int16(), nullable=False),
    pa.field("name", pa.string(), nullable=False),
    pa.field("kind", pa.string(), nullable=False),  # tech, facility, territory
    pa.field("index", pa.int16(), nullable=False),  # position within its kind
    pa.field("copies", pa.int8(), nullable=False),  # tech: copies in the deck; others 1
    pa.field("cost", pa.int8(), nullable=True),  # tech: its cost
    pa.field("vp", pa.int8(), nullable=True),  # tech: VP (Alien City, Alien Monument)
    pa.field("power", pa.string(), nullable=True),  # tech: its power; facility: its kind; territory: its bonus
    pa.field("amount", pa.int8(), nullable=True),  # tech, territory: the power's or bonus's amount
    pa.field("docks", pa.int8(), nullable=True),  # facility: docks usable with the run's player count
])

SCHEMAS: dict[str, pa.Schema] = {
    "games": GAMES_SCHEMA,
    "seats": SEATS_SCHEMA,
    "decisions": DECISIONS_SCHEMA,
    "cards": CARDS_SCHEMA,
}


def schema_for(table: str, game: str = "rftg") -> pa.Schema:
    """The schema of `table` in a run of `game` (the seats and cards columns depend on the game)."""
    if table == "seats" and game == "af":
        return AF_SEATS_SCHEMA
    if table == "cards" and game == "af":
        return AF_CARDS_SCHEMA
    return SCHEMAS[table]


class SchemaError(ValueError):
    """The engine's columns do not fit the schema (a bug, or an engine/galaxysim mismatch)."""


def _col(cols: Mapping[str, np.ndarray], name: str, dtype, n: int | None = None) -> np.ndarray:
    try:
        a = np.asarray(cols[name])
    except KeyError:
        raise SchemaError(f"engine result lacks column {name!r}") from None
    if n is not None and len(a) != n:
        raise SchemaError(f"engine column {name!r} has {len(a)} rows, expected {n}")
    if a.dtype != dtype:
        info = np.iinfo(dtype) if np.dtype(dtype).kind in "iu" else None
        if info is not None and len(a) and (a.min() < info.min or a.max() > info.max):
            raise SchemaError(f"engine column {name!r} does not fit {np.dtype(dtype).name}")
        a = a.astype(dtype)
    return a


def _constant(value: str, n: int) -> pa.DictionaryArray:
    return dictionary(np.zeros(n, np.int8), [value])


def _dict(codes: np.ndarray, names: Sequence[str], index_type, what: str) -> pa.DictionaryArray:
    if len(codes) and (codes.min() < 0 or codes.max() >= len(names)):
        raise SchemaError(f"engine column {what!r} has a code outside 0..{len(names) - 1}")
    return dictionary(codes.astype(index_type, copy=False), list(names))


def _compact_dict(ids: np.ndarray, names: Sequence[str], what: str) -> pa.DictionaryArray:
    """Card ids as a dictionary column of the card names that occur (in id order), with int8 indices.

    (A dictionary of every card name with int16 indices is not stored dictionary-encoded by the Parquet
    writer, and makes the files larger.)"""
    if len(ids) and (ids.min() < 0 or ids.max() >= len(names)):
        raise SchemaError(f"engine column {what!r} has a card id outside the card table")
    used = np.unique(ids)
    if len(used) > 127:
        raise SchemaError(f"engine column {what!r} has more than 127 different cards in one chunk")
    codes = np.searchsorted(used, ids).astype(np.int8)
    return dictionary(codes, [names[i] for i in used])


def bit_lists(masks: np.ndarray, names: Sequence[str], what: str) -> pa.ListArray:
    """Bit masks (bit k = names[k]) as a list<string> column: each row's names in bit order. (Not a list of
    dictionary values: read back from several files, each file's dictionary holds the names that occur in it, and
    tables of one run would compare unequal chunk by chunk.)"""
    masks = np.asarray(masks)
    n, width = len(masks), len(names)
    if n and masks.min() < 0:
        raise SchemaError(f"engine column {what!r} has a negative mask")
    if n and width < 64 and int(masks.max()) >> width:
        raise SchemaError(f"engine column {what!r} has a bit beyond its {width} names")
    top = int(masks.max()).bit_length() if n else 0  # only the bits in use (none at all in most runs)
    if top == 0:
        return pa.ListArray.from_arrays(column(np.zeros(n + 1, np.int32)), strings([]))
    if top <= 16:  # (unpacking the bytes is several times faster than shifting 64-bit words)
        raw = np.ascontiguousarray(masks.astype("<u2")).view(np.uint8).reshape(n, 2)
        bits = np.unpackbits(raw, axis=1, bitorder="little")[:, :top]
    else:
        wide = masks.astype(np.uint64)
        bits = ((wide[:, None] >> np.arange(top, dtype=np.uint64)[None, :]) & np.uint64(1)).astype(np.uint8)
    offsets = np.zeros(n + 1, np.int32)
    np.cumsum(bits.sum(axis=1, dtype=np.int32), out=offsets[1:])
    held = np.flatnonzero(bits) % top  # row-major: per row, in bit order
    return pa.ListArray.from_arrays(column(offsets), strings(list(names)).take(column(held.astype(np.int32))))


def _order(game_index: np.ndarray) -> np.ndarray | None:
    """The permutation sorting rows by game index, or None when they already are."""
    if len(game_index) < 2 or bool(np.all(game_index[1:] > game_index[:-1])):
        return None
    return np.argsort(game_index, kind="stable")


#: The solo robot's score columns of the games table (engine column name = stored name; -1 from the engine when
#: the game is not a solo game, stored as null).
ROBOT_COLUMNS = ("robot_score", "robot_score_cards", "robot_score_chips", "robot_score_six_cost")


def games_table(cols: Mapping[str, np.ndarray], *, run_id: str, game: str, expansion: str, players: int,
                variant: str, end_reasons: Sequence[str], goal_names: Sequence[str] = ()) -> pa.Table:
    """The games rows of one chunk, sorted by game index. `goal_names`: the goal of each bit of the engine's
    goals_in_play column (Race for the Galaxy: the goals of the card data file, in file order)."""
    gi = _col(cols, "game_index", np.int64)
    n = len(gi)
    order = _order(gi)
    c = {k: _col(cols, k, t, n) for k, t in (("game_index", np.int64), ("seed", np.uint64), ("rounds", np.int16),
                                               ("end_reason", np.int8), ("winners_mask", np.uint8),
                                               ("decisions", np.int32), ("wall_time_us", np.int32))}
    for k in ROBOT_COLUMNS:  # absent from Alien Frontiers' engine: no solo game
        c[k] = np.full(n, -1, np.int16) if k not in cols else _col(cols, k, np.int16, n)
    c["goals_in_play"] = np.zeros(n, np.uint16) if "goals_in_play" not in cols else \
        _col(cols, "goals_in_play", np.uint16, n)
    if order is not None:
        c = {k: v[order] for k, v in c.items()}
    mask = c["winners_mask"]
    bits = (mask[:, None] >> np.arange(players, dtype=np.uint8)[None, :]) & 1  # (n, players)
    counts = bits.sum(axis=1)
    offsets = np.zeros(n + 1, np.int32)
    np.cumsum(counts, out=offsets[1:])
    seats = np.nonzero(bits.reshape(-1))[0] % players  # row-major: winners in seat order, game by game
    winners = pa.ListArray.from_arrays(column(offsets), column(seats.astype(np.int8)))
    arrays = [
        _constant(run_id, n),
        column(c["game_index"]),
        column(c["seed"]),
        _constant(game, n),
        _constant(expansion, n),
        column(np.full(n, players, np.int8)),
        _constant(variant, n),
        column(c["rounds"]),
        _dict(c["end_reason"], end_reasons, np.int8, "end_reason"),
        winners,
        column(mask),
        column(c["decisions"]),
        column(c["wall_time_us"]),
        column(c["robot_score"], null=c["robot_score"] < 0),
        bit_lists(c["goals_in_play"], goal_names, "goals_in_play"),
        *(column(c[k], null=c["robot_score"] < 0) for k in ROBOT_COLUMNS[1:]),
    ]
    return pa.Table.from_arrays(arrays, schema=GAMES_SCHEMA)


def _seat_columns(cols: Mapping[str, np.ndarray], players: int, columns: Sequence[tuple[str, type]],
                  lists: Sequence[tuple[str, str, type]]) -> tuple[dict[str, np.ndarray], dict[str, pa.ListArray]]:
    """The per-seat columns (name, dtype) and list columns (name, engine prefix, dtype; given as
    `<prefix>_offsets` + `<prefix>_cards`) of one chunk, in game order and seat order inside a game."""
    gi = _col(cols, "game_index", np.int64)
    n = len(gi)
    if n % players:
        raise SchemaError(f"engine returned {n} seat rows, not a multiple of {players} players")
    c = {k: _col(cols, k, t, n) for k, t in columns}
    c["game_index"] = gi
    out_lists = {}
    for name, prefix, dtype in lists:
        offsets = _col(cols, f"{prefix}_offsets", np.int32, n + 1)
        values = _col(cols, f"{prefix}_cards", dtype)
        if len(offsets) and (offsets[0] != 0 or offsets[-1] != len(values) or np.any(np.diff(offsets) < 0)):
            raise SchemaError(f"engine {name} offsets are inconsistent")
        out_lists[name] = pa.ListArray.from_arrays(column(offsets), column(values))
    order = _order(gi[::players]) if n else None
    if order is not None:  # reorder whole games, keeping seat order inside a game
        rows = (order[:, None] * players + np.arange(players)[None, :]).reshape(-1)
        c = {k: v[rows] for k, v in c.items()}
        out_lists = {k: v.take(column(rows)) for k, v in out_lists.items()}
    return c, out_lists


def _bot_column(codes: np.ndarray, bots: Sequence[str]) -> pa.DictionaryArray:
    """The bot names, deduplicated in seat order: "random,heuristic,heuristic" -> [random, heuristic]."""
    unique = list(dict.fromkeys(bots))
    remap = np.array([unique.index(b) for b in bots], np.int8)
    if len(codes) and (codes.min() < 0 or codes.max() >= len(bots)):
        raise SchemaError("engine column 'bot' has a code outside the bot list")
    return _dict(remap[codes] if len(codes) else codes, unique, np.int8, "bot")


#: The goal columns of the seats table: stored list<string> column <- the engine's bit mask column.
SEAT_GOAL_COLUMNS = (("goals_first", "goals_first_mask"), ("goals_most", "goals_most_mask"),
                     ("goals_most_tied", "goals_most_tied_mask"))
TAKEOVER_COLUMNS = ("takeovers_declared", "takeovers_won", "takeovers_lost", "takeovers_defended")


def seats_table(cols: Mapping[str, np.ndarray], *, players: int, bots: Sequence[str],
                card_names: Sequence[str], goal_names: Sequence[str] = ()) -> pa.Table:
    """The seats rows of one chunk (game-major, seat order), sorted by game index.

    `bots` is the bot name of each seat list position (the engine's `bot` column
    indexes it); the stored column holds the names, dictionary-encoded. `goal_names`: as for games_table."""
    names = ("seat", "bot", "start_world", "score", "score_cards", "score_chips", "score_six_cost", "rank", "won",
             "hand_size", "goods", "score_goals", *(m for _, m in SEAT_GOAL_COLUMNS), *TAKEOVER_COLUMNS)
    types = (np.int8, np.int8, np.int16, np.int16, np.int16, np.int16, np.int16, np.int8, np.uint8, np.int8, np.int8,
             np.int16, np.uint16, np.uint16, np.uint16, np.int8, np.int8, np.int8, np.int8)
    c, lists = _seat_columns(cols, players, list(zip(names, types)), [("tableau", "tableau", np.int16)])
    cards = numpy(lists["tableau"].values)
    if len(cards) and (cards.min() < 0 or cards.max() >= len(card_names)):
        raise SchemaError("engine tableau has a card id outside the card table")
    arrays = [
        column(c["game_index"]),
        column(c["seat"]),
        _bot_column(c["bot"], bots),
        _compact_dict(c["start_world"], card_names, "start_world"),
        column(c["start_world"]),
        column(c["score"]),
        column(c["score_cards"]),
        column(c["score_chips"]),
        column(c["score_six_cost"]),
        column(c["rank"]),
        column(c["won"].astype(bool)),
        column(c["hand_size"]),
        column(c["goods"]),
        lists["tableau"],
        column(c["score_goals"]),
        *(bit_lists(c[m], goal_names, m) for _, m in SEAT_GOAL_COLUMNS),
        *(column(c[k]) for k in TAKEOVER_COLUMNS),
    ]
    return pa.Table.from_arrays(arrays, schema=SEATS_SCHEMA)


def af_seats_table(cols: Mapping[str, np.ndarray], *, players: int, bots: Sequence[str], tech_names: Sequence[str],
                   territory_names: Sequence[str], colours: Sequence[str]) -> pa.Table:
    """The Alien Frontiers seats rows of one chunk (game-major, seat order), sorted by game index. The
    engine's `territories` is a bit mask per seat (bit t = territory t controlled); stored as the names."""
    names = ("seat", "bot", "score", "score_colonies", "score_territories", "score_tech", "score_positron", "rank",
             "won", "ore", "fuel", "ships", "colonies_left", "hub", "territories")
    types = (np.int8, np.int8, np.int16, np.int16, np.int16, np.int16, np.int16, np.int8, np.uint8, np.int8, np.int8,
             np.int8, np.int8, np.int8, np.uint8)
    c, lists = _seat_columns(cols, players, list(zip(names, types)), [("tech", "tech", np.int16)])
    tech = numpy(lists["tech"].values)
    if len(tech) and (tech.min() < 0 or tech.max() >= len(tech_names)):
        raise SchemaError("engine tech column has a card id outside the card table")
    n = len(c["seat"])
    if n and (c["seat"].min() < 0 or c["seat"].max() >= min(players, len(colours))):
        raise SchemaError("engine column 'seat' is out of range")
    territories = bit_lists(c["territories"], territory_names, "territories")  # per seat, in board order
    arrays = [
        column(c["game_index"]),
        column(c["seat"]),
        _bot_column(c["bot"], bots),
        _dict(c["seat"], list(colours[:players]), np.int8, "colour"),
        *(column(c[k]) for k in ("score", "score_colonies", "score_territories", "score_tech", "score_positron",
                                 "rank")),
        column(c["won"].astype(bool)),
        *(column(c[k]) for k in ("ore", "fuel", "ships", "colonies_left", "hub")),
        lists["tech"],
        territories,
    ]
    return pa.Table.from_arrays(arrays, schema=AF_SEATS_SCHEMA)


def observation_array(obs: np.ndarray) -> pa.FixedSizeBinaryArray:
    """An (n, size) int16 array as the observation column."""
    obs = np.ascontiguousarray(obs, dtype=OBSERVATION_DTYPE)
    n, size = obs.shape
    return pa.FixedSizeBinaryArray.from_buffers(pa.binary(2 * size), n, [None, pa.py_buffer(obs)])


def observations(column: "pa.ChunkedArray | pa.Array") -> np.ndarray:
    """The observation column back as an (n, size) int16 array."""
    chunks = column.chunks if isinstance(column, pa.ChunkedArray) else [column]
    width = column.type.byte_width
    parts = []
    for c in chunks:
        data = np.frombuffer(c.buffers()[1], np.uint8)[c.offset * width:(c.offset + len(c)) * width]
        parts.append(data.view(OBSERVATION_DTYPE).reshape(len(c), width // 2))
    if not parts:
        return np.zeros((0, width // 2), np.int16)
    return np.concatenate(parts).astype(np.int16, copy=False)


def decisions_table(cols: Mapping[str, np.ndarray], *, kinds: Sequence[str]) -> pa.Table:
    """The decision rows of one chunk, in (game index, step) order."""
    gi = _col(cols, "game_index", np.int64)
    n = len(gi)
    c = {k: _col(cols, k, t, n) for k, t in (("step", np.int16), ("seat", np.int8), ("kind", np.int8),
                                               ("action", np.int16), ("legal", np.int16))}
    try:
        obs = np.asarray(cols["observation"])
    except KeyError:
        raise SchemaError("engine result lacks column 'observation'") from None
    if obs.ndim != 2 or len(obs) != n or obs.shape[1] < 1:
        raise SchemaError(f"engine column 'observation' has shape {obs.shape}, expected ({n}, size)")
    c["observation"] = obs
    c["game_index"] = gi
    if n > 1:
        key_sorted = np.all((gi[1:] > gi[:-1]) | ((gi[1:] == gi[:-1]) & (c["step"][1:] > c["step"][:-1])))
        if not key_sorted:
            order = np.lexsort((c["step"], gi))
            c = {k: v[order] for k, v in c.items()}
    arrays = [
        column(c["game_index"]),
        column(c["step"]),
        column(c["seat"]),
        _dict(c["kind"], kinds, np.int8, "kind"),
        column(c["action"]),
        column(c["legal"]),
        observation_array(c["observation"]),
    ]
    return pa.Table.from_arrays(arrays, schema=decisions_schema(obs.shape[1]))


_LEVELS = ("base", "tgs", "rvi")


def cards_table(rows: Sequence[Mapping]) -> pa.Table:
    """The card table of a Race for the Galaxy run: `rows` as CardDb.card_table(expansion, all=True) gives them
    (one per design, in id order: id, name, type, cost, vp, good, military, windfall, start, copies,
    copies_by_level, powers, flags)."""
    if [r["id"] for r in rows] != list(range(len(rows))):
        raise SchemaError("the card table must list every design, in id order")
    first = [next((_LEVELS[k] for k, c in enumerate(r["copies_by_level"]) if c > 0), None) for r in rows]
    # (numpy buffers and galaxysim's own string arrays: pa.array and Table.from_pydict import pandas, see arrays.py)
    start = [r["start"] for r in rows]
    arrays = [
        column(np.arange(len(rows), dtype=np.int16)), strings([r["name"] for r in rows]),
        strings([r["type"] for r in rows]), column(np.array([r["cost"] for r in rows], np.int8)),
        column(np.array([r["vp"] for r in rows], np.int8)), optional_strings([r["good"] for r in rows]),
        column(np.array([bool(r["military"]) for r in rows], bool)),
        column(np.array([bool(r["windfall"]) for r in rows], bool)),
        column(np.array([-1 if x is None else x for x in start], np.int8), null=np.array([x is None for x in start])),
        optional_strings(first), column(np.array([r["copies"] for r in rows], np.int8)),
        column(np.array([r["powers"] for r in rows], np.int8)), string_lists([list(r["flags"]) for r in rows]),
    ]
    return pa.Table.from_arrays(arrays, schema=CARDS_SCHEMA)


def af_cards_table(tech: Sequence[Mapping], facilities: Sequence[Mapping], territories: Sequence[Mapping],
                   players: int) -> pa.Table:
    """The card table of an Alien Frontiers run: the tech cards, facilities and territories as galaxysim.af's data
    lists them (Data.tech(), .facilities(), .territories())."""
    rows = []
    for k, t in enumerate(tech):
        rows.append(dict(name=t["name"], kind="tech", index=k, copies=t["copies"], cost=t["cost"], vp=t["vp"],
                         power=t["power"], amount=t["amount"], docks=None))
    for k, f in enumerate(facilities):
        usable = f.get("usable") or {}
        rows.append(dict(name=f["name"], kind="facility", index=k, copies=1, cost=None, vp=None, power=f["kind"],
                         amount=None, docks=usable.get(players, f.get("docks"))))
    for k, t in enumerate(territories):
        rows.append(dict(name=t["name"], kind="territory", index=k, copies=1, cost=None, vp=None, power=t["bonus"],
                         amount=t["amount"], docks=None))

    def ints(key: str, dtype) -> pa.Array:
        v = [r[key] for r in rows]
        return column(np.array([0 if x is None else x for x in v], dtype), null=np.array([x is None for x in v]))

    arrays = [column(np.arange(len(rows), dtype=np.int16)), strings([r["name"] for r in rows]),
              strings([r["kind"] for r in rows]), ints("index", np.int16), ints("copies", np.int8),
              ints("cost", np.int8), ints("vp", np.int8), optional_strings([r["power"] for r in rows]),
              ints("amount", np.int8), ints("docks", np.int8)]
    return pa.Table.from_arrays(arrays, schema=AF_CARDS_SCHEMA)


def table_name(schema: pa.Schema) -> str | None:
    """Which of our tables a (file) schema belongs to, or None for a foreign one."""
    meta = schema.metadata or {}
    name = meta.get(META_TABLE)
    return name.decode() if name else None


def schema_version(schema: pa.Schema) -> int | None:
    meta = schema.metadata or {}
    v = meta.get(META_SCHEMA_VERSION)
    try:
        return int(v) if v is not None else None
    except ValueError:
        return None


def readable_version(version: int | None) -> bool:
    """A schema version these readers read: this one, or an older one (OLDEST_READABLE_SCHEMA and later)."""
    return version is not None and OLDEST_READABLE_SCHEMA <= version <= SCHEMA_VERSION


def upgrade_table(t: pa.Table, schema: pa.Schema) -> pa.Table:
    """A table read from a file of an older schema version in the columns of `schema` (the current one, or the
    requested columns of it): the columns added since come back null (nullable fields), in schema order."""
    if t.schema.names == schema.names:
        return t
    arrays, fields = [], []
    for f in schema:
        if f.name in t.schema.names:
            arrays.append(t.column(f.name))
            fields.append(t.schema.field(f.name))
        else:
            arrays.append(pa.nulls(t.num_rows, f.type))
            fields.append(f.with_nullable(True))
    return pa.Table.from_arrays(arrays, schema=pa.schema(fields, metadata=schema.metadata))
