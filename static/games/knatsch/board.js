// Knatsch board (templates/games/knatsch/board.html): keeping dice, and the
// keyboard (arrow keys inside groups, shortcuts; at the end).
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
  // A group marked [data-kn-roving] (the decision, the dice, my cards) is one
  // Tab stop: the arrow keys, Home and End move inside it (roving tabindex).
  // Single-letter shortcuts click the board's control whose data-kn-key is
  // the key ("1", "K", "T", "S", ...); N focuses [data-first-decision], the
  // first control of my next decision. The keys are listed in the board's
  // "Keyboard" help; they never fire while typing (chat) or with modifiers.
  const ROVING = "[data-kn-roving]";
  const ITEM =
    "button:not([disabled]), input[type=checkbox]:not([disabled]), li[tabindex]";
  const BACK = ["ArrowLeft", "ArrowUp"];
  const ON = ["ArrowRight", "ArrowDown"];

  function visible(element) {
    return element.getClientRects().length > 0;
  }

  function items(group) {
    return [...group.querySelectorAll(ITEM)].filter(
      (element) => element.closest(ROVING) === group && visible(element),
    );
  }

  function rove(group, current) {
    for (const element of items(group)) {
      element.tabIndex = element === current ? 0 : -1;
    }
  }

  function roveAll() {
    document.querySelectorAll(`.knatsch ${ROVING}`).forEach((group) => {
      const list = items(group);
      const current =
        list.find((element) => element === document.activeElement) ||
        list.find((element) => element.hasAttribute("data-first-decision")) ||
        list[0];
      if (current) {
        rove(group, current);
      }
    });
  }

  document.addEventListener("focusin", (event) => {
    const group = event.target.closest?.(`.knatsch ${ROVING}`);
    if (group && items(group).includes(event.target)) {
      rove(group, event.target);
    }
  });

  function typing(target) {
    if (target.isContentEditable || target.matches("textarea, select")) {
      return true;
    }
    return (
      target.matches("input") &&
      !target.matches("[type=checkbox], [type=radio], [type=button], [type=submit]")
    );
  }

  function arrow(event) {
    const group = event.target.closest(`.knatsch ${ROVING}`);
    const keys = [...BACK, ...ON, "Home", "End"];
    if (!group || !keys.includes(event.key)) {
      return false;
    }
    const list = items(group);
    const at = list.indexOf(event.target);
    if (at < 0 || list.length === 0) {
      return false;
    }
    let next = at;
    if (event.key === "Home") {
      next = 0;
    } else if (event.key === "End") {
      next = list.length - 1;
    } else {
      const step = BACK.includes(event.key) ? -1 : 1;
      next = (at + step + list.length) % list.length;
    }
    rove(group, list[next]);
    list[next].focus();
    return true;
  }

  function shortcut(event) {
    const board = document.querySelector("#board .knatsch");
    if (!board || event.key.length !== 1) {
      return false;
    }
    const key = event.key.toUpperCase();
    if (key === "N") {
      const first = [...board.querySelectorAll("[data-first-decision]")].find(
        (element) => !element.disabled && visible(element),
      );
      if (first) {
        first.focus();
        return true;
      }
      return false;
    }
    const control = [...board.querySelectorAll("[data-kn-key]")].find(
      (element) =>
        element.dataset.knKey.toUpperCase() === key &&
        !element.disabled &&
        visible(element),
    );
    if (!control) {
      return false;
    }
    control.focus();
    control.click();
    return true;
  }

  document.addEventListener("keydown", (event) => {
    if (
      event.defaultPrevented ||
      event.ctrlKey ||
      event.altKey ||
      event.metaKey ||
      !(event.target instanceof Element) ||
      typing(event.target)
    ) {
      return;
    }
    if (arrow(event) || shortcut(event)) {
      event.preventDefault();
    }
  });

  function refresh() {
    syncAll();
    roveAll();
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
