import fs from 'node:fs/promises';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { AppContext } from '../http/context';
import { hashPassword, randomToken } from '../lib/secrets';
import { seedContent } from '../modules/content/content.seed';
import { seedWithdrawSettings } from '../modules/money/money.settings';
import { createUser, unusedInviteCode } from '../modules/user/user.service';
import { seedChains } from '../modules/wallet/wallet.seed';
import { isUniqueViolation } from './database';

/** The demo trader of the README. */
export const DEMO_TRADER = {
  email: 'demo@tidemark.dev',
  password: 'Demo2026',
  nickname: 'Demo Trader',
} as const;

export const INITIAL_ADMIN_FILE = 'initial-admin.json';

const PUBLIC_CONFIG: Record<string, string> = {
  logo: '/logo.svg',
  serviceUrl: '#/pages/index/service',
  withdrawRate: '0.001',
  miningData: JSON.stringify({ active: false }),
};

/**
 * First start: configuration, content (help, announcements, academy, banners), custody chains and withdrawal settings, the demo trader and
 * the initial operator. Idempotent.
 */
export async function seed(app: AppContext): Promise<void> {
  const { db, clock } = app;
  const now = BigInt(clock.now());

  for (const [key, value] of Object.entries(PUBLIC_CONFIG)) {
    await db
      .insertInto('app_config')
      .values({ key, value, is_public: 1n, updated_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }

  // Help centre, announcements, academy lessons and home banners in every language.
  await seedContent(app);

  // Custody: the accepted currencies and chains (with EXAMPLE deposit addresses an operator must
  // replace) and the withdrawal settings.
  await seedChains(app);
  await seedWithdrawSettings(app);

  await seedDemoTrader(app);
  await seedInitialOperator(app, now);
}

async function seedDemoTrader(app: AppContext): Promise<void> {
  const exists = await app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_TRADER.email)
    .executeTakeFirst();
  if (exists) return;
  const passwordHash = await hashPassword(DEMO_TRADER.password);
  const inviteCode = await unusedInviteCode(app);
  try {
    await app.writer.run((trx) =>
      createUser(app, trx, {
        email: DEMO_TRADER.email,
        phone: null,
        areaCode: null,
        passwordHash,
        nickname: DEMO_TRADER.nickname,
        inviteCode,
        inviterId: null,
      }),
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

/** 24 random url-safe characters, with the upper case letter and digit the password rule wants. */
function randomAdminPassword(): string {
  return `${randomToken().slice(0, 22)}A7`;
}

/**
 * Creates the first operator when there is none, and writes its credentials to
 * DATA_DIR/initial-admin.json (mode 600). The password is never logged.
 */
async function seedInitialOperator(app: AppContext, now: bigint): Promise<void> {
  const any = await app.db.selectFrom('operators').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const password = randomAdminPassword();
  const totpSecret = new Secret({ size: 20 }).base32;
  const username = 'admin';
  try {
    await app.db
      .insertInto('operators')
      .values({
        username,
        password_hash: await hashPassword(password),
        totp_secret: totpSecret,
        role: 'admin',
        status: 'active',
        created_at: now,
        last_login_at: null,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) return;
    throw error;
  }
  const otpauthUrl = new TOTP({
    issuer: 'Tidemark',
    label: username,
    secret: Secret.fromBase32(totpSecret),
  }).toString();
  const file = path.join(app.config.dataDir, INITIAL_ADMIN_FILE);
  await fs.mkdir(app.config.dataDir, { recursive: true });
  await fs.writeFile(
    file,
    `${JSON.stringify({ username, password, totpSecret, otpauthUrl, role: 'admin' }, null, 2)}\n`,
    { mode: 0o600 },
  );
  await fs.chmod(file, 0o600);
  app.log.info({ file }, 'initial operator credentials written');
}
