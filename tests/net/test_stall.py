"""stall_temperature (docs/net.md, "Options"): a net seat whose action cards meet the game's progress (every
tableau, the goods, the VP chips and pool) as it was at its action cards one round before is in a stall, and
chooses its cards at that temperature; elsewhere at its card temperature."""
from __future__ import annotations

import json

import numpy as np
import pytest

from galaxysim import rftg

from .helpers import base_game, write_random_model
from .test_play import rows, same, with_header


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    return write_random_model(tmp_path_factory.mktemp("stall") / "p.gsnet", base_game(2), seed=11, choose="policy")


def _cards_state(seed=3, round_at_least=3):
    """A base 2-player state at the action cards of round >= round_at_least, and its JSON."""
    g = base_game(2)
    s = g.new_state(seed=seed)
    b = rftg.Bot("random", seed)
    while not (s.decision == "choose_action" and s.round >= round_at_least):
        s.apply(b.act(s))
    return g, s, json.loads(s.to_json())


def _with(g, d, **keys):
    return g.state_from_json(json.dumps({**d, **keys}))


def test_a_seat_meeting_the_same_progress_a_round_later_samples_its_cards(model):
    g, s, d = _cards_state()
    spec = f"net:model={model},card_temperature=0,stall_temperature=100"
    greedy = rftg.Bot(f"net:model={model},card_temperature=0", 1).act(s)
    later = _with(g, d, round=d["round"] + 1)         # nothing changed in a round: a stall
    skipped = _with(g, d, round=d["round"] + 2)       # two rounds on: not the round after
    chips = [dict(p) for p in d["players"]]
    chips[1]["chips"] = chips[1]["chips"] + 1
    progressed = _with(g, d, round=d["round"] + 1, players=chips)  # a VP chip changed hands: progress

    def answers(second):
        out = []
        for seed in range(40):
            bot = rftg.Bot(spec, seed)
            assert bot.act(s) == greedy  # not in a stall: the card temperature (0)
            out.append(bot.act(second))
        return set(out)

    assert len(answers(later)) > 2  # sampled at temperature 100: nearly uniform
    assert answers(skipped) == {greedy} and answers(progressed) == {greedy}
    # a bot that did not see the round before is not in a stall
    assert {rftg.Bot(spec, seed).act(later) for seed in range(20)} == {greedy}
    # the stall lasts while nothing changes
    bot = rftg.Bot(spec, 7)
    bot.act(s)
    seen = {bot.act(_with(g, d, round=d["round"] + k)) for k in range(1, 15)}
    assert len(seen) > 2


def test_the_models_stall_temperature_is_its_default_and_a_spec_temperature_overrides_it(model, tmp_path):
    g, s, d = _cards_state()
    later = _with(g, d, round=d["round"] + 1)
    stalls = with_header(model, tmp_path / "stalls.gsnet", card_temperature=0, stall_temperature=100)

    def answers(spec):
        out = set()
        for seed in range(40):
            bot = rftg.Bot(spec, seed)
            bot.act(s)
            out.add(bot.act(later))
        return out

    assert len(answers(f"net:model={stalls}")) > 2
    assert len(answers(f"net:model={stalls},temperature=0")) == 1
    assert len(answers(f"net:model={stalls},card_temperature=0")) == 1
    assert answers(f"net:model={stalls},temperature=0") == answers(f"net:model={model}")
    with pytest.raises(Exception, match="stall_temperature must be in"):
        rftg.Bot("net:stall_temperature=-1", 1)


def test_stall_sampling_gives_the_same_rows_on_one_and_two_threads(model, tmp_path):
    four = write_random_model(tmp_path / "p4.gsnet", base_game(4), seed=12, choose="policy")
    bots = [f"net:model={four},card_temperature=0,stall_temperature=1"] * 2 + ["random"] * 2
    one = rows(bots, games=24, threads=1)
    same(one, rows(bots, games=24, threads=2))
    assert not np.array_equal(one["s_score"], rows([f"net:model={four},card_temperature=0"] * 2 + ["random"] * 2,
                                                   games=24)["s_score"])
