"""Options given before the subcommand are honoured, or refused when the subcommand does not take them; never
dropped. Reproduced before the fix: `museum-tui --kiosk chat --plain` asked no PIN and `museum-tui --kiosk
memory show --user ann` printed ann's memory (the subcommand's own default replaced the option)."""

from __future__ import annotations

from tests.cli_process import museum


def test_kiosk_before_chat_asks_for_a_pin() -> None:
    proc = museum("--kiosk", "chat", "--plain", "--offline", stdin="/user bob\n2468\n2468\nI'm deaf\n/quit\n")
    assert proc.returncode == 0, proc.stderr
    assert "new name here" in proc.stdout and "Now talking as bob" in proc.stdout
    again = museum("--kiosk", "chat", "--plain", "--offline", stdin="/user bob\n1111\n/memory\n")
    assert "not the PIN" in again.stdout and "deaf" not in again.stdout


def test_kiosk_before_memory_show_refuses_another_visitors_memory() -> None:
    museum("chat", "--plain", "--offline", "--user", "ann", stdin="I'm allergic to kiwi\n")
    assert "kiwi" in museum("memory", "show", "--user", "ann").stdout
    for args in (("--kiosk", "memory", "show", "--user", "ann"), ("--user", "ann", "--kiosk", "memory", "show")):
        proc = museum(*args)
        assert proc.returncode == 1 and "kiwi" not in proc.stdout and "kiosk mode" in proc.stderr, args


def test_user_and_store_before_the_subcommand_are_used(tmp_path) -> None:
    store = tmp_path / "elsewhere"
    museum("--store", str(store), "--user", "cleo", "chat", "--plain", "--offline", stdin="I'm allergic to kiwi\n")
    assert list(store.glob("cleo*.toml")), "the memory went to --store, as cleo"
    assert "kiwi" in museum("memory", "show", "--user", "cleo", "--store", str(store)).stdout


def test_an_option_the_subcommand_does_not_take_is_refused_not_dropped() -> None:
    for args in (("--model", "x", "memory", "show"), ("--kiosk", "ontology", "show"), ("--offline", "store", "status")):
        proc = museum(*args)
        assert proc.returncode == 2 and "does not apply" in proc.stderr, args
        assert proc.stdout == "", "nothing was run"
