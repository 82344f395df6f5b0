"""galaxysim.net: the `net` bot's models and their training (docs/net.md).

Playing a model needs no PyTorch: the engine reads the model file (``net`` or ``net:model=PATH`` as a bot
spec). Training (``galaxysim train``, `galaxysim.net.train.train`) needs ``pip install 'galaxysim[train]'``.

    from galaxysim.net import model_file
    model_file.read_header("models/base2p/model.gsnet")      # what a model is for and how it was trained
    model_file.content_hash("models/base2p/model.gsnet")     # "sha256:..." (run manifests record it)

Modules: model_file (the file format), inputs (how a model sees an observation), samples and data_source
(training examples), torch_net (the network in PyTorch), train (the training loop), evaluation (seat-rotated
matches on paired deals).
"""
from pathlib import Path

#: The folder of the models shipped with galaxysim.
SHIPPED = Path(__file__).resolve().parent.parent / "models"
