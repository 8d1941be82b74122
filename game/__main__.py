from game.cli.main import main

raise SystemExit(main())
