"""Benchmarks: `make bench-engine` (random playouts per second) and `make bench-ai` (a round
robin of the bot levels). Each prints a table and writes a CSV under bench/results/."""
