"""Golden records of the learned player: its decisions stay byte-identical across speed work (issue 44).

Each case plays ``sim.play.play_chunk`` with ``learned`` seats under a rule set that ships a model (晋城, 晋中,
金华, plain): four learned seats, and one learned seat among three greedy; one more case changes a few 晋城 rules, so the
table's model is found as the nearest shipped one (strategies.learned.inference ``model_index``). The SHA-256 of the
whole int32 record matrix (every column, C order, little-endian) is compared with the hash taken on the learned
player before its speed work. Any decision that changes moves some hand's record and so the hash; only a new model
file (or a deliberate change of the features) may change them, and its commit says so.
"""
import hashlib

import numpy as np
import pytest

from sim.play import play_chunk

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

# SHA-256 of each case's whole matrix, taken on the learned player before its speed work.
GOLDEN = {
    "jc_flags": "edb438c7157377f53e523630e1d68dd3a862cba421940985309f2ba99931ba16",
    "jc_learned": "fafd309943a0733c0faef68b464546ff88485d8cb9751d86e0bec582fb39b7e2",
    "jc_one": "a39a107202cad198f71074e25e7766045436c9c313afc4607527c8d4ddb16777",
    "jh_learned": "b20b8090f4a34052905cbc716c116304544dd89ad75af77b221b9a68905232db",
    "jh_one": "6529ca11c5bd0efafce338634a7e066838c04e572d91d70dc209d4e09f11c772",
    "jz_learned": "adceaba0b7d6cefd3defc9d07c540449eb7a8f285745af65accc9824d3ad09b0",
    "jz_one": "022d8886b4ca42cc0601434db529a5ae8d23446e8f4eaa19caae9b8e7b505ce8",
    "plain_learned": "23fd5dfe5778e4397622075d712cf3b61cb06d71235b2ca4891d8ed4e00a7c20",
    "plain_one": "3478907406c8bee4acc8facadc4193aebdddb99c825b1ba596983581b90d8840",
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
