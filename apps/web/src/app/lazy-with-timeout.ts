// Further script parts load on demand with a 120-second timeout; a timeout (or a failed
// download) raises the load-failure error, which the layout's error boundary shows (page-outlet.tsx).

export const ROUTE_LOAD_TIMEOUT_MS = 120_000;
export const ROUTE_LOAD_FAILED_MESSAGE = '页面加载失败，请刷新重试';

export class RouteLoadError extends Error {
  constructor(cause?: unknown) {
    super(ROUTE_LOAD_FAILED_MESSAGE, { cause });
    this.name = 'RouteLoadError';
  }
}

/** Wraps a loader (usually a dynamic import) so that it rejects with RouteLoadError after `timeoutMs`. */
export function lazyWithTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = ROUTE_LOAD_TIMEOUT_MS,
): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new RouteLoadError()), timeoutMs);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(new RouteLoadError(error));
        },
      );
    });
}
