"""The back-off after wrong PINs cannot be dodged: a try is recorded before it is checked, and not checked
when it cannot be recorded (a full disk); a lock-out never asks to wait longer than the maximum.

Reproduced before the fix: with the secret file unwritable every wrong try said "could not be checked" and
was not counted, and the right PIN then opened; a lock-out written while the clock ran a year ahead said
"try again in 31536030 s". The full disk is real: a file-size limit (`RLIMIT_FSIZE`, SIGXFSZ ignored, so a
write fails with EFBIG) in a child process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from museum_tui import config
from museum_tui.storage import visitor_secret
from museum_tui.storage.visitor_secret import MAX_DELAY, MAX_TRIES, SecretFile, SecretLocked

REPO = Path(__file__).resolve().parents[2]

# Sets bob's PIN, then under a file-size limit too small for the secret file tries wrong PINs and the right
# one, printing what each try gave.
FULL_DISK_TRIES = textwrap.dedent("""
    import resource, signal, sys
    from pathlib import Path
    from museum_tui.storage.visitor_secret import SecretError, SecretFile
    secret = SecretFile(Path(sys.argv[1]), "bob")
    secret.set("2468")
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (16, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
    for pin in ["0000"] * 5 + ["2468"]:
        try:
            print(pin, "OPENED" if secret.check(pin) else "WRONG", flush=True)
        except SecretError as exc:
            print(pin, "REFUSED", exc, flush=True)
""")


def test_a_try_that_cannot_be_recorded_is_not_checked(users_dir: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", FULL_DISK_TRIES, str(users_dir)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 6 and all(" REFUSED " in line for line in lines), lines
    assert "OPENED" not in proc.stdout, "the right PIN does not open while tries cannot be counted"
    assert all("cannot be recorded" in line for line in lines), lines
    data = json.loads(SecretFile(users_dir, "bob").path.read_text(encoding="utf-8"))
    assert data["failures"] == 0, "the file as it was before the disk filled"
    secret = SecretFile(users_dir, "bob")
    assert secret.check("2468"), "with room again, the right PIN opens"


def test_a_lock_out_written_while_the_clock_ran_ahead_is_capped(
    users_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [2_000_000_000.0 + 365 * 86400]  # a year ahead
    monkeypatch.setattr(visitor_secret, "clock", lambda: now[0])
    secret = SecretFile(users_dir, "bob")
    secret.set("2468")
    for _ in range(MAX_TRIES + 5):
        try:
            secret.check("0000")
        except SecretLocked:
            now[0] += MAX_DELAY + 1
    now[0] = 2_000_000_000.0  # the clock is put right
    with pytest.raises(SecretLocked) as locked:
        secret.check("2468")
    assert locked.value.seconds <= MAX_DELAY and "31536" not in str(locked.value)
    now[0] += MAX_DELAY + 1
    assert secret.check("2468"), "after the maximum delay the right PIN opens again"


def test_the_kiosk_says_the_capped_wait(users_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    secret = SecretFile(config.users_dir(), "bob")
    secret.set("2468")
    data = secret._read()
    secret._write({**data, "failures": MAX_TRIES, "wait_until": 1000.0 + 365 * 86400})
    monkeypatch.setattr(visitor_secret, "clock", lambda: 1000.0)
    with pytest.raises(SecretLocked) as locked:
        secret.check("2468")
    assert f"try again in {int(MAX_DELAY)} s" in str(locked.value)
