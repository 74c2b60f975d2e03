// Dice Stars board (templates/games/dice-stars/board.html): the keyboard.
//
// Each decision is a group of buttons ([data-roving], role=group): one Tab
// stop per group, the arrow keys (and Home/End) move inside it (a roving
// tabindex). Shortcuts, listed on the page under "Keyboard": a number key
// focuses the button of the current decision that shows it ([data-key]:
// the dice to draw, an option of the list, a star row), Enter (the
// button's own) confirms; R goes to the draw, S to the board's summary.
// After the person's move the board is swapped; if focus fell to <body>,
// it goes to [data-first-decision]. Without this script every button is a
// form that posts. The board is swapped by htmx after every move, so
// everything listens on `document` and the script runs once.
(() => {
  if (window.diceStarsBoard) {
    return;
  }
  window.diceStarsBoard = true;

  const GROUP = ".dice-stars [data-roving]";
  const BUTTON = "button:not([disabled])";

  function buttons(group) {
    return [...group.querySelectorAll(BUTTON)];
  }

  // One Tab stop per group: the first decision's button, or the first.
  function setUp() {
    document.querySelectorAll(GROUP).forEach((group) => {
      const all = buttons(group);
      if (!all.length || all.some((b) => b.tabIndex === 0 && b.dataset.roveSet)) {
        return;
      }
      const current = all.find((b) => b.hasAttribute("data-first-decision")) || all[0];
      all.forEach((b) => {
        b.dataset.roveSet = "1";
        b.tabIndex = b === current ? 0 : -1;
      });
    });
  }

  function moveTo(group, button) {
    buttons(group).forEach((b) => {
      b.tabIndex = b === button ? 0 : -1;
    });
    button.focus();
  }

  function typing(target) {
    return (
      target instanceof HTMLElement &&
      (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
    );
  }

  const STEPS = {
    ArrowRight: 1,
    ArrowDown: 1,
    ArrowLeft: -1,
    ArrowUp: -1,
  };

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.altKey || event.metaKey || typing(event.target)) {
      return;
    }
    const board = document.querySelector(".dice-stars");
    if (!board) {
      return;
    }
    const group =
      event.target instanceof Element ? event.target.closest(GROUP) : null;
    if (group && (event.key in STEPS || event.key === "Home" || event.key === "End")) {
      const all = buttons(group);
      const here = all.indexOf(event.target.closest("button"));
      let next;
      if (event.key === "Home") {
        next = 0;
      } else if (event.key === "End") {
        next = all.length - 1;
      } else {
        next = (here + STEPS[event.key] + all.length) % all.length;
      }
      if (all[next]) {
        event.preventDefault();
        moveTo(group, all[next]);
      }
      return;
    }
    if (event.shiftKey && !/^\d$/.test(event.key)) {
      return;
    }
    let target = null;
    if (/^\d$/.test(event.key)) {
      target = board.querySelector(`${BUTTON}[data-key="${event.key}"]`);
    } else if (event.key === "r" || event.key === "R") {
      target = board.querySelector(`[data-roll] ${BUTTON}`);
    } else if (event.key === "s" || event.key === "S") {
      target = document.getElementById("board-summary");
    }
    if (!target) {
      return;
    }
    event.preventDefault();
    const home = target.closest(GROUP);
    if (home && target.matches("button")) {
      moveTo(home, target);
    } else {
      target.focus();
    }
  });

  // After a swap: new groups get their tab stops; focus lost with the old
  // board (the button that was pressed) goes to the next decision. Focus
  // that is somewhere else stays there: a push never takes it.
  function afterSwap() {
    setUp();
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) {
      return;
    }
    const first = document.querySelector(".dice-stars [data-first-decision]");
    if (first) {
      first.focus();
    }
  }

  document.addEventListener("htmx:afterSettle", afterSwap);
  document.addEventListener("htmx:oobAfterSwap", afterSwap);
  document.addEventListener("htmx:wsAfterMessage", afterSwap);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
})();
