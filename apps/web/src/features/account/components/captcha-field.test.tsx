import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import { useCaptcha } from './captcha-field';

const refusal = (data: unknown) =>
  new ApiError({ status: '1', cnMsg: '', enMsg: 'refused', data }, 200);

describe('useCaptcha', () => {
  it('stays hidden and sends nothing until the server asks for the image', () => {
    const { result } = renderHook(() => useCaptcha());
    act(() => result.current.refused(refusal(null)));
    act(() => result.current.refused(new Error('offline')));
    expect(result.current.field).toBeNull();
    expect(result.current.input).toEqual({});
  });

  it('shows the image on captchaRequired and sends the trimmed answer with its timestamp', () => {
    const { result } = renderHook(() => useCaptcha());
    act(() => result.current.refused(refusal({ captchaRequired: true })));
    const field = result.current.field!;
    expect(field.challenge).toMatch(/^\d+$/);
    act(() => field.onChange(' ab12 '));
    expect(result.current.input).toEqual({ timestamp: field.challenge, verifyCode: 'ab12' });
  });

  it('replaces a shown image after any refusal of the API and clears the answer', async () => {
    const { result } = renderHook(() => useCaptcha());
    act(() => result.current.refused(refusal({ captchaRequired: true })));
    const first = result.current.field!.challenge;
    act(() => result.current.field!.onChange('wxyz'));
    await new Promise((resolve) => setTimeout(resolve, 2));
    act(() => result.current.refused(refusal(null)));
    expect(result.current.field!.challenge).not.toBe(first);
    expect(result.current.field!.value).toBe('');
  });

  it('hides the image again when dismissed, and sends nothing more', () => {
    const { result } = renderHook(() => useCaptcha());
    act(() => result.current.refused(refusal({ captchaRequired: true })));
    act(() => result.current.field!.onChange('ab12'));
    act(() => result.current.dismiss());
    expect(result.current.field).toBeNull();
    expect(result.current.input).toEqual({});
    // Shown again later, it starts empty.
    act(() => result.current.refused(refusal({ captchaRequired: true })));
    expect(result.current.field!.value).toBe('');
  });
});
