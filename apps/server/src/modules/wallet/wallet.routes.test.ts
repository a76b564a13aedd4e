import { walletCalls } from '@tidemark/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_LIMITS, startServer, type TestServer } from '../../test/harness';
import {
  expectOkData,
  expectRefused,
  multipartCall,
  pngImage,
  type FieldValue,
} from '../money/custody.test-kit';
import { EXAMPLE_DEPOSIT_ADDRESSES } from './wallet.seed';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: ROOMY_LIMITS });
});
afterAll(() => server.close());

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
/** An address an operator sets as the platform's own (never one of the users' above). */
const OPERATOR_TRON = 'TV9BqeKqHcwQcLSQBkVUJwRr7AeX5pSezN';

const bind = (token: string, fields: Record<string, FieldValue>) =>
  multipartCall(server, walletCalls.userBindingWallet, fields, { token });
const update = (token: string, fields: Record<string, FieldValue>) =>
  multipartCall(server, walletCalls.userUpdateWallet, fields, { token });
const list = async (token: string, input: Record<string, unknown> = {}) =>
  expectOkData(await server.call(walletCalls.selectUserWalletList, input as never, { token }));

async function walletRows(userToken: string) {
  const info = await list(userToken);
  return info;
}

describe('platform chains', () => {
  it('lists the seeded currencies and chains with address, fee, minimum and flags', async () => {
    const currencies = expectOkData(await server.call(walletCalls.findByWalletList, {}));
    expect(currencies.map((c) => c.currency)).toEqual(['USDT', 'BTC', 'ETH']);
    const usdt = currencies[0]!;
    expect(usdt.chains.map((c) => c.chain)).toEqual(['TRC20', 'ERC20', 'BEP20']);
    expect(usdt.chains[0]).toMatchObject({
      currency: 'USDT',
      chain: 'TRC20',
      addressFormat: 'tron',
      depositEnabled: true,
      withdrawEnabled: true,
      withdrawFee: '1.00000000',
      withdrawMin: '10.00000000',
      decimals: 6,
    });
    for (const currency of currencies) {
      for (const chain of currency.chains) {
        expect(EXAMPLE_DEPOSIT_ADDRESSES.has(chain.depositAddress)).toBe(true);
      }
    }
    const btc = currencies.find((c) => c.currency === 'BTC')!;
    expect(btc.chains[0]).toMatchObject({ chain: 'Bitcoin', addressFormat: 'bitcoin' });
  });

  it('answers the chains of one currency (USDT by default)', async () => {
    const usdt = expectOkData(await server.call(walletCalls.getChain, {}));
    expect(usdt.map((c) => c.chain)).toEqual(['TRC20', 'ERC20', 'BEP20']);
    const eth = expectOkData(await server.call(walletCalls.getChain, { currency: 'eth' }));
    expect(eth.map((c) => `${c.currency}/${c.chain}`)).toEqual(['ETH/ERC20']);
    expect(expectOkData(await server.call(walletCalls.getChain, { currency: 'DOGE' }))).toEqual([]);
  });

  it('seeds once: a restart neither duplicates nor overwrites a chain', async () => {
    await server.app.db
      .updateTable('custody_chains')
      .set({ deposit_address: OPERATOR_TRON })
      .where('currency', '=', 'USDT')
      .where('chain', '=', 'TRC20')
      .execute();
    server = await server.restart();
    const rows = await server.app.db.selectFrom('custody_chains').selectAll().execute();
    expect(rows).toHaveLength(5);
    expect(rows.find((r) => r.chain === 'TRC20')!.deposit_address).toBe(OPERATOR_TRON);
  });
});

describe('bound withdrawal addresses', () => {
  it('binds an address per chain format, with and without a screenshot', async () => {
    const { token } = await server.register();
    const tron = expectOkData(await bind(token, { chain: 'TRC20', address: TRON }));
    expect(tron).toMatchObject({
      currency: 'USDT',
      chain: 'TRC20',
      addressFormat: 'tron',
      address: TRON,
      imageId: null,
      inUse: false,
    });
    const withImage = await bind(token, {
      chain: 'ERC20',
      currency: 'ETH',
      address: EVM,
      image: await pngImage(5),
    });
    expect(withImage).toMatchObject({ status: 1, code: 'saved' });
    expect(withImage.data.imageId).toEqual(expect.any(Number));
    const btc = expectOkData(
      await bind(token, { chain: 'Bitcoin', currency: 'BTC', address: BTC }),
    );
    expect(btc.addressFormat).toBe('bitcoin');
    // An empty file field (a form whose picker was left empty) is no image.
    const emptyImage = expectOkData(
      await bind(token, { chain: 'BEP20', address: `0x${'ab'.repeat(20)}`, image: '' }),
    );
    expect(emptyImage.imageId).toBeNull();
    const wallets = await list(token);
    expect(wallets.map((w) => w.id)).toEqual([emptyImage.id, btc.id, withImage.data.id, tron.id]);
    expect(await list(token, { type: 1, currency: 'USDT' })).toHaveLength(2);
    expect(await list(token, { currency: 'USDT', chain: 'TRC20' })).toHaveLength(1);
  });

  it('refuses an address of the wrong format, an unknown chain and a duplicate, writing nothing', async () => {
    const { token } = await server.register();
    expectRefused(
      await bind(token, { chain: 'TRC20', address: EVM }),
      'addressInvalid',
      'Please enter a valid TRC20 address',
    );
    // One character off: only the checksum tells.
    expectRefused(
      await bind(token, { chain: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' }),
      'addressInvalid',
    );
    expectRefused(
      await bind(token, { chain: 'Bitcoin', currency: 'BTC', address: TRON }),
      'addressInvalid',
      'Please enter a valid Bitcoin address',
    );
    expectRefused(
      await bind(token, { chain: 'SOL', address: TRON }),
      'chainNotSupported',
      'This currency or network is not supported',
    );
    expectRefused(await bind(token, { chain: 'TRC20' }), 'requiredItems');
    expectRefused(
      await bind(token, { chain: 'TRC20', address: TRON, image: Buffer.from('not an image') }),
      'uploadNotImage',
      'Only images can be uploaded (JPEG, PNG or WebP)',
    );
    expect(await list(token)).toEqual([]);
    expectOkData(await bind(token, { chain: 'TRC20', address: TRON }));
    expectRefused(
      await bind(token, { chain: 'TRC20', address: TRON }),
      'walletExists',
      'This address is already bound',
    );
    expect(await list(token)).toHaveLength(1);
  });

  it('refuses the platform’s own deposit address, in any letter case, writing nothing', async () => {
    const { token } = await server.register();
    const chains = expectOkData(await server.call(walletCalls.getChain, {}));
    const platform = (chain: string) => chains.find((c) => c.chain === chain)!.depositAddress;
    // Capitals only change an EVM address's checksum, not where it points.
    const shouted = `0x${platform('ERC20').slice(2).toUpperCase()}`;
    const text = 'This is the platform’s own deposit address and cannot be used here';
    expectRefused(
      await bind(token, { chain: 'TRC20', address: platform('TRC20') }),
      'platformAddress',
      text,
    );
    expectRefused(await bind(token, { chain: 'ERC20', address: shouted }), 'platformAddress');
    // USDT and ETH share the ERC20 network: the platform's ETH address is the platform's too.
    const eth = expectOkData(await server.call(walletCalls.getChain, { currency: 'ETH' }));
    expectRefused(
      await bind(token, { chain: 'ERC20', address: eth[0]!.depositAddress }),
      'platformAddress',
    );
    const wallet = expectOkData(await bind(token, { chain: 'ERC20', address: EVM }));
    expectRefused(
      await update(token, { id: wallet.id, chain: 'ERC20', address: shouted }),
      'platformAddress',
    );
    expectRefused(
      await server.call(
        walletCalls.insertUserAddress,
        { chain: 'ERC20', address: platform('ERC20') },
        { token },
      ),
      'platformAddress',
    );
    expect((await list(token)).map((w) => w.address)).toEqual([EVM]);
    expect(
      expectOkData(await server.call(walletCalls.findUserIdUserAddress, {}, { token })),
    ).toEqual([]);
  });

  it('edits and deletes only the caller’s own addresses', async () => {
    const owner = await server.register();
    const other = await server.register();
    const wallet = expectOkData(
      await bind(owner.token, { chain: 'ERC20', address: EVM, image: await pngImage(8) }),
    );

    // Another user's id answers notFound and changes nothing.
    expectRefused(
      await update(other.token, { id: wallet.id, chain: 'TRC20', address: TRON }),
      'notFound',
      'The requested item does not exist',
      '404',
    );
    expectRefused(
      await server.call(walletCalls.userDeleteWallet, { id: wallet.id }, { token: other.token }),
      'notFound',
      undefined,
      '404',
    );
    expect((await walletRows(owner.token))[0]).toEqual(wallet);

    // Editing keeps the screenshot when none is sent.
    const edited = expectOkData(
      await update(owner.token, { id: wallet.id, chain: 'TRC20', address: TRON }),
    );
    expect(edited).toMatchObject({
      id: wallet.id,
      chain: 'TRC20',
      address: TRON,
      addressFormat: 'tron',
      imageId: wallet.imageId,
    });
    // The answer is the address as the list shows it from now on.
    expect(await walletRows(owner.token)).toEqual([edited]);
    expectRefused(
      await update(owner.token, { id: wallet.id, chain: 'TRC20', address: EVM }),
      'addressInvalid',
    );

    const deleted = await server.call(
      walletCalls.userDeleteWallet,
      { id: wallet.id },
      { token: owner.token },
    );
    expect(expectOkData(deleted)).toEqual({ id: wallet.id });
    expect(await list(owner.token)).toEqual([]);
    // Soft delete: the row stays for the withdrawals that refer to it.
    const row = await server.app.db
      .selectFrom('user_wallets')
      .selectAll()
      .where('id', '=', BigInt(wallet.id))
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    // Deleted: no second delete, no edit.
    expectRefused(
      await server.call(walletCalls.userDeleteWallet, { id: wallet.id }, { token: owner.token }),
      'notFound',
      undefined,
      '404',
    );
    expectRefused(
      await update(owner.token, { id: wallet.id, chain: 'TRC20', address: TRON }),
      'notFound',
      undefined,
      '404',
    );
  });

  it('needs a login', async () => {
    expectRefused(
      await bind('', { chain: 'TRC20', address: TRON }),
      'notLoggedIn',
      'Please log in first',
      '401',
    );
    expectRefused(
      await server.call(walletCalls.selectUserWalletList, {}),
      'notLoggedIn',
      undefined,
      '401',
    );
  });
});

describe('deposit addresses of the user', () => {
  it('records one address per currency and chain, replaced when recorded again', async () => {
    const { token } = await server.register();
    const first = await server.call(
      walletCalls.insertUserAddress,
      { chain: 'TRC20', address: TRON },
      { token },
    );
    expect(first).toMatchObject({ status: 1, code: 'saved' });
    expect(first.data).toMatchObject({ currency: 'USDT', chain: 'TRC20', address: TRON });
    const again = expectOkData(
      await server.call(
        walletCalls.insertUserAddress,
        { chain: 'TRC20', address: 'TKHuVq1oKVruCGLvqVexFs6dawKv6fQgFs' },
        { token },
      ),
    );
    expect(again.address).toBe('TKHuVq1oKVruCGLvqVexFs6dawKv6fQgFs');
    expectOkData(
      await server.call(
        walletCalls.insertUserAddress,
        { currency: 'BTC', chain: 'Bitcoin', address: BTC },
        { token },
      ),
    );
    const all = expectOkData(await server.call(walletCalls.findUserIdUserAddress, {}, { token }));
    expect(all.map((a) => `${a.currency}/${a.chain}/${a.address}`)).toEqual([
      `BTC/Bitcoin/${BTC}`,
      'USDT/TRC20/TKHuVq1oKVruCGLvqVexFs6dawKv6fQgFs',
    ]);
    const usdt = expectOkData(
      await server.call(walletCalls.findUserIdUserAddress, { currency: 'USDT' }, { token }),
    );
    expect(usdt).toHaveLength(1);
  });

  it('validates the address against the chain and keeps users apart', async () => {
    const a = await server.register();
    const b = await server.register();
    expectRefused(
      await server.call(
        walletCalls.insertUserAddress,
        { chain: 'ERC20', address: TRON },
        { token: a.token },
      ),
      'addressInvalid',
      'Please enter a valid ERC20 address',
    );
    expectRefused(
      await server.call(
        walletCalls.insertUserAddress,
        { chain: 'NOPE', address: TRON },
        { token: a.token },
      ),
      'chainNotSupported',
    );
    expectOkData(
      await server.call(
        walletCalls.insertUserAddress,
        { chain: 'ERC20', address: EVM },
        { token: a.token },
      ),
    );
    expect(
      expectOkData(await server.call(walletCalls.findUserIdUserAddress, {}, { token: b.token })),
    ).toEqual([]);
  });
});
