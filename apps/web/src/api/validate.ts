import { isErrorKey, type CallDef, type CallInput } from '@tidemark/contract';
import { i18next } from '../ui/i18n';
import { showToast } from '../ui/toast';

/**
 * Checks a form against the call's own contract schema, the one the server applies, and toasts
 * the first problem in the current language. Answers the values to send, or null. Async because a
 * phone number is checked against metadata loaded on first use. `onInvalid` hears the names of
 * every field found wanting (the input's top-level keys), for a form that marks them.
 */
export async function validateForm<C extends CallDef>(
  def: C,
  values: CallInput<C>,
  onInvalid?: (fields: readonly string[]) => void,
): Promise<CallInput<C> | null> {
  const result = await def.input.safeParseAsync(values);
  if (result.success) return values;
  if (onInvalid) {
    const fields = new Set<string>();
    for (const { path } of result.error.issues) if (path.length > 0) fields.add(String(path[0]));
    onInvalid([...fields]);
  }
  const issue = result.error.issues[0];
  const key = issue?.message;
  // A limit's text names the limit (amountTooLarge: "at most {{max}}").
  const params: Record<string, string | number> =
    issue && 'params' in issue ? { ...issue.params } : {};
  showToast(i18next.t(`errors.${isErrorKey(key) ? key : 'invalidInput'}`, params), 'fail');
  return null;
}
