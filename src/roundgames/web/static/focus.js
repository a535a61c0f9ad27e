// Keeping the keyboard's place (WCAG 2.4.3): a redraw that removes the focused control (the phase button just
// pressed, the card just played, "Next deal" once the deal is dealt) would drop the focus to the page's body, and a
// keyboard or screen-reader user would have to start again from the top. The focus goes instead to the hand (the
// place of the next turn), or where there is none (a spectator) to the page's heading. A control merely hidden loses
// the focus as surely as one removed; one still shown that the person left (a click on the felt) keeps its choice.

const FALLBACKS = ["[data-testid=hand]", "h1"];

const shown = (element) => element.isConnected && !element.hidden && element.getClientRects().length > 0;

/** Watch `root`: whenever the element that had the focus leaves the page or is hidden, put the focus on the first
 *  fallback shown. */
export function keepFocus(root) {
  let last = null;
  document.addEventListener("focusin", (event) => {
    last = event.target;
  });
  const restore = () => {
    if (!last || shown(last) || (document.activeElement && document.activeElement !== document.body)) return;
    if (document.querySelector("dialog[open]")) return; // a dialog keeps its own focus
    for (const selector of FALLBACKS) {
      const target = root.querySelector(selector);
      if (!target || !shown(target)) continue;
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1"); // focusable from here, not by Tab
      target.focus({ preventScroll: true });
      last = target;
      return;
    }
  };
  // After the browser has drawn the change: only then has it moved the focus off a control it no longer shows.
  const later = () => requestAnimationFrame(() => setTimeout(restore));
  new MutationObserver(later).observe(root, { childList: true, subtree: true, attributes: true,
    attributeFilter: ["hidden", "class", "style"] });
}
