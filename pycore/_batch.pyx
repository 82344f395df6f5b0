# distutils: language = c++
# cython: language_level=3, boundscheck=False, wraparound=False
"""pycore._batch: the GIL-free batch path. A Runner plays chunks of games on the
C++ thread pool and hands back numpy columns (no per-game Python objects)."""

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy
from libcpp cimport bool as cbool
from libcpp.string cimport string
from libcpp.vector cimport vector

import numpy as np

from pycore._rftg import RulesError

ENGINE_VERSION = "0.1.0"
END_REASONS = ["tableau_12", "vp_pool", "round_cap", "bot_error"]
DECISION_KINDS = ["none", "start_discard", "choose_action", "explore_keep", "develop_select", "settle_select",
                  "settle_method", "pay", "trade_good", "consume_power", "consume_good", "consume_hand",
                  "lucky_number", "windfall_power", "windfall_world", "hand_limit",
                  # the expansions (rftg/state.h, DecisionKind)
                  "start_world", "explore_discard", "develop_discount", "zero_cost_card", "temp_military",
                  "takeover", "settle_second", "ante_card", "ante_keep", "discard_produce", "draft_pick"]


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
    cdef cppclass BotSpec:
        string name
    BotSpec parse_bot_spec(const string& spec) except +
    cdef cppclass BatchRequest:
        uint64_t run_seed
        int64_t first_game
        int64_t count
        int threads
        cbool record_decisions
        int64_t* games_done
    cdef cppclass BatchColumns:
        vector[int64_t] game_index
        vector[uint64_t] seed
        vector[int16_t] rounds
        vector[int8_t] end_reason
        vector[uint8_t] winners_mask
        vector[int32_t] decisions
        vector[int32_t] wall_time_us
        vector[int16_t] robot_score
        vector[int64_t] seat_game_index
        vector[int8_t] seat
        vector[int8_t] bot
        vector[int16_t] start_world
        vector[int16_t] score
        vector[int16_t] score_cards
        vector[int16_t] score_chips
        vector[int16_t] score_six_cost
        vector[int16_t] score_goals
        vector[int8_t] rank
        vector[uint8_t] won
        vector[int8_t] hand_size
        vector[int8_t] goods
        vector[int32_t] tableau_offsets
        vector[int16_t] tableau_cards
        vector[int64_t] dec_game_index
        vector[int16_t] dec_step
        vector[int8_t] dec_seat
        vector[int8_t] dec_kind
        vector[int16_t] dec_action
        vector[int16_t] dec_legal
        int observation_size
        vector[vector[int16_t]] game_observations
    void run_batch(const Game& game, const vector[BotSpec]& bots, const BatchRequest& req, BatchColumns& out) except + nogil
    cdef cppclass ReplayStep:
        int seat
        int kind
        int action
        int legal
        string text
    vector[ReplayStep] replay_game(const Game& game, const vector[BotSpec]& bots, uint64_t run_seed,
                                   int64_t game_index, State* final_state) except +


cdef object column(const void* data, size_t n, dtype):
    out = np.empty(n, dtype=dtype)
    cdef char[::1] view
    if n:
        view = out.view(np.int8)
        memcpy(&view[0], data, n * out.itemsize)
    return out


cdef extern from "runner/parallel.h" namespace "gs::runner":
    int64_t games_done(const int64_t* done) nogil


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


def _level_index(expansion):
    levels = {"base": 0, "tgs": 1, "rvi": 2}
    if expansion not in levels:
        raise RulesError(f"unknown expansion {expansion!r} (expected base, tgs or rvi)")
    return levels[expansion]


def design_names(str card_text, str expansion="base"):
    """Card name of every design id in the card data (ids are positions in the file)."""
    _level_index(expansion)
    cdef CardDb db
    try:
        db = parse_card_db(card_text.encode(), b"card data")
    except RuntimeError as e:
        raise RulesError(str(e)) from None
    return [d.name.decode() for d in db.designs]


cdef class _CountingRunner:
    """What Runner and AfRunner share: the count of games their run() calls have finished."""
    cdef int64_t done

    @property
    def games_played(self):
        """Games this runner has finished, over all its run() calls; another thread may read it while run()
        plays (progress within a chunk)."""
        return games_done(&self.done)


cdef class Runner(_CountingRunner):
    """Plays chunks of games of one configuration: Runner(card_text, players, expansion, advanced, bots).

    The expansions' options are keywords: goals (-1 the rulebook default, 0 off, 1 on), takeovers, draft,
    solo_difficulty (easy, medium, hard) and solo_config (the text of a solo configuration file; required
    for players=1). The rule constants a what-if variant may change are keywords too: hand_limit (10),
    vp_per_player (12), tableau_end (12)."""
    cdef CardDb* db
    cdef Game* game
    cdef vector[BotSpec] bots
    cdef readonly int players
    cdef readonly list bot_names
    cdef readonly int observation_size

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
        try:
            self.db[0] = parse_card_db(card_text.encode(), b"pycore/data/rftg_cards.txt")
            self.game = new Game(self.db[0], opts)
            for spec in bots:
                self.bots.push_back(parse_bot_spec(str(spec).encode()))
            enc = new ObservationEncoder(self.game[0])
            self.observation_size = enc.size()
            del enc
        except RuntimeError as e:
            raise RulesError(str(e)) from None
        if <int>self.bots.size() != players:
            raise RulesError(f"need one bot per seat: {players} bots, got {len(bots)}")
        self.players = players
        self.bot_names = [str(b) for b in bots]

    def __dealloc__(self):
        if self.game != NULL:
            del self.game
        if self.db != NULL:
            del self.db

    def run(self, uint64_t run_seed, int64_t first_game, int64_t count, int threads=1, bint record_decisions=False):
        """Play games first_game .. first_game+count-1; returns {"games", "seats", "decisions"} numpy columns."""
        cdef BatchRequest req = batch_request(run_seed, first_game, count, threads, record_decisions, &self.done)
        cdef BatchColumns c
        try:
            with nogil:
                run_batch(self.game[0], self.bots, req, c)
        except RuntimeError as e:
            raise RulesError(str(e)) from None
        games = {
            "game_index": column(c.game_index.data(), c.game_index.size(), np.int64),
            "seed": column(c.seed.data(), c.seed.size(), np.uint64),
            "rounds": column(c.rounds.data(), c.rounds.size(), np.int16),
            "end_reason": column(c.end_reason.data(), c.end_reason.size(), np.int8),
            "winners_mask": column(c.winners_mask.data(), c.winners_mask.size(), np.uint8),
            "decisions": column(c.decisions.data(), c.decisions.size(), np.int32),
            "wall_time_us": column(c.wall_time_us.data(), c.wall_time_us.size(), np.int32),
            "robot_score": column(c.robot_score.data(), c.robot_score.size(), np.int16),
        }
        seats = {
            "game_index": column(c.seat_game_index.data(), c.seat_game_index.size(), np.int64),
            "seat": column(c.seat.data(), c.seat.size(), np.int8),
            "bot": column(c.bot.data(), c.bot.size(), np.int8),
            "start_world": column(c.start_world.data(), c.start_world.size(), np.int16),
            "score": column(c.score.data(), c.score.size(), np.int16),
            "score_cards": column(c.score_cards.data(), c.score_cards.size(), np.int16),
            "score_chips": column(c.score_chips.data(), c.score_chips.size(), np.int16),
            "score_six_cost": column(c.score_six_cost.data(), c.score_six_cost.size(), np.int16),
            "score_goals": column(c.score_goals.data(), c.score_goals.size(), np.int16),
            "rank": column(c.rank.data(), c.rank.size(), np.int8),
            "won": column(c.won.data(), c.won.size(), np.uint8).astype(np.bool_),
            "hand_size": column(c.hand_size.data(), c.hand_size.size(), np.int8),
            "goods": column(c.goods.data(), c.goods.size(), np.int8),
            "tableau_offsets": column(c.tableau_offsets.data(), c.tableau_offsets.size(), np.int32),
            "tableau_cards": column(c.tableau_cards.data(), c.tableau_cards.size(), np.int16),
        }
        return {"games": games, "seats": seats, "decisions": decision_columns(c, self.observation_size)}

    def replay(self, uint64_t run_seed, int64_t game_index):
        """Re-play one game exactly as run() played it: its decisions (seat, kind, action, legal count, text)."""
        if game_index < 0:
            raise RulesError("game index must not be negative")
        cdef State final
        cdef vector[ReplayStep] steps
        try:
            steps = replay_game(self.game[0], self.bots, run_seed, game_index, &final)
        except RuntimeError as e:
            raise RulesError(str(e)) from None
        out = [(s.seat, DECISION_KINDS[s.kind], s.action, s.legal, s.text.decode()) for s in steps]
        return {"steps": out, "scores": list(self.game.scores(final)), "winners": list(self.game.winners(final)),
                "rounds": final.round}


# --- Alien Frontiers ------------------------------------------------------------------------------------------------

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
    cdef cppclass AfBatchColumns:
        vector[int64_t] game_index
        vector[uint64_t] seed
        vector[int16_t] rounds
        vector[int16_t] turns
        vector[int8_t] end_reason
        vector[uint8_t] winners_mask
        vector[int32_t] decisions
        vector[int32_t] wall_time_us
        vector[int64_t] seat_game_index
        vector[int8_t] seat
        vector[int8_t] bot
        vector[int16_t] score
        vector[int16_t] score_colonies
        vector[int16_t] score_territories
        vector[int16_t] score_tech
        vector[int16_t] score_positron
        vector[int8_t] rank
        vector[uint8_t] won
        vector[int8_t] ore
        vector[int8_t] fuel
        vector[int8_t] ships
        vector[int8_t] colonies_left
        vector[int8_t] hub
        vector[uint8_t] territories
        vector[int32_t] tech_offsets
        vector[int16_t] tech_cards
        vector[int64_t] dec_game_index
        vector[int16_t] dec_step
        vector[int8_t] dec_seat
        vector[int8_t] dec_kind
        vector[int16_t] dec_action
        vector[int16_t] dec_legal
        int observation_size
        vector[vector[int16_t]] game_observations
    void run_af_batch(const AfGame& game, const vector[BotSpec]& bots, const BatchRequest& req,
                      AfBatchColumns& out) except + nogil
    vector[ReplayStep] replay_af_game(const AfGame& game, const vector[BotSpec]& bots, uint64_t run_seed,
                                      int64_t game_index, AfState* final_state) except +


ctypedef fused Columns:
    BatchColumns
    AfBatchColumns


cdef dict decision_columns(Columns& c, int observation_size):
    """The decisions/ columns, the same for both games; the observations as one (decisions, size) array."""
    return {
        "game_index": column(c.dec_game_index.data(), c.dec_game_index.size(), np.int64),
        "step": column(c.dec_step.data(), c.dec_step.size(), np.int16),
        "seat": column(c.dec_seat.data(), c.dec_seat.size(), np.int8),
        "kind": column(c.dec_kind.data(), c.dec_kind.size(), np.int8),
        "action": column(c.dec_action.data(), c.dec_action.size(), np.int16),
        "legal": column(c.dec_legal.data(), c.dec_legal.size(), np.int16),
        "observation": stacked_rows(c.game_observations, c.dec_legal.size(), observation_size),
    }


cdef AfData _af_data(dict texts, str overrides) except *:
    cdef AfDataTexts t
    t.facilities = texts["af_facilities.txt"].encode()
    t.territories = texts["af_territories.txt"].encode()
    t.tech = texts["af_tech.txt"].encode()
    t.setup = texts["af_setup.txt"].encode()
    cdef AfData d
    try:
        d = parse_af_data(t, b"pycore/data")
        if overrides:
            apply_af_overrides(d, overrides.encode(), b"overrides")
    except RuntimeError as e:
        raise RulesError(str(e)) from None
    return d


def af_names(dict texts, str overrides=""):
    """The names behind Alien Frontiers ids: tech designs (card ids), territories (bits), seat colours."""
    cdef AfData d = _af_data(texts, overrides)
    return {"tech": [x.name.decode() for x in d.tech],
            "territories": [d.territories[k].name.decode() for k in range(8)],
            "colours": [d.setup.colours[k].decode() for k in range(4)]}


cdef class AfRunner(_CountingRunner):
    """Plays chunks of Alien Frontiers games: AfRunner(texts, players, long_game, bots), `texts` the four
    af_*.txt files by name, `bots` one spec per seat (random, heuristic, ismcts[:options]); `overrides` what-if
    data changes (docs/af-rules.md, "Data files")."""
    cdef AfData* data
    cdef AfGame* game
    cdef vector[BotSpec] bots
    cdef readonly int players
    cdef readonly list bot_names
    cdef readonly int observation_size

    def __cinit__(self, dict texts, int players, bint long_game, list bots, str overrides=""):
        self.data = NULL
        self.game = NULL
        cdef AfGameOptions opts
        opts.players = players
        opts.long_game = long_game
        cdef AfObservationEncoder* enc = NULL
        self.data = new AfData()
        self.data[0] = _af_data(texts, overrides)
        try:
            self.game = new AfGame(self.data[0], opts)
            for b in bots:
                self.bots.push_back(parse_af_bot_spec(str(b).encode()))
            enc = new AfObservationEncoder(self.game[0])
            self.observation_size = enc.size()
            del enc
        except RuntimeError as e:
            raise RulesError(str(e)) from None
        if <int>self.bots.size() != players:
            raise RulesError(f"need one bot per seat: {players} bots, got {len(bots)}")
        self.players = players
        self.bot_names = [str(b) for b in bots]

    def __dealloc__(self):
        if self.game != NULL:
            del self.game
        if self.data != NULL:
            del self.data

    def run(self, uint64_t run_seed, int64_t first_game, int64_t count, int threads=1, bint record_decisions=False):
        """Play games first_game .. first_game+count-1; returns {"games", "seats", "decisions"} numpy columns."""
        cdef BatchRequest req = batch_request(run_seed, first_game, count, threads, record_decisions, &self.done)
        cdef AfBatchColumns c
        try:
            with nogil:
                run_af_batch(self.game[0], self.bots, req, c)
        except RuntimeError as e:
            raise RulesError(str(e)) from None
        games = {
            "game_index": column(c.game_index.data(), c.game_index.size(), np.int64),
            "seed": column(c.seed.data(), c.seed.size(), np.uint64),
            "rounds": column(c.rounds.data(), c.rounds.size(), np.int16),
            "turns": column(c.turns.data(), c.turns.size(), np.int16),
            "end_reason": column(c.end_reason.data(), c.end_reason.size(), np.int8),
            "winners_mask": column(c.winners_mask.data(), c.winners_mask.size(), np.uint8),
            "decisions": column(c.decisions.data(), c.decisions.size(), np.int32),
            "wall_time_us": column(c.wall_time_us.data(), c.wall_time_us.size(), np.int32),
        }
        seats = {
            "game_index": column(c.seat_game_index.data(), c.seat_game_index.size(), np.int64),
            "seat": column(c.seat.data(), c.seat.size(), np.int8),
            "bot": column(c.bot.data(), c.bot.size(), np.int8),
            "score": column(c.score.data(), c.score.size(), np.int16),
            "score_colonies": column(c.score_colonies.data(), c.score_colonies.size(), np.int16),
            "score_territories": column(c.score_territories.data(), c.score_territories.size(), np.int16),
            "score_tech": column(c.score_tech.data(), c.score_tech.size(), np.int16),
            "score_positron": column(c.score_positron.data(), c.score_positron.size(), np.int16),
            "rank": column(c.rank.data(), c.rank.size(), np.int8),
            "won": column(c.won.data(), c.won.size(), np.uint8).astype(np.bool_),
            "ore": column(c.ore.data(), c.ore.size(), np.int8),
            "fuel": column(c.fuel.data(), c.fuel.size(), np.int8),
            "ships": column(c.ships.data(), c.ships.size(), np.int8),
            "colonies_left": column(c.colonies_left.data(), c.colonies_left.size(), np.int8),
            "hub": column(c.hub.data(), c.hub.size(), np.int8),
            "territories": column(c.territories.data(), c.territories.size(), np.uint8),
            "tech_offsets": column(c.tech_offsets.data(), c.tech_offsets.size(), np.int32),
            "tech_cards": column(c.tech_cards.data(), c.tech_cards.size(), np.int16),
        }
        return {"games": games, "seats": seats, "decisions": decision_columns(c, self.observation_size)}

    def replay(self, uint64_t run_seed, int64_t game_index):
        """Re-play one game exactly as run() played it: its decisions (seat, kind, action, legal count, text)."""
        if game_index < 0:
            raise RulesError("game index must not be negative")
        cdef AfState final
        cdef vector[ReplayStep] steps
        try:
            steps = replay_af_game(self.game[0], self.bots, run_seed, game_index, &final)
        except RuntimeError as e:
            raise RulesError(str(e)) from None
        out = [(s.seat, AF_DECISION_KINDS[s.kind], s.action, s.legal, s.text.decode()) for s in steps]
        players = final.players
        return {"steps": out, "scores": list(self.game.scores(final)), "winners": list(self.game.winners(final)),
                "rounds": (final.turn + players - 1) // players, "turns": final.turn}
