# distutils: language = c++
# cython: language_level=3, boundscheck=False, wraparound=False
"""galaxysim._batch: the GIL-free batch path. A Runner plays chunks of games on the
C++ thread pool and hands back numpy columns (no per-game Python objects)."""

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy
from libcpp cimport bool as cbool
from libcpp.string cimport string
from libcpp.vector cimport vector

import numpy as np

from galaxysim._rftg import RulesError

ENGINE_VERSION = "0.1.0"
END_REASONS = ["tableau_12", "vp_pool", "round_cap", "bot_error"]
DECISION_KINDS = ["none", "start_discard", "choose_action", "explore_keep", "develop_select", "settle_select",
                  "settle_method", "pay", "trade_good", "consume_power", "consume_good", "consume_hand",
                  "lucky_number", "windfall_power", "windfall_world", "hand_limit",
                  # the expansions (rftg/state.h, DecisionKind)
                  "start_world", "explore_discard", "develop_discount", "zero_cost_card", "temp_military",
                  "takeover", "settle_second", "ante_card", "ante_keep", "discard_produce", "draft_pick"]


# --- Both games: the batch runner and its columns (runner/batch_runner.h, runner/batch_columns.h) --------------------

cdef extern from "runner/batch_runner.h" namespace "gs::runner":
    cdef cppclass BotSpec:
        string name
    cdef cppclass BatchRequest:
        uint64_t run_seed
        int64_t first_game
        int64_t count
        int threads
        cbool record_decisions
        int64_t* games_done
    cdef cppclass ReplayStep:
        int seat
        int kind
        int action
        int legal
        string text


cdef extern from "runner/batch_columns.h" namespace "gs::runner":
    cdef cppclass ColumnView:
        const char* table
        const char* name
        const char* dtype
        const void* data
        size_t size
    vector[ColumnView] column_views[C](C& columns)


cdef extern from "runner/parallel.h" namespace "gs::runner":
    int64_t games_done(const int64_t* done) nogil


# --- Race for the Galaxy: the engine --------------------------------------------------------------------------------

cdef extern from "rftg/cards.h" namespace "gs::rftg":
    cdef cppclass Design:
        string name
        int8_t copies[3]
    cdef cppclass CardDb:
        vector[Design] designs
    CardDb parse_card_db(const string& text, const string& source) except +


cdef extern from "rftg/state.h" namespace "gs::rftg":
    cdef cppclass State:
        int16_t round
        int8_t players


cdef extern from "rftg/game.h" namespace "gs::rftg":
    cdef cppclass GameOptions:
        int players
        string expansion
        cbool advanced
        int goals
        cbool takeovers
        cbool draft
        string solo_difficulty
        string solo_config
        int hand_limit
        int vp_per_player
        int tableau_end
    cdef cppclass Game:
        Game(const CardDb& db, const GameOptions& options) except +
        int players()
        vector[int] scores(const State& s)
        vector[int] winners(const State& s)


cdef extern from "rftg/observation_tensor.h" namespace "gs::rftg":
    cdef cppclass ObservationEncoder:
        ObservationEncoder(const Game& g) except +
        int size()


cdef extern from "runner/batch.h" namespace "gs::runner":
    BotSpec parse_bot_spec(const string& spec) except +
    cdef cppclass BatchColumns:  # the columns are read through column_views (tables())
        vector[int16_t] dec_legal
        vector[vector[int16_t]] game_observations
    void run_batch(const Game& game, const vector[BotSpec]& bots, const BatchRequest& req, BatchColumns& out) except + nogil
    vector[ReplayStep] replay_game(const Game& game, const vector[BotSpec]& bots, uint64_t run_seed,
                                   int64_t game_index, State* final_state) except +


# --- The net bot's shipped models (core/bots/net/model_store.h) ------------------------------------------------------

cdef extern from "bots/net/model_store.h" namespace "gs::bots::net":
    void set_model_directory(const string& dir)
    string model_directory()


def set_model_dir(str path):
    """The folder of the shipped net models this module's bots read (set to galaxysim/models on import)."""
    set_model_directory(path.encode())


def model_dir():
    return model_directory().decode()


def _attach_models():
    from importlib import resources
    try:
        set_model_dir(str(resources.files("galaxysim").joinpath("models")))
    except (ModuleNotFoundError, TypeError):
        pass


_attach_models()


# --- Alien Frontiers: the engine ------------------------------------------------------------------------------------

AF_END_REASONS = ["last_colony", "turn_cap", "bot_error"]
AF_DECISION_KINDS = ["none", "main", "land", "reroll", "plasma_more", "move_colony_from", "move_colony_to",
                     "swap_first", "swap_second", "raid_choice", "raid_take", "return_resources"]


cdef extern from "af/data.h" namespace "gs::af":
    cdef cppclass AfTechDef "gs::af::TechDef":
        string name
    cdef cppclass AfTerritoryDef "gs::af::TerritoryDef":
        string name
    cdef cppclass AfSetupDef "gs::af::SetupDef":
        string colours[4]
    cdef cppclass AfData "gs::af::Data":
        vector[AfTechDef] tech
        AfTerritoryDef territories[8]
        AfSetupDef setup
    cdef cppclass AfDataTexts "gs::af::DataTexts":
        string facilities
        string territories
        string tech
        string setup
    AfData parse_af_data(const AfDataTexts& texts, const string& dir) except +
    void apply_af_overrides(AfData& data, const string& overrides, const string& source) except +


cdef extern from "af/state.h" namespace "gs::af":
    cdef cppclass AfState "gs::af::State":
        int16_t turn
        int8_t players


cdef extern from "af/game.h" namespace "gs::af":
    cdef cppclass AfGameOptions "gs::af::GameOptions":
        int players
        cbool long_game
    cdef cppclass AfGame "gs::af::Game":
        AfGame(const AfData& data, const AfGameOptions& options) except +
        int players()
        vector[int] scores(const AfState& s)
        vector[int] winners(const AfState& s)


cdef extern from "af/observation_tensor.h" namespace "gs::af":
    cdef cppclass AfObservationEncoder "gs::af::ObservationEncoder":
        AfObservationEncoder(const AfGame& g) except +
        int size()


cdef extern from "runner/af_seat_bot.h" namespace "gs::runner":
    BotSpec parse_af_bot_spec(const string& spec) except +


cdef extern from "runner/af_batch.h" namespace "gs::runner":
    cdef cppclass AfBatchColumns:  # the columns are read through column_views (tables())
        vector[int16_t] dec_legal
        vector[vector[int16_t]] game_observations
    void run_af_batch(const AfGame& game, const vector[BotSpec]& bots, const BatchRequest& req,
                      AfBatchColumns& out) except + nogil
    vector[ReplayStep] replay_af_game(const AfGame& game, const vector[BotSpec]& bots, uint64_t run_seed,
                                      int64_t game_index, AfState* final_state) except +


ctypedef fused Columns:
    BatchColumns
    AfBatchColumns


# --- What Runner and AfRunner share ---------------------------------------------------------------------------------

cdef object column(const void* data, size_t n, dtype):
    out = np.empty(n, dtype=dtype)
    cdef char[::1] view
    if n:
        view = out.view(np.int8)
        memcpy(&view[0], data, n * out.itemsize)
    return out


cdef object stacked_rows(vector[vector[int16_t]]& per_game, size_t rows, int size):
    """Per-game vectors of `size`-value rows as one (rows, size) int16 array."""
    out = np.empty((rows, size), dtype=np.int16)
    cdef int16_t[::1] flat = out.reshape(-1)
    cdef size_t pos = 0, k, n
    for k in range(per_game.size()):
        n = per_game[k].size()
        if n:
            memcpy(&flat[pos], per_game[k].data(), n * sizeof(int16_t))
            pos += n
    if pos != <size_t>flat.shape[0]:
        raise RuntimeError(f"engine returned {pos} observation values for {rows} decisions")
    return out


cdef dict tables(Columns& c, int observation_size):
    """A finished batch's games/, seats/ and decisions/ columns by name, in the engine's order
    (runner/batch_columns.h); the observations as one (decisions, size) array."""
    out = {"games": {}, "seats": {}, "decisions": {}}
    cdef ColumnView v
    for v in column_views(c):
        out[v.table.decode()][v.name.decode()] = column(v.data, v.size, v.dtype.decode())
    out["decisions"]["observation"] = stacked_rows(c.game_observations, c.dec_legal.size(), observation_size)
    return out


class _EngineErrors:
    """`with _EngineErrors():` the engine's errors (C++ exceptions, raised as RuntimeError) as RulesError."""

    def __enter__(self):
        return self

    def __exit__(self, kind, value, traceback):
        if kind is not None and issubclass(kind, RuntimeError):
            raise RulesError(str(value)) from None
        return False


cdef BatchRequest batch_request(uint64_t run_seed, int64_t first_game, int64_t count, int threads,
                                bint record_decisions, int64_t* done) except *:
    """What Runner.run and AfRunner.run hand the engine: games first_game .. first_game+count-1, each finished
    game counted in *done."""
    if count < 0 or first_game < 0:
        raise RulesError("first_game and count must not be negative")
    cdef BatchRequest req
    req.run_seed = run_seed
    req.first_game = first_game
    req.count = count
    req.threads = threads if threads > 0 else 1
    req.record_decisions = record_decisions
    req.games_done = done
    return req


cdef list replay_steps(vector[ReplayStep]& steps, list kinds):
    """A replayed game's decisions as (seat, kind name, action, legal count, text)."""
    return [(s.seat, kinds[s.kind], s.action, s.legal, s.text.decode()) for s in steps]


cdef class _BatchRunner:
    """What Runner and AfRunner share: the seats' bots, run() and replay() on the game's batch runner
    (runner/batch_runner.h) and the count of games played. A game's class makes its game and bots, and plays
    a request (_play) or one game again (_replay)."""
    cdef int64_t done
    cdef vector[BotSpec] bots
    cdef readonly int players
    cdef readonly list bot_names
    cdef readonly int observation_size

    cdef _check_seats(self, list bots, int players):
        if <int>self.bots.size() != players:
            raise RulesError(f"need one bot per seat: {players} bots, got {len(bots)}")
        self.players = players
        self.bot_names = [str(b) for b in bots]

    cdef dict _play(self, BatchRequest req):
        raise NotImplementedError

    cdef dict _replay(self, uint64_t run_seed, int64_t game_index):
        raise NotImplementedError

    @property
    def games_played(self):
        """Games this runner has finished, over all its run() calls; another thread may read it while run()
        plays (progress within a chunk)."""
        return games_done(&self.done)

    def run(self, uint64_t run_seed, int64_t first_game, int64_t count, int threads=1, bint record_decisions=False):
        """Play games first_game .. first_game+count-1; returns {"games", "seats", "decisions"} numpy columns."""
        return self._play(batch_request(run_seed, first_game, count, threads, record_decisions, &self.done))

    def replay(self, uint64_t run_seed, int64_t game_index):
        """Re-play one game exactly as run() played it: its decisions (seat, kind, action, legal count, text)."""
        if game_index < 0:
            raise RulesError("game index must not be negative")
        return self._replay(run_seed, game_index)


# --- Race for the Galaxy: the runner --------------------------------------------------------------------------------

def _level_index(expansion):
    levels = {"base": 0, "tgs": 1, "rvi": 2}
    if expansion not in levels:
        raise RulesError(f"unknown expansion {expansion!r} (expected base, tgs or rvi)")
    return levels[expansion]


def design_names(str card_text, str expansion="base"):
    """Card name of every design id in the card data (ids are positions in the file)."""
    _level_index(expansion)
    cdef CardDb db
    with _EngineErrors():
        db = parse_card_db(card_text.encode(), b"card data")
    return [d.name.decode() for d in db.designs]


cdef class Runner(_BatchRunner):
    """Plays chunks of games of one configuration: Runner(card_text, players, expansion, advanced, bots).

    The expansions' options are keywords: goals (-1 the rulebook default, 0 off, 1 on), takeovers, draft,
    solo_difficulty (easy, medium, hard) and solo_config (the text of a solo configuration file; required
    for players=1). The rule constants a what-if variant may change are keywords too: hand_limit (10),
    vp_per_player (12), tableau_end (12)."""
    cdef CardDb* db
    cdef Game* game

    def __cinit__(self, str card_text, int players, str expansion, bint advanced, list bots, *,
                  int goals=-1, bint takeovers=False, bint draft=False, str solo_difficulty="medium",
                  str solo_config="", int hand_limit=10, int vp_per_player=12, int tableau_end=12):
        self.db = NULL
        self.game = NULL
        _level_index(expansion)
        cdef GameOptions opts
        opts.players = players
        opts.expansion = expansion.encode()
        opts.advanced = advanced
        opts.goals = goals
        opts.takeovers = takeovers
        opts.draft = draft
        opts.solo_difficulty = solo_difficulty.encode()
        opts.solo_config = solo_config.encode()
        opts.hand_limit = hand_limit
        opts.vp_per_player = vp_per_player
        opts.tableau_end = tableau_end
        cdef ObservationEncoder* enc = NULL
        self.db = new CardDb()
        with _EngineErrors():
            self.db[0] = parse_card_db(card_text.encode(), b"pycore/data/rftg_cards.txt")
            self.game = new Game(self.db[0], opts)
            for spec in bots:
                self.bots.push_back(parse_bot_spec(str(spec).encode()))
            enc = new ObservationEncoder(self.game[0])
            self.observation_size = enc.size()
            del enc
        self._check_seats(bots, players)

    def __dealloc__(self):
        if self.game != NULL:
            del self.game
        if self.db != NULL:
            del self.db

    cdef dict _play(self, BatchRequest req):
        cdef BatchColumns c
        with _EngineErrors():
            with nogil:
                run_batch(self.game[0], self.bots, req, c)
        return tables(c, self.observation_size)

    cdef dict _replay(self, uint64_t run_seed, int64_t game_index):
        cdef State final
        cdef vector[ReplayStep] steps
        with _EngineErrors():
            steps = replay_game(self.game[0], self.bots, run_seed, game_index, &final)
        return {"steps": replay_steps(steps, DECISION_KINDS), "scores": list(self.game.scores(final)),
                "winners": list(self.game.winners(final)), "rounds": final.round}


# --- Alien Frontiers: data and runner -------------------------------------------------------------------------------

cdef AfData _af_data(dict texts, str overrides) except *:
    cdef AfDataTexts t
    t.facilities = texts["af_facilities.txt"].encode()
    t.territories = texts["af_territories.txt"].encode()
    t.tech = texts["af_tech.txt"].encode()
    t.setup = texts["af_setup.txt"].encode()
    cdef AfData d
    with _EngineErrors():
        d = parse_af_data(t, b"pycore/data")
        if overrides:
            apply_af_overrides(d, overrides.encode(), b"overrides")
    return d


def af_names(dict texts, str overrides=""):
    """The names behind Alien Frontiers ids: tech designs (card ids), territories (bits), seat colours."""
    cdef AfData d = _af_data(texts, overrides)
    return {"tech": [x.name.decode() for x in d.tech],
            "territories": [d.territories[k].name.decode() for k in range(8)],
            "colours": [d.setup.colours[k].decode() for k in range(4)]}


cdef class AfRunner(_BatchRunner):
    """Plays chunks of Alien Frontiers games: AfRunner(texts, players, long_game, bots), `texts` the four
    af_*.txt files by name, `bots` one spec per seat (random, heuristic, ismcts[:options]); `overrides` what-if
    data changes (docs/af-rules.md, "Data files")."""
    cdef AfData* data
    cdef AfGame* game

    def __cinit__(self, dict texts, int players, bint long_game, list bots, str overrides=""):
        self.data = NULL
        self.game = NULL
        cdef AfGameOptions opts
        opts.players = players
        opts.long_game = long_game
        cdef AfObservationEncoder* enc = NULL
        self.data = new AfData()
        self.data[0] = _af_data(texts, overrides)
        with _EngineErrors():
            self.game = new AfGame(self.data[0], opts)
            for b in bots:
                self.bots.push_back(parse_af_bot_spec(str(b).encode()))
            enc = new AfObservationEncoder(self.game[0])
            self.observation_size = enc.size()
            del enc
        self._check_seats(bots, players)

    def __dealloc__(self):
        if self.game != NULL:
            del self.game
        if self.data != NULL:
            del self.data

    cdef dict _play(self, BatchRequest req):
        cdef AfBatchColumns c
        with _EngineErrors():
            with nogil:
                run_af_batch(self.game[0], self.bots, req, c)
        return tables(c, self.observation_size)

    cdef dict _replay(self, uint64_t run_seed, int64_t game_index):
        cdef AfState final
        cdef vector[ReplayStep] steps
        with _EngineErrors():
            steps = replay_af_game(self.game[0], self.bots, run_seed, game_index, &final)
        players = final.players
        return {"steps": replay_steps(steps, AF_DECISION_KINDS), "scores": list(self.game.scores(final)),
                "winners": list(self.game.winners(final)), "rounds": (final.turn + players - 1) // players,
                "turns": final.turn}
