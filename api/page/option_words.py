"""The table page's words for the rule options under "More": each option's name and each of its
choices as a referee reads them, in English and 中文 (日本語 falls back to 中文), instead of the
bare keys of ``ruleset.options`` (``kong_from_upper``, ``head_bump``). The page keeps the key in
the document and shows it as the row's tooltip; a test checks every option and choice of every
rulebook has its words here (tests/test_browser_polish.py).

``OPTIONS``: option name -> (English, 中文); ``VALUES``: a choice -> (English, 中文), shared by
the variants; ``OWN``: per variant, an option or a choice whose words differ there (a Sichuan
``false_win``, simplified characters where the variant's rulebook writes them).
"""
from __future__ import annotations

OPTIONS: dict[str, tuple[str, str]] = {
    # tw16
    "multiple_winners": ("Several winners on one discard", "一炮多響"),
    "dead_wall": ("Dead wall", "留牌（牌尾）"),
    "single_wait": ("Single wait 獨聽 counts", "獨聽的認定"),
    "false_win_face": ("詐和 face tai", "詐和台數"),
    "lik_gu": ("嚦咕嚦咕 seven pairs + pung", "嚦咕嚦咕"),
    "river_bottom": ("河底撈魚 last discard", "河底撈魚"),
    "strict_kong_peek": ("Strict kong peek 看杠", "嚴格看杠"),
    "inner_unit": ("Inner side bet unit 內插", "內插單位"),
    "buqiu": ("不求人 with self-draw", "不求人與自摸"),
    "first_turn_wins": ("天和/地和 first turn", "天地和的認定"),
    "di_ting": ("地聽 after claims", "地聽的認定"),
    "kong_from_upper": ("Kong on the left player's discard", "可碰杠上家的牌"),
    # riichi
    "length": ("Game length", "對局長度"),
    "start_points": ("Start points", "起始點數"),
    "goal_points": ("Goal points", "返點"),
    "red_fives": ("Red fives", "赤寶牌"),
    "open_tanyao": ("Open tanyao (kuitan)", "食斷"),
    "kiriage": ("Round up to mangan (kiriage)", "切上滿貫"),
    "kazoe": ("Counted yakuman (kazoe)", "累計役滿"),
    "double_yakuman": ("Double yakuman", "雙倍役滿"),
    "multi_yakuman": ("Several yakuman add up", "役滿複合"),
    "renhou": ("Renhou", "人和"),
    "kan_dora": ("New kan dora shown", "槓寶牌翻開時機"),
    "tenpai_declaration": ("Tenpai at a draw", "流局聽牌宣告"),
    "riichi_min_points": ("Points needed to riichi", "立直所需點數"),
    "riichi_needs_draw": ("Riichi needs a draw left", "立直須有餘牌"),
    "multiple_ron": ("Several ron on one discard", "一炮多響"),
    "multi_ron_honba": ("Honba with several ron", "多家和的本場"),
    "pao": ("Pao (liability) yakuman", "包牌役滿"),
    "pao_scope": ("What pao covers", "包牌範圍"),
    "pao_ron_honba": ("Honba under pao on ron", "包牌榮和的本場"),
    "nagashi_mangan": ("Nagashi mangan", "流局滿貫"),
    "abortive_draws": ("Abortive draws", "途中流局"),
    "meld_priority": ("Call priority", "鳴牌優先"),
    "chankan_closed_kokushi": ("Kokushi robs a closed kan", "國士搶暗槓"),
    "chombo": ("Chombo penalty", "罰符（錯和）"),
    "chombo_with_win": ("Chombo beside a win", "錯和與和了並存"),
    "chombo_dealer": ("Dealer after chombo", "錯和後的莊家"),
    "chombo_honba": ("Honba after chombo", "錯和後的本場"),
    "false_win_unrevealed": ("False win, hand not shown", "未亮牌的錯和"),
    "wrong_count": ("Wrong tile count", "相公（多牌少牌）"),
    "empty_call": ("Empty call", "空鳴"),
    "wall_collapse": ("Wall knocked over", "弄倒牌山"),
    "bust": ("Game ends on a bust", "擊飛結束"),
    "all_last_win_stop": ("All last: leader's win ends", "最終局和了止"),
    "all_last_tenpai_stop": ("All last: leader's tenpai ends", "最終局聽牌止"),
    "extension": ("Extra rounds (West)", "延長戰"),
    # hk, guangdong
    "flowers": ("Flowers", "花牌"),
    "min_fan": ("Minimum 番 to win", "起糊番數"),
    "limit_fan": ("Limit 番", "封頂番數"),
    "bonus_counts_to_minimum": ("Flowers count to the minimum", "花番計入起糊"),
    "concealed_hand_with_flowers": ("門前清 with flowers", "有花門前清"),
    "small_four_winds": ("小四喜", "小四喜"),
    "fan_combination": ("番 combine", "番數合計方式"),
    "money_curve": ("Money per 番", "番錢（辣度）"),
    "payment": ("Discarder pays", "出銃者付款"),
    "rob_kong_payment": ("Robbing a kong: who pays", "搶杠的付款"),
    "dealer_rotation": ("Dealer passes on", "過莊"),
    "twelve_down": ("十二張落地 liability", "十二張落地包"),
    "twelve_down_repeat": ("十二張 liability repeated", "十二張包的次數"),
    "big_three_dragons_bao": ("大三元 liability", "大三元包"),
    "big_four_winds_bao": ("大四喜 liability", "大四喜包"),
    "four_kongs_bao": ("十八羅漢 liability", "十八羅漢包"),
    "kong_bloom_bao": ("杠上開花 liability", "杠上開花包"),
    "nine_down": ("九張落地 liability", "九張落地包"),
    "concealed_kong_on_table": ("Concealed kong counts as down", "暗杠計入落地"),
    "bao_on_discard": ("Liability on a discard win", "包牌時出銃"),
    "liability_combination": ("Two liabilities", "多重包牌"),
    "false_win": ("詐和 penalty", "詐和罰則"),
    "pass_rule": ("過水: how long", "過水的範圍"),
    "pass_violation": ("Win past 過水", "過水後食糊"),
    "rob_concealed_kong_13": ("十三么 robs a concealed kong", "十三么搶暗杠"),
    "special_floor": ("Special hands' floor", "特殊牌型保底"),
    "multi_win_floor": ("Floor with several winners", "多家食糊保底"),
    "rob_kong_self_draw_fan": ("搶杠 counts 自摸", "搶杠計自摸"),
    "discard_payment": ("Discarder pays", "出銃者付款"),
    # wuhan
    "pi_kong": ("皮子杠", "皮子杠"),
    "special_discard": ("Discarding 红中 or a 癞子", "打出红中或癞子"),
    "laizi_self_is_hard": ("癞子 as itself is 硬胡", "癞子还原算硬胡"),
    "max_wild_small": ("Most 癞子 in a 小胡", "小胡癞子上限"),
    "max_wild_big": ("Most 癞子 in a 大胡", "大胡癞子上限"),
    "must_open": ("Must open (开口) to win", "必须开口"),
    "pair_258": ("Pair of 2, 5 or 8", "二五八将"),
    "open_factor": ("开口 ×2", "开口翻"),
    "special_self_draw": ("大胡 自摸 ×2", "大胡自摸翻"),
    "cap": ("Cap 封顶", "封顶"),
    "cap_scale": ("Cap counted in", "封顶单位"),
    "jin_ding": ("金顶", "金顶"),
    "liable_cap": ("Liable cap 承包封顶", "承包封顶"),
    "liable_cap_mode": ("Liable cap applies", "承包封顶方式"),
    "third_feed_covers": ("Third feed 承包 covers", "三次喂牌承包"),
    "quanqiuren_bao": ("全求人 承包", "全求人承包"),
    # sichuan
    "cap_fan": ("Cap 番 封顶", "封顶番数"),
    "self_draw_bonus": ("自摸 bonus", "自摸加成"),
    "claimed_kong_bloom": ("杠上花 of a claimed kong", "点杠杠上花"),
    "kong_pay": ("Kong money 刮风下雨", "杠钱"),
    "claimed_kong_others": ("Claimed kong: the others pay", "点杠其他人付"),
    "added_kong_pays": ("面下杠 pays", "面下杠收钱"),
    "call_transfer": ("呼叫转移", "呼叫转移"),
    "kong_refund": ("退税 kong money back", "退税"),
    "pig_pay": ("花猪 pays", "查花猪赔付"),
    "big_call": ("查大叫 best call", "查大叫"),
    "checks_include_winners": ("Checks pay winners too", "查叫含已胡者"),
    "pass_pon_rule": ("过水 碰", "过水碰"),
    "void_declaration": ("定缺 declared", "定缺方式"),
    "heavenly_earthly": ("天胡/地胡", "天胡地胡"),
    "concealed_bonus": ("门清 +1 番", "门清加番"),
    "all_simples_bonus": ("断幺九 +1 番", "断幺九加番"),
    # shanghai
    "chi": ("Chi allowed", "可吃"),
    "dragons_as_flowers": ("中發白 are flowers", "中發白作花"),
    "knock_required": ("Knock 敲 to win", "须敲才能胡"),
    "flower_values": ("Flowers from melds", "明杠暗杠花数"),
    "base_flowers": ("Base flowers 底花", "底花"),
    "lezi": ("勒子 cap", "勒子"),
    "min_flowers_discard": ("Least flowers, discard win", "抓冲起胡花数"),
    "min_flowers_self_draw": ("Least flowers, self-draw", "自摸起胡花数"),
    "special_only": ("Only special hands win", "只胡特殊牌型"),
    "huang_fan": ("荒番", "荒番"),
    "huang_fan_factor": ("荒番 factor", "荒番倍数"),
    "bao_san_kou": ("包三口", "包三口"),
    "wild": ("百搭 wild tiles", "百搭"),
    "wild_rule": ("百搭 from the indicator", "百搭的认定"),
    "no_wild_discard_win": ("No discard win holding 百搭", "有百搭不能抓冲"),
}

VALUES: dict[str, tuple[str, str]] = {
    # shared
    "all": ("all win", "全部和"), "head_bump": ("head bump 截和", "截和"), "none": ("none", "無"),
    "discard": ("as a discard", "當出銃"), "dead_hand": ("dead hand 相公", "相公"), "false_win": ("false win 詐和", "詐和"),
    "void": ("win void", "和牌無效"), "fixed:K": ("fixed amount", "固定金額"), "off": ("off", "不用"),
    "self_draw": ("as self-draw", "算自摸"), "discarder": ("the discarder", "出銃者"), "feeder": ("the feeder", "餵牌者"),
    "precedence": ("one takes precedence", "依優先次序"), "share": ("share", "分擔"), "first_only": ("first only", "只第一次"),
    "each": ("each time", "每次"), "full": ("in full", "全付"), "half": ("half", "半付"),
    "kong_player_pays_all": ("the kong player pays all", "杠者包三家"), "dealer_win": ("unless the dealer wins", "莊家和才連莊"),
    "dealer_win_or_draw": ("unless the dealer wins or a draw", "莊家和或流局連莊"), "always": ("passes every hand", "每局過莊"),
    "winner_deals": ("the winner deals", "和者做莊"), "next_seat": ("to the next seat", "下家做莊"),
    "reverse_limit": ("pays the limit to each", "倒賠滿貫"), "each_limit_self_draw": ("as a limit self-draw", "按滿貫自摸賠"),
    "off_table:K": ("off the table, amount", "罰出桌外"),
    "all_waits_until_move": ("all waits, till his move", "所有聽牌至下次動作"),
    "same_tile_until_move": ("same tile, till his move", "同一張至下次動作"),
    # tw16
    "fixed16": ("16 tiles", "固定16張"), "plus_one_per_kong": ("+1 per kong", "每杠加一"),
    "kinds": ("by kinds waited", "依聽牌種類"), "shape": ("by shape", "依牌型"),
    "as_declared": ("as declared", "依宣告台數"), "standalone": ("its own tai, counted alone", "獨立計算"),
    "stake": ("the stake", "注碼"), "base": ("the base", "底"),
    "instead_of_zimo": ("instead of 自摸", "取代自摸"), "with_zimo": ("with 自摸", "加計自摸"),
    "declared": ("declared", "宣告為準"), "first_go_round": ("first go-round", "第一巡"),
    "claims_allowed": ("claims allowed", "可有吃碰"), "no_prior_claims": ("no claims before", "不得有吃碰"),
    # riichi
    "hanchan": ("hanchan", "半莊"), "tonpuu": ("tonpuu (East only)", "東風戰"),
    "yakuman": ("yakuman", "役滿"), "sanbaiman": ("sanbaiman", "三倍滿"), "mangan": ("mangan", "滿貫"),
    "tenhou": ("Tenhou's", "天鳳式"), "immediate": ("at once", "立即"),
    "auto": ("automatic", "自動判定"), "double": ("two ron, not three", "雙響（三家流局）"),
    "first_winner": ("first winner", "首位和者"), "each_winner": ("each winner", "每位和者"),
    "daisangen": ("daisangen", "大三元"), "daisuushi": ("daisuushi", "大四喜"), "suukantsu": ("suukantsu", "四槓子"),
    "whole": ("the whole hand", "全部"), "liable": ("the liable player", "包牌者"),
    "nine_terminals": ("nine terminals", "九種九牌"), "four_winds": ("four winds", "四風連打"),
    "four_kans": ("four kans", "四槓散了"), "four_riichi": ("four riichi", "四家立直"), "triple_ron": ("triple ron", "三家和"),
    "type": ("by call type", "依鳴牌種類"), "first_call": ("first call", "先鳴先得"),
    "table_mangan": ("mangan to the table", "滿貫罰符"), "final:N": ("off the final score", "終局扣點"),
    "both": ("both count", "兩者皆算"), "void_chombo": ("chombo void", "錯和作廢"),
    "keeps": ("keeps the deal", "連莊"), "passes": ("passes", "輪莊"),
    "unchanged": ("unchanged", "不變"), "plus_one": ("+1", "加一"),
    "chombo": ("chombo", "錯和"), "chombo_if_drawn": ("chombo if drawn", "已摸才錯和"),
    "deposit_1000": ("1000 deposit", "供託1000"),
    # hk, guangdong
    "keep14": ("keep 14", "留14張"), "composed": ("counted", "累計"),
    "sum": ("add up", "相加"), "highest": ("highest only", "取最高"),
    "half_spicy": ("half spicy 半辣", "半辣"), "spicy": ("spicy 辣辣", "辣辣上"),
    "split": ("split", "分擔"), "three_winners": ("three winners", "三家"), "any_multiple": ("any several", "多家即可"),
    "one_share": ("one share", "付一份"), "three_shares": ("three shares", "付三份"),
    # wuhan
    "chaotian": ("朝天", "朝天"), "single": ("single", "单张"), "counts_as_kong": ("counts as a kong", "算杠"),
    "plain": ("plain discard", "普通打牌"), "once": ("once", "一次"), "per_claim": ("per claim 口口翻", "每口翻"),
    "unit": ("units", "底分"), "hand_base": ("hand base", "牌底"),
    "per_share": ("per share", "每份"), "total": ("in total", "总额"), 
    "flush": ("flush", "清一色"), "flush_and_jiang": ("flush and 将一色", "清一色与将一色"),
    "on_258_tile": ("on a 2-5-8 tile", "二五八"), "not_ready": ("not ready", "未听牌"), "never": ("never", "不包"),
    "reverse_jin_ding": ("金顶 to each", "倒赔金顶"),
    # sichuan
    "add_base": ("+ base", "加底"), "add_fan": ("+1 番", "加番"),
    "claimed": ("直杠", "直杠"), "added": ("面下杠", "面下杠"), "concealed": ("暗杠", "暗杠"),
    "on_draw": ("on a drawn tile", "摸到才收"), "this_kong": ("this kong", "当次杠钱"), "all_kongs": ("all kongs", "全部杠钱"),
    "cap": ("the cap", "封顶"), "cap_each": ("the cap to each", "按封顶赔每家"),
    "until_draw_unless_higher": ("till his draw, unless higher", "摸牌前（番更高可胡）"),
    "until_draw": ("till his draw", "摸牌前"), "implicit": ("implicit", "默认"),
    # shanghai
    "kong_player_three": ("the kong player pays three", "杠者包三家"), "mutual": ("mutual", "互包"),
    "same_tile_rest_of_hand": ("same tile, rest of hand", "同张整局"), "until_own_draw": ("till his draw", "到自己摸牌"),
    "reverse_lezi": ("勒子 to each", "倒赔勒子"), "next": ("the next tile", "翻牌的下一张"), "same": ("the tile itself", "翻出的牌"),
    "wind_pong": ("wind pung", "风碰"), "wind_kong_exposed": ("wind kong, exposed", "风明杠"),
    "wind_kong_concealed": ("wind kong, concealed", "风暗杠"), "suit_kong_exposed": ("suit kong, exposed", "明杠"),
    "suit_kong_concealed": ("suit kong, concealed", "暗杠"),
}

#: a choice whose words depend on its option (``always``: the dealer passes every hand, or the
#: 面下杠 always pays)
BY_OPTION: dict[tuple[str, str], tuple[str, str]] = {
    ("added_kong_pays", "always"): ("always", "总是收"),
    ("liable_cap_mode", "normal"): ("the usual caps only", "只按一般封顶"),
    ("small_four_winds", "limit"): ("a limit hand", "滿貫"),
    ("false_win_face", "fixed:K"): ("a fixed face of K tai", "固定台數"),
}

#: per variant, the words that differ there (simplified characters, the variant's own terms)
OWN: dict[str, dict[str, tuple[str, str]]] = {
    "hk": {"false_win": ("詐糊 penalty", "詐糊罰則"), "head_bump": ("head bump 截糊", "截糊"),
           "false_win@value": ("false win 詐糊", "詐糊"), "pass_violation": ("Win past 過水", "過水後食糊")},
    "riichi": {"head_bump": ("head bump (atamahane)", "頭跳"), "all": ("every ron wins", "全員和了")},
    "guangdong": {"false_win": ("诈胡 penalty", "诈胡罚则"), "pass_rule": ("过水: how long", "过水的范围"),
                  "pass_violation": ("Win past 过水", "过水后食胡"), "multiple_winners": ("Several winners on one discard", "一炮多响"),
                  "head_bump": ("head bump 截胡", "截胡")},
    "wuhan": {"false_win": ("诈胡 penalty", "诈胡罚则"), "pass_rule": ("过水: how long", "过水的范围"),
              "pass_violation": ("Win past 过水", "过水后胡牌"), "dealer_rotation": ("Next dealer", "庄家轮换"),
              "false_win@value": ("false win 诈胡", "诈胡")},
    "sichuan": {"false_win": ("诈胡 penalty", "诈胡罚则"), "pass_rule": ("过水: how long", "过水的范围"),
                "pass_violation": ("Win past 过水", "过水后胡牌"), "multiple_winners": ("Several winners on one discard", "一炮多响"),
                "false_win@value": ("false win 诈胡", "诈胡"), "discard": ("as 点炮", "算点炮"), "self_draw": ("as 自摸", "算自摸"),
                "head_bump": ("head bump 截胡", "截胡")},
    "shanghai": {"false_win": ("诈胡 penalty", "诈胡罚则"), "pass_rule": ("漏胡: how long", "漏胡的范围"),
                 "pass_violation": ("Win past 漏胡", "漏胡后胡牌"), "multiple_winners": ("Several winners on one discard", "一炮多响"),
                 "rob_kong_payment": ("Robbing a kong: who pays", "抢杠的付款"), "false_win@value": ("false win 诈胡", "诈胡"),
                 "discard": ("as 抓冲", "算抓冲"), "head_bump": ("head bump 截胡", "截胡")},
}


def page_words() -> dict:
    """What the page is given, once for every variant: ``options``, ``values``, ``by_option``
    (keyed ``name=value``) and ``own``. The page reads an option's words as ``own[variant][name]``
    else ``options[name]``, and a choice's as ``by_option["name=value"]``, else
    ``own[variant]["value@value"]``, else ``own[variant][value]`` (unless an option is spelt like
    it), else ``values[value]`` (table-doc.js, optionWord)."""
    return {"options": OPTIONS, "values": VALUES, "own": OWN,
            "by_option": {f"{name}={value}": words for (name, value), words in BY_OPTION.items()}}


def word_of(variant: str, name: str, value: str | None = None) -> tuple[str, str] | None:
    """The words the page shows for option ``name`` (or its choice ``value``) under ``variant``:
    the same reading as the page's, for the tests."""
    own = OWN.get(variant, {})
    if value is None:
        return own.get(name) or OPTIONS.get(name)
    return (BY_OPTION.get((name, value)) or own.get(value + "@value")
            or (None if value in OPTIONS else own.get(value)) or VALUES.get(value))


def choices_of(spec: dict) -> list[str]:
    """The choices of an option that are words (not "integer", "null", "object"), and the keys of
    an object option's default (sichuan's kong_pay, shanghai's flower_values)."""
    choices = spec["values"] if isinstance(spec["values"], list) else []
    keys = list(spec["default"]) if isinstance(spec["default"], dict) else []
    return [v for v in [*choices, *keys] if isinstance(v, str) and v not in ("integer", "null", "object")]
