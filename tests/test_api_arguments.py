"""Arguments of the Python API of both games (galaxysim.rftg, galaxysim.af): a wrong type or an out-of-range
value is one line naming the argument and what it accepts (TypeError for the type, the game's RulesError,
a ValueError, for the value), never pybind11's list of signatures or a bare RuntimeError; a refused call
leaves the state as it was; numpy integers are integers, bools and floats are not; on/off options of
Game refuse strings such as "false" instead of reading them as true."""
from __future__ import annotations

import json

import numpy as np
import pytest

from galaxysim import af, rftg

GAMES = [pytest.param(rftg, id="rftg"), pytest.param(af, id="af")]


def one_line(info) -> str:
    msg = str(info.value)
    assert "\n" not in msg and "incompatible" not in msg and "Unable to cast" not in msg, msg
    return msg


@pytest.mark.parametrize("mod", GAMES)
@pytest.mark.parametrize("call, bad, name", [
    (lambda g, s, v: s.apply(v), 13.0, "action"),
    (lambda g, s, v: s.apply(v), "13", "action"),
    (lambda g, s, v: s.apply(v), None, "action"),
    (lambda g, s, v: s.apply(v), True, "action"),
    (lambda g, s, v: s.describe(v), 1.0, "action"),
    (lambda g, s, v: s.observation(v), 1.0, "player"),
    (lambda g, s, v: s.observation_tensor(v), None, "player"),
    (lambda g, s, v: s.score_parts(v), True, "seat"),
    (lambda g, s, v: s.determinize(v, 1), "0", "observer"),
    (lambda g, s, v: s.determinize(0, v), 1.5, "seed"),
    (lambda g, s, v: g.new_state(v), 7.0, "seed"),
    (lambda g, s, v: g.new_state(v), None, "seed"),
    (lambda g, s, v: s.to_json(v), 2.0, "indent"),
])
def test_wrong_types_are_one_line_type_errors(mod, call, bad, name):
    game = mod.Game(players=2)
    state = game.new_state(3)
    before = state.to_json()
    with pytest.raises(TypeError) as info:
        call(game, state, bad)
    assert one_line(info) == f"{name} must be an integer, not {bad!r}"
    assert state.to_json() == before


@pytest.mark.parametrize("mod", GAMES)
@pytest.mark.parametrize("call, bad, pattern", [
    (lambda g, s, v: s.apply(v), 2**40, r"^action must be between -2147483648 and 2147483647, not 1099511627776$"),
    (lambda g, s, v: s.describe(v), -2**31 - 1, r"^action must be between"),
    (lambda g, s, v: g.new_state(v), -1, r"^seed must be between 0 and 2\*\*64-1, not -1$"),
    (lambda g, s, v: g.new_state(v), 2**64, r"^seed must be between 0 and 2\*\*64-1"),
    (lambda g, s, v: s.determinize(0, v), -5, r"^seed must be between 0 and 2\*\*64-1, not -5$"),
    (lambda g, s, v: s.observation(v), 10**20, r"^no seat 100000000000000000000 \(this game has seats 0 to 1\)$"),
    (lambda g, s, v: s.observation_tensor(v), 2, r"^no seat 2 \(this game has seats 0 to 1\)$"),
    (lambda g, s, v: s.score_parts(v), -1, r"^no seat -1 "),
    (lambda g, s, v: s.to_json(v), 10**9, r"^indent must be between -1 and 64"),
])
def test_out_of_range_values_are_one_line_rules_errors(mod, call, bad, pattern):
    game = mod.Game(players=2)
    state = game.new_state(3)
    before = state.to_json()
    with pytest.raises(mod.RulesError, match=pattern) as info:
        call(game, state, bad)
    one_line(info)
    assert isinstance(info.value, ValueError)
    assert state.to_json() == before


@pytest.mark.parametrize("mod", GAMES)
def test_numpy_integers_are_integers(mod):
    game = mod.Game(players=np.int64(2))
    assert game.players == 2
    state = game.new_state(np.uint64(2**63))
    assert state.to_json() == game.new_state(2**63).to_json()
    action = np.asarray(state.legal_actions(), dtype=np.int32)[0]
    state.describe(action)
    state.apply(action)
    assert state.observation(np.int64(0)) == state.observation(0)
    assert state.score_parts(np.int8(1)) == state.score_parts(1)


@pytest.mark.parametrize("mod", GAMES)
def test_state_from_json_wants_the_text(mod):
    game = mod.Game(players=2)
    doc = json.loads(game.new_state(1).to_json())
    with pytest.raises(TypeError) as info:
        game.state_from_json(doc)
    assert one_line(info) == "the position must be a string, not dict (give the JSON text: json.dumps(...))"
    with pytest.raises(TypeError, match="^the position must be a string, not NoneType$"):
        game.state_from_json(None)
    assert game.state_from_json(json.dumps(doc).encode()).to_json() == game.state_from_json(json.dumps(doc)).to_json()


@pytest.mark.parametrize("mod", GAMES)
def test_bot_arguments(mod):
    other = (af if mod is rftg else rftg).Game(players=2).new_state(1)
    with pytest.raises(TypeError) as info:
        mod.Bot(None)
    assert one_line(info) == "a bot spec must be a string, not NoneType"
    with pytest.raises(mod.RulesError, match=r"^seed must be between 0 and 2\*\*64-1, not -1$"):
        mod.Bot("random", -1)
    with pytest.raises(TypeError, match="^rng_seed must be an integer, not 1.5$"):
        mod.Bot("random", 0, rng_seed=1.5)
    bot = mod.Bot("random", np.int64(4))
    with pytest.raises(TypeError) as info:
        bot.act(other)
    assert one_line(info).startswith(f"{mod.__name__.split('.')[-1]}.Bot.act: expected ")
    with pytest.raises(TypeError, match=r"Bot\.act: expected .*State, got None$"):
        bot.act(None)


@pytest.mark.parametrize("make, pattern", [
    (lambda: rftg.Game(players=2, advanced="false"), r"^advanced must be True or False, not 'false'$"),
    (lambda: rftg.Game(players=4, expansion="tgs", goals="no"), r"^goals must be True or False, not 'no'$"),
    (lambda: rftg.Game(players=4, expansion="rvi", takeovers="off"), r"^takeovers must be True or False"),
    (lambda: rftg.Game(players=3, expansion="tgs", draft=None), r"^draft must be True or False, not None$"),
    (lambda: rftg.Game(players=1, expansion="tgs", solo_difficulty=None), r"^solo_difficulty must be a string"),
    (lambda: rftg.Game(players=10**20), r"^players must be a small number"),
    (lambda: af.Game(players=3, long_game="no"), r"^long_game must be True or False, not 'no'$"),
    (lambda: af.Game(players=2, overrides=3), r"^overrides must be a string, not 3$"),
])
def test_game_options_of_the_wrong_kind_are_refused(make, pattern):
    with pytest.raises(ValueError, match=pattern) as info:
        make()
    one_line(info)


def test_on_off_options_take_bools_and_0_1():
    assert rftg.Game(players=2, advanced=1).advanced
    assert not rftg.Game(players=4, expansion="tgs", goals=np.bool_(False)).goals
    assert af.Game(players=3, long_game=True).long_game and not af.Game(players=3, long_game=0).long_game


def test_card_table_of_an_unknown_expansion():
    for bad in ("xyz", None, 3):
        with pytest.raises(rftg.RulesError, match=r"^unknown expansion .* \(expected one of base, tgs, rvi\)$"):
            rftg.card_table(bad)
