import { cleanup, render } from '@testing-library/react';
import type { ConsoleSupportMessage } from '@tidemark/contract';
import en from '@tidemark/i18n/locales/console/en.json';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18next } from '../../ui/i18n';
import { MessageBubble } from './message-bubble';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
afterEach(cleanup);

const XSS = [
  '<script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 1">',
  '<a href="javascript:window.__pwned=1">click</a>',
  '<svg onload="window.__pwned = 1"><script>window.__pwned = 1</script></svg>',
];

function message(content: string, from: ConsoleSupportMessage['from']): ConsoleSupportMessage {
  return {
    id: 1,
    from,
    content,
    uploadId: null,
    imageUrl: null,
    at: 0,
    read: true,
    operator: 'agent',
  };
}

describe('MessageBubble', () => {
  it.each(XSS.flatMap((text) => [[text, 'user'] as const, [text, 'support'] as const]))(
    'shows %s from %s as the very text, with no element made of it',
    (text, from) => {
      const { container } = render(
        <ul>
          <MessageBubble message={message(text, from)} />
        </ul>,
      );
      const paragraph = container.querySelector('.support-msg__text');
      expect(paragraph?.textContent).toBe(text);
      expect(paragraph?.children).toHaveLength(0);
      expect(container.querySelector('script, img, a, svg, iframe')).toBeNull();
      expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    },
  );
});
