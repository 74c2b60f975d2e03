"""Race: turn flow, favourites, ending, scoring, errors and JSON."""

from __future__ import annotations

import json

import pytest

from games.rules.base import IllegalMove
from games.rules.race.state import (
    MAX_REDEALS,
    ChooseFavourites,
    PlayCard,
    State,
)

FIVE = ("plus7-rithle", "plus5-rithle", "plus7-celya", "plus5-celya", "rank4")


def _favourites(knonsters, winner=None):
    return ChooseFavourites(knonsters, winner=winner)


def _choose_all(race, state, choices):
    events = []
    for seat, choice in enumerate(choices):
        state, new = race.apply(state, seat, choice)
        events += new
    return state, events


def test_favourites_are_chosen_simultaneously_by_every_seat(race):
    # Race rules, Choice of Favorites: each player secretly chooses; our
    # decision: all seats choose in any order before the first card.
    state = race.new_state(seats=3, options={}, seed=3)
    assert race.to_move(state) == {0, 1, 2}
    state, _ = race.apply(state, 1, _favourites(("rithle", "celya")))
    assert race.to_move(state) == {0, 2}
    assert race.legal_moves(state, 1) == []


def test_favourite_choices_are_offered_as_six_pairs_or_twelve_with_win_bet(race):
    # Race rules, Choice of Favorites and "Win Bet" variant.
    plain = race.new_state(seats=2, options={}, seed=1)
    bet = race.new_state(seats=2, options={"win_bet": True}, seed=1)
    assert len(race.legal_moves(plain, 0)) == 6
    assert len(race.legal_moves(bet, 0)) == 12


def test_a_seats_favourites_are_secret_until_the_end(race):
    # Race rules, Choice of Favorites: "secretly chooses ... puts these cards face down".
    state = race.new_state(seats=2, options={"win_bet": True}, seed=1)
    state, events = race.apply(state, 0, _favourites(("rithle", "celya"), "celya"))
    public = [e for e in events if e.visible_to is None]
    assert [e.data for e in public] == [{"seat": 0}]
    private = [e for e in events if e.visible_to is not None]
    assert all(e.visible_to == {0} for e in private)
    assert race.view(state, 0)["favourites"] == {
        "knonsters": ["rithle", "celya"],
        "winner": "celya",
    }
    other = race.view(state, 1)
    assert other["favourites"] is None
    assert other["players"][0]["favourites"] == []
    assert other["players"][0]["winner"] is None
    assert other["players"][0]["chosen"] is True


def test_same_favourites_for_everybody_deal_again(race):
    # Race rules, Choice of Favorites: "in case all players have chosen the
    # same two favorites, the game will be restarted."
    state = race.new_state(seats=2, options={}, seed=1)
    hands = state.hands
    state, events = _choose_all(race, state, [_favourites(("rithle", "celya"))] * 2)
    assert state.phase == "favourites"
    assert state.redeals == 1
    assert state.hands != hands
    assert state.favourites == ((), ())
    assert race.to_move(state) == {0, 1}
    redeal = [e for e in events if e.kind == "redeal"]
    assert redeal[0].visible_to is None
    assert "same two favourites" in str(race.describe_event(redeal[0]))


def test_with_win_bet_same_favourites_but_different_winners_do_not_deal_again(race):
    # Race rules, Choice of Favorites: with "Win Bet" the system "additionally
    # checks whether all players have predicted the same winner".
    state = race.new_state(seats=2, options={"win_bet": True}, seed=1)
    choices = [
        _favourites(("rithle", "celya"), "rithle"),
        _favourites(("rithle", "celya"), "celya"),
    ]
    state, _ = _choose_all(race, state, choices)
    assert state.phase == "play"


def test_with_win_bet_same_favourites_and_same_winner_deal_again(race):
    # Race rules, Choice of Favorites ("Win Bet").
    state = race.new_state(seats=2, options={"win_bet": True}, seed=1)
    state, events = _choose_all(
        race, state, [_favourites(("rithle", "celya"), "celya")] * 2
    )
    assert state.redeals == 1
    assert "same winner" in str(race.describe_event(events[-1]))


def test_after_the_redeal_cap_identical_favourites_race_anyway(race):
    # Spielpost rulings, "Favourites, Win Bet, restart": "Edition: after 10 restarts
    # in a row the race starts anyway (it then ends in a tie for everyone); the rules
    # page says so." The cap also gives a match a true length bound.
    assert MAX_REDEALS == 10
    state = race.new_state(seats=2, options={}, seed=1)
    same = [_favourites(("rithle", "celya"))] * 2
    for restart in range(1, 11):
        state, events = _choose_all(race, state, same)
        assert state.phase == "favourites"
        assert state.redeals == restart
        assert events[-1].kind == "redeal"
    state, events = _choose_all(race, state, same)
    assert state.phase == "play"
    assert state.redeals == 10
    assert events[-1].kind == "race_started"
    # Everybody backs the same Knonsters, so the race ends in a tie for everyone.
    while state.phase != "over":
        seat = state.current
        state, _ = race.apply(state, seat, race.legal_moves(state, seat)[0])
    outcome = race.outcome(state)
    assert outcome.ranks == (1, 1)
    assert outcome.scores[0] == outcome.scores[1]


def test_after_the_redeal_cap_the_same_win_bet_races_anyway(race):
    # Spielpost rulings, "Favourites, Win Bet, restart": with the Win Bet, a restart
    # needs the same favourites and the same winner; the cap of 10 applies as well.
    state = race.new_state(seats=3, options={"win_bet": True}, seed=5)
    same = [_favourites(("aristas", "elaari"), "elaari")] * 3
    for _ in range(MAX_REDEALS):
        state, _ = _choose_all(race, state, same)
        assert state.phase == "favourites"
    state, events = _choose_all(race, state, same)
    assert state.phase == "play"
    assert state.redeals == MAX_REDEALS
    assert events[-1].kind == "race_started"


def test_the_starting_seat_is_random_and_turns_follow_seat_order(race):
    # Race rules, Gameplay: "The starting player is chosen randomly. Then ...
    # each player in clockwise order".
    starts = set()
    for seed in range(30):
        state = race.new_state(seats=3, options={}, seed=seed)
        picks = [("rithle", "aristas"), ("celya", "elaari"), ("rithle", "celya")]
        state, events = _choose_all(race, state, [_favourites(p) for p in picks])
        assert events[-1].kind == "race_started"
        assert events[-1].data["seat"] == state.current
        starts.add(state.current)
    assert starts == {0, 1, 2}
    first = state.current
    state, _ = race.apply(state, first, race.legal_moves(state, first)[0])
    assert race.to_move(state) == {(first + 1) % 3}


def test_hands_are_dealt_by_player_count(race):
    # Race rules, Card distribution: 16 / 14 / 12 cards.
    for seats, size in ((2, 16), (3, 14), (4, 12)):
        state = race.new_state(seats=seats, options={}, seed=0)
        assert all(len(hand) == size for hand in state.hands)
        assert len(state.draw_pile) == 60 - seats * size


def test_a_card_moves_its_knonster_and_passes_the_turn(race, scenario):
    # Race rules, Gameplay: "play one card ... and execute the instructions".
    state = scenario(hands=(FIVE + ("rank2",), FIVE))
    state, events = race.apply(state, 0, PlayCard("plus7-celya"))
    assert state.positions == (0, 0, 7, 0)
    assert state.current == 1
    assert state.steps[0] == (0, 0, 7, 0)
    assert [e.kind for e in events] == ["card_played", "knonster_moved"]
    assert str(race.describe_event(events[0])) == "Player 1 plays Celya +7."
    assert (
        str(race.describe_event(events[1])) == "Celya moves 7 steps forward to field 7."
    )


def test_a_card_without_effect_is_discarded_and_shown_as_such(race, scenario):
    # Race rules, Gameplay: "cases where the card does not have an effect ...
    # no Knonster is moved"; Spielpost's rulings: the board shows it had none.
    state = scenario(hands=(FIVE + ("rank2",), FIVE))
    assert {h["card"]: h["effect"] for h in race.view(state, 0)["hand"]}[
        "rank2"
    ] is False
    after, events = race.apply(state, 0, PlayCard("rank2"))
    assert after.positions == state.positions
    assert after.last_play.effect is False
    assert race.view(after, 1)["last_play"]["effect"] is False
    assert "no effect" in str(race.describe_event(events[0]))


def test_excess_steps_past_the_line_are_lost_and_podium_follows_crossing_order(
    race, scenario
):
    # Race rules, Gameplay: "crosses the finish line after position 60 ...
    # placed on the best still available place"; Spielpost's rulings, Card
    # formulas: excess steps are lost.
    state = scenario(
        positions=(0, 0, 58, 57),
        hands=(FIVE + ("plus7-elaari",), FIVE + ("plus5-elaari",)),
    )
    state, events = race.apply(state, 0, PlayCard("plus7-celya"))
    assert state.positions[2] == 61
    assert state.podium == ("celya",)
    assert state.steps[0][2] == 3
    finished = [e.data for e in events if e.kind == "knonster_finished"]
    assert finished == [{"knonster": "celya", "place": 1}]
    state, _ = race.apply(state, 1, PlayCard("plus5-elaari"))
    assert state.podium == ("celya", "elaari")
    assert race.view(state, None)["knonsters"][3]["place"] == 2


def test_the_race_ends_at_once_when_the_third_knonster_crosses(race, scenario):
    # Race rules, End of Game: "ends immediately after the third Knonster has crossed".
    state = scenario(
        positions=(61, 61, 55, 0),
        podium=("rithle", "aristas"),
        hands=(("plus7-celya", "rank4", "rank4", "rank4"), FIVE),
    )
    state, events = race.apply(state, 0, PlayCard("plus7-celya"))
    assert state.phase == "over"
    assert race.to_move(state) == frozenset()
    assert race.outcome(state).reason == "race_finished"
    # No refill after the end, although the hand fell below five.
    assert len(state.hands[0]) == 3
    assert "card_drawn" not in [e.kind for e in events]


def test_a_player_below_five_cards_draws_at_the_end_of_the_turn(race, scenario):
    # Race rules, Gameplay: "If a player has fewer than 5 hand cards, he draws a card".
    state = scenario(hands=(FIVE, FIVE), draw_pile=("triple-elaari", "rank3"))
    state, events = race.apply(state, 0, PlayCard("rank4"))
    assert "triple-elaari" in state.hands[0]
    assert len(state.hands[0]) == 5
    assert state.draw_pile == ("rank3",)
    drawn = [e for e in events if e.kind in ("card_drawn", "card_received")]
    assert drawn[0].visible_to is None
    assert drawn[0].data == {"seat": 0}
    assert drawn[1].visible_to == {0}


def test_a_player_with_more_cards_does_not_draw(race, scenario):
    # Race rules, Gameplay: only "fewer than 5" cards trigger a draw.
    state = scenario(hands=(FIVE + ("rank2",), FIVE), draw_pile=("rank3",))
    state, _ = race.apply(state, 0, PlayCard("rank4"))
    assert len(state.hands[0]) == 5
    assert state.draw_pile == ("rank3",)


def test_the_race_ends_when_the_draw_pile_is_empty_at_a_draw(race, scenario):
    # Race rules, End of Game: "the draw deck is depleted when a player is
    # about to draw ... only for the Knonsters which have reached the goal
    # the points will be distributed."
    state = scenario(
        positions=(61, 10, 0, 0), podium=("rithle",), hands=(FIVE, FIVE), draw_pile=()
    )
    state, _ = race.apply(state, 0, PlayCard("plus5-celya"))
    outcome = race.outcome(state)
    assert outcome.reason == "draw_pile_empty"
    assert outcome.scores == (48, 0)
    assert outcome.ranks == (1, 2)


def test_points_are_split_evenly_among_the_players_who_picked_a_knonster(
    race, scenario
):
    # Race rules, Final Scoring: 48 / 24 / 12 "distributed evenly among all
    # players which have chosen this Knonster".
    favourites = (
        ("rithle", "aristas"),
        ("rithle", "celya"),
        ("rithle", "elaari"),
        ("aristas", "celya"),
    )
    state = scenario(
        seats=4,
        favourites=favourites,
        positions=(61, 61, 61, 3),
        podium=("rithle", "aristas", "celya"),
        phase="over",
        current=None,
        end_reason="race_finished",
    )
    # Rithle's 48 go three ways (16 each), Aristas' 24 and Celya's 12 two ways.
    assert race.outcome(state).scores == (28, 22, 16, 18)
    assert race.outcome(state).ranks == (1, 2, 4, 3)


def test_a_correct_win_bet_scores_fifteen_more(race, scenario):
    # Race rules, Final Scoring: "15 additional points if the Knonster you
    # predicted as the winner actually got rank 1."
    state = scenario(
        win_bet=True,
        favourites=(("rithle", "aristas"), ("rithle", "aristas")),
        winners=("rithle", "aristas"),
        positions=(61, 61, 61, 3),
        podium=("rithle", "aristas", "celya"),
        phase="over",
        current=None,
        end_reason="race_finished",
    )
    assert race.outcome(state).scores == (24 + 12 + 15, 24 + 12)
    assert race.outcome(state).ranks == (1, 2)


def test_equal_points_share_a_rank(race, scenario):
    # Race rules, Final Scoring: "In case of a tie there will be several winners."
    state = scenario(
        seats=3,
        favourites=(("rithle", "elaari"), ("rithle", "elaari"), ("aristas", "celya")),
        positions=(61, 61, 61, 3),
        podium=("rithle", "aristas", "celya"),
        phase="over",
        current=None,
        end_reason="race_finished",
    )
    # Rithle 48 / 2 each to seats 0 and 1; Aristas 24 + Celya 12 to seat 2.
    assert race.outcome(state).scores == (24, 24, 36)
    assert race.outcome(state).ranks == (2, 2, 1)


def test_all_favourites_are_revealed_when_the_race_is_over(race, scenario):
    # Race rules, "Win Bet" paragraph: favourites are revealed at the end.
    state = scenario(
        positions=(61, 61, 55, 0), podium=("rithle", "aristas"), hands=(FIVE, FIVE)
    )
    state, events = race.apply(state, 0, PlayCard("plus7-celya"))
    view = race.view(state, None)
    assert view["players"][1]["favourites"] == ["celya", "elaari"]
    assert view["outcome"]["scores"] == [72, 12]
    lines = [str(race.describe_event(e)) for e in events if e.kind == "final_score"]
    assert lines[1] == "Player 2 backed Celya and Elaari: 12 points, rank 2."


def test_a_move_out_of_turn_is_refused(race, scenario):
    # STYLE.md B4: apply re-validates; message for the player.
    state = scenario(hands=(FIVE, FIVE))
    with pytest.raises(IllegalMove) as error:
        race.apply(state, 1, PlayCard("rank4"))
    assert error.value.message == "It is not your turn."


def test_a_card_not_in_hand_is_refused(race, scenario):
    state = scenario(hands=(FIVE, FIVE))
    with pytest.raises(IllegalMove) as error:
        race.apply(state, 0, PlayCard("rank3"))
    assert error.value.message == "That card is not in your hand."


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (PlayCard("rank4"), "Choose your two favourites first."),
        (_favourites(("rithle", "rithle")), "Choose two different Knonsters."),
        (_favourites(("rithle",)), "Choose two different Knonsters."),
        (
            _favourites(("rithle", "celya"), "celya"),
            "This match is played without the Win Bet.",
        ),
    ],
)
def test_a_wrong_favourites_move_is_refused_with_a_reason(race, move, message):
    # Race rules, Choice of Favorites: two of the four Knonsters.
    state = race.new_state(seats=2, options={}, seed=1)
    with pytest.raises(IllegalMove) as error:
        race.apply(state, 0, move)
    assert error.value.message == message


def test_a_win_bet_must_name_one_of_the_two_favourites(race):
    # Race rules, "Win Bet": "decides which of his two Favorites he predicts as the winner".
    state = race.new_state(seats=2, options={"win_bet": True}, seed=1)
    for winner in (None, "elaari"):
        with pytest.raises(IllegalMove) as error:
            race.apply(state, 0, _favourites(("rithle", "celya"), winner))
        assert error.value.message == "Bet on one of your two favourites to win."


def test_choosing_favourites_twice_is_refused(race):
    state = race.new_state(seats=2, options={}, seed=1)
    state, _ = race.apply(state, 0, _favourites(("rithle", "celya")))
    with pytest.raises(IllegalMove) as error:
        race.apply(state, 0, _favourites(("rithle", "aristas")))
    assert error.value.message == "You have already chosen your favourites."


def test_favourites_cannot_be_changed_during_the_race(race, scenario):
    with pytest.raises(IllegalMove) as error:
        race.apply(scenario(), 0, _favourites(("rithle", "aristas")))
    assert error.value.message == "The favourites have already been chosen."


@pytest.mark.parametrize(
    "data",
    [
        None,
        "play",
        [],
        {},
        {"kind": "jump"},
        {"kind": "play"},
        {"kind": "play", "card": "joker"},
        {"kind": "play", "card": "rank4", "seat": 1},
        {"kind": "favourites", "knonsters": ["rithle", 3]},
        {"kind": "power", "card": "rank4", "knonster": "bob"},
        {"kind": "favourites", "knonsters": ["rithle", "bob"]},
        {"kind": "favourites", "knonsters": ["rithle", "celya"], "winner": "bob"},
        {"kind": "favourites", "knonsters": ["rithle", "celya"], "extra": 1},
        {"kind": "play", "card": True},
        # "Finish automatically" is a seat setting now, not a move.
        {"kind": "autoplay"},
    ],
)
def test_malformed_move_json_is_refused_as_not_understood(race, data):
    # Base contract: move_from_json raises IllegalMove for malformed data.
    with pytest.raises(IllegalMove) as error:
        race.move_from_json(data)
    assert error.value.message == "That move is not understood."


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "favourites", "knonsters": ["rithle", "celya"]},
        {"kind": "favourites", "knonsters": ["rithle", "celya"], "winner": "celya"},
        {"kind": "play", "card": "catchup-elaari"},
        {"kind": "power", "knonster": "aristas", "card": "rank2"},
    ],
)
def test_every_move_shape_round_trips_through_json(race, data):
    assert race.move_from_json(data).to_json() == data


def test_favourites_sent_in_any_order_mean_the_same_move(race):
    a = race.move_from_json({"kind": "favourites", "knonsters": ["celya", "rithle"]})
    assert a == race.move_from_json(
        {"kind": "favourites", "knonsters": ["rithle", "celya"]}
    )
    assert a.to_json() == {"kind": "favourites", "knonsters": ["rithle", "celya"]}


@pytest.mark.parametrize(
    ("knonsters", "winner", "message"),
    [
        (["celya"], None, "Choose two different Knonsters."),
        (["celya", "rithle", "elaari"], None, "Choose two different Knonsters."),
        (["celya", "celya"], None, "Choose two different Knonsters."),
        ([], None, "Choose two different Knonsters."),
        (["celya", "rithle"], None, "Bet on one of your two favourites to win."),
        (["celya", "rithle"], "elaari", "Bet on one of your two favourites to win."),
    ],
)
def test_a_form_with_the_wrong_number_of_knonsters_gets_a_readable_reason(
    race, knonsters, winner, message
):
    # A player who ticks one or three Knonsters on the form sends a move
    # that parses; the rules then say what is wrong (Race rules, Choice of
    # Favorites; "Win Bet").
    data = {"kind": "favourites", "knonsters": knonsters}
    if winner is not None:
        data["winner"] = winner
    move = race.move_from_json(data)
    state = race.new_state(seats=2, options={"win_bet": True}, seed=1)
    with pytest.raises(IllegalMove) as error:
        race.apply(state, 0, move)
    assert error.value.message == message


def test_a_state_round_trips_through_json_exactly(race, scenario):
    # STYLE.md B4 rule 2: state_from_json(s.to_json()) == s.
    state = scenario(
        superpowers=True, win_bet=True, positions=(61, 5, 3, 0), podium=("rithle",)
    )
    state, _ = race.apply(state, 0, race.legal_moves(state, 0)[-1])
    assert race.state_from_json(json.loads(json.dumps(state.to_json()))) == state


@pytest.mark.parametrize("junk", [None, [], {}, {"seats": "two"}])
def test_a_malformed_state_is_refused(race, junk):
    with pytest.raises(IllegalMove):
        race.state_from_json(junk)


def test_spectators_see_no_hand_and_players_see_only_their_own(race, scenario):
    # STYLE.md B4 rule 6; Race rules: hands are secret, counts are not.
    state = scenario(hands=(FIVE, FIVE + ("rank2",)))
    spectator = race.view(state, None)
    assert spectator["hand"] is None
    assert spectator["favourites"] is None
    assert [p["hand_count"] for p in spectator["players"]] == [5, 6]
    assert [h["card"] for h in race.view(state, 1)["hand"]][-1] == "rank2"
    assert "rng" not in json.dumps(race.view(state, 0))


def test_the_steps_table_shows_how_far_each_player_moved_each_knonster(race, scenario):
    # Race rules, interface paragraph: "You can see for each player how many
    # steps he has moved each Knonster."
    state = scenario(hands=(FIVE + ("rank2",), FIVE + ("rank2",)))
    state, _ = race.apply(state, 0, PlayCard("plus7-rithle"))
    state, _ = race.apply(state, 1, PlayCard("plus5-rithle"))
    view = race.view(state, None)
    assert view["players"][0]["steps"] == {
        "rithle": 7,
        "aristas": 0,
        "celya": 0,
        "elaari": 0,
    }
    assert view["players"][1]["steps"]["rithle"] == 5


def test_max_moves_bounds_every_match(race):
    # The bound: favourites rounds (with redeals) + 60 cards.
    assert race.info.max_moves == (MAX_REDEALS + 1) * 4 + 60


def test_new_state_refuses_seat_counts_outside_two_to_four(race):
    with pytest.raises(ValueError, match="2 to 4"):
        race.new_state(seats=5, options={}, seed=0)


def test_state_is_a_frozen_value(race):
    state = race.new_state(seats=2, options={}, seed=0)
    assert isinstance(state, State)
    with pytest.raises(AttributeError):
        state.turns = 3


def test_the_view_has_the_documented_keys(race, scenario):
    # engine.py module docstring: the board template is written from this shape.
    view = race.view(scenario(hands=(FIVE, FIVE)), 0)
    assert set(view) == {
        "phase", "seat", "seats", "options", "to_move", "current", "redeals",
        "knonsters", "podium", "last_play", "discard_count", "draw_pile", "hand",
        "favourites", "players", "decided", "outcome",
    }  # fmt: skip
    assert set(view["knonsters"][0]) == {
        "id", "name", "colour", "position", "rank", "finished", "place", "power",
    }  # fmt: skip
    assert set(view["players"][0]) == {
        "seat", "hand_count", "chosen", "favourites", "winner", "revealed",
        "hidden_stars", "steps", "score",
    }  # fmt: skip
    assert set(view["hand"][0]) == {"card", "count", "effect", "label", "text"}
