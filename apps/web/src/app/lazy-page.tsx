import { TIMING } from '@tidemark/contract/rules';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ensurePagesTexts } from '../ui/i18n';

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

export interface LazyPageOptions {
  /**
   * 'pages' (default): the page also waits for the pages pack of the language (ui/i18n.ts);
   * 'core': it needs only the core texts loaded before the first render (the home tab).
   */
  texts?: 'core' | 'pages';
}

export interface LazyPage {
  /** The component for the given attempt; a retry asks for a fresh one. */
  component(attempt: number): LazyExoticComponent<ComponentType> | ComponentType;
  /**
   * Loads the page ahead of its first render (main.tsx, for the page of the address the app opens
   * on); once loaded, the first attempt renders it at once instead of suspending for a frame.
   */
  preload(): Promise<void>;
}

/**
 * A page loaded on first visit. A failed load is not cached for good: the retry button of the
 * chunk error view asks for the next attempt, which imports again.
 */
export function lazyPage(
  loader: () => Promise<PageModule>,
  { texts = 'pages' }: LazyPageOptions = {},
): LazyPage {
  const load =
    texts === 'core'
      ? loader
      : () => Promise.all([loader(), ensurePagesTexts()]).then(([page]) => page);
  const attempts = new Map<number, LazyExoticComponent<ComponentType>>();
  let loaded: ComponentType | undefined;
  return {
    component(attempt) {
      if (attempt === 0 && loaded) return loaded;
      let page = attempts.get(attempt);
      if (!page) {
        page = lazy(() => loadChunk(load));
        attempts.set(attempt, page);
      }
      return page;
    },
    async preload() {
      loaded = (await loadChunk(load)).default;
    },
  };
}
