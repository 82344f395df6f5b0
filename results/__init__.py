"""galaxysim results: the Parquet run folder (schema, writer, readers) and its analysis.

    from galaxysim.results import open_run, load_games, load_seats, summarize
    run = open_run("runs/my-run")
    print(summarize(run).format())

docs/run-folder.md describes the folder and every column; docs/decision-dataset.md the decision dataset
(decision_dataset: training batches from `galaxysim export RUN --format dataset`).
"""
from .decision_dataset import DecisionDataset, decision_dataset
from .manifest import FORMAT, FORMAT_VERSION, RunFolderError, read_manifest
from .reader import Run, load_cards, load_decisions, load_games, load_seats, open_run, verify_run
from .schema import SCHEMA_VERSION, SchemaError
from .summary import Summary, format_summary, summarize, wilson_interval
from .writer import RunWriter

__all__ = [
    "DecisionDataset", "FORMAT", "FORMAT_VERSION", "SCHEMA_VERSION", "Run", "RunFolderError", "RunWriter", "SchemaError", "Summary",
    "decision_dataset", "format_summary", "load_cards", "load_decisions", "load_games", "load_seats", "open_run", "read_manifest",
    "summarize", "verify_run", "wilson_interval",
]
