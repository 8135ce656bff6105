import { maskPhone } from '@anxin/shared/common/phone';
import type { MemberRow } from './account.schema.ts';

export const DEFAULT_AVATAR_PATH = '/web-gateway/v2/member/default-avatar.svg';

/** Avatars without a scheme live on the avatar host; an empty avatar shows the default. */
export function avatarUrl(avatar: string | null, avatarHost: string) {
  if (!avatar) return DEFAULT_AVATAR_PATH;
  if (/^[a-z][a-z0-9+.-]*:/i.test(avatar) || avatar.startsWith('/')) return avatar;
  return `${avatarHost}${avatar}`;
}

/** The user-info shape (GET /v2/member/vo). */
export function toUserInfo(member: MemberRow, avatarHost: string) {
  return {
    accountId: member.id,
    nickName: member.nickname,
    memberName: member.memberName,
    avatar: avatarUrl(member.avatar, avatarHost),
    sex: member.sex,
    commonDrugs: member.commonDrugs,
    allergyDrugs: member.allergyDrugs,
    diseaseHistory: member.diseaseHistory,
    birthday: member.birthday,
    height: member.height,
    weight: member.weight,
    jobNature: member.jobNature,
    maritalStatus: member.maritalStatus,
    revenues: member.revenues,
    phoneStr: member.phone ? maskPhone(member.phone) : null,
    email: member.email,
    elderlyMode: member.elderlyMode,
  };
}
