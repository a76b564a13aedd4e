import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { SupportMessage } from '@tidemark/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../api/client', () => ({
  request: async () => undefined,
  requestBlob: async () => new Blob(),
}));

const { ChatMessage } = await import('./chat-message');

const XSS = [
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 1">',
  '<a href="javascript:window.__pwned=1">click</a>',
  '<svg onload="window.__pwned = 1"><script>window.__pwned = 1</script></svg>',
];

afterEach(cleanup);

function show(content: string, from: SupportMessage['from']) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <ul>
        <ChatMessage
          message={{ id: 1, from, content, imageUrl: null, at: 0, read: false }}
          time="12:00"
        />
      </ul>
    </QueryClientProvider>,
  );
}

describe('ChatMessage', () => {
  it.each(XSS.flatMap((text) => [[text, 'user'] as const, [text, 'support'] as const]))(
    'shows %s from %s as the very text, with no element made of it',
    (text, from) => {
      const { container } = show(text, from);
      const paragraph = container.querySelector('.chat-msg__text');
      expect(paragraph?.textContent).toBe(text);
      expect(paragraph?.children).toHaveLength(0);
      expect(container.querySelector('script, img, a, svg, iframe')).toBeNull();
      expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    },
  );

  it('keeps the line breaks the writer typed', () => {
    const { container } = show('line one\nline two', 'user');
    expect(container.querySelector('.chat-msg__text')?.textContent).toBe('line one\nline two');
  });
});
