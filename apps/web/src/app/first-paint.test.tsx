// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { LANGUAGE_CODES } from '@tidemark/i18n';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next } from '../ui/i18n';
import { App } from './app';
import { FIRST_PAINT_ATTRIBUTE, renderFirstPaints } from './first-paint';
import { HOME_PAGE } from './routes';

/**
 * What a tree shows: each element's tag, classes, role and label, and its text, in order (style
 * and comments aside: the server's and the browser's serialisations of them differ).
 */
function outline(node: Node, out: string[] = []): string[] {
  if (node.nodeType === 3) {
    const text = node.textContent?.trim();
    if (text) out.push(`"${text}"`);
  } else if (node.nodeType === 1) {
    const el = node as Element;
    const attrs = ['class', 'role', 'aria-label', 'type']
      .map((name) => (el.hasAttribute(name) ? `${name}=${el.getAttribute(name)}` : ''))
      .filter(Boolean);
    out.push(`<${el.tagName.toLowerCase()} ${attrs.join(' ')}>`);
    for (const child of el.childNodes) outline(child, out);
    out.push(`</${el.tagName.toLowerCase()}>`);
  }
  return out;
}

let paints: Awaited<ReturnType<typeof renderFirstPaints>>;
beforeAll(async () => {
  paints = await renderFirstPaints();
  await HOME_PAGE.preload();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("home's first paint sent with index.html", () => {
  it('is the first render of the app for a visitor, in each of the eleven languages', async () => {
    // The market data stays on its way: the first render shows the list waiting for it.
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => undefined));
    window.location.hash = '#/';
    expect(Object.keys(paints).sort()).toEqual([...LANGUAGE_CODES].sort());
    for (const code of LANGUAGE_CODES) {
      await act(async () => {
        await i18next.changeLanguage(code);
      });
      const sent = document.createElement('div');
      sent.innerHTML = paints[code];
      const root = sent.firstElementChild!;
      expect(root.getAttribute(FIRST_PAINT_ATTRIBUTE), code).toBe('');
      expect(root.hasAttribute('inert'), code).toBe(true);

      const { container } = render(<App />);
      expect(outline(container.firstElementChild!), code).toEqual(outline(root));
      // The visitor's headline, in the language (the largest paint of the page).
      expect(root.querySelector('.account-card__headline')?.textContent, code).toBe(
        i18next.t('home.visitorTitle'),
      );
      cleanup();
    }
  });
});
