import { SaveOutlined } from '@ant-design/icons';
import { MSG } from '@anxin/shared/common/messages';
import { DEFAULT_RX_ORDER_SETTINGS, type RxOrderSettings } from '@anxin/shared/inquiry/inquiry.contract';
import { RX_RULE_TYPE_MAX, RX_SETTING_LABEL, rxSettingsChangeSchema } from '@anxin/shared/staff/console-rx.contract';
import { Alert, Button, Form, InputNumber, Skeleton, Switch } from 'antd';
import { useEffect } from 'react';
import { useFeedback } from '../../../../app/feedback.tsx';
import { getErrorMessage, isApiError } from '../../../../lib/api-client.ts';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { useRxSettings, useSaveRxSettings } from '../api/rx-settings.ts';
import '../rx-tools.css';

type SettingKey = keyof RxOrderSettings;
const SWITCHES: SettingKey[] = [
  'isDrugUserInfoNeed',
  'isNeedUserValidation',
  'isDiseaseRequired',
  'isPrescriptionImageRequired',
];
const RULE_TYPES: SettingKey[] = [
  'strictControlRxRuleType',
  'noStrictControlRxRuleType',
  'orderStrictControlRxRuleType',
  'prepositionCheckType',
];
const shape = rxSettingsChangeSchema.shape;
const defaultText = (key: SettingKey) => {
  const value = DEFAULT_RX_ORDER_SETTINGS[key];
  return `默认：${typeof value === 'boolean' ? (value ? '开启' : '关闭') : value}`;
};

/**
 * 处方设置: the Rx order settings the inquiry page and the server read on every call (as `npm run ops --
 * rx-settings`), each with its default; only what was changed is sent, and the server's answer is shown.
 */
export function RxSettingsPage() {
  const settings = useRxSettings();
  const save = useSaveRxSettings();
  const { message } = useFeedback();
  const [form] = Form.useForm<RxOrderSettings>();

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  const handleSave = async (values: RxOrderSettings) => {
    const current = settings.data;
    if (!current) return;
    const change = Object.fromEntries(
      (Object.keys(values) as SettingKey[])
        .filter((key) => values[key] !== current[key])
        .map((key) => [key, values[key]]),
    );
    if (Object.keys(change).length === 0) {
      message.info(MSG.rxSettingsNothingChanged);
      return;
    }
    try {
      await save.mutateAsync(change);
      message.success('处方设置已保存');
    } catch (error) {
      if (isApiError(error)) {
        const isSetting = (field: string): field is SettingKey => field in DEFAULT_RX_ORDER_SETTINGS;
        form.setFields(
          error.fields.flatMap(({ field, message: text }) =>
            isSetting(field) ? [{ name: field, errors: [text] }] : [],
          ),
        );
      }
      message.error(getErrorMessage(error));
    }
  };

  return (
    <div className="console-page">
      <section className="card" aria-labelledby="rx-settings-title">
        <h2 id="rx-settings-title" className="card__title rx-tools__title">
          处方订单设置
        </h2>
        <p className="console-muted rx-tools__note">问诊页面和下单校验每次都读取这里的设置，保存后立即生效。</p>
        {settings.isError ? <Alert type="error" showIcon title={getErrorMessage(settings.error)} /> : null}
        {settings.isPending ? (
          <Skeleton active />
        ) : (
          <Form form={form} name="console-rx-settings" layout="vertical" requiredMark={false} onFinish={handleSave}>
            <fieldset className="rx-tools__group">
              <legend>问诊要求</legend>
              {SWITCHES.map((key) => (
                <Form.Item
                  key={key}
                  name={key}
                  label={RX_SETTING_LABEL[key]}
                  valuePropName="checked"
                  extra={defaultText(key)}
                  rules={[zodRule(shape[key])]}
                  className="rx-tools__setting"
                >
                  <Switch checkedChildren="开启" unCheckedChildren="关闭" />
                </Form.Item>
              ))}
            </fieldset>
            <fieldset className="rx-tools__group">
              <legend>规则类型</legend>
              {RULE_TYPES.map((key) => (
                <Form.Item
                  key={key}
                  name={key}
                  label={RX_SETTING_LABEL[key]}
                  extra={`${defaultText(key)}，可填0到${RX_RULE_TYPE_MAX}`}
                  rules={[{ required: true, message: MSG.rxSettingRuleTypeInvalid }, zodRule(shape[key])]}
                  className="rx-tools__setting"
                >
                  <InputNumber min={0} max={RX_RULE_TYPE_MAX} precision={0} />
                </Form.Item>
              ))}
            </fieldset>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
              保存设置
            </Button>
          </Form>
        )}
      </section>
    </div>
  );
}
