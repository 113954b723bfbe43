"""An API key a server echoes back is masked in every form it takes: upper-cased, split across a line,
base64-encoded (alone, as `Bearer sk-…`, inside Basic `user:key`, URL-safe, wrapped at 76 columns).
Reproduced before the fix: only the exact key and its exact last 8 characters were masked, so these forms
showed it almost whole. A real `chat --plain` process against the fake server's error bodies."""

from __future__ import annotations

import base64
import re
import secrets

import pytest

from tests.cli_process import museum
from tests.fake_openai import FakeOpenAI, Fault


def forms(key: str) -> dict[str, str]:
    b64 = base64.b64encode
    wrapped = b64(f"Authorization: Bearer {key}".encode()).decode()
    return {
        "upper-cased": key.upper(),
        "split across lines": f"{key[:14]}\n    {key[14:-4]}\n    {key[-4:]}",
        "tail upper-cased": f"…{key[-8:].upper()}",
        "base64": b64(key.encode()).decode(),
        "base64 Bearer": b64(f"Bearer {key}".encode()).decode(),
        "base64 Basic": "Basic " + b64(f"museum:{key}".encode()).decode(),
        "url-safe base64": base64.urlsafe_b64encode(f"x{key}".encode()).decode(),
        "base64 wrapped": "\n".join(wrapped[i : i + 20] for i in range(0, len(wrapped), 20)),
    }


def reveals(text: str, key: str) -> bool:
    """Whether `text` still shows the key: in any case or spacing, or in a base64 run that decodes to it."""
    flat = re.sub(r"\s+", "", text).lower()
    if key.lower() in flat or key[-8:].lower() in flat:
        return True
    for run in re.findall(r"[A-Za-z0-9+/_-]{12,}", re.sub(r"\s+", "", text)):
        for start in range(4):
            chunk = run[start:]
            chunk = chunk[: len(chunk) // 4 * 4]
            for decode in (base64.b64decode, base64.urlsafe_b64decode):
                try:
                    data = decode(chunk)
                except ValueError:
                    continue
                if key[-8:].encode() in data or key[:12].encode() in data:
                    return True
    return False


@pytest.mark.parametrize("form", list(forms("sk-x" * 8)))
def test_an_echoed_key_is_masked_in_every_form(form: str) -> None:
    key = "sk-SENTINEL-" + secrets.token_hex(16)
    echoed = forms(key)[form]
    assert reveals(f"bad key: {echoed}", key), "the check itself sees this form"
    with FakeOpenAI(reply="The café is on the ground floor.") as server:
        server.always("chat", Fault(status=404, body={"error": {"message": f"invalid credentials {echoed} (sorry)"}}))
        proc = museum(
            "chat", "--plain", "--user", "kim", stdin="Where is the café?\n",
            env={"OPENAI_API_KEY": key, "OPENAI_BASE_URL": server.base_url},
        )  # fmt: skip
    said = proc.stdout + proc.stderr
    assert "invalid credentials" in said and "(sorry)" in said, "the server's message is still shown"
    assert not reveals(said, key), said
