import fs from 'node:fs';
import { LANGUAGE_CODES, type LanguageCode } from '@tidemark/i18n';
import type { AppContext } from '../../http/context';
import { storeMedia } from './content.console';
import * as repo from './content.repository';

/**
 * First start: the help centre's answers (this platform's rules and configured defaults), three
 * announcements, four academy lessons (two with a video made for them) and two home banners, in all
 * eleven languages. Each part is seeded once, marked in app_config, so an operator who removes
 * or unpublishes a seeded item does not see it come back.
 */

interface SeedPack {
  help: [string, string][];
  announcements: [string, string][];
  academy: [string, string][];
  banners: [string, string];
}

const SEED_DIR = new URL('./seed/', import.meta.url);

function pack(lang: LanguageCode): SeedPack {
  return JSON.parse(fs.readFileSync(new URL(`${lang}.json`, SEED_DIR), 'utf8')) as SeedPack;
}

const LESSONS = [
  { poster: '/academy/candles.svg', video: 'candles.webm' },
  { poster: '/academy/spot-order.svg', video: null },
  { poster: '/academy/options.svg', video: 'options-60s.webm' },
  { poster: '/academy/leverage.svg', video: null },
] as const;

const HOME_BANNERS = [
  { image: '/banners/demo.svg', link: '#/pages/login/register' },
  { image: '/banners/academy.svg', link: '#/pages/growthAcademy/index' },
] as const;

const MARK = 'seed.content';

async function once(app: AppContext, part: string, work: () => Promise<void>): Promise<void> {
  const key = `${MARK}.${part}`;
  if (await repo.findConfig(app.db, key)) return;
  await work();
  await app.db
    .insertInto('app_config')
    .values({ key, value: '1', is_public: 0n, updated_at: BigInt(app.clock.now()) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function seedContent(app: AppContext): Promise<void> {
  const packs = new Map(LANGUAGE_CODES.map((lang) => [lang, pack(lang)] as const));
  const now = app.clock.now();
  const textsOf = (part: 'help' | 'announcements' | 'academy', index: number) =>
    LANGUAGE_CODES.map((lang) => {
      const [title, body] = packs.get(lang)![part][index]!;
      return { lang, title, body };
    });

  const seedItems = async (
    kind: repo.ItemKind,
    part: 'help' | 'announcements' | 'academy',
    media: (index: number) => Promise<{ poster_url: string; video_url: string }>,
  ) => {
    const count = packs.get('en')![part].length;
    for (let i = 0; i < count; i++) {
      const extra = await media(i);
      // Announcements oldest first, so the welcome is the oldest and the newest is on top.
      const at = BigInt(now - (count - i) * 60_000);
      await app.writer.run(async (trx) => {
        const id = await repo.insertItem(trx, kind, { sort: BigInt(i), now: at, ...extra });
        await repo.updateItem(trx, kind, id, { published: 1n, published_at: at, updated_at: at });
        await repo.replaceItemTexts(trx, kind, id, textsOf(part, i));
      });
    }
  };
  const none = async () => ({ poster_url: '', video_url: '' });

  await once(app, 'help', () => seedItems('help', 'help', none));
  await once(app, 'announcements', () => seedItems('announcement', 'announcements', none));
  await once(app, 'academy', () =>
    seedItems('academy', 'academy', async (i) => {
      const lesson = LESSONS[i]!;
      let video = '';
      if (lesson.video) {
        const bytes = fs.readFileSync(new URL(lesson.video, SEED_DIR));
        const stored = await storeMedia(app, bytes, null, (work) =>
          app.writer.run((trx) => work(trx)),
        );
        video = stored.url;
      }
      return { poster_url: lesson.poster, video_url: video };
    }),
  );
  await once(app, 'banners', async () => {
    const existing = await repo.allBanners(app.db);
    if (existing.length > 0) return;
    await app.db
      .insertInto('banners')
      .values(
        LANGUAGE_CODES.flatMap((lang) =>
          HOME_BANNERS.map((banner, i) => ({
            banner_type: 1n,
            lang,
            title: packs.get(lang)!.banners[i]!,
            image_url: banner.image,
            link: banner.link,
            sort: BigInt(i),
            active: 1n,
            created_at: BigInt(now),
          })),
        ),
      )
      .execute();
  });
}
