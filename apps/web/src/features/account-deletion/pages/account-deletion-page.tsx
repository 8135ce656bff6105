import { ExclamationCircleFilled, MobileOutlined } from '@ant-design/icons';
import { ACCOUNT_CLOSING_COOLING_OFF_DAYS } from '@anxin/shared/account/account-safety.schemas';
import { MSG } from '@anxin/shared/common/messages';
import { PHONE_MAX_LENGTH, phoneSchema } from '@anxin/shared/common/phone';
import { Button, Checkbox, Form, Input, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { Link, useNavigate } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/token-store.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useAccount } from '../../account/index.ts';
import { useApplyForClosure } from '../api/close-account.ts';
import '../account-deletion.css';
import { SmsCodeField } from '../../auth/index.ts';

type DeletionValues = { phoneNum: string; validCode: string; isAware: boolean };

const CONSEQUENCES = [
  '账号将无法登录和使用，绑定的手机号、QQ、微信、支付宝、微博账号将全部解除绑定；',
  '个人资料、收货地址、购物车等个人信息将被删除，且无法恢复；',
  '账号中未使用的健康补贴、红包和健康币将全部作废；',
  '订单与处方记录将依照法律规定保存，但不再与您的个人身份关联；',
  `提交后有${ACCOUNT_CLOSING_COOLING_OFF_DAYS}天冷静期，期间使用短信验证码登录可撤销注销申请；冷静期结束后账号正式注销，手机号可重新注册。`,
];

/** /user/account/delete (DeleteAccount, lazy): the consequences, the bound phone's SMS code, closeapply. */
export function AccountDeletionPage() {
  const [form] = Form.useForm<DeletionValues>();
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const account = useAccount();
  const apply = useApplyForClosure();
  const isAware = Form.useWatch('isAware', form) === true;
  const maskedPhone = account.data?.phoneStr;

  const submit = async (values: DeletionValues) => {
    try {
      const { finishAt } = await apply.mutateAsync({
        phoneNum: values.phoneNum.trim(),
        validCode: values.validCode.trim(),
      });
      modal.success({
        title: '注销申请已提交',
        content: `您已退出所有设备。账号将于 ${dayjs(finishAt).format('YYYY年M月D日 HH:mm')} 正式注销，在此之前使用短信验证码登录可撤销注销申请。`,
        okText: '知道了',
        onOk: () => navigate('/', { replace: true }),
      });
      // Every sign-in ended on the server; this page forgets the tokens too.
      clearSession('logout');
    } catch (error) {
      const fieldError = isApiError(error)
        ? error.fields.find((field): field is { field: 'phoneNum' | 'validCode'; message: string } =>
            ['phoneNum', 'validCode'].includes(field.field),
          )
        : undefined;
      if (fieldError) {
        form.setFields([{ name: fieldError.field, errors: [fieldError.message] }]);
        return;
      }
      message.error(getErrorMessage(error));
    }
  };

  const handleFinish = (values: DeletionValues) => {
    modal.confirm({
      title: '确定注销账号吗？',
      icon: <ExclamationCircleFilled />,
      content: `提交后将立即退出所有设备，${ACCOUNT_CLOSING_COOLING_OFF_DAYS}天后账号正式注销。`,
      okText: '确定注销',
      okButtonProps: { danger: true },
      cancelText: '再想想',
      onOk: () => submit(values),
    });
  };

  return (
    <section className="card account-deletion">
      <div className="card__header">
        <h2 className="card__title">注销账号</h2>
        <Link to="/user/personal/safe" className="card__more">
          返回账户安全
        </Link>
      </div>
      <div className="account-deletion__warning">
        <ExclamationCircleFilled />
        <div>
          <strong>注销账号是不可恢复的操作，请您谨慎操作</strong>
          <p>为保障您的账户安全，注销前请确认账号内没有未完成的订单、退款或售后服务。</p>
        </div>
      </div>
      <h3 className="account-deletion__heading">注销后，您将：</h3>
      <ol className="account-deletion__list">
        {CONSEQUENCES.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ol>

      <h3 className="account-deletion__heading">身份验证</h3>
      {account.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : !maskedPhone ? (
        <p className="account-deletion__no-phone">
          {MSG.closeNeedsPhone}，以便验证身份。<Link to="/user/bind/phone/edit">去绑定手机号</Link>
        </p>
      ) : (
        <Form
          form={form}
          name="account-deletion"
          layout="horizontal"
          labelCol={{ flex: '110px' }}
          wrapperCol={{ flex: '380px' }}
          requiredMark={false}
          validateTrigger="onBlur"
          initialValues={{ isAware: false }}
          onFinish={handleFinish}
          className="account-deletion__form"
        >
          <Form.Item label="绑定手机">
            <span className="account-deletion__phone">{maskedPhone}</span>
          </Form.Item>
          <Form.Item label="手机号" name="phoneNum" rules={[zodRule(phoneSchema)]}>
            <Input
              prefix={<MobileOutlined />}
              placeholder="请输入当前账号绑定的手机号"
              maxLength={PHONE_MAX_LENGTH}
              inputMode="tel"
            />
          </Form.Item>
          <SmsCodeField
            name="validCode"
            label="短信验证码"
            purpose="closeAccount"
            phoneField="phoneNum"
            buttonSize="middle"
          />
          <Form.Item label=" " colon={false} name="isAware" valuePropName="checked">
            <Checkbox>我已阅读并知晓以上注销须知，自愿注销该账号</Checkbox>
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <div className="account-deletion__actions">
              <Button type="primary" danger htmlType="submit" disabled={!isAware} loading={apply.isPending}>
                申请注销
              </Button>
              <Link to="/user/personal/safe">
                <Button>暂不注销</Button>
              </Link>
            </div>
          </Form.Item>
        </Form>
      )}
    </section>
  );
}
