"""Golden records of the learned player: its decisions stay byte-identical across speed work (issue 44).

Each case plays ``sim.play.play_chunk`` with ``learned`` seats under a rule set that ships a model (晋城, 晋中,
金华, plain): four learned seats, and one learned seat among three greedy; one more case changes a few 晋城 rules, so the
table's model is found as the nearest shipped one (strategies.learned.inference ``model_index``). The SHA-256 of the
whole int32 record matrix (every column, C order, little-endian) is compared with the hash taken on the learned
player before its speed work (unchanged by it), then again when the learned player came to take every win offered
(自摸, 胡; changed hands: 晋城 9 + 9 + 2, 金华 33 + 5, plain 232 + 57 of the cases' hands, 晋中 none). Any decision that
changes moves some hand's record and so the hash; only a new model file, a deliberate change of the features or of
the play may change them, and its commit says so.
"""
import hashlib

import numpy as np
import pytest

from sim.play import play_chunk
from sim.rules import VARIANTS

LEARNED = ["learned"] * 4
ONE = ["learned", "greedy", "greedy", "greedy"]
CASES = {
    # name: (rules overrides, seats, seed, n_hands)
    "jc_learned": ({"variant": "jincheng"}, LEARNED, 21, 300),
    "jc_one": ({"variant": "jincheng"}, ONE, 22, 300),
    "jc_flags": ({"variant": "jincheng", "multi_ron": "all", "ting_allow_pong": True, "qidui_allow_quad": False},
                 LEARNED, 23, 200),
    "jz_learned": ({"variant": "jinzhong"}, LEARNED, 24, 300),
    "jz_one": ({"variant": "jinzhong"}, ONE, 25, 300),
    "jh_learned": ({"variant": "jinhua"}, LEARNED, 26, 300),
    "jh_one": ({"variant": "jinhua"}, ONE, 27, 300),
    "plain_learned": ({"variant": "plain"}, LEARNED, 28, 300),
    "plain_one": ({"variant": "plain"}, ONE, 29, 300),
}
CASES = {name: case for name, case in CASES.items() if case[0]["variant"] in VARIANTS}  # a removed rule set drops

# SHA-256 of each case's whole matrix (the module docstring says when each was taken).
GOLDEN = {
    "jc_flags": "0f36e486f8b812bf5a1aa33b8c89679c021c65a12e57ed1d68dc72a963a36c18",
    "jc_learned": "68b0c919a9eb5fed875ae1c97b02bbabf83d68516b0df8de1ab8ba612a199239",
    "jc_one": "d5952e3764b459826ebc4b9cd86560e8fd4cb6bf0a3aacf3a4d938a3bd5d857e",
    "jh_learned": "4384fde5536919d658153102ac5649b82d4f9eefce09ea32f6be41469304719b",
    "jh_one": "1432c1970d830148b8885e980c3b452862812c94dc313bda0057f241a84e21c9",
    "jz_learned": "adceaba0b7d6cefd3defc9d07c540449eb7a8f285745af65accc9824d3ad09b0",
    "jz_one": "022d8886b4ca42cc0601434db529a5ae8d23446e8f4eaa19caae9b8e7b505ce8",
    "plain_learned": "c44dfb994960103af4427a0c8aa323f0fc43b5544a03bb489007df6a48cc4a71",
    "plain_one": "7e96c07fea6bf4f091915796ce3faaa17174f96106e716c4dd43dee3b92d3ce8",
}


def matrix_hash(matrix: np.ndarray) -> str:
    """Return the SHA-256 (hex) of an int32 record matrix, every column, C order, little-endian."""
    return hashlib.sha256(np.ascontiguousarray(matrix, dtype="<i4").tobytes()).hexdigest()


def play_case(name: str) -> np.ndarray:
    rules, seats, seed, n = CASES[name]
    return play_chunk(rules, seats, seed, 0, n)


@pytest.mark.parametrize("name", sorted(CASES))
def test_learned_record_matrix_matches_golden_hash(name):
    matrix = play_case(name)
    assert matrix.shape[0] == CASES[name][3]
    assert matrix_hash(matrix) == GOLDEN[name], f"case {name}: the learned player's records differ from golden"


if __name__ == "__main__":  # print the table to paste into GOLDEN (only when a model file changes)
    for case in sorted(CASES):
        print(f'    "{case}": "{matrix_hash(play_case(case))}",')
