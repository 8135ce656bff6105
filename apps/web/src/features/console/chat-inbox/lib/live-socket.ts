import type { ChatServerFrame } from '@anxin/shared/chat/chat.contract';

/** The longest wait between two attempts: a socket down for long is tried again every 15 s. */
const RECONNECT_MAX_MS = 15_000;

export type LiveSocketOptions = {
  /** The address to open, asked for anew before each attempt: a fresh token and the last message id held. */
  address: () => Promise<string>;
  onFrame: (frame: ChatServerFrame) => void;
  /** The socket is open; `isReconnect` after a loss, when the page reads again what it may have missed. */
  onOpen: (isReconnect: boolean) => void;
  onConnectedChange: (isConnected: boolean) => void;
  createSocket?: (url: string) => WebSocket;
};

/**
 * The agent's socket kept open (docs/CHAT.md, live delivery): after any loss (the server drops a socket that
 * missed its heartbeat, a network gone) it opens again with a fresh address, waiting 1, 2, 4… up to 15 s
 * between attempts, 1 s again once one succeeded. Answers the stop, which closes it for good.
 */
export function connectLiveSocket(options: LiveSocketOptions): () => void {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  let isStopped = false;
  let hasOpened = false;
  let attempt = 0;
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const retry = () => {
    if (isStopped) return;
    timer = setTimeout(connect, Math.min(RECONNECT_MAX_MS, 1000 * 2 ** attempt++));
  };

  async function connect() {
    let url: string;
    try {
      url = await options.address();
    } catch {
      retry();
      return;
    }
    if (isStopped) return;
    const opened = createSocket(url);
    socket = opened;
    opened.onopen = () => {
      if (isStopped) return;
      attempt = 0;
      options.onOpen(hasOpened);
      hasOpened = true;
      options.onConnectedChange(true);
    };
    opened.onmessage = (event) => {
      if (isStopped) return;
      options.onFrame(JSON.parse(String(event.data)) as ChatServerFrame);
    };
    opened.onclose = () => {
      if (socket !== opened) return;
      socket = null;
      if (isStopped) return;
      options.onConnectedChange(false);
      retry();
    };
  }

  void connect();
  return () => {
    isStopped = true;
    clearTimeout(timer);
    socket?.close();
  };
}
