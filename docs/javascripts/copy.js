// @ts-check
/* readinglist: the Cite box's copy buttons (overrides/paper.html). Each button names the
   element whose text it copies (data-rl-copy); the buttons stay hidden until this module
   makes them work, so a reader without JavaScript selects the text instead. The clipboard
   API first; where the browser refuses it (an insecure origin, a denied permission), the
   text is selected and copied the older way, and the status line says what happened. */

const DONE = "Copied";

/** Shows and wires every copy button of the page not yet wired. */
export function startCopying(root = document) {
  for (const button of root.querySelectorAll("button[data-rl-copy]")) {
    if (!(button instanceof HTMLButtonElement) || button.dataset.rlReady) continue;
    button.dataset.rlReady = "1";
    button.hidden = false;
    button.addEventListener("click", () => copyFor(button));
  }
}

/** @param {HTMLButtonElement} button */
async function copyFor(button) {
  const source = document.getElementById(button.dataset.rlCopy || "");
  if (!source) return;
  const text = (source.textContent || "").trim();
  const copied = await copyText(text) || copyBySelection(source);
  const label = button.getAttribute("aria-label") || "";
  button.textContent = copied ? DONE : "Select and copy";
  const status = button.closest(".rl-cite")?.querySelector(".rl-copy__status");
  if (status) status.textContent = copied ? `${label.replace(/^Copy /, "")} copied.`
    : "Copying was refused: the text is selected, press Ctrl+C (⌘C).";
}

/** @param {string} text */
async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** @param {HTMLElement} source */
function copyBySelection(source) {
  const selection = window.getSelection();
  if (!selection) return false;
  const range = document.createRange();
  range.selectNodeContents(source);
  selection.removeAllRanges();
  selection.addRange(range);
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  }
}
