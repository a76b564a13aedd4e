import { isErrorKey } from '@tidemark/contract';
import type { Rule } from 'antd/es/form';
import { i18next } from './i18n';

export interface FieldSchema {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly { message: string; params?: Record<string, unknown> }[] };
  };
}

/**
 * An antd form rule that checks a field with the contract's own schema for it (the one the server
 * validates with), and shows the catalogue text of its error key: one rule, written once. Empty
 * values pass; pair it with `required`.
 */
export function contractRule(
  schema: FieldSchema,
  options: {
    params?: Record<string, string | number>;
    /** Shown instead of the catalogue's generic "invalid input" text. */
    fallback?: string;
  } = {},
): Rule {
  return {
    validator: (_rule, value: unknown) => {
      // An empty field is the `required` rule's to report, with its own text.
      if (value === undefined || value === null || value === '') return Promise.resolve();
      const result = schema.safeParse(value);
      if (result.success) return Promise.resolve();
      const issue = result.error?.issues[0];
      const key = issue?.message;
      const known = key && isErrorKey(key) && key !== 'invalidInput' ? key : undefined;
      // The schema's own params (a limit) come first; the caller's fill in the rest.
      const params = { ...options.params, ...issue?.params };
      const text =
        known || !options.fallback
          ? i18next.t(`errors.${known ?? 'invalidInput'}`, params)
          : options.fallback;
      return Promise.reject(new Error(text));
    },
  };
}
