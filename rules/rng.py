"""A tiny deterministic PRNG (splitmix64) whose whole state is one integer.

The state lives in the duel, so a duel is a plain value: copying it copies the
RNG, and serialising it is exact.  The seed itself is never stored.
"""

MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    # Scramble the seed so the stored state is not the seed itself.
    value, _ = next64((int(seed) * 0x2545F4914F6CDD1D + 0x632BE59BD9B4E019) & MASK)
    return value


def next64(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """A number in [0, n) and the next state (n is always small here)."""
    value, state = next64(state)
    return value % n, state
