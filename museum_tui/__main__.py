from museum_tui.cli import main

raise SystemExit(main())
