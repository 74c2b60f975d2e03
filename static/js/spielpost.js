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
