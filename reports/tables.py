"""Tables of summary rows for reports and the console: formatting and the headline selection."""
from __future__ import annotations

import math
import re

import polars as pl

from reports import console_table
from reports.number_text import fixed, missing  # noqa: F401  (public here too)
from reports.skill_words import statistic_meaning
from reports.strategy_words import NAMES as STRATEGY_NAMES
from reports.terms import say
from reports.tune_words import meaning as tune_meaning
from reports.win_labels import VARIANT_LABELS, kind_label

#: (study, statistic name, group or None for every group) shown in the headline table.
HEADLINE = (
    ("dealer_edge", "result_total", None),
    ("dealer_edge", "win_rate", "dealer"),
    ("dealer_edge", "tenure_hands", None),
    ("huangzhuang", "huang_rate", "all"),
    ("thirteen_orphans", "pays_from_k", None),
    ("thirteen_orphans", "completion_rate", "k=9, shi_qiang=on"),
    ("thirteen_orphans", "completion_rate", "k=9, shi_qiang=off"),
    ("early_ting", "diff_mean_result", None),
    ("variants", "huang_rate", None),
    ("variants", "dealer_result", None),
    ("shapes", "mean_multiplier", "all"),
    ("caishen", "baotou_gain", None),
    ("caishen", "chengbao_money_share", "all"),
    ("xuezhan", "winners_per_hand", "all"),
    ("xuezhan", "liuju_rate", "all"),
    ("xuezhan", "dingque_cost", None),
    ("tune", "reeval_dealer_result", "best=1"),
    ("tune", "reeval_huang_rate", "best=1"),
    ("tune", "reeval_met", "best=1"),
    ("skill", "skill_edge", None),
    ("tournament", "seat_result", None),
    ("tournament", "diff_seat_result", None),
    ("train", "regret", "held_out"),
    ("train", "greedy_regret", "held_out"),
    ("train", "random_regret", "held_out"),
    ("train", "learned_minus_greedy", "tournament"),
)

#: Short names of the headline's statistics (the full tables give the longer MEANINGS).
HEADLINE_LABELS = {
    "result_total": "每手输赢", "tenure_hands": "一任庄手数", "pays_from_k": "追十三幺从几种起划算",
    "diff_mean_result": "输赢差：等待 − 立即上架", "baotou_gain": "输赢差：等爆头 − 贪心",
    "chengbao_money_share": "承包钱占流动金额", "mean_multiplier": "胡牌平均倍数",
    "winners_per_hand": "每手胡牌人数", "liuju_rate": "流局率（无人胡）",
    "dingque_cost": "定缺代价：改缺一门 − 缺最少的一门",
    "diff_dealer_result": "庄家输赢变化", "diff_huang_rate": "荒庄率变化", "diff_zimo_share": "自摸比例变化",
    "diff_hand_draws": "摸牌数变化", "diff_volatility": "输赢标准差变化",
    "skill_edge": "技术优势：强手 − 贪心", "reeval_met": "复测是否满足全部约束",
    "seat_result": "每座每手输赢", "diff_seat_result": "每座每手输赢差",
    "regret": "学习型玩家的遗憾", "greedy_regret": "贪心的遗憾", "random_regret": "随机候选的遗憾",
    "learned_minus_greedy": "学习型 − 贪心",
}

#: Plain-Chinese meaning of each statistic name (the report's tables show it beside the name).
MEANINGS = {
    "agreement_rate": "学习型玩家选中老师最佳候选的比例", "greedy_agreement_rate": "贪心选中老师最佳候选的比例",
    "regret": "学习型玩家每个决策的遗憾（老师最佳候选的价值 − 所选候选的价值）",
    "greedy_regret": "贪心每个决策的遗憾", "random_regret": "随机候选每个决策的遗憾（期望）",
    "regret_vs_greedy": "遗憾差：学习型 − 贪心", "train_decisions": "训练决策数", "candidates": "候选总数",
    "label_seconds": "标注用时", "fit_seconds": "拟合用时",
    "learned_minus_greedy": "对局赛：一个学习型对三个贪心，减去四个贪心（每座每手，配对同一批牌墙）",
    "result_win": "胡牌输赢", "result_kong": "杠钱", "result_qianbao": "前包钱", "result_houbao": "后包钱",
    "result_total": "每手总输赢", "win_rate": "胡牌率", "tenure_hands": "一任庄的手数",
    "tenure_result": "一任庄的庄家总输赢", "keep_deal_rate": "连庄率（每手后留庄的比例）",
    "huang_rate": "荒庄率", "kong_share": "该开杠数的手占比", "huang_rate_sweep": "荒庄率（四家贪心）",
    "completion_rate": "十三幺做成率", "chase_minus_greedy": "追十三幺 − 贪心（配对）",
    "policy_value": "“k 种起就追”策略每手价值（全部手）", "pays_from_k": "从几种起追就划算（点估计）",
    "dealt_share": "起手恰好 k 种幺九/字的概率（组合精确计算）",
    "mean_result": "0 号位每手输赢", "dianpao_paid": "0 号位点炮付出", "ting_rate": "上架的手占比",
    "ting_turn": "上架时的轮次", "diff_mean_result": "输赢差：等待 − 立即上架",
    "diff_win_rate": "胡牌率差：等待 − 立即上架", "diff_dianpao_paid": "点炮付出差：等待 − 立即上架",
    "diff_ting_turn": "上架轮次差：等待 − 立即上架",
    "dealer_result": "庄家每手输赢", "zimo_share": "自摸占胡牌的比例", "hand_draws": "每手摸牌数",
    "volatility": "一家每手输赢的标准差", "diff_dealer_result": "庄家每手输赢变化（改后 − 基准，配对）",
    "diff_huang_rate": "荒庄率变化（改后 − 基准，配对）", "diff_zimo_share": "自摸比例变化（改后 − 基准，配对）",
    "diff_hand_draws": "每手摸牌数变化（改后 − 基准，配对）", "diff_volatility": "输赢标准差变化（改后 − 基准，配对）",
    "dealer_win_rate": "庄家胡牌率", "dianhu_share": "点炮胡占胡牌的比例", "qianggang_share": "抢杠胡占胡牌的比例",
    "mean_multiplier": "胡牌的平均倍数", "hand_rate": "以该牌型胡牌的手占全部手的比例",
    "win_share": "该牌型占胡牌的比例", "money_share": "该牌型胡牌的手占全部流动金额的比例",
    "extra_money_per_win": "该牌型胡牌的手比平均胡牌的手多流动的金额",
    "diff_win_rate_wilds": "0 号位胡牌率差：起手 k 张财神 − 0 张（不同的手，非配对）",
    "diff_mean_result_wilds": "0 号位每手输赢差：起手 k 张财神 − 0 张（不同的手，非配对）",
    "baotou_gain": "0 号位每手输赢差：等爆头 − 贪心（同一牌墙配对）", "baotou_rate": "0 号位以爆头胡牌的手占比",
    "arm_win_rate": "0 号位胡牌率（该臂）", "chengbao_rate": "发生承包的手占比",
    "chengbao_case_share": "承包的两种情形各占承包手的比例", "chengbao_payer_share": "包付方（庄/闲、相对胡家的位置）占包付次数的比例",
    "chengbao_money_share": "承包改变的钱占全部输赢绝对值之和的比例",
    # xuezhan (四川血战: "每手" counts every hand once, "每次胡牌" every win once, its interval over hands)
    "winners_per_hand": "每手胡牌人数（每手计一次）", "winners_share": "胡牌人数为该数的手占比（每手计一次）",
    "liuju_rate": "流局率：无人胡的手占比（每手计一次）",
    "hand_end_share": "一手结束的方式占比：三家胡牌或牌墙摸完（每手计一次）",
    "transfer_rate": "该项结算动了钱的手占比（每手计一次）",
    "transfer_money": "该项结算每手转移的钱（收款方所得之和，没有这项的手计 0）",
    "transfer_dealer": "庄家从该项结算每手净得的钱（每手计一次）",
    "win_zimo_share": "自摸占胡牌次数的比例（每次胡牌计一次，区间按手）",
    "win_mean_fan": "每次胡牌的番数（每次胡牌计一次，区间按手）",
    "value_share_by_fan": "该番数的胡牌占全部胡牌价值的比例（每次胡牌的价值都计入）",
    "fan_source_share": "该来源在每手第一次胡牌的番数里的占比（记录只保留第一次胡牌的特征）",
    "dingque_cost": "0 号位每手输赢差：定缺改缺中间或最多的一门 − 缺最少的一门（同一牌墙配对）",
    "arm_huazhu_rate": "0 号位在牌墙摸完时是花猪的手占比（每手计一次；胡了的座位不会是花猪）",
    # skill (groups: a level, or ``level − greedy`` for a paired difference to the greedy level)
    "skill_edge": "技术优势：强手比贪心每手多赢（同一牌墙，0 号位对 0 号位配对）", "deal_in_rate": "点炮胡率（点炮胡的手占全部手的比例）",
    "level_spec": "该水平的策略（分组里）和它四家桌的手数", "diff_deal_in_rate": "点炮胡率差（配对）",
    "diff_skill_edge": "技术优势变化（改后 − 基准，配对）", "rank_by": "排名表所按的统计量（分组里）",
    "diff_mean_multiplier": "胡牌平均倍数差（配对）",
    # tournament (per seat-hand: each seat a strategy holds counts once; pairs A − B paired by wall)
    "seat_result": "该策略每座每手输赢（各座次、各座位平均）", "seat_win_rate": "该策略的胡牌率（每座每手）",
    "seat_deal_in_rate": "该策略的点炮率（它打出或补杠的牌被胡）", "seat_zimo_share": "该策略的胡牌里自摸的比例",
    "seat_win_value": "该策略每次胡牌得到的钱", "seat_win_income": "该策略每座每手的胡牌收入",
    "seat_deal_in_loss": "该策略每座每手的点炮付出", "seat_other_money": "该策略每座每手的其余输赢（别家自摸、陪付、杠、包）",
    "seat_ting_rate": "该策略上架的座-手占比", "seat_ting_turn": "该策略的平均上架轮次",
    "diff_seat_result": "每座每手输赢差（逐墙配对）", "diff_seat_win_rate": "胡牌率差（逐墙配对）",
    "diff_seat_deal_in_rate": "点炮率差（逐墙配对）", "diff_seat_win_income": "胡牌收入差（逐墙配对）",
    "diff_seat_deal_in_loss": "点炮付出差（逐墙配对）", "diff_seat_other_money": "其余输赢差（逐墙配对）",
    "seatings": "每副牌墙打的座次数",
}


def meaning(name: str) -> str:
    """Return the plain-Chinese meaning of a statistic name ('' when none is registered)."""
    if name.startswith("needs "):
        return "这条规则不能单独改变：须同时满足 " + name.removeprefix("needs ")
    if name.startswith("refused"):
        return "规则不接受这个值（多为引擎尚未实现），未模拟"
    if name.startswith(("shape_", "feature_")):
        return kind_label(name.replace("_", ":", 1)) + "占胡牌的比例"
    return MEANINGS.get(name, "") or tune_meaning(name) or statistic_meaning(name)


UNITS = {"rate": "%", "share": "%", "turn": "轮", "tenure_hands": "手", "pays_from_k": "种", "multiplier": "倍",
         "winners_per_hand": "人", "mean_fan": "番",
         "draws": "张", "win_value": "底注/胡", "seatings": "种座次", "level_spec": "手",
         "feasible": "", "reeval_met": "",  # the tune study's yes/no rows (1 = yes): no unit
         "regret": "底注/决策", "regret_vs_greedy": "底注/决策"}  # the train study's held-out regret per decision
#: Unit of a rate difference (``diff_*_rate``): percentage points.
POINTS = "百分点"


def unit_of(name: str) -> str:
    """Return the display unit of a statistic: '%' for rates/shares, else 底注, 轮 (turns), 手 (hands), 种 (kinds
    of 幺九/字), 倍 (multiplier), 张 (draws per hand) or '' (a yes/no row)."""
    if name.endswith("_share") or name.endswith("_rate") or "_rate_" in name or name.startswith(("shape_", "feature_")):
        return "%"
    for key, unit in UNITS.items():
        if name.endswith(key):
            return unit
    return "底注"


#: Yes/no rows (1 = yes, 0 = no): shown as 是 / 否 (``feasible`` of one trial; the search's count is
#: ``feasible_trials``).
YES_NO = ("feasible", "reeval_met")
#: Units of the tune study's ``search`` facts (whole numbers; a seed has no unit).
SEARCH_UNITS = {"trials": "组", "pruned": "组", "failed": "组", "feasible_trials": "组", "feasible": "组",
                "queued": "组", "proposed": "组", "waiting": "组", "copied": "组", "space_size": "组",
                "hands": "手", "simulated_hands": "手", "reeval_hands": "手", "seed": "", "reeval_seed": "",
                "seconds": "秒"}


def yes_no(name: str, group: str, study: str = "tune") -> bool:
    """Return True for a yes/no row of the tune study (shown 是 / 否): a trial's ``feasible``, a setting's
    ``reeval_met``."""
    return study == "tune" and name in YES_NO and group != "search"


def _unit_key(name: str, group: str) -> str:
    """Return the statistic whose unit a row takes: a tune one-flag change (group ``one_flag <stat>``) is a paired
    difference of its statistic; any other row its own name."""
    return "diff_" + group.removeprefix("one_flag ") if group.startswith("one_flag ") else name


#: Units of the train study's ``data`` facts (experiments/study_train.py).
TRAIN_DATA_UNITS = {"hands": "手", "worlds": "个", "seed": "", "train_decisions": "个", "candidates": "个",
                    "label_seconds": "秒", "fit_seconds": "秒"}


def _counted(name: str, group: str, study: str = "tune") -> str | None:
    """Return the unit of a tune row that is a count, a number or a score rather than a statistic: a ``search``
    fact (SEARCH_UNITS), a best setting's trial number or a flag's importance (''); the train study's ``data``
    facts (TRAIN_DATA_UNITS); None for any other row."""
    if study == "train":
        return TRAIN_DATA_UNITS.get(name) if group == "data" else None
    if study != "tune":
        return None
    if group == "search":
        return SEARCH_UNITS.get(name, "")
    if name == "trial" or group.startswith("importance "):
        return ""
    return None


def row_unit(name: str, group: str, study: str = "tune") -> str:
    """Return the unit a table shows beside a summary row: ``unit_label``'s, with the tune study's counts, numbers,
    scores, yes/no rows and one-flag changes in their own units."""
    counted = _counted(name, group, study)
    if counted is not None:
        return counted
    if yes_no(name, group, study):
        return ""
    return unit_label(_unit_key(name, group))
#: Text of a cell whose statistic has no estimate (no hand in its group).
NO_DATA = "无数据"
#: Units whose values are whole numbers (printed without decimals).
INTEGER_UNITS = ("种",)


def _number(value, percent: bool, integer: bool = False, decimals: int | None = None) -> str:
    if missing(value):
        return "–"
    if integer and float(value).is_integer():
        return f"{int(value)}"
    places = decimals if decimals is not None else (2 if percent else 3)
    return fixed(100 * value if percent else value, f".{places}f")


#: What a statistic that is exactly 0 on every hand (estimate and interval) reads as: said, not shown as
#: ``0.000 [0.000, 0.000]``, which looks like missing data.
ALL_ZERO = "每手都是 0"


def all_zero(row: dict) -> bool:
    """Return True when a row's estimate and interval are all exactly 0 (every hand 0, or every paired difference)."""
    return row["estimate"] == 0 and row["ci_low"] == 0 and row["ci_high"] == 0


def readable_decimals(values, decimals: int) -> int:
    """Return the decimals that show ``values`` (display units) readably: ``decimals``, or more (up to 8) when they
    would print every non-zero value as 0 (0.00001 would read 0.000: 0.000010 does), so a tiny value never looks
    like a missing one."""
    shown = [abs(v) for v in values if v is not None and not (isinstance(v, float) and math.isnan(v)) and v != 0]
    if not shown or max(shown) >= 0.5 * 10 ** -decimals:
        return decimals
    return min(8, max(decimals, 1 - math.floor(math.log10(max(shown)))))


def hands_cell(n: int) -> str:
    """Return the n cell of a row that has an estimate: its hands, or "–" for a fact that no hand count stands
    behind (a count or a setting of the tune study, n 0), which would read as "no data" beside a number."""
    return f"{n:,}" if n else "–"


def display_rows(rows: pl.DataFrame) -> list[list[str]]:
    """Return summary rows as text cells: study, statistic, group, estimate, 95 % CI, unit, n.

    Rates in %, rate differences (``diff_*_rate``) in percentage points (百分点), money in 底注 with three
    decimals, whole-number statistics without decimals; a row without an estimate reads "无数据" (NO_DATA)."""
    cells = []
    for row in rows.iter_rows(named=True):
        key = _unit_key(row["name"], row["group"])
        unit = unit_of(key)
        pct = unit == "%" and not key.startswith("diff_")
        if key.startswith("diff_") and unit == "%":
            unit, pct = POINTS, True
        counted = _counted(row["name"], row["group"], row["study"])
        if counted is not None:
            unit, pct = counted, False
        if missing(row["estimate"]):
            cells.append([row["study"], row["name"], row["group"], NO_DATA, "–", unit, f"{row['n']:,}"])
            continue
        if yes_no(row["name"], row["group"], row["study"]):
            cells.append([row["study"], row["name"], row["group"], "是" if row["estimate"] > 0 else "否", "–", "",
                          hands_cell(row["n"])])
            continue
        integer = unit in INTEGER_UNITS or (counted is not None and counted != "")
        if not missing(row["ci_low"]) and all_zero(row):
            cells.append([row["study"], row["name"], row["group"], "0", ALL_ZERO, unit, f"{row['n']:,}"])
            continue
        scale = 100 if pct else 1
        shown = [scale * row[k] for k in ("estimate", "ci_low", "ci_high") if not missing(row.get(k))]
        places = readable_decimals(shown, 2 if pct else 3)
        ci = "–" if missing(row["ci_low"]) else \
            f"[{_number(row['ci_low'], pct, integer, places)}, {_number(row['ci_high'], pct, integer, places)}]"
        cells.append([row["study"], row["name"], row["group"], _number(row["estimate"], pct, integer, places), ci,
                      unit, hands_cell(row["n"])])
    return cells


#: Short Chinese name of each study (the headline table's first column).
STUDY_LABELS = {"dealer_edge": "庄家优势", "huangzhuang": "荒庄", "thirteen_orphans": "十三幺", "early_ting": "上架时机",
                "sensitivity": "规则敏感性", "variants": "变体对比", "shapes": "牌型", "caishen": "财神",
                "xuezhan": "血战到底", "skill": "技术水平", "tune": "规则调优", "tournament": "对局赛", "train": "训练学习型玩家"}
#: Chinese name of each experiment that is not one study (a one-study experiment is named as its study).
EXPERIMENT_LABELS = {"overview": "总览"}
POSITION_LABELS = {"dealer": "庄家", "xiajia": "下家", "duijia": "对家", "shangjia": "上家"}
#: Whole groups in words.
GROUP_WORDS = {
    **POSITION_LABELS, "all": "全部", "base": "基准规则", "early": "立即上架", "greedy": "贪心", "baotou": "等爆头",
    "xian": "闲家", "winner_xiajia": "胡家的下家", "winner_duijia": "胡家的对家", "winner_shangjia": "胡家的上家",
    "winner_took_3": "胡家吃碰付款方 3 摊", "payer_took_3": "付款方吃碰胡家 3 摊",
    **VARIANT_LABELS, **STRATEGY_NAMES,
    "target": "调优目标", "rotation": "轮转", "held_out": "留出的决策", "data": "训练数据", "strong": "强手", "one_strong": "一个强手对三个贪心",
    "one_greedy": "一个贪心对三个强手",
    "hujiao": "呼叫转移", "huazhu": "查花猪", "dajiao": "查大叫", "tuishui": "退税",
}
#: Groups that mean something else in one study: (study, group) -> words (the tune study's search facts).
STUDY_GROUP_WORDS = {("tune", "search"): "搜索概况", ("train", "tournament"): "对局赛"}
#: ``key=value`` parts of a group in words: key -> value -> words ("{v}" is the value).
GROUP_PARTS = {
    "kongs": "{v} 杠", "stacks": "荒牌 {v} 墩", "k": "k = {v}", "t": "等 {v} 个活张", "wilds": "起手 {v} 张财神",
    "session_length": "每局 {v} 手", "dead_wall": "留牌 {v} 张",
    "winners": "{v} 人胡牌", "order": "第 {v} 次胡牌", "fan": "{v} 番",
}
#: Groups of the tune study: prefix -> words ("{v}" is the rest: a rank, a trial number or a statistic).
TUNE_GROUPS = {"best=": "最优 {v}", "trial=": "第 {v} 组试验", "importance ": "重要性：{v}",
               "one_flag ": "单改一个规则：{v}"}
GROUP_VALUES = {
    "pong": {"always": "能碰就碰", "improves": "改善才碰", "never": "从不碰"},
    "shi_qiang": {"on": "有拾/抢", "off": "无拾/抢"},
    "point_limit": {"on": "有点数限制", "off": "无点数限制"},
    "end": {"three_won": "三家胡牌结束", "wall": "牌墙摸完结束"},
    "dingque": {"fewest": "缺最少的一门", "middle": "缺中间的一门", "most": "缺最多的一门"},
    "source": {"qidui": "七对", "pengpeng": "大对子", "qingyise": "清一色", "gangkai": "杠上开花", "haidi": "海底捞月",
               "qianggang": "抢杠胡", "other": "其他（根、金钩钓、杠上炮等）"},
}


def group_label(group: str, study: str | None = None) -> str:
    """Return a summary group in Chinese words: ``dealer`` -> 庄家, ``k=9, shi_qiang=on`` -> k = 9，有拾/抢,
    ``shape:qidui`` -> 七对. A sensitivity change ``flag=value`` (and anything unknown) stays as it is."""
    if (study, group) in STUDY_GROUP_WORDS:
        return STUDY_GROUP_WORDS[(study, group)]
    if group in GROUP_WORDS:
        return GROUP_WORDS[group]
    for prefix, words in TUNE_GROUPS.items():
        if group.startswith(prefix) and group[len(prefix):]:
            rest = group[len(prefix):]
            from reports.tune_words import STAT_WORDS

            return words.format(v=STAT_WORDS[rest][0] if rest in STAT_WORDS else rest)
    if " − " in group:  # a paired difference of two arms, e.g. a strategy spec minus greedy
        return " − ".join(group_label(side) for side in group.split(" − "))
    if "{" in group and group.split("{", 1)[0] in GROUP_WORDS:  # a strategy spec with its parameters
        name, _, params = group.partition("{")
        return f"{GROUP_WORDS[name]}（{params.rstrip('}')}）"
    if group.startswith(("shape:", "feature:")):
        return kind_label(group)
    words = []
    for part in group.split(", "):
        key, _, value = part.partition("=")
        if key in GROUP_PARTS and value:
            words.append(GROUP_PARTS[key].format(v=value.replace("−", " − ")))
        elif key in GROUP_VALUES and value in GROUP_VALUES[key]:
            words.append(GROUP_VALUES[key][value])
        else:
            return group
    return "，".join(words)


def headline_group(group: str) -> str:
    """Return a group as the headline says it: in words, a strategy's parameters left out (the full tables keep them)."""
    return re.sub(r"（[^（）]*=[^（）]*）", "", group_label(group))


def unit_label(name: str) -> str:
    """Return the unit of a statistic as an axis or table says it: 底注/手 for money per hand, else unit_of's."""
    unit = unit_of(name)
    if name.startswith("diff_") and unit == "%":
        return POINTS
    return {"底注": "底注/手" if not name.startswith("tenure_") else "底注/任", "张": "张/手", "人": "人/手",
            "番": "番/胡"}.get(unit, unit)


def study_label(study: str) -> str:
    """Return the short Chinese name of a study (its own name when it has none)."""
    return STUDY_LABELS.get(study, study)


def experiment_label(experiment: str) -> str:
    """Return the Chinese name of an experiment (``overview`` -> 总览, ``tune`` -> 规则调优), its own name when it
    has none."""
    return EXPERIMENT_LABELS.get(experiment) or STUDY_LABELS.get(experiment, experiment)


HEADER = ["研究", "统计量", "分组", "估计", "95% 区间", "单位", "n"]
#: Blank columns before each row of the console table (its study's name stands on the line above, unindented).
ROW_INDENT = 2


def trivial(row: dict) -> bool:
    """Return True for a headline row that says nothing: a mean multiplier of exactly 1 on every win (a variant
    without multipliers), or a paired difference of exactly 0 on every hand (two arms that played alike)."""
    exact = not row["se"] and not missing(row["se"])
    return exact and ((row["name"] == "mean_multiplier" and row["estimate"] == 1)
                      or (row["name"].startswith("diff_") and row["estimate"] == 0))


def _sensitivity_keys(summary: pl.DataFrame, top: int = 5) -> list[tuple[str, str, str]]:
    """Return (study, name, group) of the sensitivity study's headline rows: the ``top`` changes with the largest
    |change| / se, each with the statistic where that is largest."""
    rows = summary.filter((pl.col("study") == "sensitivity") & pl.col("name").str.starts_with("diff_")
                          & (pl.col("se") > 0))
    if rows.is_empty():
        return []
    scored = rows.with_columns((pl.col("estimate").abs() / pl.col("se")).alias("z")).sort(
        ["z", "group", "name"], descending=[True, False, False])
    best = scored.unique("group", keep="first", maintain_order=True).head(top)
    return [("sensitivity", r["name"], r["group"]) for r in best.iter_rows(named=True)]


def headline(summary: pl.DataFrame) -> pl.DataFrame:
    """Return the headline rows of a summary (see HEADLINE, then the sensitivity study's largest changes), in that
    order, without trivial rows (``trivial``)."""
    picked = []
    for study, name, group in HEADLINE + tuple(_sensitivity_keys(summary)):
        rows = summary.filter((pl.col("study") == study) & (pl.col("name") == name))
        if group is not None:
            rows = rows.filter(pl.col("group") == group)
        picked.append(rows)
    rows = pl.concat(picked) if picked else summary.head(0)
    keep = [not trivial(row) for row in rows.iter_rows(named=True)]
    return rows.filter(pl.Series(keep, dtype=pl.Boolean)) if rows.height else rows


def k_span(ks) -> str:
    """Return the studied dealt counts in words: 'k = 7–13' for a run of counts, 'k = 9、13' otherwise."""
    ks = sorted(set(ks))
    if len(ks) > 2 and ks == list(range(ks[0], ks[-1] + 1)):
        return f"k = {ks[0]}–{ks[-1]}"
    return "k = " + "、".join(map(str, ks))


def never_pays(summary: pl.DataFrame, row: dict) -> list[str] | None:
    """Return the cells of a ``pays_from_k`` row whose answer is "no k pays": the studied k and the hands behind
    them (the question was played and answered, so it is not NO_DATA); None for any other row."""
    if row["name"] != "pays_from_k" or not missing(row["estimate"]):
        return None
    setting = row["group"]
    gains = summary.filter((pl.col("study") == row["study"]) & (pl.col("name") == "chase_minus_greedy")
                           & pl.col("group").str.ends_with(setting))
    if gains.is_empty():
        return None
    span = k_span(int(g.split(",")[0].removeprefix("k=")) for g in gains["group"])
    return [f"从不划算（{span}）", "–", "", f"{int(gains['n'].sum()):,}"]


def headline_cells(summary: pl.DataFrame, skipped: dict[str, str] | None = None) -> list[list[str]]:
    """Return the headline table's rows in words (see HEADER): study, statistic and group in Chinese; a question
    answered "never" says so with the hands behind it; a study skipped under the run's rules (``skipped``:
    study -> reason) gets one row with its reason instead of numbers."""
    out = []
    rows = headline(summary)
    for row, cells in zip(rows.iter_rows(named=True), display_rows(rows)):
        answer = never_pays(summary, row)
        numbers = answer if answer is not None else [cells[3], cells[4], unit_label(row["name"])
                                                     if cells[3] != NO_DATA else cells[5], cells[6]]
        label = HEADLINE_LABELS.get(row["name"]) or meaning(row["name"]) or row["name"]
        out.append([study_label(row["study"]), label, headline_group(row["group"]), *numbers])
    for study, reason in (skipped or {}).items():
        out.append([study_label(study), "未运行", reason, "–", "–", "", "–"])
    return out


def text_table(rows: pl.DataFrame, skipped: dict[str, str] | None = None,
               width: int = console_table.TERMINAL_COLUMNS) -> str:
    """Return the headline of summary rows as plain text for the console, in the report's words (``terms.say``),
    at most ``width`` display columns wide (a CJK character takes two): each study's name on a line of its own,
    its rows below it in aligned columns (statistic, group, estimate, 95 % interval, unit, n); a cell too wide for
    its column wraps onto the next lines, nothing is cut. A study skipped under the run's rules (``skipped``:
    study -> reason) gets a line with its reason, wrapped at ``width``."""
    cells = [[say(cell) for cell in row] for row in headline_cells(rows)]
    header = HEADER[1:]
    widths = console_table.column_widths([header] + [row[1:] for row in cells], {0, 1, 2, 3}, width, ROW_INDENT)
    lines = console_table.fit_rows([header], widths, ROW_INDENT)
    study = None
    for row in cells:
        if row[0] != study:
            study = row[0]
            lines += console_table.wrap(study, width)
        lines += console_table.fit_rows([row[1:]], widths, ROW_INDENT)
    for name, reason in (skipped or {}).items():
        lines += console_table.wrap(say(f"{study_label(name)}：未运行——{reason}"), width)
    return "\n".join(lines)
