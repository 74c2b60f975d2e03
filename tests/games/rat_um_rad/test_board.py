"""The Rat um Rad board: the map, wheel cards, destinations, building.

Issue 13, section "Board". Pages are rendered through the match page
(`/matches/<id>/`), as players and spectators get them. A position is
reached by playing the engine's own legal moves (a seeded choice) or by
storing a changed engine `State` (`games.rules.structs.replace`). The
end: test_board_end.py; queries: test_board_queries.py; German:
test_board_german.py; the shared matches: board_helpers.py.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from games.rules.rat_um_rad import RULES
from games.rules.rat_um_rad.board import _map_geometry, map_drawing
from games.rules.rat_um_rad.cards import sort_hand
from games.rules.rat_um_rad.maps import MAPS
from games.rules.structs import replace
from games.templatetags.boards import board as board_helper
from tests.games.helpers import legal_json, state_of, state_store
from tests.games.html_tree import Node, form_data, html_tree
from tests.games.rat_um_rad.board_helpers import board_of, keep_all, page_of, play

pytestmark = pytest.mark.django_db


def rr_colour(kind):
    """The colour's name as the board's templates write it."""
    return board_helper(kind, "rat-um-rad.colour")


BASEL = MAPS["basel"]


def canonical(move: dict) -> str:
    return json.dumps(move, sort_keys=True)


def offered(board: Node) -> set[str]:
    """Return the moves the board's one-move forms post (the keep form has none)."""
    return {canonical(m) for m in board.moves() if m is not None}


def legal(match, seat: int) -> set[str]:
    return {canonical(m) for m in legal_json(match, seat)}


def to_move_at_turn_start(match, users: dict) -> int:
    """Play takes until a seat is to move at the start of its turn; return it."""
    rnd = random.Random(1)
    for _ in range(10):
        state = state_of(match)
        if state.phase == "turn" and not state.picks and not any(state.offers):
            return state.current
        play(match, users, 1, rnd, build=0)
    raise AssertionError("no turn start reached")


def rich_hand(match, seat: int) -> None:
    """Move the deck's top 30 cards into `seat`'s hand: many roads to build."""
    state = state_of(match)
    hands = list(state.hands)
    hands[seat] = sort_hand((*hands[seat], *state.deck[:30]))
    state_store(match, replace(state, hands=tuple(hands), deck=state.deck[30:]))


def path_between(a: str, b: str) -> list[str]:
    """Return the road ids of a shortest path (fewest roads) from a to b on Basel."""
    previous: dict[str, tuple[str, str] | None] = {a: None}
    queue = [a]
    while queue:
        place = queue.pop(0)
        for road in BASEL.roads:
            for here, there in ((road.a, road.b), (road.b, road.a)):
                if here == place and there not in previous:
                    previous[there] = (place, road.id)
                    queue.append(there)
    roads = []
    place = b
    while previous[place] is not None:
        place, road_id = previous[place]  # type: ignore[misc]
        roads.append(road_id)
    return roads[::-1]


SECRET_MARKS = ('data-role="hand"', 'data-role="destinations"', 'data-role="offer"')


# ---------------------------------------------------------------------------
# The template tags


def test_colours_are_named_with_the_engines_msgids():
    assert rr_colour("red") == "red"
    assert rr_colour("joker") == "joker"
    assert rr_colour("grey") == "grey"
    assert rr_colour("purple") == ""


def test_the_drawing_has_a_slot_per_wheel_and_lanes_side_by_side():
    static = RULES.static_view({}, 2)
    drawing = map_drawing(static, {"roads": {}, "colours": [], "seats": 2})
    assert drawing is not None
    assert len(drawing.roads) == 50
    assert len(drawing.places) == 20
    for road in drawing.roads:
        assert len(road.slots) == BASEL.road_by_id[road.id].length
    lanes = {r.id: r for r in drawing.roads if r.lane}
    assert len(lanes) == 16
    for road in lanes.values():
        other = lanes[road.pair or ""]
        assert {road.lane, other.lane} == {1, 2}
        # Side by side: the same direction, apart by twice the lane offset.
        ends = {(road.x1, road.y1), (road.x2, road.y2)}
        assert ends.isdisjoint({(other.x1, other.y1), (other.x2, other.y2)})
    # Every place's name fits in the view box.
    left, top, width, height = map(float, drawing.view_box.split())
    assert left < 0
    assert left + width > 500


def test_the_map_is_drawn_once_and_each_view_marks_its_roads():
    # The geometry is the map's: a push render draws it no more (board.py).
    static = RULES.static_view({}, 4)
    built, buildable = "Bibliothek-to-Deutsch", "Bibliothek-to-Philosophie"
    view = {
        "roads": {built: 1},
        "colours": ["red", "blue", "green", "yellow"],
        "buildable": [buildable],
        "seats": 4,
    }
    first = map_drawing(static, view)
    hits = _map_geometry.cache_info().hits

    second = map_drawing(static, {"roads": {}, "colours": [], "seats": 4})

    assert _map_geometry.cache_info().hits == hits + 1
    assert first is not None
    assert second is not None
    roads = {road.id: road for road in first.roads}
    assert (roads[built].owner, roads[built].owner_colour) == (1, "blue")
    assert roads[buildable].buildable
    assert all(road.owner is None and not road.buildable for road in second.roads)
    # The same geometry under both views.
    assert [r.slots for r in first.roads] == [r.slots for r in second.roads]
    assert first.view_box == second.view_box


# ---------------------------------------------------------------------------
# The map


def test_the_map_draws_every_place_and_road_in_its_colour(client, duo):
    board = board_of(client, duo)  # an anonymous spectator
    svg = board.one("svg", cls="rr-map")
    assert svg.attrs["viewbox"]  # the parser lowers attribute names
    roads = svg.all("g", cls="rr-road")
    assert len(roads) == 50
    assert {g.attrs["data-road"] for g in roads} == set(BASEL.road_by_id)
    for g in roads:
        road = BASEL.road_by_id[g.attrs["data-road"] or ""]
        assert g.attrs["data-colour"] == road.colour
        assert f"rr-c-{road.colour}" in g.classes
        assert len(g.all("rect", cls="rr-slot")) == road.length
        assert "rr-built" not in g.classes
        assert g.one("title").text().startswith(f"{road.a} – {road.b}")
    grey = [g for g in roads if g.attrs["data-colour"] == "grey"]
    assert grey
    places = svg.all("g", cls="rr-place")
    assert [p.one("text").text() for p in places] == [p.name for p in BASEL.places]
    lanes = [g for g in roads if g.attrs.get("data-lane")]
    assert Counter(g.attrs["data-lane"] for g in lanes) == {"1": 8, "2": 8}
    # The zoom buttons appear with the script (hidden without it).
    assert "hidden" in board.one("div", cls="rr-zoom").attrs


def test_built_roads_carry_their_owners_colour(client_for, alice, carol, midgame):
    state = state_of(midgame)
    owners = dict(state.built)
    for client in (client_for(alice), client_for(carol)):
        roads = board_of(client, midgame).all("g", cls="rr-road")
        for g in roads:
            road = g.attrs["data-road"] or ""
            if road in owners:
                colour = state.colours[owners[road]]
                assert "rr-built" in g.classes
                assert f"rr-p-{colour}" in g.classes
                assert g.attrs["data-owner"] == str(owners[road])
                assert g.attrs["data-owner-colour"] == colour
                # A wheel in each slot but the middle one, which carries the
                # builder's letter instead (issue 25: not colour alone).
                assert len(g.all("circle", cls="rr-wheel")) == (
                    len(g.all("rect", cls="rr-slot")) - 1
                )
                assert (
                    g.one("text", cls="rr-owner-mark").text()
                    == (g.attrs["data-owner-mark"])
                )
            else:
                assert "rr-built" not in g.classes
                assert "data-owner" not in g.attrs


# ---------------------------------------------------------------------------
# Setup: choosing destination cards


def test_in_setup_a_player_chooses_from_the_offer(client_for, alice, duo):
    view = RULES.view(state_of(duo), 0)
    board = board_of(client_for(alice), duo)
    form = board.one("form", data_role="keep-form")
    assert form.attrs["data-min"] == "2"
    boxes = form.all("input", type="checkbox")
    assert [b.attrs["value"] for b in boxes] == [c["id"] for c in view["offer"]]
    assert all("checked" in b.attrs for b in boxes)
    # The long card is kept anyway and listed with the hand.
    (long,) = view["destinations"]
    card = board.one("li", data_dest=long["id"])
    assert "long" in card.text()
    hand = board.one("section", data_role="hand")
    assert {
        li.attrs["data-hand"]: int(li.attrs["data-count"] or 0)
        for li in hand.all("li", cls="rr-tile")
    } == {kind: n for kind, n in view["hand"].items() if n}
    # No other move yet: no take or build forms.
    assert offered(board) == set()
    assert board.all("section", data_role="build") == []
    assert "keep two or all three" in board.one("div", data_role="status").text()


def test_the_keep_form_gives_one_card_back(client_for, alice, duo):
    client = client_for(alice)
    form = board_of(client, duo).one("form", data_role="keep-form")
    data = form_data(form)
    given_back = data["move.cards[]"].pop()
    response = client.post(form.attrs["action"], data)
    assert response.status_code == 302
    state = state_of(duo)
    assert state.done[0]
    assert given_back not in state.destinations[0]
    assert len(state.destinations[0]) == 3
    board = board_of(client, duo)
    assert board.all("form", data_role="keep-form") == []
    assert "Bob" in board.one("span", data_role="waiting").text()


def test_others_and_spectators_never_see_an_offer_or_hand(
    client, client_for, alice, bob, duo
):
    state = state_of(duo)
    bobs = [*state.offers[1], *state.destinations[1]]
    alices = [*state.offers[0], *state.destinations[0]]
    page = page_of(client_for(alice), duo)
    assert not any(card in page for card in bobs)
    spectator = page_of(client, duo)
    assert not any(card in spectator for card in bobs + alices)
    assert not any(mark in spectator for mark in SECRET_MARKS)
    board = html_tree(spectator).one("div", cls="rat-um-rad")
    assert (
        "choose their destination cards" in board.one("div", data_role="status").text()
    )
    assert board.moves() == []


# ---------------------------------------------------------------------------
# Playing: every form is a legal move, and every legal move has a form


def test_every_position_offers_exactly_the_legal_moves(client_for, alice, bob, duo):
    """Play by the board's forms (a random one each time), checking each page."""
    clients = {0: client_for(alice), 1: client_for(bob)}
    rnd = random.Random(7)
    kinds = set()
    for _ in range(70):
        state = state_of(duo)
        if state.phase == "over":
            break
        for seat, client in clients.items():
            board = board_of(client, duo)
            moves = legal_json(duo, seat)
            keeps = {canonical(m) for m in moves if m["kind"] == "keep"}
            assert offered(board) == {canonical(m) for m in moves} - keeps
            assert bool(board.all("form", data_role="keep-form")) == bool(keeps)
            if not moves:
                continue
            kinds |= {m["kind"] for m in moves}
            forms = [f for f in board.all("form") if "move-form" in f.classes]
            form = rnd.choice(forms)
            before = state_of(duo)
            response = client.post(form.attrs["action"], form_data(form))
            assert response.status_code == 302
            assert state_of(duo) != before, "the move was refused"
            break
    assert kinds >= {"keep", "take_display", "take_deck", "build", "draw_destinations"}


def test_roads_i_can_build_are_highlighted_with_their_payments(
    client_for, alice, bob, midgame
):
    users = {0: alice, 1: bob}
    seat = to_move_at_turn_start(midgame, users)
    rich_hand(midgame, seat)
    view = RULES.view(state_of(midgame), seat)
    assert len(view["buildable"]) > 5
    board = board_of(client_for(users[seat]), midgame)
    highlighted = [g.attrs["data-road"] for g in board.all("g", cls="rr-buildable")]
    assert highlighted == [r.id for r in BASEL.roads if r.id in view["buildable"]]
    builds = [m for m in legal_json(midgame, seat) if m["kind"] == "build"]
    for road in view["buildable"]:
        link = board.one("g", data_road=road).one("a", cls="rr-road-link")
        assert link.attrs["href"] == f"#rr-build-{road}"
        chooser = board.one("details", id=f"rr-build-{road}")
        assert {canonical(m) for m in chooser.moves()} == {
            canonical(m) for m in builds if m["road"] == road
        }
        for button in chooser.all("button"):
            assert button.text().startswith("Pay ")
    # The other seat sees the same map without highlights or choosers.
    other = board_of(client_for(users[1 - seat]), midgame)
    assert other.all("g", cls="rr-buildable") == []
    assert other.all("a", cls="rr-road-link") == []
    assert other.all("section", data_role="build") == []


def test_the_display_and_deck_take_cards(client_for, alice, bob, midgame):
    users = {0: alice, 1: bob}
    seat = to_move_at_turn_start(midgame, users)
    view = RULES.view(state_of(midgame), seat)
    board = board_of(client_for(users[seat]), midgame)
    tiles = board.one("ul", cls="rr-display").all("li", cls="rr-tile")
    assert [t.attrs["data-display"] for t in tiles] == view["display"]
    for tile in tiles:
        (move,) = tile.moves()
        assert move == {"kind": "take_display", "colour": tile.attrs["data-display"]}
        assert tile.one("button").text() == rr_colour(tile.attrs["data-display"])
    deck = board.one("div", data_role="deck")
    assert deck.moves() == [{"kind": "take_deck"}]
    assert f"Deck: {view['deck']} cards" in deck.text()
    # The waiting seat sees the cards without buttons.
    other = board_of(client_for(users[1 - seat]), midgame)
    assert other.one("ul", cls="rr-display").moves() == []
    assert other.one("div", data_role="deck").moves() == []
    assert "is to move" in other.one("div", data_role="status").text()


def test_the_players_table_shows_the_open_figures(client, midgame):
    view = RULES.view(state_of(midgame), None)
    rows = board_of(client, midgame).one("table", cls="rr-players-table").all("tr")
    rows = [r for r in rows if r.attrs.get("data-seat")]
    assert len(rows) == 2
    for row, player in zip(rows, view["players"], strict=True):
        assert row.attrs["data-colour"] == player["colour"]
        assert row.one("td", data_role="score").text() == str(player["score"])
        assert row.one("td", data_role="wheels").text() == str(player["wheels"])
        assert row.one("td", data_role="cards").text() == str(player["cards"])
        assert row.one("td", data_role="destination-count").text() == str(
            player["destinations"]
        )
    current = [r for r in rows if "rr-to-move" in r.classes]
    assert [r.attrs["data-seat"] for r in current] == [str(view["current"])]


def test_no_other_seats_secrets_mid_game(client, client_for, alice, bob, midgame):
    state = state_of(midgame)
    page = page_of(client_for(alice), midgame)
    assert not any(card in page for card in state.destinations[1])
    board = html_tree(page).one("div", cls="rat-um-rad")
    hand = board.one("section", data_role="hand")
    assert sum(int(li.attrs["data-count"] or 0) for li in hand.all("li")) == len(
        state.hands[0]
    )
    spectator = page_of(client, midgame)
    assert not any(
        card in spectator for card in state.destinations[0] + state.destinations[1]
    )
    assert not any(mark in spectator for mark in SECRET_MARKS)


def test_a_completed_destination_is_marked_and_its_path_highlightable(
    client_for, alice, bob, duo
):
    keep_all(duo, {0: alice, 1: bob})
    state = state_of(duo)
    done, open_ = state.destinations[0][:2]
    card = BASEL.destinations[done]
    roads = path_between(card.a, card.b)
    state = replace(
        state,
        built=tuple((road, 0) for road in roads),
        wheels=(30 - sum(BASEL.road_by_id[r].length for r in roads), 30),
    )
    state_store(duo, state)
    board = board_of(client_for(alice), duo)
    item = board.one("li", data_dest=done)
    assert "rr-done" in item.classes
    assert item.attrs["data-completed"] == "true"
    assert set((item.attrs["data-path"] or "").split()) <= set(roads)
    assert item.attrs["data-path"]
    assert item.attrs["tabindex"] == "0"
    assert "completed" in item.text()
    other = board.one("li", data_dest=open_)
    if not RULES.view(state, 0)["destinations"][1]["completed"]:
        assert other.attrs["data-completed"] == "false"
        assert other.attrs["data-path"] == ""
        assert "not yet connected" in other.text()
    # Bob sees the roads, not that the card is completed.
    assert done not in page_of(client_for(bob), duo)
