"""Golden records of the learned player: its decisions stay byte-identical across speed work (issue 44).

Each case plays ``sim.play.play_chunk`` with ``learned`` seats under a rule set that ships a model (晋城, 晋中,
金华, plain, 四川): four learned seats, and one learned seat among three greedy; one more case changes a few 晋城 rules, so the
table's model is found as the nearest shipped one (strategies.learned.inference ``model_index``). The SHA-256 of the
whole int32 record matrix (every column, C order, little-endian) is compared with the hash taken on the learned
player before its speed work (unchanged by it), then again when the learned player came to take every win offered
(自摸, 胡; changed hands: 晋城 9 + 9 + 2, 金华 33 + 5, plain 232 + 57 of the cases' hands, 晋中 none), and again
when every model was retrained with greedy's pick among its features (the feature itself, with the old models
padded by a zero row, left every hash as it was) and the 四川 model was first shipped, and for the 晋中 cases when its
model was retrained on 4,000 teacher hands (the seat-view bundle of the policies left every hash as it was). Any decision that
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
    "sc_learned": ({"variant": "sichuan"}, LEARNED, 30, 300),
    "sc_one": ({"variant": "sichuan"}, ONE, 31, 300),
}
CASES = {name: case for name, case in CASES.items() if case[0]["variant"] in VARIANTS}  # a removed rule set drops

# SHA-256 of each case's whole matrix (the module docstring says when each was taken).
GOLDEN = {
    "jc_flags": "f9368e8a9dac5499d0cf57743e6f3ca6384b98d784b5518ab63adf897fe5db1e",
    "jc_learned": "07284bde8eeb078d29e366522a34465cf6a433a162c3b73e39cf0997e49cad5c",
    "jc_one": "a32fd65bc2578e1586f2154686045aedee54b8f73f163a1bc487b610c0a7638b",
    "jh_learned": "d5c0e04494634d3910401d792eb679a90ec420be8e25e49db6427275da54d136",
    "jh_one": "981a1138ad1a77e907a06577d14164f89a4effd4473a75aef8880f0628375a78",
    "jz_learned": "fb87a750a899e84aee9e13eee2ab5d0124cc076c5b785c1ee49cfd90839f39d6",
    "jz_one": "8a9972762783fa7c9b412c1d70c1bf798f924ac9b44d92c21879795e39c06ede",
    "plain_learned": "960a0220aaa22ffdc2aad761a61b865acd1c31bd7f887d2620eac171bfd07db9",
    "plain_one": "66ef87c67c25035711981871d8fa9f9b5cd2a68e40455762ee0986ba5709cddf",
    "sc_learned": "08fb46d51cab36ec3676833de48a72433ffb9d36fe5641cbcdbb3c0a111fd270",
    "sc_one": "32167c837a5bd209956ea8e21eb739ab3131b07eadbfc9cfe3f229b3855760fb",
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
