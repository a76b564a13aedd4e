import { TIMING } from '@tidemark/contract/rules';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page chunk that failed to load or took longer than 120 s (SPEC.md sections 2 and 9). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('chunk load error', { cause });
    this.name = 'ChunkLoadError';
  }
}

type PageModule = { default: ComponentType };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Imports a page chunk; a failure or more than 120 s becomes a ChunkLoadError. */
export function loadChunk(loader: () => Promise<PageModule>): Promise<PageModule> {
  return withTimeout(loader(), TIMING.chunkLoadTimeoutMs).catch((error: unknown) => {
    throw new ChunkLoadError(error);
  });
}

export interface LazyPage {
  /** The component for the given attempt; a retry asks for a fresh one. */
  component(attempt: number): LazyExoticComponent<ComponentType>;
}

/**
 * A page loaded on first visit. A failed load is not cached for good: the retry button of the
 * chunk error view asks for the next attempt, which imports again.
 */
export function lazyPage(loader: () => Promise<PageModule>): LazyPage {
  const attempts = new Map<number, LazyExoticComponent<ComponentType>>();
  return {
    component(attempt) {
      let page = attempts.get(attempt);
      if (!page) {
        page = lazy(() => loadChunk(loader));
        attempts.set(attempt, page);
      }
      return page;
    },
  };
}
