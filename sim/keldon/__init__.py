"""Importing the game records of the reference engine (Keldon Jones's RftG AI): reading the
records (record.py), the draws they script (draws.py), answering the engine's decisions from
them (answers.py, powers.py), replaying a game (replay.py), the documented rules readings a
divergence comes from (readings.py), writing the run folder (run_folder.py) and the
`galaxysim import keldon` command (command.py). docs/import.md."""
