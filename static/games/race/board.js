// Race board (templates/games/race/board.html): a short keyboard way to play (issue 25).
//
// Without this script every move is still a form with a button. With it:
// - each group marked [data-roving] (the hand's toolbar, the favourite
//   picks) is one Tab stop; the arrow keys, Home and End move inside it
//   (roving tabindex). The control marked [data-first-decision] starts as
//   the group's stop.
// - digit keys: in the favourites phase 1-4 tick a Knonster and Shift+1-4
//   choose the Win Bet; while playing, 1-9 go to that card's button
//   ([data-key]); Enter then plays it (a button's own Enter).
// - Enter on a favourite pick sends the favourites form.
// The keys are listed in the board's "Keyboard" help (_keys.html). The
// board is swapped by htmx after every move, so everything listens on
// `document`, the groups are set up again after each change, and the
// script runs once.
(() => {
  if (window.raceBoard) {
    return;
  }
  window.raceBoard = true;

  const GROUP = "#board .race [data-roving]";
  const ITEM = "button:not([disabled]), input:not([disabled])";
  const FAVOURITES = "#board .race .favourites-form";

  function items(group) {
    return [...group.querySelectorAll(ITEM)].filter(
      (el) => el.type !== "hidden",
    );
  }

  function setStop(group, stop) {
    for (const el of items(group)) {
      el.tabIndex = el === stop ? 0 : -1;
    }
  }

  function setUp() {
    for (const group of document.querySelectorAll(GROUP)) {
      const all = items(group);
      if (!all.length || all.some((el) => el.tabIndex === 0 && el.dataset.roved)) {
        continue;
      }
      const first = all.find((el) => el.hasAttribute("data-first-decision"));
      setStop(group, first || all[0]);
      all.forEach((el) => {
        el.dataset.roved = "1";
      });
    }
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
    if (group && event.target.matches(ITEM)) {
      setStop(group, event.target);
    }
  });

  function typing(el) {
    if (!el || el.isContentEditable) {
      return true;
    }
    if (el.matches("textarea, select")) {
      return true;
    }
    return (
      el.matches("input") &&
      !["checkbox", "radio", "button", "submit"].includes(el.type)
    );
  }

  function arrows(event) {
    const group = event.target.closest?.(GROUP);
    if (!group) {
      return false;
    }
    const all = items(group);
    const at = all.indexOf(event.target);
    if (at < 0) {
      return false;
    }
    const next = {
      ArrowRight: at + 1,
      ArrowDown: at + 1,
      ArrowLeft: at - 1,
      ArrowUp: at - 1,
      Home: 0,
      End: all.length - 1,
    }[event.key];
    if (next === undefined) {
      return false;
    }
    const target = all[(next + all.length) % all.length];
    setStop(group, target);
    target.focus();
    return true;
  }

  function digit(event) {
    const match = /^Digit([1-9])$/.exec(event.code || "");
    if (!match || event.ctrlKey || event.altKey || event.metaKey) {
      return false;
    }
    const n = Number(match[1]);
    const form = document.querySelector(FAVOURITES);
    if (form) {
      const name = event.shiftKey ? "move.winner" : "move.knonsters[]";
      const inputs = [...form.querySelectorAll(`input[name="${name}"]`)].filter(
        (el) => el.type !== "hidden",
      );
      const input = inputs[n - 1];
      if (!input) {
        return false;
      }
      input.focus();
      input.click();
      return true;
    }
    if (event.shiftKey) {
      return false;
    }
    const button = document.querySelector(
      `#board .race .hand [data-key="${n}"]:not([disabled])`,
    );
    if (!button) {
      return false;
    }
    button.focus();
    return true;
  }

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || typing(event.target)) {
      return;
    }
    if (
      event.key === "Enter" &&
      event.target.matches?.(`${FAVOURITES} input[type=checkbox], ${FAVOURITES} input[type=radio]`)
    ) {
      event.preventDefault();
      event.target.form.requestSubmit();
      return;
    }
    // Radios move by arrows natively; the other groups here.
    if (event.target.type !== "radio" && arrows(event)) {
      event.preventDefault();
      return;
    }
    if (digit(event)) {
      event.preventDefault();
    }
  });

  new MutationObserver(schedule).observe(document.documentElement, {
    childList: true,
    subtree: true,
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
})();
