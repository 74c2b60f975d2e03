// The replay page (templates/games/match_replay.html): the arrow keys and
// the slider. Every step is a real link or form there; this only follows
// them from the keyboard (Left/Right: back/forward, Home/End: first/last)
// and jumps as soon as the slider is let go. No inline script: the
// Content-Security-Policy allows none.
"use strict";

(() => {
  const KEYS = {
    ArrowLeft: "replay-back",
    ArrowRight: "replay-forward",
    Home: "replay-first",
    End: "replay-last",
  };

  // Keys typed into a field (the seat picker, the link) are the field's.
  const typing = (target) =>
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) &&
    target.id !== "replay-slider";

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    const id = KEYS[event.key];
    if (!id || typing(event.target)) {
      return;
    }
    const link = document.getElementById(id);
    if (!link || link.getAttribute("aria-disabled") === "true") {
      event.preventDefault();
      return;
    }
    event.preventDefault();
    window.location.assign(link.href);
  });

  document.addEventListener("change", (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement && target.id === "replay-slider") {
      target.form.requestSubmit();
    } else if (target instanceof HTMLSelectElement && target.dataset.replaySeat !== undefined) {
      target.form.requestSubmit();
    }
  });
})();
