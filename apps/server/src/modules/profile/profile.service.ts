import { MSG } from '@anxin/shared/common/messages';
import type { ProfileBody } from '@anxin/shared/profile/profile.schemas';
import { isBirthdayAfter } from '@anxin/shared/profile/profile.schemas';
import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, notSignedIn } from '../../platform/errors.ts';
import { avatarUrl, findMemberById, toUserInfo } from '../account/account.module.ts';
import { findMemberUpload } from '../uploads/uploads.module.ts';
import { updateElderlyMode, updateMemberProfile } from './profile.repository.ts';
import { shopDate } from './profile.rules.ts';

export function createProfileService(deps: { db: Executor; clock: Clock; avatarHost: string }) {
  const { db, clock, avatarHost } = deps;

  /**
   * The avatar to store for what the page sent: absent or unchanged keeps the current one; otherwise it must
   * be the url (or storage name) of one of this member's own uploads, stored as the bare name (the avatar host
   * is added when answering). Anything else (a foreign URL, another member's file) is refused.
   */
  async function resolveAvatar(memberId: number, current: string | null, sent: string | null | undefined) {
    if (sent === undefined || sent === null || sent === '') return undefined;
    if (sent === current || sent === avatarUrl(current, avatarHost)) return undefined;
    const name = sent.startsWith(avatarHost) ? sent.slice(avatarHost.length) : sent;
    if (!(await findMemberUpload(db, memberId, name))) throw badRequest(MSG.avatarInvalid, 'avatar');
    return name;
  }

  return {
    async updateProfile(memberId: number, body: ProfileBody) {
      const member = await findMemberById(db, memberId);
      if (!member || member.status === 'closed') throw notSignedIn();
      const now = clock.now();
      if (isBirthdayAfter(body.birthday, shopDate(now))) throw badRequest(MSG.birthdayInFuture, 'birthday');
      const avatar = await resolveAvatar(memberId, member.avatar, body.avatar);
      const updated = await updateMemberProfile(db, memberId, {
        sex: body.sex,
        birthday: body.birthday,
        nickname: body.nickName,
        ...(avatar === undefined ? {} : { avatar }),
        updatedAt: now,
      });
      return toUserInfo(updated, avatarHost);
    },

    async setElderlyMode(memberId: number, elderlyMode: boolean) {
      const member = await findMemberById(db, memberId);
      if (!member || member.status === 'closed') throw notSignedIn();
      const updated = await updateElderlyMode(db, memberId, elderlyMode, clock.now());
      return toUserInfo(updated, avatarHost);
    },
  };
}
