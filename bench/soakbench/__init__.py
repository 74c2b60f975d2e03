"""The soak benchmark's parts: its stack and its report (bench/soak.py runs them)."""
