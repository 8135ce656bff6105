import AppContext, { type useAppProps } from 'antd/es/app/context';
import { lazy, type ReactNode, Suspense, useContext, useEffect, useState } from 'react';

/** antd's message, notification and modal, as `App.useApp()` answers them. */
export type Feedback = useAppProps;

const FeedbackHolders = lazy(async () => ({ default: (await import('./feedback-holders.tsx')).FeedbackHolders }));

type Kind = keyof Feedback;

/**
 * Stands for one of the three until antd's implementation has loaded: a call made before then is made as
 * soon as it has (in the order made); after that, calls go straight through. Callers never use what the
 * calls answer.
 */
function deferredApi<K extends Kind>(kind: K, whenReady: () => Promise<Feedback>, current: () => Feedback | null) {
  return new Proxy({} as Feedback[K], {
    get: (_target, name) => {
      // Not a promise, nor anything else a caller might probe for.
      if (typeof name === 'symbol' || name === 'then') return undefined;
      const call = (api: Feedback, args: unknown[]) =>
        (api[kind][name as keyof Feedback[K]] as (...args: unknown[]) => unknown)(...args);
      return (...args: unknown[]) => {
        const api = current();
        if (api) return call(api, args);
        void whenReady().then((loaded) => call(loaded, args));
        return undefined;
      };
    },
  });
}

/** The first pointer or key press anywhere: the shopper is about to do something that may need a message. */
const WARM_UP_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * antd's `App` without its cost on the first load: message, notification and modal (with their dialog and
 * skeleton code) load on the first press of a key or pointer, or on the first call, whichever comes first.
 * Both `useFeedback()` and antd's `App.useApp()` answer the same three.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [isRequested, setIsRequested] = useState(false);
  const [state] = useState(() => {
    let loaded: Feedback | null = null;
    let resolveReady: (api: Feedback) => void = () => {};
    const ready = new Promise<Feedback>((resolve) => {
      resolveReady = resolve;
    });
    const whenReady = () => {
      setIsRequested(true);
      return ready;
    };
    const current = () => loaded;
    return {
      feedback: {
        message: deferredApi('message', whenReady, current),
        notification: deferredApi('notification', whenReady, current),
        modal: deferredApi('modal', whenReady, current),
      } satisfies Feedback,
      onReady: (api: Feedback) => {
        loaded = api;
        resolveReady(api);
      },
    };
  });

  useEffect(() => {
    if (isRequested) return;
    const request = () => setIsRequested(true);
    for (const name of WARM_UP_EVENTS) document.addEventListener(name, request, { capture: true, once: true });
    return () => {
      for (const name of WARM_UP_EVENTS) document.removeEventListener(name, request, { capture: true });
    };
  }, [isRequested]);

  return (
    <AppContext.Provider value={state.feedback}>
      {children}
      {isRequested ? (
        <Suspense fallback={null}>
          <FeedbackHolders onReady={state.onReady} />
        </Suspense>
      ) : null}
    </AppContext.Provider>
  );
}

/** message, notification and modal in the site's theme (the replacement of antd's `App.useApp()`). */
export function useFeedback(): Feedback {
  return useContext(AppContext);
}
