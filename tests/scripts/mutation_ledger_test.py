#!/usr/bin/env python3
raise SystemExit("not written yet")
