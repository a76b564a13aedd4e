import { parseMoney, type AddressFormat } from '@tidemark/contract';
import type { AppContext } from '../../http/context';
import { isValidAddress } from './wallet.address';
import * as repo from './wallet.repository';

export interface ChainSeed {
  currency: string;
  chain: string;
  addressFormat: AddressFormat;
  /** EXAMPLE ONLY: a well-formed address nobody holds the keys to. Replace it in the console. */
  depositAddress: string;
  withdrawFee: string;
  withdrawMin: string;
  decimals: number;
}

/**
 * What a first start offers: USDT on TRC20, ERC20 and BEP20, BTC on Bitcoin and ETH on ERC20.
 * The deposit addresses are EXAMPLES: syntactically valid (checksums included) but derived from
 * the SHA-256 of a fixed text, so nobody holds their keys and coins sent there are lost. An
 * operator must replace every one with an address of the platform's own wallets (console: wallet
 * and chain configuration) before accepting deposits; the server warns at start until then.
 */
export const DEFAULT_CHAINS: readonly ChainSeed[] = [
  {
    currency: 'USDT',
    chain: 'TRC20',
    addressFormat: 'tron',
    depositAddress: 'TRbNkYJPMn8mk9216GVLZM1rbyWD4FSPyA',
    withdrawFee: '1',
    withdrawMin: '10',
    decimals: 6,
  },
  {
    currency: 'USDT',
    chain: 'ERC20',
    addressFormat: 'evm',
    depositAddress: '0xea3ca7366e2d8325db166a464ec9358ff076ec59',
    withdrawFee: '5',
    withdrawMin: '20',
    decimals: 6,
  },
  {
    currency: 'USDT',
    chain: 'BEP20',
    addressFormat: 'evm',
    depositAddress: '0xa85a37983a649fa2b70e00dc6af9052a62502be4',
    withdrawFee: '0.5',
    withdrawMin: '10',
    decimals: 6,
  },
  {
    currency: 'BTC',
    chain: 'Bitcoin',
    addressFormat: 'bitcoin',
    depositAddress: 'bc1qjfc9y4fvt5f9y8lfxhypplzpvmqd44mr7rd57a',
    withdrawFee: '0.0002',
    withdrawMin: '0.001',
    decimals: 8,
  },
  {
    currency: 'ETH',
    chain: 'ERC20',
    addressFormat: 'evm',
    depositAddress: '0xe97867ea96b3565b82af2628ce342a97ad23e2d0',
    withdrawFee: '0.002',
    withdrawMin: '0.01',
    decimals: 8,
  },
];

export const EXAMPLE_DEPOSIT_ADDRESSES: ReadonlySet<string> = new Set(
  DEFAULT_CHAINS.map((c) => c.depositAddress),
);

/**
 * Inserts the default chains that are missing (idempotent: an existing currency and chain, edited
 * or not, is left alone), then warns about every chain still using an example address.
 */
export async function seedChains(app: AppContext): Promise<void> {
  const now = BigInt(app.clock.now());
  for (const [index, seed] of DEFAULT_CHAINS.entries()) {
    if (!isValidAddress(seed.addressFormat, seed.depositAddress)) {
      throw new Error(`example address of ${seed.currency} ${seed.chain} is not valid`);
    }
    await repo.insertChainIfMissing(app.db, {
      currency: seed.currency,
      chain: seed.chain,
      address_format: seed.addressFormat,
      deposit_address: seed.depositAddress,
      deposit_enabled: 1n,
      withdraw_enabled: 1n,
      withdraw_fee: parseMoney(seed.withdrawFee),
      withdraw_min: parseMoney(seed.withdrawMin),
      decimals: BigInt(seed.decimals),
      sort: BigInt(index),
      updated_at: now,
    });
  }
  const examples = (await repo.listChains(app.db)).filter((c) =>
    EXAMPLE_DEPOSIT_ADDRESSES.has(c.deposit_address),
  );
  if (examples.length > 0) {
    app.log.warn(
      { chains: examples.map((c) => `${c.currency}/${c.chain}`) },
      'deposit addresses are still the seeded EXAMPLES: replace them in the console before accepting deposits',
    );
  }
}
