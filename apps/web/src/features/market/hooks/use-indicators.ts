import { useState } from 'react';
import { parseIndicators, toggleIndicator, type Indicator } from '../indicators';

const INDICATORS_KEY = 'chartIndicators';

function saved(): Indicator[] {
  try {
    return parseIndicators(localStorage.getItem(INDICATORS_KEY));
  } catch {
    return parseIndicators(null);
  }
}

/** The chart indicators the trader switched on, kept in the browser for the next visit. */
export function useIndicators(): [Indicator[], (which: Indicator) => void] {
  const [on, setOn] = useState(saved);
  const toggle = (which: Indicator) =>
    setOn((current) => {
      const next = toggleIndicator(current, which);
      try {
        localStorage.setItem(INDICATORS_KEY, next.join(','));
      } catch {
        // Private mode: the choice lasts for this visit only.
      }
      return next;
    });
  return [on, toggle];
}
