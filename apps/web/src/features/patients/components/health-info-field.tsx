import {
  EMPTY_HEALTH_INFO,
  HEALTH_ITEM_OPTIONS,
  HEALTH_ITEM_TEXT,
  HEALTH_ITEMS,
  HEALTH_OTHER_MAX_LENGTH,
  type HealthInfo,
  type HealthItem,
} from '@anxin/shared/patients/patient.contract';
import { Button, Input, Modal, Radio, Tag } from 'antd';
import { useState } from 'react';
import { healthItemsMissingDetail, normaliseHealthInfo, summariseHealthInfo } from '../lib/health-info.ts';

const YES_NO = [
  { label: '无', value: 0 },
  { label: '有', value: 1 },
];

type HealthInfoFieldProps = { value?: HealthInfo; onChange?: (value: HealthInfo) => void };

/** The form's 健康信息 field: a summary and a button that opens the dialog; the dialog's 确定 sets the value. */
export function HealthInfoField({ value = EMPTY_HEALTH_INFO, onChange }: HealthInfoFieldProps) {
  const [draft, setDraft] = useState<HealthInfo | null>(null);
  const [missing, setMissing] = useState<HealthItem[]>([]);
  const summary = summariseHealthInfo(value);

  const open = () => {
    setDraft(value);
    setMissing([]);
  };
  const setItem = (item: HealthItem, patch: Partial<HealthInfo[HealthItem]>) => {
    setDraft((current) => (current ? { ...current, [item]: { ...current[item], ...patch } } : current));
    setMissing((current) => current.filter((name) => name !== item));
  };
  const toggleLabel = (item: HealthItem, label: string, isChecked: boolean) => {
    if (!draft) return;
    const labels = draft[item].labels;
    setItem(item, { labels: isChecked ? [...labels, label] : labels.filter((name) => name !== label) });
  };
  const confirm = () => {
    if (!draft) return;
    const lacking = healthItemsMissingDetail(draft);
    if (lacking.length > 0) {
      setMissing(lacking);
      return;
    }
    onChange?.(normaliseHealthInfo(draft));
    setDraft(null);
  };

  return (
    <div className="health-field">
      <span className={summary ? 'health-field__summary' : 'health-field__summary health-field__summary--empty'}>
        {summary || '未填写（各项默认为“无”）'}
      </span>
      <Button onClick={open} size="small" className="health-field__edit">
        {summary ? '修改健康信息' : '填写健康信息'}
      </Button>
      <Modal
        open={draft !== null}
        title="健康信息"
        width={640}
        okText="确定"
        cancelText="取消"
        onOk={confirm}
        onCancel={() => setDraft(null)}
        maskClosable={false}
        destroyOnHidden
        className="health-modal"
      >
        {draft ? (
          <div className="health-form">
            <p className="health-form__intro">请如实填写，药师审核处方时会参考这些信息。</p>
            {HEALTH_ITEMS.map((item) => (
              <fieldset key={item} className="health-form__item" data-testid={`health-${item}`}>
                <legend className="health-form__legend">{HEALTH_ITEM_TEXT[item]}</legend>
                <Radio.Group
                  options={YES_NO}
                  value={draft[item].status}
                  onChange={(event) => setItem(item, { status: event.target.value })}
                  aria-label={HEALTH_ITEM_TEXT[item]}
                />
                {draft[item].status === 1 ? (
                  <div className="health-form__detail">
                    <div className="health-form__tags">
                      {HEALTH_ITEM_OPTIONS[item].map((label) => (
                        <Tag.CheckableTag
                          key={label}
                          checked={draft[item].labels.includes(label)}
                          onChange={(isChecked) => toggleLabel(item, label, isChecked)}
                          className="health-form__tag"
                        >
                          {label}
                        </Tag.CheckableTag>
                      ))}
                    </div>
                    <Input
                      placeholder="其他（选填）"
                      value={draft[item].other}
                      maxLength={HEALTH_OTHER_MAX_LENGTH}
                      showCount
                      onChange={(event) => setItem(item, { other: event.target.value })}
                      aria-label={`${HEALTH_ITEM_TEXT[item]}其他`}
                    />
                    {missing.includes(item) ? (
                      <p className="health-form__error" role="alert">
                        请选择或填写{HEALTH_ITEM_TEXT[item]}
                      </p>
                    ) : null}
                  </div>
                ) : null}
              </fieldset>
            ))}
            <div className="health-form__habits">
              <div className="health-form__habit">
                <span className="health-form__legend">吸烟</span>
                <Radio.Group
                  options={YES_NO}
                  value={draft.smoking}
                  onChange={(event) => setDraft({ ...draft, smoking: event.target.value })}
                  aria-label="吸烟"
                />
              </div>
              <div className="health-form__habit">
                <span className="health-form__legend">饮酒</span>
                <Radio.Group
                  options={YES_NO}
                  value={draft.drinking}
                  onChange={(event) => setDraft({ ...draft, drinking: event.target.value })}
                  aria-label="饮酒"
                />
              </div>
            </div>
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
