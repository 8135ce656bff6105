import { AccountSafetyCode } from '@anxin/shared/account/account.constants';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { resolveBackUrl } from '../../../lib/safe-back-url.ts';
import { saveLoginResult } from '../../../lib/token-store.ts';
import { useWithdrawClosure } from '../api/close-account.ts';

type Credentials = { phoneNum: string; smsCode: string };

const WithdrawClosureModal = lazy(async () => ({
  default: (await import('../components/withdraw-closure-modal.tsx')).WithdrawClosureModal,
}));

/**
 * For the SMS sign-in: when the server answers ACCOUNT_CLOSING (the account is in its cooling-off period),
 * `offer` opens a dialog offering 撤销注销申请; withdrawing signs the member in with the same code.
 */
export function useWithdrawClosurePrompt(): {
  offer: (error: unknown, credentials: Credentials) => boolean;
  dialog: ReactNode;
} {
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  // Stays rendered once opened, so that it closes with its animation.
  const [hasOpened, setHasOpened] = useState(false);
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const withdraw = useWithdrawClosure();

  const offer = (error: unknown, given: Credentials) => {
    if (!isApiError(error) || error.code !== AccountSafetyCode.accountClosing) return false;
    setHasOpened(true);
    setCredentials(given);
    return true;
  };

  const handleWithdraw = async () => {
    if (!credentials) return;
    try {
      saveLoginResult(await withdraw.mutateAsync(credentials));
      setCredentials(null);
      message.success('已撤销注销申请，欢迎回来');
      navigate(resolveBackUrl(searchParams.get('backurl')), { replace: true });
    } catch (error) {
      message.error(getErrorMessage(error));
    }
  };

  const dialog = hasOpened ? (
    <Suspense fallback={null}>
      <WithdrawClosureModal
        isOpen={credentials !== null}
        isWithdrawing={withdraw.isPending}
        onCancel={() => setCredentials(null)}
        onWithdraw={() => void handleWithdraw()}
      />
    </Suspense>
  ) : null;

  return { offer, dialog };
}
