import { inTransaction } from '../../db/database';
import type { AppContext } from '../../http/context';
import { DomainError } from '../../http/domain-error';
import { audit, type Actor } from '../console/console.audit';
import * as content from '../content/content.service';

/** How long one answer of the external service's check is kept, and how long the check may take. */
const CHECK_TTL_MS = 60_000;
const CHECK_TIMEOUT_MS = 3_000;

interface Checked {
  url: string;
  ok: boolean;
  at: number;
}

const checks = new WeakMap<AppContext, Checked>();

/** An absolute https URL (or http on this machine, for a local desk); anything else is in-app. */
export function externalServiceUrl(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:') return url.toString();
    if (url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1'))
      return url.toString();
    return null;
  } catch {
    return null;
  }
}

async function answers200(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'GET',
      redirect: 'follow',
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * The online customer service URL of findConfigByKey when it names an external service that
 * answers 200 (SPEC.md section 7: "a status 200 check is used on the customer service URL"),
 * checked here by the server, since a browser cannot read another site's status; null means the
 * built-in chat.
 */
export async function serviceLink(app: AppContext): Promise<{ externalUrl: string | null }> {
  let configured: string;
  try {
    configured = await content.publicConfig(app, 'serviceUrl');
  } catch (error) {
    if (error instanceof DomainError) return { externalUrl: null };
    throw error;
  }
  const url = externalServiceUrl(configured);
  if (!url) return { externalUrl: null };
  const now = app.clock.now();
  const cached = checks.get(app);
  if (cached && cached.url === url && now - cached.at < CHECK_TTL_MS) {
    return { externalUrl: cached.ok ? url : null };
  }
  const ok = await answers200(url);
  checks.set(app, { url, ok, at: now });
  return { externalUrl: ok ? url : null };
}

/** What serviceUrl holds when no external desk is set: the built-in chat's page (the seed's value). */
const BUILT_IN = '#/pages/index/service';

/** The console's view: the configured external desk and whether it answers (checked now, cached). */
export async function deskSetting(
  app: AppContext,
): Promise<{ url: string | null; answering: boolean | null }> {
  let configured = '';
  try {
    configured = await content.publicConfig(app, 'serviceUrl');
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
  const url = externalServiceUrl(configured);
  if (!url) return { url: null, answering: null };
  return { url, answering: (await serviceLink(app)).externalUrl !== null };
}

/** An admin sets the external desk ('' for the built-in chat alone); audited; checked afresh. */
export async function setDesk(
  app: AppContext,
  actor: Actor,
  url: string,
): Promise<{ url: string | null; answering: boolean | null }> {
  const value = url === '' ? BUILT_IN : externalServiceUrl(url);
  if (value === null) throw new DomainError('invalidInput');
  await inTransaction(app.db, async (trx) => {
    const before = await trx
      .selectFrom('app_config')
      .select('value')
      .where('key', '=', 'serviceUrl')
      .executeTakeFirst();
    await trx
      .insertInto('app_config')
      .values({ key: 'serviceUrl', value, is_public: 1n, updated_at: BigInt(app.clock.now()) })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ value, is_public: 1n, updated_at: BigInt(app.clock.now()) }),
      )
      .execute();
    await audit(app, trx, actor, {
      action: 'support.desk',
      targetType: 'setting',
      targetId: 'serviceUrl',
      before: { serviceUrl: before?.value ?? null },
      after: { serviceUrl: value },
    });
  });
  checks.delete(app);
  return deskSetting(app);
}
