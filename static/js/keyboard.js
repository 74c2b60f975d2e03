// The keyboard of every board page (issue 25), shared by all games: loaded
// by the board page (templates/games/match_detail.html) before the game's
// own board.js, which keeps only what cannot be declared in its markup.
//
// - Roving tabindex: every group marked [data-roving] (a decision's buttons,
//   the dice, a hand) is one Tab stop; the arrow keys move inside it (and
//   wrap), Home and End go to its ends. The stop is the control last
//   focused in the group, else the one marked [data-first-decision], else
//   the first. `data-roving="<selector>"` names the group's items when they
//   are not its enabled buttons, checkboxes and focusable list items.
//   Radio buttons keep the browser's own arrow keys.
// - Shortcuts: a key press outside a text field and without Ctrl, Alt or
//   Meta (nor Shift on a letter or digit) focuses the first visible,
//   enabled element inside #board whose `data-key` is that key (letters
//   in either case); with `data-key-click` it is also clicked. An element
//   with `data-key` that is a [data-roving] group focuses its stop; one
//   that is not focusable (a summary section) gets tabindex -1. The board
//   lists its keys in its "Keyboard" help.
// - "Skip to your move" (a#skip-to-move, after "Skip to content"): shown
//   while it is the viewer's turn (#board .your-turn), it focuses the
//   board's first decision, or the turn status.
// The board is swapped by htmx after every move and by pushes, so
// everything listens on `document`, the groups are set up again after
// every swap and every details toggled, and the script runs once. A game's
// board.js uses window.spielpostKeyboard (its functions: at the end).
(() => {
  if (window.spielpostKeyboard) {
    return;
  }

  const GROUP = "[data-roving]";
  const ITEMS =
    "button:not([disabled]), input:not([disabled]):not([type=hidden]), li[tabindex]";
  const STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  // Groups set up once: their stop is kept when they are set up again.
  const known = new WeakSet();

  function visible(element) {
    return element.getClientRects().length > 0;
  }

  function items(group) {
    return [...group.querySelectorAll(group.dataset.roving || ITEMS)].filter(
      (item) =>
        item.closest(GROUP) === group && !item.disabled && visible(item),
    );
  }

  function setStop(group, stop) {
    for (const item of items(group)) {
      item.tabIndex = item === stop ? 0 : -1;
    }
  }

  function stopOf(group, all = items(group)) {
    return (
      all.find((item) => item === document.activeElement) ||
      (known.has(group) && all.find((item) => item.tabIndex === 0)) ||
      all.find((item) => item.hasAttribute("data-first-decision")) ||
      all[0]
    );
  }

  function setUp(root = document) {
    for (const group of root.querySelectorAll(GROUP)) {
      const all = items(group);
      if (all.length) {
        setStop(group, stopOf(group, all));
        known.add(group);
      }
    }
    skipLink();
  }

  let pending = false;
  function schedule() {
    if (!pending) {
      pending = true;
      queueMicrotask(() => {
        pending = false;
        setUp();
      });
    }
  }

  document.addEventListener("focusin", (event) => {
    const group = event.target.closest?.(GROUP);
    if (group && items(group).includes(event.target)) {
      setStop(group, event.target);
    }
  });

  function typing(target) {
    if (!(target instanceof HTMLElement)) {
      return false;
    }
    return (
      target.isContentEditable ||
      target.matches("textarea, select") ||
      (target.matches("input") &&
        !["checkbox", "radio", "button", "submit", "reset"].includes(target.type))
    );
  }

  function arrow(event) {
    const group = event.target.closest?.(GROUP);
    if (!group || event.target.type === "radio") {
      return false;
    }
    const all = items(group);
    const at = all.indexOf(event.target);
    if (at < 0) {
      return false;
    }
    let next;
    if (event.key in STEPS) {
      next = (at + STEPS[event.key] + all.length) % all.length;
    } else if (event.key === "Home") {
      next = 0;
    } else if (event.key === "End") {
      next = all.length - 1;
    } else {
      return false;
    }
    setStop(group, all[next]);
    all[next].focus();
    return true;
  }

  function focusOn(target) {
    if (target.matches(GROUP)) {
      const stop = stopOf(target);
      if (stop) {
        stop.focus();
      }
      return;
    }
    if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) {
      target.setAttribute("tabindex", "-1");
    }
    target.focus();
  }

  function shortcut(event) {
    const key = event.key;
    if (key.length !== 1 || (event.shiftKey && /^[\p{L}\p{N}]$/u.test(key))) {
      return false;
    }
    const wanted = key.toLowerCase();
    const target = [...document.querySelectorAll("#board [data-key]")].find(
      (element) =>
        element.dataset.key.toLowerCase() === wanted &&
        !element.disabled &&
        visible(element),
    );
    if (!target) {
      return false;
    }
    focusOn(target);
    if (target.hasAttribute("data-key-click")) {
      target.click();
    }
    return true;
  }

  // A key press no shortcut takes: handled already, with a modifier, or
  // typed into a text field (the chat, the invitation link).
  function ignored(event) {
    return (
      event.defaultPrevented ||
      event.ctrlKey ||
      event.altKey ||
      event.metaKey ||
      typing(event.target)
    );
  }

  document.addEventListener("keydown", (event) => {
    if (ignored(event)) {
      return;
    }
    if (arrow(event) || shortcut(event)) {
      event.preventDefault();
    }
  });

  // --- Skip to your move ----------------------------------------------------
  const DECISION = "#board [data-first-decision]";

  function firstDecision() {
    return [...document.querySelectorAll(DECISION)].find(
      (element) => !element.disabled && visible(element),
    );
  }

  function skipLink() {
    const link = document.getElementById("skip-to-move");
    if (link) {
      link.hidden = !document.querySelector("#board .your-turn");
    }
  }

  document.addEventListener("click", (event) => {
    const link = event.target.closest?.("#skip-to-move");
    if (!link) {
      return;
    }
    const target = firstDecision() || document.getElementById("turn-status");
    if (target) {
      event.preventDefault();
      focusOn(target);
    }
  });

  // For a board's own script: `setUp(root)` after it opened a part of the
  // board itself, `focusOn(element)` as a shortcut does, `ignored(event)`
  // the guard of its own keys, `firstDecision()` the next decision.
  window.spielpostKeyboard = { setUp, focusOn, ignored, firstDecision };

  for (const type of [
    "htmx:load",
    "htmx:afterSettle",
    "htmx:oobAfterSwap",
    "htmx:wsAfterMessage",
  ]) {
    document.addEventListener(type, schedule);
  }
  // A details opened or closed: the groups inside it appear or vanish.
  document.addEventListener("toggle", schedule, true);
  window.addEventListener("pageshow", schedule);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => setUp());
  } else {
    setUp();
  }
})();
