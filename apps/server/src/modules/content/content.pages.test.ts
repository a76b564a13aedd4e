import {
  contentCalls,
  contentConsoleCalls as cc,
  parseMarkdown,
  type Announcement,
  type Block,
  type Envelope,
  type Inline,
} from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness';
import {
  auditRows,
  consoleCall,
  newOperator,
  startConsoleServer,
} from '../console/console.test-support';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  ({ server, admin } = await startConsoleServer());
});
afterAll(() => server.close());

const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(2)">',
  '[click me](javascript:alert(3))',
  '<svg onload=alert(4)><circle r="5"/></svg>',
  '<a href="javascript:alert(5)">five</a>',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCg2KTwvc2NyaXB0Pg==)',
  '<iframe src="https://evil.example"></iframe>',
].join('\n\n');

/** GET /api/announcements/:id (the harness's call does not fill path parameters). */
async function detail(id: number, lang: string) {
  const response = await server.fetch(`/api/announcements/${id}?lang=${lang}`);
  return (await response.json()) as Envelope<Announcement>;
}

function hrefs(blocks: Block[]): string[] {
  const walk = (nodes: Inline[]): string[] =>
    nodes.flatMap((n) =>
      n.type === 'link' ? [n.href, ...walk(n.children)] : 'children' in n ? walk(n.children) : [],
    );
  return blocks.flatMap((b) => (b.type === 'list' ? b.items.flatMap(walk) : walk(b.children)));
}

describe('seeded content', () => {
  it('answers 15 help questions, 3 announcements and 4 lessons in every language', async () => {
    for (const lang of ['en', 'zh', 'ar', 'hd'] as const) {
      const help = await server.call(contentCalls.findQuestionInfoList, { lang });
      expect(help.data).toHaveLength(15);
      expect(help.data.every((q) => q.lang === lang)).toBe(true);
      const news = await server.call(contentCalls.findAnnouncementList, {
        lang,
        page: 1,
        pageSize: 10,
      });
      expect(news.data.total).toBe(3);
      const lessons = await server.call(contentCalls.findNoviceCenterList, {
        lang,
        page: 1,
        pageSize: 10,
      });
      expect(lessons.data.list).toHaveLength(4);
      expect(lessons.data.list.every((l) => l.posterUrl.startsWith('/academy/'))).toBe(true);
    }
    const first = await server.call(contentCalls.findAnnouncementList, {
      lang: 'en',
      page: 1,
      pageSize: 1,
    });
    // Newest first: the welcome is the oldest.
    expect(first.data.list[0]!.title).toBe('Check every option settlement yourself');
  });

  it('searches the help centre in the asked language', async () => {
    const fees = await server.call(contentCalls.findQuestionInfoList, {
      lang: 'en',
      keyword: 'TRC20',
    });
    expect(fees.data.map((q) => q.question)).toEqual([
      'How do I deposit?',
      'What are the withdrawal fees and steps?',
    ]);
    const zh = await server.call(contentCalls.findQuestionInfoList, {
      lang: 'zh',
      keyword: '杠杆',
    });
    expect(zh.data.length).toBeGreaterThan(0);
    expect(zh.data.every((q) => `${q.question}${q.answer}`.includes('杠杆'))).toBe(true);
    const none = await server.call(contentCalls.findQuestionInfoList, {
      lang: 'en',
      keyword: 'no such words anywhere',
    });
    expect(none.data).toEqual([]);
  });

  it('an unknown language is English', async () => {
    const answer = await server.call(contentCalls.findQuestionInfoList, {
      lang: 'xx',
    } as never);
    expect(answer.data[0]).toMatchObject({
      lang: 'en',
      question: 'What is the difference between the demo and the real account?',
    });
  });
});

describe('operators write content', () => {
  it('an announcement written in English only is shown in English to every language', async () => {
    const saved = await consoleCall(
      server,
      cc.saveContentItem,
      {
        kind: 'announcement',
        texts: [
          { lang: 'en', title: 'Maintenance on Sunday', body: 'Trading pauses **briefly**.' },
        ],
      },
      { token: admin },
    );
    expect(saved.status).toBe(1);
    const id = saved.data.id;
    // A draft is not public yet.
    const hidden = await detail(id, 'en');
    expect(hidden.code).toBe('notFound');
    await consoleCall(
      server,
      cc.publishContentItem,
      { kind: 'announcement', id, published: true },
      { token: admin },
    );
    const japanese = await detail(id, 'jp');
    expect(japanese.data).toMatchObject({
      id,
      lang: 'en',
      title: 'Maintenance on Sunday',
      body: 'Trading pauses **briefly**.',
    });
    // Add German: German readers see it, Japanese still English.
    await consoleCall(
      server,
      cc.saveContentItem,
      {
        kind: 'announcement',
        id,
        texts: [
          { lang: 'en', title: 'Maintenance on Sunday', body: 'Trading pauses **briefly**.' },
          { lang: 'de', title: 'Wartung am Sonntag', body: 'Der Handel pausiert **kurz**.' },
        ],
      },
      { token: admin },
    );
    expect((await detail(id, 'de')).data.title).toBe('Wartung am Sonntag');
    const list = await server.call(contentCalls.findAnnouncementList, {
      lang: 'jp',
      page: 1,
      pageSize: 10,
    });
    expect(list.data.list[0]).toMatchObject({ id, lang: 'en' });
    // Unpublished: gone from the list and the detail.
    await consoleCall(
      server,
      cc.publishContentItem,
      { kind: 'announcement', id, published: false },
      { token: admin },
    );
    expect((await detail(id, 'en')).code).toBe('notFound');
    const actions = (await auditRows(server)).slice(0, 4).map((r) => r.action);
    expect(actions).toEqual([
      'content.unpublish',
      'content.edit',
      'content.publish',
      'content.create',
    ]);
  });

  it('refuses an item without English, and a javascript: link', async () => {
    const noEnglish = await consoleCall(
      server,
      cc.saveContentItem,
      { kind: 'help', texts: [{ lang: 'fr', title: 'Question', body: 'Réponse' }] },
      { token: admin },
    );
    expect(noEnglish.code).toBe('contentEnglishRequired');
    const badLink = await consoleCall(
      server,
      cc.saveContentBanner,
      {
        bannerType: 1,
        title: 'Bad',
        imageUrl: '/banners/demo.svg',
        link: 'javascript:alert(1)',
      },
      { token: admin },
    );
    expect(badLink.code).toBe('contentLinkInvalid');
  });

  it('stores an XSS corpus as written and every reader gets it as inert text', async () => {
    const saved = await consoleCall(
      server,
      cc.saveContentItem,
      { kind: 'help', texts: [{ lang: 'en', title: '<b onmouseover=alert(0)>Q</b>', body: XSS }] },
      { token: admin },
    );
    await consoleCall(
      server,
      cc.publishContentItem,
      { kind: 'help', id: saved.data.id, published: true },
      { token: admin },
    );
    const response = await server.fetch(
      `${contentCalls.findQuestionInfoList.path}?keyword=onerror`,
    );
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const found = ((await response.json()) as { data: { question: string; answer: string }[] })
      .data;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ question: '<b onmouseover=alert(0)>Q</b>', answer: XSS });
    // The apps' renderer: no unsafe link survives; tags stay text.
    const blocks = parseMarkdown(found[0]!.answer);
    expect(hrefs(blocks)).toEqual([]);
    const text = JSON.stringify(blocks);
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).toContain('javascript:alert(3)');
    expect(parseMarkdown('[ok](https://tidemark.dev/a) [in](#/pages/index/helpCenter)')).toEqual([
      {
        type: 'paragraph',
        children: [
          {
            type: 'link',
            href: 'https://tidemark.dev/a',
            children: [{ type: 'text', text: 'ok' }],
          },
          { type: 'text', text: ' ' },
          {
            type: 'link',
            href: '#/pages/index/helpCenter',
            children: [{ type: 'text', text: 'in' }],
          },
        ],
      },
    ]);
  });

  it('a support operator edits content; a reviewer may read but not write', async () => {
    const reviewer = (await newOperator(server, admin, 'reviewer')).token;
    const list = await consoleCall(
      server,
      cc.listContentItems,
      { kind: 'academy', page: 1, pageSize: 10 },
      { token: reviewer },
    );
    expect(list.data.total).toBe(4);
    expect(list.data.list[0]!.texts).toHaveLength(11);
    const refused = await consoleCall(
      server,
      cc.publishContentItem,
      { kind: 'academy', id: list.data.list[0]!.id, published: false },
      { token: reviewer },
    );
    expect(refused.code).toBe('forbidden');
  });
});

describe('lesson video', () => {
  async function videoUrl(): Promise<string> {
    const lessons = await server.call(contentCalls.findNoviceCenterList, {
      lang: 'en',
      page: 1,
      pageSize: 10,
    });
    const url = lessons.data.list.find((l) => l.videoUrl)!.videoUrl;
    expect(url).toMatch(/^\/api\/content\/media\/[a-f0-9]{24}\.webm$/);
    return url;
  }

  it('serves the whole file and byte ranges of it', async () => {
    const url = await videoUrl();
    const whole = await fetch(`${server.url}${url}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const bytes = new Uint8Array(await whole.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);

    const part = await fetch(`${server.url}${url}`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));

    const tail = await fetch(`${server.url}${url}`, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 10));

    const open = await fetch(`${server.url}${url}`, {
      headers: { range: `bytes=${bytes.length - 5}-` },
    });
    expect(open.headers.get('content-range')).toBe(
      `bytes ${bytes.length - 5}-${bytes.length - 1}/${bytes.length}`,
    );

    const beyond = await fetch(`${server.url}${url}`, {
      headers: { range: `bytes=${bytes.length}-` },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it('answers 404 for a name it did not store', async () => {
    for (const name of ['0123456789abcdef01234567.webm', '..%2Fseed.ts', 'x.webm']) {
      expect((await fetch(`${server.url}/api/content/media/${name}`)).status).toBe(404);
    }
  });

  it('an operator uploads a video and an image; other files are refused', async () => {
    const upload = async (bytes: Uint8Array, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), name);
      const response = await fetch(`${server.url}${cc.uploadContentMedia.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
        body: form,
      });
      return (await response.json()) as { status: number; code: string; data: { url: string } };
    };
    const mp4 = new Uint8Array(64);
    mp4.set([0, 0, 0, 0x20], 0);
    mp4.set(new TextEncoder().encode('ftypisom'), 4);
    const video = await upload(mp4, 'lesson.mp4');
    expect(video.status).toBe(1);
    expect(video.data.url).toMatch(/\.mp4$/);
    const served = await fetch(`${server.url}${video.data.url}`);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    const html = await upload(new TextEncoder().encode('<script>alert(1)</script>'), 'x.mp4');
    expect(html.code).toBe('contentMediaType');
  });
});

describe('site mail from operators', () => {
  it('to one trader, to a group and to everyone, audited', async () => {
    const a = await server.register();
    const b = await server.register();
    const idOf = async (token: string) =>
      (await server.call(contentCalls.findUserMsgList, { page: 1, pageSize: 1 }, { token })).data;
    const one = await consoleCall(
      server,
      cc.sendSiteMail,
      { audience: 'user', title: 'Hello', body: 'Just for you' },
      { token: admin },
    );
    expect(one.code).toBe('mailUserRequired');
    const users = await server.app.db.selectFrom('users').select('id').orderBy('id').execute();
    const total = users.length;
    const all = await consoleCall(
      server,
      cc.sendSiteMail,
      { audience: 'all', title: 'Welcome', body: 'Hello **everyone**' },
      { token: admin },
    );
    expect(all.data).toEqual({ sent: total });
    const group = await consoleCall(
      server,
      cc.sendSiteMail,
      { audience: 'group', verifyLevel: 2, title: 'Advanced', body: 'Only advanced' },
      { token: admin },
    );
    expect(group.data).toEqual({ sent: 0 });
    const last = users.at(-1)!;
    const single = await consoleCall(
      server,
      cc.sendSiteMail,
      { audience: 'user', userId: Number(last.id), title: 'Personal', body: 'Only you' },
      { token: admin },
    );
    expect(single.data).toEqual({ sent: 1 });
    expect((await idOf(b.token)).list[0]).toMatchObject({ title: 'Personal', read: false });
    expect((await idOf(a.token)).list[0]).toMatchObject({
      title: 'Welcome',
      body: 'Hello **everyone**',
    });
    const audit = (await auditRows(server)).slice(0, 3).map((r) => [r.action, r.target_id]);
    expect(audit).toEqual([
      ['mail.send', `user:${last.id}`],
      ['mail.send', 'group'],
      ['mail.send', 'all'],
    ]);
  });
});
