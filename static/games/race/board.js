// Race board (templates/games/race/board.html): the keys the platform's
// keyboard (static/js/keyboard.js) cannot take from the markup (issue 25).
//
// Without this script every move is still a form with a button. The
// platform makes each [data-roving] group (the hand's toolbar, the
// favourite picks) one Tab stop and gives the digits to the controls that
// carry them in `data-key`: 1-4 tick a Knonster, 1-9 go to a card's button
// (Enter, the button's own, plays it). This script adds:
// - Shift+1-4 in the favourites phase: choose the Knonster of the Win Bet
//   (by the key's place, `event.code`: Shift changes the digit's character);
// - Enter on a favourite pick sends the favourites form.
// The keys are listed in the board's "Keyboard" help (_keys.html). The
// board is swapped by htmx after every move, so everything listens on
// `document` and the script runs once.
(() => {
  if (window.raceBoard) {
    return;
  }
  window.raceBoard = true;

  const FAVOURITES = "#board .race .favourites-form";

  function winBet(event) {
    const match = /^Digit([1-9])$/.exec(event.code || "");
    const form = document.querySelector(FAVOURITES);
    if (!match || !event.shiftKey || !form) {
      return false;
    }
    const input = form.querySelectorAll('input[type=radio][name="move.winner"]')[
      Number(match[1]) - 1
    ];
    if (!input) {
      return false;
    }
    input.focus();
    input.click();
    return true;
  }

  document.addEventListener("keydown", (event) => {
    const keyboard = window.spielpostKeyboard;
    if (!keyboard || keyboard.ignored(event)) {
      return;
    }
    if (
      event.key === "Enter" &&
      event.target.matches?.(
        `${FAVOURITES} input[type=checkbox], ${FAVOURITES} input[type=radio]`,
      )
    ) {
      event.preventDefault();
      event.target.form.requestSubmit();
      return;
    }
    if (winBet(event)) {
      event.preventDefault();
    }
  });
})();
