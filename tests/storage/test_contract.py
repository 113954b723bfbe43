"""The store contract: what every store promises, run over the memory files and over PostgreSQL alike."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from museum_tui import clock, config
from museum_tui.memory import MemoryStore
from museum_tui.storage import MemoryStorage, SaveError, VisitorMemory
from tests.memory.test_persistence import walkthrough
from tests.plainly import plainly

NOW = "2026-01-01T00:00:00+00:00"


@pytest.fixture(autouse=True)
def fixed_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MUSEUM_TUI_NOW", NOW)


def new_store(ontology) -> MemoryStore:
    """A store on the app's clock (`MUSEUM_TUI_NOW`), as the app builds one: the memory core is given the time."""
    return MemoryStore(ontology, clock=clock.now_iso)


def loaded(backend, ontology, user: str) -> tuple[MemoryStore, VisitorMemory, object]:
    store = new_store(ontology)
    memory = backend.storage.open(user)
    report = memory.load(store)
    return store, memory, report


def values(store: MemoryStore) -> set[str]:
    return {f.value for f in store.facts.values()}


def test_both_implement_the_protocol(backend) -> None:
    assert isinstance(backend.storage, MemoryStorage)
    assert isinstance(backend.storage.open("ann"), VisitorMemory)


def test_only_the_kept_tiers_are_stored_and_come_back(backend, museum_ontology) -> None:
    store, memory, report = loaded(backend, museum_ontology, "alice")
    assert report.loaded == 0 and report.notices == []
    walkthrough(store)
    assert memory.save(store).written == 2
    stored = backend.everything()
    assert "deaf" in stored and "photography" in stored
    assert "coffee" not in stored and "1 hour" not in stored, "session and ephemeral facts are never stored"
    fresh, _, report = loaded(backend, museum_ontology, "alice")
    assert report.loaded == 2 and report.notices == []
    assert values(fresh) == {"deaf", "photography"} and fresh.turn == 3
    by_value = {f.value: f for f in fresh.facts.values()}
    assert by_value["photography"].salience == pytest.approx(0.7 * 0.99 * 0.99)
    assert by_value["deaf"].evidence == "I should mention I'm deaf" and by_value["deaf"].created_at == NOW
    assert backend.storage.visitors() == ["alice"]


def test_personal_data_is_redacted_before_it_is_stored(backend, museum_ontology) -> None:
    store, memory, _ = loaded(backend, museum_ontology, "pii")
    store.upsert("SpecialNeed.Allergy", "peanuts", "asserted", "peanuts! mail ann@example.org or +44 20 7946 0958")
    store.upsert("Profile.Name", "ann@example.org", "asserted", "I'm ann@example.org")
    memory.save(store)
    stored = backend.everything()
    assert "peanuts" in stored and "[email]" in stored
    assert "ann@example.org" not in stored and not plainly("7946", stored)


def test_forgetting_reaches_the_store_and_undo_brings_it_back(backend, museum_ontology) -> None:
    store, memory, _ = loaded(backend, museum_ontology, "fern")
    store.upsert("SpecialNeed.Allergy", "peanuts", "asserted", "I'm allergic to peanuts")
    store.upsert("ArtInterest.Artist", "Monet", "asserted", "I love Monet")
    memory.save(store)
    removed = store.forget(value="peanuts")
    memory.save(store)
    assert "peanuts" not in backend.everything(), "no word of a forgotten fact is left in storage"
    assert values(loaded(backend, museum_ontology, "fern")[0]) == {"Monet"}
    store.restore(removed)  # /undo, then the save that follows it
    memory.save(store)
    assert values(loaded(backend, museum_ontology, "fern")[0]) == {"Monet", "peanuts"}


def test_an_unreadable_fact_is_kept_reported_and_the_rest_loads(backend, museum_ontology) -> None:
    store, memory, _ = loaded(backend, museum_ontology, "carol")
    walkthrough(store)
    memory.save(store)
    backend.corrupt("carol", "deaf")
    fresh, again, report = loaded(backend, museum_ontology, "carol")
    assert values(fresh) == {"photography"}
    assert "1 saved fact(s) were unreadable" in report.notices[0]
    assert '"high"' in backend.everything() and "deaf" in backend.everything(), "the bad entry is kept unchanged"
    again.save(fresh)
    assert '"high"' in backend.everything(), "and a save never destroys it"


def test_a_newer_schema_is_neither_loaded_nor_overwritten(backend, museum_ontology) -> None:
    store, memory, _ = loaded(backend, museum_ontology, "dan")
    walkthrough(store)
    memory.save(store)
    backend.make_newer("dan")
    before = backend.everything()
    fresh, again, report = loaded(backend, museum_ontology, "dan")
    assert report.read_only and again.read_only and "newer museum-tui" in report.notices[0] and not fresh.facts
    fresh.upsert("Profile.Name", "Dan", "asserted", "I'm Dan")
    with pytest.raises(SaveError):
        again.save(fresh)
    assert backend.everything() == before


def test_sensitive_needs_wait_for_consent(backend, museum_ontology) -> None:
    store, memory, _ = loaded(backend, museum_ontology, "kiosk")
    memory.ask_sensitive = True
    store.upsert("SpecialNeed.Allergy", "peanuts", "asserted", "I'm allergic to peanuts")
    store.upsert("ArtInterest.Artist", "Monet", "asserted", "I love Monet")
    memory.save(store)
    assert "peanuts" not in backend.everything() and "Monet" in backend.everything(), "not asked yet: not kept"
    memory.set_consent(True)
    memory.save(store)
    assert "peanuts" in backend.everything()
    fresh, again, _ = loaded(backend, museum_ontology, "kiosk")
    again.ask_sensitive = True
    assert again.keep_sensitive is True and again.consent_at == NOW and "peanuts" in values(fresh)
    again.set_consent(False)
    again.save(fresh)
    assert "peanuts" not in backend.everything(), "after no, the saved sensitive needs are taken out"
    assert "peanuts" in values(fresh), "still used during this visit"
    assert loaded(backend, museum_ontology, "kiosk")[1].keep_sensitive is False


def test_two_instances_merge_adopt_and_honour_forgetting(backend, museum_ontology) -> None:
    a_store, a, _ = loaded(backend, museum_ontology, "ivy")
    b_store, b, _ = loaded(backend, museum_ontology, "ivy")
    a_store.upsert("SpecialNeed.Allergy", "peanuts", "asserted", "peanuts")
    a.save(a_store)
    b_store.upsert("ArtInterest.Artist", "Monet", "asserted", "Monet")
    report = b.save(b_store)
    assert [c.fact.value for c in report.adopted] == ["peanuts"]
    assert values(b_store) == {"peanuts", "Monet"}

    a.save(a_store)  # A adopts Monet
    a_store.forget(value="peanuts")
    a.save(a_store)
    report = b.save(b_store)
    assert [c.fact.value for c in report.dropped] == ["peanuts"], "forgotten elsewhere: dropped here too"
    assert values(b_store) == {"Monet"}

    a_store.forget(value="monet")
    a.save(a_store)
    b_store.upsert("ArtInterest.Artist", "Monet", "asserted", "I love Monet again")
    b.save(b_store)
    assert values(loaded(backend, museum_ontology, "ivy")[0]) == {"Monet"}, "said again after the forget: kept"


def test_the_latest_consent_answer_holds_across_instances(backend, museum_ontology, monkeypatch) -> None:
    one_store, one, _ = loaded(backend, museum_ontology, "twin")
    two_store, two, _ = loaded(backend, museum_ontology, "twin")
    one.ask_sensitive = two.ask_sensitive = True
    one.set_consent(True)
    one.save(one_store)
    monkeypatch.setenv("MUSEUM_TUI_NOW", "2026-01-01T00:05:00+00:00")
    two.set_consent(False)
    two.save(two_store)
    one.save(one_store)
    assert one.keep_sensitive is False and loaded(backend, museum_ontology, "twin")[1].keep_sensitive is False


def test_visits_are_kept_and_merged_across_instances(backend, museum_ontology, monkeypatch) -> None:
    """The memory layers' visits (issue 17) live beside the facts in every store."""
    from datetime import datetime

    store, memory, _ = loaded(backend, museum_ontology, "vic")
    if not hasattr(memory, "visits"):
        pytest.skip(f"this branch's {backend.name} store predates visits (issue 17)")
    other_store, other, _ = loaded(backend, museum_ontology, "vic")
    memory.visits.turn(datetime.fromisoformat(NOW), ["wayfinding"])
    memory.save(store)
    other.visits.turn(datetime.fromisoformat("2026-01-02T09:00:00+00:00"), ["food"])
    other.save(other_store)
    memory.save(store)
    _, again, report = loaded(backend, museum_ontology, "vic")
    assert [v.started_at for v in again.visits.all()] == [NOW, "2026-01-02T09:00:00+00:00"]
    assert [v.topics for v in again.visits.all()] == [["wayfinding"], ["food"]]
    assert report.saved_at == datetime.fromisoformat(NOW), "when it was saved, by the app's clock"


def test_a_huge_fact_id_does_not_stop_saving(backend, museum_ontology) -> None:
    store, memory, _ = loaded(backend, museum_ontology, "huge")
    store.upsert("ArtInterest.Artist", "Monet", "asserted", "Monet")
    next(iter(store.facts.values())).id = "f99999999999"  # as a hand-edited file may hold
    store.next_id = 100000000000
    memory.save(store)
    fresh, _, report = loaded(backend, museum_ontology, "huge")
    assert values(fresh) == {"Monet"} and report.notices == []


def test_a_later_mention_in_another_instance_wins_over_an_older_copy(backend, museum_ontology, monkeypatch) -> None:
    """The one merge: both hold the fact, the other instance said it later, so its copy (evidence, mentions,
    strength) replaces the older one instead of being written over."""
    a_store, a, _ = loaded(backend, museum_ontology, "gil")
    a_store.upsert("ArtInterest.Artist", "Monet", "asserted", "I like Monet")
    a.save(a_store)
    b_store, b, _ = loaded(backend, museum_ontology, "gil")
    monkeypatch.setenv("MUSEUM_TUI_NOW", "2026-01-01T00:10:00+00:00")
    b_store.upsert("ArtInterest.Artist", "Monet", "asserted", "Monet above all")
    b.save(b_store)
    report = a.save(a_store)
    (fact,) = a_store.facts.values()
    assert (
        fact.evidence == "Monet above all" and fact.mentions == 2 and [c.kind for c in report.adopted] == ["reinforced"]
    )
    (stored,) = loaded(backend, museum_ontology, "gil")[0].facts.values()
    assert stored.evidence == "Monet above all" and stored.mentions == 2


def test_the_repository_erases_a_visitor_and_purges_what_forgetting_left(backend, museum_ontology) -> None:
    storage = backend.storage
    assert storage.erase("hal") is False, "nothing saved: nothing erased"
    store, memory, _ = loaded(backend, museum_ontology, "hal")
    store.upsert("SpecialNeed.Allergy", "peanuts", "asserted", "I'm allergic to peanuts")
    store.upsert("ArtInterest.Artist", "Monet", "asserted", "I love Monet")
    memory.save(store)
    store.forget(value="peanuts")
    memory.save(store)
    purged = storage.purge(datetime(2100, 1, 1, tzinfo=UTC))
    assert purged == (1 if backend.name == "postgresql" else 0), "only a database keeps tombstones to purge"
    assert values(loaded(backend, museum_ontology, "hal")[0]) == {"Monet"}
    assert storage.visitors() == ["hal"] and storage.erase("hal") is True
    assert storage.visitors() == [] and "Monet" not in backend.everything()
    assert values(loaded(backend, museum_ontology, "hal")[0]) == set()


def test_the_repository_says_where_memory_secrets_and_exports_live(backend) -> None:
    places = backend.storage.places
    assert places.memory == backend.storage.location and places.exports == config.data_dir() / "exports"
    secret = backend.storage.secret("ida")
    assert not secret.exists()
    secret.set("2468")
    assert backend.storage.secret("ida").check("2468") and not backend.storage.secret("ida").check("1357")
    assert places.secrets is not None and places.secrets in places.guarded, "no export is written among secrets"
    if backend.name == "postgresql":  # shared by every kiosk (issue 23): in the database, not on this disk
        assert backend.sql("SELECT name FROM museum_tui.secrets") == [("ida",)]
        assert not (places.secrets / ".ida~secret").exists()
    else:
        assert (places.secrets / ".ida~secret").is_file()
    if backend.name == "files":
        assert places.secrets == backend.folder and not backend.storage.holds("ida")
