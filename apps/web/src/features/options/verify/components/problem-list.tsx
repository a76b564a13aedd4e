import { useTranslation } from 'react-i18next';
import type { Problem } from '../chain';

/** Each thing that disagrees, with what the browser computed and what the record says. */
export function ProblemList({ problems }: { problems: readonly Problem[] }) {
  const { t } = useTranslation();
  return (
    <ul className="verify-problems">
      {problems.map((p) => (
        <li key={p.kind} data-kind={p.kind}>
          {t(`optionsPublic.verify.problem.${p.kind}`, {
            expected: p.kind === 'outcome' ? t(`optionsPublic.outcome.${p.expected}`) : p.expected,
            actual: p.kind === 'outcome' ? t(`optionsPublic.outcome.${p.actual}`) : p.actual,
          })}
        </li>
      ))}
    </ul>
  );
}
