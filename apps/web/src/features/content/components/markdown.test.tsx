import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

afterEach(cleanup);

function show(text: string) {
  return render(
    <MemoryRouter>
      <Markdown text={text} />
    </MemoryRouter>,
  ).container;
}

describe('Markdown', () => {
  it('renders the safe subset as elements', () => {
    const root = show(
      '## Fees\n\n- **1 USDT** on TRC20\n- *5 USDT* on ERC20\n\nSee [help](#/pages/index/helpCenter) or [docs](https://tidemark.dev).',
    );
    expect(root.querySelector('h4')?.textContent).toBe('Fees');
    expect(root.querySelectorAll('li')).toHaveLength(2);
    expect(root.querySelector('li strong')?.textContent).toBe('1 USDT');
    const links = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/pages/index/helpCenter', 'https://tidemark.dev']);
    expect(root.querySelector('a[target="_blank"]')?.getAttribute('rel')).toContain('noopener');
  });

  it('shows an XSS corpus as inert text', () => {
    const corpus = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[click](javascript:alert(3))',
      '<svg onload=alert(4)></svg>',
      '[data](data:text/html,<script>alert(5)</script>)',
    ].join('\n\n');
    const root = show(corpus);
    expect(root.querySelectorAll('script, img, svg, iframe')).toHaveLength(0);
    expect(root.querySelectorAll('a')).toHaveLength(0);
    expect(root.textContent).toContain('<script>alert(1)</script>');
    expect(root.textContent).toContain('[click](javascript:alert(3))');
    // The tags are text: no element carries an attribute of the corpus.
    const attributes = [...root.querySelectorAll('*')].flatMap((el) =>
      [...el.attributes].map((a) => a.name),
    );
    expect(attributes).toEqual(['class']);
  });
});
