"""The model file: every file the engine cannot play is refused with one line naming the file and what is wrong,
wherever a net bot meets it (rftg.Bot, play_games, galaxysim run), and a good file is read back exactly."""
from __future__ import annotations

import json
import struct

import numpy as np
import pytest

from galaxysim import _rftg, af, rftg
from galaxysim.net import model_file

from .helpers import base_game, header_for, random_weights, write_random_model


@pytest.fixture(scope="module")
def game():
    return base_game(2)


@pytest.fixture(scope="module")
def good(tmp_path_factory, game):
    return write_random_model(tmp_path_factory.mktemp("m") / "good.gsnet", game, seed=1)


def _rewrite(src, dst, edit_header=None, edit_body=None, fix_checksum=True):
    """A copy of a model file with its header (dict) or its bytes edited; the checksum made right again."""
    data = bytearray(src.read_bytes())
    if edit_header:
        hlen = struct.unpack_from("<I", data, 12)[0]
        head = json.loads(data[16:16 + hlen])
        edit_header(head)
        text = json.dumps(head).encode()
        data = data[:12] + struct.pack("<I", len(text)) + text + data[16 + hlen:]
    if edit_body:
        edit_body(data)
    if fix_checksum:
        data[-8:] = struct.pack("<Q", model_file.fnv1a64(bytes(data[:-8])))
    dst.write_bytes(bytes(data))
    return dst


def _refusals(tmp_path, good, game):
    """(file, what the one line must say) for every kind of unplayable file."""
    out = []
    p = tmp_path / "empty.gsnet"
    p.write_bytes(b"")
    out.append((p, "not a galaxysim model file"))
    p = tmp_path / "foreign.gsnet"
    p.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(200))
    out.append((p, "not a galaxysim model file"))
    p = tmp_path / "truncated.gsnet"
    p.write_bytes(good.read_bytes()[: len(good.read_bytes()) // 2])
    out.append((p, "truncated"))
    p = tmp_path / "appended.gsnet"
    p.write_bytes(good.read_bytes() + b"x")
    out.append((p, "bytes after its end"))

    def flip(data):
        data[len(data) // 2] ^= 0x40

    out.append((_rewrite(good, tmp_path / "corrupt.gsnet", edit_body=flip, fix_checksum=False), "corrupt"))

    def newer(data):
        data[8:12] = struct.pack("<I", 2)

    out.append((_rewrite(good, tmp_path / "newer.gsnet", edit_body=newer), "format version 2"))
    out.append((_rewrite(good, tmp_path / "badheader.gsnet", edit_header=lambda h: h.pop("net")), "bad header"))
    out.append((_rewrite(good, tmp_path / "temperature.gsnet", edit_header=lambda h: h.update(temperature=-0.5)),
                "bad header: temperature is -0.5"))
    out.append((_rewrite(good, tmp_path / "card-temperature.gsnet", edit_header=lambda h: h.update(card_temperature=101)),
                "bad header: card_temperature is 101"))
    out.append((_rewrite(good, tmp_path / "temperature-text.gsnet", edit_header=lambda h: h.update(temperature="hot")),
                "bad header"))
    out.append((_rewrite(good, tmp_path / "layout.gsnet",
                         edit_header=lambda h: h["observation"].update(layout="fnv1a64:0000000000000000")),
                "another observation layout"))
    out.append((_rewrite(good, tmp_path / "players.gsnet", edit_header=lambda h: h.update(players=[4])),
                "trained for 4 players, not 2"))
    out.append((_rewrite(good, tmp_path / "tgs.gsnet", edit_header=lambda h: h.update(expansion="tgs")),
                "made for the tgs game"))
    af_model = write_random_model(tmp_path / "af.gsnet", af.Game(players=2), seed=2)
    out.append((af_model, "made for af, not rftg"))
    out.append((tmp_path / "missing.gsnet", "cannot read it"))
    out.append((tmp_path, "is a folder"))
    return out


def test_every_refused_model_file_gives_one_line_naming_it(tmp_path, good, game):
    state = game.new_state(seed=3)
    for path, what in _refusals(tmp_path, good, game):
        with pytest.raises(rftg.RulesError) as e:
            rftg.Bot(f"net:model={path}").act(state)
        msg = str(e.value)
        assert "\n" not in msg, msg
        assert msg.startswith(f"model {path}: "), msg
        assert what in msg, (what, msg)
        # the same line from play_games (before any game is played) and from the model check
        with pytest.raises(rftg.RulesError, match="^model " + str(path)):
            game.play_games([f"net:model={path}", "random"], 1, seed=1)
        with pytest.raises(rftg.RulesError) as e2:
            _rftg.model_info(game, str(path))
        assert str(e2.value) == msg


def test_galaxysim_run_refuses_a_bad_model_with_its_line(tmp_path, good, game):
    from galaxysim.sim.cli import main

    bad = tmp_path / "bad.gsnet"
    bad.write_bytes(good.read_bytes()[:100])
    out = tmp_path / "run"
    code = main(["run", "--players", "2", "--bots", f"net:model={bad},random", "--games", "10", "--out", str(out),
                 "--quiet"])
    assert code == 2
    assert not out.exists() or not any(out.iterdir())  # nothing written


def test_a_model_file_reads_back_exactly(tmp_path, game):
    spec, w = random_weights(game, 12, 8, seed=5)
    path = tmp_path / "m.gsnet"
    digest = model_file.write(path, header_for(game, w, training={"games": 7}), w)
    assert digest == model_file.content_hash(path)
    head, back = model_file.read_weights(path)
    assert head["training"] == {"games": 7} and head["net"] == {"inputs": spec.inputs, "h1": 12, "h2": 8, "seats": 4}
    for name, _ in model_file.WEIGHT_ORDER:
        assert np.array_equal(getattr(back, name), getattr(w, name)), name
    info = _rftg.model_info(game, str(path))
    assert info["h1"] == 12 and info["action_rows"] == len(w.action_class)


def test_a_bad_net_option_is_refused_before_play():
    with pytest.raises(rftg.RulesError, match="choose must be policy, value or hybrid"):
        rftg.Bot("net:choose=best")
    with pytest.raises(rftg.RulesError, match="unknown option 'temprature'.*temperature"):
        rftg.Bot("net:temprature=1")
    with pytest.raises(rftg.RulesError, match="dets must be a whole number"):
        rftg.Bot("net:dets=0")
    with pytest.raises(rftg.RulesError, match="top must be a whole number in 0..1000"):
        rftg.Bot("net:top=2.5")


@pytest.mark.parametrize("spec", ["net:dets=" + "9" * 100_000, "net:choose=" + "x" * 100_000,
                                  "net:" + "k" * 100_000 + "=1", "net:model=" + "m" * 100_000])
def test_a_huge_net_option_is_not_echoed_whole(spec):
    with pytest.raises(rftg.RulesError) as e:
        rftg.Bot(spec).act(base_game(2).new_state(seed=1))
    assert len(str(e.value)) < 2000 and "cut" in str(e.value), str(e.value)[:300]


def test_a_value_model_without_action_head_cannot_choose_by_policy(tmp_path, game):
    path = write_random_model(tmp_path / "v.gsnet", game, seed=3, action_rows=0)
    with pytest.raises(rftg.RulesError, match="has no action head"):
        rftg.Bot(f"net:model={path},choose=policy").act(game.new_state(seed=1))
    with pytest.raises(rftg.RulesError, match="has no action head, so it cannot shortlist actions with top=2"):
        rftg.Bot(f"net:model={path},top=2").act(game.new_state(seed=1))
    a = rftg.Bot(f"net:model={path}").act(game.new_state(seed=1))  # plays by value, its header's choice
    assert a in game.new_state(seed=1).legal_actions()
