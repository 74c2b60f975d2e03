// The chat panel's script (issue 24); the panel works without it.
//
// - A pushed sanction notice (#sanction-notice, event user.sanctioned)
//   replaces one the page already shows rather than stacking up.
// - While a suspension notice is shown, the board's forms are disabled:
//   the person may not play until it ends (the server refuses anyway; this
//   says so before a click). Pushed boards are disabled again as they come.
// A hidden line leaves the page by htmx itself (hx-swap-oob="delete").
(() => {
  document.addEventListener("htmx:oobBeforeSwap", (event) => {
    const { fragment } = event.detail;
    if (fragment.querySelector && fragment.querySelector("#sanction-notice")) {
      const shown = document.getElementById("sanction-notice");
      if (shown) {
        shown.remove();
      }
    }
  });

  function playClose() {
    if (!document.querySelector('#sanction-notice[data-sanction="suspended"]')) {
      return;
    }
    const controls = document.querySelectorAll(
      "#board form :is(button, input, select, textarea), #seats form :is(button, input, select, textarea)",
    );
    for (const control of controls) {
      control.disabled = true;
    }
  }

  document.addEventListener("DOMContentLoaded", playClose);
  document.addEventListener("htmx:wsAfterMessage", playClose);
  document.addEventListener("htmx:afterSwap", playClose);
})();
