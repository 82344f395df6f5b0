"""Playing a game never needs PettingZoo, Gymnasium or OpenSpiel; without them the adapters say what to install."""
from __future__ import annotations

import subprocess
import sys
import textwrap


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120)


def test_playing_imports_no_adapter_library():
    r = _run("""
        import sys
        import galaxysim.envs, galaxysim.envs.games, galaxysim.envs.rewards, galaxysim.sim.cli
        from galaxysim import rftg, af
        for game in (rftg.Game(players=2), af.Game(players=2)):
            s = game.new_state(1)
            while not s.is_terminal():
                s.apply(s.legal_actions()[0])
        loaded = sorted(m for m in ("pettingzoo", "gymnasium", "pyspiel", "open_spiel") if m in sys.modules)
        print("loaded:", loaded)
    """)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "loaded: []"


def test_missing_pettingzoo_says_what_to_install():
    r = _run("""
        import sys
        sys.modules["pettingzoo"] = None      # as if it were not installed
        from galaxysim.envs import rftg_env
        try:
            rftg_env(players=2)
        except ModuleNotFoundError as e:
            print(e)
    """)
    assert r.returncode == 0, r.stderr
    assert "pip install 'galaxysim[envs]'" in r.stdout and "PettingZoo" in r.stdout


def test_missing_openspiel_says_what_to_install():
    r = _run("""
        import sys
        sys.modules["pyspiel"] = None
        try:
            import galaxysim.openspiel
        except ModuleNotFoundError as e:
            print(e)
    """)
    assert r.returncode == 0, r.stderr
    assert "pip install 'galaxysim[openspiel]'" in r.stdout
