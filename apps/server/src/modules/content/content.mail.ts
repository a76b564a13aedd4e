import {
  groupThousands,
  limitText,
  type SiteMail,
  type SystemMailKind,
  type SystemMailParams,
} from '@tidemark/contract';
import {
  DEFAULT_LANGUAGE,
  interpolate,
  isLanguageCode,
  loadPagesPack,
  type LanguageCode,
} from '@tidemark/i18n';
import type { Db, Executor, Trx } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { userChannel } from '../../realtime/hub';
import * as repo from './content.repository';
import type { SiteMailRow } from './content.table';

/**
 * Site mail: each trader's mailbox with its read state. System mail is written when the event
 * happens, inside the transaction that makes it happen (a credited deposit and its mail commit
 * together or not at all), in the language the trader's app last told the server, from the
 * packs' `mailTemplates`. The app hears `mail.new` on the user channel after the commit.
 */

/** An amount as a mail shows it: no trailing zeros, thousands grouped ("1,250.5"). */
export function mailAmount(units: bigint): string {
  return groupThousands(limitText(units));
}

export function toSiteMail(row: SiteMailRow): SiteMail {
  return {
    id: Number(row.id),
    title: row.title,
    body: row.body,
    at: Number(row.created_at),
    read: row.read_at !== null,
  };
}

/** The trader's language: the one the app last told (setUserLanguage), else English. */
export async function userLanguage(db: Executor, userId: number): Promise<LanguageCode> {
  const lang = await repo.userLanguage(db, userId);
  return isLanguageCode(lang) ? lang : DEFAULT_LANGUAGE;
}

export async function setUserLanguage(
  app: AppContext,
  userId: number,
  lang: LanguageCode,
): Promise<{ lang: string }> {
  await repo.saveUserLanguage(app.db, userId, lang, BigInt(app.clock.now()));
  return { lang };
}

/** The title and body of a system mail in one language. */
export async function systemMailText<K extends SystemMailKind>(
  lang: LanguageCode,
  kind: K,
  params: SystemMailParams[K],
): Promise<{ title: string; body: string }> {
  const template = (await loadPagesPack(lang)).mailTemplates[kind];
  const values = params as Readonly<Record<string, string>>;
  return { title: interpolate(template.title, values), body: interpolate(template.body, values) };
}

/** Tells the trader's open apps, after the commit, how many mails are unread now. */
export function announceMail(app: AppContext, trx: Trx, userId: number): void {
  app.writer.afterCommit(trx, () => {
    if (!app.bus.listened(userChannel(userId))) return;
    void repo
      .unreadCount(app.db, userId)
      .then((unread) => app.bus.publish(userChannel(userId), { event: 'mail.new', unread }))
      .catch((error: unknown) => app.log.warn({ err: error, userId }, 'mail event failed'));
  });
}

/**
 * Writes a system mail to the trader in their language, inside the caller's transaction. Run the
 * transaction through app.writer.run so the `mail.new` event goes out after its commit.
 * Amounts come formatted for reading (mailAmount); a reason is the operator's text as written.
 */
export async function sendSystemMail<K extends SystemMailKind>(
  app: AppContext,
  trx: Trx,
  userId: number,
  kind: K,
  params: SystemMailParams[K],
): Promise<number> {
  const lang = await userLanguage(trx, userId);
  const text = await systemMailText(lang, kind, params);
  const id = await repo.insertMail(trx, {
    user_id: BigInt(userId),
    kind,
    title: text.title,
    body: text.body,
    sent_by: null,
    read_at: null,
    created_at: BigInt(app.clock.now()),
  });
  announceMail(app, trx, userId);
  return id;
}

export async function mailPage(db: Db, userId: number, query: { page: number; pageSize: number }) {
  const { rows, total } = await repo.mailPage(db, userId, query);
  return { list: rows.map(toSiteMail), total, page: query.page, pageSize: query.pageSize };
}

/** With an id: that mail of the caller's (another's is notFound), marked read. Else {unread}. */
export async function mailOrUnread(
  app: AppContext,
  userId: number,
  id: number | undefined,
): Promise<SiteMail | { unread: number }> {
  if (id === undefined) return { unread: await repo.unreadCount(app.db, userId) };
  const row = await repo.findMail(app.db, userId, id);
  if (!row) throw new DomainError('notFound');
  if (row.read_at !== null) return toSiteMail(row);
  const read = await repo.markRead(app.db, userId, id, BigInt(app.clock.now()));
  return toSiteMail(read ?? row);
}
