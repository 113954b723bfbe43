"""The app's own themes. `high-contrast`: white on black, bright yellow focus and accents, no muted grey
text; choose it with `theme = "high-contrast"` in the config file, `MUSEUM_TUI_THEME=high-contrast`, or
the command palette's "Change theme". `NO_COLOR` (any value) is honoured by Textual itself: every colour
goes, and each salience bar keeps its value printed beside it."""

from __future__ import annotations

from textual.theme import Theme

HIGH_CONTRAST = Theme(
    name="high-contrast",
    primary="#FFFF00",
    secondary="#00FFFF",
    accent="#FFFF00",
    warning="#FFA500",
    error="#FF6060",
    success="#00FF00",
    foreground="#FFFFFF",
    background="#000000",
    surface="#000000",
    panel="#1A1A1A",
    boost="#262626",
    dark=True,
    text_alpha=1.0,
    variables={
        "text-muted": "#FFFFFF",
        "text-disabled": "#E0E0E0",
        "block-cursor-background": "#0050D0",
        "block-cursor-foreground": "#FFFFFF",
        "block-cursor-blurred-background": "#595959",
        "input-selection-background": "#FFFF00 40%",
        "footer-key-foreground": "#FFFF00",
        "footer-description-foreground": "#FFFFFF",
        "border": "#FFFF00",
        "border-blurred": "#BFBFBF",
    },
)

THEMES = [HIGH_CONTRAST]
