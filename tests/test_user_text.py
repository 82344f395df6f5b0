"""Text users give, however long or malformed (issue 24, items 4 and 8).

A 10 MB unknown name took 38 s (the did-you-mean edit distance had no length bound) and its error echoed all
10 MB; a str holding a lone surrogate gave a pybind RuntimeError or a 4-line TypeError. Now every such input
gets a one-line error, at once, naming the argument, with any echoed value cut to 80 characters.
"""
from __future__ import annotations

import json
import time

import pytest

from galaxysim import af, rftg
from galaxysim.sim import bots as botreg
from galaxysim.sim.config import ConfigError, RunConfig, load_toml
from galaxysim.user_text import SHOWN_CHARS, check_text, did_you_mean, shown
from galaxysim.variant import Variant, VariantError

HUGE = 10_000_000
SURROGATE = "\ud800"


def quick_short_error(call, error=Exception, *words: str) -> str:
    """`call()` raises `error` within 2 s with a short single-line message holding `words`."""
    t = time.perf_counter()
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    assert time.perf_counter() - t < 2, f"took {time.perf_counter() - t:.1f} s"
    assert len(message) < 1000 and "\n" not in message, message[:300]
    assert all(w in message for w in words), message[:300]
    return message


def test_shown_cuts_long_values_and_says_so():
    assert shown("abc") == "'abc'"
    s = shown("x" * HUGE)
    assert s.startswith("'" + "x" * SHOWN_CHARS + "'...") and "10,000,000 characters, cut" in s
    assert len(shown(list(range(HUGE)))) < 200 and len(shown({"a": [[["deep"]]] * HUGE})) < 200
    assert did_you_mean("heuristc", ["random", "heuristic"], "bots") == " (did you mean 'heuristic'?)"
    t = time.perf_counter()
    assert did_you_mean("h" * HUGE, ["random", "heuristic"], "") == ""
    assert time.perf_counter() - t < 1


def position_with(card: str) -> tuple[rftg.Game, str]:
    game = rftg.Game(players=2)
    j = json.loads(game.new_state(seed=1).to_json())
    j["players"][0]["hand"][0] = card
    return game, json.dumps(j)


def test_a_huge_unknown_card_in_a_position():
    game, text = position_with("X" * HUGE)
    quick_short_error(lambda: game.state_from_json(text), rftg.RulesError, "unknown card", "bytes, cut")
    game, text = position_with("Gambling Wrld")  # a near miss still gets its suggestion
    quick_short_error(lambda: game.state_from_json(text), rftg.RulesError, "did you mean 'Gambling World'")


def test_huge_keys_and_names_in_positions_of_both_games():
    game = af.Game(players=2)
    j = json.loads(game.new_state(seed=1).to_json())
    j["k" * HUGE] = 1
    quick_short_error(lambda: game.state_from_json(json.dumps(j)), af.RulesError, "unknown key", "cut")
    game = rftg.Game(players=2)
    j = json.loads(game.new_state(seed=1).to_json())
    j["players"][0]["k" * HUGE] = 1
    quick_short_error(lambda: game.state_from_json(json.dumps(j)), rftg.RulesError, "unknown key", "cut")


@pytest.mark.parametrize("changes", ["X" * HUGE + ".cost=2", "remove=" + "Q" * HUGE, "Gambling World." + "f" * HUGE
                                     + "=2", "Gambling World.powers=" + "z" * HUGE, "r" * HUGE + "=1"])
def test_huge_variants(changes):
    quick_short_error(lambda: rftg.Game(players=2, variant=changes), VariantError, "cut")


def test_huge_af_variants_and_overrides():
    quick_short_error(lambda: af.Game(players=2, variant="L" * HUGE + ".docks=4"), VariantError, "cut")
    quick_short_error(lambda: af.Game(players=2, overrides="facility: " + "F" * HUGE), af.DataError, "cut")


def test_huge_bot_specs():
    quick_short_error(lambda: rftg.Bot("b" * HUGE), rftg.RulesError, "unknown bot", "cut")
    quick_short_error(lambda: rftg.Bot("ismcts:" + "o" * HUGE + "=1"), rftg.RulesError, "unknown option", "cut")
    quick_short_error(lambda: botreg.make("b" * HUGE), botreg.BotSpecError, "at most 500 characters", "cut")
    quick_short_error(lambda: RunConfig(bots=["random", "b" * HUGE], players=2).validate(), ConfigError, "cut")


def test_huge_config_values(tmp_path):
    toml = tmp_path / "c.toml"
    toml.write_text(f'{"k" * 1_000_000} = 1\n')
    quick_short_error(lambda: load_toml(toml), ConfigError, "unknown key", "cut")
    toml.write_text(f'game = "{"g" * 1_000_000}"\n')
    quick_short_error(lambda: RunConfig.from_values(load_toml(toml)), ConfigError, "unknown game", "cut")


@pytest.mark.parametrize("call, error, argument", [
    (lambda: rftg.Game(players=2).state_from_json(SURROGATE), rftg.RulesError, "the position"),
    (lambda: af.Game(players=2).state_from_json("{" + SURROGATE), af.RulesError, "the position"),
    (lambda: rftg.Bot(SURROGATE), rftg.RulesError, "a bot spec"),
    (lambda: af.Bot("random" + SURROGATE), af.RulesError, "a bot spec"),
    (lambda: rftg.Game(players=1, expansion="tgs", solo_config=SURROGATE), rftg.RulesError, "solo_config"),
    (lambda: rftg.Game(players=1, expansion="tgs", solo_difficulty=SURROGATE), rftg.RulesError, "solo_difficulty"),
    (lambda: rftg.Game(players=2, variant="hand_limit=1" + SURROGATE), VariantError, "change"),
    (lambda: rftg.Game(players=2, variant={"name": SURROGATE, "changes": ["hand_limit=11"]}), VariantError, "name"),
    (lambda: af.Game(players=2, overrides=SURROGATE), af.RulesError, "overrides"),
    (lambda: af.Game(players=2, variant="display=" + SURROGATE), VariantError, "change"),
    (lambda: RunConfig(bots=[SURROGATE], players=2).validate(), ConfigError, "bots"),
    (lambda: RunConfig(out=SURROGATE).validate(), ConfigError, "out"),
])
def test_lone_surrogates_are_one_line_naming_the_argument(call, error, argument):
    quick_short_error(call, error, argument, "lone surrogate (U+D800)")


def test_check_text():
    assert check_text("x", "fine", ValueError) == "fine"
    with pytest.raises(ValueError, match=r"^x must be a string, not 3$"):
        check_text("x", 3, ValueError)
    with pytest.raises(ValueError, match=r"^x is not valid text: it holds a lone surrogate \(U\+DC80\) at character 2$"):
        check_text("x", "ab\udc80", ValueError)
