import {
  isAddressShapeValid,
  walletCalls,
  type AddressFormat,
  type CallInput,
} from '@tidemark/contract';
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

/** The calls that take an address the user typed: binding a withdrawal address, a deposit one. */
type AddressCall = typeof walletCalls.userBindingWallet | typeof walletCalls.insertUserAddress;

function refuseAddress(chain: string): null {
  showToast(i18next.t('errors.addressInvalid', { chain }), 'fail');
  return null;
}

/**
 * The checks of an address before it is sent (SPEC.md section 5: address required), each toasted:
 * the contract's own schema first (the server applies the same), then the chain's address format.
 * Answers the input to send, or null.
 */
async function checkAddressForm<C extends AddressCall>(
  call: C,
  input: CallInput<C>,
  format: AddressFormat | undefined,
): Promise<CallInput<C> | null> {
  const values = { ...input, address: cleanAddress(input.address) };
  if (!(await validateForm(call, values))) return null;
  if (format && !addressLooksValid(format, values.address)) return refuseAddress(values.chain);
  return values;
}

/** The checks of a withdrawal address to bind. */
export function checkWalletForm(
  input: BindWalletInput,
  format: AddressFormat | undefined,
): Promise<BindWalletInput | null> {
  return checkAddressForm(walletCalls.userBindingWallet, input, format);
}

/** The same checks for an address the user sends deposits from. */
export function checkDepositAddress(
  input: DepositAddressInput,
  format: AddressFormat | undefined,
): Promise<DepositAddressInput | null> {
  return checkAddressForm(walletCalls.insertUserAddress, input, format);
}
