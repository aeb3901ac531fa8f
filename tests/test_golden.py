"""Golden records: the engine's record matrices stay byte-identical across refactors.

Each case plays ``sim.play.play_chunk`` for a seed, a rule config and a seat mix, and compares
the SHA-256 of the int32 record matrix (C order, little-endian) with the hash taken on the
engine before the variant-ready reshaping (issue 8). A refactor that changes any hand of any
case changes its hash. The cases cover the default rules, multi_ron=all, the count dead-wall
model, 十三幺 chasers with 拾/抢, session mode, a random-seat mix and several non-default flags.
Only a deliberate rule fix may change a hash, and its commit says how many hands changed.

The 晋中 cases (``JZ_CASES``) hash the same columns plus win_features and multiplier, taken before the
晋中 speed work (缺一门 discard scan): greedy and the strategies built on it, mixed with random seats,
sessions and the point limit off.

The 金华 cases (``JH_CASES``) hash every column the record has for 金华 (through ``s{k}_wilds_dealt``): greedy,
its pong/kong settings and random seats, sessions with the winner dealing, most JH flags changed at once, and
the ``baotou`` strategy at two thresholds. Their first 59 columns were checked equal, hand by hand, to the
engine before ``s{k}_wilds_dealt`` was added.
"""
import hashlib

import numpy as np
import pytest

from sim.play import play_chunk

GREEDY = ["greedy"] * 4
CASES = {
    # name: (rules overrides, seats, seed, first_hand, n_hands, session_length)
    "default": ({}, GREEDY, 7, 0, 400, 0),
    "default_far_hands": ({}, GREEDY, 123456789, 10_000_000, 200, 0),
    "multi_ron_all": ({"multi_ron": "all"}, ["random", "greedy", "random", "greedy"], 11, 0, 400, 0),
    "count_model": ({"dead_wall_model": "count", "huang_stacks": 5}, GREEDY, 3, 0, 300, 0),
    "thirteen_orphans": ({"qiang_requires_shi": True, "rob_angang": True},
                         ["thirteen_orphans{min_distinct=7}", "thirteen_orphans{min_distinct=8}", "greedy",
                          "selective_ting{min_live_waits=3}"], 5, 0, 400, 0),
    "sessions": ({"huang_dealer": "rotate"}, ["greedy", "early_ting", "defensive", "greedy{pong=always}"],
                 9, 32, 96, 16),
    "random_mix": ({}, ["random", "defensive{fold_shanten=1}", "greedy{pong=never}", "random"], 13, 0, 400, 0),
    "many_flags": ({"houbao_units": 1, "ting_kong_policy": "still_tenpai", "ting_allow_pong": True,
                    "qidui_allow_quad": False, "qianggang_mode": "zimo", "genzhuang_angang_breaks": True,
                    "genzhuang_shangjia_breaks": False, "genzhuang_void_on_huang": True, "diangang_bao": True,
                    "jc_shape_multipliers": True, "bugang_only_on_draw": True, "allow_empty_ting": True,
                    "stacks_per_kong": 2, "minggang_units": 2, "angang_units": 3, "guo_hu": "restricted",
                    "multi_ron": "all"},
                   ["greedy", "selective_ting", "thirteen_orphans{min_distinct=7}", "random"], 17, 0, 400, 0),
}

JZ = {"variant": "jinzhong"}
JZ_CASES = {
    # name: (rules overrides, seats, seed, first_hand, n_hands, session_length)
    "jz_default": (JZ, GREEDY, 7, 0, 400, 0),
    "jz_far_hands": (JZ, GREEDY, 123456789, 10_000_000, 200, 0),
    "jz_mix": (JZ, ["random", "greedy{pong=always}", "selective_ting", "defensive"], 11, 0, 400, 0),
    "jz_sessions": (JZ, ["greedy", "early_ting", "greedy{pong=never}", "greedy"], 9, 32, 96, 16),
    "jz_no_point_limit": ({"variant": "jinzhong", "jz_point_limit": False}, GREEDY, 17, 0, 300, 0),
}

JH = {"variant": "jinhua"}
JH_FLAGS = {"variant": "jinhua", "jh_dealer": "rotate", "jh_dead_wall": "none", "jh_ron_on_caishen": True,
            "jh_wild_fifth_copy": False, "guo_hu": "restricted", "jh_baotou_haidi": 8, "jh_chengbao_scope": "zimo",
            "jh_kong_counts_tan": False, "jh_dealer_double": True, "jh_kong_money": True}
JH_CASES = {
    # name: (rules overrides, seats, seed, first_hand, n_hands, session_length)
    "jh_default": (JH, GREEDY, 7, 0, 400, 0),
    "jh_far_hands": (JH, GREEDY, 123456789, 10_000_000, 200, 0),
    "jh_mix": (JH, ["random", "greedy{pong=always}", "greedy{kong=false}", "random"], 11, 0, 400, 0),
    "jh_sessions": ({"variant": "jinhua", "jh_dealer": "winner"}, ["greedy", "greedy{pong=never}", "greedy", "random"],
                    9, 32, 96, 16),
    "jh_many_flags": (JH_FLAGS, GREEDY, 17, 0, 300, 0),
    "jh_baotou": (JH, ["baotou", "greedy", "baotou{min_live_tiles=20}", "random"], 19, 0, 300, 0),
}

# SHA-256 of each case's matrix, taken on the engine before the reshaping.
GOLDEN = {
    "count_model": "170174b1711ba781094b5a8c1815104297153ade73c467b1e911ea22982fc6ce",
    "default": "b756b4bb76ed46bd9976c8dd88d69990b92840c59eb58358da13418e0060a8d8",
    "default_far_hands": "7dd28aec64d1aae63cf0c1c26451e12b46a2f12f1e410cf53e8dfb1034841cc5",
    "many_flags": "bcfb2e95c9c88ccd8b4ed33aa4e69bc48b552bf85e5f7e3b9c12d573796ef6d2",
    "multi_ron_all": "1e3a6277d4d5c7b2d56619b3c6678f0bb0738877acd85dc5383cc561b0eb42b7",
    "random_mix": "007ee465ab9b30db532958ada2fb50fed16902dd05a070f37fcb506c18921237",
    "sessions": "738cb08c9e7461ce3a6fc18e2dd3d06ac0f98781191cc72e1408e9fec3b743e8",
    "thirteen_orphans": "bbc4a6c7ce9913ff8260638eb54fc3683eaf63113fcc7dc4dbe7bee0a8df711f",
}


# SHA-256 of each 晋中 case's matrix (golden columns + win_features + multiplier), before the 晋中 speed work.
JZ_GOLDEN = {
    "jz_default": "07adc97fb98c9bdd69ab6dea6fe741b6b06df503dccc8de6a185ab39cfa35ae7",
    "jz_far_hands": "e74c071e6482288b0b94bae0b3c27580a8d5e4d5ef7203ececbeffa9a8b5d98a",
    "jz_mix": "a90cc5f77861cffb80ddc081d749075506dc21576d82caf76e7a099d39f1356e",
    "jz_sessions": "5625cad1ee342b2052910e2d52c1d5cd516f40b12694e5f9c317bd0e2d66b41d",
    "jz_no_point_limit": "c34c3616c5391211639bf7d5145fcd2997c75abc22686c6898402e41d0319a27",
}


# SHA-256 of each 金华 case's whole matrix (JH_GOLDEN_COLUMNS), taken when s{k}_wilds_dealt was added.
JH_GOLDEN = {
    "jh_baotou": "7b5bb4c4acd877bb72eb1d801015cca85a1258ba0758d6ccde8267ba780c94b5",
    "jh_default": "72a4e91530ecfd41dc7be575f858fba24cdc798c88e82aacb894b9a0315b6860",
    "jh_far_hands": "3f73ae949b93771fc4840fc77b283ac221615ec08fad224063d3603ed2923717",
    "jh_many_flags": "28fca28222cae7edf9ce9bd01ed7bc0dcc730a3ed5c5095e68828085b205d31f",
    "jh_mix": "ee27089cb0be775db936690c8c87b8ea96401f4bb347fae70bf18820bbfb7cf5",
    "jh_sessions": "5f79758fcad958c42aace4285c4dc0e0ee4119ff0f6b814042a3789ebe442eaa",
}


# The hashes cover the matrix columns the golden engine had (hand and per-seat columns, in that order); columns
# added later after the seat block (win_features, multiplier: sim.core.codes XCOL_*) are checked by their own tests.
GOLDEN_COLUMNS = 14 + 4 * 9
JZ_GOLDEN_COLUMNS = GOLDEN_COLUMNS + 2  # and win_features, multiplier (XCOL_*), which 晋中 fills
JH_GOLDEN_COLUMNS = GOLDEN_COLUMNS + 13  # every extra column through s3_wilds_dealt, which 金华 fills


def matrix_hash(matrix: np.ndarray, columns: int = GOLDEN_COLUMNS) -> str:
    """Return the SHA-256 (hex) of the first ``columns`` columns of an int32 record matrix, C order, little-endian."""
    return hashlib.sha256(np.ascontiguousarray(matrix[:, :columns], dtype="<i4").tobytes()).hexdigest()


def play_case(name: str) -> np.ndarray:
    rules, seats, seed, first, n, session = {**CASES, **JZ_CASES, **JH_CASES}[name]
    return play_chunk(rules, seats, seed, first, n, session_length=session)


@pytest.mark.parametrize("name", sorted(CASES))
def test_record_matrix_matches_golden_hash(name):
    matrix = play_case(name)
    assert matrix.shape[0] == CASES[name][4]
    assert matrix_hash(matrix) == GOLDEN[name], f"case {name}: records differ from the golden engine"


@pytest.mark.parametrize("name", sorted(JZ_CASES))
def test_jinzhong_record_matrix_matches_golden_hash(name):
    matrix = play_case(name)
    assert matrix.shape[0] == JZ_CASES[name][4]
    assert matrix_hash(matrix, JZ_GOLDEN_COLUMNS) == JZ_GOLDEN[name], f"case {name}: records differ from the golden engine"


@pytest.mark.parametrize("name", sorted(JH_CASES))
def test_jinhua_record_matrix_matches_golden_hash(name):
    matrix = play_case(name)
    assert matrix.shape[0] == JH_CASES[name][4] and matrix.shape[1] >= JH_GOLDEN_COLUMNS
    assert matrix_hash(matrix, JH_GOLDEN_COLUMNS) == JH_GOLDEN[name], f"case {name}: records differ from the golden " \
                                                                       "engine"


if __name__ == "__main__":  # print the table to paste into GOLDEN (only when a rule fix changes records)
    for case in sorted(CASES):
        print(f'    "{case}": "{matrix_hash(play_case(case))}",')
    for case in sorted(JZ_CASES):
        print(f'    "{case}": "{matrix_hash(play_case(case), JZ_GOLDEN_COLUMNS)}",')
    for case in sorted(JH_CASES):
        print(f'    "{case}": "{matrix_hash(play_case(case), JH_GOLDEN_COLUMNS)}",')
