import { useStoredState } from '../../../ui/stored';
import { parseIndicators, toggleIndicator, type Indicator } from '../indicators';

const INDICATORS_KEY = 'chartIndicators';

/** The chart indicators the trader switched on, kept in the browser for the next visit. */
export function useIndicators(): [Indicator[], (which: Indicator) => void] {
  const [on, setOn] = useStoredState(INDICATORS_KEY, parseIndicators, (list) => list.join(','));
  return [on, (which) => setOn(toggleIndicator(on, which))];
}
