"""The Rng's two schemes (games/rules/rng.py; issue 23, provably fair randomness).

The keyed scheme is checked against values computed here with hashlib/hmac
by the documented recipe, not with the module's own helpers, so a change of
the scheme fails these tests.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import IllegalMove
from games.rules.rng import Rng

ZERO_KEY = "00" * 32
KEY = hashlib.sha256(b"spielpost").hexdigest()

keys = st.binary(min_size=32, max_size=32).map(bytes.hex)


def _block(key: str, draw: int, counter: int) -> list[int]:
    """The four words of block `counter` of draw `draw`, by the docstring's recipe."""
    digest = hmac.new(
        bytes.fromhex(key),
        draw.to_bytes(8, "big") + counter.to_bytes(8, "big"),
        hashlib.sha256,
    ).digest()
    return [int.from_bytes(digest[i : i + 8], "big") for i in range(0, 32, 8)]


def test_known_answer_a_die_from_the_zero_key():
    word = _block(ZERO_KEY, 0, 0)[0]
    assert word < 2**64 - 2**64 % 6  # accepted: no rejection for this word

    value, after = Rng.seeded(ZERO_KEY).randint(1, 6)

    assert value == 1 + word % 6
    assert after == Rng(seed=0, draws=1, key=ZERO_KEY)


def test_known_answer_a_throw_reads_consecutive_words_of_one_draw():
    words = _block(KEY, 3, 0) + _block(KEY, 3, 1)
    expected = [1 + w % 6 for w in words[:6]]  # none of them rejected below
    assert all(w < 2**64 - 2**64 % 6 for w in words[:6])

    throw, after = Rng(draws=3, key=KEY).randints(6, 1, 6)

    assert throw == expected
    assert after.draws == 4


def test_known_answer_a_shuffle_is_fisher_yates_from_the_last_index():
    words = iter(_block(KEY, 0, 0) + _block(KEY, 0, 1))
    deck = list("abcde")
    for i in range(4, 0, -1):
        j = next(words) % (i + 1)  # no word is rejected for such small bounds
        deck[i], deck[j] = deck[j], deck[i]

    shuffled, _ = Rng.seeded(KEY).shuffled("abcde")

    assert shuffled == tuple(deck)


def test_known_answer_choice():
    word = _block(KEY, 7, 0)[0]
    assert Rng(draws=7, key=KEY).choice("xyz")[0] == "xyz"[word % 3]


def test_rejection_skips_a_word_that_would_bias_the_result():
    # For a bound just above 2**63 a word is rejected with probability
    # about 1/2: find a draw whose first word is rejected and check that
    # the second is used.
    bound = 2**63 + 1
    limit = 2**64 - 2**64 % bound
    draw = next(
        n
        for n in range(64)
        if _block(KEY, n, 0)[0] >= limit and _block(KEY, n, 0)[1] < limit
    )
    second = _block(KEY, draw, 0)[1]

    value, _ = Rng(draws=draw, key=KEY).randint(0, bound - 1)

    assert value == second % bound


def test_the_legacy_scheme_is_unchanged():
    expected = random.Random("5:2").randint(1, 6)
    assert Rng(seed=5, draws=2).randint(1, 6) == (expected, Rng(seed=5, draws=3))
    assert Rng.seeded(5) == Rng(seed=5)


def test_json_of_a_legacy_rng_has_no_key_and_old_states_parse():
    assert Rng(seed=5, draws=2).to_json() == {"seed": 5, "draws": 2}
    assert Rng.from_json({"seed": 5, "draws": 2}) == Rng(seed=5, draws=2)
    keyed = Rng(draws=1, key=KEY)
    assert keyed.to_json() == {"seed": 0, "draws": 1, "key": KEY}
    assert Rng.from_json(keyed.to_json()) == keyed


@pytest.mark.parametrize("key", ["", "00", "AB" * 32, "zz" * 32])
def test_a_malformed_key_is_refused(key):
    with pytest.raises(ValueError, match="64 lowercase hex"):
        Rng.seeded(key)
    with pytest.raises(IllegalMove):
        Rng.from_json({"seed": 0, "draws": 0, "key": key})


@given(key=keys, draws=st.integers(0, 2**40), low=st.integers(-100, 100))
@settings(max_examples=50)
def test_keyed_draws_are_deterministic_and_in_range(key, draws, low):
    rng = Rng(draws=draws, key=key)
    high = low + 20
    assert rng.randint(low, high) == rng.randint(low, high)
    assert low <= rng.randint(low, high)[0] <= high
    throw, _ = rng.randints(10, low, high)
    assert all(low <= v <= high for v in throw)
    deck, _ = rng.shuffled(range(30))
    assert sorted(deck) == list(range(30))
    assert rng.shuffled(range(30)) == rng.shuffled(range(30))


@given(key=keys)
@settings(max_examples=20)
def test_different_draws_and_keys_give_different_shuffles(key):
    rng = Rng(key=key)
    first, after = rng.shuffled(range(52))
    second, _ = after.shuffled(range(52))
    assert first != second  # 1/52! to fail by chance
    other = Rng(key=hashlib.sha256(bytes.fromhex(key)).hexdigest())
    assert other.shuffled(range(52))[0] != first


def test_dice_are_roughly_uniform():
    # 6,000 throws of one die: each face 1,000 ± 5 sigma (sigma ~ 29).
    counts = Counter(Rng(draws=n, key=KEY).randint(1, 6)[0] for n in range(6000))
    assert set(counts) == set(range(1, 7))
    assert all(abs(c - 1000) < 150 for c in counts.values())


def test_a_shuffle_puts_each_card_everywhere_about_as_often():
    # 4,000 shuffles of 4 cards: each card lands in each place ~1,000 times.
    places = Counter()
    for n in range(4000):
        deck, _ = Rng(draws=n, key=KEY).shuffled("abcd")
        places.update(enumerate(deck))
    assert len(places) == 16
    assert all(abs(c - 1000) < 160 for c in places.values())


@given(
    key=keys,
    draws=st.integers(0, 2**32),
    bound=st.one_of(st.integers(1, 1000), st.integers(2**62, 2**64)),
)
@settings(max_examples=100)
def test_below_is_the_documented_rejection_sampling(key, draws, bound):
    # By hand: words in order, across blocks, until one is below the largest
    # multiple of `bound` that fits in 64 bits.
    limit = 2**64 - 2**64 % bound
    assert limit % bound == 0  # each residue has exactly limit / bound words
    assert limit > 2**63  # so a word is rejected with probability < 1/2
    words = (w for c in range(64) for w in _block(key, draws, c))
    expected = next(w for w in words if w < limit) % bound

    value, _ = Rng(draws=draws, key=key).randint(0, bound - 1)

    assert value == expected


@pytest.mark.parametrize(("low", "high"), [(0, 2**64), (5, 4)])
def test_a_range_the_scheme_cannot_draw_from_is_refused(low, high):
    with pytest.raises(ValueError, match="below|low <= high"):
        Rng(key=KEY).randint(low, high)
