// Knatsch board (templates/games/knatsch/board.html): keeping dice, and the
// keyboard's N (at the end; the rest of the keyboard is the platform's).
//
// The keep form ticks dice on the table (checkboxes in [data-die] labels)
// and posts a throw. Without this script it still works: its grouped
// fields (move.kind, move.keep[]) write the move. With it, the hidden
// `move` input carries the legal throw's own JSON: the one listed under
// "All ways to keep" ([data-role=keep-options] li[data-keep="4 4 5"]) whose
// keep equals the ticked faces. No such throw (every die ticked) disables
// "Throw the others" and shows why. The board is swapped by htmx after
// every move, so everything listens on `document` and the script runs once.
(() => {
  if (window.knatschBoard) {
    return;
  }
  window.knatschBoard = true;

  const FORM = '[data-role="keep-form"]';
  const DIE = "[data-die] input[type=checkbox]";

  function ticked(form) {
    return [...form.querySelectorAll(`${DIE}:checked`)]
      .map((input) => Number(input.value))
      .sort((a, b) => a - b)
      .join(" ");
  }

  function legalThrow(form, keep) {
    const board = form.closest(".knatsch") || document;
    for (const option of board.querySelectorAll(
      '[data-role="keep-options"] [data-keep]',
    )) {
      if (option.dataset.keep === keep) {
        return option;
      }
    }
    return null;
  }

  function sync(form) {
    const option = legalThrow(form, ticked(form));
    const move = form.querySelector('[data-role="keep-move"]');
    const button = form.querySelector('[data-role="throw-kept"]');
    const label = form.querySelector('[data-role="keep-label"]');
    const invalid = form.querySelector('[data-role="keep-invalid"]');
    if (option) {
      move.value = option.querySelector('input[name="move"]').value;
      label.textContent = option.querySelector("button").textContent.trim();
    } else {
      move.value = "";
    }
    button.disabled = !option;
    label.hidden = !option;
    invalid.hidden = Boolean(option);
  }

  function syncAll() {
    document.querySelectorAll(FORM).forEach(sync);
  }

  document.addEventListener("change", (event) => {
    const form = event.target.closest(FORM);
    if (form && event.target.matches(DIE)) {
      sync(form);
    }
  });

  // Enter toggles a die too (Space does by itself), instead of submitting.
  document.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target.matches?.(`${FORM} ${DIE}`)) {
      event.preventDefault();
      event.target.click();
    }
  });

  // Capture: before htmx reads the form. A keep that is not legal is not sent.
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target.closest?.(FORM);
      if (!form) {
        return;
      }
      sync(form);
      if (!form.querySelector('[data-role="keep-move"]').value) {
        event.preventDefault();
        event.stopPropagation();
      }
    },
    true,
  );

  // -- Keyboard (issue 25) ------------------------------------------------
  // The groups ([data-roving]) and the shortcuts in `data-key` are the
  // platform's (static/js/keyboard.js). Knatsch adds N: focus the first
  // control of my next decision ([data-first-decision]), wherever it is on
  // the board (the summary's group, the first die, the first throw). Listed
  // in the board's "Keyboard" help; never while typing or with modifiers.
  document.addEventListener("keydown", (event) => {
    const keyboard = window.spielpostKeyboard;
    if (
      !keyboard ||
      keyboard.ignored(event) ||
      event.shiftKey ||
      event.key.toLowerCase() !== "n" ||
      !document.querySelector("#board .knatsch")
    ) {
      return;
    }
    const first = keyboard.firstDecision();
    if (first) {
      event.preventDefault();
      first.focus();
    }
  });

  function refresh() {
    syncAll();
  }

  // A new board (page load, htmx swap, the browser restoring ticks).
  document.addEventListener("htmx:load", refresh);
  window.addEventListener("pageshow", refresh);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", refresh);
  } else {
    refresh();
  }
})();
