/* What is wrong with the typesetting of the math inside `selector` ([] when all is well). */
((selector) => {
  const problems = [];
  const box = el => el.getBoundingClientRect();
  const size = el => parseFloat(getComputedStyle(el).fontSize);
  const formulas = [...document.querySelectorAll(selector + ' math')];
  if (!formulas.length) problems.push('no math on the page');
  for (const math of formulas) {
    const b = box(math);
    if (!(b.width > 0 && b.height > 0)) problems.push('empty box: ' + math.textContent);
    if (!getComputedStyle(math).display.includes('math'))
      problems.push('not laid out as math: ' + getComputedStyle(math).display);
  }
  for (const el of document.querySelectorAll(selector + ' msub, ' + selector + ' msup')) {
    const [base, script] = el.children;
    const shifted = el.tagName === 'msub' ? box(script).bottom > box(base).bottom
                                          : box(script).top < box(base).top;
    if (!shifted) problems.push('script not shifted: ' + el.textContent);
    if (!(size(script) < size(base))) problems.push('script not smaller: ' + el.textContent);
  }
  for (const el of document.querySelectorAll(selector + ' mfrac')) {
    const [top, bottom] = el.children;
    if (!(box(top).bottom <= box(bottom).top + 1))
      problems.push('flat fraction: ' + el.textContent);
  }
  const text = document.querySelector(selector).innerText;
  const tex = text.match(/\\(frac|sqrt|sum|mathbb|mathcal|epsilon|lambda|le|ge|log)\b/);
  if (tex) problems.push('TeX left in the text: ' + tex[0]);
  return problems;
})
