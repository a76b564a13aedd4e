import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStored, useStoredFlag, useStoredState, writeStored } from './stored';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function blockStorage() {
  const blocked = () => {
    throw new DOMException('blocked', 'SecurityError');
  };
  vi.stubGlobal('localStorage', { getItem: blocked, setItem: blocked, removeItem: blocked });
}

describe('choices kept on this device', () => {
  it('keeps and forgets a value', () => {
    expect(writeStored('k', 'v')).toBe(true);
    expect(readStored('k')).toBe('v');
    expect(writeStored('k', null)).toBe(true);
    expect(readStored('k')).toBeNull();
  });

  it('never throws where storage is blocked: nothing is read, nothing is kept', () => {
    blockStorage();
    expect(readStored('k')).toBeNull();
    expect(writeStored('k', 'v')).toBe(false);
  });

  it('starts from what was kept, and keeps each change for the next visit', () => {
    localStorage.setItem('tab', 'b');
    const parse = (stored: string | null) => (stored === 'b' ? 'b' : 'a');
    const first = renderHook(() => useStoredState('tab', parse, (tab) => tab));
    expect(first.result.current[0]).toBe('b');
    act(() => first.result.current[1]('a'));
    expect(first.result.current[0]).toBe('a');
    expect(localStorage.getItem('tab')).toBe('a');
  });

  it('keeps a flag as "1" while on and nothing while off', () => {
    const { result } = renderHook(() => useStoredFlag('hide'));
    expect(result.current[0]).toBe(false);
    act(() => result.current[1](true));
    expect(localStorage.getItem('hide')).toBe('1');
    act(() => result.current[1](false));
    expect(localStorage.getItem('hide')).toBeNull();
  });

  it('still changes for this visit when storage is blocked', () => {
    blockStorage();
    const { result } = renderHook(() => useStoredFlag('hide'));
    act(() => result.current[1](true));
    expect(result.current[0]).toBe(true);
  });
});
