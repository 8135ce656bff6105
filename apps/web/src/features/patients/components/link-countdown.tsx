import { ClockCircleOutlined } from '@ant-design/icons';
import { formatCountdown } from '@anxin/shared/common/countdown';
import { useEffect, useState } from 'react';

type LinkCountdownProps = {
  /** The seconds the server said were left, counted from when this component got them. */
  secondsLeft: number;
  onExpire: () => void;
};

/** 剩余时间 hh:mm:ss, one tick a second; at 0 it stops and calls `onExpire` once. */
export function LinkCountdown({ secondsLeft, onExpire }: LinkCountdownProps) {
  // The server's count, not the phone's clock: a phone set wrong still shows the right time left.
  const [deadline] = useState(() => Date.now() + secondsLeft * 1000);
  const [left, setLeft] = useState(secondsLeft);

  useEffect(() => {
    if (left <= 0) {
      onExpire();
      return;
    }
    const timer = window.setTimeout(
      () => setLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000))),
      Math.min(1000, Math.max(0, deadline - Date.now() - (left - 1) * 1000)),
    );
    return () => window.clearTimeout(timer);
  }, [left, deadline, onExpire]);

  return (
    <div className="link-countdown" role="timer" aria-live="off" data-testid="link-countdown">
      <ClockCircleOutlined />
      <span className="link-countdown__label">剩余时间</span>
      <strong className="link-countdown__time">{formatCountdown(left)}</strong>
    </div>
  );
}
