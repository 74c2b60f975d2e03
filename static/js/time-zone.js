// The browser's time zone (issue 21).
//
// - Sign-up: fills the hidden input[data-browser-time-zone] with the zone
//   the browser reports (Intl), so a new account starts in the person's
//   zone instead of UTC. The server checks it against its list (an unknown
//   one counts as UTC).
// - Profile: when the chosen zone is UTC and the browser is elsewhere (and
//   the list has that zone), shows [data-role="time-zone-offer"] with a
//   button that picks the browser's zone; saving stays the person's choice.
(() => {
  let zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch {
    return;
  }

  function fill() {
    for (const input of document.querySelectorAll("input[data-browser-time-zone]")) {
      input.value = zone;
    }
    const offer = document.querySelector('[data-role="time-zone-offer"]');
    const select = offer && document.getElementById(offer.dataset.for);
    if (!select || select.value !== "UTC" || zone === "UTC") {
      return;
    }
    const option = [...select.options].find((o) => o.value === zone);
    if (!option) {
      return;
    }
    offer.querySelector('[data-role="time-zone-name"]').textContent = option.text;
    offer.hidden = false;
    offer.querySelector("button").addEventListener("click", () => {
      select.value = zone;
      offer.hidden = true;
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", fill);
  } else {
    fill();
  }
})();
