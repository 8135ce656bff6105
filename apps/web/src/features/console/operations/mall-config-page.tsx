import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import {
  type MallConfig,
  type MallConfigKey,
  mallConfigGroupOf,
  mallConfigSchema,
} from '@anxin/shared/mall/mall-config';
import {
  MALL_CONFIG_FIELDS,
  MALL_CONFIG_FORM_KEYS,
  MALL_CONFIG_GROUP_NAME,
  mallConfigChangesSchema,
  mallConfigFieldMessage,
} from '@anxin/shared/staff/console-operations.contract';
import { Alert, Button, Collapse, Form, type FormInstance, Input, InputNumber, Skeleton, Switch } from 'antd';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { yuan } from '../../../lib/format.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { changesOf } from './mall-config-changes.ts';
import { useMallConfigForm, useSaveMallConfig } from './operations-api.ts';
import './operations.css';

const fieldShape = mallConfigChangesSchema.shape;
/** A text this long or longer is edited in a box of several lines. */
const LONG_TEXT = 100;

const SECTIONS: { title: string; keys: MallConfigKey[] }[] = [
  {
    title: MALL_CONFIG_GROUP_NAME['mall-global'],
    keys: MALL_CONFIG_FORM_KEYS.filter(
      (key) => mallConfigGroupOf(key) === 'mall-global' && !MALL_CONFIG_FIELDS[key].forOtherClients,
    ),
  },
  {
    title: MALL_CONFIG_GROUP_NAME['m-mall'],
    keys: MALL_CONFIG_FORM_KEYS.filter(
      (key) => mallConfigGroupOf(key) === 'm-mall' && !MALL_CONFIG_FIELDS[key].forOtherClients,
    ),
  },
];
const OTHER_CLIENT_KEYS = MALL_CONFIG_FORM_KEYS.filter((key) => MALL_CONFIG_FIELDS[key].forOtherClients);

/** A value as the page shows a default: flags in words, an empty text said so, money also in yuan. */
function shownValue(key: MallConfigKey, value: MallConfig[MallConfigKey]): string {
  if (typeof value === 'boolean') return value ? '开启' : '关闭';
  if (value === '') return '（空，不显示）';
  if (key === 'globalMaximumTotal') return `${value}（${yuan(value as number)}）`;
  return String(value);
}

/** A flag: the switch and its state in words beside it (开启 / 关闭). */
function FlagSwitch({
  checked,
  onChange,
  id,
}: {
  checked?: boolean;
  onChange?: (checked: boolean) => void;
  id?: string;
}) {
  return (
    <span className="mall-config__flag">
      <Switch id={id} checked={checked} onChange={onChange} />
      <span aria-hidden>{checked ? '开启' : '关闭'}</span>
    </span>
  );
}

function ConfigField({
  configKey,
  defaults,
  form,
}: {
  configKey: MallConfigKey;
  defaults: MallConfig;
  form: FormInstance<MallConfig>;
}) {
  const { label, help } = MALL_CONFIG_FIELDS[configKey];
  const fallback = defaults[configKey];
  const value = Form.useWatch(configKey, form);
  const schema = fieldShape[configKey];
  const isDefault = value === fallback || (typeof value === 'string' && value.trim() === fallback);
  const rules =
    typeof fallback === 'number'
      ? [{ required: true, message: mallConfigFieldMessage(configKey) }, zodRule(schema)]
      : [zodRule(schema)];
  const { maxLength } = mallConfigSchema.shape[configKey] as { maxLength?: number | null };

  const input =
    typeof fallback === 'boolean' ? (
      <FlagSwitch />
    ) : typeof fallback === 'number' ? (
      <InputNumber className="mall-config__number" precision={0} min={0} />
    ) : (maxLength ?? 0) >= LONG_TEXT ? (
      <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} showCount maxLength={maxLength ?? undefined} />
    ) : (
      <Input showCount={Boolean(maxLength)} maxLength={maxLength ?? 20} />
    );

  return (
    <Form.Item
      name={configKey}
      label={label}
      rules={rules}
      valuePropName={typeof fallback === 'boolean' ? 'checked' : 'value'}
      className="mall-config__field"
      extra={
        <span className="mall-config__extra">
          <span>{help}</span>
          <span className="mall-config__default">
            默认：{shownValue(configKey, fallback)}
            {isDefault ? null : (
              <Button
                type="link"
                size="small"
                className="mall-config__reset"
                aria-label={`${label}恢复默认`}
                onClick={() => form.setFields([{ name: configKey, value: fallback, errors: [] }])}
              >
                恢复默认
              </Button>
            )}
          </span>
        </span>
      }
    >
      {input}
    </Form.Item>
  );
}

/**
 * 商城配置: every key of the mall configuration as a form field with its default and 恢复默认 (each, or all);
 * 保存 sends only the keys changed, checked by the server as `npm run ops -- mall-config` checks them.
 */
export function MallConfigPage() {
  const config = useMallConfigForm();
  if (config.isError) return <Alert type="error" showIcon title={getErrorMessage(config.error)} />;
  if (!config.data) {
    return (
      <div className="card">
        <Skeleton active paragraph={{ rows: 12 }} />
      </div>
    );
  }
  return <MallConfigForm values={config.data.values} defaults={config.data.defaults} />;
}

function MallConfigForm({ values, defaults }: { values: MallConfig; defaults: MallConfig }) {
  const save = useSaveMallConfig();
  const { message } = useFeedback();
  const [form] = Form.useForm<MallConfig>();
  const watched = Form.useWatch([], form) as Partial<MallConfig> | undefined;
  const pendingCount = watched ? Object.keys(changesOf(watched, values, defaults)).length : 0;
  const handleSave = async () => {
    const changes = changesOf(form.getFieldsValue(true), values, defaults);
    if (Object.keys(changes).length === 0) return;
    try {
      const saved = await save.mutateAsync(changes);
      form.setFieldsValue(saved.values);
      message.success(`已保存 ${Object.keys(changes).length} 项配置，商城页面刷新后生效`);
    } catch (error) {
      if (isApiError(error) && error.fields.length) {
        form.setFields(error.fields.map((field) => ({ name: field.field as MallConfigKey, errors: [field.message] })));
      }
      message.error(getErrorMessage(error));
    }
  };

  const fields = (keys: MallConfigKey[]) =>
    keys.map((key) => <ConfigField key={key} configKey={key} defaults={defaults} form={form} />);

  return (
    <Form
      form={form}
      name="mall-config"
      layout="vertical"
      requiredMark={false}
      initialValues={values}
      onFinish={handleSave}
      className="console-page mall-config"
    >
      <section className="card mall-config__actions" aria-label="保存商城配置">
        <span className="console-muted" aria-live="polite">
          {pendingCount ? `有 ${pendingCount} 项修改未保存` : '修改后点击“保存修改”生效，商城页面刷新后可见'}
        </span>
        <span className="mall-config__buttons">
          <Button onClick={() => form.setFieldsValue(defaults)} icon={<UndoOutlined />}>
            全部恢复默认
          </Button>
          <Button onClick={() => form.resetFields()} disabled={!pendingCount}>
            撤销修改
          </Button>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SaveOutlined />}
            loading={save.isPending}
            disabled={!pendingCount}
          >
            保存修改
          </Button>
        </span>
      </section>
      {SECTIONS.map((section) => (
        <section key={section.title} className="card" aria-labelledby={`mall-config-${section.title}`}>
          <h2 id={`mall-config-${section.title}`} className="card__title mall-config__title">
            {section.title}
          </h2>
          <div className="mall-config__grid">{fields(section.keys)}</div>
        </section>
      ))}
      <Collapse
        className="mall-config__others"
        items={[
          {
            key: 'others',
            label: `其他客户端使用的配置（${OTHER_CLIENT_KEYS.length} 项，本网站不显示）`,
            forceRender: true,
            children: <div className="mall-config__grid">{fields(OTHER_CLIENT_KEYS)}</div>,
          },
        ]}
      />
    </Form>
  );
}
