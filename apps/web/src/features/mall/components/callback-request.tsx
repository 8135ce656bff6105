import { MSG } from '@anxin/shared/common/messages';
import type { CallbackRequest as CallbackRequestReply } from '@anxin/shared/mall/callback.contract';
import { Button } from 'antd';
import { useState } from 'react';
import { getFailureMessage } from '../../../lib/api-client.ts';
import './callback-request.css';

type Status =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'done'; phone: string }
  | { kind: 'failed'; message: string };

/**
 * 请药师回电 in a contact dialog, for the caller to show while the mall's `callbackAvailable` is on. It takes the
 * request as a function and keeps its own state: antd's dialogs are drawn outside the query provider, so no
 * query hook can run in them.
 */
export function CallbackRequest({ request }: { request: () => Promise<CallbackRequestReply> }) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  if (status.kind === 'done') {
    return (
      <p className="callback-request__done" data-testid="callback-requested">
        已预约药师回电，我们将尽快致电 {status.phone}
      </p>
    );
  }
  const ask = async () => {
    setStatus({ kind: 'pending' });
    try {
      setStatus({ kind: 'done', phone: (await request()).phone });
    } catch (error) {
      setStatus({ kind: 'failed', message: getFailureMessage(error, MSG.requestError) });
    }
  };
  return (
    <div className="callback-request">
      <Button onClick={() => void ask()} loading={status.kind === 'pending'}>
        请药师回电
      </Button>
      {status.kind === 'failed' ? (
        <p className="callback-request__error" role="alert">
          {status.message}
        </p>
      ) : null}
    </div>
  );
}
