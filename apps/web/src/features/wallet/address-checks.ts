import { isAddressShapeValid, walletCalls, type AddressFormat } from '@tidemark/contract';
import { validateForm } from '../../api/validate';
import { i18next } from '../../ui/i18n';
import { showToast } from '../../ui/toast';
import type { BindWalletInput, DepositAddressInput } from './api/wallet-mutations';

/** What people paste carries spaces and line breaks around (and sometimes inside) an address. */
export function cleanAddress(typed: string): string {
  return typed.replace(/\s+/g, '');
}

/**
 * Whether an address has its chain's shape, as far as the browser can tell (alphabet, length,
 * prefix, bech32 checksum); the server also verifies base58check checksums. An empty address is
 * not judged here: the required-items check names it.
 */
export function addressLooksValid(format: AddressFormat, address: string): boolean {
  return address === '' || isAddressShapeValid(format, address);
}

function refuseAddress(chain: string): null {
  showToast(i18next.t('errors.addressInvalid', { chain }), 'fail');
  return null;
}

/**
 * The checks of a withdrawal address before it is sent (SPEC.md section 5: address required),
 * each toasted: the contract's own schema first (the server applies the same), then the chain's
 * address format. Answers the input to send, or null.
 */
export async function checkWalletForm(
  input: BindWalletInput,
  format: AddressFormat | undefined,
): Promise<BindWalletInput | null> {
  const values = { ...input, address: cleanAddress(input.address) };
  if (!(await validateForm(walletCalls.userBindingWallet, values))) return null;
  if (format && !addressLooksValid(format, values.address)) return refuseAddress(values.chain);
  return values;
}

/** The same checks for an address the user sends deposits from. */
export async function checkDepositAddress(
  input: DepositAddressInput,
  format: AddressFormat | undefined,
): Promise<DepositAddressInput | null> {
  const values = { ...input, address: cleanAddress(input.address) };
  if (!(await validateForm(walletCalls.insertUserAddress, values))) return null;
  if (format && !addressLooksValid(format, values.address)) return refuseAddress(values.chain);
  return values;
}
