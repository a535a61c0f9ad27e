// A region that scrolls sideways must be reachable by keyboard to be read (WCAG 2.1.1): the tables' scrolling
// wrappers and the code blocks take the focus. The theme wraps the tables after this runs and makes a code block
// focusable only on a screen with hover (a phone's keyboard user gets none), so this watches the page and makes every
// region that scrolls focusable whenever the theme adds one or takes a tabindex away.
(function () {
  const regions = ".md-typeset__scrollwrap, .md-typeset pre > code";

  function focusable() {
    document.querySelectorAll(regions).forEach(function (region) {
      if (region.scrollWidth > region.clientWidth && !region.hasAttribute("tabindex")) {
        region.setAttribute("tabindex", "0");
      }
    });
  }

  new MutationObserver(focusable).observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["tabindex"],
  });
  window.addEventListener("resize", focusable);
  focusable();
})();
