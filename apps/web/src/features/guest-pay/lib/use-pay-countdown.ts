import { useEffect, useState } from 'react';
import { startPayCountdown } from './pay-countdown.ts';

/**
 * The seconds left to pay, ticking once a second from the server's `secondsLeft` while `isWaitingPay`; it
 * stops at zero, or as soon as the order is no longer waiting for pay. A new count from the server (the
 * order read again) starts it afresh.
 */
export function usePayCountdown(secondsLeft: number, isWaitingPay: boolean): number {
  const [left, setLeft] = useState(secondsLeft);

  useEffect(() => {
    setLeft(secondsLeft);
    if (!isWaitingPay) return;
    return startPayCountdown({ secondsLeft, onTick: setLeft });
  }, [secondsLeft, isWaitingPay]);

  return left;
}
