import { nicknameSchema } from '@anxin/shared/account/account.schemas';
import { MSG } from '@anxin/shared/common/messages';
import { BIRTHDAY_MIN_YEAR, birthdaySchema, SEX_OPTIONS, sexSchema } from '@anxin/shared/profile/profile.schemas';
import { Button, DatePicker, Form, Input, Radio, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useFeedback } from '../../../app/feedback.tsx';
import { getFailureMessage, isApiError } from '../../../lib/api-client.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { type MemberVo, useMemberVo } from '../api/get-member-vo.ts';
import { useUpdateMemberVo } from '../api/update-member-vo.ts';
import { AvatarUploader } from '../components/avatar-uploader.tsx';
import '../profile.css';
import '../../../lib/dayjs-zh-cn.ts';

type ProfileValues = { avatar: string | null; nickName: string; sex?: number; birthday?: Dayjs | null };

const NICKNAME_MAX_LENGTH = 20;
const DATE_FORMAT = 'YYYY-MM-DD';
/** The picker offers the years 1900 to the current one, and no day after today. */
const FIRST_BIRTHDAY = dayjs(`${BIRTHDAY_MIN_YEAR}-01-01`);

/** The form holds a dayjs; the shared rule reads the date as the server gets it. */
const birthdayFormRule = {
  validator: async (_rule: unknown, value: Dayjs | null | undefined) => {
    const result = birthdaySchema.safeParse(value ? value.format(DATE_FORMAT) : '');
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
};

function toFormValues(member: MemberVo): ProfileValues {
  const sex = Number(member.sex);
  const birthday = member.birthday ? dayjs(member.birthday) : null;
  return {
    avatar: member.avatar,
    nickName: member.nickName ?? '',
    sex: sex === 1 || sex === 2 ? sex : undefined,
    birthday: birthday?.isValid() ? birthday : null,
  };
}

/** Server field errors on their inputs (the form's names are the API's). */
function showFieldErrors(form: ReturnType<typeof Form.useForm<ProfileValues>>[0], error: unknown) {
  if (!isApiError(error)) return;
  const known = new Set(['avatar', 'nickName', 'sex', 'birthday']);
  form.setFields(
    error.fields
      .filter((field) => known.has(field.field))
      .map((field) => ({ name: field.field as keyof ProfileValues, errors: [field.message] })),
  );
}

function ProfileForm({ member }: { member: MemberVo }) {
  const [form] = Form.useForm<ProfileValues>();
  const { message } = useFeedback();
  const save = useUpdateMemberVo();
  const [savedAvatar, setSavedAvatar] = useState(member.avatar);
  const avatar = Form.useWatch('avatar', form);

  useEffect(() => {
    setSavedAvatar(member.avatar);
  }, [member.avatar]);

  const handleFinish = async (values: ProfileValues) => {
    try {
      const saved = await save.mutateAsync({
        sex: values.sex as 1 | 2,
        birthday: (values.birthday as Dayjs).format(DATE_FORMAT),
        nickName: values.nickName.trim(),
        ...(values.avatar && values.avatar !== savedAvatar ? { avatar: values.avatar } : {}),
      });
      setSavedAvatar(saved.avatar);
      form.setFieldsValue({ avatar: saved.avatar, nickName: saved.nickName });
      message.success('保存成功');
    } catch (error) {
      showFieldErrors(form, error);
      message.error(getFailureMessage(error, MSG.profileSubmitFailed));
    }
  };

  return (
    <Form
      form={form}
      name="profile"
      layout="horizontal"
      labelCol={{ flex: '96px' }}
      wrapperCol={{ flex: '1' }}
      colon={false}
      requiredMark={false}
      initialValues={toFormValues(member)}
      onFinish={handleFinish}
      className="profile-form"
    >
      <Form.Item label="头像" name="avatar" className="profile-form__avatar">
        <AvatarUploader isPending={Boolean(avatar) && avatar !== savedAvatar} />
      </Form.Item>
      <Form.Item label="手机号">
        <span className="profile-form__static">{member.phoneStr ?? '未绑定'}</span>
      </Form.Item>
      <Form.Item
        label="昵称"
        name="nickName"
        rules={[zodRule(nicknameSchema)]}
        extra="4-20位中文、数字、字母、下划线或横线"
        validateTrigger="onBlur"
      >
        <Input placeholder="请输入昵称" maxLength={NICKNAME_MAX_LENGTH} showCount autoComplete="nickname" />
      </Form.Item>
      <Form.Item label="性别" name="sex" rules={[zodRule(sexSchema)]}>
        <Radio.Group options={SEX_OPTIONS.map((option) => ({ ...option }))} />
      </Form.Item>
      <Form.Item label="生日" name="birthday" rules={[birthdayFormRule]}>
        <DatePicker
          placeholder="请选择生日"
          format={DATE_FORMAT}
          minDate={FIRST_BIRTHDAY}
          maxDate={dayjs()}
          defaultPickerValue={dayjs('1990-01-01')}
          inputReadOnly
          className="profile-form__date"
        />
      </Form.Item>
      <Form.Item label=" " className="profile-form__actions">
        <Button type="primary" htmlType="submit" loading={save.isPending} className="profile-form__submit">
          保存
        </Button>
      </Form.Item>
    </Form>
  );
}

/**
 * /user/personal/addInfo/:type: of the tabs info, phone and pwd only the profile tab is shown, whatever
 * the type says. One tab that never changes: a tab strip drawn like antd's Tabs (profile.css) instead of
 * antd's, whose overflow menu and dropdown the page would download for one title.
 */
export function ProfilePage() {
  const { data: member, isPending, isError, refetch } = useMemberVo();

  let body = <Skeleton active avatar paragraph={{ rows: 5 }} />;
  if (isError)
    body = (
      <div className="card__empty">
        资料暂时无法获取，
        <Button type="link" onClick={() => refetch()} className="profile-retry">
          点击重试
        </Button>
      </div>
    );
  else if (!isPending && member) body = <ProfileForm key={member.accountId} member={member} />;

  return (
    <section className="card profile-page">
      <div role="tablist" className="profile-tabs">
        <div
          role="tab"
          id="profile-tab-info"
          aria-selected="true"
          aria-controls="profile-tabpanel-info"
          tabIndex={0}
          className="profile-tabs__tab"
        >
          个人资料
        </div>
      </div>
      <div role="tabpanel" id="profile-tabpanel-info" aria-labelledby="profile-tab-info">
        {body}
      </div>
    </section>
  );
}
