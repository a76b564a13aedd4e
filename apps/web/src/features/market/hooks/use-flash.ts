import { useEffect, useRef, type RefObject } from 'react';
import { compareDecimal } from '../format';

/**
 * The feed publishes several times a second; a pulse on every move would leave prices permanently
 * tinted. A value pulses at most once in this long, so each pulse can be seen as one.
 */
export const FLASH_GAP_MS = 1_500;

/**
 * Pulses the element's background green or red when a live decimal value moves up or down. The
 * class is set on the element directly: a pulse is a moment, not state worth a render.
 */
export function useFlash<E extends HTMLElement>(value: string | null): RefObject<E | null> {
  const ref = useRef<E>(null);
  const last = useRef({ value, at: -Infinity });
  useEffect(() => {
    const previous = last.current;
    if (previous.value === value) return;
    const moved = compareDecimal(value, previous.value);
    const now = performance.now();
    const element = ref.current;
    if (moved === 0 || now - previous.at < FLASH_GAP_MS || !element) {
      last.current = { value, at: previous.at };
      return;
    }
    last.current = { value, at: now };
    element.classList.remove('flash--up', 'flash--down');
    void element.offsetWidth; // a reflow, so the same animation starts again
    element.classList.add(moved > 0 ? 'flash--up' : 'flash--down');
  }, [value]);
  return ref;
}
