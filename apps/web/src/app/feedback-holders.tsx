import { Modal, message, notification } from 'antd';
import { useEffect } from 'react';
import type { Feedback } from './feedback.tsx';

/** What antd's `App` renders for its three hooks; loaded by FeedbackProvider when first needed. */
export function FeedbackHolders({ onReady }: { onReady: (api: Feedback) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();

  useEffect(() => {
    onReady({ message: messageApi, notification: notificationApi, modal: modalApi });
  }, [onReady, messageApi, notificationApi, modalApi]);

  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
