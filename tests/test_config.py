"""The settings table (`museum_tui/settings.py`) is the one place a setting is declared: the template,
validation, `config show` and the command-line flags all come from it."""

from __future__ import annotations

import argparse
import tomllib
from dataclasses import fields, replace

import pytest

from museum_tui import config, settings
from museum_tui.cli.common import add_common, settings_from
from museum_tui.cli.config_cmd import shown
from tests.cli_process import museum


def test_every_setting_of_the_dataclass_is_in_the_table() -> None:
    """Fields without an option are state, not settings: the engine choices as given, warnings, sources."""
    state = {"decay", "provider_cli", "provider_file", "config_file", "warnings", "sources"}
    assert {f.name for f in fields(config.Settings)} - state == {o.name for o in config.OPTIONS}


def test_the_template_lists_every_file_setting_with_its_default_and_is_valid_toml() -> None:
    template = config.template()
    uncommented = "\n".join(line[2:].split("  # ")[0] for line in template.splitlines() if line.startswith("# "))
    values = tomllib.loads("\n".join(line for line in uncommented.splitlines() if " = " in line and "[" not in line))
    for option in config.OPTIONS:
        if option.file:
            assert option.name in values, option.name
            if option.example is None and option.default is not None:
                assert values[option.name] == option.default, option.name
        else:
            assert option.name not in values, f"{option.name} cannot be set in a file"
    assert "# sensitive_consent = false" in template and "# [decay]" in template


BOUNDED = [o for o in config.OPTIONS if (o.low is not None or o.choices) and o.env]


@pytest.mark.parametrize("option", BOUNDED, ids=lambda o: o.name)
def test_bounds_come_from_the_table(option: config.Option) -> None:
    """Out of bounds from the environment: an error naming the variable, or for a lenient one a warning and
    the default; in range: taken, with its source."""
    bad = "not-a-choice" if option.choices else str(option.low - 1 if not option.high_open else option.high)
    if option.clamp:
        assert getattr(config.load_settings(env={option.env: bad}), option.name) == option.low
    elif option.lenient:
        loaded = config.load_settings(env={option.env: bad})
        assert getattr(loaded, option.name) == option.default and option.env in loaded.warnings[0]
    else:
        with pytest.raises(config.ConfigError, match=option.env):
            config.load_settings(env={option.env: bad})
    good = (
        option.choices[-1]
        if option.choices
        else str(option.high if option.high and not option.high_open else option.low)
    )
    loaded = config.load_settings(env={option.env: good})
    assert str(getattr(loaded, option.name)) in (good, str(float(good)) if not option.choices else good)
    assert loaded.sources[option.name] == "environment"


def test_file_environment_and_command_line_in_that_order(tmp_path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("history_window = 5\ntimeout = 30\nkiosk = true\n", encoding="utf-8")
    env = {"MUSEUM_TUI_HISTORY_WINDOW": "7", "MUSEUM_TUI_TIMEOUT": "40"}
    loaded = config.load_settings({"config": path, "timeout": 50.0}, env=env)
    assert (loaded.history_window, loaded.timeout, loaded.kiosk) == (7, 50.0, True)
    assert loaded.sources == {"history_window": "environment", "timeout": "command line", "kiosk": "config file"}
    path.write_text('history_window = "many"\n', encoding="utf-8")
    with pytest.raises(config.ConfigError, match="'history_window' is 'many'; expected a whole number from 0 to 200"):
        config.load_settings({"config": path}, env={})


def test_flags_are_made_from_the_table() -> None:
    parser = argparse.ArgumentParser()
    add_common(parser, engine=True)
    flags = {a.dest: a for a in parser._actions if a.option_strings}
    assert {o.name for o in config.OPTIONS if o.flag} | {"config", "help"} == set(flags)
    args = parser.parse_args(["--timeout", "9", "--kiosk", "--store", "/x", "--provider", "ollama"])
    loaded = settings_from(args)
    assert (loaded.timeout, loaded.kiosk, loaded.store, loaded.provider_cli) == (
        9.0,
        True,
        "/x",
        {"provider": "ollama"},
    )
    assert "MUSEUM_TUI_TIMEOUT" in flags["timeout"].help and flags["provider"].choices == settings.PROVIDERS


def test_config_show_prints_every_shown_setting() -> None:
    out = museum("config", "show", env={"MUSEUM_TUI_VISIT_GAP_MINUTES": "30"}).stdout
    for option in config.OPTIONS:
        if option.show and not option.provider:
            assert f"{option.name}: " in out, option.name
    assert "visit_gap_minutes: 30  [environment]" in out
    base = config.Settings()
    assert shown(replace(base, timeout=12.5), settings.BY_NAME["timeout"]) == "12.5 s"
    assert shown(base, settings.BY_NAME["context_window"]).startswith("from the server")
