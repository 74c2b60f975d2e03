// The lobby's custom time control (templates/games/lobby.html, issue 21).
//
// Everything works without this script: the server checks the times and
// shows its message next to the field. With it:
// - choosing "Custom" opens the custom times, so the browser can point at a
//   wrong one (it cannot focus a field in a closed <details>);
// - each time is checked before sending, in seconds (amount x unit), against
//   the bounds the server renders on the input (data-least, data-most, and
//   for the cap the bank as least), and a wrong one gets the server's message
//   as the browser's own bubble: no refused request, nothing in the console.
(() => {
  const UNIT_SECONDS = { minutes: 60, hours: 3600, days: 86400 };

  function seconds(input) {
    const unit = input.form.elements[`${input.name}_unit`];
    const amount = Number(input.value.trim().replace(",", "."));
    if (input.value.trim() === "" || !Number.isFinite(amount)) {
      return null;
    }
    return Math.round(amount * (UNIT_SECONDS[unit?.value] || 3600));
  }

  function check(form) {
    const bank = form.elements.custom_bank;
    let ok = true;
    for (const input of form.querySelectorAll("details.custom-time input[data-most]")) {
      input.setCustomValidity("");
      const value = seconds(input);
      if (value === null) {
        continue; // the server asks for it, in the person's language
      }
      let least = Number(input.dataset.least);
      if (input.name === "custom_cap" && bank && seconds(bank) !== null) {
        least = Math.max(least, seconds(bank));
      }
      if (value < least || value > Number(input.dataset.most)) {
        input.setCustomValidity(input.dataset.message);
        if (ok) {
          input.reportValidity();
        }
        ok = false;
      }
    }
    return ok;
  }

  function custom(form) {
    return form.elements.time_control?.value === "custom";
  }

  document.addEventListener("change", (event) => {
    const form = event.target.closest?.("form.create-form");
    if (!form) {
      return;
    }
    if (event.target.name === "time_control" && custom(form)) {
      const details = form.querySelector("details.custom-time");
      if (details) {
        details.open = true;
      }
    }
    // A corrected time clears its bubble.
    if (event.target.closest("details.custom-time")) {
      for (const input of form.querySelectorAll("input[data-most]")) {
        input.setCustomValidity("");
      }
    }
  });

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.matches?.("form.create-form") || !custom(form)) {
      return;
    }
    const details = form.querySelector("details.custom-time");
    if (details) {
      details.open = true;
    }
    if (!check(form)) {
      event.preventDefault();
    }
  });
})();
