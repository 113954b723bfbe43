"""Round 39's museum, garden and computing-museum questions, read after their first score (new wording, not
the sets' lines), asked through a real offline session as in the app."""

from __future__ import annotations

from .test_round38_questions import ask


def test_a_glasshouse_closes_when_the_notes_say_glasshouses_do() -> None:
    """ "is the palm house still open?" at 17:40 said "Yes — we're open now, until 18:00": the hours' notes say
    the glasshouses close 30 minutes before the gates, and the Palm House's show is in a glasshouse."""
    reply = ask("garden", "is the alpine house still open?", "2026-11-23T17:45:00")
    assert "closed at 17:30" in reply and "open now" not in reply, reply
    reply = ask("garden", "when does the palm house close today?", "2026-11-23T15:00:00")
    assert "until 17:30" in reply, reply
    reply = ask("garden", "when does the rose garden close?", "2026-11-23T15:00:00")  # no glasshouse: the gates' time
    assert "17:30" not in reply.split(";")[0] and "18:00" in reply, reply


def test_glass_houses_written_apart_are_the_glasshouses() -> None:
    reply = ask("garden", "what time do the glass houses shut?", "2026-11-23T15:00:00")
    assert "(17:30)" in reply, reply


def test_sat_somewhere_says_where_the_visitor_is_not_what_is_asked() -> None:
    """ "sat in the car park — are the gates open yet?" had the car park's directions."""
    reply = ask("garden", "sitting in the car park — are you open yet?", "2026-11-28T08:35:00")
    assert "09:00" in reply and "Victoria Road" not in reply, reply


def test_how_it_is_before_asking_for_somewhere_calm() -> None:
    """ "it's getting really busy and loud, is there somewhere calm we can go?" had the quiet times."""
    reply = ask(
        "garden", "it's getting really packed and loud, is there somewhere calm we can go?", "2026-11-28T14:00:00"
    )
    assert "Quiet Garden" in reply, reply


def test_what_to_prioritise_is_a_plan() -> None:
    memory = [["Visit.TimeBudget", "45 minutes", "self"], ["Interest.Plant", "cacti", "self"]]
    reply = ask("garden", "ok what should we prioritise?", "2026-11-23T11:00:00", memory=memory)
    assert "Desert Worlds" in reply, reply


def test_what_is_on_in_a_month_to_come_is_what_is_on_then() -> None:
    """ "what'll be on next month?" had the quiet times, and "what's on in March?" listed what was on now."""
    reply = ask("museum", "what'll be showing next month?", "2027-02-10T11:00:00")
    assert "in March 2027" in reply and "Pressed: Two Centuries of Prints" in reply, reply
    assert "Dreamers" not in reply, reply  # (it closes before March)
    reply = ask("museum", "anything good on in march?", "2027-02-10T11:00:00")
    assert "in March 2027" in reply and "Dreamers" not in reply, reply


def test_which_tour_suits_is_one_of_the_tours() -> None:
    """ "which tour would suit me best?" from a deaf visitor had the quiet times ("best")."""
    reply = ask("museum", "which tour is best for me?", "2026-11-23T10:30:00", memory=[HEARD])
    assert "BSL-interpreted highlights tour" in reply and "Quiet times" not in reply, reply


HEARD = ["SpecialNeed.HearingImpairment", "deaf", "self"]


def test_a_show_left_out_for_steps_says_what_the_advice_says_of_its_room() -> None:
    """ "so what would you suggest for me today?" (Japanese gardens, a wheelchair) said nothing features Japanese
    gardens and left out the Garden of Stillness without the bridge terrace the step-free advice names."""
    memory = [["Interest.Landscape", "japanese gardens", "self"], ["Access.Mobility", "wheelchair user", "self"]]
    reply = ask("garden", "anything you'd recommend for me?", "2026-11-23T11:00:00", memory=memory)
    assert "bridge terrace" in reply and "Nothing on at the moment features" not in reply, reply


def test_a_path_asked_to_be_flat_is_asked_the_step_free_way() -> None:
    """ "is it far from here? and is the path flat, ive got the pram" after the carnivorous plants said nothing
    of the way."""
    reply = ask("garden", "how far is it? and is the path flat", "2026-11-23T11:00:00", "where are the cacti?")
    assert "step-free" in reply, reply


def test_what_is_on_at_the_weekend_names_its_walks_and_shows() -> None:
    """ "Doing anything special this weekend? walks, events, that kind of thing" had the quiet times ("weekend"
    is in their text); "what's on this weekend?" listed today's shows and no walks."""
    reply = ask("garden", "got anything special on this weekend? talks, walks etc", "2026-11-25T16:00:00")
    assert "Dawn chorus bird walk" in reply and "BSL garden walk" in reply, reply  # (Saturday's, Sunday's)
    assert "Quiet times" not in reply and "at the weekend (28–29 November)" in reply, reply


def test_the_lift_to_the_top_floor_is_the_one_that_reaches_it() -> None:
    """ "is there a lift that goes right up to the top floor?" named both lifts, the one that stops short too
    ("which lift goes up to the top floor?" had the first aid, whose text names a lift)."""
    reply = ask("museum", "which lift goes up to the top floor?", "2026-11-23T10:30:00")
    assert "**Lift A** is" in reply and "reaches every floor" in reply and "Lift B" not in reply, reply
