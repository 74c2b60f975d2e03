// Live boards get fragments from two sources that may overlap: the answer
// to the viewer's own move and the socket's push of the same version.
// Before htmx swaps a fragment out of band, this drops the log entries the
// page already shows (entries are appended, not re-rendered) and refuses a
// board older than the one on the page (a slow answer after a push).
document.addEventListener("htmx:oobBeforeSwap", (event) => {
  const { target, fragment } = event.detail;
  for (const entry of fragment.querySelectorAll("[data-log-entry]")) {
    if (document.getElementById(entry.id)) {
      entry.remove();
    }
  }
  const incoming = fragment.firstElementChild;
  if (
    incoming &&
    incoming.id === target.id &&
    incoming.dataset.version !== undefined &&
    target.dataset.version !== undefined &&
    Number(incoming.dataset.version) < Number(target.dataset.version)
  ) {
    event.detail.shouldSwap = false;
  }
});

// htmx swaps the answer to a move relative to the form that sent it. When a
// push replaces the board while that request is in flight, the form is no
// longer in the page, and htmx would look for the answer's targets (#board,
// #seats, ...) in the detached old board and find none. So a push waits
// while a request from the live part is under way, and is swapped after.
const heldPushes = [];

function liveRequestInFlight() {
  return document.querySelector("#live-root .htmx-request") !== null;
}

document.addEventListener("htmx:wsBeforeMessage", (event) => {
  if (liveRequestInFlight()) {
    heldPushes.push(event.detail.message);
    event.preventDefault();
  }
});

document.addEventListener("htmx:afterRequest", () => {
  // afterRequest fires before htmx removes the request class.
  setTimeout(() => {
    if (liveRequestInFlight()) {
      return;
    }
    while (heldPushes.length) {
      htmx.swap(document.body, heldPushes.shift(), { swapStyle: "none" });
    }
  }, 0);
});

// The answer to the page's own move shows the board at its new version,
// and the socket does not push that version to this page again (the page
// names itself on its requests: X-Spielpost-Page). When that answer is lost
// (the network, a timeout, a server error), the socket connects again: its
// first message is then the board as it is now.
let liveSocket = null;

document.addEventListener("htmx:wsOpen", (event) => {
  if (event.target instanceof Element && event.target.id === "live-root") {
    liveSocket = event.detail.socketWrapper;
  }
});

function liveAnswerLost(event) {
  const source = event.detail.elt;
  if (liveSocket && source instanceof Element && source.closest("#live-root")) {
    liveSocket.reconnect();
  }
}

document.addEventListener("htmx:sendError", liveAnswerLost);
document.addEventListener("htmx:timeout", liveAnswerLost);
document.addEventListener("htmx:responseError", (event) => {
  if (event.detail.xhr.status >= 500) {
    liveAnswerLost(event);
  }
});

// The tab title says when it is the person's turn somewhere: "(1) Spielpost".
// The count comes with the page and with pushes (#turn-count); a board page
// counts its other matches there and its own from the board it shows.
function titleShowTurns() {
  const counter = document.getElementById("turn-count");
  const title = document.title.replace(/^\(\d+\) /, "");
  let count = counter ? Number(counter.dataset.count) : 0;
  if (document.querySelector("#board .your-turn")) {
    count += 1;
  }
  document.title = count > 0 ? `(${count}) ${title}` : title;
}

document.addEventListener("DOMContentLoaded", titleShowTurns);
document.addEventListener("htmx:wsAfterMessage", titleShowTurns);
document.addEventListener("htmx:afterSwap", titleShowTurns);

// A live page restored from the back/forward cache shows the past: load it
// again (its sockets were closed while it was away).
window.addEventListener("pageshow", (event) => {
  if (event.persisted && document.querySelector("[ws-connect]")) {
    window.location.reload();
  }
});

// Running clocks tick here once a second, without asking the server: the
// board is pushed again whenever a clock starts, stops or freezes. Each
// clock counts down from the seconds left when the server rendered it
// (data-left), measured by the time elapsed since it arrived, so a device
// whose clock is wrong still shows the server's time; data-deadline is
// that deadline in UTC. Formats come from the seat list (data-clock-*), in
// the page's language; under an hour a clock shows minutes:seconds.
const clocksSeen = new WeakMap();

function clockText(seconds, list) {
  const fill = (format, values) =>
    Object.entries(values).reduce(
      (text, [name, value]) => text.replace(`%(${name})s`, String(value)),
      format,
    );
  if (seconds >= 86400) {
    return fill(list.dataset.clockDays, {
      days: Math.floor(seconds / 86400),
      hours: Math.floor((seconds % 86400) / 3600),
    });
  }
  if (seconds >= 3600) {
    return fill(list.dataset.clockHours, {
      hours: Math.floor(seconds / 3600),
      minutes: Math.floor((seconds % 3600) / 60),
    });
  }
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function clocksTick() {
  const now = Date.now();
  for (const time of document.querySelectorAll("time[data-deadline][data-left]")) {
    if (!clocksSeen.has(time)) {
      clocksSeen.set(time, now);
    }
    const elapsed = Math.floor((now - clocksSeen.get(time)) / 1000);
    const left = Math.max(0, Number(time.dataset.left) - elapsed);
    const list = time.closest("[data-clock-days]");
    if (list) {
      time.textContent = clockText(left, list);
    }
    // The warning colour appears when the clock crosses the threshold.
    const clock = time.closest(".clock");
    if (clock && time.dataset.lowBelow !== undefined) {
      clock.classList.toggle("low", left < Number(time.dataset.lowBelow));
    }
  }
}

document.addEventListener("DOMContentLoaded", clocksTick);
document.addEventListener("htmx:afterSwap", clocksTick);
document.addEventListener("htmx:wsAfterMessage", clocksTick);
setInterval(clocksTick, 1000);

// A copy button (`data-copy` names the id of the field to copy) puts the
// field's text on the clipboard and says so for a moment (`data-copied`).
// The field is readonly and selected too, so it can be copied by hand where
// the clipboard API is refused (a page served over plain http).
document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-copy]");
  if (!button) {
    return;
  }
  const field = document.getElementById(button.dataset.copy);
  if (!field) {
    return;
  }
  field.select();
  const done = () => {
    const label = button.textContent;
    button.textContent = button.dataset.copied || label;
    setTimeout(() => {
      button.textContent = label;
    }, 2000);
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(field.value).then(done, () => {});
  } else if (document.execCommand && document.execCommand("copy")) {
    done();
  }
});

// A button with data-confirm asks before its form is sent (the page's own
// script: the Content-Security-Policy allows no inline handlers).
document.addEventListener("submit", (event) => {
  const question = event.submitter?.dataset?.confirm;
  if (question && !window.confirm(question)) {
    event.preventDefault();
  }
});

// Chat and sanctions (issue 24). A hidden chat line comes as its own frame
// (`<li id="chat-line-N" hx-swap-oob="delete">`): removed here, before
// htmx sees it (capture: ahead of the held pushes above), as a page that
// never showed the line (muted, blocked) would otherwise log a missing
// target. A pushed sanction notice (#sanction-notice) replaces the one the
// page shows; while a suspension's is shown, the board's forms are
// disabled (the server refuses them anyway; this says so before a click).
document.addEventListener(
  "htmx:wsBeforeMessage",
  (event) => {
    const hidden = /^<li id="(chat-line-\d+)" hx-swap-oob="delete">/.exec(
      event.detail.message,
    );
    if (hidden) {
      document.getElementById(hidden[1])?.remove();
      document.getElementById(`log-${hidden[1]}`)?.remove();
      event.preventDefault();
    }
  },
  { capture: true },
);

document.addEventListener("htmx:oobBeforeSwap", (event) => {
  if (event.detail.fragment.querySelector?.("#sanction-notice")) {
    document.getElementById("sanction-notice")?.remove();
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

document.addEventListener("htmx:wsAfterMessage", playClose);
document.addEventListener("htmx:afterSwap", playClose);

// "Show the chat in the log" (a checkbox in a board's chat panel, shown by
// this script only; remembered in localStorage): copies of the chat lines
// sit among the log's entries by time (data-at, UTC ISO; the log runs
// newest first). Built again after every push, so new lines and entries
// take their places; the chat panel itself stays as it is.
const CHAT_IN_LOG = "spielpost.chatInLog";

function chatInLog() {
  const box = document.querySelector("[data-chat-interleave]");
  const log = document.getElementById("log-entries");
  if (!box || !log) {
    return;
  }
  for (const copy of log.querySelectorAll(".chat-in-log")) {
    copy.remove();
  }
  if (!box.checked) {
    return;
  }
  // Newest first, each before the first item (an entry or a copy) not newer.
  const lines = [...document.querySelectorAll("#chat-lines li.chat-line")];
  for (const line of lines.reverse()) {
    const copy = line.cloneNode(true);
    copy.id = `log-${line.id}`;
    copy.classList.add("chat-in-log");
    const at = Date.parse(line.dataset.at);
    const older = [...log.querySelectorAll("li[data-at]")].find(
      (item) => Date.parse(item.dataset.at) <= at,
    );
    log.insertBefore(copy, older || null);
  }
}

document.addEventListener("DOMContentLoaded", () => {
  const box = document.querySelector("[data-chat-interleave]");
  if (!box) {
    return;
  }
  box.closest("[hidden]")?.removeAttribute("hidden");
  box.checked = localStorage.getItem(CHAT_IN_LOG) === "1";
  box.addEventListener("change", () => {
    localStorage.setItem(CHAT_IN_LOG, box.checked ? "1" : "0");
    chatInLog();
  });
  chatInLog();
});
document.addEventListener("htmx:wsAfterMessage", chatInLog);
document.addEventListener("htmx:afterSwap", chatInLog);

// Issue 25: moves are announced, and focus stays where the person is.
//
// The board's two live regions (#announce, polite; #announce-urgent,
// assertive) stay in the page; a push or an answer fills their text out
// of band (games/selectors/announce.py). Each part names the log entry it
// comes from (data-announce-entry): parts of entries the page already
// shows are dropped, and the whole sentence when nothing in it is new (the
// push of the person's own move, after the answer said it). The sentence
// is swapped in before the log's new entries (it comes first).
document.addEventListener("htmx:oobBeforeSwap", (event) => {
  const { target, fragment } = event.detail;
  if (target.id !== "announce" && target.id !== "announce-urgent") {
    return;
  }
  const parts = [...fragment.querySelectorAll("[data-announce-entry]")];
  const fresh = parts.filter((part) => {
    if (document.getElementById(part.dataset.announceEntry)) {
      part.remove();
      return false;
    }
    return true;
  });
  if (parts.length && !fresh.length) {
    event.detail.shouldSwap = false;
  }
});

// The viewer's own clock crossing its low mark while it ticks here is
// said once, assertively (data-low on the region: the sentence), unless a
// push said it already; the first look at a page only notes the clock.
let clockWasLow = null;

function clockLowSay() {
  const clock = document.querySelector("#seats .seat.viewer .clock.running");
  const low = clock !== null && clock.classList.contains("low");
  const region = document.getElementById("announce-urgent");
  if (region?.dataset.low) {
    if (low && clockWasLow === false && region.textContent.trim() !== region.dataset.low) {
      region.textContent = region.dataset.low;
    } else if (!low && region.textContent.trim() === region.dataset.low) {
      region.textContent = "";
    }
  }
  clockWasLow = low;
}

setInterval(clockLowSay, 1000);

// Focus. After the person's own action in the live part (a form sent by
// htmx, whose answer replaces the board), focus goes to the first control
// of their next decision ([data-first-decision]) when it is their turn
// again, else to the board's turn status (#turn-status) or its summary
// (#board-summary): never to <body>. A push (another person's move) never
// moves focus: if it replaced the element that had focus, the same element
// in the new board (same id, same move, same name) gets it back, or the
// summary; without scrolling.
let ownAction = false;
let focusBefore = null;

document.addEventListener("htmx:beforeRequest", (event) => {
  if (event.target.closest?.("#board, #seats")) {
    ownAction = true;
  }
});

document.addEventListener("htmx:afterRequest", () => {
  // After the answer's own swaps were handled (and a held push swapped).
  setTimeout(() => {
    ownAction = false;
  }, 0);
});

function focusNoScroll(element) {
  if (!element) {
    return false;
  }
  if (element.tabIndex < 0 && !element.hasAttribute("tabindex")) {
    element.setAttribute("tabindex", "-1");
  }
  element.focus({ preventScroll: true });
  return document.activeElement === element;
}

// The turn status first: it says whose turn it is in one sentence, where a
// board's summary (shown over the board's top while it has focus) would
// cover the board a sighted person is looking at.
function boardSummary() {
  return (
    document.getElementById("turn-status") ||
    document.getElementById("board-summary") ||
    document.querySelector("#board .outcome") ||
    document.getElementById("board")
  );
}

function focusAfterOwnAction() {
  const myTurn = document.querySelector("#board .your-turn") !== null;
  const decision = myTurn
    ? document.querySelector(
        "#board [data-first-decision]:not([disabled]):not([hidden])",
      )
    : null;
  focusNoScroll(decision) || focusNoScroll(boardSummary());
}

function focusSameAs(before) {
  let again = before.id ? document.getElementById(before.id) : null;
  if (!again && before.move) {
    again = [...document.querySelectorAll("#live-root [data-move]")].find(
      (element) => element.dataset.move === before.move,
    );
  }
  if (!again && before.action) {
    // A form's button (no id): the same form's button, by its words.
    again = [
      ...document.querySelectorAll(`#live-root form[action="${CSS.escape(before.action)}"] button`),
    ].find((button) => button.textContent.trim() === before.text);
  }
  if (!again && before.href) {
    again = document.querySelector(`#live-root a[href="${CSS.escape(before.href)}"]`);
  }
  if (!again && before.name) {
    again = document.querySelector(
      `#live-root [name="${CSS.escape(before.name)}"]:not([type=hidden])`,
    );
  }
  focusNoScroll(again) || focusNoScroll(boardSummary());
}

document.addEventListener("htmx:oobBeforeSwap", (event) => {
  const { target } = event.detail;
  const focused = document.activeElement;
  if (
    !event.detail.shouldSwap ||
    !focused ||
    focused === document.body ||
    !target.contains(focused) ||
    focusBefore
  ) {
    return;
  }
  focusBefore = {
    id: focused.id,
    move: focused.dataset?.move,
    name: focused.getAttribute("name"),
    action: focused.form?.getAttribute("action"),
    text: focused.textContent.trim(),
    href: focused.getAttribute("href"),
  };
});

document.addEventListener("htmx:oobAfterSwap", (event) => {
  if (event.detail.target.id !== "board" && !focusBefore) {
    return;
  }
  // Once the whole message is in (the log and the chat come after), but in
  // the same task as the swap: a task run in between (a screen reader's,
  // a test's) would find focus on <body>. htmx swaps a message's fragments
  // synchronously, so a microtask runs after the last of them.
  queueMicrotask(() => {
    const before = focusBefore;
    focusBefore = null;
    if (ownAction && !liveRequestInFlight()) {
      ownAction = false;
      focusAfterOwnAction();
    } else if (
      before &&
      (document.activeElement === document.body || !document.activeElement)
    ) {
      focusSameAs(before);
    }
  });
});
