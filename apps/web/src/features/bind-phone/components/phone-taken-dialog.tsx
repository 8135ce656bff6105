import { LinkOutlined, MobileOutlined } from '@ant-design/icons';
import { maskPhone } from '@anxin/shared/common/phone';
import { Button, Modal } from 'antd';

export type PhoneTakenDialogProps = {
  phone: string | null;
  isLinking: boolean;
  onLink: () => void;
  onChoosePhone: () => void;
};

/** A registered phone: link the two accounts, or bind another phone (ui-text: phone taken dialog). */
export function PhoneTakenDialog({ phone, isLinking, onLink, onChoosePhone }: PhoneTakenDialogProps) {
  return (
    <Modal
      open={phone !== null}
      title="该手机号已注册"
      width={460}
      centered
      footer={null}
      onCancel={onChoosePhone}
      maskClosable={false}
      destroyOnHidden
    >
      <p className="phone-taken__text">
        手机号 <strong>{phone ? maskPhone(phone) : ''}</strong>{' '}
        已是安心大药房会员。关联后，可使用该手机号和当前方式登录同一个账号。
      </p>
      <div className="phone-taken__options">
        <Button type="primary" size="large" block className="phone-taken__link" loading={isLinking} onClick={onLink}>
          <LinkOutlined />
          <span className="phone-taken__label">
            关联账号<small>（将合并订单、补贴、红包、积分、个人信息和收货地址）</small>
          </span>
        </Button>
        <Button size="large" block onClick={onChoosePhone} disabled={isLinking}>
          <MobileOutlined />
          绑定新手机号
        </Button>
      </div>
    </Modal>
  );
}
