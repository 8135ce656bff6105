import type { ChatServerFrame } from '@anxin/shared/chat/chat.contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLiveSocket } from './live-socket.ts';

/** A socket the test opens, speaks into and closes. */
class FakeSocket {
  static opened: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  isClosed = false;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  open() {
    this.onopen?.();
  }
  say(frame: ChatServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop() {
    this.onclose?.();
  }
  close() {
    this.isClosed = true;
    this.onclose?.();
  }
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the agent’s live socket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.opened = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function connect(address: () => Promise<string>) {
    const events: string[] = [];
    const stop = connectLiveSocket({
      address,
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      onFrame: (frame) => events.push(`frame:${frame.type}`),
      onOpen: (isReconnect) => events.push(isReconnect ? 'reopened' : 'opened'),
      onConnectedChange: (isConnected) => events.push(isConnected ? 'up' : 'down'),
    });
    return { events, stop };
  }

  it('hands over each frame, and after a loss opens again at a fresh address, backing off 1, 2, 4 s', async () => {
    let asked = 0;
    const { events } = connect(async () => `ws://x/socket?after=${asked++}`);
    await settle();
    const [first] = FakeSocket.opened;
    first.open();
    first.say({ type: 'resync' });
    expect(events).toEqual(['opened', 'up', 'frame:resync']);

    first.drop();
    expect(events.at(-1)).toBe('down');
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.opened.map((socket) => socket.url)).toEqual(['ws://x/socket?after=0', 'ws://x/socket?after=1']);
    FakeSocket.opened[1].drop();
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeSocket.opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    FakeSocket.opened[2].open();
    expect(events.at(-2)).toBe('reopened');

    // Open again: the next loss starts from 1 s.
    FakeSocket.opened[2].drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.opened).toHaveLength(4);
  });

  it('tries again when the token cannot be had, waiting at most 15 s', async () => {
    const address = vi.fn(async () => {
      throw new Error('offline');
    });
    connect(address);
    await settle();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000 + 15_000);
    expect(address).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(address).toHaveBeenCalledTimes(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(address).toHaveBeenCalledTimes(7);
  });

  it('stops for good: the socket closed, no reconnect, no frame after', async () => {
    const { events, stop } = connect(async () => 'ws://x/socket');
    await settle();
    const [socket] = FakeSocket.opened;
    socket.open();
    stop();
    expect(socket.isClosed).toBe(true);
    socket.say({ type: 'resync' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.opened).toHaveLength(1);
    expect(events).toEqual(['opened', 'up']);
  });

  it('stopped while the address is asked for: no socket is opened', async () => {
    let answer: (url: string) => void = () => undefined;
    const { stop } = connect(() => new Promise((resolve) => (answer = resolve)));
    stop();
    answer('ws://x/socket');
    await settle();
    expect(FakeSocket.opened).toHaveLength(0);
  });
});
