import { contentCalls, PUBLIC_CONFIG_KEYS, type Envelope } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../lib/version';
import { startServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const NOT_FOUND = {
  status: '404',
  code: 'notFound',
  enMsg: 'The requested item does not exist',
  cnMsg: expect.any(String),
  data: null,
};

const INVALID = {
  status: '400',
  code: 'invalidInput',
  enMsg: 'Invalid input, please check and try again',
  cnMsg: expect.any(String),
  data: null,
};

function callLoose(def: (typeof contentCalls)[keyof typeof contentCalls], input: object) {
  return server.call(def, input as never) as Promise<Envelope<unknown>>;
}

describe('getVsersion', () => {
  it('answers the web app version for type 2', async () => {
    const answer = await server.call(contentCalls.getVsersion, { type: 2 });
    expect(answer).toMatchObject({ status: 1, code: 'operation' });
    expect(answer.data).toEqual({
      type: 2,
      version: APP_VERSION,
      releasedAt: expect.any(Number),
      notes: '',
    });
    expect(Number.isInteger(answer.data.releasedAt)).toBe(true);
    expect(answer.data.releasedAt).toBeGreaterThan(1_600_000_000_000);
  });

  it('defaults to type 2 and echoes another type', async () => {
    expect((await server.call(contentCalls.getVsersion, {})).data.type).toBe(2);
    expect((await server.call(contentCalls.getVsersion, { type: 1 })).data.type).toBe(1);
  });

  it('answers the release notes from the configuration', async () => {
    await server.app.db
      .insertInto('app_config')
      .values({ key: 'releaseNotes', value: 'Faster charts', is_public: 0n, updated_at: 0n })
      .execute();
    try {
      expect((await server.call(contentCalls.getVsersion, { type: 2 })).data.notes).toBe(
        'Faster charts',
      );
      // Not a public key: findConfigByKey does not answer it.
      expect(await callLoose(contentCalls.findConfigByKey, { configKey: 'releaseNotes' })).toEqual(
        NOT_FOUND,
      );
    } finally {
      await server.app.db.deleteFrom('app_config').where('key', '=', 'releaseNotes').execute();
    }
  });

  it.each(['0', '10', 'abc', '2.5', '-1'])('refuses type %j with invalidInput', async (type) => {
    expect(await callLoose(contentCalls.getVsersion, { type })).toEqual(INVALID);
  });
});

describe('findConfigByKey', () => {
  const expected: Record<(typeof PUBLIC_CONFIG_KEYS)[number], string> = {
    logo: '/logo.svg',
    serviceUrl: '#/pages/index/service',
    withdrawRate: '0.001',
    miningData: '{"active":false}',
  };

  it.each([...PUBLIC_CONFIG_KEYS])('answers the public key %s', async (configKey) => {
    const answer = await server.call(contentCalls.findConfigByKey, { configKey });
    expect(answer).toMatchObject({ status: 1, code: 'operation' });
    expect(answer.data).toEqual({ configKey, configValue: expected[configKey] });
  });

  it('answers miningData as JSON text', async () => {
    const answer = await server.call(contentCalls.findConfigByKey, { configKey: 'miningData' });
    expect(JSON.parse(answer.data.configValue)).toEqual({ active: false });
  });

  it.each(['unknown', 'LOGO', 'newsignSecret', ''])(
    'answers the unknown key %j with 404 notFound',
    async (configKey) => {
      expect(await callLoose(contentCalls.findConfigByKey, { configKey })).toEqual(NOT_FOUND);
    },
  );

  it('answers a missing key with notFound', async () => {
    expect(await callLoose(contentCalls.findConfigByKey, {})).toEqual(NOT_FOUND);
  });

  it('hides a key the operator made private', async () => {
    await server.app.db
      .updateTable('app_config')
      .set({ is_public: 0n })
      .where('key', '=', 'withdrawRate')
      .execute();
    try {
      expect(
        await server.call(contentCalls.findConfigByKey, { configKey: 'withdrawRate' }),
      ).toEqual(NOT_FOUND);
    } finally {
      await server.app.db
        .updateTable('app_config')
        .set({ is_public: 1n })
        .where('key', '=', 'withdrawRate')
        .execute();
    }
    expect(
      (await server.call(contentCalls.findConfigByKey, { configKey: 'withdrawRate' })).data,
    ).toEqual({ configKey: 'withdrawRate', configValue: '0.001' });
  });
});

describe('findByBannerList', () => {
  const seeded = [
    {
      title: 'Practise with 100,000 demo USDT',
      imageUrl: '/banners/demo.svg',
      link: '#/pages/login/register',
    },
    {
      title: 'Learn to trade in the growth academy',
      imageUrl: '/banners/academy.svg',
      link: '#/pages/growthAcademy/index',
    },
  ];

  it('answers the seeded home banners for bannerType 1, in order', async () => {
    const answer = await server.call(contentCalls.findByBannerList, { bannerType: 1 });
    expect(answer).toMatchObject({ status: 1, code: 'operation' });
    expect(answer.data).toEqual(
      seeded.map((b) => ({ ...b, id: expect.any(Number), bannerType: 1 })),
    );
    for (const banner of answer.data) {
      expect(Object.keys(banner).sort()).toEqual(['bannerType', 'id', 'imageUrl', 'link', 'title']);
    }
    expect(new Set(answer.data.map((b) => b.id)).size).toBe(2);
  });

  it('defaults to the home banners', async () => {
    const answer = await server.call(contentCalls.findByBannerList, {});
    expect(answer.data.map((b) => b.title)).toEqual(seeded.map((b) => b.title));
  });

  it("answers a language's own banners, English where it has none", async () => {
    const german = await server.call(contentCalls.findByBannerList, { bannerType: 1, lang: 'de' });
    expect(german.data.map((b) => b.title)).toEqual([
      'Üben mit 100.000 Demo-USDT',
      'Handeln lernen in der Growth Academy',
    ]);
    await server.app.db
      .updateTable('banners')
      .set({ active: 0n })
      .where('lang', '=', 'kr')
      .execute();
    try {
      const korean = await server.call(contentCalls.findByBannerList, {
        bannerType: 1,
        lang: 'kr',
      });
      expect(korean.data.map((b) => b.title)).toEqual(seeded.map((b) => b.title));
    } finally {
      await server.app.db
        .updateTable('banners')
        .set({ active: 1n })
        .where('lang', '=', 'kr')
        .execute();
    }
  });

  it('answers an empty list for bannerType 2', async () => {
    const answer = await server.call(contentCalls.findByBannerList, { bannerType: 2 });
    expect(answer).toMatchObject({ status: 1, data: [] });
  });

  it('leaves out an inactive banner', async () => {
    const [first] = (await server.call(contentCalls.findByBannerList, { bannerType: 1 })).data;
    await server.app.db
      .updateTable('banners')
      .set({ active: 0n })
      .where('id', '=', BigInt(first!.id))
      .execute();
    try {
      const answer = await server.call(contentCalls.findByBannerList, { bannerType: 1 });
      expect(answer.data.map((b) => b.title)).toEqual(seeded.slice(1).map((b) => b.title));
    } finally {
      await server.app.db
        .updateTable('banners')
        .set({ active: 1n })
        .where('id', '=', BigInt(first!.id))
        .execute();
    }
  });

  it.each(['0', '3', 'home', '1.5'])(
    'refuses bannerType %j with invalidInput',
    async (bannerType) => {
      expect(await callLoose(contentCalls.findByBannerList, { bannerType })).toEqual(INVALID);
    },
  );
});
