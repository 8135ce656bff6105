/** The guest pay page's countdown ticks once a second (its tick is one second by the spec's limits). */
export const PAY_COUNTDOWN_TICK_MS = 1000;

type CountdownOptions = {
  /** The seconds the server said were left when the order was read. */
  secondsLeft: number;
  /** Called with the seconds left after every tick, last with 0. */
  onTick: (secondsLeft: number) => void;
};

/**
 * Counts `secondsLeft` down to 0, one tick a second, and stops there. The seconds are measured against the
 * clock from when it starts (not by counting ticks), so a throttled background tab still shows the right time
 * when it wakes; the server's count is the start, so a phone whose clock is set wrong still shows the right
 * time left. Answers the function that stops it (when the order is no longer waiting for pay, or on unmount).
 */
export function startPayCountdown({ secondsLeft, onTick }: CountdownOptions): () => void {
  const deadline = Date.now() + Math.max(0, secondsLeft) * 1000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;

  const leftNow = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const schedule = () => {
    // Wake at the next whole second before the deadline, so the display changes when the second does.
    const untilNextSecond = (deadline - Date.now()) % PAY_COUNTDOWN_TICK_MS || PAY_COUNTDOWN_TICK_MS;
    timer = setTimeout(tick, untilNextSecond);
  };
  const tick = () => {
    if (isStopped) return;
    const left = leftNow();
    onTick(left);
    if (left > 0) schedule();
  };

  if (leftNow() > 0) schedule();
  return () => {
    isStopped = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}
