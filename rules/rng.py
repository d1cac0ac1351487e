"""The duel's randomness: values with their whole state, so a duel stays a plain value.

Version 2 (every new duel): two keyed BLAKE2b streams in counter mode, both keyed from the
whole seed, so every bit of a 128-bit seed matters:

- the *deal* stream shuffles and rolls dice;
- the *ids* stream names card instances.

Output n of a stream is 64-bit word n % 8 of BLAKE2b-512(n // 8, key=stream key). Without the key, outputs are
indistinguishable from random: a player who sees ids, the cards dealt to them and the dice
learns nothing about any other output, and the ids say nothing about the deal because the two
keys are independent. The state holds keys and counters, never the seed, and the keys are
one-way functions of the seed, so the seed (committed to at the start) can be revealed at the
end and the duel replayed exactly.

Version 1 (duels started before version 2): splitmix64, a 64-bit state, kept only so those duels
go on playing and replaying exactly as they were dealt. Its outputs can be run backwards from
two consecutive ones; no new duel uses it.
"""

from __future__ import annotations

import functools
import hashlib
import struct
from typing import NamedTuple

MASK = (1 << 64) - 1
VERSION = 2
_DEAL, _IDS = b"jt-deal", b"jt-ids"  # BLAKE2b personalisation: one key per stream


class Keyed(NamedTuple):
    """Version 2: a keyed BLAKE2b stream and how many outputs it has given."""

    key: bytes
    count: int = 0

    def next64(self) -> tuple[int, Keyed]:
        count = self.count
        return _block(self.key, count >> 3)[count & 7], Keyed(self.key, count + 1)

    def to_json(self) -> list:
        return [self.key.hex(), self.count]


class Splitmix(NamedTuple):
    """Version 1 (legacy duels only): splitmix64."""

    state: int

    def next64(self) -> tuple[int, Splitmix]:
        state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31), Splitmix(state)

    def to_json(self) -> str:
        return str(self.state)  # 64-bit: keep JSON consumers from rounding it


Stream = Keyed | Splitmix
_WORDS = struct.Struct(">8Q")


@functools.lru_cache(maxsize=4096)
def _block(key: bytes, index: int) -> tuple[int, ...]:
    """Eight outputs per hash: a pure function of its arguments, so remembering it is safe, and
    a deal (a few hundred draws) costs a few dozen hashes."""
    digest = hashlib.blake2b(index.to_bytes(8, "big"), key=key, digest_size=64).digest()
    return _WORDS.unpack(digest)


def _key(seed: int, stream: bytes) -> bytes:
    # The decimal form is canonical for any integer, so no two seeds share a key.
    return hashlib.blake2b(str(int(seed)).encode(), digest_size=32, person=stream).digest()


def streams(seed: int, version: int = VERSION) -> tuple[Stream, Stream | None]:
    """(deal stream, ids stream) for a new duel; version 1 has one stream for both (None)."""
    if version == 1:
        return legacy_stream(seed), None
    if version != 2:
        raise ValueError(f"unknown RNG version {version!r}")
    return Keyed(_key(seed, _DEAL)), Keyed(_key(seed, _IDS))


def legacy_stream(seed: int) -> Splitmix:
    value, _ = Splitmix((int(seed) * 0x2545F4914F6CDD1D + 0x632BE59BD9B4E019) & MASK).next64()
    return Splitmix(value)


def below(stream: Stream, n: int) -> tuple[int, Stream]:
    """A number in [0, n) and the stream after it; uniform for version 2 (rejection sampling),
    as it always was (modulo) for version 1."""
    value, stream = stream.next64()
    if isinstance(stream, Splitmix):
        return value % n, stream
    limit = (1 << 64) - (1 << 64) % n
    while value >= limit:  # at most a handful of draws in 2^58 for the small n used here
        value, stream = stream.next64()
    return value % n, stream


def to_json(stream: Stream | None):
    return None if stream is None else stream.to_json()


def from_json(value) -> Stream | None:
    """The stored form: [key hex, count] (version 2), a decimal string or int (version 1)."""
    if value is None:
        return None
    if isinstance(value, list):
        key, count = value
        return Keyed(bytes.fromhex(key), int(count))
    return Splitmix(int(value))
