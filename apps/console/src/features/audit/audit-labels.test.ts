import { AUDIT_ACTIONS, AUDIT_TARGETS } from '@tidemark/contract';
import { describe, expect, it } from 'vitest';

// Every console pack, as the console loads them.
const packs = import.meta.glob<{ console: { audit: Record<string, unknown> } }>(
  '../../../../../packages/i18n/locales/console/*.json',
  { eager: true, import: 'default' },
);

const labelAt = (tree: Record<string, unknown>, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], tree);

describe('the audit log names every action and target the server writes', () => {
  it('reads eleven console packs', () => {
    expect(Object.keys(packs)).toHaveLength(11);
  });

  for (const [file, pack] of Object.entries(packs)) {
    const lang = file.replace(/^.*\/(\w+)\.json$/, '$1');
    it(`in ${lang}`, () => {
      const audit = pack.console.audit;
      const missing = [
        ...AUDIT_ACTIONS.filter((a) => typeof labelAt(audit, `actions.${a}`) !== 'string'),
        ...AUDIT_TARGETS.filter((t) => typeof labelAt(audit, `targets.${t}`) !== 'string'),
      ];
      expect(missing).toEqual([]);
    });
  }
});
