import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  contentConsoleCalls as c,
  type ConsoleBanner,
  type ConsoleContentItem,
  type ContentKind,
} from '@tidemark/contract';
import { DEFAULT_LANGUAGE } from '@tidemark/i18n';
import type { Executor } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { audit, type Actor } from '../console/console.audit';
import { actorOf, consoleHandle, type BoundConsoleCall } from '../console/console.http';
import { reencodeImage } from '../images/images.encode';
import { announceMail } from './content.mail';
import * as repo from './content.repository';
import type { BannerRow } from './content.table';

/**
 * The operator's content: items (announcements, help questions, academy lessons) with a text per
 * language, banners, media files and site mail. Each change writes its audit row in the same
 * transaction. Texts are stored as written (Markdown); the apps render them without HTML.
 */

type ItemRow = Awaited<ReturnType<typeof repo.items>>[number];

async function shownItem(
  db: Executor,
  kind: ContentKind,
  row: ItemRow,
): Promise<ConsoleContentItem> {
  const texts = await repo.itemTexts(db, kind, [row.id]);
  return {
    id: Number(row.id),
    kind,
    published: row.published === 1n,
    sort: Number(row.sort),
    publishedAt: row.published_at === null ? null : Number(row.published_at),
    updatedAt: Number(row.updated_at),
    posterUrl: row.poster_url ?? '',
    videoUrl: row.video_url ?? '',
    texts: texts.map((t) => ({ lang: t.lang, title: t.title, body: t.body })),
  };
}

export async function listItems(
  app: AppContext,
  input: { kind: ContentKind; page: number; pageSize: number },
) {
  const [rows, total] = await Promise.all([
    repo.items(app.db, input.kind, {
      publishedOnly: false,
      limit: input.pageSize,
      offset: (input.page - 1) * input.pageSize,
    }),
    repo.itemCount(app.db, input.kind, false),
  ]);
  const list = await Promise.all(rows.map((row) => shownItem(app.db, input.kind, row)));
  return { list, total, page: input.page, pageSize: input.pageSize };
}

/** Which kind an item id is: the console passes the kind on publish, so look it up by id. */
async function itemOfKind(db: Executor, kind: ContentKind, id: number): Promise<ItemRow> {
  const row = await repo.findItem(db, kind, id);
  if (!row) throw new DomainError('notFound');
  return row;
}

export async function saveItem(
  app: AppContext,
  actor: Actor,
  input: {
    kind: ContentKind;
    id?: number | undefined;
    sort: number;
    posterUrl: string;
    videoUrl: string;
    texts: { lang: string; title: string; body: string }[];
  },
): Promise<ConsoleContentItem> {
  const english = input.texts.find((t) => t.lang === DEFAULT_LANGUAGE);
  if (!english || !english.body.trim()) throw new DomainError('contentEnglishRequired');
  // One text per language; an empty title or body leaves that language to English.
  const byLang = new Map<string, { lang: string; title: string; body: string }>();
  for (const t of input.texts) if (t.title.trim() && t.body.trim()) byLang.set(t.lang, t);
  const texts = [...byLang.values()];
  const now = BigInt(app.clock.now());
  return app.writer.run(async (trx) => {
    let id: bigint;
    let before: ConsoleContentItem | null = null;
    if (input.id === undefined) {
      id = await repo.insertItem(trx, input.kind, {
        sort: BigInt(input.sort),
        now,
        poster_url: input.posterUrl,
        video_url: input.videoUrl,
      });
    } else {
      const row = await itemOfKind(trx, input.kind, input.id);
      before = await shownItem(trx, input.kind, row);
      id = row.id;
      await repo.updateItem(trx, input.kind, id, {
        sort: BigInt(input.sort),
        poster_url: input.posterUrl,
        video_url: input.videoUrl,
        updated_at: now,
      });
    }
    await repo.replaceItemTexts(trx, input.kind, id, texts);
    const after = await shownItem(trx, input.kind, await itemOfKind(trx, input.kind, Number(id)));
    await audit(app, trx, actor, {
      action: before ? 'content.edit' : 'content.create',
      targetType: 'content',
      targetId: `${input.kind}:${id}`,
      before,
      after,
    });
    return after;
  });
}

export async function publishItem(
  app: AppContext,
  actor: Actor,
  input: { kind: ContentKind; id: number; published: boolean },
): Promise<ConsoleContentItem> {
  const now = BigInt(app.clock.now());
  return app.writer.run(async (trx) => {
    const row = await itemOfKind(trx, input.kind, input.id);
    await repo.updateItem(trx, input.kind, row.id, {
      published: input.published ? 1n : 0n,
      // An announcement keeps the date it was first published.
      published_at: input.published ? (row.published_at ?? now) : row.published_at,
      updated_at: now,
    });
    await audit(app, trx, actor, {
      action: input.published ? 'content.publish' : 'content.unpublish',
      targetType: 'content',
      targetId: `${input.kind}:${input.id}`,
      before: { published: row.published === 1n },
      after: { published: input.published },
    });
    return shownItem(trx, input.kind, await itemOfKind(trx, input.kind, input.id));
  });
}

function shownBanner(row: BannerRow): ConsoleBanner {
  return {
    id: Number(row.id),
    bannerType: Number(row.banner_type),
    lang: row.lang,
    title: row.title,
    imageUrl: row.image_url,
    link: row.link,
    sort: Number(row.sort),
    active: row.active === 1n,
  };
}

export async function listBanners(app: AppContext): Promise<ConsoleBanner[]> {
  return (await repo.allBanners(app.db)).map(shownBanner);
}

export async function saveBanner(
  app: AppContext,
  actor: Actor,
  input: {
    id?: number | undefined;
    bannerType: number;
    lang: string;
    title: string;
    imageUrl: string;
    link: string;
    sort: number;
    active: boolean;
  },
): Promise<ConsoleBanner[]> {
  const values = {
    banner_type: BigInt(input.bannerType),
    lang: input.lang,
    title: input.title,
    image_url: input.imageUrl,
    link: input.link,
    sort: BigInt(input.sort),
    active: input.active ? 1n : 0n,
  };
  await app.writer.run(async (trx) => {
    let before: BannerRow | undefined;
    let after: BannerRow;
    if (input.id === undefined) {
      after = await trx
        .insertInto('banners')
        .values({ ...values, created_at: BigInt(app.clock.now()) })
        .returningAll()
        .executeTakeFirstOrThrow();
    } else {
      before = await trx
        .selectFrom('banners')
        .selectAll()
        .where('id', '=', BigInt(input.id))
        .executeTakeFirst();
      if (!before) throw new DomainError('notFound');
      after = await trx
        .updateTable('banners')
        .set(values)
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    await audit(app, trx, actor, {
      action: before ? 'banner.edit' : 'banner.create',
      targetType: 'content',
      targetId: `banner:${after.id}`,
      before: before ? shownBanner(before) : null,
      after: shownBanner(after),
    });
  });
  return listBanners(app);
}

// --- media ---------------------------------------------------------------------------------------

export const MEDIA_PATH = '/api/content/media';

export function mediaDir(app: AppContext): string {
  return path.join(app.config.dataDir, 'content-media');
}

/** MP4 ('ftyp' at byte 4) or WebM (EBML header), by the first bytes; never by name or header. */
export function sniffVideo(bytes: Uint8Array): 'video/mp4' | 'video/webm' | null {
  if (bytes.length >= 12 && Buffer.from(bytes.subarray(4, 8)).toString('latin1') === 'ftyp')
    return 'video/mp4';
  if (
    bytes.length >= 4 &&
    bytes[0] === 0x1a &&
    bytes[1] === 0x45 &&
    bytes[2] === 0xdf &&
    bytes[3] === 0xa3
  )
    return 'video/webm';
  return null;
}

const EXTENSION: Record<string, string> = {
  'image/jpeg': 'jpg',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

/** Stores a file under DATA_DIR/content-media and records it; answers its public URL. */
export async function storeMedia(
  app: AppContext,
  bytes: Uint8Array,
  operatorId: number | null,
  run: (work: (db: Executor) => Promise<void>) => Promise<void>,
): Promise<{ url: string; mime: string; size: number }> {
  let mime: string;
  let data: Uint8Array;
  const video = sniffVideo(bytes);
  if (video) {
    mime = video;
    data = bytes;
  } else {
    const image = await reencodeImage(bytes);
    if ('refused' in image) throw new DomainError('contentMediaType');
    mime = image.mediaType;
    data = image.bytes;
  }
  const fileName = `${crypto.randomBytes(12).toString('hex')}.${EXTENSION[mime]}`;
  fs.mkdirSync(mediaDir(app), { recursive: true });
  await fs.promises.writeFile(path.join(mediaDir(app), fileName), data);
  await run(async (db) => {
    await db
      .insertInto('content_videos')
      .values({
        file_name: fileName,
        mime,
        size: BigInt(data.length),
        uploaded_by: operatorId === null ? null : BigInt(operatorId),
        created_at: BigInt(app.clock.now()),
      })
      .execute();
  });
  return { url: `${MEDIA_PATH}/${fileName}`, mime, size: data.length };
}

export async function uploadMedia(
  app: AppContext,
  actor: Actor,
  file: Blob | Uint8Array,
): Promise<{ url: string; mime: string; size: number }> {
  const bytes = file instanceof Uint8Array ? file : new Uint8Array(await file.arrayBuffer());
  return storeMedia(app, bytes, actor.operatorId, (work) =>
    app.writer.run(async (trx) => {
      await work(trx);
      await audit(app, trx, actor, {
        action: 'content.media',
        targetType: 'content',
        targetId: 'media',
        after: { size: bytes.length },
      });
    }),
  );
}

// --- site mail from operators ----------------------------------------------------------------------

export async function sendMail(
  app: AppContext,
  actor: Actor,
  input: {
    audience: 'user' | 'group' | 'all';
    userId?: number | undefined;
    verifyLevel?: number | undefined;
    mode?: 'demo' | 'real' | undefined;
    registeredFrom?: number | undefined;
    title: string;
    body: string;
  },
): Promise<{ sent: number }> {
  if (input.audience === 'user' && input.userId === undefined)
    throw new DomainError('mailUserRequired');
  const now = BigInt(app.clock.now());
  return app.writer.run(async (trx) => {
    let users = trx.selectFrom('users').select('id');
    if (input.audience === 'user') users = users.where('id', '=', BigInt(input.userId!));
    if (input.audience === 'group') {
      if (input.verifyLevel !== undefined)
        users = users.where('verify_level', '=', BigInt(input.verifyLevel));
      if (input.mode !== undefined) users = users.where('mode', '=', input.mode);
      if (input.registeredFrom !== undefined)
        users = users.where('created_at', '>=', BigInt(input.registeredFrom));
    }
    const ids = (await users.execute()).map((u) => u.id);
    if (input.audience === 'user' && ids.length === 0) throw new DomainError('notFound');
    // In chunks, so an audience of every trader stays within the statements' parameter limits.
    for (let i = 0; i < ids.length; i += 500) {
      await trx
        .insertInto('site_mails')
        .values(
          ids.slice(i, i + 500).map((id) => ({
            user_id: id,
            kind: 'operator',
            title: input.title,
            body: input.body,
            sent_by: BigInt(actor.operatorId),
            read_at: null,
            created_at: now,
          })),
        )
        .execute();
    }
    await audit(app, trx, actor, {
      action: 'mail.send',
      targetType: 'siteMail',
      targetId: input.audience === 'user' ? `user:${input.userId}` : input.audience,
      after: {
        audience: input.audience,
        filter: {
          verifyLevel: input.verifyLevel ?? null,
          mode: input.mode ?? null,
          registeredFrom: input.registeredFrom ?? null,
        },
        title: input.title,
        recipients: ids.length,
      },
    });
    // Tell the open apps (a few at most listen at once; the rest see it on their next visit).
    for (const id of ids) announceMail(app, trx, Number(id));
    return { sent: ids.length };
  });
}

export const contentConsoleRoutes: readonly BoundConsoleCall[] = [
  consoleHandle(c.listContentItems, (input, ctx) => listItems(ctx.app, input)),
  consoleHandle(c.saveContentItem, (input, ctx) => saveItem(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.publishContentItem, (input, ctx) => publishItem(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.listContentBanners, (_input, ctx) => listBanners(ctx.app)),
  consoleHandle(c.saveContentBanner, (input, ctx) => saveBanner(ctx.app, actorOf(ctx), input)),
  consoleHandle(c.uploadContentMedia, (input, ctx) =>
    uploadMedia(ctx.app, actorOf(ctx), input.file),
  ),
  consoleHandle(c.sendSiteMail, (input, ctx) => sendMail(ctx.app, actorOf(ctx), input)),
];
