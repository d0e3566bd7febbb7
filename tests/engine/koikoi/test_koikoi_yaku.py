"""koikoi.md §2.4 (yaku and values), test vectors §6.1-§6.4, E8, E15, Q7 and the scoring
variants V1, V2, V3, V6, V8."""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.koikoi.cards import ANIMALS, DECK, MONTHS, PLAINS, SAKE_CUP, Card, cards_in, indices
from engine.koikoi.model import Yaku
from engine.koikoi.rules import GROUPED, NINTENDO, Rules, SakeCup, ValueTable, ViewingCancel
from engine.koikoi.yaku import Scorer
from tests.engine.koikoi.koikoi_scenarios import pile

CARDAVIA = Scorer(Rules())


def scored(text: str, rules: Rules | None = None, month: int = 1) -> dict[Yaku, int]:
    scorer = CARDAVIA if rules is None else Scorer(rules)
    return dict(scorer.scored(pile(text), month))


def total(text: str, rules: Rules | None = None, month: int = 1) -> int:
    return sum(scored(text, rules, month).values())


FIVE_BRIGHTS = "jan-crane mar-curtain aug-moon nov-rain-man dec-phoenix"
SIX_RIBBONS = "jan-poetry feb-poetry mar-poetry jun-blue sep-blue oct-blue"
NINE_PLAINS = (
    "jan-plain-1 jan-plain-2 feb-plain-1 feb-plain-2 mar-plain-1 mar-plain-2 "
    "apr-plain-1 apr-plain-2 may-plain-1"
)


def test_vector1_bright_ladder() -> None:
    assert scored("jan-crane mar-curtain aug-moon") == {Yaku.SANKO: 6}
    assert scored("jan-crane mar-curtain aug-moon nov-rain-man") == {Yaku.AME_SHIKO: 8}
    assert scored("jan-crane mar-curtain nov-rain-man") == {}
    assert scored("jan-crane mar-curtain aug-moon dec-phoenix") == {Yaku.SHIKO: 10}
    assert scored(FIVE_BRIGHTS) == {Yaku.GOKO: 15}


def test_E15_rain_man_spoils_three_brights_until_a_fourth() -> None:
    assert total("jan-crane nov-rain-man dec-phoenix") == 0
    assert scored("jan-crane nov-rain-man dec-phoenix aug-moon") == {Yaku.AME_SHIKO: 8}


def test_vector2_Q7_ino_shika_cho_and_tane_add_up() -> None:
    isc = "jun-butterflies jul-boar oct-deer"
    assert scored(isc) == {Yaku.INO_SHIKA_CHO: 5}
    assert scored(f"{isc} feb-warbler apr-cuckoo") == {Yaku.INO_SHIKA_CHO: 5, Yaku.TANE: 1}
    with_cup = f"{isc} feb-warbler apr-cuckoo sep-sake-cup"
    assert scored(with_cup) == {Yaku.INO_SHIKA_CHO: 5, Yaku.TANE: 2}
    assert (pile(with_cup) & CARDAVIA.plains).bit_count() == 1  # the cup is a plain as well


def test_vector3_Q7_akatan_aotan_and_tanzaku_add_up() -> None:
    assert scored(SIX_RIBBONS) == {Yaku.AKATAN: 6, Yaku.AOTAN: 6, Yaku.TANZAKU: 2}
    assert total(SIX_RIBBONS) == 14


def test_vector4_sake_cup_counts_as_plain_and_animal() -> None:
    assert scored(f"{NINE_PLAINS} sep-sake-cup") == {Yaku.KASU: 1}
    assert (pile("sep-sake-cup") & CARDAVIA.animals).bit_count() == 1


def test_E8_sake_cup_raises_tane_and_kasu_at_once() -> None:
    four_animals = "feb-warbler apr-cuckoo may-bridge aug-geese"
    before = f"{four_animals} {NINE_PLAINS}"
    assert total(before) == 0
    assert scored(f"{before} sep-sake-cup") == {Yaku.TANE: 1, Yaku.KASU: 1}


def test_sec2_4_flat_yaku_values() -> None:
    assert scored("jan-poetry feb-poetry mar-poetry") == {Yaku.AKATAN: 6}
    assert scored("jun-blue sep-blue oct-blue") == {Yaku.AOTAN: 6}
    assert scored("jun-butterflies jul-boar oct-deer") == {Yaku.INO_SHIKA_CHO: 5}


def test_sec2_4_counting_yaku_one_plus_extras() -> None:
    animals = list(indices(ANIMALS & ~SAKE_CUP))
    for count in range(4, 9):
        chosen = sum(1 << card for card in animals[:count])
        expected = {} if count < 5 else {Yaku.TANE: count - 4}
        assert {y: p for y, p in CARDAVIA.scored(chosen, 1) if y is Yaku.TANE} == expected
    four_ribbons = "apr-ribbon may-ribbon jul-ribbon nov-ribbon"
    assert scored(four_ribbons) == {}
    assert scored(f"{four_ribbons} jun-blue") == {Yaku.TANZAKU: 1}
    assert scored(NINE_PLAINS) == {}
    assert scored(f"{NINE_PLAINS} may-plain-2 jun-plain-1") == {Yaku.KASU: 2}


def test_sec2_4_maximum_kasu_is_16() -> None:
    assert dict(CARDAVIA.scored(PLAINS | SAKE_CUP, 1)) == {Yaku.KASU: 16}


@settings(max_examples=150, deadline=None)
@given(
    cards=st.lists(st.integers(0, 47), unique=True, max_size=30),
    table=st.sampled_from([Rules().values, GROUPED, NINTENDO]),
    sake=st.sampled_from(list(SakeCup)),
    extras=st.booleans(),
)
def test_sec2_4_total_never_decreases_as_cards_are_added(
    cards: list[int], table: ValueTable, sake: SakeCup, extras: bool
) -> None:
    """K1's "higher total" needs monotone scoring (with every value variant but V3)."""
    viewing, tsuki = (5, 4) if extras else (0, 0)
    rules = Rules(values=table, sake_cup=sake, viewing_sake_points=viewing, tsuki_fuda_points=tsuki)
    scorer, held, last = Scorer(rules), 0, 0
    for card in cards:
        held |= 1 << card
        now = scorer.total(held, 3)
        assert now >= last
        last = now


def test_V1_grouped_brights() -> None:
    grouped, nintendo = Rules(values=GROUPED), Rules(values=NINTENDO)
    three, rainy_four = (
        "jan-crane mar-curtain aug-moon",
        "jan-crane mar-curtain aug-moon nov-rain-man",
    )
    dry_four = "jan-crane mar-curtain aug-moon dec-phoenix"
    assert [total(t, grouped) for t in (three, rainy_four, dry_four, FIVE_BRIGHTS)] == [6, 7, 8, 15]
    assert [total(t, nintendo) for t in (three, rainy_four, dry_four, FIVE_BRIGHTS)] == [
        5,
        7,
        8,
        10,
    ]


def test_V1_grouped_ino_shika_cho_takes_extra_animals_instead_of_tane() -> None:
    grouped = Rules(values=GROUPED)
    isc = "jun-butterflies jul-boar oct-deer"
    assert scored(isc, grouped) == {Yaku.INO_SHIKA_CHO: 5}
    assert scored(f"{isc} feb-warbler apr-cuckoo", grouped) == {Yaku.INO_SHIKA_CHO: 7}
    assert scored("feb-warbler apr-cuckoo may-bridge aug-geese nov-swallow", grouped) == {
        Yaku.TANE: 1
    }


def test_V1_grouped_ribbon_sets_take_extra_ribbons_instead_of_tanzaku() -> None:
    grouped = Rules(values=GROUPED)
    assert scored("jan-poetry feb-poetry mar-poetry", grouped) == {Yaku.AKATAN: 5}
    assert scored("jan-poetry feb-poetry mar-poetry apr-ribbon", grouped) == {Yaku.AKATAN: 6}
    assert scored("jun-blue sep-blue oct-blue may-ribbon jul-ribbon", grouped) == {Yaku.AOTAN: 7}
    assert scored(SIX_RIBBONS, grouped) == {Yaku.AKATAN_AOTAN: 10}
    assert scored(f"{SIX_RIBBONS} nov-ribbon", grouped) == {Yaku.AKATAN_AOTAN: 11}
    assert scored("apr-ribbon may-ribbon jul-ribbon nov-ribbon jun-blue", grouped) == {
        Yaku.TANZAKU: 1
    }


def test_V2_viewing_sake_yaku_stack_with_everything() -> None:
    assert total("mar-curtain sep-sake-cup") == 0  # not Cardavia yaku
    for points in (3, 5):
        rules = Rules(viewing_sake_points=points)
        assert scored("mar-curtain sep-sake-cup", rules) == {Yaku.HANAMI_ZAKE: points}
        assert scored("aug-moon sep-sake-cup", rules) == {Yaku.TSUKIMI_ZAKE: points}
        both = scored("jan-crane mar-curtain aug-moon sep-sake-cup", rules)
        assert both == {Yaku.SANKO: 6, Yaku.HANAMI_ZAKE: points, Yaku.TSUKIMI_ZAKE: points}


def test_V3_rain_voids_both_viewing_yaku() -> None:
    rules = Rules(viewing_sake_points=5, viewing_cancel=ViewingCancel.RAIN)
    assert total("mar-curtain aug-moon sep-sake-cup", rules) == 10
    assert scored("mar-curtain aug-moon sep-sake-cup nov-rain-man", rules) == {}
    assert total("mar-curtain aug-moon sep-sake-cup dec-plain-1", rules) == 10


def test_V3_rain_voids_flower_viewing_fog_voids_moon_viewing() -> None:
    rules = Rules(viewing_sake_points=5, viewing_cancel=ViewingCancel.RAIN_FOG)
    with_rain = scored("mar-curtain aug-moon sep-sake-cup nov-rain-man", rules)
    assert with_rain == {Yaku.TSUKIMI_ZAKE: 5}
    with_fog = scored("mar-curtain aug-moon sep-sake-cup dec-plain-1", rules)
    assert with_fog == {Yaku.HANAMI_ZAKE: 5}


def test_V6_tsuki_fuda_is_the_deal_months_four_cards() -> None:
    rules = Rules(tsuki_fuda_points=4)
    march = "mar-curtain mar-poetry mar-plain-1 mar-plain-2"
    assert scored(march, rules, month=3) == {Yaku.TSUKI_FUDA: 4}
    assert scored(march, rules, month=4) == {}
    assert scored(march, month=3) == {}  # off under Cardavia
    assert all(Scorer(rules).total(MONTHS[m - 1], m) >= 4 for m in range(1, 13))


def test_V8_sake_cup_counting() -> None:
    cup_and_plains = f"{NINE_PLAINS} sep-sake-cup feb-warbler apr-cuckoo may-bridge aug-geese"
    assert scored(cup_and_plains) == {Yaku.TANE: 1, Yaku.KASU: 1}
    assert scored(cup_and_plains, Rules(sake_cup=SakeCup.ANIMAL)) == {Yaku.TANE: 1}
    assert scored(cup_and_plains, Rules(sake_cup=SakeCup.PLAIN)) == {Yaku.KASU: 1}


def test_sec2_4_every_card_scores_at_most_the_whole_deck() -> None:
    assert dict(CARDAVIA.scored(DECK, 1)) == {
        Yaku.GOKO: 15,
        Yaku.INO_SHIKA_CHO: 5,
        Yaku.TANE: 5,
        Yaku.AKATAN: 6,
        Yaku.AOTAN: 6,
        Yaku.TANZAKU: 6,
        Yaku.KASU: 16,
    }


def progress(text: str, rules: Rules | None = None, month: int = 1) -> dict[Yaku, tuple[int, int]]:
    scorer = CARDAVIA if rules is None else Scorer(rules)
    return {p.yaku: (p.have, p.need) for p in scorer.progress(pile(text), month)}


def test_progress_counts_the_sake_cup_as_the_rules_say() -> None:
    cup = f"sep-sake-cup {NINE_PLAINS[:-12]} jul-boar oct-deer"  # 8 plains, 2 animals
    assert progress(cup) == {
        Yaku.TANE: (3, 5),
        Yaku.KASU: (9, 10),
        Yaku.INO_SHIKA_CHO: (2, 3),
    }
    assert progress(cup, Rules(sake_cup=SakeCup.ANIMAL))[Yaku.KASU] == (8, 10)
    assert Yaku.TANE not in progress(cup, Rules(sake_cup=SakeCup.PLAIN))  # 2 of 5: too few


def test_progress_towards_brights_leaves_out_the_rain_man_where_he_cannot_count() -> None:
    """Issue 20: `brights 2: nov-rain-man dec-phoenix` showed `towards: sankō 2/3`, but the
    Rain Man spoils sankō (E15): with him the next bright yaku is ame-shikō."""
    assert progress("nov-rain-man dec-phoenix") == {Yaku.AME_SHIKO: (2, 4)}
    assert progress("nov-rain-man dec-phoenix jan-crane") == {Yaku.AME_SHIKO: (3, 4)}
    four = "nov-rain-man dec-phoenix jan-crane mar-curtain"  # ame-shikō is made
    assert progress(four) == {Yaku.GOKO: (4, 5)}
    assert progress("jan-crane dec-phoenix") == {Yaku.SANKO: (2, 3)}


def test_pile_groups_hold_what_each_yaku_counts() -> None:
    """Issue 20: `plains 6` beside `kasu 7/10`: the sake cup counts as a plain (V8 `both`) but
    was listed with the animals only. The groups list it where the rules count it."""
    cup = pile(f"sep-sake-cup {NINE_PLAINS[:-12]} jul-boar")
    for rules, animal, plain in (
        (Rules(), True, True),
        (Rules(sake_cup=SakeCup.ANIMAL), True, False),
        (Rules(sake_cup=SakeCup.PLAIN), False, True),
    ):
        scorer = Scorer(rules)
        groups = scorer.groups(cup)
        assert (Card.SEP_SAKE_CUP in groups.animals, Card.SEP_SAKE_CUP in groups.plains) == (
            animal,
            plain,
        )
        counted = {p.yaku: p.have for p in scorer.progress(cup, 1)}
        assert counted[Yaku.KASU] == len(groups.plains)
        assert counted.get(Yaku.TANE, len(groups.animals)) == len(groups.animals)


def test_progress_leaves_out_made_yaku_and_those_less_than_half_way() -> None:
    assert progress("") == {}
    assert progress("jan-poetry feb-poetry mar-poetry jun-blue") == {Yaku.TANZAKU: (4, 5)}
    assert progress("jan-poetry feb-poetry jun-blue sep-blue")[Yaku.AOTAN] == (2, 3)
    assert progress("jan-crane mar-curtain aug-moon")[Yaku.GOKO] == (3, 5)  # sankō is made
    assert Yaku.SANKO not in progress("jan-crane mar-curtain aug-moon")


@settings(max_examples=60, deadline=None)
@given(
    cards=st.lists(st.integers(0, 47), unique=True, max_size=30),
    month=st.integers(1, 12),
    called=st.booleans(),
)
def test_a_pile_as_shown_is_its_cards_yaku_progress_and_groups_and_is_remembered(
    cards: list[int], month: int, called: bool
) -> None:
    """`Scorer.shown`, what every view of a pile holds, is exactly what the scorer says of the
    pile, built once and handed out again (the views of a match share it)."""
    rules = Rules(viewing_sake_points=5, tsuki_fuda_points=4)
    scorer, held = Scorer(rules), 0
    for card in cards:
        held |= 1 << card
    shown = scorer.shown(held, month, called)
    assert shown == (
        cards_in(held),
        scorer.yaku(held, month, called),
        scorer.progress(held, month),
        scorer.groups(held),
    )
    # Remembered: the very parts again (the compiled build boxes the outer tuple anew).
    again = scorer.shown(held, month, called)
    assert all(part is kept for part, kept in zip(again, shown, strict=True))
    assert scorer.shown(held, month, not called)[1] == scorer.yaku(held, month, not called)
