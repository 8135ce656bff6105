import {
  bindConfirmMessage,
  bindSuccessMessage,
  isThirdType,
  loginTypeOfThirdType,
} from '@anxin/shared/account/third-party';
import { MSG } from '@anxin/shared/common/messages';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import {
  previewThirdBinding,
  type ThirdBindBody,
  type ThirdBindPreview,
  useBindThirdParty,
} from '../api/third-bindings.ts';

// The confirm dialog shows only when the member comes back from a provider's page: antd's Modal (about 8 KB) is
// fetched then, while the server names the account, instead of with every visit of the safety page.
const loadModal = () => import('antd/es/modal/index.js');
const Modal = lazy(loadModal);

/** Binding failures show the server's message, and on 500 服务异常，账号绑定失败. */
const bindErrorMessage = (error: unknown) =>
  isApiError(error) && error.status >= 500 ? MSG.bindServerError : getErrorMessage(error);

/**
 * The OAuth callback lands on the safety page when binding from it. isBind 1 says the account is linked
 * to another member. isBind 0 + ticket binds nothing yet: the server first checks that the ticket is this
 * member's own, made in this browser, and names the account; the member confirms it (确认) or not (取消).
 * The query is removed at once either way.
 */
export function ThirdBindCallback() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { message } = useFeedback();
  const bind = useBindThirdParty();
  const handledRef = useRef<string | null>(null);
  const [pending, setPending] = useState<{ body: ThirdBindBody; preview: ThirdBindPreview } | null>(null);
  // Once shown, the dialog stays mounted so that it closes with its animation.
  const [hasShownDialog, setHasShownDialog] = useState(false);

  useEffect(() => {
    const key = searchParams.toString();
    const isBind = searchParams.get('isBind');
    const oauthError = searchParams.get('oauthError');
    if ((isBind === null && oauthError === null) || handledRef.current === key) return;
    handledRef.current = key;
    const thirdType = Number(searchParams.get('thirdType'));
    const ticket = searchParams.get('ticket');
    setSearchParams({}, { replace: true });
    if (oauthError) {
      message.warning(MSG.oauthDenied);
    } else if (isBind === '1') {
      message.error(MSG.thirdAccountTaken);
    } else if (isBind === '0' && ticket && isThirdType(thirdType)) {
      void loadModal();
      const body = { loginName: ticket, loginType: loginTypeOfThirdType(thirdType) };
      previewThirdBinding(body)
        .then((preview) => {
          setPending({ body, preview });
          setHasShownDialog(true);
        })
        .catch((error: unknown) => message.error(bindErrorMessage(error)));
    }
  }, [searchParams, setSearchParams, message]);

  const handleConfirm = async () => {
    if (!pending) return;
    try {
      await bind.mutateAsync(pending.body);
      message.success(bindSuccessMessage(pending.preview.type));
    } catch (error) {
      message.error(bindErrorMessage(error));
    } finally {
      setPending(null);
    }
  };

  if (!hasShownDialog) return null;
  return (
    <Suspense fallback={null}>
      <Modal
        open={pending !== null}
        title="确认绑定"
        width={420}
        centered
        okText="确认"
        cancelText="取消"
        confirmLoading={bind.isPending}
        onOk={() => void handleConfirm()}
        onCancel={() => setPending(null)}
        maskClosable={false}
        destroyOnHidden
      >
        <p>{pending ? bindConfirmMessage(pending.preview.type, pending.preview.nickname) : null}</p>
      </Modal>
    </Suspense>
  );
}
