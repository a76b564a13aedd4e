import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  commonCalls,
  consoleCalls,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_RATE,
  supportCalls as s,
  supportConsoleCalls as sc,
  supportVisitorChannel,
  type SupportMessageEvent,
} from '@tidemark/contract';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness';
import {
  auditRows,
  consoleCall,
  newOperator,
  newTrader,
  pngImage,
  startConsoleServer,
  traderMultipart,
  type Trader,
} from '../console/console.test-support';
import { loggedUrl } from '../../app';
import { SUPPORT_LIVE_PATH } from './support.live';

let server: TestServer;
let admin: string;
let agent: { id: number; token: string };
beforeAll(async () => {
  ({ server, admin } = await startConsoleServer());
  agent = await newOperator(server, admin, 'support');
});
afterAll(() => server.close());

/** Spaces the messages of a test out so the per-conversation rate limit is not what it meets. */
function pace() {
  server.clock.advance(SUPPORT_RATE.windowMs);
}

function send(trader: Trader | null, fields: Record<string, string | Buffer>) {
  return traderMultipart(server, s.insertMessage, trader?.token ?? '', fields);
}

async function conversationIdOf(userId: number): Promise<number> {
  const row = await server.app.db
    .selectFrom('support_conversations')
    .select('id')
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The console's live inbox feed, open and accepted. */
async function consoleLive(token: string) {
  const socket = new WebSocket(
    `${server.url.replace('http', 'ws')}${SUPPORT_LIVE_PATH}?token=${token}`,
  );
  const frames: { channel: string; data: { conversationId: number; messageId: number | null } }[] =
    [];
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (raw: Buffer) => {
      const text = raw.toString('utf8');
      if (text === 'success') return resolve();
      frames.push(JSON.parse(text) as (typeof frames)[number]);
    });
    socket.on('close', (code) => reject(new Error(`closed ${code}`)));
    socket.on('error', reject);
  });
  const next = async (match: (f: (typeof frames)[number]) => boolean) => {
    for (let i = 0; i < 100; i++) {
      const hit = frames.find(match);
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('no console frame');
  };
  return { socket, frames, next };
}

describe('a message each way over the socket', () => {
  it('trader -> operator (console feed) and operator -> trader (user channel), unread counts move', async () => {
    const trader = await newTrader(server);
    const live = await consoleLive(agent.token);
    const sub = await server.subscribe(['user'], trader.token);

    const sent = await send(trader, { content: 'Where is my deposit?' });
    expect(sent).toMatchObject({ status: 1 });
    expect(sent.data).toMatchObject({
      from: 'user',
      content: 'Where is my deposit?',
      read: false,
      imageUrl: null,
    });
    const conversationId = await conversationIdOf(trader.userId);
    await live.next(
      (f) => f.data.messageId === sent.data.id && f.data.conversationId === conversationId,
    );

    const inbox = await consoleCall(
      server,
      sc.listSupportConversations,
      {},
      { token: agent.token },
    );
    const row = inbox.data.list.find((c) => c.id === conversationId)!;
    expect(row).toMatchObject({ userId: trader.userId, unread: 1, status: 'open', online: false });
    expect(row.waitingSince).toBe(sent.data.at);

    pace();
    const reply = await consoleCall(
      server,
      sc.sendSupportMessage,
      { id: conversationId, content: 'It is credited now.' },
      { token: agent.token },
    );
    expect(reply).toMatchObject({ status: 1 });
    const frame = await sub.next(
      (f) => (f.data as SupportMessageEvent).message?.from === 'support',
    );
    expect(frame.channel).toBe('user');
    expect(frame.data).toMatchObject({
      event: 'support.message',
      unread: 1,
      message: { id: reply.data.id, from: 'support', content: 'It is credited now.' },
    });

    expect((await server.call(s.findUserReadCount, {}, { token: trader.token })).data).toEqual({
      unread: 1,
    });
    const after = (
      await consoleCall(
        server,
        sc.supportConversation,
        { id: conversationId },
        { token: agent.token },
      )
    ).data;
    expect(after.conversation).toMatchObject({
      unread: 0,
      waitingSince: null,
      assignedTo: { id: agent.id },
    });
    expect((await server.call(s.updateUserRead, {}, { token: trader.token })).data).toEqual({
      unread: 0,
    });
    expect((await server.call(s.findUserReadCount, {}, { token: trader.token })).data).toEqual({
      unread: 0,
    });

    const history = await server.call(
      s.findMessageList,
      { page: 1, pageSize: 20 },
      { token: trader.token },
    );
    expect(history.data.list.map((m) => [m.from, m.read])).toEqual([
      ['user', true],
      ['support', true],
    ]);
    sub.close();
    live.socket.close();
  });
});

describe('paging, images and whose conversation', () => {
  it('pages newest last and serves images only to their conversation', async () => {
    const trader = await newTrader(server);
    for (let i = 1; i <= 5; i++) {
      pace();
      expect((await send(trader, { content: `m${i}` })).status).toBe(1);
    }
    pace();
    const withImage = await send(trader, { content: '', image: await pngImage(2) });
    expect(withImage.data.imageUrl).toBe(`/kefu/kefuApi/messageImage?id=${withImage.data.id}`);
    const page1 = await server.call(
      s.findMessageList,
      { page: 1, pageSize: 4 },
      { token: trader.token },
    );
    expect(page1.data.total).toBe(6);
    expect(page1.data.list.map((m) => m.content)).toEqual(['m3', 'm4', 'm5', '']);
    const page2 = await server.call(
      s.findMessageList,
      { page: 2, pageSize: 4 },
      { token: trader.token },
    );
    expect(page2.data.list.map((m) => m.content)).toEqual(['m1', 'm2']);

    const own = await server.fetch(`${withImage.data.imageUrl!}`, {
      headers: { appToken: trader.token },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/jpeg');

    const other = await newTrader(server);
    const stolen = await server.call(
      s.findMessageImage,
      { id: withImage.data.id },
      { token: other.token },
    );
    expect(stolen).toMatchObject({ status: '404' });
    // The other trader's own list and count hold nothing of the first one's.
    expect((await server.call(s.findMessageList, {}, { token: other.token })).data.total).toBe(0);
    expect((await server.call(s.findUserReadCount, {}, { token: other.token })).data.unread).toBe(
      0,
    );
    // A visitor id cannot reach a trader's conversation either.
    const asVisitor = await server.call(s.findMessageImage, {
      id: withImage.data.id,
      visitorId: 'v'.repeat(30),
    });
    expect(asVisitor).toMatchObject({ status: '404' });
  });

  it('needs a token or a visitor id', async () => {
    expect(await server.call(s.findMessageList, {})).toMatchObject({ status: '401' });
    expect(await server.call(s.findMessageList, { visitorId: 'short' })).toMatchObject({
      code: 'invalidInput',
    });
  });
});

describe('refusals', () => {
  it('refuses an empty message (SPEC.md section 5) and an oversized one, writing nothing', async () => {
    const trader = await newTrader(server);
    for (const content of ['', '   \n\t ']) {
      const answer = await send(trader, { content });
      expect(answer).toMatchObject({
        status: '400',
        code: 'messageEmpty',
        enMsg: 'Message cannot be empty',
      });
    }
    const long = await send(trader, { content: 'x'.repeat(SUPPORT_MESSAGE_MAX + 1) });
    expect(long).toMatchObject({
      code: 'messageTooLong',
      enMsg: `Message is too long: at most ${SUPPORT_MESSAGE_MAX} characters`,
    });
    // Code points, not UTF-16 units: the longest message of emoji is accepted.
    expect((await send(trader, { content: '😀'.repeat(SUPPORT_MESSAGE_MAX) })).status).toBe(1);
    const notImage = await send(trader, { image: Buffer.from('<svg onload="alert(1)"></svg>') });
    expect(notImage).toMatchObject({ code: 'uploadNotImage' });
    const conversationId = await conversationIdOf(trader.userId);
    const empty = await consoleCall(
      server,
      sc.sendSupportMessage,
      { id: conversationId, content: '  ' },
      { token: agent.token },
    );
    expect(empty).toMatchObject({ code: 'messageEmpty' });
    const total = (await server.call(s.findMessageList, {}, { token: trader.token })).data.total;
    expect(total).toBe(1);
  });

  it('limits the messages of one conversation per window, and says how long to wait', async () => {
    const trader = await newTrader(server);
    pace();
    for (let i = 0; i < SUPPORT_RATE.max; i++)
      expect((await send(trader, { content: `n${i}` })).status).toBe(1);
    const refused = await send(trader, { content: 'one more' });
    expect(refused).toMatchObject({ status: '429', code: 'tooManyWaitSeconds' });
    // Another trader is not held back by this one.
    expect((await send(await newTrader(server), { content: 'hello' })).status).toBe(1);
    pace();
    expect((await send(trader, { content: 'later' })).status).toBe(1);
  });
});

const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(document.cookie)">',
  '<a href="javascript:alert(1)">click</a>',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)>',
  '"><iframe src="javascript:alert(1)"></iframe>',
  "';alert(String.fromCharCode(88,83,83))//",
  '<body onload=alert(1)>&lt;b&gt;',
];

describe('an XSS corpus is stored and answered as the very text', () => {
  it('both ways, unchanged and unescaped (the apps show it as text)', async () => {
    const trader = await newTrader(server);
    const conversationId = await (async () => {
      pace();
      await send(trader, { content: 'start' });
      return conversationIdOf(trader.userId);
    })();
    for (const text of XSS) {
      pace();
      const mine = await send(trader, { content: text });
      expect(mine.data.content).toBe(text);
      const theirs = await consoleCall(
        server,
        sc.sendSupportMessage,
        { id: conversationId, content: text },
        { token: agent.token },
      );
      expect(theirs.data.content).toBe(text);
    }
    const list = await server.call(s.findMessageList, { pageSize: 100 }, { token: trader.token });
    expect(list.data.list.slice(1).map((m) => m.content)).toEqual(XSS.flatMap((t) => [t, t]));
    const consoleList = await consoleCall(
      server,
      sc.listSupportMessages,
      { id: conversationId, pageSize: 100 },
      { token: agent.token },
    );
    expect(consoleList.data.list.slice(1).map((m) => m.content)).toEqual(
      XSS.flatMap((t) => [t, t]),
    );
    const rows = await server.app.db
      .selectFrom('support_messages')
      .select('content')
      .where('conversation_id', '=', BigInt(conversationId))
      .execute();
    expect(rows.map((r) => r.content)).toEqual(expect.arrayContaining(XSS));
  });
});

describe('visitors', () => {
  it('chat from the login page live, and login merges the conversation into the trader’s', async () => {
    const visitorId = 'Vis1tor_' + 'a1B2c3D4e5F6g7H8i9J0';
    const sub = await server.subscribe([supportVisitorChannel(visitorId)]);
    pace();
    const sent = await send(null, { content: 'Cannot log in', visitorId });
    expect(sent).toMatchObject({ status: 1, data: { from: 'user' } });
    const visitorRow = await server.app.db
      .selectFrom('support_conversations')
      .selectAll()
      .where('visitor_id', '=', visitorId)
      .executeTakeFirstOrThrow();
    const inbox = await consoleCall(
      server,
      sc.supportConversation,
      { id: Number(visitorRow.id) },
      { token: agent.token },
    );
    expect(inbox.data).toMatchObject({ conversation: { userId: null, account: '' }, trader: null });
    const reply = await consoleCall(
      server,
      sc.sendSupportMessage,
      { id: Number(visitorRow.id), content: 'Try resetting the password' },
      { token: agent.token },
    );
    const frame = await sub.next(
      (f) =>
        f.channel === supportVisitorChannel(visitorId) &&
        (f.data as SupportMessageEvent).message.from === 'support',
    );
    expect(frame.data).toMatchObject({
      event: 'support.message',
      unread: 1,
      message: { id: reply.data.id },
    });
    expect((await server.call(s.findUserReadCount, { visitorId })).data.unread).toBe(1);
    sub.close();

    // Someone else's visitor id sees nothing of it.
    expect((await server.call(s.findMessageList, { visitorId: 'X'.repeat(30) })).data.total).toBe(
      0,
    );

    const trader = await newTrader(server);
    pace();
    await send(trader, { content: 'Logged in now' });
    const merged = await traderMultipart(server, s.mergeVisitor, trader.token, { visitorId });
    expect(merged).toMatchObject({ status: 1, data: { merged: 2 } });
    const list = await server.call(s.findMessageList, {}, { token: trader.token });
    expect(list.data.list.map((m) => m.content)).toEqual([
      'Cannot log in',
      'Try resetting the password',
      'Logged in now',
    ]);
    expect((await server.call(s.findUserReadCount, {}, { token: trader.token })).data.unread).toBe(
      1,
    );
    expect((await server.call(s.findMessageList, { visitorId })).data.total).toBe(0);
    expect(
      (await traderMultipart(server, s.mergeVisitor, trader.token, { visitorId })).data.merged,
    ).toBe(0);
  });
});

describe('visitor conversations per address', () => {
  it('opens only a few new ones per hour from one address', async () => {
    server.clock.advance(2 * 3_600_000);
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(await send(null, { content: 'hi', visitorId: `flood${i}`.padEnd(24, 'x') }));
    }
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([1, 1, 1, 1, 1]);
    expect(answers[5]).toMatchObject({ status: '429', code: 'tooManyWaitMinutes' });
    // An existing visitor conversation goes on; a trader is never held back by it.
    pace();
    expect(
      (await send(null, { content: 'again', visitorId: 'flood0'.padEnd(24, 'x') })).status,
    ).toBe(1);
    server.clock.advance(3_600_000);
    expect((await send(null, { content: 'hi', visitorId: 'flood6'.padEnd(24, 'x') })).status).toBe(
      1,
    );
  });
});

describe('the console inbox', () => {
  it('assigns, closes and reopens, audited; a reviewer may not; canned replies are stored and editable', async () => {
    const trader = await newTrader(server);
    pace();
    await send(trader, { content: 'help' });
    const id = await conversationIdOf(trader.userId);

    const reviewer = await newOperator(server, admin, 'reviewer');
    expect(
      await consoleCall(server, sc.listSupportConversations, {}, { token: reviewer.token }),
    ).toMatchObject({ status: '403' });
    const live = await consoleLive(admin);
    const assigned = await consoleCall(
      server,
      sc.assignSupportConversation,
      { id, operatorId: agent.id },
      { token: admin },
    );
    expect(assigned.data.assignedTo).toEqual({ id: agent.id, username: expect.any(String) });
    await live.next((f) => f.data.conversationId === id);
    live.socket.close();
    expect(
      await consoleCall(
        server,
        sc.assignSupportConversation,
        { id, operatorId: reviewer.id },
        { token: admin },
      ),
    ).toMatchObject({ code: 'supportAgentInvalid' });
    const mine = await consoleCall(
      server,
      sc.listSupportConversations,
      { mine: 'true', status: 'all' },
      { token: agent.token },
    );
    expect(mine.data.list.map((c) => c.id)).toContain(id);

    const closed = await consoleCall(
      server,
      sc.setSupportConversationStatus,
      { id, status: 'closed' },
      { token: agent.token },
    );
    expect(closed.data.status).toBe('closed');
    const open = await consoleCall(server, sc.listSupportConversations, {}, { token: agent.token });
    expect(open.data.list.map((c) => c.id)).not.toContain(id);
    // A new message from the trader reopens it.
    pace();
    await send(trader, { content: 'still there?' });
    expect(
      (await consoleCall(server, sc.supportConversation, { id }, { token: agent.token })).data
        .conversation.status,
    ).toBe('open');

    const audits = (await auditRows(server)).filter(
      (r) => r.target_type === 'supportConversation' && r.target_id === String(id),
    );
    expect(audits.map((r) => r.action)).toEqual(
      expect.arrayContaining(['support.assign', 'support.close']),
    );

    const saved = await consoleCall(
      server,
      sc.saveCannedReply,
      { title: 'Greeting', body: 'Hello, how can we help?' },
      { token: agent.token },
    );
    expect(saved).toMatchObject({ status: 1, data: { title: 'Greeting' } });
    const edited = await consoleCall(
      server,
      sc.saveCannedReply,
      { id: saved.data.id, title: 'Greeting', body: 'Hi! How can we help?' },
      { token: agent.token },
    );
    expect(edited.data.body).toBe('Hi! How can we help?');
    expect(
      (await consoleCall(server, sc.listCannedReplies, {}, { token: agent.token })).data,
    ).toContainEqual(edited.data);
    expect(
      (
        await consoleCall(
          server,
          sc.deleteCannedReply,
          { id: saved.data.id },
          { token: agent.token },
        )
      ).status,
    ).toBe(1);
    expect(
      (await consoleCall(server, sc.listCannedReplies, {}, { token: agent.token })).data.map(
        (c) => c.id,
      ),
    ).not.toContain(saved.data.id);
    expect(
      (await consoleCall(server, sc.listSupportAgents, {}, { token: agent.token })).data.map(
        (a) => a.id,
      ),
    ).toContain(agent.id);
  });

  it("shows the trader's summary and whether they are online", async () => {
    const trader = await newTrader(server);
    pace();
    await send(trader, { content: 'hi' });
    await server.call(commonCalls.findOnline, {}, { token: trader.token });
    const id = await conversationIdOf(trader.userId);
    const summary = await consoleCall(
      server,
      sc.supportConversation,
      { id },
      { token: agent.token },
    );
    expect(summary.data.conversation.online).toBe(true);
    expect(summary.data.trader).toMatchObject({
      userId: trader.userId,
      account: trader.email,
      verifyLevel: 0,
      primary: 'notCertified',
      openWithdrawals: [],
      loans: [],
    });
    server.clock.advance(10 * 60_000);
    expect(
      (await consoleCall(server, sc.supportConversation, { id }, { token: agent.token })).data
        .conversation.online,
    ).toBe(false);
  });

  it('closes the live feed once the operator’s session has ended', async () => {
    const other = await newOperator(server, admin, 'support');
    const live = await consoleLive(other.token);
    const closed = new Promise<number>((resolve) =>
      live.socket.on('close', (code) => resolve(code)),
    );
    expect(
      (await consoleCall(server, consoleCalls.logout, {}, { token: other.token })).status,
    ).toBe(1);
    live.socket.send('1');
    expect(await closed).toBe(4401);
  });

  it('refuses the live feed without a support or admin token', async () => {
    const reviewer = await newOperator(server, admin, 'reviewer');
    await expect(consoleLive(reviewer.token)).rejects.toThrow('closed 4401');
    await expect(consoleLive('nonsense')).rejects.toThrow('closed 4401');
  });
});

describe('the external customer service link', () => {
  it('is offered only when configured as an https/local URL that answers 200', async () => {
    // Seeded: the in-app chat.
    expect((await server.call(s.findServiceLink, {})).data).toEqual({ externalUrl: null });
    let status = 200;
    const desk = http.createServer((_req, res) => res.writeHead(status).end('desk'));
    await new Promise<void>((r) => desk.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(desk.address() as AddressInfo).port}/chat`;
    const setUrl = (value: string) =>
      server.app.db
        .updateTable('app_config')
        .set({ value })
        .where('key', '=', 'serviceUrl')
        .execute();
    try {
      await setUrl(url);
      expect((await server.call(s.findServiceLink, {})).data).toEqual({ externalUrl: url });
      status = 503;
      server.clock.advance(61_000);
      expect((await server.call(s.findServiceLink, {})).data).toEqual({ externalUrl: null });
      await setUrl('http://example.com/not-https');
      expect((await server.call(s.findServiceLink, {})).data).toEqual({ externalUrl: null });
    } finally {
      await setUrl('#/pages/index/service');
      desk.close();
    }
  });
});

describe('the external desk setting in the console', () => {
  it('an admin sets it (checked, audited), support only reads it; a bad URL is refused', async () => {
    const desk = http.createServer((_req, res) => res.writeHead(200).end('desk'));
    await new Promise<void>((r) => desk.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(desk.address() as AddressInfo).port}/chat`;
    try {
      expect(
        (await consoleCall(server, sc.supportDeskSetting, {}, { token: agent.token })).data,
      ).toEqual({ url: null, answering: null });
      expect(
        await consoleCall(server, sc.setSupportDesk, { url }, { token: agent.token }),
      ).toMatchObject({ status: '403' });
      for (const bad of ['javascript:alert(1)', 'http://example.com/desk', 'desk', 'https://']) {
        expect(
          await consoleCall(server, sc.setSupportDesk, { url: bad }, { token: admin }),
          bad,
        ).toMatchObject({ status: '400', code: 'invalidInput' });
      }
      expect(
        (await consoleCall(server, sc.setSupportDesk, { url: ` ${url} ` }, { token: admin })).data,
      ).toEqual({ url, answering: true });
      // The app now offers it, and findConfigByKey names it.
      expect((await server.call(s.findServiceLink, {})).data).toEqual({ externalUrl: url });
      const audits = (await auditRows(server)).filter((r) => r.action === 'support.desk');
      expect(audits).toHaveLength(1);
      expect(audits[0]?.target_id).toBe('serviceUrl');

      expect(
        (await consoleCall(server, sc.setSupportDesk, { url: '' }, { token: admin })).data,
      ).toEqual({ url: null, answering: null });
      expect((await server.call(s.findServiceLink, {})).data).toEqual({ externalUrl: null });
    } finally {
      desk.close();
    }
  });
});

describe('the log', () => {
  it('never holds a visitor id (the app sends it in the query) nor a token', () => {
    const id = 'Vis1tor_id-0123456789abcdefgh';
    for (const url of [
      `/kefu/kefuApi/findUserReadCount?visitorId=${id}`,
      `/kefu/kefuApi/messageImage?id=3&visitorId=${id}`,
      `/kefu/kefuApi/findMessageList?page=1&visitorId=${id}&pageSize=30`,
      `${SUPPORT_LIVE_PATH}?token=${id}`,
    ]) {
      const logged = loggedUrl(url);
      expect(logged, url).not.toContain(id);
      expect(logged).toContain('[redacted]');
    }
    expect(loggedUrl(`/kefu/kefuApi/findMessageList?page=1&visitorId=${id}&pageSize=30`)).toBe(
      '/kefu/kefuApi/findMessageList?page=1&visitorId=[redacted]&pageSize=30',
    );
  });
});
