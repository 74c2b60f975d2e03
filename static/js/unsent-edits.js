// A push (or the answer to another request) replaces the parts of a board
// page a person may be filling in: the choices they have ticked or
// unticked, the field they are typing in. Another seat's move must not
// undo that: in a phase where every seat chooses at once, the person would
// otherwise send a choice they did not make (a form reset between their
// ticks and their click). So before an out-of-band swap, what the person
// changed in a form and has not sent is carried over to the same form in
// the new fragment: the form with the same action and move kind, the
// control with the same name and value (checkboxes, radios) or the same
// name and default (fields, selects). A form the new fragment lacks (the
// decision is over) takes nothing along, and neither does the form whose
// own request is being answered: what it sent is sent (the next decision
// of the same kind must not inherit the ticks of the last, which may name
// the same values), unless the server refused it, when the person
// corrects it and sends again. Each control carried over gets a "change"
// event once it is in the page, so a game's script that reads the form
// (a move built from the ticks, a button enabled by them) sees it as the
// person left it. Loaded after spielpost.js, whose listener refuses older
// boards first.

function formKey(form) {
  const kind = form.querySelector('input[type="hidden"][name="move.kind"]');
  return `${form.getAttribute("action") || ""}|${kind ? kind.value : ""}`;
}

function isCheckable(control) {
  return control.type === "checkbox" || control.type === "radio";
}

function edited(control) {
  if (!control.name || control.disabled) {
    return false;
  }
  if (isCheckable(control)) {
    return control.checked !== control.defaultChecked;
  }
  if (control.tagName === "SELECT") {
    return [...control.options].some((option) => option.selected !== option.defaultSelected);
  }
  if (control.tagName === "TEXTAREA" || control.tagName === "INPUT") {
    return !control.readOnly && control.type !== "hidden" && control.value !== control.defaultValue;
  }
  return false;
}

function sameDefault(control, other) {
  if (other.tagName !== control.tagName || other.type !== control.type) {
    return false;
  }
  if (isCheckable(control)) {
    return other.value === control.value && other.defaultChecked === control.defaultChecked;
  }
  if (control.tagName === "SELECT") {
    return [...other.options].some((option) => option.value === control.value);
  }
  return other.defaultValue === control.defaultValue;
}

function carryEdits(edits, to, carried) {
  for (const control of edits) {
    const twin = [...to.elements].find(
      (other) => other.name === control.name && sameDefault(control, other),
    );
    if (!twin) {
      continue;
    }
    if (isCheckable(control)) {
      twin.checked = control.checked;
    } else {
      twin.value = control.value;
    }
    carried.push(twin);
  }
}

// The form whose request htmx is answering now, and whether it was refused.
let answering = null;

document.addEventListener("htmx:beforeOnLoad", (event) => {
  answering = {
    form: event.target.closest?.("form") ?? null,
    refused: event.detail.xhr.status >= 400,
  };
});

document.addEventListener("htmx:afterOnLoad", () => {
  answering = null;
});

document.addEventListener("htmx:oobBeforeSwap", (event) => {
  const { target, fragment, shouldSwap } = event.detail;
  if (!shouldSwap || !fragment.querySelectorAll) {
    return;
  }
  const incoming = [...fragment.querySelectorAll("form")];
  if (!incoming.length) {
    return;
  }
  const forms = target.matches?.("form") ? [target] : [...target.querySelectorAll("form")];
  const carried = [];
  for (const form of forms) {
    if (answering && answering.form === form && !answering.refused) {
      continue;
    }
    // Most pushes meet no edits: only then are the new forms searched.
    const edits = [...form.elements].filter(edited);
    if (!edits.length) {
      continue;
    }
    const key = formKey(form);
    const twin = incoming.find((candidate) => formKey(candidate) === key);
    if (twin) {
      carryEdits(edits, twin, carried);
    }
  }
  if (carried.length) {
    // htmx swaps the whole message before this runs.
    queueMicrotask(() => {
      for (const control of carried) {
        if (control.isConnected) {
          control.dispatchEvent(new Event("change", { bubbles: true }));
        }
      }
    });
  }
});
