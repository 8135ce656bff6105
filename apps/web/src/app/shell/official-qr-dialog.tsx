import { Modal } from 'antd';
import './official-qr-dialog.css';

/** The QR image of the official account, served by the API. */
const OFFICIAL_ACCOUNT_QR_URL = '/web-gateway/v2/mall/official-account-qr.svg';

/** Opened from the footer's 官方公众号; its own script part, loaded on the first click. */
export function OfficialQrDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Modal
      title="扫码关注官方公众号"
      open={isOpen}
      onCancel={onClose}
      footer={null}
      width={340}
      centered
      destroyOnHidden
    >
      <div className="official-qr">
        <img src={OFFICIAL_ACCOUNT_QR_URL} alt="安心大药房官方公众号二维码" width={220} height={220} />
        <p>微信扫一扫，关注安心大药房</p>
      </div>
    </Modal>
  );
}
