"""The learned player's model files: one small ``.npz`` per rule set in ``strategies/learned_models/``, named after
the rule set (``<rule set>.npz``, the name taken from the run's rules at run time), with its model card beside it
(``<rule set>.md``) — plain Python.

A file holds a one-hidden-layer perceptron that scores a candidate from its features (strategies.learned.features):
``score = relu(((x - mean) / scale) @ w1 + b1) @ w2 + b2``, the predicted money of the candidate over the mean of the
decision's candidates (底注), and what it was made for: ``rule_set`` (the name), ``rule_vec`` (the rule set's
default rule vector, by which the compiled player finds a table's model, strategies.learned.inference) and
``n_features``. ``load_model`` refuses a file that is missing, truncated or unreadable, of another layout or of
another rule set with a ``ModelFileError`` of one line naming the file.
"""
from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import numpy as np

from sim.strategy_registry import parse_seat
from strategies.learned.features import N_FEATURES

MODELS_DIR = Path(__file__).resolve().parent.parent / "learned_models"
FORMAT = 2  # bump whenever the file's arrays change meaning (2: the greedy-pick feature, 33 features)
#: Hex digits of a model digest (``model_digest``).
DIGEST_CHARS = 12
ARRAYS = ("format", "rule_set", "rule_vec", "n_features", "mean", "scale", "w1", "b1", "w2", "b2")


class ModelFileError(ValueError):
    """A model file the learned player cannot use: one line naming the file."""


def model_path(rule_set: str, folder: Path | None = None) -> Path:
    """Return the path of ``rule_set``'s model file (in ``folder``, default the shipped models)."""
    return (folder or MODELS_DIR) / f"{rule_set}.npz"


def save_model(path: Path, rule_set: str, rule_vec, mean, scale, w1, b1, w2, b2) -> None:
    """Write a model file atomically (a temporary file renamed into place)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        np.savez_compressed(f, format=np.int64(FORMAT), rule_set=np.array(rule_set), rule_vec=np.asarray(rule_vec,
                            np.int64), n_features=np.int64(N_FEATURES), mean=np.asarray(mean, np.float64),
                            scale=np.asarray(scale, np.float64), w1=np.asarray(w1, np.float64),
                            b1=np.asarray(b1, np.float64), w2=np.asarray(w2, np.float64).reshape(-1),
                            b2=np.float64(np.asarray(b2).reshape(-1)[0]))
    tmp.replace(path)


def model_digest(path: Path) -> str:
    """Return the first DIGEST_CHARS hex digits of the SHA-256 of the model file's arrays (each one's name, dtype,
    shape and bytes, by name): the same for the same model written again (the file's zip entries carry their write
    time, so its bytes differ)."""
    digest = hashlib.sha256()
    with np.load(path, allow_pickle=False) as data:
        for name in sorted(data.files):
            array = np.ascontiguousarray(data[name])
            digest.update(f"{name}:{array.dtype.str}:{array.shape}:".encode())
            digest.update(array.tobytes())
    return digest.hexdigest()[:DIGEST_CHARS]


def fingerprint(rule_set: str) -> str:
    """Return the learned player's fingerprint under ``rule_set`` (its spec's ``fingerprint``): "<rule set>=<the
    digest of its model file>", or "<rule set>=none" without one. A table plays its rule set's model (the nearest
    rule vector's, strategies.learned.inference), so a retrained model changes the fingerprint of that rule set's
    runs only, and a rerun into such a run's folder is refused in one line instead of mixing the old model's parts
    with the new one's."""
    path = model_path(rule_set)
    return f"{rule_set}={model_digest(path) if path.is_file() else 'none'}"


def load_model(path: Path, rule_set: str | None = None) -> dict:
    """Return the arrays of the model file ``path`` (``ARRAYS``), checked; ``rule_set``: the rule set it must be for
    (default: the file's name). Raises ModelFileError (one line naming the file) for a missing, truncated or
    malformed file, or one made for another rule set or another feature layout."""
    path = Path(path)
    want = rule_set if rule_set is not None else path.stem
    if not path.is_file():
        raise ModelFileError(f"learned model file {path} is missing (train it: mjrules experiment=train "
                             f"rules={want})")
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in ARRAYS}
    except KeyError as error:
        raise ModelFileError(f"learned model file {path} lacks the array {error}") from None
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as error:
        raise ModelFileError(f"learned model file {path} is truncated or unreadable "
                             f"({type(error).__name__}: {error})".replace("\n", " ")) from None
    if int(arrays["format"]) != FORMAT or int(arrays["n_features"]) != N_FEATURES:
        raise ModelFileError(f"learned model file {path} has format {int(arrays['format'])} with "
                             f"{int(arrays['n_features'])} features, not format {FORMAT} with {N_FEATURES}")
    made_for = str(arrays["rule_set"])
    if made_for != want:
        raise ModelFileError(f"learned model file {path} is for rule set {made_for}, not {want}")
    f, h = arrays["w1"].shape if arrays["w1"].ndim == 2 else (-1, -1)
    if (f != N_FEATURES or arrays["b1"].shape != (h,) or arrays["w2"].shape != (h,)
            or arrays["mean"].shape != (f,) or arrays["scale"].shape != (f,)):
        raise ModelFileError(f"learned model file {path} has arrays of inconsistent shapes")
    return arrays


def shipped_models(folder: Path | None = None) -> list[dict]:
    """Return every model file of ``folder`` (default the shipped models), checked, in name order."""
    return [load_model(path) for path in sorted((folder or MODELS_DIR).glob("*.npz"))]


def require_model(rule_set: str, folder: Path | None = None) -> dict:
    """Return ``rule_set``'s model (ModelFileError, one line naming the file, when it cannot be used)."""
    return load_model(model_path(rule_set, folder), rule_set)


def stacked(models: list[dict]):
    """Return the models as stacked arrays ``(keys int64[m, n_rules], mean, scale float64[m, F], w1 float64[m, F, H],
    b1, w2 float64[m, H], b2 float64[m])``, the hidden layers zero-padded to the widest (a padded unit adds 0)."""
    m = len(models)
    n_rules = max([len(model["rule_vec"]) for model in models], default=1)
    hidden = max([model["w1"].shape[1] for model in models], default=1)
    keys = np.zeros((m, n_rules), np.int64)
    mean = np.zeros((m, N_FEATURES))
    scale = np.ones((m, N_FEATURES))
    w1 = np.zeros((m, N_FEATURES, hidden))
    b1 = np.zeros((m, hidden))
    w2 = np.zeros((m, hidden))
    b2 = np.zeros(m)
    for i, model in enumerate(models):
        vec = model["rule_vec"]
        keys[i, :len(vec)] = vec
        h = model["w1"].shape[1]
        mean[i], scale[i] = model["mean"], model["scale"]
        w1[i, :, :h], b1[i, :h], w2[i, :h], b2[i] = model["w1"], model["b1"], model["w2"], model["b2"]
    return keys, mean, scale, w1, b1, w2, b2


def greedy_param_row() -> np.ndarray:
    """Return greedy's default parameter row (float64[8], sim.strategy_registry): the parameters with which the
    compiled player computes its greedy-pick feature, as the teacher's greedy rollouts and choice use them."""
    return parse_seat("greedy").param_row()


def refusal(rule_set: str) -> str | None:
    """Return why the learned player cannot play under ``rule_set`` (its model file's one-line fault), None when it
    can (the strategy's ``requires``, sim.seat_plan)."""
    try:
        require_model(rule_set)
    except ModelFileError as error:
        return str(error)
    return None
