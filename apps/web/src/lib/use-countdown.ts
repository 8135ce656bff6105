import { useCallback, useEffect, useState } from 'react';

const TICK_MS = 250;

/**
 * A countdown in whole seconds, measured against the clock (not by counting ticks), so a throttled
 * background tab still ends on time. `start(60)` shows 60 at once, then 59, … 0.
 */
export function useCountdown() {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) setDeadline(null);
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setDeadline(current + seconds * 1000);
  }, []);

  const secondsLeft = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { secondsLeft, isRunning: secondsLeft > 0, start };
}
