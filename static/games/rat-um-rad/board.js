// Rat um Rad board (templates/games/rat-um-rad/board.html).
//
// Everything works without this script: roads link to their payment
// chooser (#rr-build-<road>), the keep form posts the ticked cards and the
// server judges them. With it:
// - clicking a road you can build opens its chooser (and closes the others);
// - pointing at or focusing a destination card highlights its two places
//   and, once completed, its path on the map (data-a, data-b, data-path);
// - the zoom buttons scale the map inside its scrolling frame (the zoom is
//   kept across board swaps); the map starts fitted to the frame's width;
// - the keep form's button is disabled while too few cards are ticked, and
//   the ticks survive a board pushed while the viewer is choosing (the
//   platform's static/js/unsent-edits.js);
// - keyboard (issue 25): the platform's script (static/js/keyboard.js)
//   moves inside each group of choices ([data-roving]: the wheel cards, the
//   roads to build, the ways to pay, the table of roads, the offered
//   destination cards) and presses the keys declared in `data-key` (1-5 a
//   face-up card, D the deck, N destination cards, B the roads to build,
//   K the cards to keep, P pass, S the summary); here R opens the table of
//   roads, and Enter on a road opens its ways to pay. All are listed on the
//   page under "Keyboard".
// The board is swapped by htmx after every move, so everything listens on
// `document` and the script runs once.
(() => {
  if (window.ratUmRadBoard) {
    return;
  }
  window.ratUmRadBoard = true;

  const ZOOMS = [1, 1.5, 2, 3];
  let zoom = 0;

  function board(node) {
    return (node && node.closest(".rat-um-rad")) || document;
  }

  // --- Building: a road on the map opens its chooser ---------------------
  function openChooser(root, road) {
    let found = null;
    for (const details of root.querySelectorAll(".rr-build-road")) {
      details.open = details.dataset.road === road;
      if (details.open) {
        found = details;
      }
    }
    if (found) {
      const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
      found.scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
      const first = found.querySelector("button");
      (first || found.querySelector("summary")).focus({ preventScroll: true });
    }
    for (const g of root.querySelectorAll(".rr-road")) {
      g.classList.toggle("rr-chosen", g.dataset.road === road);
    }
    return found;
  }

  document.addEventListener("click", (event) => {
    const link = event.target.closest?.(".rr-road-link");
    if (!link) {
      return;
    }
    if (openChooser(board(link), link.dataset.road)) {
      event.preventDefault();
    }
  });

  // A chooser opened from the list marks its road on the map.
  document.addEventListener(
    "toggle",
    (event) => {
      const details = event.target;
      if (!details.matches?.(".rr-build-road")) {
        return;
      }
      const road = board(details).querySelector(
        `.rr-road[data-road="${CSS.escape(details.dataset.road)}"]`,
      );
      if (road) {
        road.classList.toggle("rr-chosen", details.open);
      }
    },
    true,
  );

  // --- Destination cards: highlight places and path ----------------------
  function highlight(card, on) {
    const root = board(card);
    const roads = (card.dataset.path || "").split(" ").filter(Boolean);
    for (const road of roads) {
      root
        .querySelector(`.rr-road[data-road="${CSS.escape(road)}"]`)
        ?.classList.toggle("rr-path", on);
    }
    for (const place of [card.dataset.a, card.dataset.b]) {
      if (place) {
        root
          .querySelector(`.rr-place[data-place="${CSS.escape(place)}"]`)
          ?.classList.toggle("rr-target", on);
      }
    }
    root.querySelector(".rr-map")?.classList.toggle("rr-highlighting", on);
  }

  for (const [type, on] of [
    ["mouseover", true],
    ["mouseout", false],
    ["focusin", true],
    ["focusout", false],
  ]) {
    document.addEventListener(type, (event) => {
      const card = event.target.closest?.(".rr-dest[data-a]");
      if (!card) {
        return;
      }
      // Moving within the card is no leave.
      const other = event.relatedTarget;
      if (other && card.contains(other)) {
        return;
      }
      highlight(card, on);
    });
  }

  // --- Zoom ---------------------------------------------------------------
  // The map starts fitted to its frame on every screen, a phone's too: the
  // whole map at a glance, then "+" for the place names. (Starting zoomed
  // in on a phone showed only its left two thirds until "Fit" was pressed.)
  function applyZoom(root) {
    for (const frame of root.querySelectorAll('[data-role="map-scroll"]')) {
      frame.style.setProperty("--rr-zoom", String(ZOOMS[zoom]));
      frame.classList.toggle("rr-zoomed", zoom > 0);
    }
    for (const controls of root.querySelectorAll('[data-role="zoom"]')) {
      controls.hidden = false;
      controls.querySelector('[data-zoom="-1"]').disabled = zoom === 0;
      controls.querySelector('[data-zoom="0"]').disabled = zoom === 0;
      controls.querySelector('[data-zoom="1"]').disabled =
        zoom === ZOOMS.length - 1;
    }
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest?.("[data-zoom]");
    if (!button || !button.closest(".rr-zoom")) {
      return;
    }
    const step = Number(button.dataset.zoom);
    zoom = step === 0 ? 0 : Math.min(Math.max(zoom + step, 0), ZOOMS.length - 1);
    applyZoom(document);
  });

  // --- Keeping destination cards ----------------------------------------
  // In setup every seat chooses at once, so another seat's choice pushes a
  // new board while the viewer is still ticking: the platform's script
  // (static/js/unsent-edits.js) carries the ticks over to it and sends
  // "change" for each, which brings the button here up to date.
  const KEEP = '[data-role="keep-form"]';

  function syncKeep(form) {
    const ticked = form.querySelectorAll(
      'input[type=checkbox][name="move.cards[]"]:checked',
    ).length;
    const enough = ticked >= Number(form.dataset.min || 1);
    form.querySelector('[data-role="keep-submit"]').disabled = !enough;
    form.querySelector('[data-role="keep-invalid"]').hidden = enough;
  }

  document.addEventListener("change", (event) => {
    const form = event.target.closest?.(KEEP);
    if (form) {
      syncKeep(form);
    }
  });

  // --- Keyboard ------------------------------------------------------------
  // The groups ([data-roving]) and the shortcuts declared in `data-key`
  // (1-5, D, N, P, B, K, S, ?) are the platform's (static/js/keyboard.js).
  // Here: Enter or Space on a road to build opens its ways to pay and
  // focuses the first; R opens the table of roads at its first road.
  document.addEventListener("keydown", (event) => {
    const keyboard = window.spielpostKeyboard;
    if (!keyboard || keyboard.ignored(event)) {
      return;
    }
    const summary = event.target.closest?.(".rr-build-road > summary");
    if (summary && (event.key === "Enter" || event.key === " ")) {
      const details = summary.parentElement;
      if (!details.open) {
        event.preventDefault();
        openChooser(board(details), details.dataset.road);
        keyboard.setUp(details);
      }
      return;
    }
    const root = document.querySelector("#board .rat-um-rad");
    const roads = root?.querySelector('[data-role="roads"]');
    if (event.key.toLowerCase() !== "r" || event.shiftKey || !roads) {
      return;
    }
    event.preventDefault();
    roads.open = true;
    keyboard.setUp(roads);
    const first = roads.querySelector('tbody [tabindex="0"]');
    (first || roads.querySelector("summary")).focus();
  });

  function refresh() {
    for (const form of document.querySelectorAll(KEEP)) {
      syncKeep(form);
    }
    applyZoom(document);
  }

  document.addEventListener("htmx:load", refresh);
  document.addEventListener("htmx:wsAfterMessage", refresh);
  window.addEventListener("pageshow", refresh);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", refresh);
  } else {
    refresh();
  }
})();
