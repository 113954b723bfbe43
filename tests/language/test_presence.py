"""Who came along: the party members a message places at the visit (language/presence.py), and the
companions concept that records them."""

import pytest

from museum_tui.extraction.rules import RuleExtractor
from museum_tui.language.folding import fold
from museum_tui.language.presence import present


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # a list that starts with "me"
        ("Me, my partner and the baby in the pram", ["partner", "baby"]),
        ("there's 4 of us, me, hubby n 2 teens", ["husband", "2 teenagers"]),
        ("we're both vegetarian, me and my fiancé", ["fiancé"]),
        # with whom, plurals and ages included
        ("Visiting with my two teenagers, they'd rather be anywhere else", ["two teenagers"]),
        ("I'm here w/ my 2 year old, need baby change asap", ["2 year old"]),
        ("with my partner and our 6 month old", ["partner", "6 month old"]),
        # the member says it: with me, came with us, coming too, dragged me here
        ("my friend Leah's with me, she's deaf in one ear", ["friend leah"]),
        ("My grandson (7) is with me today, bit of a handful lol", ["grandson"]),
        ("Our friend Marta came with us, she only speaks Spanish", ["friend marta"]),
        ("yes, and my mum's coming too", ["mum"]),
        ("so bored lol the kids dragged me here", ["kids"]),
        ("my autistic daughter and I are here for the morning", ["autistic daughter"]),
        # had, brought or pushed today, and a pronoun for the member named before
        ("I've got my nephew today, he's vegan", ["nephew"]),
        ("we have the baby in a pram, can we get into the great hall", ["baby"]),
        ("yes please, I'm pushing my dad in his chair", ["dad"]),
        ("my mum has dementia and gets upset when it's noisy. she's with us today", ["mum"]),
        ("I'm Priya and this is my partner Sam", ["partner sam"]),
        ("I'm here as a carer for Jamal, he's blind", ["jamal"]),
        # round 28's garden set
        ("my friend here uses a white cane", ["friend"]),
        ("Took my dad out for his 70th, he's mad about cacti", ["dad"]),
        ("we've got the grandchildren, where's best for them to run about?", ["grandchildren"]),
        ("my mate only eats halal, he's just parking the car", ["mate"]),
        ("I'm here as a carer for my client, he uses a power chair", ["client"]),
        ("the bf and his little sister", ["boyfriend", "little sister"]),
        ("Me plus three under-fives. Pray for me 😅", ["three under-fives"]),
        ("with my hen party, 12 of us 🥂", ["hen party"]),  # a group
    ],
)
def test_the_members_a_message_places_at_the_visit(message, expected):
    assert present(fold(message), message) == expected


@pytest.mark.parametrize(
    "message",
    [
        "My sister's coming next week and she's coeliac",  # another visit
        "So I came here last year with my sister and loved it",
        "Our friend who's coming later is blind.",  # not here yet
        "My brother back in Lagos is deaf",  # away
        "I have a son who is autistic",  # had, not brought
        "I said I'd meet my friend at the café",  # to meet, not with
        "I struggle with my mum's stairs at home",  # "with" that is not "together"
        "I came alone, not with my kids",
        "if I brought my mum would she need a ticket?",  # a what-if
        "what if I come with my kids, is there a discount?",
        "photography student here, the Calloway show looks amazing",  # who the visitor is
        "my son is allergic to nuts",  # a member's need says nothing of who came
        "the kids have nut allergies, any snacks they can have?",  # (the tuning sets' writers agree)
        "my mum lives here",
        "I'm here for my birthday party",  # a group only with whom one came
    ],
)
def test_no_one_is_placed_at_the_visit_by_another_time_place_or_sense(message):
    assert present(fold(message), message) == []


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # "we're all here": every member the message names as "my" or "our" one
        ("my dad is diabetic and my aunt uses a stick - we're all here till 4", ["dad", "aunt"]),
        ("our daughter can't do dairy, we have both come up for the weekend", ["daughter"]),
        ("my gran is partially sighted, all three of us are here today", ["gran"]),
        ("my husband is hard of hearing, we're all here except him today", []),
        ("my husband is hard of hearing", []),
        ("my sister is deaf and couldn't make it, we're all here though", []),  # away
        ("last summer we were all here together with my dad", []),  # another visit
        # a carer, a guide or a support worker of someone, said the other way round
        ("I'm here as my uncle's carer, he has MS", ["uncle"]),
        ("I'm Tomas's support worker, he is blind", ["tomas"]),
        ("My friend Bea is deaf and I'm taking her round today", ["friend bea"]),
        ("My dad has Parkinson's. I'm his son and carer.", ["dad"]),
        # "my partner Jo and I …": the member beside the visitor as one subject, a name between
        ("my partner Jo and I are huge Turner fans", ["partner jo"]),
        ("my brother and I have till 3", ["brother"]),
        ("I'm a student and I want to see the Hepworths", []),  # who the visitor is
        ("my sister and I went to Paris last year", []),
    ],
)
def test_a_party_said_to_be_here_together_or_in_the_visitors_care(message, expected):
    assert present(fold(message), message) == expected


def test_a_list_of_members_stops_where_a_new_clause_names_one():
    """ "with my two grandkids, the little one's allergic to sesame": the grandkids came; the little one is
    whose allergy it is, not another companion."""
    assert present(fold("Here with my two grandkids, the little one's allergic to sesame"), "") == ["two grandkids"]


def test_the_companions_concept_records_them_said_plainly_beside_a_members_need(museum_ontology):
    facts = RuleExtractor(museum_ontology).extract("me n my bf, he's lactose intolerant so no dairy for him lol")
    kept = {(f.concept, f.value, f.about) for f in facts}
    assert ("VisitPlan.Companions", "boyfriend", "self") in kept
    assert ("VisitPlan.Companions", "bf", "self") not in kept  # the lexicon's own reading is said plainly too
    assert all(f.about in ("self", "boyfriend") for f in facts)
    facts = RuleExtractor(museum_ontology).extract("Me, my partner and the baby in the pram")
    assert {f.value for f in facts if f.concept == "VisitPlan.Companions"} == {"partner", "baby"}


def test_who_is_here_after_a_greeting_or_here_too() -> None:
    """Round 32: "hiya! me and my two little ones …" (the greeting hid "me and"), "Grandpa's here too, he's
    hard of hearing"; "the toilets are here too" is no one."""
    from museum_tui.language.folding import fold
    from museum_tui.language.presence import plainly, present

    said = "hiya! me and my two little ones (4 and 6) just got here, where do we start?"
    assert [plainly(m) for m in present(fold(said), said)] == ["two children"]
    said = "Grandpa's here too, he's hard of hearing"
    assert present(fold(said), said) == ["grandpa"]
    assert present(fold("the toilets are here too")) == []


def test_the_kind_of_party_a_visitor_comes_as() -> None:
    """Round 31 and 32: "HEN DO!!! 8 of us", "ok so we're a hen party of 10", "on a school trip w year 10";
    asking about one is no party here."""
    from museum_tui.language.folding import fold
    from museum_tui.language.presence import present

    for said, kind in [
        ("HEN DO!!! 8 of us, where's the bar lol", "hen party"),
        ("ok so we're a hen party of 10!!", "hen party"),
        ("on a school trip w year 10 and ngl its boring so far", "school group"),
    ]:
        assert present(fold(said), said) == [kind], said
    assert present(fold("can we book a birthday party?")) == []
    assert present(fold("school trip - 28 year 6 pupils")) == []  # who came is counted: that, not the kind
    assert present(fold("is the hen party room free")) == []
